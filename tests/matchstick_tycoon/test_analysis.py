"""Matchstick Tycoon analysis: re-deals, what-if from scenarios, game counts, plots, the panel.

The shared analysis layer itself (simulate, what_if, head_to_head) is tested in
tests/analysis; here is what only this game has.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter

import pytest
from scipy import stats as scipy_stats

from tabletop_widgets.analysis import iter_what_if, most_promising, simulate, what_if
from tabletop_widgets.core.bots import RandomBot
from tabletop_widgets.core.stats import mean_interval, t_quantile, wilson_interval
from tabletop_widgets.games.matchstick_tycoon import GreedyBot, MatchstickTycoon, Position, shapes
from tabletop_widgets.games.matchstick_tycoon.analysis import (
    Dealer,
    cards_out_of_play,
    game_stats,
    plots,
    redeal,
    unseen_cards,
)
from tests.matchstick_tycoon.helpers import game as small_game


def games_in_progress(n: int = 24, seed: int = 0):
    """Seeded games stopped at random points, over player counts and expansions."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        players = (2, 3, 4, 5, 6, 8)[i % 6]
        expansion = (0, 2, 4)[i % 3]
        g = MatchstickTycoon.new(players=players, expansion=expansion, seed=seed + i)
        stop = rng.randrange(0, 70)
        while not g.is_over and len(g.history) < stop:
            legal = g.legal_moves()
            g.play(legal[rng.randrange(len(legal))])
        if not g.is_over:
            out.append(g)
    return out


GAMES = games_in_progress()


# -- redeal --------------------------------------------------------------


@pytest.mark.parametrize("g", GAMES, ids=repr)
def test_redeal_keeps_what_the_seat_sees_and_conserves_cards(g):
    rng = random.Random(1)
    played = Counter(f for m in g.history for f in m.faces)
    deck = Counter(shapes.deck(g.expansion))
    for seat in range(g.players):
        obs = g.observation(seat)
        p = redeal(obs, rng)
        assert Position.from_json(p.to_json()) == p  # a valid position
        assert p.hands[seat] == obs.hand
        assert tuple(len(h) for h in p.hands) == obs.card_counts
        assert (p.sticks, p.table, p.order, p.to_move, p.out, p.passed) == (
            obs.sticks,
            obs.table,
            obs.order,
            obs.to_move,
            obs.out,
            obs.passed,
        )
        in_hands = Counter(f for h in p.hands for f in h)
        others = in_hands - Counter(obs.hand)
        assert not others - Counter(unseen_cards(obs)), "dealt a card the seat has seen"
        if g.players >= 4:  # the whole deck was dealt: every card is somewhere known
            assert in_hands + played == deck
        else:
            assert not (in_hands + played) - deck
        # the seat sees exactly the same game in the re-dealt position
        again = MatchstickTycoon.from_position(p).observation(seat)
        assert again.hand == obs.hand and again.card_counts == obs.card_counts
        assert again.table == obs.table and again.to_move == obs.to_move


def test_redeal_is_random_but_seeded():
    obs = MatchstickTycoon.new(players=4, seed=2).observation(0)
    assert redeal(obs, 7) == redeal(obs, random.Random(7))
    assert len({redeal(obs, s).hands for s in range(10)}) == 10


def test_redeal_three_players_leaves_set_aside_cards_in_the_pool():
    g = MatchstickTycoon.new(players=3, seed=5)
    obs = g.observation(1)
    d = Dealer(obs)
    assert len(d.pool) == 56 - 15 and sum(d.hidden) == 30
    seen = Counter()
    for s in range(200):
        seen.update(f for h in d.sample(random.Random(s)).hands for f in h)
    assert set(seen) == set(shapes.faces_in_deck(0))  # any unseen card can turn up


def test_redeal_rejects_impossible_known_cards():
    obs = MatchstickTycoon.new(players=4, seed=1).observation(0)
    with pytest.raises(ValueError, match="unseen"):
        redeal(obs, 1, known_played=["0", "1", "2"])
    with pytest.raises(ValueError, match="more copies"):
        redeal(obs, 1, known_played=["8"] * 5)


