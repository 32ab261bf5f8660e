"""A Fistful of Gold: the zero-sum LP solver and the duel payoff matrix."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_widgets.games.fistful_of_gold import Card, FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.equilibrium import (
    duel_matrix,
    duel_payoff,
    solve_zero_sum,
)


def test_matching_pennies():
    value, rows, cols = solve_zero_sum([[1, -1], [-1, 1]])
    assert value == pytest.approx(0, abs=1e-9)
    assert rows == pytest.approx([0.5, 0.5]) and cols == pytest.approx([0.5, 0.5])


def test_rock_paper_scissors():
    value, rows, cols = solve_zero_sum([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert value == pytest.approx(0, abs=1e-9)
    assert rows == pytest.approx([1 / 3] * 3) and cols == pytest.approx([1 / 3] * 3)


def test_saddle_point():
    # Row 1 dominates; column 0 is the column player's best reply: value 4.
    value, rows, cols = solve_zero_sum([[2, 5, 1], [4, 6, 8], [3, 0, 7]])
    assert value == pytest.approx(4)
    assert rows == pytest.approx([0, 1, 0], abs=1e-9) and cols == pytest.approx([1, 0, 0], abs=1e-9)


def test_non_square_and_shifted():
    # Adding a constant moves the value and keeps the strategies.
    base = np.array([[3, -1], [-2, 4], [0, 0]])
    v1, r1, c1 = solve_zero_sum(base)
    v2, r2, c2 = solve_zero_sum(base + 10)
    assert v2 == pytest.approx(v1 + 10)
    assert c1 == pytest.approx(c2, abs=1e-7)


@pytest.mark.parametrize("bad", [[], [[]], [1, 2], [[1, float("nan")]]])
def test_bad_matrices(bad):
    with pytest.raises(ValueError):
        solve_zero_sum(bad)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 5).flatmap(
        lambda m: st.integers(1, 5).flatmap(
            lambda n: st.lists(
                st.lists(st.integers(-9, 9), min_size=n, max_size=n), min_size=m, max_size=m
            )
        )
    )
)
def test_solution_is_an_equilibrium(matrix):
    a = np.array(matrix, dtype=float)
    value, rows, cols = solve_zero_sum(a)
    assert rows.sum() == pytest.approx(1) and cols.sum() == pytest.approx(1)
    assert (rows >= 0).all() and (cols >= 0).all()
    # Neither side gains by deviating: x A >= v for every column, A y <= v for every row.
    assert (rows @ a >= value - 1e-6).all()
    assert (a @ cols <= value + 1e-6).all()


def after_discards(**options) -> FistfulOfGold:
    g = FistfulOfGold.new(**options)
    g.play("discard pink 1 pink 2")
    g.play("discard green 1 green 2")
    return g


def test_duel_matrix_is_zero_sum_and_antisymmetric_between_seats():
    g = after_discards()
    m0, rows0, cols0 = duel_matrix(g.position, 0)
    m1, rows1, cols1 = duel_matrix(g.position, 1)
    assert rows0 == cols1 and cols0 == rows1
    assert np.array_equal(m0, -m1.T)
    v0, _, _ = solve_zero_sum(m0)
    v1, _, _ = solve_zero_sum(m1)
    assert v0 == pytest.approx(-v1, abs=1e-7)


def test_duel_payoff_counts_pot_and_bonus():
    g = after_discards()
    g.play("pink 3")
    g.play("green 3")  # pot 2
    assert duel_payoff(g.position, 0, Card("pink", "6"), Card("green", "5")) == 1 + 2
    g = after_discards()
    g.play("pink 4")
    g.play("green 7")  # green's bonus is on
    assert duel_payoff(g.position, 1, Card("green", "5"), Card("pink", "D")) == 3 + 1


def test_observation_matrix_uses_what_the_seat_can_see():
    g = after_discards()
    g.play("pink 5")
    g.play("green 4")
    obs = g.observation(0)
    m, rows, cols = duel_matrix(obs, 0)
    # Pink cannot see green's discards: green 1 and 2 are possible columns; green 5 is not
    # (it would follow the 4), green 4 is on the table.
    assert Card("green", "1") in cols and Card("green", "5") not in cols
    assert Card("green", "4") not in cols
    assert Card("pink", "6") not in rows and m.shape == (len(rows), len(cols))
