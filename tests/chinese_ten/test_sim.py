"""Chinese Ten simulations, plots and the lesson/play/sandbox screens built on them."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_widgets.games.chinese_ten import FULL_DECK, ChineseTen, GreedyBot, Position
from tabletop_widgets.games.chinese_ten.analysis.plots import (
    figure_image,
    match_totals_figure,
    running_totals,
    scoring_comparison_figure,
    what_if_figure,
)
from tabletop_widgets.games.chinese_ten.analysis.simulate import (
    ace_of_spades_wins,
    finish_deal,
    mean_interval,
    redeal,
    simulate_deals,
    unseen,
    what_if,
)


def advanced(players: int, seed: int, moves: int) -> ChineseTen:
    g = ChineseTen.new(players=players, seed=seed, target=None)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([2, 3, 4]), st.integers(0, 10_000), st.integers(0, 30), st.integers(0, 2**31)
)
def test_redeal_is_consistent_with_what_the_seat_sees(players, seed, moves, rseed):
    g = advanced(players, seed, moves)
    if g.is_over:
        return
    seat = g.to_move
    obs = g.observation(seat)
    p = redeal(obs, random.Random(rseed))
    # A valid position (the engine's own checks) the seat cannot tell from the real one.
    Position.from_json(p.to_json())
    assert p.hands[seat] == g.hand(seat)
    assert p.layout == g.position.layout and p.captured == g.position.captured
    assert p.turned == g.position.turned and p.to_move == seat
    assert [len(h) for h in p.hands] == [len(h) for h in g.position.hands]
    assert len(p.stock) == len(g.position.stock)
    everything = (
        [c for h in p.hands for c in h]
        + list(p.layout)
        + list(p.stock)
        + [c for pile in p.captured for c in pile]
        + ([p.turned] if p.turned else [])
    )
    assert Counter(everything) == Counter(FULL_DECK)
    hidden = set(unseen(obs))
    assert {c for s, h in enumerate(p.hands) if s != seat for c in h} <= hidden


def test_redeal_really_reshuffles_the_hidden_cards():
    g = ChineseTen.new(players=3, seed=4, target=None)
    obs = g.observation(0)
    deals = {redeal(obs, random.Random(i)).hands[1] for i in range(10)}
    assert len(deals) == 10


def test_finish_deal_finishes_one_deal_of_a_match():
    g = ChineseTen.new(players=3, seed=5, target=1000)
    bots = [GreedyBot(seed=s) for s in range(3)]
    pts = finish_deal(g, bots)
    assert sum(pts) == 240 and g.deal_number == 1 and not g.is_over


def test_what_if_is_seeded_covers_candidates_and_sorts_best_first():
    g = advanced(3, 8, 3)
    res = what_if(g, samples=8, seed=3)
    assert {r.move for r in res} == set(g.legal_moves())
    assert [r.mean for r in res] == sorted((r.mean for r in res), reverse=True)
    assert all(r.samples == 8 and r.low <= r.mean <= r.high for r in res)
    assert res == what_if(g, samples=8, seed=3)
    assert g.history == advanced(3, 8, 3).history  # the game itself is untouched
    chosen = what_if(g, [str(res[-1].move)], samples=4)
    assert [c.move for c in chosen] == [res[-1].move]


def test_what_if_in_the_stock_phase():
    from tabletop_widgets.games.chinese_ten.screens.tutorial import stacked_game

    g = stacked_game(["2C 4S 6S 8C JC 3D 7S TD", "", ""], "5S 5H 9C KC", "5D")
    g.play("2C")
    assert g.phase == "stock"
    res = what_if(g, samples=5)
    assert sorted(str(r.move) for r in res) == ["stock 5D x 5H", "stock 5D x 5S"]
    # Taking the red five is worth its 5 points, on the same re-deals.
    by = {str(r.move): r.mean for r in res}
    assert by["stock 5D x 5H"] > by["stock 5D x 5S"]


def test_what_if_refuses_bad_requests():
    g = advanced(3, 1, 0)
    with pytest.raises(ValueError):
        what_if(g, samples=0)
    with pytest.raises(ValueError):
        what_if(g, ["AH x 9S 9C"], samples=1)
    done = ChineseTen.new(players=2, seed=1, target=None)
    while not done.is_over:
        done.play(done.legal_moves()[0])
    with pytest.raises(ValueError):
        what_if(done)


def test_mean_interval():
    m, lo, hi = mean_interval([10, 12, 14, 16])
    assert m == 13 and lo < 13 < hi
    assert mean_interval([5]) == (5, 5, 5)


@pytest.mark.parametrize("scoring, total", [("standard", 240), ("red_frog_black_frog", 218)])
def test_simulate_deals(scoring, total):
    stats = simulate_deals(6, players=3, scoring=scoring, seed=2)
    assert len(stats) == 6 and all(sum(d.points) == total for d in stats)
    assert all(0 <= d.ace_of_spades < 3 and d.winners for d in stats)
    assert stats == simulate_deals(6, players=3, scoring=scoring, seed=2)
    rate, lo, hi = ace_of_spades_wins(stats)
    assert 0 <= lo <= rate <= hi <= 1
    with pytest.raises(ValueError):
        ace_of_spades_wins([])


def test_plots():
    g = ChineseTen.new(players=3, seed=2, target=None, deals=3)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    rows = running_totals(g)
    assert rows[0] == (0, 0, 0) and rows[-1] == g.totals and len(rows) == 4
    fig = match_totals_figure(g, ["A", "B", "C"])
    assert len(fig.axes[0].lines) == 3
    res = what_if(advanced(3, 3, 0), samples=3)
    assert len(what_if_figure(res).axes[0].patches) == len(res)
    stats = {s: simulate_deals(4, scoring=s, seed=1) for s in ("standard", "red_frog_black_frog")}
    assert len(scoring_comparison_figure(stats).axes) == 2
    assert figure_image(fig).data[:8] == b"\x89PNG\r\n\x1a\n"


# -- the screens built on the widget ------------------------------------------------


def test_sandbox_loads_positions_and_records_and_plays_typed_moves():
    from tabletop_widgets.games.chinese_ten.screens.sandbox import ChineseTenSandbox

    box = ChineseTenSandbox()
    box.deal(players=4, seed=3)
    g = box.game
    box.play_text("QQ")
    assert "(notation)" in box.status.value
    box.play_text(str(g.legal_moves()[0]))
    assert len(g.history) == 1
    box.undo()
    assert g.history == ()
    box.load_json(json.dumps(g.to_record()))
    assert box.game.players == 4
    box.load_json(json.dumps(g.position.to_json()))
    assert box.game.position == g.position
    res = box.analyse(samples=2)
    assert len(res) == len(g.legal_moves()) and box.whatif_out.outputs
