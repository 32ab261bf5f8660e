"""Jupyter widgets (anywidget): cards, hands and the shared event-only base.

>>> from tabletop_widgets.widgets import CardWidget
>>> CardWidget(face="1", turned=True, added="ag").value
'F'
"""

from .base import EventWidget, Refused, handles
from .card import CardState, CardWidget
from .hand import HandWidget

__all__ = ["CardState", "CardWidget", "EventWidget", "HandWidget", "Refused", "handles"]
