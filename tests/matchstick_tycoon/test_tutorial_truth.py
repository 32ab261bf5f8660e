"""The Matchstick Tycoon tutorial teaches nothing false.

For every step of the course: each scripted position is a real one (the
engine reads it), the answers the check accepts are exactly the right ones
(computed from the engine and the goal the text states), the facts the text
states about a position match it, and nothing is written in notation before
the step that teaches the notation.  The plays the hints suggest are right answers, and
the Overview's deck is the engine's.
"""

from __future__ import annotations

import html
import re

import pytest

from tabletop_widgets.core import GAMES
from tabletop_widgets.core.i18n import LANGUAGES, _, language
from tabletop_widgets.games.matchstick_tycoon import Move, shapes
from tabletop_widgets.games.matchstick_tycoon.render import segment_words
from tabletop_widgets.games.matchstick_tycoon.screens.tutorial import (
    INTERPRETATIONS,
    TableExercise,
    card_fact,
    matchstick_tycoon_course,
)
from tabletop_widgets.games.matchstick_tycoon.widgets.table import table_words
from tabletop_widgets.ui.course import Exercise

COURSE = matchstick_tycoon_course()
STEPS = list(enumerate(COURSE.steps))
EXERCISES = [(i, s) for i, s in STEPS if s.exercise is not None]
# A table step makes its widgets when first shown; made here, they belong to this module's
# course (a test that showed a step first would have them closed at its end).
for _i, _s in EXERCISES:
    _s.built_widget()
NOTATION_STEP = next(i for i, s in STEPS if s.title == "How plays are written")


