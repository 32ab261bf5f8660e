"""The classroom's pages without a browser, against both back-ends: the play screen's room
mode, the tutorials' class link and the teacher's Classroom page.  Each ``kernel()`` is a
page's kernel with its own connection to the store; refreshes that a kernel's event loop
would run are called by hand (``sync()``, ``refresh()``)."""

from __future__ import annotations

import json
import random

import pytest

from tabletop_widgets.app.pages import game_page
from tabletop_widgets.classroom import page
from tabletop_widgets.classroom.checks import new_token
from tabletop_widgets.classroom.course_link import ClassLink, course_game
from tabletop_widgets.classroom.screens import ClassroomScreen, grid_html, play_kit
from tabletop_widgets.core import GAMES, IllegalMoveError, load_record
from tabletop_widgets.core.i18n import language
from tabletop_widgets.ui.course import Course, Step
from tabletop_widgets.ui.play_screen import PlayScreen
from tabletop_widgets.ui.words import YOU

GAMES_OF_ROOMS = [
    ("matchstick_tycoon", {"players": 3}),
    ("chinese_ten", {"players": 3, "target": None, "deals": 1}),
    ("fistful_of_gold", {}),
]


@pytest.fixture(autouse=True)
def _no_kernel_classroom():
    """No page may fall back to the setting's store in these tests."""
    page.use_classroom(None)
    yield
    page.use_classroom(None)


def screen_in(kernel, game: str) -> PlayScreen:
    """A play page of ``game`` whose kernel has its own connection to the store."""
    screen = PlayScreen(play_kit(game))
    screen.room_mode._classroom = kernel()
    return screen


def restore(mode, kept, query=None) -> None:
    """What the browser sends when the page opens: the page's query, then what it kept."""
    mode._on_query(query or {})
    mode.kept.dispatch({"type": "restored", "data": json.dumps(kept) if kept else ""})


def room_of(kernel, game, options, seats, seed=3):
    return kernel().open_room(game, options, seats=seats, seed=seed)


def play_out(screens, rng, limit=3000):
    """Every screen plays its seat's random legal moves until the game ends."""
    for _ in range(limit):
        for s in screens:
            s.room_mode.sync()
        if screens[0].game.is_over:
            return
        for s in screens:
            view = s.room.view
            if view.my_turn:
                s.play(rng.choice(view.legal_moves()))
    raise AssertionError("the game did not end")


# -- the play screen in a room ---------------------------------------------------------


@pytest.mark.parametrize("game, options", GAMES_OF_ROOMS)
def test_students_play_a_whole_game_on_their_play_screens(kernel, game, options):
    players = GAMES[game].engine.new(seed=3, **options).players
    room = room_of(kernel, game, options, ["open"] * players)
    screens = [screen_in(kernel, game) for _ in range(players)]
    for s, nick in zip(screens, ["Ann", "Bo", "Cy"], strict=False):
        assert s.room_mode.join(room.code, nick)
    for s in screens:
        s.room_mode.sync()
    assert screens[0].names[0] == YOU and screens[1].names[0] == "Ann"
    for seat, s in enumerate(screens):
        assert s.room.seat == seat
        # the board is drawn from this seat's view only
        assert s._shown == (seat, False)
    play_out(screens, random.Random(7))
    histories = {tuple(map(str, s.game.history)) for s in screens}
    assert len(histories) == 1
    assert screens[0].status.value.count("Game over") == 1
    record = screens[1].save()
    assert record is not None and load_record(record).history == screens[1].game.history
    assert "Download the file" in screens[1].download.value
    assert screens[0].replay is not None  # the replay stepper once it is over
    log = kernel().store.moves(room.code)
    assert [m.seq for m in log] == list(range(1, len(log) + 1))


def test_moves_go_through_the_board_tagged_with_the_turn_it_showed(kernel):
    room = room_of(kernel, "fistful_of_gold", {}, ["open", "open"])
    ann, bo = screen_in(kernel, "fistful_of_gold"), screen_in(kernel, "fistful_of_gold")
    ann.room_mode.join(room.code, "Ann")
    bo.room_mode.join(room.code, "Bo")
    table = ann.board
    shown = table.version
    for i in (0, 1):
        assert table.dispatch(
            {"type": "select", "index": i, "card": table.view["choices"][i]["card"]}
        )
    # Bo discards first: Ann's table keeps her selection (her choice is as it was) ...
    bo.play(bo.game.legal_moves(1)[0])
    ann.room_mode.sync()
    assert table.selected == (0, 1) and table.version == shown
    # ... and her confirm, tagged with the version her table showed, stands.
    assert table.dispatch({"type": "confirm", "version": shown}), table.error
    assert [m.seat for m in kernel().store.moves(room.code)] == [1, 0]


