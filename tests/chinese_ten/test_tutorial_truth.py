"""The Chinese Ten tutorial never teaches what is false.

For every step with an exercise: every position it scripts is one the engine
accepts (it could arise in a game), and the answers its Check accepts are
exactly the answers that reach the goal the step's text states (computed from
the engine).  Every card the text or hints name is in the exercise's own
position, and what the text says about the position is checked against it.
"""

from __future__ import annotations

import re

import pytest

from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.games.chinese_ten import deal_total, points
from tabletop_widgets.games.chinese_ten.screens.tutorial import (
    NumberExercise,
    TableExercise,
    chinese_ten_course,
    in_english,
    step_cards,
)
from tabletop_widgets.ui.course import Exercise, Step

COURSE = chinese_ten_course()
EXERCISES = [(i, s) for i, s in enumerate(COURSE.steps) if s.exercise is not None]
IDS = [s.title for _, s in EXERCISES]
#: Card notation (7H, TC, 10D): the course names cards in words until the last step.
NOTATION = re.compile(r"\b(?:[2-9AKQJT]|10)[SHDC]\b")


def by_title(start: str):
    return next(s for s in COURSE.steps if s.title.startswith(start))


def test_every_do_it_step_has_an_exercise():
    for step in COURSE.steps:
        assert ("Do it" in in_english(step.text)) == (step.exercise is not None), step.title
        assert (step.check is not None) == (step.exercise is not None), step.title


@pytest.mark.parametrize(("i", "step"), EXERCISES, ids=IDS)
def test_scripted_positions_are_real(i, step):
    ex = step.exercise
    assert isinstance(ex, Exercise) and ex.game == "chinese_ten"
    engine = GAMES[ex.game].engine
    for pos in ex.positions():
        game = engine.from_position(pos)
        assert game.position.to_json() == pos


@pytest.mark.parametrize(("i", "step"), EXERCISES, ids=IDS)
def test_the_check_accepts_exactly_the_right_answers(i, step):
    ex = step.exercise
    answers = list(ex.answers())
    accepted = {a for a in answers if ex.accepts(a)}
    assert accepted == ex.correct()
    assert accepted, "an exercise nobody can solve"
    assert not ex.accepts(("no such move",)) and not ex.accepts(-1)


@pytest.mark.parametrize(("i", "step"), EXERCISES, ids=IDS)
def test_cards_named_by_the_text_are_in_the_position(i, step):
    ex = step.exercise
    if isinstance(ex, TableExercise):
        named = step_cards(step)
        here = {*ex.hand(), *ex.layout(), ex.stock_top()}
    else:  # the counting steps: the text states the rule, the hints count the pile
        assert isinstance(ex, NumberExercise)
        named = step_cards(Step("", "", hints=step.hints))
        here = set(ex.cards)
    assert set(named) <= here, [str(c) for c in named if c not in here]


def test_what_the_texts_say_about_their_positions():
    only = by_title("Capture: 10").exercise  # "find your only capture"
    assert sum(bool(m.captures) for m in only.start.legal_moves()) == 1
    stock = by_title("Choosing for the stock").exercise  # "none of yours can capture here"
    assert not any(m.captures for m in stock.start.legal_moves())
    assert all(len(a) == 2 for a in stock.answers())  # ... and the stock card always waits
    choose = by_title("Choosing among").exercise  # "it can take the three … or the three …"
    takes = {c for m in choose.start.legal_moves() for c in m.captures}
    assert {str(c) for c in takes} == {"3S", "3H"}
    assert [points(c, "standard", 3) > 0 for c in sorted(takes)] == [False, True]
    kings = by_title("Special layouts").exercise  # "use the fourth king"
    assert sorted(c.rank for c in kings.layout()).count(13) == 3
    assert any(c.rank == 13 for c in kings.hand())
    turn = by_title("A turn has two").exercise  # "play any card": every turn is right
    assert turn.correct() == set(turn.answers())


def test_numbers_in_the_texts_come_from_the_engine():
    overview = in_english(by_title("Overview").text)
    assert "With 3 players each gets 8 cards; 4 cards lie face up" in overview
    assert "the other 24 are the <b>stock</b>" in overview
    counting = in_english(by_title("Counting").text)
    assert f"A deal holds {deal_total('standard', 3)} points with 3 players" in counting
    frog = in_english(by_title("Red Frog").text)
    assert f"<p>{deal_total('red_frog_black_frog', 3)} points a deal." in frog
    match = in_english(by_title("Longer games").text)
    assert "240 ÷ 3 = 80 with 3 players): 110 points win 30, 50 points lose 30" in match


@pytest.mark.parametrize(
    ("i", "step"), list(enumerate(COURSE.steps)), ids=[s.title for s in COURSE.steps]
)
def test_no_notation_before_it_is_taught(i, step):
    """Cards are named in words; the short notation appears only in the last step."""
    words = [step.title, step.text, *step.hints, *step.interpretations]
    text = " ".join(in_english(x) for x in words)
    if i == len(COURSE.steps) - 1:
        text = re.sub(r"<code>.*?</code>", "", text)
    assert not NOTATION.findall(text), step.title
    ex = step.exercise
    if isinstance(ex, TableExercise):
        # Every Check message, whatever the learner did.
        for a in [(), *ex.answers()]:
            game = ex.make_game()
            for m in a:
                game.play(m)
            said = in_english(ex.goal(game).message)
            assert not NOTATION.findall(said), said
