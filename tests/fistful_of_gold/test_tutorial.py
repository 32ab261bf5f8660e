"""The Fistful of Gold tutorial: every do-it step can be solved by clicking, and fails first."""

from __future__ import annotations

import pytest

from tabletop_widgets.games.fistful_of_gold.options import CHOICES
from tabletop_widgets.games.fistful_of_gold.screens.sandbox import DuelLab
from tabletop_widgets.games.fistful_of_gold.screens.tutorial import (
    INTERPRETATIONS,
    ReadingDemo,
    fistful_course,
)


@pytest.fixture(scope="module")
def course():
    return fistful_course()


def click(lab: DuelLab, *cards: str) -> None:
    """Select ``cards`` on the lab's table and confirm, as a learner would."""
    table = lab.table
    for card in cards:
        names = [c["card"] for c in table.view["choices"]]
        assert table.dispatch({"type": "select", "index": names.index(card), "card": card}), (
            table.error
        )
    assert table.dispatch({"type": "confirm"}), table.error


SOLUTIONS = {
    "Your nine cards": [("pink 1", "pink 2")],
    "Close cards: the higher card wins": [("pink 5",)],
    "Far apart: the lower card wins": [("pink 1",)],
    "Ties and the tie pot": [("pink 5",)],
    "The +1 rule": [("pink 6",)],
    "The 6 takes the tie pot": [("pink 6",)],
    "The pink 7 ends the round": [("pink 7",)],
    "The green 7 adds gold": [("green 7",), ("green 6",)],
    "The pink 8 against a 1": [("pink 8",)],
    "The green 8 takes a card back": [("green 8",), ("green 1",)],
    "Dynamite": [("pink dynamite",)],
}


def test_order_and_flags(course):
    titles = [s.title for s in course.steps]
    assert titles[:3] == ["A duel at high noon", "How to win", "Your nine cards"]
    assert titles[-1].startswith("A whole round")
    flagged = [t for s in course.steps for t in s.interpretations]
    # Every (interpretation) of the rules page is flagged once, each with a switch.
    assert sorted(flagged) == sorted(INTERPRETATIONS.values())
    switched = set()
    for s in course.steps:
        lab = s.widget
        if isinstance(lab, DuelLab):
            switched |= set(lab._switches)
        elif isinstance(lab, ReadingDemo):
            switched |= {"equal_round", "game_tiebreak"}
    assert switched == set(CHOICES) - {"hands"} | {"hands", "specials"}


@pytest.mark.parametrize("title", sorted(SOLUTIONS))
def test_each_step_fails_first_then_passes_by_clicking(course, title):
    index = next(i for i, s in enumerate(course.steps) if s.title == title)
    course.go(index)
    lab = course.step.widget
    lab.start()
    assert not course.check().ok
    for cards in SOLUTIONS[title]:
        click(lab, *cards)
    fb = course.check()
    assert fb.ok, fb.message
    # The opponent played what the lesson announced (no silent fallback to the bot).
    opp = 1 - lab.learner
    revealed = [str(d.cards[opp]) for d in lab.game.duel_log]
    revealed.append(str(lab.game.position.pending[opp]))  # chosen for the next duel
    assert all(card in revealed for card in lab.plan[: lab._next_plan])


def test_plus_one_step_refuses_the_five(course):
    lab = next(s.widget for s in course.steps if s.title == "The +1 rule")
    lab.start()
    names = [c["card"] for c in lab.table.view["choices"]]
    ok = lab.table.dispatch({"type": "select", "index": names.index("pink 5"), "card": "pink 5"})
    assert not ok and lab.table.error.endswith("(FG-3)")


def test_switches_replay_the_situation_under_the_other_reading(course):
    lab = next(s.widget for s in course.steps if s.title == "The green 7 adds gold")
    lab.set_option("green7", "next_round")
    assert lab.game.options.green7 == "next_round" and len(lab.game.history) == 3
    click(lab, "green 7")
    click(lab, "green 6")
    assert lab.game.duel_log[-1].bonus == (0, 0)
    index = next(i for i, s in enumerate(course.steps) if s.widget is lab)
    course.go(index)
    assert course.check().ok  # the check follows the reading
    assert lab._switches["green7"].label == "next_round"
    lab._switches["green7"].value = 0  # as the dropdown does
    assert lab.game.options.green7 == "rest_of_round"


def test_reading_demo_results_change_with_the_options():
    demo = ReadingDemo()
    base = demo.game.result
    assert base is not None and base.details["decided_by"] != "rounds"
    demo.set_option("game_tiebreak", "draw")
    assert demo.game.result.details["decided_by"] == "draw" and demo.game.result.is_draw
    texts = {demo.table.view["summary"]["result"]["text"]}
    demo.set_option("game_tiebreak", "gold")
    texts.add(demo.table.view["summary"]["result"]["text"])
    assert len(texts) == 2


def test_full_round_against_the_bot(course):
    step = course.steps[-1]
    lab = step.widget
    lab.start()
    click(lab, "pink 1", "pink 2")
    while not lab.game.position.past:
        table = lab.table
        legal = next(c for c in table.view["choices"] if c["legal"])
        if table.view["mode"] == "reclaim":
            legal = table.view["choices"][0]
        click(lab, legal["card"])
    course.go(len(course.steps) - 1)
    assert course.check().ok
    assert lab.table.view["mode"] == "discard" and lab.table.view["need"] == 1


def test_a_none_reading_shows_in_its_switch(course):
    lab = next(s.widget for s in course.steps if s.title == "The +1 rule")
    dd = lab._switches["dynamite_counts_as"]
    assert dd.label == "none (rules page)" and lab.game.options.dynamite_counts_as is None
    dd.value = 2  # "9"
    assert lab.game.options.dynamite_counts_as == 9 and len(lab.game.history) == 5
    dd.value = 0
    assert lab.game.options.dynamite_counts_as is None