def test_bots_of_a_room_answer_straight_away(kernel):
    room = room_of(
        kernel, "chinese_ten", {"players": 3, "target": None}, ["open", "easy", "medium"]
    )
    ann = screen_in(kernel, "chinese_ten")
    ann.room_mode.join(room.code, "Ann")
    assert ann.names == [YOU, "Bea (bot)", "Cal (bot)"]
    rng = random.Random(3)
    while not ann.game.is_over:
        assert ann.room.view.my_turn
        ann.play(rng.choice(ann.room.view.legal_moves()))
    assert ann.game.is_over


def test_no_undo_new_game_or_loading_in_a_room(kernel):
    room = room_of(kernel, "fistful_of_gold", {}, ["open", "easy"])
    ann = screen_in(kernel, "fistful_of_gold")
    ann.room_mode.join(room.code, "Ann")
    ann.play(ann.game.legal_moves(0)[0])
    moves = len(ann.game.history)
    assert ann.undo() is False and "no undo in a classroom" in ann.status.value
    ann.new_game_from_form()
    assert "no new game in a classroom" in ann.status.value
    assert ann.load(ann.game.to_record()) is False
    assert ann.save() is None and "when the game is over" in ann.status.value
    assert len(ann.game.history) == moves and ann.room is not None
    assert ann.setup.layout.display == "none" and ann.undo_button.layout.display == "none"


def test_a_reload_rejoins_the_seat_kept_in_the_browser(kernel):
    room = room_of(kernel, "matchstick_tycoon", {"players": 3}, ["open", "open", "easy"])
    ann = screen_in(kernel, "matchstick_tycoon")
    ann.room_mode.join(room.code, "Ann")
    ann.play(ann.room.view.legal_moves()[0])
    kept = json.loads(ann.room_mode.kept.value)
    assert set(kept) == {"code", "token"}
    again = screen_in(kernel, "matchstick_tycoon")  # the new kernel after the reload
    restore(again.room_mode, kept, {"room": room.code})
    assert again.room is not None and again.room.seat == 0
    assert again.game.history == ann.game.history
    # with no code in the address too (the student typed it the first time)
    third = screen_in(kernel, "matchstick_tycoon")
    restore(third.room_mode, kept)
    assert third.room is not None and third.room.seat == 0


def test_a_forged_or_stale_kept_seat_gives_nothing(kernel):
    room = room_of(kernel, "fistful_of_gold", {}, ["open", "open"])
    ann = screen_in(kernel, "fistful_of_gold")
    ann.room_mode.join(room.code, "Ann")
    for forged in (
        {"code": room.code, "token": new_token()},
        {"code": room.code, "token": "<script>"},
        {"code": "<b>", "token": new_token()},
        ["not", "an", "object"],
        {"code": room.code},
    ):
        other = screen_in(kernel, "fistful_of_gold")
        restore(other.room_mode, forged, {"room": room.code})
        assert other.room is None, forged
        assert "<script>" not in other.room_mode.form_status.value
    assert [s.nickname for s in kernel().store.room(room.code).seats] == ["Ann", None]


def test_the_address_fills_in_the_code_or_watches(kernel):
    room = room_of(kernel, "chinese_ten", {"players": 2, "target": None}, ["open", "easy"])
    s = screen_in(kernel, "chinese_ten")
    restore(s.room_mode, None, {"room": room.code.lower()})
    assert s.room is None and s.room_mode.code_input.value == room.code
    assert s.room_mode.section.selected_index == 0
    watcher = screen_in(kernel, "chinese_ten")
    restore(watcher.room_mode, None, {"room": room.code, "watch": "1"})
    assert watcher.room is not None and watcher.room.seat is None
    assert watcher._shown == (None, False)  # public information only
    with pytest.raises(IllegalMoveError, match="watching"):
        watcher.play(watcher.game.legal_moves()[0])
    bad = screen_in(kernel, "chinese_ten")
    restore(bad.room_mode, None, {"room": "<img src=x>"})
    assert bad.room is None and "<img" not in bad.room_mode.form_status.value
    assert "A room code is 6 letters and digits" in bad.room_mode.form_status.value


