"""Matplotlib charts only Chinese Ten has: match totals and the two scorings compared.

Each function returns a ``Figure`` built without pyplot that shows itself as a
PNG as a cell's value; the what-if chart is the shared one (``report.plot()``).  Titles,
axes and legends are in the current language.

>>> from tabletop_widgets.games.chinese_ten import ChineseTen
>>> g = ChineseTen.new(players=2, seed=1, target=None, deals=2)
>>> while not g.is_over:
...     _ = g.play(g.legal_moves()[0])
>>> fig = match_totals_figure(g, names=["Ann", "Bo"])
>>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
['Ann', 'Bo']
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from matplotlib import rc_context
from matplotlib.figure import Figure

from tabletop_widgets.analysis import SimulationReport
from tabletop_widgets.analysis.plots import chart_fonts, in_chart_fonts, new_figure
from tabletop_widgets.core.i18n import N_, _, ngettext
from tabletop_widgets.games.chinese_ten import ChineseTen
from tabletop_widgets.games.chinese_ten.position import totals

from .scoring import ace_of_spades

__all__ = ["figure_image", "match_totals_figure", "running_totals", "scoring_comparison_figure"]

SCORING_NAMES = {"standard": N_("Standard"), "red_frog_black_frog": N_("Red Frog Black Frog")}
#: The totals chart's title, by scoring.
TOTALS_TITLES = {
    "standard": N_("Match totals (standard scoring)"),
    "red_frog_black_frog": N_("Match totals (Red Frog Black Frog scoring)"),
}
# Line styles as well as colours, so the seats are told apart without colour.
STYLES = ("o-", "s--", "^-.", "D:")


def running_totals(game: ChineseTen) -> list[tuple[int, ...]]:
    """Match totals before the first deal and after each finished deal (engine's totals).

    >>> g = ChineseTen.new(players=3, seed=1)
    >>> running_totals(g)
    [(0, 0, 0)]
    """
    return [totals(game.options, game.deal_points[:k]) for k in range(len(game.deal_points) + 1)]


@in_chart_fonts
def match_totals_figure(
    game: ChineseTen, names: Sequence[str] | None = None, *, figsize: tuple[float, float] = (7, 3.6)
) -> Figure:
    """The running match total of every seat, deal by deal (with the target line)."""
    names = list(names or [_("Seat {number}", number=i + 1) for i in range(game.players)])
    rows = running_totals(game)
    fig = new_figure(figsize)
    ax = fig.add_subplot()
    deals = list(range(len(rows)))
    for seat in range(game.players):
        ax.plot(deals, [r[seat] for r in rows], STYLES[seat], label=names[seat])
    target = game.options.target
    if target is not None and not game.options.settle:
        ax.axhline(target, color="grey", linewidth=1, linestyle=":")
        said = _("target {n}", n=target)
        ax.text(0, target, f" {said}", va="bottom", fontsize=8, color="grey")
    ax.set_xticks(deals)
    ax.set_xlabel(_("after deal"))
    ax.set_ylabel(_("settled total") if game.options.settle else _("match total (points)"))
    ax.set_title(_(TOTALS_TITLES[game.options.scoring]))
    ax.grid(alpha=0.3)
    ax.legend()
    return fig


@in_chart_fonts
def scoring_comparison_figure(
    deals: Mapping[str, SimulationReport], *, figsize: tuple[float, float] = (11, 3.8)
) -> Figure:
    """Two panels from one-deal simulations per scoring (``keep=True``): how often the
    ace of spades' captor wins the deal, and the spread of a seat's points per deal.

    >>> from tabletop_widgets.analysis import simulate
    >>> deals = {s: simulate("chinese_ten", 4, options={"target": None, "scoring": s},
    ...                      keep=True) for s in ("standard", "red_frog_black_frog")}
    >>> [ax.get_title()[:8] for ax in scoring_comparison_figure(deals).axes]
    ['Captured', 'Points p']
    """
    fig = new_figure(figsize)
    left, right = fig.subplots(1, 2)
    names = [_(SCORING_NAMES[k]) if k in SCORING_NAMES else k for k in deals]
    rates = [ace_of_spades(v).win for v in deals.values()]
    left.bar(
        names,
        [r.mean for r in rates],
        yerr=[[r.mean - r.low for r in rates], [r.high - r.mean for r in rates]],
        capsize=6,
        color=["#c44e52", "#55a868"][: len(names)],
        hatch="//",
    )
    # Each share under its bar's name: inside the bar it met the error bar or the chance line.
    left.set_xticks(
        range(len(names)), [f"{n}\n{r.mean:.0%}" for n, r in zip(names, rates, strict=True)]
    )
    players = next(iter(deals.values())).players if deals else 3
    even = _("even chance (1/{players})", players=players)
    left.axhline(1 / players, color="grey", linestyle=":", linewidth=1, label=even)
    left.legend(loc="upper left", fontsize=8)
    left.set_ylim(0, 1)
    left.set_ylabel(_("share of deals won"))
    left.set_title(_("Captured the ace of spades → won the deal?"))
    points = [[p for g in v.games for p in g.result.scores] for v in deals.values()]
    right.hist(points, bins=20, label=names, histtype="step", linewidth=2)
    right.set_xlabel(_("points of one seat in one deal"))
    right.set_ylabel(_("seat-deals"))
    played = sum(len(v.games) for v in deals.values())
    right.set_title(
        ngettext("Points per seat ({n} bot deal)", "Points per seat ({n} bot deals)", played)
    )
    right.legend()
    return fig


def figure_image(fig: Figure, dpi: int = 96) -> Any:
    """The figure as an ``IPython.display.Image`` (PNG): shows in any front end and in an
    ``Output`` widget, whatever matplotlib backend the kernel uses."""
    from IPython.display import Image

    buf = io.BytesIO()
    with rc_context(chart_fonts()):  # tick labels are made as the figure is drawn
        fig.savefig(buf, format="png", dpi=dpi)
    return Image(data=buf.getvalue(), format="png")
