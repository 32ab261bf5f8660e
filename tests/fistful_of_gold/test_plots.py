"""A Fistful of Gold analysis: the duel's payoff matrix and equilibrium, their charts, and
the bots against each other through the shared layer."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.figure import Figure

from tabletop_widgets.analysis import head_to_head, round_robin
from tabletop_widgets.games.fistful_of_gold import Card, FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.analysis.plots import (
    duel_matrix_now,
    equilibrium_bars,
    equilibrium_mix,
    first_duel_matrix,
    payoff_heatmap,
)
from tabletop_widgets.games.fistful_of_gold.cards import compare


def test_first_duel_matrix_matches_the_card_rules():
    m, rows, cols = first_duel_matrix()
    assert m.shape == (9, 9)
    for i, a in enumerate(rows):
        for j, b in enumerate(cols):
            winner, gold = compare(a, b)
            want = 0 if winner is None else (gold if winner == 0 else -gold)
            assert m[i, j] == want, (a, b)
    assert m[rows.index(Card("pink", "8")), cols.index(Card("green", "1"))] == 3  # pink 8
    # Without the pink 8 power both colours are the same: the matrix is antisymmetric.
    plain, _, _ = first_duel_matrix(specials="none")
    assert np.array_equal(plain, -plain.T)


def test_equilibrium_mix_is_a_distribution_and_symmetric_game_is_fair():
    mix = equilibrium_mix(*first_duel_matrix(specials="none"))
    assert abs(mix["value"]) < 1e-9
    for side in ("pink", "green"):
        probs = np.array(list(mix[side].values()))
        assert probs.min() >= 0 and abs(probs.sum() - 1) < 1e-9
    # The mix guarantees the value against every green card.
    m, _, _ = first_duel_matrix()
    full = equilibrium_mix()
    x = np.array(list(full["pink"].values()))
    assert (x @ m >= full["value"] - 1e-7).all()


def test_plots_are_figures_with_labels():
    fig = payoff_heatmap()
    assert isinstance(fig, Figure) and fig._repr_png_()[:4] == b"\x89PNG"
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == list("12345678D")
    assert len(ax.texts) == 81
    fig = equilibrium_bars()
    assert len(fig.axes[0].patches) == 18 and "Equilibrium" in fig.axes[0].get_title()


def test_the_equilibrium_of_the_duel_a_game_is_at():
    g = FistfulOfGold.new(seed=1)
    with pytest.raises(ValueError, match="not at a duel"):
        duel_matrix_now(g)
    g.play("discard pink 1 pink 2")
    g.play("discard green 1 green 2")
    m, rows, cols = duel_matrix_now(g)
    assert m.shape == (7, 7) and Card("pink", "1") not in rows
    mix = equilibrium_mix(m, rows, cols)
    assert abs(sum(mix["green"].values()) - 1) < 1e-9
    assert len(equilibrium_bars(mix).axes[0].patches) == 14


def test_head_to_head_is_seeded_and_counts_every_game():
    r = head_to_head("fistful_of_gold", "greedy", "random", games=10, seed=3)
    again = head_to_head("fistful_of_gold", "greedy", "random", games=10, seed=3)
    assert r.to_records(per="game") == again.to_records(per="game")
    assert r.wins + r.losses + r.draws == 10
    assert 0 <= r.seat_wins[0] <= 1  # how often pink won
    assert 0 <= r.score.low <= r.score.mean <= r.score.high <= 1
    with pytest.raises(ValueError, match="no bot or level called 'nobody'"):
        head_to_head("fistful_of_gold", "greedy", "nobody")


def test_greedy_beats_random_clearly():
    r = head_to_head("fistful_of_gold", "greedy", "random", games=60, seed=1)
    assert r.score.low > 0.5, str(r)


def test_round_robin_pairs_and_options():
    results = round_robin(
        "fistful_of_gold",
        ["random", "greedy", "equilibrium"],
        games=2,
        seed=1,
        options={"hands": "fresh"},
    )
    assert [(r.first, r.second) for r in results] == [
        ("random", "greedy"),
        ("random", "equilibrium"),
        ("greedy", "equilibrium"),
    ]
    assert all(r.games == 2 for r in results)
    fig = results.plot()
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()][0].startswith("random vs greedy")
