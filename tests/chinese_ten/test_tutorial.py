"""The Chinese Ten tutorial page: order, checks by doing, wrong tries explained, the way on."""

from __future__ import annotations

import ipywidgets as w
import pytest

from tabletop_widgets.games.chinese_ten.screens.tutorial import TableExercise, chinese_ten_course


def find_button(widget, text):
    stack = [widget]
    while stack:
        node = stack.pop()
        if isinstance(node, w.Button) and text in node.description:
            return node
        stack.extend(getattr(node, "children", ()))
    raise LookupError(text)


def test_order_theme_goal_overview_rules_specials():
    course = chinese_ten_course()
    titles = [s.title for s in course.steps]
    assert titles[:3] == ["The theme", "The goal", "Overview"]
    rules = [s.rule for s in course.steps]
    assert rules == ["", "", "CT-1", "CT-2", "CT-2", "CT-3", "CT-3", "CT-3", "CT-4"] + [
        "CT-5",
        "CT-5",
        "CT-6",
    ]
    flagged = {i for s in course.steps for i in s.interpretations}
    assert any("compulsory" in i for i in flagged) and any(
        "left of the dealer" in i for i in flagged
    )
    assert all(s.interpretations for s in course.steps if s.rule == "CT-1")


# (step title, wrong turn, right turn): the Check fails before any move, after the
# wrong turn (naming why), and passes after Start again and the right turn.
PLAN = [
    ("Capture: make ten", ["2C"], ["7H x 3S"], "took nothing"),
    ("Capture: 10", ["2S"], ["QH x QS"], "only a card of its own rank (CT-2)"),
    ("Choosing among captures", ["7C x 3S"], ["7C x 3H"], "only red cards score (CT-5)"),
    ("Choosing for the stock card", ["2C", "stock 5D x 5S"], ["2C", "stock 5D x 5H"], "black"),
    ("Special layouts", ["2C"], ["KH x KS KD KC"], "is not the one"),
]


@pytest.mark.parametrize(("title", "wrong", "right", "why"), PLAN, ids=[p[0] for p in PLAN])
def test_each_table_step_is_checked_by_doing(title, wrong, right, why):
    course = chinese_ten_course()
    i = next(k for k, s in enumerate(course.steps) if s.title.startswith(title))
    course.go(i)
    ex = course.step.exercise
    assert not course.check().ok
    for m in wrong:
        assert ex.table.dispatch({"type": "move", "text": m}), ex.table.error
    fb = course.check()
    assert not fb.ok and why in str(fb.message), fb.message
    find_button(ex.build(), "Start again").click()
    assert ex.game.history == () and ex.table.interactive
    for m in right:
        assert ex.table.dispatch({"type": "move", "text": m}), ex.table.error
    assert course.check().ok, course.feedback_text
    # The turn is over: the table takes no more moves and says so under it.
    assert not ex.table.interactive and "Your turn is over" in ex.message.value


def test_the_two_step_turn_says_what_the_stock_card_did():
    course = chinese_ten_course()
    course.go(5)
    ex = course.step.exercise
    ex.table.dispatch({"type": "move", "text": "2C"})
    fb = course.check()
    assert fb.ok and "turned up the six of hearts, which captured the four of diamonds" in str(
        fb.message
    )
    assert "You play the two of clubs; it joins the layout." in ex.message.value
    # A card that leaves the turned-up card a choice: the Check waits for it.
    find_button(ex.build(), "Start again").click()
    ex.table.dispatch({"type": "move", "text": "4S"})
    assert ex.game.phase == "stock"
    assert not course.check().ok and "waits" in course.feedback_text


def test_a_refusal_on_the_table_names_the_rule_in_words():
    course = chinese_ten_course()
    course.go(3)
    t = course.step.exercise.table
    t.dispatch({"type": "select", "index": t.hand_index("7H")})
    assert not t.dispatch({"type": "lay"})
    assert t.error == (
        "The seven of hearts can capture the three of spades, and capturing is compulsory. (CT-3)"
    )


