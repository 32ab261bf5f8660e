"""Zero-sum matrix games solved by linear programming, and the duel's payoff matrix.

A duel is a simultaneous choice, so its best play is usually a *mixed*
strategy: a probability for each card.  :func:`solve_zero_sum` finds the
value and both players' optimal mixes with ``scipy.optimize.linprog``.

>>> value, rows, cols = solve_zero_sum([[1, -1], [-1, 1]])   # matching pennies
>>> round(value, 6), [round(float(p), 6) for p in rows], [round(float(p), 6) for p in cols]
(0.0, [0.5, 0.5], [0.5, 0.5])
>>> round(solve_zero_sum([[3, 1], [4, 2]])[0], 6)   # saddle point: row 2, column 2
2.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tabletop_widgets.games.fistful_of_gold.cards import Card
from tabletop_widgets.games.fistful_of_gold.duel import resolve_duel
from tabletop_widgets.games.fistful_of_gold.options import Options

if TYPE_CHECKING:
    import numpy as np

# numpy and scipy are imported where they are used: they add ~50 MB to every
# kernel of the play and tutorial pages, which import the bots but mostly never
# meet the equilibrium bot.


def solve_zero_sum(matrix: Any) -> tuple[float, np.ndarray, np.ndarray]:
    """Value and optimal mixed strategies of the zero-sum game ``matrix``.

    ``matrix[i][j]`` is what the row player wins (the column player loses)
    when row ``i`` meets column ``j``.  The row player maximises the payoff
    it can guarantee ``v``: ``max v`` subject to ``x @ A[:, j] >= v`` for every
    column, ``sum(x) = 1``, ``x >= 0``; the column player solves the mirror LP.
    """
    import numpy as np

    a = np.asarray(matrix, dtype=float)
    if a.ndim != 2 or a.shape[0] == 0 or a.shape[1] == 0:
        raise ValueError("the payoff matrix must be a non-empty 2-D array")
    if not np.all(np.isfinite(a)):
        raise ValueError("the payoff matrix must hold finite numbers")
    value, rows = _maximin(a)
    _, cols = _maximin(-a.T)  # the column player maximises minus the row payoff
    return value, rows, cols


def _maximin(a: np.ndarray) -> tuple[float, np.ndarray]:
    import numpy as np
    from scipy.optimize import linprog

    m, n = a.shape
    # Variables: x_1..x_m, then v.  linprog minimises, so minimise -v.
    cost = np.zeros(m + 1)
    cost[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((n, 1))])  # v - x @ A[:, j] <= 0
    a_eq = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    bounds = [(0, None)] * m + [(None, None)]
    res = linprog(
        cost, A_ub=a_ub, b_ub=np.zeros(n), A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs"
    )
    if not res.success:  # pragma: no cover - a finite matrix game always has a solution
        raise RuntimeError(f"linprog failed: {res.message}")
    x = np.clip(res.x[:m], 0.0, None)
    # ``+ 0.0`` turns a solver's -0.0 into 0.0.
    return float(res.x[-1]) + 0.0, x / x.sum()


class DuelState(Protocol):
    """What the matrix builder reads: a Position, or an Observation of one seat."""

    options: Options

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def round(self) -> int: ...
    @property
    def duel(self) -> int: ...
    @property
    def pot(self) -> int: ...
    @property
    def bonus(self) -> tuple[int, int]: ...
    def legal_cards(self, seat: int) -> tuple[Card, ...]: ...


def duel_payoff(state: DuelState, seat: int, mine: Card, theirs: Card) -> int:
    """Gold ``seat`` gains minus gold the opponent gains if ``mine`` meets ``theirs`` now.

    Counts the duel's gold, the green-7 bonus and a pot taken by a 6; gold a
    tie puts into the pot counts for nobody yet.
    """
    pink, green = (mine, theirs) if seat == 0 else (theirs, mine)
    sixes = tuple(any(c.rank == "6" for c in row) for row in state.rows)
    r = resolve_duel(
        state.options,
        pink,
        green,
        round_no=state.round,
        duel=state.duel,
        pot=state.pot,
        bonus=state.bonus,
        sixes_played=(sixes[0], sixes[1]),
    )
    return r.gold[seat] - r.gold[1 - seat]


def duel_matrix(
    state: DuelState,
    seat: int,
    mine: Sequence[Card] | None = None,
    theirs: Sequence[Card] | None = None,
) -> tuple[np.ndarray, tuple[Card, ...], tuple[Card, ...]]:
    """The payoff matrix of this duel for ``seat``, with its row and column cards.

    Rows are ``seat``'s legal cards, columns the opponent's: exact from a
    Position, inferred (every card not seen leaving the hand) from an
    Observation.  Entries are :func:`duel_payoff`.

    >>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    >>> g = FistfulOfGold.new(seed=1)
    >>> _ = g.play("discard pink 1 pink 2"); _ = g.play("discard green 1 green 2")
    >>> m, rows, cols = duel_matrix(g.position, 0)
    >>> m.shape, str(rows[0]), str(cols[0]), int(m[0, 0])
    ((7, 7), 'pink 3', 'green 3', 0)
    """
    import numpy as np

    row_cards = tuple(state.legal_cards(seat) if mine is None else mine)
    col_cards = tuple(state.legal_cards(1 - seat) if theirs is None else theirs)
    m = np.array(
        [[duel_payoff(state, seat, a, b) for b in col_cards] for a in row_cards], dtype=float
    ).reshape(len(row_cards), len(col_cards))
    return m, row_cards, col_cards
