"""The classroom in every language: its refusals are messages said in the reader's language,
and its screens (the teacher's Classroom page, the play page's room section, the tutorials'
class section) show no word the catalogs do not give -- built in the pseudo-language ``xx``
(every translated text wrapped in ⟦ ⟧) -- and follow a later ``set_language``.

One back-end is enough here (SQLite in a temporary folder): the words do not depend on it."""

from __future__ import annotations

import html
import json
import re

import ipywidgets as w
import pytest

from tabletop_widgets.app.pages import game_page
from tabletop_widgets.classroom import Classroom, RoomError, TurnTaken, page
from tabletop_widgets.classroom.course_link import ClassLink
from tabletop_widgets.classroom.progress import class_grid
from tabletop_widgets.classroom.screens import (
    ClassroomScreen,
    grid_html,
    hardest_html,
    play_kit,
    stuck_html,
)
from tabletop_widgets.classroom.store import ProgressRow, open_store
from tabletop_widgets.core.i18n import Message, language, set_language
from tabletop_widgets.ui.course import Course, Step
from tabletop_widgets.ui.play_screen import PlayScreen

GAMES_OF_ROOMS = ["matchstick_tycoon", "chinese_ten", "fistful_of_gold"]
#: Names that stay as they are in every language (the games' titles that the glossaries keep).
KEPT = ["Matchstick Tycoon", "A Fistful of Gold"]


@pytest.fixture
def kernel(tmp_path):
    """``kernel()``: a page's Classroom on its own connection to one SQLite store."""
    url = f"sqlite:///{tmp_path}/classroom.sqlite?poll=0.01"
    made: list[Classroom] = []

    def make() -> Classroom:
        made.append(Classroom(open_store(url)))
        return made[-1]

    yield make
    for room in made:
        room.store.close()


@pytest.fixture(autouse=True)
def _no_kernel_classroom():
    page.use_classroom(None)
    yield
    page.use_classroom(None)


# -- what a person can read -------------------------------------------------------------------


def texts(widget) -> list[str]:
    """Every text a person can see (or hear: tooltips) in ``widget`` and its children; an
    HTML value is read whole, tags taken out (a message may hold a link: its markers wrap
    the whole sentence)."""
    out: list[str] = []
    if isinstance(widget, w.HTML | w.Label):
        value = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", widget.value, flags=re.S)
        out.append(html.unescape(re.sub(r"<[^>]+>", "", value)))
    if isinstance(widget, w.Button | w.Dropdown | w.Text):
        out += [widget.description, getattr(widget, "tooltip", "") or ""]
    if isinstance(widget, w.Dropdown):
        out += [str(o[0]) if isinstance(o, tuple) else str(o) for o in widget.options]
    if isinstance(widget, w.Text):
        out.append(widget.placeholder)
    if isinstance(widget, w.Accordion):
        out += list(widget.titles)
    if hasattr(widget, "_texts"):
        out += list(widget._texts.values())
    for child in getattr(widget, "children", ()):
        out += texts(child)
    return [t for t in out if t and t.strip()]


def unmarked(widget, allowed=()) -> list[str]:
    """The texts with a word outside the markers (names in ``allowed`` set aside)."""
    bare = []
    for t in texts(widget):
        plain, before = t, None
        while plain != before:  # markers nest (a message in a message): innermost first
            before, plain = plain, re.sub(r"⟦[^⟦⟧]*⟧", "", plain)
        for name in sorted(allowed, key=len, reverse=True):
            plain = plain.replace(name, "")
        if re.search(r"[^\W\d_]", plain):
            bare.append(t)
    return bare


# -- refusals -----------------------------------------------------------------------------------


def refusals(kernel) -> dict[str, RoomError]:
    """One of each kind of refusal a page shows, as a page would meet it."""
    teacher = kernel()
    code = teacher.open_room("fistful_of_gold", seats=["open", "easy"], seed=3).code
    ann = teacher.join(code, "Ann")
    out: dict[str, RoomError] = {}

    def catch(name, fn):
        with pytest.raises(RoomError) as e:
            fn()
        out[name] = e.value

    catch("code", lambda: teacher.join("K7Q", "Bo"))
    catch("class code", lambda: teacher.join_class("??", "Bo"))
    catch("nickname", lambda: teacher.join(code, "<b>Bo</b>"))
    catch("no nickname", lambda: teacher.join(code, "   "))
    catch("you", lambda: teacher.join(code, "you"))
    catch("no room", lambda: teacher.join("ZZZZZZ", "Bo"))
    catch("other game", lambda: teacher.join(code, "Bo", game="chinese_ten"))
    catch("seat", lambda: teacher.join(code, "Bo", seat=7))
    catch("bot seat", lambda: teacher.join(code, "Bo", seat=1))
    catch("full", lambda: teacher.join(code, "Bo"))
    catch("record", lambda: teacher.watch(code).record())
    catch("seats", lambda: teacher.open_room("fistful_of_gold", seats=["easy", "easy"]))
    catch("token", lambda: teacher.rejoin("short"))
    other = kernel().rejoin(ann.token)  # the same seat on another page
    other.play(other.legal_moves()[0])
    catch("raced", lambda: ann.play(ann.legal_moves()[0], turn=0))
    teacher.close_room(code)
    catch("closed", lambda: ann.play("pink 1"))
    class_code = teacher.open_class()
    teacher.join_class(class_code, "Cy")
    catch("name taken", lambda: teacher.join_class(class_code, "CY"))
    return out


