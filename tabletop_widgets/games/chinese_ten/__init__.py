"""Chinese Ten (and its Thai variant Red Frog Black Frog): the rules engine.

No widgets here.  Rules: ``CT-1`` .. ``CT-6``; notation: docs/chinese_ten_notation.md.

>>> from tabletop_widgets.games.chinese_ten import ChineseTen
>>> g = ChineseTen.new(players=3, seed=1, target=None)
>>> len(g.hand(g.to_move)), g.phase
(8, 'hand')
"""

from .bots import GreedyBot, RandomBot
from .cards import FULL_DECK, Card, deal_total, points, shuffled_deck
from .engine import ChineseTen, Event, Observation, Result, apply_move, deal
from .moves import Move, parse_move
from .position import Options, Position, capture_options

__all__ = [
    "FULL_DECK",
    "Card",
    "ChineseTen",
    "Event",
    "GreedyBot",
    "Move",
    "Observation",
    "Options",
    "Position",
    "RandomBot",
    "Result",
    "apply_move",
    "capture_options",
    "deal",
    "deal_total",
    "parse_move",
    "points",
    "shuffled_deck",
]
