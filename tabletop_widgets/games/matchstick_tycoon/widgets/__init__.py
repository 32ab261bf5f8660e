"""Matchstick Tycoon widgets: the seven-segment card, the hand, the table, the what-if panel.

Each is an anywidget with its own JS and CSS file named after it; the board
(``game.widget()``: the table above the hand of the seat to move) is built from
the table and the hand.  Widgets that make moves hand them to ``on_move``
callbacks.

>>> from tabletop_widgets.games.matchstick_tycoon.widgets import CardWidget
>>> CardWidget(face="1", turned=True, added="ag").value
'F'

The what-if panel (``whatif_panel.WhatIfPanel``) is imported on demand: it
pulls in the simulation layer.
"""

from .board import MatchstickTycoonBoard
from .card import CardState, CardWidget
from .hand import HandWidget
from .table import MatchstickTycoonTable

__all__ = [
    "CardState",
    "CardWidget",
    "HandWidget",
    "MatchstickTycoonBoard",
    "MatchstickTycoonTable",
]
