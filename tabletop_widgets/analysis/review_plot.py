"""The review's chart: the value of each move played over the game, its marks on it.

Each decision is a point (its value after the move played, with the interval as a
band); a mark (inaccuracy, mistake, blunder) is drawn on it with its own shape and
colour, so neither colour nor shape alone carries the meaning.  Every point has the
SVG id ``tt-mark-<index>`` (its history index): a page that shows the chart as SVG
(:func:`figure_svg`) can make the points clickable.  ``narrow=True`` draws it for a phone:
a figure about as wide as the screen, so its text stays 11 px or more once fitted to it,
larger marks and the legend under the plot.  ``sections`` (a match of several deals) draws
a line where each deal starts, with its name, and the value's line is not joined across it.
``share`` (expected points: Chinese Ten's) draws a thin line at an even share of a deal's
points, named "even share" in the legend: one line, or one per deal where their shares differ.

>>> from tabletop_widgets.analysis.review import Decision, GameReview
>>> from tabletop_widgets.core.stats import Estimate
>>> e, z = Estimate(0.5, 0.4, 0.6), Estimate(0.0, 0.0, 0.0)
>>> r = GameReview("Matchstick Tycoon", 0, "win", (0, 3), (
...     Decision(0, "pass", "pass", e, e, z, "good", 2, 50),
...     Decision(3, "pass", "1x8: 8", Estimate(0.2, 0.1, 0.3), e, Estimate(0.3, 0.2, 0.4),
...              "blunder", 3, 50)))
>>> fig = review_figure(r)
>>> fig.axes[0].get_title()
'Your win chance after each of your moves'
>>> 'id="tt-mark-3"' in figure_svg(fig)
True
>>> 'id="tt-mark-3"' in figure_svg(review_figure(r, narrow=True))
True
>>> fig = review_figure(r, sections=[(0, "Deal 1"), (2, "Deal 2")])
>>> [t.get_text().strip() for t in fig.axes[0].texts]
['Deal 1', 'Deal 2']
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from typing import Any

from tabletop_widgets.core.i18n import N_, _

from .plots import in_chart_fonts, new_figure
from .review import GameReview

__all__ = ["MARK_STYLE", "VERDICT_WORDS", "figure_svg", "review_figure"]

#: Each verdict's words (shown translated).
VERDICT_WORDS = {
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
#: Marker, colour and size of each verdict (colour-blind safe: shapes differ too).
MARK_STYLE = {
    "good": ("o", "#4d7f3a", 5),
    "inaccuracy": ("^", "#c99700", 9),
    "mistake": ("s", "#e06c00", 9),
    "blunder": ("X", "#c0392b", 11),
}
#: The narrow (phone) layout: its size in inches (about 390 CSS px wide once trimmed),
#: its text sizes in points, and how much larger its marks are.
NARROW_SIZE = (3.9, 4.4)
NARROW_FONTS = {
    "font.size": 11,
    "axes.titlesize": 11.5,
    "axes.labelsize": 11,
    "xtick.labelsize": 11,
    "ytick.labelsize": 11,
    "legend.fontsize": 11,
}
NARROW_MARKS = 1.5
#: About the share of the figure's width the plot takes, wide and on a phone.
PLOT_SHARE, PLOT_SHARE_NARROW = 0.6, 0.75
#: Characters a line of the narrow chart's title holds.
NARROW_TITLE = 40
LINE_COLOUR = "#3b7dd8"
BEST_COLOUR = "#555555"
#: The even share's line: thin and quiet, a reference, not a figure.
SHARE_COLOUR = "#8a6d3b"


def _titles(measure: str) -> tuple[str, str]:
    if measure == "win":
        return _("Your win chance after each of your moves"), _("win chance")
    if measure == "score":
        return _("Your expected points after each of your moves"), _("points")
    return _("Your expected place after each of your moves"), _("place")


@in_chart_fonts
def review_figure(
    report: GameReview,
    *,
    figsize: tuple[float, float] | None = None,
    narrow: bool = False,
    sections: Sequence[tuple[int, str]] = (),
    share: float | Sequence[tuple[int, float | None]] | None = None,
    ended: Sequence[tuple[int, float]] = (),
) -> Any:
    """The chart of ``report`` (a matplotlib Figure, no pyplot), in fonts with Korean too;
    ``narrow``: laid out for a phone's width; ``sections``: (history index, name) where each
    part of the game starts (a match's deals: "Deal 2"), in the order of the game; ``share``:
    an even share of a deal's points, where the figures are expected points (Chinese Ten's),
    drawn as a thin line named "even share" -- one number for the whole game, or (history
    index, share) pairs where the share may change (a match's deals; None: no line there);
    ``ended``: (move number, value) where each part ended, on the report's measure
    (:func:`~tabletop_widgets.analysis.review.how_it_ended`), drawn as a diamond named "how
    it ended", joined to the part's last figure by a dotted line."""
    if narrow:
        from matplotlib import rc_context

        with rc_context(NARROW_FONTS):
            return _draw(
                report,
                figsize or NARROW_SIZE,
                narrow=True,
                sections=sections,
                share=share,
                ended=ended,
            )
    return _draw(
        report, figsize or (7.0, 3.2), narrow=False, sections=sections, share=share, ended=ended
    )


def _section_of(index: int, starts: Sequence[int]) -> int:
    """How many of ``starts`` come at or before history ``index``."""
    return sum(1 for s in starts if s <= index)


def _draw(
    report: GameReview,
    figsize: tuple[float, float],
    *,
    narrow: bool,
    sections: Sequence[tuple[int, str]] = (),
    share: float | Sequence[tuple[int, float | None]] | None = None,
    ended: Sequence[tuple[int, float]] = (),
) -> Any:
    fig = new_figure(figsize)
    ax = fig.add_subplot()
    title, ylabel = _titles(report.measure)
    # On a phone the title may take two lines: a wider figure would be shrunk to fit.
    pad = 16 if sections else None  # room for the deals' names over the plot
    ax.set_title(textwrap.fill(title, NARROW_TITLE) if narrow else title, pad=pad)
    ax.set_xlabel(_("move number in the game"))
    ax.set_ylabel(ylabel)
    scale = 100.0 if report.measure == "win" else 1.0
    decisions = report.decisions
    xs = [d.index + 1 for d in decisions]  # the move numbers the replay's stepper shows
    means = [d.played_value.mean * scale for d in decisions]
    # A match's deals are scored apart: the line is drawn deal by deal, never across.
    starts = [i for i, _name in sections]
    parts: dict[int, list[int]] = {}
    for k, d in enumerate(decisions):
        parts.setdefault(_section_of(d.index, starts), []).append(k)
    # The band is named in the legend where it shows (a newcomer could not guess what the
    # shaded area was); figures worked out exactly have none.
    banded = any(d.played_value.low < d.played_value.high for d in decisions)
    for n, ks in enumerate(parts.values()):
        px = [xs[k] for k in ks]
        ax.fill_between(
            px,
            [decisions[k].played_value.low * scale for k in ks],
            [decisions[k].played_value.high * scale for k in ks],
            color=LINE_COLOUR,
            alpha=0.15,
            linewidth=0,
            label=_("likely range of the move you played") if n == 0 and banded else None,
        )
        ax.plot(
            px,
            [means[k] for k in ks],
            color=LINE_COLOUR,
            linewidth=1.5,
            label=_("the move you played") if n == 0 else None,
        )
        ax.plot(
            px,
            [decisions[k].best_value.mean * scale for k in ks],
            color=BEST_COLOUR,
            linewidth=1.0,
            linestyle=":",
            label=_("the coach's best move") if n == 0 else None,
        )
    if decisions:
        _draw_ended(ax, ended, [(xs[ks[-1]], means[ks[-1]]) for ks in parts.values()], scale)
    shown: set[str] = set()
    for x, y, d in zip(xs, means, decisions, strict=True):
        marker, colour, size = MARK_STYLE[d.verdict]
        label = _(VERDICT_WORDS[d.verdict]) if d.verdict not in shown else None
        shown.add(d.verdict)
        ax.plot(
            [x],
            [y],
            linestyle="none",
            marker=marker,
            markersize=size * (NARROW_MARKS if narrow else 1.0),
            color=colour,
            markeredgecolor="white",
            label=label,
            gid=f"tt-mark-{d.index}",
            clip_on=False,  # a mark at an edge (the last move, 100 %) shows whole
        )
    if report.measure == "win":
        ax.set_ylim(0, 100)
        ax.yaxis.set_major_formatter(lambda v, _pos: f"{v:.0f} %")
    if xs:
        last = len(report.indices) and report.indices[-1] + 1
        low, high = 0.5, max(last, xs[-1], *(x + 0.5 for x, _v in ended)) + 0.5
        pad = _mark_room(figsize, narrow, high - low)
        ax.set_xlim(low - pad, high + pad)
        ax.xaxis.get_major_locator().set_params(integer=True)
        # Only the parts that start on the plot: a part after the last move reviewed (a
        # review stopped early) would be named beyond the plot's right edge.
        _draw_sections(ax, [(i, n) for i, n in sections if i + 0.5 < high], narrow)
        if report.measure == "score":
            _draw_share(ax, share, (low - pad, high + pad))
    if decisions and narrow:  # under the plot: the phone's width is the plot's
        fig.legend(*ax.get_legend_handles_labels(), loc="outside lower left", frameon=False)
    elif decisions:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=9)
    ax.grid(axis="y", alpha=0.3)
    return fig


