"""Charts of the analysis reports, for every game.

Every function returns a matplotlib ``Figure`` built without pyplot (no global
state, safe from a background thread, nothing to close); as a cell's value it
shows itself as a PNG even where pyplot was never imported.  Seats in titles
and labels count from 1.  A report's ``plot()`` calls the function for it.

The what-if chart (the sandboxes' panel shows it) is in the current language, its words
in a font that has Korean too (:func:`chart_fonts`: the system's fonts, nothing to fetch).

>>> from tabletop_widgets.analysis import simulate
>>> fig = simulation_figure(simulate("fistful_of_gold", 4, seed=1))
>>> [ax.get_title() for ax in fig.axes]
['Places by seat', 'Game length']
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from functools import cache, wraps
from pathlib import Path
from typing import Any, TypeVar

from matplotlib.figure import Figure as MatplotlibFigure

from tabletop_widgets.core.i18n import _, ngettext
from tabletop_widgets.ui.words import ordinal, seat_label

from .matchup import MatchupReport, RoundRobinReport
from .simulate import SimulationReport
from .whatif import MEASURE_NAMES, WhatIfReport

R = TypeVar("R")

__all__ = [
    "chart_fonts",
    "in_chart_fonts",
    "figure_png",
    "matchup_figure",
    "new_figure",
    "simulation_figure",
    "what_if_figure",
]

VALUE_COLOUR = "#3b7dd8"
DIFF_COLOUR = "#e08a2c"
#: Fonts for the charts' words, first found first: Latin, then the system's CJK fonts
#: (matplotlib falls back glyph by glyph along the list).
FONTS = (
    "DejaVu Sans",
    "Noto Sans CJK KR",
    "Noto Serif CJK KR",
    "Apple SD Gothic Neo",
    "Malgun Gothic",
    "NanumGothic",
)


def chart_fonts() -> dict[str, Any]:
    """An rc setting naming the installed fonts of :data:`FONTS` (so none is missing and
    matplotlib warns of nothing); use it as ``matplotlib.rc_context(chart_fonts())``.

    >>> chart_fonts()["font.family"][0]
    'DejaVu Sans'
    """
    from matplotlib import font_manager

    have = {f.name for f in font_manager.fontManager.ttflist}
    if not have.intersection(FONTS[1:]):
        _add_system_cjk_fonts()
        have = {f.name for f in font_manager.fontManager.ttflist}
    return {"font.family": [f for f in FONTS if f in have] or ["sans-serif"]}


@cache
def _add_system_cjk_fonts() -> None:
    """Tell matplotlib about the system's CJK fonts (its font cache may predate them); once."""
    from matplotlib import font_manager

    for path in font_manager.findSystemFonts():
        if any(k in Path(path).name for k in ("NotoSansCJK", "NotoSerifCJK", "Nanum", "malgun")):
            try:
                font_manager.fontManager.addfont(path)
            except (OSError, RuntimeError, ValueError):  # a font file it cannot read
                continue


class Figure(MatplotlibFigure):
    """A matplotlib ``Figure`` that shows itself as a PNG in Jupyter (no pyplot needed);
    everything else is matplotlib's."""

    def _repr_png_(self) -> bytes:
        return figure_png(self)


def new_figure(figsize: tuple[float, float]) -> Figure:
    """A blank figure (constrained layout) that shows itself in Jupyter."""
    return Figure(figsize=figsize, layout="constrained")


def in_chart_fonts(draw: Callable[..., R]) -> Callable[..., R]:
    """Run ``draw`` (a plot function) in :func:`chart_fonts`: the fonts are chosen as the
    texts are made, so a Korean title is drawn in a font that has Korean."""

    @wraps(draw)
    def drawn(*args: Any, **kwargs: Any) -> R:
        from matplotlib import rc_context

        with rc_context(chart_fonts()):
            return draw(*args, **kwargs)

    return drawn


