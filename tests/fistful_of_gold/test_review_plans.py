"""The plans the hard bot keeps (``hard_bot.duel_values``) change no figure and no verdict,
and the Fistful review's passes do no work twice."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop_widgets.analysis.review import review
from tabletop_widgets.core import GAMES
from tabletop_widgets.core.bots import make_bot
from tabletop_widgets.core.playout import play_out
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold, hard_bot
from tabletop_widgets.games.fistful_of_gold.hard_bot import HardBot, clear_plans
from tabletop_widgets.games.fistful_of_gold.moves import Play

INFO = GAMES["fistful_of_gold"]


@pytest.fixture(autouse=True)
def _no_plans_kept_across_tests():
    clear_plans()
    yield
    clear_plans()


def medium_against_hard(seed: int = 2) -> FistfulOfGold:
    """The play page's usual game: pink (reviewed) the medium bot, green the hard bot."""
    game = FistfulOfGold.new(seed=seed)
    play_out(game, [make_bot(INFO.levels["medium"], INFO.bots, seed=seed), HardBot(seed=seed + 1)])
    return game


def duel_positions(game: FistfulOfGold, seat: int):
    """(position, observation, legal cards) before each of ``seat``'s duels with a choice."""
    for i, mover in enumerate(game.movers):
        before = game.replay(i)
        legal = before.legal_moves(seat)
        if mover == seat and len(legal) > 1 and all(isinstance(m, Play) for m in legal):
            yield before, before.observation(seat), legal


def test_a_kept_plan_is_the_plan_worked_out_afresh(monkeypatch):
    game = medium_against_hard()
    positions = list(duel_positions(game, 0))[:4]
    assert positions
    kept = [HardBot(seed=0).duel_values(obs, legal) for _p, obs, legal in positions]
    again = [HardBot(seed=0).duel_values(obs, legal) for _p, obs, legal in positions]
    monkeypatch.setattr(hard_bot, "PLAN_CACHE_SIZE", 0)  # nothing kept: every plan afresh
    clear_plans()
    fresh = [HardBot(seed=0).duel_values(obs, legal) for _p, obs, legal in positions]
    assert kept == again == fresh
    assert not hard_bot._PLANS


def test_a_kept_plan_is_not_changed_by_a_caller_changing_its_lists():
    _pos, obs, legal = next(duel_positions(medium_against_hard(), 0))
    mix, values = HardBot(seed=0).duel_values(obs, legal)
    first = (list(mix), list(values))
    mix[0], values[0] = 99.0, 99.0
    assert HardBot(seed=0).duel_values(obs, legal) == first


def test_plans_are_kept_by_what_decides_them():
    """Another seed (other sampled hands) or other legal cards get their own plan; the
    opponent having chosen already, which the plan never reads, shares one."""
    _pos, obs, legal = next(duel_positions(medium_against_hard(), 0))
    HardBot(seed=0).duel_values(obs, legal)
    HardBot(seed=5).duel_values(obs, legal)
    HardBot(seed=0).duel_values(obs, legal[:2])
    assert len(hard_bot._PLANS) == 3
    chosen = dataclasses.replace(obs, opponent_committed=True, current_players=(obs.seat,))
    assert HardBot(seed=0).duel_values(chosen, legal) == HardBot(seed=0).duel_values(obs, legal)
    assert len(hard_bot._PLANS) == 3
    clear_plans()
    # ... and it is the plan worked out afresh for that observation too.
    assert HardBot(seed=0).duel_values(chosen, legal) == HardBot(seed=0).duel_values(obs, legal)


def test_the_kept_plans_stay_within_their_bound(monkeypatch):
    monkeypatch.setattr(hard_bot, "PLAN_CACHE_SIZE", 2)
    for _pos, obs, legal in list(duel_positions(medium_against_hard(), 0))[:4]:
        HardBot(seed=0).duel_values(obs, legal)
    assert len(hard_bot._PLANS) == 2


def test_the_review_gives_the_same_verdicts_with_and_without_kept_plans(monkeypatch):
    game = medium_against_hard()
    cold = review(game, 0, seed=0)
    warm = review(game, 0, seed=0)  # every plan read from the first review's
    monkeypatch.setattr(hard_bot, "PLAN_CACHE_SIZE", 0)
    clear_plans()
    none_kept = review(game, 0, seed=0)
    assert cold.done and warm.done and none_kept.done
    assert cold.decisions == warm.decisions == none_kept.decisions


def test_hints_then_the_review_agree_and_the_review_reads_the_hints_plans():
    from tabletop_widgets.core.move_values import by_value
    from tabletop_widgets.games.fistful_of_gold import coach

    game = medium_against_hard()
    hinted = {}
    for i, mover in enumerate(game.movers):
        before = game.replay(i)
        if mover == 0 and len(before.legal_moves(0)) > 1:
            last = list(coach.analyse(before, 0))[-1]
            hinted[i] = by_value(last)[0].move
    kept = len(hard_bot._PLANS)
    after_hints = review(game, 0, seed=0, hinted=hinted)
    assert len(hard_bot._PLANS) == kept  # no plan worked out again
    clear_plans()
    assert review(game, 0, seed=0, hinted=hinted).decisions == after_hints.decisions


def test_the_fistful_review_has_two_passes_and_works_out_exact_decisions_once(monkeypatch):
    """The first pass is exact for every duel and discard (no playouts): a later pass leaves
    them; a choice only the search can value gets the coach's capped budget in pass 2,
    which a third pass would only repeat."""
    from tabletop_widgets.games.fistful_of_gold import coach

    assert INFO.review_passes == 2
    assert coach.DISCARD_BUDGET <= 2000 * 4  # the search's budget (2000) in the second pass
    calls = []
    real = coach.analyse

    def counted(game, seat=None, **kwargs):
        calls.append(len(game.history))
        return real(game, seat, **kwargs)

    monkeypatch.setattr(coach, "analyse", counted)  # what the game's analyser calls
    result = review(medium_against_hard(), 0, seed=0)
    assert result.done and result.passes == 2
    exact = [d for d in result.decisions if d.playouts == 0]
    assert exact and all(d.passes == 2 for d in result.decisions)
    assert sorted(calls) == sorted(set(calls))  # each decision analysed once


def test_the_reviews_progress_grows_with_every_decision_exact_ones_too():
    """A newcomer's progress bar stood still while the review worked out Fistful's exact
    decisions (they spend no playouts), then jumped: each decision now counts its share."""
    from tabletop_widgets.analysis.review import iter_review

    reports = list(iter_review(medium_against_hard(), 0, seed=0))
    seen = [r.progress for r in reports]
    assert all(d.playouts == 0 for d in reports[-1].decisions)  # this game's: all exact
    # One report a decision, each a step up, to the whole (steps grow as decisions found
    # exact take their later passes out of the plan).
    assert len(seen) == len(reports[-1].indices) + 1 and seen[-2] == seen[-1] == 1.0
    assert all(a < b for a, b in zip([0.0, *seen[:-2]], seen[:-1], strict=True))
