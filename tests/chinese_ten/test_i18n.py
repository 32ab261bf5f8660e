"""Chinese Ten in every language: the engine's refusals carry a message id and the rule
id, cards are named in words in the reader's language, and the table, the tutorial, the
play screen and the sandbox show no word the catalogs do not give (built in the
pseudo-language ``xx``, every visible text is wrapped in ⟦ ⟧) and follow a change of
language."""

from __future__ import annotations

import html
import json
import re

import ipywidgets as w
import pytest

from tabletop_widgets.core.errors import IllegalMoveError, PositionError, RecordError
from tabletop_widgets.core.i18n import language, set_language
from tabletop_widgets.games.chinese_ten import Card, ChineseTen
from tabletop_widgets.games.chinese_ten.render import card_svg, rules_picture
from tabletop_widgets.games.chinese_ten.screens.play import play_page, play_screen
from tabletop_widgets.games.chinese_ten.screens.sandbox import ChineseTenSandbox, sandbox_page
from tabletop_widgets.games.chinese_ten.screens.tutorial import (
    NumberExercise,
    TableExercise,
    chinese_ten_course,
    stacked_game,
    tutorial_page,
)
from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable
from tests.i18n.test_widgets import NOT_WORDS


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def choice_game() -> ChineseTen:
    # 7H can take 3S; 7C could take 3S or 3H, ... (the tutorial's stacked deals).
    return stacked_game(["7H 2C 4S 6D JS 8S 9D TC", "", ""], "3S QD KC 5C", "9H")


# -- the engine's refusals ----------------------------------------------------------------

REFUSED = {
    "en": "The seven of hearts can capture the three of spades, and capturing is compulsory."
    " (CT-3)",
    "fr": "Le sept de cœur peut capturer le trois de pique, et la capture est obligatoire. (CT-3)",
    "ko": "하트 7은 스페이드 3을 잡을 수 있고, 잡을 수 있으면 반드시 잡아야 합니다. (CT-3)",
    "ca": "El set de cors pot capturar el tres de piques, i capturar és obligatori. (CT-3)",
}


@pytest.mark.parametrize("code", ["en", "fr", "ko", "ca"])
def test_the_same_refusal_reads_in_each_language_and_keeps_the_rule(code):
    with pytest.raises(IllegalMoveError) as e:
        choice_game().play("7H")
    assert e.value.rule == "CT-3"
    assert e.value.message.msgid == "{card} can capture {options}, and capturing is compulsory."
    with language(code):
        assert str(e.value) == REFUSED[code]  # rendered when shown, long after it was raised
    assert e.value.message.render(code) + " (CT-3)" == REFUSED[code]


@pytest.mark.parametrize(
    ("moves", "bad", "rule"),
    [
        ([], "7H x QD", "CT-2"),  # not a pair that makes ten
        ([], "7H x 3S 5C", "CT-2"),  # sums do not count
        ([], "7H x 3H", "CT-2"),  # not in the layout
        ([], "AH", "CT-3"),  # not in the hand
        ([], "stock 9H", "CT-3"),  # the stock card before a hand card
        (["2C"], "2C", "CT-3"),  # played for the first seat: it is the second seat's turn
        ([], "7H takes 3S", "notation"),
        ([], "ZZ", "notation"),
    ],
)
def test_every_refusal_is_a_message_in_every_language(moves, bad, rule):
    game = choice_game()
    for m in moves:
        game.play(m)
    with pytest.raises(IllegalMoveError) as e:
        game.play(bad, 0)
    refusal = e.value
    assert refusal.rule == rule
    assert not isinstance(refusal.message, str), "an English sentence built in the engine"
    for code in ("fr", "ko", "ca"):
        said = refusal.message.render(code)
        assert said != refusal.message.render("en") and "{" not in said, (code, said)
    with language("xx"):
        assert refusal.reason.startswith("⟦")
        assert not re.search(r"\b(?:seven|hearts|spades|three)\b", refusal.reason)


def test_a_fourth_card_and_a_stock_choice_are_said_with_their_cards_in_words():
    kings = stacked_game(["KH 2C 4S 6S 8C 9D TD JS", "", ""], "KS KD KC 3H", "9S")
    with pytest.raises(IllegalMoveError) as e:
        kings.play("KH x KS")
    assert e.value.rule == "CT-4"
    with language("fr"):
        assert str(e.value).startswith("Le roi de cœur est le quatrième roi\u00a0: il capture")
    stock = stacked_game(["2C 4S 6S 8C JC 3D 7S TD", "", ""], "5S 5H 9C KC", "5D")
    stock.play("2C")
    with pytest.raises(IllegalMoveError) as e:
        stock.play("6S")
    with language("ca"):
        said = str(e.value)
    assert said.startswith("Has girat el cinc de diamants de la pila")
    assert "el cinc de piques o el cinc de cors" in said and "stock 5D x 5S" in said


