"""Matplotlib charts for Chinese Ten: match totals, what-if estimates, the two scorings.

Each function returns a ``Figure`` (shown by Jupyter when it is a cell's
value) and never calls ``plt.show``.

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

from matplotlib.figure import Figure

from tabletop_widgets.games.chinese_ten import ChineseTen
from tabletop_widgets.games.chinese_ten.position import totals

from .simulate import Candidate, DealStats, ace_of_spades_wins

__all__ = ["figure_image", "match_totals_figure", "scoring_comparison_figure", "what_if_figure"]

SCORING_NAMES = {"standard": "Standard", "red_frog_black_frog": "Red Frog Black Frog"}
# Line styles as well as colours, so the seats are told apart without colour.
STYLES = ("o-", "s--", "^-.", "D:")


def running_totals(game: ChineseTen) -> list[tuple[int, ...]]:
    """Match totals before the first deal and after each finished deal (engine's totals).

    >>> g = ChineseTen.new(players=3, seed=1)
    >>> running_totals(g)
    [(0, 0, 0)]
    """
    return [totals(game.options, game.deal_points[:k]) for k in range(len(game.deal_points) + 1)]


def match_totals_figure(
    game: ChineseTen, names: Sequence[str] | None = None, *, figsize: tuple[float, float] = (7, 3.6)
) -> Figure:
    """The running match total of every seat, deal by deal (with the target line)."""
    names = list(names or [f"Seat {i + 1}" for i in range(game.players)])
    rows = running_totals(game)
    fig = Figure(figsize=figsize, layout="constrained")
    ax = fig.add_subplot()
    deals = list(range(len(rows)))
    for seat in range(game.players):
        ax.plot(deals, [r[seat] for r in rows], STYLES[seat], label=names[seat])
    target = game.options.target
    if target is not None and not game.options.settle:
        ax.axhline(target, color="grey", linewidth=1, linestyle=":")
        ax.text(0, target, f" target {target}", va="bottom", fontsize=8, color="grey")
    ax.set_xticks(deals)
    ax.set_xlabel("after deal")
    ax.set_ylabel("settled total" if game.options.settle else "match total (points)")
    ax.set_title(f"Match totals ({SCORING_NAMES[game.options.scoring]} scoring)")
    ax.grid(alpha=0.3)
    ax.legend()
    return fig


def what_if_figure(
    candidates: Sequence[Candidate], *, title: str = "", figsize: tuple[float, float] = (7, 3.6)
) -> Figure:
    """Expected final points per candidate move, with confidence-interval error bars."""
    fig = Figure(
        figsize=(figsize[0], max(figsize[1], 0.4 * len(candidates) + 1)), layout="constrained"
    )
    ax = fig.add_subplot()
    labels = [str(c.move) for c in candidates][::-1]
    means = [c.mean for c in candidates][::-1]
    errors = [
        [c.mean - c.low for c in candidates][::-1],
        [c.high - c.mean for c in candidates][::-1],
    ]
    ax.barh(labels, means, xerr=errors, color="#4c72b0", capsize=4, alpha=0.85)
    for y, m in enumerate(means):
        ax.text(m, y, f" {m:.1f}", va="center", ha="left", fontsize=8)
    n = candidates[0].samples if candidates else 0
    ax.set_xlabel(f"points at the end of the deal (mean of {n} playouts, 95% CI)")
    ax.set_title(title or "What if: expected points per move")
    ax.grid(axis="x", alpha=0.3)
    return fig


def scoring_comparison_figure(
    stats: Mapping[str, Sequence[DealStats]], *, figsize: tuple[float, float] = (11, 3.8)
) -> Figure:
    """Two panels: how often the ace of spades' captor wins the deal, per scoring; and
    the distribution of a seat's points per deal, per scoring."""
    fig = Figure(figsize=figsize, layout="constrained")
    left, right = fig.subplots(1, 2)
    names = [SCORING_NAMES.get(k, k) for k in stats]
    rates = [ace_of_spades_wins(v) for v in stats.values()]
    left.bar(
        names,
        [r[0] for r in rates],
        yerr=[[r[0] - r[1] for r in rates], [r[2] - r[0] for r in rates]],
        capsize=6,
        color=["#c44e52", "#55a868"][: len(names)],
        hatch="//",
    )
    for x, r in enumerate(rates):
        left.text(x, r[0] / 2, f"{r[0]:.0%}", ha="center", color="white", fontweight="bold")
    players = next(iter(stats.values()))[0].players if stats else 3
    left.axhline(1 / players, color="grey", linestyle=":", linewidth=1)
    left.text(-0.4, 1 / players, f" chance (1/{players})", va="bottom", fontsize=8)
    left.set_ylim(0, 1)
    left.set_ylabel("share of deals won")
    left.set_title("Captured the ace of spades → won the deal?")
    points = [[p for d in v for p in d.points] for v in stats.values()]
    right.hist(points, bins=20, label=names, histtype="step", linewidth=2)
    right.set_xlabel("points of one seat in one deal")
    right.set_ylabel("seat-deals")
    right.set_title(f"Points per seat ({sum(len(v) for v in stats.values())} bot deals)")
    right.legend()
    return fig


def figure_image(fig: Figure, dpi: int = 96) -> Any:
    """The figure as an ``IPython.display.Image`` (PNG): shows in any front end and in an
    ``Output`` widget, whatever matplotlib backend the kernel uses."""
    from IPython.display import Image

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return Image(data=buf.getvalue(), format="png")
