"""Chinese Ten analysis (the deal horizon, the ace of spades, plots) and the screens built on them.

The shared analysis layer itself is tested in tests/analysis; the re-deals are the
engine's determinize (tests/chinese_ten/test_determinize.py).
"""

from __future__ import annotations

import json
import random

import pytest

from tabletop_widgets.analysis import simulate, what_if
from tabletop_widgets.core.playout import run_bots
from tabletop_widgets.games.chinese_ten import ChineseTen, GreedyBot
from tabletop_widgets.games.chinese_ten.analysis import deal_horizon, deal_result
from tabletop_widgets.games.chinese_ten.analysis.plots import (
    figure_image,
    match_totals_figure,
    running_totals,
    scoring_comparison_figure,
)
from tabletop_widgets.games.chinese_ten.analysis.scoring import SCORING_WORDS, ace_of_spades, captor


def advanced(players: int, seed: int, moves: int) -> ChineseTen:
    g = ChineseTen.new(players=players, seed=seed, target=None)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


def test_the_deal_horizon_stops_a_match_after_one_deal():
    g = ChineseTen.new(players=3, seed=5, target=1000)
    stop = deal_horizon(g)
    found = []
    run_bots(
        g,
        [GreedyBot(seed=s) for s in range(3)],
        until=lambda x: found.append(stop(x)) or found[-1] is not None,
    )
    result = found[-1]
    assert sum(result.scores) == 240 and g.deal_number == 1 and not g.is_over
    assert result.scores == g.deal_points[0] and result == deal_result(g.deal_points[0])


def test_what_if_measures_points_at_the_end_of_the_deal_by_default():
    g = advanced(3, 8, 3)
    report = what_if(g, playouts=8, seed=3)
    assert {c.move for c in report} == set(g.legal_moves())
    means = [c.score.mean for c in report]
    assert means == sorted(means, reverse=True)
    assert report.to_records() == what_if(g, playouts=8, seed=3).to_records()
    assert g.history == advanced(3, 8, 3).history  # the game itself is untouched
    assert "the end of the deal" in str(report) and "mean score" in str(report)


def test_what_if_in_the_stock_phase():
    from tabletop_widgets.games.chinese_ten.screens.tutorial import stacked_game

    g = stacked_game(["2C 4S 6S 8C JC 3D 7S TD", "", ""], "5S 5H 9C KC", "5D")
    g.play("2C")
    assert g.phase == "stock"
    report = what_if(g, playouts=5)
    assert sorted(str(c.move) for c in report) == ["stock 5D x 5H", "stock 5D x 5S"]
    # Taking the red five is worth its 5 points, on the same re-deals: paired, it shows.
    assert str(report.best.move) == "stock 5D x 5H"
    worse = report.candidate("stock 5D x 5S").versus_best
    assert worse.mean < 0 and worse.low < worse.mean < worse.high


def test_what_if_refuses_bad_requests():
    g = advanced(3, 1, 0)
    with pytest.raises(ValueError):
        what_if(g, playouts=0)
    with pytest.raises(ValueError, match="not a legal move"):
        what_if(g, candidates=["AH x 9S 9C"], playouts=1)
    done = ChineseTen.new(players=2, seed=1, target=None)
    while not done.is_over:
        done.play(done.legal_moves()[0])
    with pytest.raises(ValueError, match="the game is over"):
        what_if(done)


@pytest.mark.parametrize("scoring, total", [("standard", 240), ("red_frog_black_frog", 218)])
def test_the_ace_of_spades_in_simulated_deals(scoring, total):
    options = {"players": 3, "scoring": scoring, "target": None}
    deals = simulate("chinese_ten", 6, options=options, seed=2, keep=True)
    assert all(sum(g.result.scores) == total for g in deals.games)
    assert all(captor(g.end) in (0, 1, 2) for g in deals.games)
    ace = ace_of_spades(deals)
    assert ace.deals == 6 and ace.scoring == scoring
    assert 0 <= ace.win.low <= ace.win.mean <= ace.win.high <= 1
    assert SCORING_WORDS[scoring] in str(ace) and scoring not in str(ace)
    with pytest.raises(ValueError, match="keep=True"):
        ace_of_spades(simulate("chinese_ten", 2, options=options))


def test_plots():
    g = ChineseTen.new(players=3, seed=2, target=None, deals=3)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    rows = running_totals(g)
    assert rows[0] == (0, 0, 0) and rows[-1] == g.totals and len(rows) == 4
    fig = match_totals_figure(g, ["A", "B", "C"])
    assert len(fig.axes[0].lines) == 3
    deals = {
        s: simulate("chinese_ten", 4, options={"target": None, "scoring": s}, keep=True)
        for s in ("standard", "red_frog_black_frog")
    }
    assert len(scoring_comparison_figure(deals).axes) == 2
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
    report = box.analyse(playouts=2)
    assert len(report) == len(box.game.legal_moves()) and "<table" in box.whatif.table.value
    box.play_text(str(box.game.legal_moves()[0]))
    # after a move: the line under the table names the seat now to move, the estimates are gone
    assert f"Seat {box.game.to_move + 1}" in box.status.value
    assert box.whatif.report is None and box.whatif.table.value == ""
