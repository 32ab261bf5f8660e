"""A Fistful of Gold: a two-player duel of secret, simultaneous card choices.

Rules ids FG-1..FG-4 follow the project's rules page; every reading marked
"(interpretation)" there is an :class:`Options` field (see
``notation.md`` in this folder).

The engine, one idea per module: ``cards`` (the cards, card against card),
``moves`` (``Move`` and its notation), ``options`` (the rule readings),
``duel`` (the +1 rule, one duel in its round), ``tally`` (gold per round,
round winners, the result), ``position`` (the position and its JSON),
``checks`` (could a game reach it?), ``rules`` (refusals and applying a move),
``observation`` (what one seat sees), ``determinize`` and ``engine`` (the
:class:`FistfulOfGold` game).  Around it: ``bots``, ``equilibrium``,
``render`` (SVG), ``widgets``, ``analysis`` and ``screens``; the hard bot
(``hard_bot``) and what it plans with: ``round_game`` and ``round_solver``
(a round solved by backward induction), ``matrix_game`` (pure-Python
zero-sum games), ``leaf`` (a fitted estimate for large hands, refitted by
``leaf_fit``), ``planner``, ``stakes`` (gold as the chance to win the game),
``beliefs`` (the opponent's possible hands), ``patterns`` (an opponent
following a fixed rule); ``panel`` holds the fixed strategies it is measured
against.

>>> game = FistfulOfGold.new(hands="fresh", seed=1)
>>> for seat in game.current_players():
...     _ = game.play(game.legal_moves(seat)[0])
>>> game.position.phase
'duel'
"""

from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, GREEN, PINK, Card, Hand, deck
from tabletop_widgets.games.fistful_of_gold.duel import DuelResult
from tabletop_widgets.games.fistful_of_gold.engine import FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Move, Play, Reclaim
from tabletop_widgets.games.fistful_of_gold.observation import Observation
from tabletop_widgets.games.fistful_of_gold.options import Options
from tabletop_widgets.games.fistful_of_gold.position import Position

__all__ = [
    "COLOURS",
    "GREEN",
    "PINK",
    "Card",
    "Discard",
    "DuelResult",
    "FistfulOfGold",
    "Hand",
    "Move",
    "Observation",
    "Options",
    "Play",
    "Position",
    "Reclaim",
    "deck",
]

from tabletop_widgets.core.bots import RandomBot as _RandomBot
from tabletop_widgets.core.registry import GameInfo, Page

from .bots import EquilibriumBot, GreedyBot
from .hard_bot import HardBot
from .panel import PANEL


def _picture() -> str:
    from .render import row_svg

    # 70 px cards: the text on them is 11 px or more (issue 16).
    return row_svg([Card("pink", "7"), Card("green", "D"), Card("green", "3")], width=70)


def _coach():
    from . import coach

    return coach


def _analyse(game, seat=None, **kwargs):
    from .coach import analyse

    return analyse(game, seat, **kwargs)


INFO = GameInfo(
    key="fistful_of_gold",
    title="A Fistful of Gold",
    engine=FistfulOfGold,
    pitch="A duel of secret choices: close cards reward the higher, far ones the lower.",
    pages=(
        Page("tutorial", "Tutorial", "duels, the +1 rule, the special cards"),
        Page("play", "Play", "against a bot, a friend at one screen, or a classmate in a room"),
        Page("sandbox", "Sandbox", "payoff matrices and the equilibrium"),
        Page("rules", "Rules", "every rule, and how moves are written"),
    ),
    # The rules page's readings, fresh hands, and every other reading at once.
    option_sets=(
        {},
        {"hands": "fresh"},
        {
            "dynamite_counts_as": 9,
            "pot_at_round_end": "carry",
            "six_vs_six": "split",
            "green7": "next_round",
            "equal_round": "both",
            "game_tiebreak": "draw",
        },
    ),
    bots={
        "random": _RandomBot,
        "greedy": GreedyBot,
        "equilibrium": EquilibriumBot,
        "hard": HardBot,
        **PANEL,
    },
    coach=_coach,
    analyse=_analyse,
    levels={"easy": "random", "medium": "greedy", "hard": "hard"},
    panel=tuple(PANEL),
    picture=_picture,
    players=(2, 2),
    # The review's first pass is exact for duels, discards and most take-backs (the
    # plan's figures: nothing to refine).  Only a choice the plan cannot value goes to
    # the search, whose budget the coach caps (coach.DISCARD_BUDGET, twice the first
    # pass's): a third pass would repeat the second's work with other re-deals.
    review_passes=2,
)