def _own_game_shown(screen: PlayScreen) -> bool:
    """The page's table, status line, tools and New game form are shown."""
    parts = (screen.gate, screen.status, screen.tools, screen.setup, screen.coach)
    return all(part.layout.display is None for part in parts)


def test_a_page_with_a_room_code_offers_no_game_of_its_own_until_joined(kernel):
    """A student who opens ?room=CODE came to play in the room: no game against bots under
    the room's panel (they started playing it), only a line saying where the game will be."""
    room = room_of(kernel, "chinese_ten", {"players": 2, "target": None}, ["open", "easy"])
    s = screen_in(kernel, "chinese_ten")
    restore(s.room_mode, None, {"room": room.code})
    assert s.room is None and not _own_game_shown(s)
    line = s.room_mode.line.value
    assert "The game appears here once you join the room." in line and "data-moves" not in line
    assert s.room_mode.alone_button.layout.display == "none"
    assert s.room_mode.join(room.code, "Ann")
    assert _own_game_shown(s) is False  # the room's: no New game, but its table and status
    assert s.gate.layout.display is None and s.status.layout.display is None
    assert s.setup.layout.display == "none" and "data-moves" in s.room_mode.line.value
    assert "Your turn" in s.status.value
    # a page without a code plays on its own, as before
    alone = screen_in(kernel, "chinese_ten")
    restore(alone.room_mode, None)
    assert alone.room is None and _own_game_shown(alone) and alone.room_mode.line.value == ""


def test_a_watching_page_shows_no_game_of_its_own_before_the_room(kernel):
    """The projector's page (?room=CODE&watch=1) hides its own game as soon as the address
    is known: none shows while the room is looked up, and the room's table then takes the
    page (without waiting for what the browser kept: a watching page needs no seat)."""
    room = room_of(kernel, "chinese_ten", {"players": 2, "target": None}, ["open", "easy"])
    s = screen_in(kernel, "chinese_ten")
    classroom = s.room_mode.classroom
    looked_up = []

    def watch(code, **kwargs):
        looked_up.append(_own_game_shown(s))
        return type(classroom).watch(classroom, code, **kwargs)

    classroom.watch = watch
    s.room_mode._on_query({"room": room.code, "watch": "1"})
    assert looked_up == [False]  # hidden before the room was looked up
    assert s.room is not None and s.room.seat is None
    assert s.gate.layout.display is None and s.status.layout.display is None
    assert s.setup.layout.display == "none" and "you are watching" in s.room_mode.line.value
    s.room_mode.kept.dispatch({"type": "restored", "data": ""})  # comes later: changes nothing
    assert s.room is not None and s.room.seat is None


@pytest.mark.parametrize("code", ["K7QX2M", "<img src=x>"])
def test_a_bad_watch_code_says_why_and_offers_a_game_alone(kernel, code):
    s = screen_in(kernel, "fistful_of_gold")
    restore(s.room_mode, None, {"room": code, "watch": "1"})
    mode = s.room_mode
    assert s.room is None and not _own_game_shown(s)
    said = mode.form_status.value
    assert any(why in said for why in ("There is no room", "A room code is")), said
    assert "<img" not in said and "<img" not in mode.line.value
    assert "or play a game on your own instead" in mode.line.value
    assert mode.alone_button.layout.display is None
    mode.alone_button.click()
    assert _own_game_shown(s) and mode.line.value == "" and mode.form_status.value == ""
    s.play(s.game.legal_moves(0)[0])  # a game of its own
    assert len(s.game.history) >= 1


@pytest.mark.parametrize("code", ["K7QX2M", "<img src=x>", "closed"])
def test_a_code_that_finds_no_open_room_offers_a_game_alone(kernel, code):
    room = room_of(kernel, "fistful_of_gold", {}, ["open", "easy"])
    if code == "closed":
        kernel().close_room(room.code)
        code = room.code
    s = screen_in(kernel, "fistful_of_gold")
    restore(s.room_mode, None, {"room": code})
    mode = s.room_mode
    assert s.room is None and not _own_game_shown(s)
    said = mode.form_status.value
    assert any(why in said for why in ("There is no room", "A room code is", "is closed")), said
    assert "<img" not in said and "<img" not in mode.line.value
    assert "or play a game on your own instead" in mode.line.value
    assert mode.alone_button.layout.display is None
    assert mode.alone_button.description == "Play on your own"
    mode.alone_button.click()
    assert _own_game_shown(s) and mode.line.value == "" and mode.form_status.value == ""
    assert mode.alone_button.layout.display == "none"
    s.play(s.game.legal_moves(0)[0])  # a game of its own
    assert len(s.game.history) >= 1
    assert [m.seat for m in kernel().store.moves(room.code)] == [1]  # the room's bot only


