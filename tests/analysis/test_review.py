"""The game review against exact evaluation on tiny end positions, and its reports.

The exact evaluators are the search tests' (every way the hidden cards can lie, a
playout bot without chance): the review's verdict on a decision must be the verdict
of the exact drop between the best move and the move played."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tabletop_widgets.analysis.review import (
    THRESHOLDS,
    VERDICTS,
    decision_points,
    iter_review,
    review,
    verdict,
)
from tabletop_widgets.core import GAMES, RandomBot
from tabletop_widgets.core.playout import play_out
from tabletop_widgets.core.stats import Estimate
from tests.chinese_ten import test_search as ct
from tests.matchstick_tycoon import test_search as mt


def _clear(drop: float, measure: str) -> bool:
    """The best move itself, or a drop far enough from every threshold for playouts to
    agree on its verdict."""
    margin = {"win": 0.04, "score": 2.0}[measure]
    return drop == 0 or all(abs(drop - t) > margin for t in (0.0, *THRESHOLDS[measure]))


def _exact_verdict(drop: float, measure: str) -> str:
    return verdict(Estimate(drop, drop, drop), measure)


def _cases(positions, exact, measure, want):
    """(the game after the move played, the exact verdict), the verdicts as varied as the
    positions allow."""
    out, kinds = [], Counter()
    for start in positions:
        values = exact(start)
        best = max(values.values())
        clear = [(m, best - v) for m, v in values.items() if _clear(best - v, measure)]
        if not clear:
            continue
        move, drop = min(clear, key=lambda md: kinds[_exact_verdict(md[1], measure)])
        seen = _exact_verdict(drop, measure)
        kinds[seen] += 1
        game = start.copy()
        game.play(move)
        out.append((game, seen))
        if len(out) == want:
            break
    return out


@pytest.mark.parametrize(
    ("module", "exact", "measure", "budget"),
    [(mt, mt.exact_values, "win", 12_000), (ct, ct.exact_points, "score", 8_000)],
    ids=["matchstick_tycoon", "chinese_ten"],
)
def test_the_verdicts_agree_with_exact_evaluation_of_tiny_end_positions(
    module, exact, measure, budget
):
    cases = _cases(module.end_positions(40), exact, measure, want=4)
    assert len(cases) == 4
    kinds = set()
    for game, expected in cases:
        seat = game.movers[0]
        r = review(game, seat, search=module.EXACT, budget=budget, passes=1, seed=5)
        (d,) = r.decisions
        assert r.measure == measure and d.index == 0
        assert d.verdict == expected, (d, expected)
        kinds.add(expected)
    assert len(kinds) >= 2  # the cases are not all "good"


def test_a_review_is_seeded_anytime_and_names_every_decision():
    info = GAMES["matchstick_tycoon"]
    game = info.engine.new(players=3, seed=8)
    play_out(game, [RandomBot(seed=s) for s in range(3)])
    points = decision_points(game, 1)
    snapshots = list(iter_review(game, 1, budget=50, passes=2, seed=3))
    assert [len(s.decisions) for s in snapshots[: len(points)]] == list(range(1, len(points) + 1))
    last = snapshots[-1]
    assert last.done and [d.index for d in last.decisions] == list(points)
    assert all(d.passes == 2 for d in last.decisions)
    assert all(d.verdict in VERDICTS and d.played == game.history[d.index] for d in last.decisions)
    again = review(game, 1, budget=50, passes=2, seed=3)
    assert again.decisions == last.decisions
    rows = last.to_records()
    assert rows[0]["move"] == points[0] + 1 and set(rows[0]) >= {"played", "best", "verdict"}


def test_a_cancelled_review_keeps_what_it_has():
    class After:
        def __init__(self, n):
            self.calls, self.n = 0, n

        def is_set(self):
            self.calls += 1
            return self.calls > self.n

    game = GAMES["chinese_ten"].engine.new(players=2, seed=4, target=None)
    play_out(game, [RandomBot(seed=1), RandomBot(seed=2)])
    last = review(game, 0, budget=40, passes=1, cancel=After(30))
    assert last.stopped and not last.done
    assert 0 < len(last.decisions) < len(last.indices)


def test_bad_arguments_say_what_was_passed():
    game = GAMES["matchstick_tycoon"].engine.new(players=2, seed=1)
    game.play(game.legal_moves()[0])
    with pytest.raises(TypeError, match="budget is a whole number"):
        review(game, 0, budget="lots")
    with pytest.raises(IndexError, match="seats 0 to 1"):
        review(game, 5)


# -- figures shown alike ----------------------------------------------------------------


def rigged_review(monkeypatch, *, same: bool):
    """A one-decision Matchstick Tycoon game whose analysis is the search's report of a
    pruned candidate: the move played was tried on 30 or 50 re-deals, the best on 100,
    and the drop is paired over the first ones only -- where the best did far better.
    ``same``: the move played is shown with the best move's figure (47 % and 47 %: 14 of
    30 and 47 of 100); else one point below it (46 %: 23 of 50).  Either way the paired
    drop alone would make it a blunder."""
    from tabletop_widgets.analysis import review as module
    from tabletop_widgets.core.search import SearchReport

    def playouts(wins: list[bool]):
        return (
            [float(w) for w in wins],
            [1.0 if w else 2.0 for w in wins],
            [float(w) for w in wins],
        )

    if same:
        best = [i < 28 for i in range(30)] + [i < 19 for i in range(70)]
        played = [i < 14 for i in range(30)]
    else:
        best = [i < 40 for i in range(50)] + [i < 7 for i in range(50)]
        played = [i < 23 for i in range(50)]

    def analyse(before, seat, *, keep, **_kwargs):
        mine = keep[0]
        other = next(m for m in before.legal_moves(seat) if m != mine)
        yield SearchReport(
            seat=seat,
            horizon="game",
            measure="win",
            moves=(other, mine),
            budget=len(best) + len(played),
            work=len(best) + len(played),
            deals=len(best),
            done=True,
            legal=len(before.legal_moves(seat)),
            _values=(playouts(best), playouts(played)),
            _counts=(len(best), len(played)),
        )

    monkeypatch.setattr(module, "iter_analyse", analyse)
    game = GAMES["matchstick_tycoon"].engine.new(players=2, seed=1)
    seat = game.to_move
    game.play(game.legal_moves()[0])
    return game, seat


def test_a_move_shown_with_the_best_moves_figure_is_good_and_has_no_better_move(monkeypatch):
    from tabletop_widgets.ui.coach import estimate_words

    game, seat = rigged_review(monkeypatch, same=True)
    r = review(game, seat, budget=10, passes=1)
    (d,) = r.decisions
    shown = [
        estimate_words(e, "win").split(",")[0].replace("\xa0", " ")
        for e in (d.played_value, d.best_value)
    ]
    assert shown == ["win chance 47 %"] * 2
    assert not d.is_best and d.drop.low > THRESHOLDS["win"][2]  # the drop alone: a blunder
    assert d.verdict == "good" and d.shown_as_good
    assert r.marks == () and r.counts()["good"] == 1


def test_a_move_shown_below_the_best_moves_figure_is_marked_as_before(monkeypatch):
    game, seat = rigged_review(monkeypatch, same=False)
    r = review(game, seat, budget=10, passes=1)
    (d,) = r.decisions
    assert (round(100 * d.played_value.mean), round(100 * d.best_value.mean)) == (46, 47)
    assert d.verdict == verdict(d.drop, "win") == "blunder"
    assert not d.shown_as_good and r.marks == (d,)


def test_the_verdict_of_figures_shown_alike_on_every_measure():
    far = {"win": Estimate(0.3, 0.2, 0.4), "score": Estimate(20, 16, 24)}
    far["place"] = Estimate(1.0, 0.8, 1.2)
    # 46.6 % and 47.4 % both read 47 %; 12.4 and 11.6 points both 12; places 2.46 and 2.54
    # both 2.5 -- and the best itself, or no figure yet, leaves the drop to decide
    for measure, played, best in (("win", 0.466, 0.474), ("score", 11.6, 12.4)):
        assert verdict(far[measure], measure, played, best) == "good"
        assert verdict(far[measure], measure) == "blunder"
    assert verdict(far["place"], "place", 2.54, 2.46) == "good"
    assert verdict(far["win"], "win", 0.46, 0.47) == "blunder"
    assert verdict(far["win"], "win", float("nan"), 0.47) == "blunder"


def test_a_later_pass_leaves_settled_decisions_as_they_are_and_refines_the_rest(monkeypatch):
    from tabletop_widgets.analysis import review as module

    info = GAMES["matchstick_tycoon"]
    game = info.engine.new(players=3, seed=8)
    play_out(game, [RandomBot(seed=s) for s in range(3)])
    first = review(game, 1, budget=50, passes=1, seed=3)
    settled = {d.index for d in first.decisions if d.settled}
    rest = {d.index for d in first.decisions if not d.settled and d.playouts > 0}
    assert settled and rest  # the case shows both
    looked_at, decide = [], module._decide
    monkeypatch.setattr(
        module,
        "_decide",
        lambda before, played, index, *a, **k: (
            looked_at.append(index),
            decide(before, played, index, *a, **k),
        )[1],
    )
    second = review(game, 1, budget=50, passes=2, seed=3)
    assert sorted(looked_at) == sorted([d.index for d in first.decisions] + list(rest))
    again = {d.index: d for d in second.decisions}
    assert all(
        again[d.index] == replace(d, passes=2) for d in first.decisions if d.index in settled
    )
    assert all(d.passes == 2 for d in second.decisions) and second.progress == 1.0