def test_every_refusal_is_a_message_read_in_each_language(kernel):
    found = refusals(kernel)
    assert isinstance(found["raced"], TurnTaken)
    for name, e in found.items():
        assert isinstance(e.message, Message), f"{name}: an English sentence built in the code"
        english = str(e)
        said = {}
        for lang in ("fr", "ko", "ca", "xx"):
            with language(lang):
                said[lang] = str(e)
            assert said[lang] != english, (name, lang)
            assert e.message.render(lang) == said[lang]
        assert said["xx"].startswith("⟦"), name
    # parameters stay as they are: the code, the seat counted from 1, the nickname
    with language("fr"):
        assert str(found["no room"]).startswith("Il n’y a pas de salle ZZZZZZ")
        assert "place 8" in str(found["seat"])  # seat 7 counted from 0
        assert "CY" in str(found["name taken"]) and "pseudo" in str(found["name taken"])
    with language("ko"):
        assert "K7QX2M" in str(found["code"]) and "방 코드" in str(found["code"])
    with language("ca"):
        assert str(found["full"]).startswith("Tots els llocs de la sala")
    with language("fr"):  # the games' titles too, in the reader's language
        assert str(found["other game"]).endswith("joue à A Fistful of Gold, pas à Dix chinois.")


def test_a_refusal_keeps_its_english_for_the_pages_that_test_it(kernel):
    """Browser tests and old callers read the English sentence (str, args)."""
    e = refusals(kernel)["nickname"]
    assert str(e) == "A nickname may hold letters, digits, spaces and - ' . _ only."
    assert e.message.msgid == str(e)


# -- the teacher's Classroom page -------------------------------------------------------------


def busy_classroom(kernel, screen: ClassroomScreen) -> list[str]:
    """Open a room of each game, seat a student, watch one, replay a closed one, follow a
    class with reports; returns the codes (they are not words)."""
    codes = []
    for game in GAMES_OF_ROOMS:
        screen.game_input.value = game
        codes.append(screen.open_room())
    student = kernel()
    student.join(codes[0], "Ann")
    screen.refresh()
    screen.free_seat(codes[0], 0)
    screen.close_room(codes[2])
    screen.replay(codes[2])
    screen.watch(codes[1])
    class_code = screen.new_class()
    ann = kernel().join_class(class_code, "Ann")
    ann.report("chinese_ten", 1, "Pairs", finished=True, wrong=2, hints=1)
    ann.report("chinese_ten", 2, "Tens", wrong=1)
    screen.refresh()
    screen.export_csv()
    screen.ask_clear()
    screen._guard(screen.show_class)("??")  # as the Show button: refused in the status line
    return [*codes, class_code]


def test_the_classroom_page_in_the_pseudo_language_shows_no_english(kernel):
    set_language("xx")
    screen = ClassroomScreen(classroom=kernel())
    screen._guard(screen.show_class)("??")
    assert unmarked(screen, allowed=KEPT) == []
    codes = busy_classroom(kernel, screen)
    kept = [*KEPT, *codes, "Ann", "Pairs", "Tens", "CSV"]
    assert unmarked(screen, allowed=kept) == []
    assert "⟦" in screen.status.value  # the refusal, said in the page's language