@in_chart_fonts  # tick labels are made as the figure is drawn
def figure_png(fig: Figure, dpi: int = 96) -> bytes:
    """The figure as PNG bytes."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    return buf.getvalue()


def _short(text: str, width: int = 24) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _errors(estimates: list[Any]) -> list[list[float]]:
    """Error-bar lengths below and above each mean (0 where unbounded)."""

    def clean(x: float) -> float:
        return 0.0 if math.isnan(x) or math.isinf(x) else max(0.0, x)

    return [
        [clean(e.mean - e.low) for e in estimates],
        [clean(e.high - e.mean) for e in estimates],
    ]


def what_if_figure(
    report: WhatIfReport, *, top: int | None = 12, figsize: tuple[float, float] | None = None
) -> Figure:
    """Two panels, best move on top: each move's measure with its interval, and its
    paired difference to the best move with that interval (the panel that tells
    which moves the playouts can rank: a bar whose interval crosses 0 could be as
    good as the best).

    >>> from tabletop_widgets.analysis import what_if
    >>> from tabletop_widgets.core import GAMES
    >>> g = GAMES["matchstick_tycoon"].engine.new(players=3, seed=3)
    >>> fig = what_if_figure(what_if(g, candidates=3, playouts=4))
    >>> [ax.get_xlabel()[:9] for ax in fig.axes]
    ['win share', 'this move']
    """
    return _what_if_figure(report, top, figsize)


@in_chart_fonts
def _what_if_figure(
    report: WhatIfReport, top: int | None, figsize: tuple[float, float] | None
) -> Figure:
    cands = list(report.candidates[:top] if top else report.candidates)
    n = len(cands)
    fig = new_figure(figsize or (9.5, 1.4 + 0.4 * max(n, 1)))
    ax_value, ax_diff = fig.subplots(1, 2, sharey=True)
    y = list(range(n))[::-1]  # best on top
    labels = [_short(str(c.move)) for c in cands]
    values = [c.value for c in cands]
    ax_value.barh(y, [v.mean if not math.isnan(v.mean) else 0 for v in values], color=VALUE_COLOUR)
    ax_value.errorbar(
        [v.mean for v in values], y, xerr=_errors(values), fmt="none", ecolor="black", capsize=3
    )
    ax_value.set_yticks(y, labels, fontfamily="monospace")
    name = _(MEASURE_NAMES[report.measure])
    seat = seat_label(report.seat)
    if report.measure == "win":
        ax_value.set_xlim(0, 1)
    ax_value.set_xlabel(_("{measure} of {seat}", measure=name, seat=seat))
    diffs = [c.versus_best for c in cands]
    ax_diff.barh(y, [d.mean for d in diffs], color=DIFF_COLOUR)
    ax_diff.errorbar(
        [d.mean for d in diffs], y, xerr=_errors(diffs), fmt="none", ecolor="black", capsize=3
    )
    ax_diff.axvline(0, color="grey", linewidth=1)
    ax_diff.set_xlabel(_("this move − the best, {measure} (same re-deals)", measure=name))
    for ax in (ax_value, ax_diff):
        ax.grid(axis="x", alpha=0.3)
    per = min((c.playouts for c in cands), default=0)
    fig.suptitle(
        _(
            "{game} — what if {seat} plays… ({playouts} each, {percent}% intervals, {state})",
            game=_(report.title),
            seat=seat,
            playouts=ngettext("{n} playout", "{n} playouts", per),
            percent=round(report.confidence * 100),
            state=report.state_words(),
        )
    )
    return fig


@in_chart_fonts
def simulation_figure(
    report: SimulationReport, *, figsize: tuple[float, float] = (10, 3.8)
) -> Figure:
    """Two panels: each seat's places (stacked shares, first place at the bottom) and
    the game length."""
    if not report.games:
        raise ValueError("no games to plot")
    players = report.players
    fig = new_figure(figsize)
    ax_place, ax_len = fig.subplots(1, 2)
    share = [[0.0] * players for _ in range(players)]  # share[seat][place - 1]
    for g in report.games:
        for seat, place in enumerate(g.result.places):
            share[seat][place - 1] += 1 / len(report.games)
    from matplotlib import colormaps

    colours = colormaps["viridis"]
    bottom = [0.0] * players
    seats = [f"Seat {s + 1}" for s in range(players)]
    for place in range(players):
        heights = [share[s][place] for s in range(players)]
        ax_place.bar(
            seats,
            heights,
            bottom=bottom,
            color=colours(place / max(players - 1, 1)),
            label=ordinal(place + 1),
        )
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    ax_place.set_ylim(0, 1)
    ax_place.set_ylabel("share of games")
    ax_place.set_title("Places by seat")
    ax_place.legend(title="place", fontsize=8, loc="upper left", bbox_to_anchor=(1, 1))
    lengths = [g.length for g in report.games]
    ax_len.hist(lengths, bins=min(30, max(5, len(lengths) // 5)), color=VALUE_COLOUR)
    mean = sum(lengths) / len(lengths)
    ax_len.axvline(mean, color="black", linestyle="--", linewidth=1)
    ax_len.set_xlabel(f"moves (mean {mean:.1f})")
    ax_len.set_ylabel("games")
    ax_len.set_title("Game length")
    fig.suptitle(f"{report.title}: {len(report.games)} games, bots {', '.join(report.bots)}")
    return fig


@in_chart_fonts
def matchup_figure(report: MatchupReport | RoundRobinReport) -> Figure:
    """Each matchup's score for the first bot, with its interval; the even score
    (1/players) marked."""
    matchups = list(report) if isinstance(report, RoundRobinReport) else [report]
    fig = new_figure((7.5, 1.2 + 0.7 * len(matchups)))
    ax = fig.add_subplot()
    y = list(range(len(matchups)))[::-1]
    scores = [m.score for m in matchups]
    ax.errorbar([s.mean for s in scores], y, xerr=_errors(scores), fmt="o", capsize=5, color="#333")
    players = matchups[0].results[0][1].players if matchups and matchups[0].results else 2
    ax.axvline(1 / players, color="#888", linestyle="--", linewidth=1)
    ax.set_yticks(y, [f"{m.first} vs {m.second}\n({m.games} games)" for m in matchups])
    ax.set_xlim(0, 1)
    ax.set_xlabel("score of the first bot (a draw counts 1/2)")
    ax.set_title(f"{matchups[0].title if matchups else ''}: bots against each other")
    return fig