def test_a_bad_position_or_record_names_its_field_and_reads_in_each_language():
    data = ChineseTen.new(players=3, seed=1, target=None).position.to_json()
    data["hands"][0][0] = "ZZ"
    with pytest.raises(PositionError) as e:
        ChineseTen.from_position(data)
    assert e.value.field == "hands[0][0]"
    with language("fr"):
        assert e.value.reason == (
            "'ZZ' n’est pas une carte\u202f; écrivez le rang puis la couleur, comme 7H"
        )
    record = ChineseTen.new(players=3, seed=1, target=None).to_record()
    record["decks"] = [["AS"] * 52]
    with pytest.raises(RecordError) as e:
        ChineseTen.from_record(record)
    assert e.value.field == "decks[0][1]"
    with language("ko"):
        assert e.value.reason == "AS가 두 번 나옵니다"


def test_seats_in_position_errors_are_counted_from_one():
    data = ChineseTen.new(players=3, seed=1, target=None).position.to_json()
    data["hands"][2].append(data["hands"][1].pop())
    with pytest.raises(PositionError) as e:
        ChineseTen.from_position(data)
    assert e.value.field == "hands[1]"  # the field is the JSON's, counted from 0 ...
    assert e.value.reason.startswith("Seat 2 must hold 8 cards")  # ... the seat as people count
    with language("ca"):
        assert e.value.reason.startswith("El lloc 2 ha de tenir 8 cartes")


def test_card_names_and_pictures_follow_the_language():
    seven = Card.parse("7H")
    assert 'aria-label="seven of hearts"' in card_svg(seven)
    with language("fr"):
        assert 'aria-label="sept de cœur"' in card_svg(seven)
        assert "l’as de pique" in rules_picture("notation")
    with language("ko"):
        assert "<title>하트 7</title>" in card_svg(seven)
    with language("xx"):
        assert "⟦" in rules_picture("pairs") and "⟦" in card_svg(seven)


# -- the pseudo-language: nothing English left --------------------------------------------

#: Move notation (``7H x 3S``, ``stock 5D x 5H``) and rule ids stay as they are everywhere.
NOTATION = re.compile(
    r"\b(?:stock )?(?:[2-9AKQJT]|10)[SHDC](?: x(?: (?:[2-9AKQJT]|10)[SHDC])+)?\b|\b[A-Z]{2}-\d+\b"
)
#: The tutorial's bots and the game number: names, not words to translate.
NAMES = ("Bea", "Cal")


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _table_words(table: ChineseTenTable) -> list[str]:
    """What the table's front end shows as Python sent it: its own words and the view."""
    v = table._view
    out = [*table._texts.values(), table.error, *table._card_names.values()]
    if not v:
        return out
    out += [v["message"], v["stock_label"], v["layout_label"], *v["log"]]
    out += [label for _m, label in v["legal"]]
    for s in v["seats"]:
        out += [s["name"], s["score"], s["hand_label"], s["pile_label"], s["pile_words"]]
    return out


def visible(widget) -> list[str]:
    """What a person can read in ``widget`` and its children: HTML as text (a message may
    hold tags: the pseudo-language wraps the whole), labels, options, titles, and what
    the Chinese Ten table draws from its traits."""
    out: list[str] = []
    for node in _walk(widget):
        if isinstance(node, w.HTML | w.Label):
            value = re.sub(
                r"<style>.*?</style>|<svg.*?</svg>|<img[^>]*>", " ", node.value, flags=re.S
            )
            out.append(html.unescape(re.sub(r"<[^>]+>", "", value)))
        if isinstance(node, w.Button | w.Text | w.Textarea | w.Dropdown | w.IntText):
            out.append(node.description)
        if isinstance(node, w.Button):
            out.append(node.tooltip or "")
        if isinstance(node, w.Text | w.Textarea):
            out.append(node.placeholder)
        if isinstance(node, w.Dropdown | w.ToggleButtons):
            out += [str(o[0]) if isinstance(o, tuple) else str(o) for o in node.options]
        if isinstance(node, w.Tab | w.Accordion):
            out += list(node.titles)
        if isinstance(node, ChineseTenTable):
            out += _table_words(node)
        elif hasattr(node, "_texts"):
            out += list(node._texts.values())
    return [t.strip() for t in out if t and t.strip()]


