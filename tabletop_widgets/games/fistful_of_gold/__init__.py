"""A Fistful of Gold: a two-player duel of secret, simultaneous card choices.

Rules ids FG-1..FG-4 follow the project's rules page; every reading marked
"(interpretation)" there is an :class:`Options` field (see
``docs/fistful_of_gold_notation.md``).

>>> game = FistfulOfGold.new(hands="fresh")
>>> for seat in (0, 1):
...     _ = game.commit(seat, game.legal_moves(seat)[0])
>>> game.position.phase
'duel'
"""

from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, GREEN, PINK, Card, deck
from tabletop_widgets.games.fistful_of_gold.engine import FistfulOfGold, Observation
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Move, Play, Reclaim, parse_move
from tabletop_widgets.games.fistful_of_gold.position import (
    DuelResult,
    Options,
    Position,
    Result,
)

__all__ = [
    "COLOURS",
    "GREEN",
    "PINK",
    "Card",
    "Discard",
    "DuelResult",
    "FistfulOfGold",
    "Move",
    "Observation",
    "Options",
    "Play",
    "Position",
    "Reclaim",
    "Result",
    "deck",
    "parse_move",
]