def test_cards_out_of_play_of_a_scenario():
    g = small_game()  # 3 seats, 8 cards on the table of the scenario
    assert cards_out_of_play(MatchstickTycoon.new(players=3, seed=1)) is None
    assert len(cards_out_of_play(g)) == 56 - 8
    obs = g.observation(0)
    p = redeal(obs, 3, known_played=cards_out_of_play(g))
    assert Counter(f for h in p.hands for f in h) == Counter(f for h in g.start.hands for f in h)


# -- simulations ----------------------------------------------------------


def test_game_stats_of_simulated_games_are_consistent_and_reproducible():
    report = simulate("matchstick_tycoon", 12, options={"players": 4}, seed=10, keep=True)
    again = simulate("matchstick_tycoon", 12, options={"players": 4}, seed=10, keep=True)
    stats = [game_stats(g.game()) for g in report.games]
    assert stats == [game_stats(g.game()) for g in again.games]
    for s in stats:
        g = MatchstickTycoon.new(players=4, seed=s.seed)
        assert s.first_leader == g.to_move
        assert sorted(s.ranking) == [0, 1, 2, 3] and s.winner == s.ranking[0]
        assert s.moves == s.plays + s.passes + s.discards
        assert 0 <= s.revolutions <= s.plays and 1 <= s.tricks <= s.plays
        # sticks: 1 each at the start, +1 per pass, -cost per play, -1 per discard; all gone
        assert 4 + s.sticks_taken - s.sticks_spent - s.discards >= 0
        assert {s.rank_of(seat) for seat in range(4)} == {1, 2, 3, 4}
    mixed = simulate(
        "matchstick_tycoon", 3, options={"players": 3}, bots=[GreedyBot, RandomBot, RandomBot]
    )
    assert mixed.bots == ("greedy", "random", "random")


def test_game_stats_needs_a_finished_game():
    with pytest.raises(ValueError):
        game_stats(MatchstickTycoon.new(players=3, seed=1))


# -- interval helpers -----------------------------------------------------


@pytest.mark.parametrize("df", [1, 2, 3, 5, 10, 30, 200])
def test_t_quantile_close_to_scipy(df):
    assert t_quantile(0.975, df) == pytest.approx(scipy_stats.t.ppf(0.975, df), abs=0.004)


def test_wilson_and_mean_intervals():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(0, 20)
    assert lo == 0.0 and 0.1 < hi < 0.2
    lo, hi = wilson_interval(20, 20)
    assert 0.8 < lo < 0.9 and hi == 1.0
    mean, lo, hi = mean_interval(10, 20, 5)  # five 2s: no spread
    assert mean == lo == hi == 2.0
    assert math.isinf(mean_interval(3, 9, 1)[2])


# -- what-if ----------------------------------------------------------------


OPENING = MatchstickTycoon.new(players=4, seed=3)


def test_whatif_first_round_is_small_even_with_every_legal_move():
    # The first estimates come after one round (about 48 playouts in all, one or two per
    # move), not after the planned thousands; how soon is a benchmark figure.
    first = next(iter_what_if(OPENING, playouts=1000))
    assert len(first.moves) == len(OPENING.legal_moves())
    assert 0 < first.playouts <= 2 * len(first.moves) and not first.done


def test_whatif_from_a_scenario_redeals_only_the_scenarios_cards():
    g = small_game()  # 3 seats, 8 cards in the scenario
    report = what_if(g, playouts=6, bots=RandomBot)
    assert report.done and len(report) == len(g.legal_moves())
    assert all(1 <= c.place.mean <= 3 for c in report)


def test_most_promising_follows_the_greedy_bot():
    legal = OPENING.legal_moves()
    moves = most_promising(OPENING, 5)
    assert len(moves) == len(set(moves)) == 5 and all(m in legal for m in moves)
    assert len(most_promising(OPENING, 10_000)) == len(legal)
    assert moves[0] == GreedyBot(0).choose(OPENING.observation(OPENING.to_move), legal)


# -- plots --------------------------------------------------------------------