def _draw_ended(
    ax: Any,
    ended: Sequence[tuple[int, float]],
    lasts: Sequence[tuple[float, float]],
    scale: float,
) -> None:
    """Each part's end (``ended``), a diamond joined by a dotted line to the part's last
    figure (``lasts``: the last (x, y) of each part drawn, in order)."""
    label = _("how it ended")
    since = 0.0
    for end, value in ended:
        # Just after the part's last move (on a deal's dividing line), under the marks drawn
        # after it: at the last move itself it hid the mark of a last move.
        x, y = end + 0.5, value * scale
        within = [p for p in lasts if since < p[0] <= x]  # the part's figures, not another's
        since = x
        if within:
            x0, y0 = within[-1]
            ax.plot([x0, x], [y0, y], color=LINE_COLOUR, linewidth=1.0, linestyle=":", zorder=2)
        ax.plot(
            [x],
            [y],
            linestyle="none",
            marker="D",
            markersize=7,
            color="#222222",
            markeredgecolor="white",
            label=label,
            gid="tt-ended",
            clip_on=False,
        )
        label = None  # named once in the legend


def _draw_sections(ax: Any, sections: Sequence[tuple[int, str]], narrow: bool) -> None:
    """A dashed line where each part of the game starts (none before the first move), and
    its name over the plot."""
    for index, name in sections:
        x = index + 0.5  # between the deal's first move (index + 1) and the move before
        if index > 0:
            # Under the marks (drawn before it): a mark on the line shows whole.
            ax.axvline(x, color=BEST_COLOUR, linewidth=0.8, linestyle="--", alpha=0.7, zorder=1)
        ax.text(
            x,
            1.01,  # over the plot, under the title: marks can reach the plot's top
            " " + name,
            transform=ax.get_xaxis_transform(),
            ha="left",
            va="bottom",
            fontsize=10 if narrow else 8,
            color=BEST_COLOUR,
        )


