"""Matchstick Tycoon in every language: the engine's refusals carry a message id and the
rule id, and the tutorial, the play screen and the sandbox show no word the catalogs do
not give (built in the pseudo-language ``xx``, every visible text is wrapped in ⟦ ⟧)."""

from __future__ import annotations

import html
import re

import ipywidgets as w
import pytest

from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.core.i18n import language, set_language
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Position
from tabletop_widgets.games.matchstick_tycoon.screens.play import play_page, play_screen
from tabletop_widgets.games.matchstick_tycoon.screens.sandbox import (
    MatchstickTycoonSandbox,
    sandbox_page,
)
from tabletop_widgets.games.matchstick_tycoon.screens.tutorial import (
    matchstick_tycoon_course,
    tutorial_page,
)
from tabletop_widgets.games.matchstick_tycoon.widgets import (
    CardWidget,
    HandWidget,
    MatchstickTycoonTable,
)
from tests.i18n.test_widgets import NOT_WORDS


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


# -- the engine's refusals ----------------------------------------------------------------

REFUSED = {
    "en": "The table holds a pair, so you must play 2 cards (or pass). (MT-5)",
    "fr": "La table porte une paire, vous devez donc jouer 2 cartes (ou passer). (MT-5)",
    "ko": "테이블에 페어가 있으니 카드 2장을 내야 합니다 (또는 패스). (MT-5)",
    "ca": "A la taula hi ha una parella, així que has de jugar 2 cartes (o passar). (MT-5)",
}


