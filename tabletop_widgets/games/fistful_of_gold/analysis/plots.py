"""A Fistful of Gold plots: the duel payoff heatmap, equilibrium mixes, bot win rates.

Each function draws on a matplotlib ``Axes`` (a new figure when none is
given) and returns it, so notebooks can arrange them.  The numbers come
from the engine (:func:`duel_matrix`, :func:`solve_zero_sum`) and from
:mod:`.fistful_sim`.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> m, rows, cols = first_duel_matrix()
>>> m.shape, int(m[4, 1])   # pink 5 against green 2: higher card wins 3
((9, 9), 3)
>>> ax = payoff_heatmap()
>>> ax.get_title()
'Gold for pink, first duel (pink rows, green columns)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tabletop_widgets.games.fistful_of_gold import Card, FistfulOfGold, deck
from tabletop_widgets.games.fistful_of_gold.analysis.simulate import MatchStats
from tabletop_widgets.games.fistful_of_gold.equilibrium import duel_matrix, solve_zero_sum

__all__ = [
    "equilibrium_bars",
    "equilibrium_mix",
    "first_duel_matrix",
    "payoff_heatmap",
    "win_rate_plot",
]


def _axes(ax: Any, size: tuple[float, float]) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt  # imported late: simulations never need it

    _, ax = plt.subplots(figsize=size)
    return ax


def first_duel_matrix(**options: Any) -> tuple[np.ndarray, tuple[Card, ...], tuple[Card, ...]]:
    """Pink's net gold for every pink card (rows) against every green card (columns)
    in duel 1 of round 1, empty pot; ``options`` are the engine's (e.g. ``specials``)."""
    pos = FistfulOfGold.new(**options).position
    return duel_matrix(pos, 0, mine=deck("pink"), theirs=deck("green"))


def _label(card: Card) -> str:
    return "D" if card.is_dynamite else card.rank


def payoff_heatmap(
    matrix: np.ndarray | None = None,
    rows: Sequence[Card] | None = None,
    cols: Sequence[Card] | None = None,
    *,
    ax: Any = None,
    title: str = "Gold for pink, first duel (pink rows, green columns)",
) -> Any:
    """A heatmap of a duel payoff matrix with every cell written in (red: pink loses)."""
    if matrix is None:
        matrix, rows, cols = first_duel_matrix()
    assert rows is not None and cols is not None
    ax = _axes(ax, (6.4, 5.4))
    limit = float(np.abs(matrix).max()) or 1.0
    image = ax.imshow(matrix, cmap="RdYlGn", vmin=-limit, vmax=limit)
    ax.set_xticks(range(len(cols)), [_label(c) for c in cols])
    ax.set_yticks(range(len(rows)), [_label(c) for c in rows])
    ax.set_xlabel("green plays")
    ax.set_ylabel("pink plays")
    for i in range(matrix.shape[0]):
        for j in range(matrix.shape[1]):
            v = matrix[i, j]
            # Numbers as well as colour, so the chart reads without colour vision.
            ax.text(j, i, f"{v:+g}" if v else "0", ha="center", va="center", fontsize=8)
    ax.figure.colorbar(image, ax=ax, label="pink's gold minus green's")
    ax.set_title(title)
    return ax


def equilibrium_mix(
    matrix: np.ndarray | None = None,
    rows: Sequence[Card] | None = None,
    cols: Sequence[Card] | None = None,
) -> dict[str, Any]:
    """Value and both optimal mixes of a duel matrix (the first duel by default).

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


def equilibrium_bars(mix: dict[str, Any] | None = None, *, ax: Any = None) -> Any:
    """Both players' equilibrium probabilities per card value, side by side."""
    mix = mix or equilibrium_mix()
    ax = _axes(ax, (7.0, 3.6))
    labels = [name.split()[-1].replace("dynamite", "D") for name in mix["pink"]]
    x = np.arange(len(labels))
    ax.bar(
        x - 0.2,
        list(mix["pink"].values()),
        0.4,
        label="pink",
        color="#c2407a",
        hatch="//",
        edgecolor="white",
    )
    ax.bar(
        x + 0.2,
        list(mix["green"].values()),
        0.4,
        label="green",
        color="#2f8a43",
        hatch="..",
        edgecolor="white",
    )
    ax.set_xticks(x, labels)
    ax.set_xlabel("card")
    ax.set_ylabel("probability")
    ax.set_title(f"Equilibrium mix of the first duel (value {mix['value']:+.2f} gold for pink)")
    ax.legend()
    return ax


def win_rate_plot(results: Sequence[MatchStats], *, ax: Any = None) -> Any:
    """Each pairing's score for the first bot with its Wilson interval; 50% marked."""
    ax = _axes(ax, (7.0, 0.8 + 0.7 * len(results)))
    y = np.arange(len(results))
    scores = np.array([r.score for r in results])
    lo = np.array([r.interval[0] for r in results])
    hi = np.array([r.interval[1] for r in results])
    ax.errorbar(scores, y, xerr=[scores - lo, hi - scores], fmt="o", capsize=5, color="#333")
    ax.axvline(0.5, color="#888", linestyle="--", linewidth=1)
    ax.set_yticks(y, [f"{r.first} vs {r.second}\n({r.games} games)" for r in results])
    ax.set_xlim(0, 1)
    ax.set_xlabel(
        f"score of the first bot (win = 1, draw = 1/2), {results[0].confidence:.0%} Wilson interval"
        if results
        else "score"
    )
    ax.set_title("Bots against each other")
    for yi, r in zip(y, results, strict=True):
        ax.annotate(
            f"{r.wins}-{r.losses}-{r.draws}",
            (r.score, yi),
            textcoords="offset points",
            xytext=(0, 8),
            ha="center",
            fontsize=8,
        )
    ax.invert_yaxis()
    return ax
