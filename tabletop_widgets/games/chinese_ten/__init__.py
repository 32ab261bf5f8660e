"""Chinese Ten (and its Thai variant Red Frog Black Frog): the rules engine.

No widgets here.  Rules: ``CT-1`` .. ``CT-6``; notation: notation.md in this folder.

>>> from tabletop_widgets.games.chinese_ten import ChineseTen
>>> g = ChineseTen.new(players=3, seed=1, target=None)
>>> len(g.hand(g.to_move)), g.phase
(8, 'hand')
"""

from .bots import GreedyBot, RandomBot, SearchBot
from .cards import FULL_DECK, Card, Hand, deal_total, points, shuffled_deck
from .engine import ChineseTen, Event, Observation, apply_move, deal
from .moves import Move, twin_key
from .position import Options, Position, capture_options

__all__ = [
    "FULL_DECK",
    "Card",
    "ChineseTen",
    "Event",
    "GreedyBot",
    "Hand",
    "Move",
    "Observation",
    "Options",
    "Position",
    "RandomBot",
    "SearchBot",
    "apply_move",
    "capture_options",
    "deal",
    "deal_total",
    "points",
    "shuffled_deck",
]

from tabletop_widgets.core.registry import GameInfo, Page

from .analysis import deal_horizon


def _picture() -> str:
    from .render import row_svg

    return row_svg([Card.parse(c) for c in ("7H", "3S", "AS", "KD")], width=54)


def _coach():
    from . import coach

    return coach


INFO = GameInfo(
    key="chinese_ten",
    title="Chinese Ten",
    engine=ChineseTen,
    pitch="Fish for pairs that make ten; red cards score — or black ones in Red Frog Black Frog.",
    pages=(
        Page("tutorial", "Tutorial", "captures, the two-step turn, the scoring"),
        Page(
            "play", "Play", "2–4 players, bots, one screen or your class in a room, either scoring"
        ),
        Page("sandbox", "Sandbox", "any deal, which capture to take, scoring compared"),
        Page("rules", "Rules", "every rule, and how moves are written"),
    ),
    option_sets=(
        {"players": 3},
        {"players": 2, "scoring": "red_frog_black_frog"},
        {"players": 4, "target": 300},
        {"players": 2, "settle": True, "deals": 3},
    ),
    bots={"random": RandomBot, "greedy": GreedyBot, "search": SearchBot},
    coach=_coach,
    twins=twin_key,
    levels={"easy": "random", "medium": "greedy", "hard": "search"},
    picture=_picture,
    players=(2, 4),
    # A what-if plays the deal out and compares the points it ends with (not a whole match).
    horizons={"deal": deal_horizon},
    value=("deal", "score"),
    # Its playouts are fast and a decision's budget is large: two passes refine enough.
    review_passes=2,
)