def _pair_on_the_table() -> MatchstickTycoon:
    return MatchstickTycoon.from_position(
        {
            "players": 3,
            "expansion": 0,
            "hands": [["0", "6", "8", "8"], ["1"], ["3", "3", "A"]],
            "sticks": [1, 1, 1],
            "table": {"value": "2", "count": 2, "player": 2},
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )


@pytest.mark.parametrize("code", ["en", "fr", "ko", "ca"])
def test_the_same_refusal_reads_in_each_language_and_keeps_the_rule(code):
    with pytest.raises(IllegalMoveError) as e:
        _pair_on_the_table().play("1x8: 8")
    assert e.value.rule == "MT-5"
    assert e.value.message.msgid.startswith("The table holds a pair")
    with language(code):
        assert str(e.value) == REFUSED[code]  # rendered when shown, long after it was raised
    assert e.value.message.render(code) + " (MT-5)" == REFUSED[code]


@pytest.mark.parametrize(
    ("move", "rule"),
    [("1x8: 8", "MT-5"), ("2x1: 8 8", "MT-3"), ("2x9: 6~ 6~", "MT-5"), ("2xE: 3~ 3~", "MT-5")],
)
def test_every_refusal_is_a_message_in_every_language(move, rule):
    with pytest.raises(IllegalMoveError) as e:
        _pair_on_the_table().play(move)
    assert e.value.rule == rule and not isinstance(e.value.message, str)
    for code in ("fr", "ko", "ca"):
        said = e.value.message.render(code)
        assert said != e.value.message.render("en") and "{" not in said, (code, said)
    with language("xx"):
        assert str(e.value).startswith("⟦")


def test_a_position_error_names_its_field_and_reads_in_each_language():
    bad = _pair_on_the_table().position.to_json() | {"sticks": [1, -1, 1]}
    with pytest.raises(PositionError) as e:
        Position.from_json(bad)
    assert e.value.field == "sticks[1]"
    with language("fr"):
        assert str(e.value) == "sticks[1]: ne peut pas être négatif"
    with language("ca"):
        box = MatchstickTycoonSandbox()
        result = box.load_json(bad)
        assert not result.ok and "Llumins del lloc 2" in result.message


# -- the pseudo-language: nothing English left ------------------------------------------------


def visible(widget) -> list[str]:
    """What a person can read in ``widget`` and its children: HTML as text (a message may
    hold tags: the pseudo-language wraps the whole), labels, options, tab titles, and what
    this game's anywidgets draw from their traits."""
    out: list[str] = []
    for node in _walk(widget):
        if isinstance(node, w.HTML | w.Label):
            value = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", node.value, flags=re.S)
            out.append(html.unescape(re.sub(r"<[^>]+>", "", value)))
        if isinstance(node, w.Button | w.Text | w.Dropdown | w.IntText | w.BoundedIntText):
            out.append(node.description)
        if isinstance(node, w.Button):
            out.append(node.tooltip or "")
        if isinstance(node, w.Text):
            out.append(node.placeholder)
        if isinstance(node, w.Dropdown | w.ToggleButtons):
            out += [str(o[0]) if isinstance(o, tuple) else str(o) for o in node.options]
        if isinstance(node, w.Tab | w.Accordion):
            out += list(node.titles)
        if hasattr(node, "_texts"):
            out += list(node._texts.values())
        if isinstance(node, MatchstickTycoonTable):
            out.append(node.message)
            out += node.log
            for seat in node.seats:
                out += [seat["name"], seat["cards_text"], seat["sticks_text"], seat["status"]]
                out.append(seat["label"])
            if node.play:
                out.append(node.play["words"])
                out += [c.get("label", "") for c in node.play["cards"]]
        if isinstance(node, HandWidget):
            v = node._view
            out += [v["status"], v["make_help"], v["hand_label"], node.error]
            out += [c["label"] for c in v["cards"]] + [p["label"] for p in v["plays"]]
        if isinstance(node, CardWidget):
            out += [node.caption, node.label, node.error]
    return [t.strip() for t in out if t and t.strip()]


def bare(text: str) -> str:
    """``text`` without its marked parts (markers nest: a message inside a message), rule
    ids and card values, which stay as they are in every language."""
    text = re.sub(r"\b[A-Z]{2}-\d+\b|^[0-9A-Hb-d]$", "", text)
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", text, flags=re.S)
        if shorter == text:
            return shorter.strip()
        text = shorter


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def unmarked(widget, skip=()) -> list[str]:
    found = []
    for t in visible(widget):
        if not NOT_WORDS.match(bare(t)) and not any(s in t for s in skip):
            found.append(t)
    return found


def test_every_step_of_the_tutorial_is_in_the_pseudo_language():
    set_language("xx")
    course = matchstick_tycoon_course()
    for i, step in enumerate(course.steps):
        course.go(i)
        if step.hints:
            course.hint()
        course.check()
        assert unmarked(course) == [], step.title
        if step.exercise is not None:
            assert unmarked(step.exercise.widget) == [], step.title


def test_the_tutorial_says_its_step_again_in_a_new_language():
    course = matchstick_tycoon_course()
    course.go(8)  # beat a play: a text computed from the position
    english = course._body.value
    assert "Bea led a single 7, and Cal passed" in english
    set_language("fr")
    assert "Bea a commencé la manche avec un seul 7" in course._body.value
    ex = course.steps[8].exercise
    ex.play("1x9: 6~")
    set_language("ko")
    assert "Bea (봇)" in [s["name"] for s in ex.table.seats]
    assert "확인을 누르거나" in ex.message.value
    course.check()
    assert "테이블의 카드보다 강합니다" in course._feedback.value


def test_the_play_screen_is_in_the_pseudo_language():
    set_language("xx")
    screen = play_screen(seats=["person", "easy", "medium"], seed=3)
    screen.setup.ensure()
    assert unmarked(screen) == []
    screen.autoplay()
    assert unmarked(screen) == []


def test_the_sandbox_is_in_the_pseudo_language():
    set_language("xx")
    box = MatchstickTycoonSandbox()
    box.play(box.game.legal_moves()[0])
    box.load_json("{")
    # The what-if panel too (tests/analysis/test_i18n.py checks it in depth): after a run,
    # only the move notation in its table and status line is not words.
    assert unmarked(box) == []
    report = box.whatif.run(blocking=True, max_playouts=2)
    assert unmarked(box, skip=[str(c.move) for c in report]) == []


def test_the_pages_words_follow_the_language():
    set_language("xx")
    page = play_page(seed=2)
    words = [c for c in page.children if type(c).__name__ in ("PageIntro", "Words")]
    assert words and all(unmarked(c) == [] for c in words)
    set_language("fr")
    assert "Vous jouez contre des robots" in words[0].value


def test_a_new_language_reaches_the_tutorial_page_and_its_short_game():
    page = tutorial_page()
    set_language("ca")
    assert "Després: una partida curta" in page.children[2].value
    assert page.game_app.undo_button.description == "Desfés la meva última jugada"


def test_the_sandbox_page_draws_its_charts_again():
    page = sandbox_page(games=4, playouts=2)
    before = page.children[4].value
    set_language("ko")
    assert page.children[4].value != before


def test_the_play_page_built_before_its_language_names_the_bots_in_it():
    """The page is built before the request says its language (a preheated kernel): the
    table's seats then say the bots' mark in the page's language."""
    screen = play_screen(seats=["person", "easy", "medium"], seed=3)
    set_language("ko")
    assert [s["name"] for s in screen.board.table.seats] == [
        "나",
        "Bea (봇, 쉬움)",
        "Cal (봇, 보통)",
    ]
