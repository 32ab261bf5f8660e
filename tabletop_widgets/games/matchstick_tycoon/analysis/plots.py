"""Matplotlib figures for Matchstick Tycoon analyses.

Every function returns a ``matplotlib.figure.Figure`` built without pyplot
(no global state, safe from a background thread, nothing to close).  It is
a :class:`NotebookFigure`, which shows itself as a PNG when it is a cell's
value even if pyplot was never imported (no inline backend active).

>>> fig = cost_heatmap()
>>> [ax.get_title() for ax in fig.axes[:2]]
['Upright', 'Turned over']
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

from tabletop_widgets.games.matchstick_tycoon import shapes

from .simulate import GameStats
from .whatif import WhatIfReport


class NotebookFigure(Figure):
    """A Figure with a PNG representation for Jupyter."""

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.savefig(buf, format="png", bbox_inches="tight")
        return buf.getvalue()


WIN_COLOUR = "#3b7dd8"
RANK_COLOUR = "#e08a2c"


def _label(text: str, width: int = 22) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def whatif_figure(
    report: WhatIfReport, *, top: int | None = 12, figsize: tuple[float, float] | None = None
) -> Figure:
    """Two panels of horizontal bars, best move on top: the win rate with its
    Wilson interval, and the expected rank with its t interval.

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> from tabletop_widgets.games.matchstick_tycoon.analysis.whatif import analyse, most_promising
    >>> g = MatchstickTycoon.new(players=4, seed=3)
    >>> rep = analyse(g, candidates=most_promising(g, 3), playouts=4)
    >>> [ax.get_xlabel() for ax in whatif_figure(rep).axes]
    ['win rate (finishing first)', 'expected rank (1 = first out)']
    """
    est = report.ranked()[:top] if top else report.ranked()
    n = len(est)
    fig = NotebookFigure(figsize=figsize or (9, 1.2 + 0.38 * max(n, 1)), layout="constrained")
    ax_win, ax_rank = fig.subplots(1, 2, sharey=True)
    y = np.arange(n)[::-1]  # best on top
    labels = [_label(e.move.text) for e in est]

    win = np.array([e.win_rate for e in est])
    lo = np.array([e.win_low for e in est])
    hi = np.array([e.win_high for e in est])
    ax_win.barh(y, win, color=WIN_COLOUR, alpha=0.85)
    ax_win.errorbar(
        win, y, xerr=np.clip([win - lo, hi - win], 0, None), fmt="none", ecolor="black", capsize=3
    )
    ax_win.set_xlim(0, 1)
    ax_win.set_xlabel("win rate (finishing first)")
    ax_win.set_yticks(y, labels, fontfamily="monospace")

    players = est[0].players if est else 4
    rank = np.array([e.mean_rank if e.playouts else np.nan for e in est])
    rlo = np.array([e.rank_interval[0] for e in est])
    rhi = np.array([e.rank_interval[1] for e in est])
    ax_rank.barh(y, rank - 1, left=1, color=RANK_COLOUR, alpha=0.85)
    err = np.clip(np.nan_to_num([rank - rlo, rhi - rank], nan=0.0, posinf=0.0), 0, None)
    ax_rank.errorbar(rank, y, xerr=err, fmt="none", ecolor="black", capsize=3)
    ax_rank.set_xlim(1, players)
    ax_rank.set_xlabel("expected rank (1 = first out)")
    for ax in (ax_win, ax_rank):
        ax.grid(axis="x", alpha=0.3)
    state = "done" if report.done else ("stopped" if report.cancelled else "running")
    per = min((e.playouts for e in est), default=0)
    fig.suptitle(
        f"What if seat {report.seat + 1} plays…  ({per}+ playouts each, "
        f"{int(est[0].confidence * 100) if est else 95}% intervals, {state})"
    )
    return fig


def _cost_grid(turned: bool, faces: str, values: str) -> np.ndarray:
    """Stick cost of each face (rows) to each value (columns) in one orientation;
    NaN where that orientation cannot reach the value."""
    grid = np.full((len(faces), len(values)), np.nan)
    for i, f in enumerate(faces):
        printed = shapes.face_mask(f, turned)
        for j, v in enumerate(values):
            if printed & shapes.GLYPH_MASKS[v] == printed:
                grid[i, j] = shapes.segment_count(v) - shapes.segment_count(f)
    return grid


def cost_heatmap(expansion: int = 0, *, figsize: tuple[float, float] = (12, 5.2)) -> Figure:
    """Face → value transformation costs (MT-3), upright and turned over.

    One panel per orientation; each cell is the number of sticks to add, blank
    where the card cannot show that value that way round.  The costs agree
    with ``shapes.cost`` (which takes the cheaper way round).

    >>> fig = cost_heatmap(expansion=2)
    >>> len(fig.axes[0].get_xticks()), len(fig.axes[0].get_yticks())
    (18, 16)
    """
    faces = shapes.faces_in_deck(expansion)
    values = shapes.values_in_play(expansion)
    grids = [_cost_grid(t, faces, values) for t in (False, True)]
    top = int(np.nanmax([np.nanmax(g) for g in grids]))
    cmap = ListedColormap(
        ["#f7f7f7", "#fde0c5", "#facba6", "#f8b58b", "#f59e72", "#f2855d", "#ef6a4c", "#eb4a40"][
            : top + 1
        ]
    )
    fig = NotebookFigure(figsize=figsize, layout="constrained")
    axes = fig.subplots(1, 2)
    image = None
    for ax, grid, title in zip(axes, grids, ("Upright", "Turned over"), strict=True):
        image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=-0.5, vmax=top + 0.5)
        ax.set_facecolor("white")
        ax.set_xticks(range(len(values)), list(values))
        ax.set_yticks(range(len(faces)), list(faces))
        ax.set_xlabel("acts as value")
        ax.set_ylabel("card face")
        ax.set_title(title)
        ax.set_xticks(np.arange(-0.5, len(values)), minor=True)
        ax.set_yticks(np.arange(-0.5, len(faces)), minor=True)
        ax.grid(which="minor", color="#dddddd", linewidth=0.5)
        ax.tick_params(which="minor", length=0)
        for (i, j), c in np.ndenumerate(grid):
            if not np.isnan(c):
                ax.text(
                    j,
                    i,
                    str(int(c)),
                    ha="center",
                    va="center",
                    fontsize=8,
                    fontweight="bold" if c == 0 else "normal",
                )
    bar = fig.colorbar(image, ax=axes, shrink=0.8, ticks=range(top + 1))
    bar.set_label("sticks to add (blank: impossible)")
    fig.suptitle("Matchstick Tycoon: what each card can become, and for how many sticks")
    return fig


def games_figure(stats: Sequence[GameStats], *, figsize: tuple[float, float] = (13, 4)) -> Figure:
    """Three panels from simulated games: the game length, each seat's rank
    distribution, and how many revolutions (5-card plays) a game has.

    >>> from tabletop_widgets.games.matchstick_tycoon.analysis import simulate_games
    >>> fig = games_figure(simulate_games(4, players=3, seed=1))
    >>> [ax.get_title() for ax in fig.axes]
    ['Game length', 'Rank by seat', 'Revolutions per game']
    """
    if not stats:
        raise ValueError("no games to plot")
    players = stats[0].players
    fig = NotebookFigure(figsize=figsize, layout="constrained")
    ax_len, ax_rank, ax_rev = fig.subplots(1, 3)

    lengths = np.array([s.moves for s in stats])
    ax_len.hist(lengths, bins=min(30, max(5, len(stats) // 5)), color=WIN_COLOUR, alpha=0.85)
    ax_len.axvline(lengths.mean(), color="black", linestyle="--", linewidth=1)
    ax_len.set_title("Game length")
    ax_len.set_xlabel(f"moves (mean {lengths.mean():.1f})")
    ax_len.set_ylabel("games")

    # share[seat, rank-1]: stacked bars, first place at the bottom
    share = np.zeros((players, players))
    for s in stats:
        for rank, seat in enumerate(s.ranking):
            share[seat, rank] += 1
    share /= len(stats)
    bottom = np.zeros(players)
    colours = [_rank_colour(r, players) for r in range(players)]
    for r in range(players):
        ax_rank.bar(
            range(players), share[:, r], bottom=bottom, color=colours[r], label=_ordinal(r + 1)
        )
        bottom += share[:, r]
    ax_rank.set_xticks(range(players), [f"seat {s + 1}" for s in range(players)])
    ax_rank.set_ylim(0, 1)
    ax_rank.set_ylabel("share of games")
    ax_rank.set_title("Rank by seat")
    ax_rank.legend(title="place", fontsize=8, loc="upper left", bbox_to_anchor=(1, 1))

    revs = np.array([s.revolutions for s in stats])
    counts = np.bincount(revs)
    ax_rev.bar(range(len(counts)), counts / len(stats), color=RANK_COLOUR, alpha=0.85)
    ax_rev.set_title("Revolutions per game")
    ax_rev.set_xlabel(
        f"5-card plays (mean {revs.mean():.2f}; none in {np.mean(revs == 0):.0%} of games)"
    )
    ax_rev.set_ylabel("share of games")
    ax_rev.set_xticks(range(len(counts)))
    fig.suptitle(f"{len(stats)} simulated {players}-player games")
    return fig


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix}"


def _rank_colour(rank: int, players: int) -> tuple[float, float, float, float]:
    from matplotlib import colormaps

    return colormaps["viridis"](rank / max(players - 1, 1))