def test_a_room_of_another_game_is_refused_with_a_link_to_its_page(kernel):
    """A Fistful of Gold room's code on Chinese Ten's play page: refused before any seat is
    claimed, in words naming the room's game, with a link to that game's play page with
    the code (relative, as the page's other links) -- on a joining and a watching page."""
    room = room_of(kernel, "fistful_of_gold", {}, ["open", "open"])
    code = room.code
    said = f"Room {code} plays A Fistful of Gold, not Chinese Ten."
    s = screen_in(kernel, "chinese_ten")
    restore(s.room_mode, None, {"room": code})
    mode = s.room_mode
    status = mode.form_status.value
    assert said in status and "tt-error" in status
    assert (
        f"<a class='tt-room-elsewhere' href='../fistful_of_gold/play.ipynb?room={code}'>"
        f"Go to A Fistful of Gold to join room {code}</a>"
    ) in status
    assert s.room is None and not _own_game_shown(s)
    assert mode.alone_button.layout.display is None  # and the offer of a game alone
    # typed in the form with a nickname: the same refusal, not "That did not work"
    assert not mode.join(code, "Ann")
    assert said in mode.form_status.value and "That did not work" not in mode.form_status.value
    assert s.room is None and not _own_game_shown(s)
    # the projector's page of the wrong game
    w = screen_in(kernel, "chinese_ten")
    restore(w.room_mode, None, {"room": code, "watch": "1"})
    status = w.room_mode.form_status.value
    assert said in status
    assert f"href='../fistful_of_gold/play.ipynb?room={code}&amp;watch=1'" in status
    assert f"Go to A Fistful of Gold to watch room {code}" in status
    assert w.room is None and not _own_game_shown(w)
    assert w.room_mode.alone_button.layout.display is None
    assert not w.room_mode.watch(code)
    row = kernel().store.room(code)
    assert [seat.nickname for seat in row.seats] == [None, None]
    assert row.version == room.row.version  # nothing claimed, nothing changed


@pytest.mark.parametrize("game, options", GAMES_OF_ROOMS, ids=[g for g, _ in GAMES_OF_ROOMS])
def test_a_room_page_says_what_a_room_page_is_not_how_to_play_bots(kernel, game, options):
    """The play page's introduction tells how to play against bots; a page of a room says
    instead that the student joins a room the teacher opened, or that it is the class's
    view of a room -- and its own words come back once the page plays on its own."""
    players = GAMES[game].engine.new(seed=3, **options).players
    code = room_of(kernel, game, options, ["open"] * players).code

    def page_of(query: dict | None):
        body = game_page(game, "play", bot_delay=0).body
        body.screen.room_mode._classroom = kernel()
        restore(body.screen.room_mode, None, query)
        return body.screen, body.children[0]

    alone, intro = page_of(None)
    own = intro.value
    assert "bot" in own and "room" not in own
    s, intro = page_of({"room": code})
    assert "You are joining a room your teacher opened" in intro.value and "bot" not in intro.value
    assert intro.value.startswith(own[: own.index("</h1>")])  # the same title
    with language("fr"):
        assert "Vous entrez dans une salle ouverte par votre professeur" in intro.value
    assert s.room_mode.join(code, "Ann")
    # while playing in the room: no longer how to join, but what playing in it means
    assert "You are playing in a room" in intro.value and "Join the room" not in intro.value
    assert "bot" not in intro.value
    with language("fr"):
        assert "Vous jouez dans une salle" in intro.value
    s.room_mode.leave()
    assert intro.value == own  # on its own again
    w, intro = page_of({"room": code, "watch": "1"})
    assert w.room is not None and "This is the class's view of a room" in intro.value
    assert "bot" not in intro.value
    bad, intro = page_of({"room": "K7QX2M"})
    assert "You are joining a room" in intro.value
    bad.room_mode.alone_button.click()
    assert intro.value == own


