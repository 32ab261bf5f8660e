"""The review's chart: the value of each move played over the game, its marks on it.

Each decision is a point (its value after the move played, with the interval as a
band); a mark (inaccuracy, mistake, blunder) is drawn on it with its own shape and
colour, so neither colour nor shape alone carries the meaning.  Every point has the
SVG id ``tt-mark-<index>`` (its history index): a page that shows the chart as SVG
(:func:`figure_svg`) can make the points clickable.

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
"""

from __future__ import annotations

import io
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
LINE_COLOUR = "#3b7dd8"
BEST_COLOUR = "#555555"


def _titles(measure: str) -> tuple[str, str]:
    if measure == "win":
        return _("Your win chance after each of your moves"), _("win chance")
    if measure == "score":
        return _("Your expected points after each of your moves"), _("points")
    return _("Your expected place after each of your moves"), _("place")


@in_chart_fonts
def review_figure(report: GameReview, *, figsize: tuple[float, float] = (7.0, 3.2)) -> Any:
    """The chart of ``report`` (a matplotlib Figure, no pyplot), in fonts with Korean too."""
    fig = new_figure(figsize)
    ax = fig.add_subplot()
    title, ylabel = _titles(report.measure)
    ax.set_title(title)
    ax.set_xlabel(_("move number in the game"))
    ax.set_ylabel(ylabel)
    scale = 100.0 if report.measure == "win" else 1.0
    decisions = report.decisions
    xs = [d.index + 1 for d in decisions]  # the move numbers the replay's stepper shows
    means = [d.played_value.mean * scale for d in decisions]
    if decisions:
        ax.fill_between(
            xs,
            [d.played_value.low * scale for d in decisions],
            [d.played_value.high * scale for d in decisions],
            color=LINE_COLOUR,
            alpha=0.15,
            linewidth=0,
        )
        ax.plot(xs, means, color=LINE_COLOUR, linewidth=1.5, label=_("the move you played"))
        ax.plot(
            xs,
            [d.best_value.mean * scale for d in decisions],
            color=BEST_COLOUR,
            linewidth=1.0,
            linestyle=":",
            label=_("the coach's best move"),
        )
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
            markersize=size,
            color=colour,
            markeredgecolor="white",
            label=label,
            gid=f"tt-mark-{d.index}",
        )
    if report.measure == "win":
        ax.set_ylim(0, 100)
        ax.yaxis.set_major_formatter(lambda v, _pos: f"{v:.0f} %")
    if xs:
        last = len(report.indices) and report.indices[-1] + 1
        ax.set_xlim(0.5, max(last, xs[-1]) + 0.5)
        ax.xaxis.get_major_locator().set_params(integer=True)
    if decisions:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=9)
    ax.grid(axis="y", alpha=0.3)
    return fig


def figure_svg(fig: Any) -> str:
    """The figure as SVG text (ids of the marks kept), for a page to draw and click."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg") :]
