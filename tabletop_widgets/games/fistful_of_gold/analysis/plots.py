"""The duel of A Fistful of Gold: its payoff matrix, its equilibrium, and charts of both.

A duel is a simultaneous choice, so its best play is a probability for each
card: the zero-sum equilibrium, solved by linear programming
(:mod:`tabletop_widgets.games.fistful_of_gold.equilibrium`).  The numbers
come from the engine; each chart function returns a matplotlib ``Figure``
built without pyplot (drawn on ``ax`` when one is given) that shows itself as a
PNG as a cell's value.

>>> m, rows, cols = first_duel_matrix()
>>> m.shape, int(m[4, 1])   # pink 5 against green 2: higher card wins 3
((9, 9), 3)
>>> payoff_heatmap().axes[0].get_title()
'Gold for pink, first duel (pink rows, green columns)'
>>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
>>> g = FistfulOfGold.new(seed=1)
>>> _ = g.play("discard pink 1 pink 2"); _ = g.play("discard green 1 green 2")
>>> mix = equilibrium_mix(*duel_matrix_now(g))   # the duel the game is at
>>> len(mix["pink"]), round(sum(mix["pink"].values()), 6)
(7, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from tabletop_widgets.analysis.plots import in_chart_fonts, new_figure
from tabletop_widgets.core.i18n import _
from tabletop_widgets.games.fistful_of_gold import Card, FistfulOfGold, deck
from tabletop_widgets.games.fistful_of_gold.equilibrium import duel_matrix, solve_zero_sum

__all__ = [
    "duel_matrix_now",
    "equilibrium_bars",
    "equilibrium_mix",
    "first_duel_matrix",
    "matchup_bars",
    "payoff_heatmap",
]


def _axes(ax: Any, size: tuple[float, float]) -> Any:
    return new_figure(size).add_subplot() if ax is None else ax


def first_duel_matrix(**options: Any) -> tuple[np.ndarray, tuple[Card, ...], tuple[Card, ...]]:
    """Pink's net gold for every pink card (rows) against every green card (columns) in a
    first duel with an empty pot and every card still in both hands; ``options`` are the
    engine's (e.g. ``specials``).

    That is the duel before any card has left a hand: in a real round each player first
    discards two cards face down (FG-2), so the duel 1 actually played has 7 cards a side
    (:func:`duel_matrix_now` gives it from a game at that duel).  Returns the matrix, the
    rows' cards and the columns' cards."""
    pos = FistfulOfGold.new(**options).position
    return duel_matrix(pos, 0, mine=deck("pink"), theirs=deck("green"))


def duel_matrix_now(game: FistfulOfGold) -> tuple[np.ndarray, tuple[Card, ...], tuple[Card, ...]]:
    """Pink's net gold for each card pink may play against each card green may play in
    the duel ``game`` is at (ValueError outside a duel).

    A referee's view: both hands as they are, the face-down discards included, so the
    matrix is the duel's true one.  What one player can know is less (an observation
    hides the other's discards); the bots reason from observations instead.  Returns the
    matrix, the rows' cards and the columns' cards."""
    if game.is_over or game.position.phase != "duel":
        raise ValueError("the game is not at a duel: play the discards first")
    return duel_matrix(game.position, 0)


def _label(card: Card) -> str:
    return "D" if card.is_dynamite else card.rank


@in_chart_fonts
def payoff_heatmap(
    matrix: np.ndarray | None = None,
    rows: Sequence[Card] | None = None,
    cols: Sequence[Card] | None = None,
    *,
    ax: Any = None,
    title: str | None = None,
) -> Figure:
    """A heatmap of a duel payoff matrix with every cell written in (red: pink loses);
    its words in the current language.  The title says "first duel" unless ``title``
    gives another: name the duel when you draw one of :func:`duel_matrix_now`."""
    if matrix is None:
        matrix, rows, cols = first_duel_matrix()
    assert rows is not None and cols is not None
    ax = _axes(ax, (6.4, 5.4))
    limit = float(np.abs(matrix).max()) or 1.0
    image = ax.imshow(matrix, cmap="RdYlGn", vmin=-limit, vmax=limit)
    ax.set_xticks(range(len(cols)), [_label(c) for c in cols])
    ax.set_yticks(range(len(rows)), [_label(c) for c in rows])
    ax.set_xlabel(_("green plays"))
    ax.set_ylabel(_("pink plays"))
    for i in range(matrix.shape[0]):
        for j in range(matrix.shape[1]):
            v = matrix[i, j]
            # Numbers as well as colour, so the chart reads without colour vision.
            ax.text(j, i, f"{v:+g}" if v else "0", ha="center", va="center", fontsize=8)
    ax.figure.colorbar(image, ax=ax, label=_("pink's gold minus green's"))
    ax.set_title(title or _("Gold for pink, first duel (pink rows, green columns)"))
    return ax.figure


def equilibrium_mix(
    matrix: np.ndarray | None = None,
    rows: Sequence[Card] | None = None,
    cols: Sequence[Card] | None = None,
) -> dict[str, Any]:
    """Value and both optimal mixes of a duel matrix (the first duel by default):
    ``{"value": gold per duel for pink, "pink": {card: probability}, "green": {…}}``, each
    card as written (``"pink 5"``, ``"pink dynamite"``).  The value counts this duel's gold
    only, not the duels after it.

    >>> mix = equilibrium_mix()   # the pink 8 gives pink a small edge in duel 1
    >>> round(mix["value"], 3), round(sum(mix["pink"].values()), 6)
    (0.249, 1.0)
    """
    if matrix is None:
        matrix, rows, cols = first_duel_matrix()
    assert rows is not None and cols is not None
    value, x, y = solve_zero_sum(matrix)
    return {
        "value": value,
        "pink": {str(c): float(p) for c, p in zip(rows, x, strict=True)},
        "green": {str(c): float(p) for c, p in zip(cols, y, strict=True)},
    }


@in_chart_fonts
def equilibrium_bars(mix: dict[str, Any] | None = None, *, ax: Any = None) -> Figure:
    """Both players' equilibrium probabilities per card, side by side."""
    mix = mix or equilibrium_mix()
    ax = _axes(ax, (7.0, 3.6))
    names = sorted(
        {n.split()[-1] for side in ("pink", "green") for n in mix[side]},
        key=lambda r: (r == "dynamite", r),
    )

    def probs(side: str) -> list[float]:
        by_rank = {n.split()[-1]: p for n, p in mix[side].items()}
        return [by_rank.get(r, 0.0) for r in names]

    x = np.arange(len(names))
    ax.bar(x - 0.2, probs("pink"), 0.4, label=_("pink"), color="#c2407a", hatch="//")
    ax.bar(x + 0.2, probs("green"), 0.4, label=_("green"), color="#2f8a43", hatch="..")
    ax.set_xticks(x, [n.replace("dynamite", "D") for n in names])
    ax.set_xlabel(_("card"))
    ax.set_ylabel(_("probability"))
    value = f"{mix['value']:+.2f}"
    ax.set_title(_("Equilibrium mix of the duel (value {value} gold for pink)", value=value))
    ax.legend()
    return ax.figure


@in_chart_fonts
def matchup_bars(rows: Sequence[dict[str, Any]], *, ax: Any = None) -> Figure:
    """The first bot's score in each pairing with its interval (rows as the round robin's
    ``to_records()``, bot names already in the reader's words); a draw counts half."""
    ax = _axes(ax, (7.0, 0.6 + 0.55 * max(1, len(rows))))
    labels = [_("{first} against {second}", first=r["first"], second=r["second"]) for r in rows]
    means = [100 * r["score"] for r in rows]
    low = [100 * (r["score"] - r["score low"]) for r in rows]
    high = [100 * (r["score high"] - r["score"]) for r in rows]
    y = np.arange(len(rows))
    ax.barh(y, means, xerr=[low, high], color="#6b8fc7", capsize=4)
    ax.axvline(50, color="#444", linestyle="--", linewidth=1)
    ax.set_yticks(y, labels)
    ax.set_xlim(0, 100)
    ax.invert_yaxis()
    ax.set_xlabel(_("score of the first bot, % (a draw counts half)"))
    ax.set_title(_("Bots against each other (bars: 95% intervals)"))
    return ax.figure
