"""Matchstick Tycoon: the rules engine (no widgets here).

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=3, seed=1)
>>> len(g.hand(g.to_move))
15
"""

from .bots import GreedyBot
from .engine import MatchstickTycoon, Observation, Options, deal
from .moves import DISCARD, PASS, Move, parse_move
from .position import Position, Table

__all__ = [
    "DISCARD",
    "PASS",
    "GreedyBot",
    "MatchstickTycoon",
    "Move",
    "Observation",
    "Options",
    "Position",
    "Table",
    "deal",
    "parse_move",
]
