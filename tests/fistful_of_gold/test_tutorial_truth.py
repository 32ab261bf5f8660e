"""The Fistful of Gold tutorial never teaches what is false (issue 16).

For every do-it step, under every reading its switches offer: each scripted
position is a real one (the engine's own position checks read it), and the
answers the step's Check accepts are exactly those that reach the goal its
text states, computed from the engine's games.
"""

from __future__ import annotations

import pytest

from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.games.fistful_of_gold.screens.tutorial import fistful_of_gold_course
from tabletop_widgets.ui.course import Exercise

COURSE = fistful_of_gold_course()
LESSONS = [(i, s) for i, s in enumerate(COURSE.steps) if s.exercise is not None]


def readings(exercise) -> list[tuple[str, object]]:
    """The rules page's readings, then each other reading of each switch in turn."""
    out: list[tuple[str, object]] = [("", None)]
    for name, values in exercise.switches.items():
        out += [(name, v) for v in values[1:]]
    return out


def test_every_do_it_step_has_an_exercise():
    for step in COURSE.steps:
        if step.check is not None:
            assert isinstance(step.exercise, Exercise), step.title


@pytest.mark.parametrize(("index", "step"), LESSONS, ids=[s.title for _i, s in LESSONS])
def test_positions_are_real_and_accepted_answers_are_the_correct_ones(index, step):
    exercise = step.exercise
    engine = GAMES[exercise.game].engine
    positions = exercise.positions()
    assert positions
    for position in positions:
        engine.from_position(position)  # raises PositionError for an impossible one
    lab = exercise.lab
    for name, value in readings(exercise):
        if name:
            lab.set_option(name, value)
        answers = list(exercise.answers())
        assert answers, (step.title, name)
        accepted = {a for a in answers if exercise.accepts(a)}
        correct = exercise.correct()
        assert correct, f"{step.title}: no answer reaches the goal ({name}={value!r})"
        assert accepted == correct, (step.title, name, value)
        if name:
            lab.set_option(name, exercise.switches[name][0])
    # accepts() has no side effects: the learner's table is still at the start.
    assert lab.game.history == exercise.scenario.start(lab.options)[0].history
