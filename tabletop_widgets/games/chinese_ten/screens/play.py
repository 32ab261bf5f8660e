"""The Chinese Ten play page: the shared play screen with the Chinese Ten table and options.

One deal by default (a match is an option), a fresh game number each game,
and a pause with the scores between the deals of a match.

>>> screen = play_screen(seats=["person", "easy", "medium"], seed=4)
>>> screen.game.players, screen.game.options.target, screen.names
(3, None, ['You', 'Bea (bot)', 'Cal (bot)'])
>>> screen.autoplay(); screen.game.is_over
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.ui.lazy import LazySection
from tabletop_widgets.ui.play_screen import OptionField, PlayKit, PlayScreen
from tabletop_widgets.ui.words import listing

from ..widgets.table import ChineseTenTable

__all__ = ["KIT", "deal_pause", "play_screen"]

ONE_DEAL = {"target": None, "deals": 1}


def _board(*, names: Sequence[str] = (), interactive: bool = True) -> ChineseTenTable:
    return ChineseTenTable(names=list(names), interactive=interactive, card_width=64)


def deal_pause(game: Any, names: Sequence[str]) -> str | None:
    """The scores when the last move ended a deal of a match that goes on, else None."""
    if game.is_over or not game.history:
        return None
    if not any(e.kind == "deal_end" for e in game.events_of(len(game.history))):
        return None
    done = len(game.deal_points)
    points = game.deal_points[-1]
    scores = listing([f"{names[s]} {points[s]}" for s in range(game.players)])
    return (
        f"Deal {done} is over. Points in this deal: {scores}. "
        f"Press Continue to deal the cards for deal {done + 1}."
    )


def _check(options: Mapping[str, Any]) -> str | None:
    if options.get("settle") and options.get("target"):
        return (
            "Settled scores grow slowly: with them, play one deal or three deals, "
            "not a match to a number of points."
        )
    return None


#: The replay lists the moves in their short notation: say what it means, beside it.
NOTATION_NOTE = (
    "<p class='tt-ct-notation-note'>The replay writes moves short: <code>9C x AS</code> is "
    "the nine of clubs capturing the ace of spades, <code>7H</code> the seven of hearts laid "
    "down, <code>stock …</code> a choice for the turned-up card. A card is its rank (A, 2 to "
    "9, <b>T for ten</b>, J, Q, K) and its suit (S spades, H hearts, D diamonds, C clubs). "
    "More on the <a href='rules.ipynb#notation' target='_blank' "
    "style='text-decoration: underline'>rules page</a>.</p>"
)


def _end_extras(game: Any, names: list[str]) -> list[w.Widget]:
    return [w.HTML(NOTATION_NOTE), *_chart(game, names)]


def _chart(game: Any, names: list[str]) -> list[w.Widget]:
    if len(game.deal_points) < 2:
        return []

    def draw() -> list[w.Widget]:
        # matplotlib only when someone opens the chart (it weighs ~45 MB in a kernel).
        from ..analysis.plots import figure_image, match_totals_figure

        out = w.Output()
        out.append_display_data(figure_image(match_totals_figure(game, names)))
        return [out]

    return [LazySection("Chart of the totals, deal by deal", draw)]


KIT = PlayKit(
    "chinese_ten",
    _board,
    options=(
        OptionField("players", "Players", (("2", 2), ("3", 3), ("4", 4)), 3),
        OptionField(
            "scoring",
            "Scoring",
            (
                ("Standard: red cards score", "standard"),
                ("Red Frog Black Frog: black cards score", "red_frog_black_frog"),
            ),
            "standard",
        ),
        OptionField(
            "length",
            "Length",
            (
                ("One deal", ONE_DEAL),
                ("Three deals", {"target": None, "deals": 3}),
                ("A match to 500 points", {"target": 500, "deals": None}),
                ("A match to 1,000 points", {"target": 1000, "deals": None}),
            ),
            ONE_DEAL,
        ),
        OptionField(
            "settle",
            "Scores",
            (("Points as captured", False), ("Settled against the tie score", True)),
            False,
            help="Each deal is scored against an even share of the points.",
        ),
    ),
    score_noun=("point", "points"),
    pause=deal_pause,
    check=_check,
    end_extras=_end_extras,
)


def play_screen(**kwargs: Any) -> PlayScreen:
    """The whole play page; keyword arguments as :class:`PlayScreen` (seats, names, seed,
    engine options)."""
    screen = PlayScreen(KIT, **kwargs)
    return screen
