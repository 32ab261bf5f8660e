"""Small zero-sum matrix games solved exactly in pure Python (no numpy, no scipy).

The hard bot solves thousands of tiny games (at most 9 cards a side) per
decision, and the play page's kernel must not load numpy or scipy, so this is
a simplex on a condensed tableau with shortcuts for the common easy cases:
one row or column, a saddle point, a 2-by-2 game.

:func:`game_value` gives the value alone (the round solver's inner nodes);
:func:`solve_game` the value and both optimal mixes; :func:`solve_typed` the
row player's mix against an opponent of several *types* (the hands it may
hold), each type choosing its own column knowing its type.

>>> v, rows, cols = solve_game([[1, -1], [-1, 1]])   # matching pennies
>>> round(v, 9), [round(p, 9) for p in rows], [round(p, 9) for p in cols]
(0.0, [0.5, 0.5], [0.5, 0.5])
>>> game_value([[3, 1], [4, 2]])                     # saddle point: row 2, column 2
2
>>> v, mix = solve_typed([[[1, -1], [-1, 1]], [[2], [0]]], [0.5, 0.5])
>>> round(v, 9), [round(p, 9) for p in mix]          # the second type always pays row 1
(0.5, [0.5, 0.5])
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["game_value", "simplex_max", "solve_game", "solve_typed"]

Matrix = Sequence[Sequence[float]]
EPS = 1e-12


def game_value(m: Matrix) -> float:
    """The value of the zero-sum game ``m`` (row player maximises ``m[i][j]``).

    >>> game_value([[2, -1, 0], [-1, 1, 0], [-3, -3, -3]])   # the dominated row 3 goes
    0.0
    """
    rows = len(m)
    if rows == 1:
        return min(m[0])
    cols = len(m[0])
    if cols == 1:
        return max(r[0] for r in m)
    lower = max(min(r) for r in m)
    col_max = [max(r[j] for r in m) for j in range(cols)]
    upper = min(col_max)
    if lower >= upper - EPS:
        return lower
    if rows == 2:
        return _two_rows(m[0], m[1])
    if cols == 2:
        return -_two_rows([-r[0] for r in m], [-r[1] for r in m])
    smaller = _undominated(m)
    if smaller is not None:
        return game_value(smaller)
    return solve_game(m)[0]


def _two_rows(top: Sequence[float], bottom: Sequence[float]) -> float:
    """The value of a game with two rows: the highest point of the lower envelope of
    the lines ``p * top[j] + (1 - p) * bottom[j]`` over ``p`` in [0, 1]."""
    best = max(min(top), min(bottom))
    n = len(top)
    for j in range(n):
        tj, bj = top[j], bottom[j]
        for k in range(j + 1, n):
            # Lines j and k cross where p * (dj - dk) = bk - bj, with d the slopes.
            dj, dk = tj - bj, top[k] - bottom[k]
            if (dj > 0) == (dk > 0) or dj == dk:
                continue
            p = (bottom[k] - bj) / (dj - dk)
            if 0.0 < p < 1.0:
                v = min(bottom[x] + p * (top[x] - bottom[x]) for x in range(n))
                if v > best:
                    best = v
    return best


def _undominated(m: Matrix) -> list[list[float]] | None:
    """``m`` without one weakly dominated row or column (the value stays), or None."""
    rows, cols = len(m), len(m[0])
    for i in range(rows):
        ri = m[i]
        for k in range(rows):
            if k != i and all(x <= y for x, y in zip(ri, m[k], strict=True)):
                return [list(r) for t, r in enumerate(m) if t != i]
    for j in range(cols):
        for k in range(cols):
            if k != j and all(r[j] >= r[k] for r in m):
                return [[x for t, x in enumerate(r) if t != j] for r in m]
    return None


def solve_game(m: Matrix) -> tuple[float, list[float], list[float]]:
    """Value, the row player's optimal mix and the column player's.

    The column player's problem, shifted so every entry is positive, is
    ``max sum(y)`` subject to ``m y <= 1``, ``y >= 0``; the value is
    ``1 / sum(y)`` and the row player's mix comes from the dual.
    """
    rows, cols = len(m), len(m[0])
    low = min(min(r) for r in m)
    shift = 1.0 - low
    a = [[float(x) + shift for x in r] for r in m]
    y, duals, total = simplex_max(a, [1.0] * rows, [1.0] * cols)
    value = 1.0 / total - shift
    return value, [u / total for u in duals], [v / total for v in y]


def solve_typed(blocks: Sequence[Matrix], weights: Sequence[float]) -> tuple[float, list[float]]:
    """The row player's best mix against an opponent whose type ``d`` (probability
    ``weights[d]``) knows itself and plays the columns of ``blocks[d]``.

    Every block has one row per row-player choice.  Maximises
    ``sum_d weights[d] * min_j (x @ blocks[d])[j]`` over mixes ``x``: the
    linear programme ``max sum_d w_d v_d`` with ``v_d <= x @ B_d[:, j]`` and
    ``sum(x) <= 1`` (entries shifted positive, so the optimum spends all of ``x``).
    """
    value, mix, _rows = typed_values(blocks, weights)
    return value, mix


def typed_values(
    blocks: Sequence[Matrix], weights: Sequence[float]
) -> tuple[float, list[float], list[float]]:
    """:func:`solve_typed`'s value and mix, and each row's value against the opponent's
    optimal answer (each type's mix over its columns, from the programme's duals): the
    rows the mix plays are worth the value, the others less.

    >>> value, mix, rows = typed_values([[[1, 0], [0, 1]], [[1, 0], [0, 1]]], [0.5, 0.5])
    >>> round(value, 6), [round(p, 6) for p in mix], [round(r, 6) for r in rows]
    (0.5, [0.5, 0.5], [0.5, 0.5])
    >>> [round(r, 6) for r in typed_values([[[3, 3], [1, 0]]], [1.0])[2]]
    [3.0, 0.0]
    """
    rows = len(blocks[0])
    blocks = [_best_columns(b) for b in blocks]
    low = min(x for b in blocks for r in b for x in r)
    shift = 1.0 - low
    # Variables: x_0..x_{rows-1}, then v_0..v_{T-1}.
    n_types = len(blocks)
    a: list[list[float]] = []
    for d, b in enumerate(blocks):
        for j in range(len(b[0])):
            row = [-(b[i][j] + shift) for i in range(rows)] + [0.0] * n_types
            row[rows + d] = 1.0
            a.append(row)
    a.append([1.0] * rows + [0.0] * n_types)
    rhs = [0.0] * (len(a) - 1) + [1.0]
    cost = [0.0] * rows + [float(w) for w in weights]
    x, duals, total = simplex_max(a, rhs, cost)
    mix = x[:rows]
    s = sum(mix)
    mix = [p / s for p in mix] if s > EPS else [1.0 / rows] * rows
    # The dual of constraint (d, j) is the weight the opponent's type d puts on column j.
    row_values = [0.0] * rows
    k = 0
    for b in blocks:
        for j in range(len(b[0])):
            z = duals[k]
            k += 1
            if z > EPS:
                for i in range(rows):
                    row_values[i] += z * b[i][j]
    return total - shift * sum(weights), mix, row_values


def _best_columns(block: Matrix) -> list[list[float]]:
    """``block`` without the columns another column beats or equals in every row (the
    opponent never needs them: it minimises)."""
    cols = list(zip(*block, strict=True))
    keep = []
    for j, c in enumerate(cols):
        dominated = any(
            k != j
            and all(y <= x for x, y in zip(c, d, strict=True))
            and (any(y < x for x, y in zip(c, d, strict=True)) or k < j)
            for k, d in enumerate(cols)
        )
        if not dominated:
            keep.append(c)
    return [list(r) for r in zip(*keep, strict=True)]


def simplex_max(
    a: list[list[float]], b: list[float], c: list[float]
) -> tuple[list[float], list[float], float]:
    """Maximise ``c @ x`` subject to ``a @ x <= b``, ``x >= 0``, with ``b >= 0``.

    Returns ``x``, the duals of the constraints and the optimum.  A condensed
    tableau (only the non-basic columns are kept); the entering column is the
    most negative reduced cost, ties and the ratio test by lowest index
    (Bland), which after a bounded number of steps takes over entirely so a
    degenerate game cannot cycle.  ``a`` is modified.
    """
    m, n = len(a), len(c)
    t = a
    rhs = list(b)
    obj = [-x for x in c]
    basic = [n + i for i in range(m)]  # slacks are the variables n..n+m-1
    nonbasic = list(range(n))
    for step in range(50 * (m + n)):
        enter = _entering(obj, nonbasic, bland=step > 5 * (m + n))
        if enter < 0:
            break
        leave = -1
        ratio = 0.0
        for i in range(m):
            aij = t[i][enter]
            if aij > 1e-12:
                r = rhs[i] / aij
                if (
                    leave < 0
                    or r < ratio - 1e-12
                    or (r <= ratio + 1e-12 and basic[i] < basic[leave])
                ):
                    leave, ratio = i, r
        if leave < 0:  # pragma: no cover - our games are bounded
            raise ArithmeticError("unbounded linear programme")
        _pivot(t, rhs, obj, leave, enter)
        basic[leave], nonbasic[enter] = nonbasic[enter], basic[leave]
    x = [0.0] * n
    for i, v in enumerate(basic):
        if v < n:
            x[v] = rhs[i]
    duals = [0.0] * m
    for j, v in enumerate(nonbasic):
        if v >= n:
            duals[v - n] = obj[j]
    total = sum(ci * xi for ci, xi in zip(c, x, strict=True))
    return x, duals, total


def _entering(obj: list[float], nonbasic: list[int], *, bland: bool) -> int:
    """The column to enter: the most negative reduced cost, or (Bland) the lowest
    variable with a negative one; -1 at the optimum."""
    enter, best = -1, -1e-10
    for j, oj in enumerate(obj):
        if oj < best:
            if not bland:
                enter, best = j, oj
            elif enter < 0 or nonbasic[j] < nonbasic[enter]:
                enter = j
    return enter


def _pivot(t: list[list[float]], rhs: list[float], obj: list[float], r: int, e: int) -> None:
    """Exchange basic row ``r`` with non-basic column ``e`` (condensed tableau)."""
    row = t[r]
    p = row[e]
    inv = 1.0 / p
    n = len(row)
    for j in range(n):
        row[j] *= inv
    row[e] = inv
    rhs[r] *= inv
    for i, other in enumerate(t):
        if i == r:
            continue
        f = other[e]
        if f != 0.0:
            for j in range(n):
                other[j] -= f * row[j]
            other[e] = -f * inv
            rhs[i] -= f * rhs[r]
    f = obj[e]
    if f != 0.0:
        for j in range(n):
            obj[j] -= f * row[j]
        obj[e] = -f * inv