@pytest.mark.parametrize(("i", "answer"), [(9, 67), (10, 62)])
def test_counting_steps(i, answer):
    course = chinese_ten_course()
    course.go(i)
    ex = course.step.exercise
    ex.answer.value = answer - 1
    fb = course.check()
    assert not fb.ok and "(CT-5)" in str(fb.message) and "ace of spades" in str(fb.message)
    ex.answer.value = answer
    assert course.check().ok


def test_the_course_ends_with_the_play_page_and_links_the_rules_page():
    course = chinese_ten_course()
    assert course.after == ("Play a whole game", "play.ipynb")
    course.go(len(course.steps) - 1)
    assert "href='play.ipynb'" in course._after.value
    assert 'href="rules.ipynb"' in str(course.step.text)
    # Rule ids in the step headings link to the rules page.
    course.go(3)
    assert 'href="rules.ipynb#CT-2"' in course._header.value


def test_the_tutorial_page_links_the_rules_and_play_pages():
    import json
    from pathlib import Path

    from tabletop_widgets.games.chinese_ten.screens.tutorial import tutorial_page

    page = tutorial_page()
    intro = page.children[0].value
    assert "href='rules.ipynb'" in intro and "href='play.ipynb'" in intro
    assert "rules reference" not in intro and page.course is page.children[1]
    # The notebook is one code cell: the page built in Python, its words in its language.
    nb = json.loads(
        (Path(__file__).parents[2] / "notebooks/chinese_ten/tutorial.ipynb").read_text()
    )
    assert [c["cell_type"] for c in nb["cells"]] == ["code"]
    code = "".join(nb["cells"][0]["source"])
    assert "page(" in code and 'game_page("chinese_ten", "tutorial")' in code
    assert "play_screen" not in code  # one play page, not a second game in the tutorial


def test_start_again_clears_an_old_refusal():
    course = chinese_ten_course()
    course.go(3)
    ex = course.step.exercise
    t = ex.table
    t.dispatch({"type": "select", "index": t.hand_index("7H")})
    assert not t.dispatch({"type": "lay"}) and "(CT-3)" in t.error
    find_button(ex.build(), "Start again").click()
    assert t.error == "" and ex.game.history == ()


def test_welcome_back_keeps_the_place_until_the_learner_answers():
    """After a reload the kept place stays kept while "Welcome back" waits for an answer
    (a Next on step 1 below it overwrote it), and starting again is asked twice."""
    import json

    first = chinese_ten_course()
    for _ in range(3):
        first.next()
    kept = first.store.value
    assert json.loads(kept)["index"] == 3
    again = chinese_ten_course()
    assert again.store.dispatch({"type": "restored", "data": kept})
    assert again._resume.layout.display is None
    writes = again.store.writes
    again.next()  # the learner reads on below the question: the kept place is not overwritten
    assert again.store.writes == writes
    find_button(again._resume, "Start from step 1").click()
    assert "forgets the steps" in again._resume.children[0].value
    find_button(again._resume, "No, go on where I was").click()
    assert again.index == 3 and again._resume.layout.display == "none"
    third = chinese_ten_course()
    third.store.dispatch({"type": "restored", "data": kept})
    find_button(third._resume, "Start from step 1").click()
    find_button(third._resume, "Yes, start from step 1").click()
    assert third.index == 0 and json.loads(third.store.value)["index"] == 0


def test_start_again_takes_the_old_not_yet_away():
    course = chinese_ten_course()
    index = next(i for i, s in enumerate(course.steps) if isinstance(s.exercise, TableExercise))
    course.go(index)
    course.check()  # nothing played yet: "Not yet"
    assert course.feedback_text
    find_button(course.step.exercise.build(), "Start again").click()
    assert course.feedback_text == ""