def test_a_room_page_hides_what_the_page_offers_on_its_own(kernel):
    """Chinese Ten's "About this page" (New game, Undo, Save) is hidden on a room's page
    and comes back when the page plays on its own."""
    code = room_of(kernel, "chinese_ten", {"players": 2}, ["open", "open"]).code
    body = game_page("chinese_ten", "play", bot_delay=0).body
    about = body.children[-1]
    assert "About this page" in about.value and about.layout.display != "none"
    body.screen.room_mode._classroom = kernel()
    restore(body.screen.room_mode, None, {"room": code})
    assert about.layout.display == "none"
    assert body.screen.room_mode.join(code, "Ann")
    assert about.layout.display == "none"
    body.screen.room_mode.leave()
    assert about.layout.display != "none"


def test_markup_in_a_nickname_never_gets_in(kernel):
    room = room_of(kernel, "fistful_of_gold", {}, ["open", "open"])
    s = screen_in(kernel, "fistful_of_gold")
    for nick in ("<img src=x onerror=alert(1)>", "Ann&amp;", "a" * 21, "", "You"):
        assert not s.room_mode.join(room.code, nick)
        assert "<img" not in s.room_mode.form_status.value
    assert s.room is None
    assert all(seat.nickname is None for seat in kernel().store.room(room.code).seats)


def test_two_pages_of_one_seat_race_one_move_stands(kernel):
    room = room_of(kernel, "chinese_ten", {"players": 2, "target": None}, ["open", "open"])
    a1 = screen_in(kernel, "chinese_ten")
    a1.room_mode.join(room.code, "Ann")
    a2 = screen_in(kernel, "chinese_ten")
    restore(a2.room_mode, json.loads(a1.room_mode.kept.value))
    m1, m2 = a1.game.legal_moves(0)[0], a2.game.legal_moves(0)[-1]
    a1.play(m1)
    a2.play(m2)  # made for the turn a2's board showed, which a1 has taken
    assert "Another page played for your seat first" in a2.status.value
    log = kernel().store.moves(room.code)
    assert [(m.seq, m.seat, m.move) for m in log] == [(1, 0, str(m1))]
    assert a2.game.history == a1.game.history


def test_leaving_plays_on_alone_and_forgets_the_seat(kernel):
    room = room_of(kernel, "fistful_of_gold", {}, ["open", "easy"])
    s = screen_in(kernel, "fistful_of_gold")
    s.room_mode.join(room.code, "Ann")
    kept = json.loads(s.room_mode.kept.value)
    s.room_mode.leave()
    assert s.room is None and s.room_mode.kept.value == ""
    # the seat is free again, and the page says so: the same nickname takes it back
    assert "your seat is free again" in s.room_mode.form_status.value
    assert [seat.nickname for seat in kernel().store.room(room.code).seats] == [None, None]
    again = screen_in(kernel, "fistful_of_gold")
    restore(again.room_mode, kept)  # the old token no longer holds it
    assert again.room is None
    assert again.room_mode.join(room.code, "Ann") and again.room.seat == 0
    assert s.setup.layout.display is None and s.names[0] == YOU
    s.play(s.game.legal_moves(0)[0])  # a game of its own again
    assert [m.seat for m in kernel().store.moves(room.code)] == [1]  # the bot's discard only


def _coach_offered(screen: PlayScreen) -> bool:
    coach = screen.coach
    return coach.button.layout.display is None and coach.switch.layout.display is None


def test_a_room_page_offers_no_hint_until_it_plays_on_its_own(kernel):
    """The coach is off in a classroom: no Hint and no Coach on while the page plays or
    watches a room (pressing Hint would only say it is not your turn); back once alone."""
    room = room_of(kernel, "chinese_ten", {"players": 2, "target": None}, ["open", "easy"])
    s = screen_in(kernel, "chinese_ten")
    assert _coach_offered(s)
    assert s.room_mode.join(room.code, "Ann")
    assert s.room.view.my_turn and not _coach_offered(s)
    assert "There are no hints in a classroom." in s.coach.output.value
    assert s.hint() == [] and "A hint is for your turn" not in s.coach.output.value
    s.room_mode.leave()
    assert _coach_offered(s) and s.coach.output.value == ""
    watcher = screen_in(kernel, "chinese_ten")
    restore(watcher.room_mode, None, {"room": room.code, "watch": "1"})
    assert watcher.room is not None and not _coach_offered(watcher)


