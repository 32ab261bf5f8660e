"""Matplotlib figures only Matchstick Tycoon has: the card costs and simulated games.

Every function returns a ``matplotlib.figure.Figure`` built without pyplot (no
global state, nothing to close) that shows itself as a PNG as a cell's value;
the what-if chart is the shared one (``report.plot()``,
:func:`tabletop_widgets.analysis.plots.what_if_figure`).

>>> fig = cost_heatmap()
>>> [ax.get_title() for ax in fig.axes[:2]]
['Upright', 'Turned over']
"""

from __future__ import annotations

import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

from tabletop_widgets.analysis import SimulationReport
from tabletop_widgets.analysis.plots import in_chart_fonts, new_figure
from tabletop_widgets.core.i18n import _, ngettext
from tabletop_widgets.games.matchstick_tycoon import shapes
from tabletop_widgets.ui.words import ordinal, seat_label

__all__ = ["cost_heatmap", "games_figure"]

WIN_COLOUR = "#3b7dd8"
RANK_COLOUR = "#e08a2c"


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
    return _cost_heatmap(expansion, figsize)


@in_chart_fonts
def _cost_heatmap(expansion: int, figsize: tuple[float, float]) -> Figure:
    """The cost heatmap, built in the current rc settings."""
    faces = shapes.faces_in_deck(expansion)
    values = shapes.values_in_play(expansion)
    grids = [_cost_grid(t, faces, values) for t in (False, True)]
    top = int(np.nanmax([np.nanmax(g) for g in grids]))
    cmap = ListedColormap(
        ["#f7f7f7", "#fde0c5", "#facba6", "#f8b58b", "#f59e72", "#f2855d", "#ef6a4c", "#eb4a40"][
            : top + 1
        ]
    )
    fig = new_figure(figsize)
    axes = fig.subplots(1, 2)
    image = None
    for ax, grid, title in zip(axes, grids, (_("Upright"), _("Turned over")), strict=True):
        image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=-0.5, vmax=top + 0.5)
        ax.set_facecolor("white")
        ax.set_xticks(range(len(values)), list(values))
        ax.set_yticks(range(len(faces)), list(faces))
        ax.set_xlabel(_("acts as value"))
        ax.set_ylabel(_("card face"))
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
    bar.set_label(_("sticks to add (blank: impossible)"))
    fig.suptitle(_("Matchstick Tycoon: what each card can become, and for how many sticks"))
    return fig


def games_figure(report: SimulationReport, *, figsize: tuple[float, float] = (13, 4)) -> Figure:
    """Three panels from a simulation that kept its games (``keep=True``): the game
    length, each seat's places, and how many revolutions (5-card plays) a game has.

    >>> from tabletop_widgets.analysis import simulate
    >>> report = simulate("matchstick_tycoon", 4, options={"players": 3}, seed=1, keep=True)
    >>> [ax.get_title() for ax in games_figure(report).axes]
    ['Game length', 'Places by seat', 'Revolutions per game']
    """
    return _games_figure(report, figsize)


@in_chart_fonts
def _games_figure(report: SimulationReport, figsize: tuple[float, float]) -> Figure:
    """The three panels, built in the current rc settings."""
    if not report.games:
        raise ValueError("no games to plot")
    if report.games[0].moves is None:
        raise ValueError("games_figure needs the moves: simulate with keep=True")
    players = report.players
    fig = new_figure(figsize)
    ax_len, ax_rank, ax_rev = fig.subplots(1, 3)

    lengths = np.array([g.length for g in report.games])
    ax_len.hist(lengths, bins=min(30, max(5, len(lengths) // 5)), color=WIN_COLOUR, alpha=0.85)
    ax_len.axvline(lengths.mean(), color="black", linestyle="--", linewidth=1)
    ax_len.set_title(_("Game length"))
    mean = f"{lengths.mean():.1f}"
    ax_len.set_xlabel(_("moves (mean {mean})", mean=mean))
    ax_len.set_ylabel(_("games"))

    # share[seat, place - 1]: stacked bars, first place at the bottom
    share = np.zeros((players, players))
    for g in report.games:
        for seat, place in enumerate(g.result.places):
            share[seat, place - 1] += 1
    share /= len(report.games)
    bottom = np.zeros(players)
    from matplotlib import colormaps

    for r in range(players):
        ax_rank.bar(
            range(players),
            share[:, r],
            bottom=bottom,
            color=colormaps["viridis"](r / max(players - 1, 1)),
            label=ordinal(r + 1),
        )
        bottom += share[:, r]
    ax_rank.set_xticks(range(players), [seat_label(s) for s in range(players)])
    ax_rank.set_ylim(0, 1)
    ax_rank.set_ylabel(_("share of games"))
    ax_rank.set_title(_("Places by seat"))
    ax_rank.legend(title=_("place"), fontsize=8, loc="upper left", bbox_to_anchor=(1, 1))

    revs = np.array(
        [sum(1 for m in g.moves if m.kind == "play" and m.count == 5) for g in report.games]
    )
    counts = np.bincount(revs)
    ax_rev.bar(range(len(counts)), counts / len(revs), color=RANK_COLOUR, alpha=0.85)
    ax_rev.set_title(_("Revolutions per game"))
    mean, share = f"{revs.mean():.2f}", f"{np.mean(revs == 0):.0%}"
    ax_rev.set_xlabel(
        _("5-card plays (mean {mean}; none in {share} of games)", mean=mean, share=share)
    )
    ax_rev.set_ylabel(_("share of games"))
    ax_rev.set_xticks(range(len(counts)))
    fig.suptitle(
        ngettext(
            "{n} simulated {players}-player game",
            "{n} simulated {players}-player games",
            len(report.games),
            players=players,
        )
    )
    return fig