def test_the_classroom_page_built_in_english_follows_a_later_language(kernel):
    """A page is built before its language is known (a preheated kernel): every word
    follows ``set_language``, and what the teacher chose or shows stays."""
    screen = ClassroomScreen(classroom=kernel())
    codes = busy_classroom(kernel, screen)
    screen.game_input.value = "chinese_ten"
    players = screen.option_inputs["players"]
    players.value = next(i for i, (label, _v) in enumerate(players.options) if label == "4")
    screen.seat_inputs[2].value = "medium"
    set_language("xx")
    kept = [*KEPT, *codes, "Ann", "Pairs", "Tens", "CSV"]
    assert unmarked(screen, allowed=kept) == []
    assert screen.game_input.value == "chinese_ten"
    assert len(screen.seat_inputs) == 4 and screen.seat_inputs[2].value == "medium"
    set_language("fr")
    assert screen.open_button.description == "Ouvrir la salle"
    labels = [d.description for d in screen.option_inputs.values()]
    assert "Joueurs" in labels  # the game's option labels, as the play screen's form says them
    assert dict(screen.seat_inputs[0].options)["Ouverte à un élève"] == "open"
    assert "Salle " + codes[1] in screen._watch_title.value  # the table watched, said again
    assert "Élève" in screen.grid.value and "essai manqué" in screen.grid.value
    assert "Télécharger le fichier CSV" in screen.csv.value
    assert "Oublier tous les pseudos" in screen.confirm.children[0].value
    assert "Il n’y a pas de classe" in screen.status.value or "code de classe" in (
        screen.status.value
    )
    set_language("ko")
    assert screen.open_button.description == "방 열기"
    assert "관전" in texts(screen.room_list)  # the rows drawn again


def test_the_class_grid_says_every_cell_in_the_page_language():
    rows = [
        ProgressRow("K7QX2M", "Ann", "chinese_ten", 1, "Pairs", 0, 30, 30, 2, 1),
        ProgressRow("K7QX2M", "Ann", "chinese_ten", 2, "Tens", 30, 400, None, 1, 0),
        ProgressRow("K7QX2M", "Bo", "chinese_ten", 2, "Tens", 390, 400, None, 0, 1),
    ]
    grid = class_grid("K7QX2M", rows, ["Ann", "Bo", "Cy"], now=460)
    with language("xx"):
        shown = w.HTML(grid_html(grid) + stuck_html(grid) + hardest_html(grid))
        assert unmarked(shown, allowed=["Ann", "Bo", "Cy", "Pairs", "Tens"]) == []
    with language("fr"):
        assert "bloqué, 7\u00a0minutes" in grid_html(grid)
        assert "2 essais manqués, 1 indice" in grid_html(grid)
        assert "Dix chinois, étape 2 (Tens), depuis 7\u00a0minutes" in stuck_html(grid)
    with language("ko"):
        assert "학생 2명에게서" in hardest_html(grid)


def test_the_csv_file_is_in_the_page_language(kernel):
    room = kernel()
    code = room.open_class()
    room.join_class(code, "Ann").report("fistful_of_gold", 1, "Goal", finished=True)
    with language("ca"):
        head, line = room.export_csv(code).splitlines()
    assert head.startswith("classe,sobrenom,joc,pas,")
    assert ",A Fistful of Gold,1,Goal,sí," in line


# -- the play page's room section ---------------------------------------------------------------


def room_screens(kernel, game="fistful_of_gold"):
    code = kernel().open_room(game, seats=["open", "open"], seed=3).code
    ann, bo = PlayScreen(play_kit(game)), PlayScreen(play_kit(game))
    ann.room_mode._classroom, bo.room_mode._classroom = kernel(), kernel()
    return code, ann, bo


def test_the_room_section_in_the_pseudo_language_shows_no_english(kernel):
    set_language("xx")
    code, ann, bo = room_screens(kernel)
    ann.room_mode.section.ensure()
    assert unmarked(ann.room_mode.widget) == []
    ann.room_mode.join(code, "<b>")  # refused
    assert "⟦" in ann.room_mode.form_status.value
    assert ann.room_mode.join(code, "Ann") and bo.room_mode.join(code, "Bo")
    ann.room_mode.sync()
    ann.undo()  # refused in a room
    assert unmarked(ann.room_mode.widget, allowed=[code, "Ann"]) == []
    assert "⟦" in ann.status.value
    watcher = PlayScreen(play_kit("fistful_of_gold"))
    watcher.room_mode._classroom = kernel()
    watcher.room_mode.watch(code)
    assert unmarked(watcher.room_mode.widget, allowed=[code]) == []