@pytest.mark.parametrize("game, options", GAMES_OF_ROOMS, ids=[g for g, _ in GAMES_OF_ROOMS])
def test_a_closed_room_leaves_a_table_that_offers_no_moves(kernel, game, options):
    players = GAMES[game].engine.new(seed=3, **options).players
    room = room_of(kernel, game, options, ["open"] * players)
    screens = [screen_in(kernel, game) for _ in range(players)]
    for page_, nick in zip(screens, ("Ann", "Bo", "Cy"), strict=False):
        assert page_.room_mode.join(room.code, nick)
    for page_ in screens:
        page_.room_mode.sync()
    s = next(page_ for page_ in screens if page_.room.view.my_turn)  # the student to play
    assert s.room.view.my_turn and s.board.interactive and "Your turn" in s.status.value
    kernel().close_room(room.code)
    s.room_mode.sync()
    status = s.status.value
    assert "The teacher closed this room: no more moves." in status
    assert "Your turn" not in status and not s.board.interactive
    if game == "chinese_ten":
        assert "click" not in s.board.message and s.board.targets == []
    elif game == "fistful_of_gold":
        assert "Choose" not in s.board.view["status"]
    else:  # the hand may be shown, face up, with nothing to choose or play
        assert not s.board.hand.editable and s.board.discard.layout.display == "none"
        assert not s.board.hand.dispatch({"type": "select", "index": 0})
    # a move still sent from the browser is refused and changes nothing
    assert s.play(s.game.legal_moves(s.room.seat)[0]) is None
    assert "closed" in s.status.value and kernel().store.moves(room.code) == []
    s.room_mode.leave()
    assert s.board.interactive  # the page's own game is played from its table again


def test_a_watching_page_shows_no_student_form_and_says_the_turn_once(kernel):
    room = room_of(kernel, "chinese_ten", {"players": 2, "target": None}, ["open", "open"])
    kernel().join(room.code, "Ann")
    w = screen_in(kernel, "chinese_ten")
    restore(w.room_mode, None, {"room": room.code, "watch": "1"})
    mode = w.room_mode
    assert w.room is not None and w.room.seat is None
    assert mode.section.layout.display == "none"  # no join box, no Leave the room
    assert mode.leave_button.layout.display == "none"
    said = w.status.value + w.board.message
    assert said.count("Ann") == 1, said
    assert "Waiting for" not in w.status.value and "is playing" not in w.board.message
    assert not w.board.interactive
    # a student's page keeps its Leave button, not the join form's help
    s = screen_in(kernel, "chinese_ten")
    assert s.room_mode.join(room.code, "Bo")
    assert s.room_mode.section.layout.display is None
    assert s.room_mode.leave_button.layout.display is None
    assert s.room_mode.form.layout.display == "none"
    assert s.room_mode.form_help.layout.display == "none"


def test_a_closed_room_says_so(kernel):
    room = room_of(kernel, "fistful_of_gold", {}, ["open", "easy"])
    teacher = kernel()
    s = screen_in(kernel, "fistful_of_gold")
    s.room_mode.join(room.code, "Ann")
    teacher.close_room(room.code)
    s.room_mode.sync()
    assert "closed this room" in s.status.value
    s.play(s.game.legal_moves(0)[0])
    assert "closed" in s.status.value
    assert [m.seat for m in kernel().store.moves(room.code)] == [1]  # the bot's discard only


# -- tutorials report to a class ----------------------------------------------------------


def test_every_tutorial_knows_its_game():
    from tabletop_widgets.games.chinese_ten.screens.tutorial import chinese_ten_course
    from tabletop_widgets.games.fistful_of_gold.screens.tutorial import fistful_of_gold_course
    from tabletop_widgets.games.matchstick_tycoon.screens.tutorial import matchstick_tycoon_course

    for make, key in (
        (matchstick_tycoon_course, "matchstick_tycoon"),
        (chinese_ten_course, "chinese_ten"),
        (fistful_of_gold_course, "fistful_of_gold"),
    ):
        course = make()
        assert course_game(course) == key
        assert course.class_link.widget in course.children


def course_in(kernel) -> Course:
    course = Course(
        "Chinese Ten — learn by playing",
        [Step("Pairs", "", check=lambda: (False, "Not yet (CT-2).")), Step("<b>Tens</b>", "")],
    )
    course.class_link._classroom = kernel()
    return course


