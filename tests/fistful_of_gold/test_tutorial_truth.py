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


def test_the_discard_step_says_what_a_tap_does():
    """Step 3 said "Tap a card to read what it beats", but in the discard a tap picks the
    card to discard: the instruction now says so, and it is what the table does."""
    import re

    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable
    from tests.widget_texts import shown

    course = fistful_of_gold_course()
    course.go(2)
    words = " ".join(s.text for s in shown(course))
    assert "Tap a card to read" not in words
    assert re.search(r"tap two cards to discard them: each rises", words)
    assert "tap a risen card again to keep it" in words
    table = next(x for x in _widgets(course) if isinstance(x, FistfulOfGoldTable))
    hand = table.view["hand"]
    first, second = hand[0], hand[1]
    # what the text says appears under the buttons: the hint line (nothing chosen yet) and
    # the cards chosen -- not "what it beats", which the discard does not show
    assert "the cards you chose are listed under the buttons" in words
    assert "what it beats is written under the buttons" not in words
    assert table.view["mode"] == "discard" and table.view["about"] == ""
    js = FistfulOfGoldTable._esm
    assert 'v.mode === "discard" ? "tap_discard" : "tap"' in js
    assert "are listed here" in table.texts["tap_discard"]
    assert "beats" not in table.texts["tap_discard"]
    table.dispatch({"type": "select", "index": 0, "card": first})
    table.dispatch({"type": "select", "index": 1, "card": second})
    assert table.selected == (0, 1)  # both picked to discard
    assert table.view["about"].startswith("To discard: ")  # listed, as the hint line says
    table.dispatch({"type": "select", "index": 1, "card": second})
    assert table.selected == (0,)  # tapped again: kept
    table.dispatch({"type": "select", "index": 2, "card": hand[2]})
    assert table.dispatch({"type": "confirm"})
    assert len(course.step.exercise.lab.game.position.discards[0]) == 2
    assert course.check().ok


def _widgets(root):
    todo = [root]
    while todo:
        x = todo.pop()
        yield x
        todo.extend(getattr(x, "children", ()))


def test_a_discard_chosen_is_shown_as_its_cards_face_down_and_captioned_so():
    """Green's discard lay on the table as one back captioned "chosen", like a card of a
    duel: it is its cards face down, captioned as a discard chosen."""
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    game = FistfulOfGold.new(seed=3)
    table = FistfulOfGoldTable(game, seat=0)
    assert table.view["chosen"] == [False, False]  # nothing captioned before green chooses
    game.play(game.legal_moves(1)[0], 1)
    table.refresh()
    assert table.view["chosen"] == [False, True] and table.view["chosen_cards"] == [0, 2]
    js = FistfulOfGoldTable._esm
    assert '"discard_chosen" : "chosen"' in js and "chosen_cards" in js
    assert table.texts["discard_chosen"] == "discard chosen"
    game.play(game.legal_moves(0)[0], 0)  # both discarded: the duel
    game.play(game.legal_moves(1)[0], 1)
    table.refresh()
    assert table.view["phase"] == "duel" and table.view["chosen_cards"] == [0, 1]
