"""The Matchstick Tycoon tutorial: every exercise can be solved, and wrong answers cite the rule."""

from __future__ import annotations

import pytest

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.games.matchstick_tycoon.screens.tutorial import (
    CardExercise,
    TableExercise,
    matchstick_tycoon_course,
)

# The intended solution of each exercise step, by title.
SOLUTIONS = {
    "Make an 8 from a 6": [("toggle", "b")],
    "Turn a 6 into a 9": [("turn", None)],
    "Make an F from a 1": [("turn", None), ("toggle", "a"), ("toggle", "g")],
    "Lead a pair": "2x3: 3 3",
    "Beat a play": "1x9: 6~",
    "Pass and take a stick": "pass",
    "Win a trick": "1xF: F",
    "Cause a revolution": "5x8: 0+g 8 8 8 8",
    "Beat a revolution": "5x7: 1+a 1+a 1+a 1+a 7",
    "Discard sticks with an empty hand": "discard",
    "Go out": "1x8: 6+b",
}


def test_every_exercise_step_has_a_solution_here():
    course = matchstick_tycoon_course()
    titled = {s.title for s in course.steps if s.check}
    assert titled == set(SOLUTIONS)


@pytest.mark.parametrize("title", sorted(SOLUTIONS))
def test_exercise_fails_first_then_passes_with_the_solution(title):
    course = matchstick_tycoon_course()
    i = next(i for i, s in enumerate(course.steps) if s.title == title)
    course.go(i)
    fb = course.check()
    assert not fb.ok and "(MT-" in str(fb.message)
    ex = course.step.exercise
    sol = SOLUTIONS[title]
    if isinstance(ex, CardExercise):
        for kind, seg in sol:
            event = {"type": kind} if seg is None else {"type": kind, "segment": seg}
            assert ex.card.dispatch(event), ex.card.error
    else:
        assert isinstance(ex, TableExercise)
        ex.play(sol)
    fb = course.check()
    assert fb.ok, fb.message
    assert course.progress[0] >= 1


def test_wrong_table_moves_are_explained_and_change_nothing():
    course = matchstick_tycoon_course()
    i = next(i for i, s in enumerate(course.steps) if s.title == "Beat a play")
    ex = course.steps[i].exercise
    before = ex.current.position
    with pytest.raises(IllegalMoveError) as e:
        ex.play("1x5: 5")
    assert e.value.rule == "MT-2"
    assert ex.current.position == before
    assert "MT-2" in str(ex.tried[-1])
    course.go(i)
    assert "MT-2" in str(course.check().message)


def test_a_card_answer_that_wastes_sticks_is_explained():
    ex = CardExercise("6", "9", sticks=0)
    assert not ex.card.dispatch({"type": "toggle", "segment": "b"})  # no stick to lay
    assert ex.card.error.startswith("No stick left")
    fb = ex.judge(False, "b")  # 6+b = 8, not 9
    assert not fb.ok and "MT-3" in str(fb.message)
    ex = CardExercise("6", "8", sticks=0)
    fb = ex.judge(True, "e")  # 8, but with a stick the learner does not have
    assert not fb.ok and "MT-3" in str(fb.message) and "you have 0 sticks" in str(fb.message)


def test_a_refused_move_counts_as_a_wrong_try_and_is_shown_in_the_hand():
    course = matchstick_tycoon_course()
    i = next(i for i, s in enumerate(course.steps) if s.title == "Lead a pair")
    ex = course.steps[i].exercise
    ex.hand.dispatch({"type": "select", "index": 0})
    ex.hand.dispatch({"type": "select", "index": 2})  # a 3 and a 7: no one value
    assert not ex.hand.play_ok
    course.go(i)
    assert not course.check().ok
    ex.hand.dispatch({"type": "select", "index": 2})
    ex.hand.dispatch({"type": "select", "index": 1})
    assert ex.hand.dispatch({"type": "play", "version": ex.hand.version}), ex.hand.error
    assert "Press Check" in ex.message.value and not ex.hand.editable
    assert course.check().ok


def test_interpretations_are_flagged():
    course = matchstick_tycoon_course()
    flagged = [t for s in course.steps for t in s.interpretations]
    assert len(set(flagged)) == 5


def test_progress_counts_no_reading_step_before_the_learner_did_anything():
    """The newcomer saw "1 of 17 steps done" on arrival: a reading step counts once the
    learner goes on from it."""
    from tabletop_widgets.games.matchstick_tycoon.screens.tutorial import matchstick_tycoon_course

    course = matchstick_tycoon_course()
    assert course.progress[0] == 0 and "0 of" in course._progress_label.value
    course.next()
    assert course.progress[0] == 1


def test_the_short_game_waits_closed_so_one_table_says_you_lead():
    """The lesson's table and the short game's table both said "You lead" at once: the
    short game now waits in a closed section under its heading, opened by the learner."""
    from tabletop_widgets.games.matchstick_tycoon.screens.tutorial import tutorial_page
    from tests.widget_texts import shown

    page = tutorial_page()
    course = page.course
    for i in range(len(course.steps)):
        course.go(i)
        leads = [s.text for s in shown(page) if "You lead" in s.text]
        assert len(leads) <= 1, (course.steps[i].title, leads)
    assert not page.short_game.built and page.game_app.game is not None
    page.short_game.toggle.dispatch({"type": "toggle"})  # the learner opens it
    assert page.short_game.built and page.short_game.selected_index == 0
    assert any("Then: a short game" in s.text for s in shown(page))
    assert "Show the short game" in [s.text for s in shown(page.short_game)]