def test_a_tutorial_reports_each_step_to_the_class(kernel):
    teacher = kernel()
    code = teacher.open_class()
    course = course_in(kernel)
    restore(course.class_link, None, {"class": code})
    assert course.class_link.code_input.value == code
    assert course.class_link.join(code, "Ann")
    course.check()
    course.hint()
    course.next()
    rows = {(r.step, r.title): r for r in teacher.progress(code)}
    assert rows[(1, "Pairs")].wrong == 1 and rows[(1, "Pairs")].finished is None
    assert rows[(2, "<b>Tens</b>")].finished is not None
    assert "&lt;b&gt;Tens" in grid_html(teacher.grid(code))
    # a reload: the name kept in the browser reports on
    again = course_in(kernel)
    restore(again.class_link, json.loads(course.class_link.kept.value))
    assert again.class_link.student is not None and again.class_link.student.nickname == "Ann"


def test_a_cleared_class_stops_the_reports_and_says_so(kernel):
    teacher = kernel()
    code = teacher.open_class()
    course = course_in(kernel)
    course.class_link.join(code, "Ann")
    teacher.clear_progress(code)
    course.next()
    assert course.class_link.student is None
    assert "no longer kept" in course.class_link.status.value
    assert teacher.progress(code) == []


def test_a_course_of_no_game_shows_no_class_section():
    link = ClassLink(Course("Knots", [Step("Reef", "")]))
    assert link.game is None and link.widget.layout.display == "none"


# -- the teacher's page ---------------------------------------------------------------------


def teacher_in(kernel) -> ClassroomScreen:
    return ClassroomScreen(classroom=kernel())


@pytest.mark.parametrize("game", ["matchstick_tycoon", "chinese_ten", "fistful_of_gold"])
def test_the_teacher_opens_a_room_of_each_game_with_its_options(kernel, game):
    screen = teacher_in(kernel)
    screen.game_input.value = game
    kit = play_kit(game)
    assert [d.description for d in screen.option_inputs.values()] == [f.label for f in kit.options]
    screen.seat_inputs[-1].value = next(iter(GAMES[game].levels))
    code = screen.open_room()
    assert code and screen.rooms_shown[0] == code
    row = kernel().store.room(code)
    assert row.game == game and row.seats[-1].is_bot and not row.seats[0].is_bot
    assert f"{game}/play.ipynb?room={code}" in screen.opened.value


def test_the_seats_follow_the_number_of_players(kernel):
    screen = teacher_in(kernel)
    screen.game_input.value = "chinese_ten"
    players = screen.option_inputs["players"]
    players.value = next(i for i, (label, _) in enumerate(players.options) if label == "4")
    assert len(screen.seat_inputs) == 4


def test_the_teacher_is_told_what_is_wrong(kernel):
    screen = teacher_in(kernel)
    screen.game_input.value = "chinese_ten"
    for name, label in (
        ("settle", "Settled against the tie score"),
        ("length", "A match to 500 points"),
    ):
        d = screen.option_inputs[name]
        d.value = next(i for i, (text, _) in enumerate(d.options) if text == label)
    # Said right under the button, not at the bottom of the page.
    assert screen.open_room() is None and "Settled scores" in screen.open_status.value
    assert not screen.status.value
    screen.game_input.value = "fistful_of_gold"
    for d in screen.seat_inputs:
        d.value = "easy"
    assert screen.open_room() is None and "at least one seat open" in screen.open_status.value


def choose(screen: ClassroomScreen, name: str, label: str) -> None:
    d = screen.option_inputs[name]
    d.value = next(i for i, (text, _) in enumerate(d.options) if text == label)


def test_an_option_the_engine_refuses_is_said_in_words_under_the_button(kernel):
    """Red Frog Black Frog, settled, 3 players: the engine's refusal names the option as the
    form labels it -- never its field name (``options.settle``) -- with what would work,
    right under *Open the room*; a room opened next clears it."""
    screen = teacher_in(kernel)
    screen.game_input.value = "chinese_ten"
    choose(screen, "players", "3")
    choose(screen, "scoring", "Red Frog Black Frog: black cards score")
    choose(screen, "settle", "Settled against the tie score")
    assert screen.open_room() is None
    said = screen.open_status.value
    assert "options." not in said and "settle:" not in said
    assert "The choice for Scores cannot be played: the 218 points of a deal" in said
    assert "To play, choose Players “2”," in said and "Scores “Points as captured”." in said
    assert not screen.status.value  # not at the bottom of the page
    children = list(screen.children)
    assert children.index(screen.open_status) == children.index(screen.open_button) + 1
    with language("fr"):
        assert "Scores" in screen.open_status.value and "Le choix pour" in screen.open_status.value
    choose(screen, "players", "2")
    assert screen.open_room() and not screen.open_status.value


