"""Every widget on screen follows a change of language, and the shared screens show no
word that the catalogs do not give (the pseudo-language marks every translated text)."""

from __future__ import annotations

import html
import re

import ipywidgets as w
import pytest

from tabletop_widgets.app.landing import LandingPage
from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.i18n import N_, language, set_language
from tabletop_widgets.ui.course import Course, Feedback, Step
from tabletop_widgets.ui.hotseat import HotSeatGate
from tabletop_widgets.ui.language_menu import LanguageMenu
from tabletop_widgets.ui.move_list_board import MoveListBoard
from tabletop_widgets.ui.play_screen import OptionField, PlayKit, PlayScreen
from tabletop_widgets.ui.stepper import ReplayStepper
from tabletop_widgets.ui.words import listing, ordinal, place, seat_label

KIT = PlayKit(
    "chinese_ten",
    MoveListBoard,
    options=(OptionField("players", "Players", (("2", 2), ("3", 3)), 2),),
    fixed={"target": None},
)


def screen(**kw) -> PlayScreen:
    return PlayScreen(KIT, seats=kw.pop("seats", ["person", "easy"]), seed=4, **kw)


def test_a_live_widget_gets_its_texts_again_and_its_error_in_the_new_language():
    from tabletop_widgets.games.chinese_ten import ChineseTen

    game = ChineseTen.new(players=2, seed=1, target=None)
    stepper = ReplayStepper(game, title=N_("Replay the game"))
    assert stepper._texts["back"] == "step back"
    stepper.dispatch({"type": "goto", "n": 99})
    assert stepper.error.startswith("There is no move 99")
    set_language("fr")
    assert stepper._texts["back"] == "reculer d’un coup"
    assert stepper._texts["count"] == "coup {n} sur {last}"
    assert stepper.error.startswith("Il n’y a pas de coup 99")
    set_language("ko")
    assert stepper._texts["first"] == "처음 상황"


def test_the_play_screen_says_everything_again_in_the_new_language():
    s = screen()
    s.setup.ensure()
    s.seed_input.value = "12"
    assert s.undo_button.description == "Undo my last move"
    assert s.names == ["You", "Bea (bot, easy)"]
    set_language("fr")
    assert s.undo_button.description == "Annuler mon dernier coup"
    assert s.save_button.description == "Enregistrer la partie"
    assert s.setup.title == "Nouvelle partie"
    assert s.names == ["You", "Bea (robot, facile)"]  # "You" stays the key; it is shown as Vous
    assert "À vous de jouer" in s.status.value or "Nouvelle partie" in s.status.value
    assert s.seed_input.description == "Numéro de partie" and s.seed_input.value == "12"
    assert s._seat_rows[1][0].options[1][0] == "Robot, facile"
    with pytest.raises(IllegalMoveError) as e:
        s.paused = "x"
        s.play(s.game.legal_moves(0)[0])
    assert str(e.value) == "Appuyez d’abord sur Continuer."
    s.paused = None
    s.autoplay()
    assert "Partie terminée" in s.status.value
    set_language("ca")
    assert "Partida acabada" in s.status.value
    assert "Reviu la partida" in s._replay_title.value  # in its place, under the review
    assert s._after.children[2] is s._replay_title
    assert s.replay._texts["forward"] == "una jugada endavant"


def test_a_refused_file_is_said_again_in_the_new_language():
    s = screen()
    s.load("not json")
    set_language("ko")
    assert "저장한 게임이 아닙니다" in s.status.value


def test_the_hot_seat_cover_follows_the_language():
    gate = HotSeatGate(w.Label("board"), names=["Ann", "Bo"])
    gate.turn_to(1)
    set_language("ca")
    assert gate.cover_text == "Passa la pantalla a Bo." and gate._button.description.startswith(
        "Mostra"
    )


def test_the_course_follows_the_language_and_keeps_the_place():
    done = {"ok": False}
    step = Step("Try it", "<p>Press.</p>", check=lambda: Feedback(done["ok"], "Not yet (MT-5)."))
    course = Course("Demo", [step, Step("Read", "<p>Read.</p>")])
    course.check()
    set_language("fr")
    assert course._check_button.description == "Vérifier"
    assert "Pas encore." in course._feedback.value and "MT-5" in course._feedback.value
    assert course._progress_label.value.startswith("étapes réussies")
    assert course.index == 0 and course.stats[0].wrong == 1
    course.hint()
    assert "Plus d’indice" in course._feedback.value