def _draw_share(
    ax: Any, share: float | Sequence[tuple[int, float | None]] | None, xlim: tuple[float, float]
) -> None:
    """A thin line at an even share of the deal's points, under the figures, named "even
    share" in the legend: across the plot where the share is the same all game, else from
    where each part starts (``share``: (history index, share) pairs, in the order of the
    game) to where the next does, at its own share (None: no line over that part)."""
    if share is None:
        return
    if isinstance(share, (int, float)):
        share = [(0, float(share))]
    pairs = list(share)
    known = {value for _i, value in pairs}
    if len(known) == 1 and None not in known:  # the same share all game: one line
        pairs = pairs[:1]
    low, high = xlim
    edges = [low] + [min(max(i + 0.5, low), high) for i, _v in pairs[1:]] + [high]
    label = _("even share")
    for (_i, value), x0, x1 in zip(pairs, edges[:-1], edges[1:], strict=True):
        if value is None or x1 <= x0:
            continue
        ax.hlines(
            value,
            x0,
            x1,
            colors=SHARE_COLOUR,
            linewidth=0.9,
            zorder=1,  # under the figures' lines and the marks
            label=label,
            gid="tt-even-share",
        )
        label = None  # named once in the legend


def _mark_room(figsize: tuple[float, float], narrow: bool, span: float) -> float:
    """How far (in moves) the plot reaches past the first and the last move, so a mark
    there -- half of it beyond the move's place -- stays inside the plot: a phone's chart
    cut the last one at its right edge.  The plot's width is about that share of the
    figure's (the rest: the axis's labels, and on a wide screen the legend)."""
    width = figsize[0] * (PLOT_SHARE_NARROW if narrow else PLOT_SHARE)
    radius = max(size for _m, _c, size in MARK_STYLE.values()) / 2 / 72  # inches
    radius *= NARROW_MARKS if narrow else 1.0
    return span * radius / max(width - 2 * radius, 0.5)


def figure_svg(fig: Any) -> str:
    """The figure as SVG text (ids of the marks kept), for a page to draw and click."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg") :]