def visible(text) -> str:
    """A step's HTML as the learner reads it (tags, SVG and its labels removed); a step's
    words may be a message (said in English here)."""
    text = re.sub(r"<svg.*?</svg>", " ", str(text), flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def ids(steps):
    return [f"{i + 1}-{s.title}" for i, s in steps]


def test_every_do_it_step_has_an_exercise():
    for _i, s in STEPS:
        assert (s.check is None) == (s.exercise is None), s.title
    assert len(EXERCISES) == 11


@pytest.mark.parametrize(("i", "step"), EXERCISES, ids=ids(EXERCISES))
def test_positions_are_real_and_accepted_answers_are_the_right_ones(i, step):
    ex = step.exercise
    assert isinstance(ex, Exercise)
    engine = GAMES[ex.game].engine
    for p in ex.positions():
        engine.from_position(p)
    answers = list(ex.answers())
    right = ex.correct()
    assert right, "a step nobody can pass"
    assert right <= set(answers)
    assert {a for a in answers if ex.accepts(a)} == right
    assert len(right) < len(answers) or ex.__class__ is TableExercise


@pytest.mark.parametrize(("i", "step"), EXERCISES, ids=ids(EXERCISES))
def test_the_check_agrees_with_accepts_when_the_learner_does_it(i, step):
    """The Check button (what the learner sees) says what ``accepts`` says."""
    COURSE.go(i)
    ex = step.exercise
    answer = sorted(ex.correct(), key=str)[0]
    if isinstance(ex, TableExercise):
        ex.reset()
        ex.play(answer)
    else:
        turned, added = answer
        ex.card.update(turned=turned, added=added)
    fb = COURSE.check()
    assert fb.ok, fb.message
    if isinstance(ex, TableExercise):
        ex.reset()
    else:
        ex.card.update(turned=False, added="")
    assert COURSE.feedback_text == ""  # a changed exercise takes the old message away
    fb = COURSE.check()
    assert not fb.ok and re.search(r"\(MT-\d", str(fb.message))


def test_a_wrong_table_move_is_judged_then_start_again():
    i = next(i for i, s in STEPS if s.title == "Win a trick")
    ex = COURSE.steps[i].exercise
    ex.reset()
    ex.play("1x0: 0")  # Bea can beat a 0
    COURSE.go(i)
    fb = COURSE.check()
    assert not fb.ok and "Start again" in str(fb.message)
    ex.reset()
    ex.play("1xF: F")
    assert COURSE.check().ok


def test_facts_in_the_texts_match_the_positions():
    for _i, s in EXERCISES:
        ex = s.exercise
        text = visible(s.text)
        if isinstance(ex, TableExercise):
            g = ex.before()
            table = g.position.table
            if table is not None and re.search(r"\b(led|played)\b", text):
                assert table_words(table.value, table.count) in text, s.title
            for v in re.findall(r"than (?:the )?([0-9A-Hb-d])\b", text):
                assert table is not None and v == table.value, s.title
            for n in re.findall(r"play <?b?>?(\d+) cards?", str(s.text)):
                assert table is not None and int(n) == table.count, s.title
            sticks = g.position.sticks[0]
            for n in re.findall(r"hold (\d+) sticks?", text):
                assert int(n) == sticks, s.title
            for n in re.findall(r"You have (\d+) sticks?", text):
                assert int(n) == sticks, s.title
        else:
            m = re.search(r"You have (\d+) sticks?", text)
            assert m is None or int(m.group(1)) == ex.sticks, s.title
            assert f"this {ex.face} act as {ex.goal}" in text, s.title


def test_five_cards_need_a_stick_as_the_revolution_step_says():
    for v in shapes.BASE_VALUES:
        free = sum(
            shapes.copies_in_deck(f, 0)
            for f in shapes.BASE_FACES
            if any(shapes.shows(f, t, "", 0) == v for t in (False, True))
        )
        assert free <= 4, v


def test_card_facts_are_true():
    assert str(card_fact("6", True)) == "A 6 turned over reads 9."
    assert str(card_fact("0", False, "g")) == "A 0 with a stick on the middle segment reads 8."
    with pytest.raises(ValueError):
        card_fact("1", False, "g")


NOTATION = re.compile(r"\b\dx[0-9A-Hb-d]\b|\b[0-9A-Hbd]~|\+[a-g]+\b|\bsegment [a-g]\b|Make:")


@pytest.mark.parametrize(("i", "step"), STEPS, ids=ids(STEPS))
def test_no_notation_before_it_is_taught(i, step):
    if i >= NOTATION_STEP:
        return
    for text in [visible(step.text), *map(str, step.hints), *step.interpretations]:
        assert not NOTATION.search(text), (step.title, text)


@pytest.mark.parametrize(("i", "step"), STEPS, ids=ids(STEPS))
def test_no_programmer_text(i, step):
    for text in [visible(step.text), step.title, *map(str, step.hints), *step.interpretations]:
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
        assert not re.search(r"\[['\"]|\bseat 0\b|\bNone\b|\bTrue\b|\bFalse\b", text), text


def test_teaching_order_and_the_way_out():
    titles = [s.title for s in COURSE.steps]
    assert titles[:3] == ["The theme", "The goal", "Overview"]
    assert titles[-1].startswith("Special rules")
    assert COURSE.after == ("Play a whole game", "play.ipynb")
    assert any("rules.ipynb" in str(s.text) for s in COURSE.steps[:3])
    flagged = {t for s in COURSE.steps for t in s.interpretations}
    assert flagged == set(INTERPRETATIONS.values())


def test_what_a_success_says_of_the_table_is_what_the_engine_did():
    """Step 9 said "the trick goes on" when everybody had passed and the table was cleared:
    every accepted answer's sentence is checked against the game after the bots' answers."""
    for _i, s in EXERCISES:
        ex = s.exercise
        if not isinstance(ex, TableExercise):
            continue
        for move in ex.correct():
            ex.reset()
            ex.play(move)
            fb = ex.check()
            said = str(fb.message)
            assert fb.ok, (s.title, said)
            cleared = ex.current.position.table is None
            if "goes on" in said:
                assert not cleared, (s.title, move, said)
            if "table was cleared" in said:
                assert cleared and ex.current.to_move == 0, (s.title, move, said)


HINTED = [(i, s) for i, s in EXERCISES if s.hints]


@pytest.mark.parametrize(("i", "step"), HINTED, ids=ids(HINTED))
def test_every_play_the_hints_suggest_is_a_right_answer(i, step):
    """A hint that names a play (a card fact, "your two 3s") leads to an answer the Check
    accepts, and its words name that play's cards and value."""
    ex = step.exercise
    assert ex.hinted, "hints that suggest no play: say which (hinted=) so it is checked"
    said = " ".join(visible(str(h)) for h in step.hints)
    right = ex.correct()
    for answer in ex.hinted:
        assert answer in right and ex.accepts(answer), (step.title, answer)
        if isinstance(ex, TableExercise):
            assert isinstance(answer, Move)
            for token in {answer.value, *(face for face, _t, _a in answer.cards())}:
                assert re.search(rf"\b{token}s?\b", said), (step.title, token, said)
        elif answer[1]:
            assert segment_words(answer[1]) in said, (step.title, answer, said)


def test_the_overview_states_the_deck_the_engine_deals():
    """ "56 cards: four each of 0 1 2 …, no 9 and no E" is the engine's deck, in every
    language (the numbers and the faces are the same in each)."""
    step = next(s for s in COURSE.steps if s.title == "Overview")
    text = visible(step.text)
    m = re.search(
        r"The deck has (\d+) cards: four each of ([0-9A-Za-z ]+)\. There is no (\w) and no "
        r"(\w) card: a 6 turned over reads (\w), and a 3 turned over reads (\w)\.",
        text,
    )
    assert m, text
    deck = shapes.deck(0)
    faces = m[2].split()
    assert int(m[1]) == len(deck)
    assert faces == list(shapes.faces_in_deck(0))
    assert all(deck.count(f) == 4 for f in faces) and set(deck) == set(faces)
    assert {m[3], m[4]} == set(shapes.BASE_VALUES) - set(faces)
    assert (shapes.shows("6", True), shapes.shows("3", True)) == (m[5], m[6]) == ("9", "E")
    for code in LANGUAGES:
        with language(code):
            said = visible(_(step.text))
        assert str(len(deck)) in said and " ".join(faces) in said, (code, said)