def test_the_room_section_follows_a_later_language_and_keeps_the_seat(kernel):
    code, ann, bo = room_screens(kernel)
    ann.room_mode.section.ensure()
    ann.room_mode.nick_input.value = "Ann"
    ann.room_mode.join("??", "Ann")  # refused, in English
    assert "A room code is 6 letters" in ann.room_mode.form_status.value
    set_language("ca")
    assert ann.room_mode.join_button.description == "Entra a la sala"
    assert ann.room_mode.nick_input.value == "Ann"
    assert "Un codi de sala té 6 lletres" in ann.room_mode.form_status.value
    assert ann.room_mode.join(code, "Ann") and bo.room_mode.join(code, "Bo")
    ann.room_mode.sync()
    set_language("fr")
    line = ann.room_mode.line.value
    assert f"Salle {code}" in line and "sous le pseudo Ann" in line
    assert ann.names == ["You", "Bo"] and bo.names == ["Ann", "You"]  # not renamed as bots
    assert ann.room_mode.leave_button.description == "Quitter la salle"
    _ = ann.play(ann.game.legal_moves(0)[0])
    ann.undo()
    set_language("ko")
    assert "교실에서는 되돌리기가 없습니다" in ann.status.value


def test_a_page_waiting_to_join_says_so_in_the_page_language(kernel):
    """The line that stands for the room's game before the student joins, and the offer to
    play alone after a code that finds no room, follow the language."""
    code, ann, bo = room_screens(kernel)
    set_language("xx")
    ann.room_mode._on_query({"room": code})
    bo.room_mode._on_query({"room": "ZZZZZZ"})
    for screen in (ann, bo):
        screen.room_mode.kept.dispatch({"type": "restored", "data": ""})
        assert unmarked(screen.room_mode.widget, allowed=[code, "ZZZZZZ"]) == []
    set_language("fr")
    assert "La partie s’affiche ici dès que vous entrez dans la salle." in (
        ann.room_mode.line.value
    )
    assert "de votre côté" in bo.room_mode.line.value
    assert bo.room_mode.alone_button.description == "Jouer de votre côté"
    set_language("ko")
    assert "방에 들어가면 여기에 게임이 나타납니다." in ann.room_mode.line.value


def test_a_room_of_another_game_and_its_link_follow_the_language(kernel):
    """The refusal of another game's room, the link to its page and the room page's
    introduction: no English in the pseudo-language, French after a later change."""
    code = kernel().open_room("fistful_of_gold", seats=["open", "open"], seed=3).code
    set_language("xx")
    body = game_page("chinese_ten", "play", bot_delay=0).body
    mode = body.screen.room_mode
    mode._classroom = kernel()
    mode._on_query({"room": code, "watch": "1"})
    assert unmarked(mode.widget, allowed=[code]) == []
    assert unmarked(body.children[0]) == []  # the watching page's introduction
    set_language("fr")
    status = mode.form_status.value
    assert f"La salle {code} joue à A Fistful of Gold, pas à Dix chinois." in status
    assert f"Aller sur la page de A Fistful of Gold pour regarder la salle {code}</a>" in status
    assert "Voici la vue de la classe sur une salle" in body.children[0].value
    assert "La table de la salle" not in mode.line.value  # it said why: no more waiting
    assert "de votre côté" in mode.line.value


def test_a_spectator_sees_the_bots_named_in_the_new_language(kernel):
    code = (
        kernel().open_room("matchstick_tycoon", {"players": 3}, seats=["open", "easy", "easy"]).code
    )
    watcher = PlayScreen(play_kit("matchstick_tycoon"))
    watcher.room_mode._classroom = kernel()
    watcher.room_mode.watch(code)
    set_language("fr")
    assert watcher.names[1:] == ["Bea (robot)", "Cal (robot)"]
    assert "vous regardez la partie" in watcher.room_mode.line.value


# -- the tutorials' class section ---------------------------------------------------------------


def test_the_class_section_shows_no_english_and_follows_the_language(kernel):
    room = kernel()
    code = room.open_class()
    set_language("xx")
    course = Course("Chinese Ten — learn by playing", [Step("Pairs", ""), Step("Tens", "")])
    link: ClassLink = course.class_link
    link._classroom = kernel()
    link.section.ensure()
    assert unmarked(link.widget) == []
    assert link.join(code, "Ann")
    assert unmarked(link.widget, allowed=[code, "Ann"]) == []
    set_language("fr")
    assert "Votre progression est envoyée à la classe " + code in link.status.value
    assert link.stop_button.description == "Ne plus envoyer"
    course.next()
    # the step reported with the course's own title, whatever the student's language
    assert [r.title for r in room.progress(code)] == ["Pairs", "Tens"]


def test_the_query_and_the_kept_class_are_said_in_the_page_language(kernel):
    room = kernel()
    code = room.open_class()
    set_language("ko")
    course = Course("Chinese Ten — learn by playing", [Step("Pairs", "")])
    link = course.class_link
    link._classroom = kernel()
    link._on_query({"class": code})
    link.kept.dispatch({"type": "restored", "data": json.dumps(None)})
    assert "닉네임을 입력하고" in link.status.value
    set_language("en")
    assert "Type your nickname and press Report to my class." in link.status.value