def test_whatif_figure_has_a_bar_per_move_and_error_bars():
    report = what_if(OPENING, candidates=5, playouts=5)
    fig = report.plot()
    value, diff = fig.axes
    assert len(value.patches) == len(diff.patches) == 5
    top = max(value.get_yticklabels(), key=lambda t: t.get_position()[1])
    assert top.get_text() == str(report.best.move)  # best on top
    assert value.get_xlim() == (0, 1)
    assert "Seat 4" in fig.get_suptitle() or f"Seat {OPENING.to_move + 1}" in fig.get_suptitle()


@pytest.mark.parametrize("expansion", [0, 4])
def test_cost_heatmap_matches_shapes(expansion):
    fig = plots.cost_heatmap(expansion)
    faces = shapes.faces_in_deck(expansion)
    values = shapes.values_in_play(expansion)
    for ax, turned in zip(fig.axes[:2], (False, True), strict=True):
        shown = {
            (round(t.get_position()[1]), round(t.get_position()[0])): t.get_text() for t in ax.texts
        }
        for i, f in enumerate(faces):
            for j, v in enumerate(values):
                printed = shapes.face_mask(f, turned)
                reach = printed & shapes.GLYPH_MASKS[v] == printed
                assert ((i, j) in shown) == reach
                if reach:
                    assert shown[i, j] == str(shapes.cost(f, v))


def test_games_figure():
    report = simulate("matchstick_tycoon", 8, options={"players": 4}, seed=1, keep=True)
    fig = plots.games_figure(report)
    assert [ax.get_title() for ax in fig.axes[:3]] == [
        "Game length",
        "Places by seat",
        "Revolutions per game",
    ]
    assert len(fig.axes[1].patches) == 16  # 4 seats x 4 places
    assert fig._repr_png_().startswith(b"\x89PNG")  # shows in Jupyter without pyplot
    with pytest.raises(ValueError, match="keep=True"):
        plots.games_figure(simulate("matchstick_tycoon", 2))


# -- the panel ----------------------------------------------------------------


def test_panel_runs_headless_in_blocking_mode():
    from tabletop_widgets.games.matchstick_tycoon.widgets.whatif_panel import WhatIfPanel

    panel = WhatIfPanel(OPENING, playouts=500, candidates=3)
    report = panel.run(blocking=True, max_playouts=6)
    assert report.done and all(c.playouts == 6 for c in report)
    assert panel.progress.value == panel.progress.max == 18
    assert bytes(panel.chart.value).startswith(b"\x89PNG")
    assert "<table" in panel.table.value and "best so far" in panel.table.value
    assert not panel.run_button.disabled and panel.cancel_button.disabled
    assert f"Seat {OPENING.to_move + 1}" in panel.status.value


def test_panel_background_run_can_be_cancelled():
    from tabletop_widgets.games.matchstick_tycoon.widgets.whatif_panel import WhatIfPanel

    panel = WhatIfPanel(OPENING.position, playouts=100_000, candidates=2)
    panel.run()
    assert panel.running and panel.run_button.disabled and not panel.cancel_button.disabled
    time.sleep(0.3)
    panel.cancel()
    report = panel.wait(timeout=5)
    assert not panel.running and report.stopped and report.playouts > 0
    assert not panel.run_button.disabled


def test_panel_forgets_the_old_position_at_once():
    from tabletop_widgets.games.matchstick_tycoon.widgets.whatif_panel import WhatIfPanel

    panel = WhatIfPanel(OPENING, playouts=100_000, candidates=2)
    panel.run()
    time.sleep(0.6)
    other = MatchstickTycoon.new(players=3, seed=9)
    panel.set_game(other)
    panel.wait(timeout=5)
    assert panel.report is None and panel.table.value == "" and bytes(panel.chart.value) == b""
    assert f"Seat {other.to_move + 1}" in panel.status.value


def test_panel_shows_errors():
    from tabletop_widgets.games.matchstick_tycoon.widgets.whatif_panel import WhatIfPanel

    panel = WhatIfPanel(OPENING, seat=(OPENING.to_move + 1) % 4)
    assert panel.run(blocking=True) is None
    assert "is not to move" in panel.status.value and isinstance(panel.error, ValueError)