def test_the_language_menu_switches_every_widget_of_the_page():
    s = screen()
    menu = LanguageMenu()
    page = LandingPage()
    assert menu.dispatch({"type": "choose", "code": "ko"})
    assert s.undo_button.description == "내 마지막 수 되돌리기"
    assert "성냥팔이의 대부호" in page.children[1].value
    assert menu.language == "ko" and menu.pinned and menu._texts["label"] == "언어"
    assert not menu.dispatch({"type": "choose", "code": "<script>"})
    assert menu.error and s.undo_button.description == "내 마지막 수 되돌리기"


def test_words_are_language_aware():
    with language("fr"):
        assert (ordinal(1), ordinal(3), place(1)) == ("1er", "3e", "1er")
        assert listing(["A", "B", "C"]) == "A, B et C" and seat_label(1) == "Place 2"
    with language("ko"):
        assert (place(1), listing(["A", "B"])) == ("1위", "A 및 B")
    with language("ca"):
        assert (ordinal(2), listing(["A", "B"])) == ("2n", "A i B")


# -- the pseudo-language: no word without its markers ------------------------------------------

#: Text without letters (numbers, punctuation) or that the app never translates.
NOT_WORDS = re.compile(r"^[\W\d_×·]*$")


def texts(widget) -> list[str]:
    """Every piece of text a person can see in ``widget`` and its children."""
    out: list[str] = []
    if isinstance(widget, w.HTML | w.Label):
        value = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", widget.value, flags=re.S)
        out += [html.unescape(t) for t in re.split(r"<[^>]+>", value)]
    if isinstance(widget, w.Button | w.FileUpload):
        out.append(widget.description)
    if isinstance(widget, w.Dropdown | w.Text | w.IntProgress):
        out.append(widget.description)
    if isinstance(widget, w.Dropdown):
        out += [label for label, _v in widget.options]
    if isinstance(widget, w.Text):
        out.append(widget.placeholder)
    if isinstance(widget, w.Accordion):
        out += list(widget.titles)
    if hasattr(widget, "_texts"):
        out += list(widget._texts.values())
    for child in getattr(widget, "children", ()):
        out += texts(child)
    return [t.strip() for t in out if t and t.strip()]


def unmarked(widget, allowed=()) -> list[str]:
    bare = []
    for t in texts(widget):
        plain, before = t, None
        while plain != before:  # innermost first: a marked name inside a marked sentence
            before, plain = plain, re.sub(r"⟦[^⟦⟧]*⟧", "", plain)
        plain = plain.strip()
        for name in allowed:
            plain = plain.replace(name, "")
        if not NOT_WORDS.match(plain):
            bare.append(t)
    return bare


def test_the_pseudo_language_marks_every_word_of_the_shared_screens():
    set_language("xx")
    s = screen(seats=["person", "person"])
    s.setup.ensure()
    s.autoplay()
    course = Course(
        "Demo", [Step("Try", "<p>x</p>", check=lambda: Feedback(False, ""), hints=["h"])]
    )
    course.check()
    page = LandingPage()
    menu = LanguageMenu()
    # Move notation on the move-list board's buttons is notation, not words; the kit's
    # own option label is the game's to translate.
    notation = [b.description for b in s.replay_board.buttons] if s.replay_board else []
    assert unmarked(s, allowed=[*notation, "Players"]) == []
    assert unmarked(course, allowed=["Demo", "Try", "h", "x"]) == []  # the course's own words
    assert unmarked(page) == []
    assert [t for t in menu._texts.values() if not t.startswith("⟦")] == []


def test_the_line_of_links_follows_the_language():
    from tabletop_widgets.app.nav import page_nav

    nav = page_nav("chinese_ten", "play")
    assert ">All games</a>" in nav.value
    set_language("fr")
    assert ">Tous les jeux</a>" in nav.value and "Dix chinois" in nav.value