def bare(text: str) -> str:
    """``text`` without its marked parts (markers nest: a message inside a message), move
    notation and rule ids, which stay as they are in every language."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", text, flags=re.S)
        if shorter == text:
            return NOTATION.sub("", shorter).strip()
        text = shorter


def unmarked(widget, skip=()) -> list[str]:
    return [
        t
        for t in visible(widget)
        if not NOT_WORDS.match(bare(t)) and t not in NAMES and t not in skip
    ]


def test_the_table_says_everything_in_the_page_language_and_again_on_a_change():
    game = choice_game()
    table = ChineseTenTable(game, seat=0, names=["You", "Bea", "Cal"])
    table.on_move(game.play)
    table.dispatch({"type": "select", "index": table.hand_index("7H")})
    assert not table.dispatch({"type": "lay"})
    english = table.error
    set_language("fr")
    assert table.error == REFUSED["fr"]  # the refusal said again
    assert table._texts["lay"] == "La poser sur la table"
    assert table._card_names["7H"] == "sept de cœur" and "sept de cœur" in table._faces["7H"]
    assert table.selected == table.hand_index("7H")  # the selection is kept
    assert table.message.startswith("Le sept de cœur peut capturer le trois de pique")
    set_language("xx")
    assert [t for t in _table_words(table) if not NOT_WORDS.match(bare(t))] == ["Bea", "Cal"]
    set_language("en")
    assert table.error == english


def test_every_step_of_the_tutorial_is_in_the_pseudo_language():
    set_language("xx")
    course = chinese_ten_course()
    for i, step in enumerate(course.steps):
        course.go(i)
        for _hint in step.hints:
            course.hint()
        course.check()
        assert unmarked(course) == [], step.title
        ex = step.exercise
        if isinstance(ex, TableExercise):
            for move in ex.solution():  # the right turn: the table's log, the "yes" feedback
                assert ex.table.dispatch({"type": "move", "text": str(move)}), ex.table.error
            assert course.check().ok, course.feedback_text
        elif isinstance(ex, NumberExercise):
            ex.answer.value = ex.expected
            assert course.check().ok
        assert unmarked(course) == [], step.title


def test_the_tutorial_says_its_step_again_in_a_new_language():
    page = tutorial_page()
    course = page.course
    course.go(6)  # choosing among captures: cards named in the text
    assert "play the seven of clubs: it can take the three of spades or the three of hearts" in (
        course._body.value
    )
    set_language("fr")
    said = "jouez le sept de trèfle\u202f; cette carte peut prendre le trois de pique ou le trois"
    assert said + " de cœur" in course._body.value
    assert "Dix chinois — Tutoriel" in page.children[0].value
    ex = course.step.exercise
    ex.table.dispatch({"type": "move", "text": "7C x 3S"})
    course.check()
    set_language("ko")
    assert "빨간 카드만 점수가 됩니다" in course._feedback.value
    assert "확인을 누르세요" in ex.message.value
    set_language("ca")
    assert "Comprova" in ex.message.value and ex._again.description == "Torna a començar"


def test_the_play_screen_is_in_the_pseudo_language():
    set_language("xx")
    page = play_page(seats=["person", "easy", "medium"], seed=3)
    page.screen.setup.ensure()
    assert unmarked(page) == []
    page.screen.autoplay()
    assert unmarked(page) == []


def test_a_match_pauses_in_the_pseudo_language():
    set_language("xx")
    screen = play_screen(seats=["person", "easy"], seed=3, players=2, deals=2, target=None)
    g = screen.game
    while not screen.paused:
        screen.play(g.legal_moves(screen.acting)[0])
    assert unmarked(screen) == []
    set_language("fr")
    assert "La donne 1 est terminée" in screen.status.value and "Vous" in screen.status.value


def test_the_play_page_follows_a_change_of_language():
    page = play_page(seats=["person", "easy", "medium"], seed=3)
    set_language("ko")
    assert "차이니즈 텐 — 플레이" in page.children[0].value
    assert [s["name"] for s in page.screen.board._view["seats"]] == [
        "나",
        "Bea (봇, 쉬움)",
        "Cal (봇, 보통)",
    ]
    assert page.screen.board._texts["lay"] == "바닥에 내려놓기"
    assert "이 페이지에 대해" in page.children[2].value


def test_the_sandbox_is_in_the_pseudo_language():
    set_language("xx")
    box = ChineseTenSandbox()
    box.deal(players=3, seed=2)
    box.play_text("7H takes 3S")
    box.load_json("{")
    assert unmarked(box) == []  # the what-if panel too
    box.load_json(json.dumps({"game": "chinese_ten"}))
    assert unmarked(box) == []


def test_the_sandbox_page_draws_its_words_and_charts_again():
    page = sandbox_page(deals=6)
    intro, box, scorings = page.children[0], page.sandbox, page.scorings
    scorings.button.click()  # the deals are played on request
    chart = scorings.chart.children[0].value
    set_language("ca")
    assert "Deu xinès — Espai de proves" in intro.value
    assert box._deal.description == "Reparteix" and box._seed.description == "Número de partida"
    assert "l’as de piques" in scorings.findings.value
    assert scorings.button.description == "Juga 6 repartiments amb cada puntuació"
    assert scorings.chart.children[0].value != chart  # titles and axes in the new language
    set_language("xx")
    assert unmarked(page) == []