def test_the_room_api_words_a_refusal_of_options_too(kernel):
    from tabletop_widgets.classroom.checks import RoomError

    options = {"players": 3, "scoring": "red_frog_black_frog", "settle": True}
    with pytest.raises(RoomError) as refused:
        kernel().open_room("chinese_ten", options, seats=["open"] * 3)
    assert "options.settle" not in str(refused.value)
    assert str(refused.value).startswith("The choice for Scores cannot be played")


def test_a_room_says_its_variant_and_scoring_on_every_table(kernel):
    """Red Frog Black Frog settled with 2 players: the student's table and the projector's
    say which cards score and that each deal is settled."""
    screen = teacher_in(kernel)
    screen.game_input.value = "chinese_ten"
    choose(screen, "players", "2")
    choose(screen, "scoring", "Red Frog Black Frog: black cards score")
    choose(screen, "settle", "Settled against the tie score")
    code = screen.open_room()
    line = "Red Frog Black Frog: black cards score · Settled against the tie score of 109 points"
    student = screen_in(kernel, "chinese_ten")
    assert student.room_mode.join(code, "Ann")
    student.room_mode.sync()
    assert student.board._view["scoring_line"] == line
    screen.watch(code)
    assert screen._watch_board._view["scoring_line"] == line


def hidden_cards_in(board, game) -> list[str]:
    """The cards of any hand that the board's synced view names."""
    text = json.dumps(board._view)
    hidden = {str(c) for s in range(game.players) for c in game.hand(s)}
    return sorted(c for c in hidden if f'"{c}"' in text)


def test_watching_shows_public_information_and_follows_the_moves(kernel):
    screen = teacher_in(kernel)
    screen.game_input.value = "chinese_ten"
    code = screen.open_room()
    ann = kernel().join(code, "Ann")
    screen.watch(code)
    board = screen._watch_board
    assert board.names[0] == "Ann"
    assert not hidden_cards_in(board, ann.game)
    ann.play(ann.legal_moves()[0])
    screen.refresh()
    assert "data-moves='1'" in screen._watch_title.value


def test_close_then_replay_and_save_a_room(kernel):
    screen = teacher_in(kernel)
    screen.game_input.value = "fistful_of_gold"
    code = screen.open_room()
    with pytest.raises(Exception, match="ready when the game is over"):
        screen.replay(code)
    screen.close_room(code)
    assert "closed" in screen.status.value
    screen.replay(code)
    assert any(
        "Save the game" in getattr(c, "value", "") for c in screen.panel.children[-1].children
    )


def test_the_teacher_frees_a_seat_for_a_student_on_another_device(kernel):
    screen = teacher_in(kernel)
    screen.game_input.value = "fistful_of_gold"
    code = screen.open_room()
    old = kernel().join(code, "Ann")
    screen.free_seat(code, 0)
    again = kernel().join(code, "Ann")
    assert again.seat == 0 and old.token != again.token


def test_the_class_grid_fills_and_exports_and_clears(kernel):
    screen = teacher_in(kernel)
    code = screen.new_class()
    assert "No student has joined" in screen.grid.value
    room = kernel()
    ann = room.join_class(code, "Ann")
    ann.report("chinese_ten", 1, "Pairs", finished=True, wrong=2, hints=1)
    ann.report("chinese_ten", 2, "<script>x</script>", wrong=3)
    screen.refresh()
    assert "Ann" in screen.grid.value and "2 wrong tries" in screen.grid.value
    assert "<script>" not in screen.grid.value + screen.hardest.value
    assert "Chinese Ten, step 2" in screen.hardest.value
    text = screen.export_csv()
    assert text.splitlines()[1].startswith(f"{code},Ann,Chinese Ten,1,Pairs,yes,2,1")
    assert "data:text/csv" in screen.csv.value
    screen.ask_clear()
    assert "Forget every nickname" in screen.confirm.children[0].value
    assert screen.clear() == 2 and "No student has joined" in screen.grid.value


def test_a_reloaded_teacher_page_shows_the_class_again(kernel):
    screen = teacher_in(kernel)
    code = screen.new_class()
    kept = json.loads(screen.kept.value)
    again = teacher_in(kernel)
    again.kept.dispatch({"type": "restored", "data": json.dumps(kept)})
    assert again.class_code == code
    other = teacher_in(kernel)
    other.kept.dispatch({"type": "restored", "data": json.dumps({"class": "<b>"})})
    assert other.class_code is None
