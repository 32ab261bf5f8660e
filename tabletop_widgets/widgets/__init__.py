"""Jupyter widgets (anywidget): cards, hands, game tables, the replay stepper.

>>> from tabletop_widgets.widgets import CardWidget
>>> CardWidget(face="1", turned=True, added="ag").value
'F'

Game tables: ``tycoon_table.TycoonTable``, ``chinese_ten_table.ChineseTenTable``,
``fistful_table.FistfulTable``; the what-if panel is ``whatif_panel.WhatIfPanel``
(imported on demand: it pulls in the simulation layer).
"""

from .base import EventWidget, Refused, handles
from .card import CardState, CardWidget
from .hand import HandWidget
from .hotseat import HotSeatGate
from .lazy import LazySection
from .stepper import ReplayStepper
from .tycoon_table import TycoonTable

__all__ = [
    "CardState",
    "CardWidget",
    "EventWidget",
    "HandWidget",
    "HotSeatGate",
    "LazySection",
    "Refused",
    "ReplayStepper",
    "TycoonTable",
    "handles",
]
