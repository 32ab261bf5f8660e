"""Fistful of Gold analysis: payoff matrix, equilibrium mix, simulations, plots."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from tabletop_widgets.core.stats import wilson_interval  # noqa: E402
from tabletop_widgets.games.fistful_of_gold import Card  # noqa: E402
from tabletop_widgets.games.fistful_of_gold.analysis.plots import (  # noqa: E402
    equilibrium_bars,
    equilibrium_mix,
    first_duel_matrix,
    payoff_heatmap,
    win_rate_plot,
)
from tabletop_widgets.games.fistful_of_gold.analysis.simulate import (  # noqa: E402
    MatchStats,
    head_to_head,
    round_robin,
)
from tabletop_widgets.games.fistful_of_gold.cards import compare  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


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


def test_plots_draw_with_labels():
    ax = payoff_heatmap()
    assert [t.get_text() for t in ax.get_xticklabels()] == list("12345678D")
    assert len(ax.texts) == 81
    ax = equilibrium_bars()
    assert len(ax.patches) == 18 and "Equilibrium" in ax.get_title()
    results = [
        MatchStats("a", "b", 10, 6, 3, 1, 5, 0.95),
        MatchStats("a", "c", 4, 0, 4, 0, 2, 0.95),
    ]
    ax = win_rate_plot(results)
    assert [t.get_text() for t in ax.get_yticklabels()][0].startswith("a vs b")
    assert len(ax.texts) == 2


def test_match_stats_numbers():
    r = MatchStats("greedy", "random", 10, 6, 3, 1, 5, 0.95)
    assert r.score == pytest.approx(0.65) and r.win_rate == 0.6
    assert r.interval == wilson_interval(6, 10) or r.interval == wilson_interval(7, 10)
    assert r.win_interval == wilson_interval(6, 10)
    assert str(r).startswith("greedy vs random: 6-3-1 (score 65%")


def test_head_to_head_is_seeded_and_counts_every_game():
    r = head_to_head("greedy", "random", games=10, seed=3)
    assert r == head_to_head("greedy", "random", games=10, seed=3)
    assert r.wins + r.losses + r.draws == 10
    assert 0 <= r.pink_wins <= r.wins + r.losses
    lo, hi = r.interval
    assert 0 <= lo <= r.score <= hi <= 1
    with pytest.raises(ValueError):
        head_to_head("greedy", "nobody")
    with pytest.raises(ValueError):
        head_to_head("greedy", "random", games=0)


def test_greedy_beats_random_clearly():
    r = head_to_head("greedy", "random", games=60, seed=1)
    assert r.interval[0] > 0.5, str(r)


def test_round_robin_pairs_and_options():
    results = round_robin(["random", "greedy", "equilibrium"], games=2, seed=1, hands="fresh")
    assert [(r.first, r.second) for r in results] == [
        ("random", "greedy"),
        ("random", "equilibrium"),
        ("greedy", "equilibrium"),
    ]
    assert all(r.games == 2 for r in results)
