"""Matchstick Tycoon: the rules engine (no widgets here).

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=3, seed=1)
>>> len(g.hand(g.to_move))
15
"""

from .bots import GreedyBot, SearchBot
from .engine import MatchstickTycoon, Options, deal
from .moves import DISCARD, PASS, Move, parse_move
from .observation import Observation
from .position import Hand, Position, Table

__all__ = [
    "DISCARD",
    "PASS",
    "GreedyBot",
    "Hand",
    "MatchstickTycoon",
    "Move",
    "Observation",
    "Options",
    "Position",
    "SearchBot",
    "Table",
    "deal",
    "parse_move",
]

from tabletop_widgets.core.bots import RandomBot as _RandomBot
from tabletop_widgets.core.registry import GameInfo, Page


def _picture() -> str:
    from .render import hand_svg

    return hand_svg(["6", ("6", False, "b"), ("6", True, ""), ("1", True, "ag")], width=54)


def _coach():
    from . import coach

    return coach


INFO = GameInfo(
    key="matchstick_tycoon",
    title="Matchstick Tycoon",
    engine=MatchstickTycoon,
    pitch="Shed seven-segment cards by turning them over and laying matchsticks on them.",
    pages=(
        Page("tutorial", "Tutorial", "learn each rule by doing it"),
        Page("play", "Play", "against bots, friends at one screen, or your class in a room"),
        Page("sandbox", "Sandbox", "build any position and ask what if"),
        Page("rules", "Rules", "every rule, and how moves are written"),
    ),
    option_sets=(
        {"players": 4},
        {"players": 2, "expansion": 2},
        {"players": 3, "deal": "all"},
        {"players": 6, "expansion": 4},
    ),
    bots={"random": _RandomBot, "greedy": GreedyBot, "search": SearchBot},
    levels={"easy": "random", "medium": "greedy", "hard": "search"},
    picture=_picture,
    coach=_coach,
    players=(2, 8),
    # Later passes refine only the decisions not yet settled.  Over ten 4-player games
    # (bench_review.py --games 10), a fifth pass settles 79 of 82 decisions, not 59, for
    # a median of 9 s on one core (longest 13 s), half that on two.
    review_passes=5,
)
