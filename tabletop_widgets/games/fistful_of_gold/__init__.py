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

from tabletop_widgets.core.bots import RandomBot as _RandomBot
from tabletop_widgets.core.registry import GameInfo, Page

from .bots import EquilibriumBot, GreedyBot


def _picture() -> str:
    from .render import row_svg

    return row_svg([Card("pink", "7"), Card("green", "D"), Card("green", "3")], width=60)


INFO = GameInfo(
    key="fistful_of_gold", title="A Fistful of Gold", engine=FistfulOfGold,
    pitch="A duel of secret choices: close cards reward the higher, far ones the lower.",
    pages=(Page("tutorial", "Tutorial", "duels, the +1 rule, the special cards"),
           Page("play", "Play", "against a bot or a friend at one screen"),
           Page("sandbox", "Sandbox", "payoff matrices and the equilibrium")),
    option_sets=({}, {"hands": "fresh"}),
    bots={"random": _RandomBot, "greedy": GreedyBot, "equilibrium": EquilibriumBot},
    levels={"easy": "random", "medium": "greedy"},
    picture=_picture, players=(2, 2),
)
