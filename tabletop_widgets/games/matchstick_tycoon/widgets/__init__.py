"""Matchstick Tycoon widgets: the seven-segment card, the hand, the table, the what-if panel.

Each is an anywidget with its own JS and CSS file named after it.

>>> from tabletop_widgets.games.matchstick_tycoon.widgets import CardWidget
>>> CardWidget(face="1", turned=True, added="ag").value
'F'

The what-if panel (``whatif_panel.WhatIfPanel``) is imported on demand: it
pulls in the simulation layer.
"""

from .card import CardState, CardWidget
from .hand import HandWidget
from .table import TycoonTable

__all__ = ["CardState", "CardWidget", "HandWidget", "TycoonTable"]
