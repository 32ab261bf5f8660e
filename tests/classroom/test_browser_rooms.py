"""Rooms in a real browser: several students, each a page in a browser context of its own
(another device), on the app as the app command serves it -- against SQLite and against
PostgreSQL.  The test reads the room's log from the store, as another kernel would."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

import pytest

from tabletop_widgets.classroom.checks import new_token
from tabletop_widgets.core import GAMES
from tests.classroom.room_pages import (
    MOVE,
    ROOM_LINE,
    ROOM_PANEL,
    TABLE,
    WAITING_LINE,
    forge_events,
    hidden_cards,
    join,
    kernel_ids,
    new_context,
    open_tab,
    own_table_shown,
    play_url,
    shown_cards,
    watch,
    watch_own_table,
)

pytestmark = pytest.mark.browser

GAMES_OF_ROOMS = [
    ("matchstick_tycoon", {"players": 3}),
    ("chinese_ten", {"players": 3, "target": None, "deals": 1}),
    ("fistful_of_gold", {}),  # a duel: two students and a spectator
]
NAMES = ("Ann", "Bo", "Cy")
NICKNAME = ".tt-room-section input[placeholder='1 to 20 letters']"
#: The play page's introduction, above its play screen.
INTRO = {
    "chinese_ten": ".ct-intro",
    "fistful_of_gold": ".fg-intro",
    "matchstick_tycoon": ".mt-intro",
}
JOINING = "You are joining a room your teacher opened"
PLAYING = "You are playing in a room your teacher opened"
WATCHING = "This is the class's view of a room"
MAX_MOVES = 600

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "classroom"


@pytest.fixture
def contexts(browser):
    """``contexts()``: a new browser context (another device); all closed at the end."""
    made = []

    def make():
        made.append(new_context(browser))
        return made[-1]

    yield make
    for c in made:
        c.close()


def log_of(teacher, code: str) -> list:
    return teacher.store.moves(code)


def play_to_the_end(game: str, players, others, teacher, code: str) -> None:
    """Whoever's turn it is plays by clicking; every move must appear in every page."""
    pages = [*players, *others]
    for _ in range(MAX_MOVES):
        n = len(log_of(teacher, code))
        if teacher.watch(code).game.is_over:
            break
        mover = next((p for p in players if p.moves() == n and p.my_turn()), None)
        if mover is None:
            players[0].page.wait_for_timeout(50)
            continue
        MOVE[game](mover.page)
        mover.wait_moves(n + 1)
        n = len(log_of(teacher, code))
        for p in pages:  # the move appears in the others' pages, as the store reports it
            p.wait_moves(n)
    else:
        raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, options", GAMES_OF_ROOMS, ids=[g for g, _ in GAMES_OF_ROOMS])
def test_students_play_a_whole_game_each_on_their_own_device(
    room_app, teacher, contexts, game, options
):
    server, _ = room_app
    players = GAMES[game].engine.new(seed=5, **options).players
    room = teacher.open_room(game, options, seats=["open"] * players, seed=5)
    students = [join(contexts(), server, game, room.code, NAMES[s]) for s in range(players)]
    spectators = [watch(contexts(), server, game, room.code)] if players == 2 else []
    for s, tab in enumerate(students):
        assert f"as {NAMES[s]}" in tab.page.locator(".tt-room-line").inner_text()
    play_to_the_end(game, students, spectators, teacher, room.code)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for who, tab in [("student", students[0]), *[("spectator", t) for t in spectators]]:
        tab.page.screenshot(path=str(ARTIFACTS / f"{game}-{who}.png"), full_page=True)
    final = teacher.watch(room.code)
    log = log_of(teacher, room.code)
    assert [m.seq for m in log] == list(range(1, len(log) + 1))  # none lost, none doubled
    assert [m.seat for m in log] == list(final.game.movers)
    for tab in [*students, *spectators]:
        tab.page.wait_for_selector(f"{'.tt-screen-status'} >> text=Game over", timeout=15_000)
        assert tab.moves() == len(log)
        assert "Traceback" not in tab.page.content()
    # the record, once the game is over
    page = students[0].page
    page.click(".tt-play-screen button:has-text('Save the game')")
    page.wait_for_selector(".tt-play-screen a.tt-download", timeout=15_000)
    for tab in [*students, *spectators]:
        tab.log.assert_clean()


def test_a_reload_mid_game_takes_the_seat_back(room_app, teacher, contexts):
    server, _ = room_app
    game = "matchstick_tycoon"
    room = teacher.open_room(game, {"players": 3}, seats=["open", "open", "easy"], seed=2)
    ann = join(contexts(), server, game, room.code, "Ann")
    bo = join(contexts(), server, game, room.code, "Bo")
    first = next(t for t in (ann, bo) if t.my_turn())
    n = len(log_of(teacher, room.code))
    MOVE[game](first.page)
    first.wait_moves(n + 1)
    n = len(log_of(teacher, room.code))
    watch_own_table(first.context, game)  # from the reload on
    first.page.reload()  # a new kernel: the seat comes back with the token the browser kept
    first.page.wait_for_selector(".tt-room-line [data-moves]", timeout=120_000)
    assert first.moves() == n
    name = "Ann" if first is ann else "Bo"
    assert f"as {name}" in first.page.locator(".tt-room-line").inner_text()
    assert first.page.locator("text=You have a game in progress here").count() == 0
    # the room's table is back, and no game of the page's own showed meanwhile
    first.page.locator(TABLE[game]).first.wait_for(state="visible", timeout=15_000)
    assert not own_table_shown(first.page)
    assert PLAYING in first.page.locator(INTRO[game]).inner_text()  # the seat came back
    assert first.page.locator(".tt-room-section button:has-text('Leave the room')").is_visible()
    seats = teacher.store.room(room.code).seats
    assert [s.nickname for s in seats[:2]] == ["Ann", "Bo"]  # no second seat taken
    # and the game goes on from the reloaded page
    for _ in range(20):
        n = len(log_of(teacher, room.code))
        mover = next((t for t in (ann, bo) if t.moves() == n and t.my_turn()), None)
        if mover is first:
            MOVE[game](first.page)
            first.wait_moves(n + 1)
            (bo if first is ann else ann).wait_moves(n + 1)
            break
        if mover is not None:
            MOVE[game](mover.page)
            mover.wait_moves(n + 1)
        else:
            first.page.wait_for_timeout(100)
    else:
        raise AssertionError("the reloaded page never played")
    ann.log.assert_clean(left_pages=True)
    bo.log.assert_clean(left_pages=True)


def test_two_pages_racing_for_the_same_move_one_stands(room_app, teacher, contexts):
    server, _ = room_app
    game = "chinese_ten"
    room = teacher.open_room(game, {"players": 2, "target": None}, seats=["open", "open"], seed=4)
    device = contexts()
    a1 = join(device, server, game, room.code, "Ann")
    # the same student's second tab: it takes the same seat back from the browser's storage
    a2 = open_tab(device, play_url(server, game, room.code), ".tt-room-line [data-moves]")
    assert "as Ann" in a2.page.locator(".tt-room-line").inner_text()
    for tab in (a1, a2):
        assert tab.my_turn()
        tab.page.locator(".tt-ct-mine .tt-ct-hand-card").first.click()
        tab.page.wait_for_selector(".tt-ct-mine .tt-ct-hand-card.tt-ct-selected")
    # Both pages click at the same instant (one clock for both tabs).
    at = a1.page.evaluate("() => Date.now() + 400")
    for tab in (a1, a2):
        tab.page.evaluate(
            """at => setTimeout(() => {
                 const t = document.querySelector('.tt-ct-table .tt-ct-layout-card.tt-ct-target');
                 (t || document.querySelector('.tt-ct-table button.tt-ct-lay')).click();
               }, at - Date.now())""",
            at,
        )
    a1.wait_moves(1)
    a2.wait_moves(1)
    a1.page.wait_for_timeout(1500)
    log = log_of(teacher, room.code)
    assert [(m.seq, m.seat) for m in log] == [(1, 0)]  # one move stands, never two
    assert a1.moves() == a2.moves() == 1
    assert not a1.my_turn() and not a2.my_turn()
    for tab in (a1, a2):
        tab.log.assert_clean()


def test_forged_room_messages_change_nothing_and_reach_nobody(room_app, teacher, contexts):
    server, _ = room_app
    game = "fistful_of_gold"
    room = teacher.open_room(game, {}, seats=["open", "open"], seed=6)
    ann = join(contexts(), server, game, room.code, "Ann")
    ann_seat = teacher.store.room(room.code).seats[0]
    # A page whose browser storage claims Ann's seat with a made-up key, then with markup.
    for forged in (
        {"code": room.code, "token": new_token()},
        {"code": room.code, "token": "<img src=x onerror=window.hacked=1>"},
    ):
        device = contexts()
        device.add_init_script(
            f"localStorage.setItem('tabletop/room/{game}', {json.dumps(json.dumps(forged))})"
        )
        tab = open_tab(device, play_url(server, game, room.code), ROOM_PANEL)
        tab.page.wait_for_selector("text=Type your nickname", timeout=60_000)
        assert tab.moves() == -1  # not in the room
        # ... and no game of its own under the room's panel: the line says where it will be
        assert tab.page.locator(WAITING_LINE).inner_text() == (
            "The game appears here once you join the room."
        )
        assert not tab.page.locator(".tt-fg-table").first.is_visible()
        assert not tab.page.locator(".tt-play-screen > .tt-screen-status").first.is_visible()
        # and a nickname with markup, typed or sent by hand, is refused
        tab.page.fill(".tt-room-section input[placeholder='1 to 20 letters']", "<img src=x>")
        tab.page.click(".tt-room-section button:has-text('Join the room')")
        tab.page.wait_for_selector("text=A nickname may hold letters", timeout=15_000)
        assert tab.page.locator(".tt-room-section img").count() == 0
        tab.log.assert_clean()
    seats = teacher.store.room(room.code).seats
    # Ann's page keeps saying it is there, so only her seat's last-seen time may move.
    assert dataclasses.replace(seats[0], seen=ann_seat.seen) == ann_seat
    assert seats[1].nickname is None
    # Bo's page sends, by hand, a choice of Ann's cards and a confirm for the turn it shows:
    # the table judges them for Bo's seat only, and nothing is written.
    bo = join(contexts(), server, game, room.code, "Bo")
    kernels = kernel_ids(bo.page)
    bo.page.reload()  # (the new kernel, whose websocket is recorded, takes Bo's seat back)
    bo.page.wait_for_selector(".tt-room-line [data-moves]", timeout=120_000)
    assert kernels and "as Bo" in bo.page.locator(".tt-room-line").inner_text()
    ann_cards = [str(c) for c in teacher.watch(room.code).game.observation(0).hand]
    forge_events(
        server,
        kernels[-1],
        [
            {"type": "select", "index": 0, "card": ann_cards[0]},
            {"type": "select", "index": 1, "card": ann_cards[1]},
            {"type": "confirm"},
            {"type": "move", "text": f"discard {ann_cards[0]} {ann_cards[1]}"},
        ],
    )
    bo.page.wait_for_selector(".tt-fg-table .tt-error", timeout=15_000)
    assert log_of(teacher, room.code) == []
    assert ann.page.evaluate("() => window.hacked === undefined")
    assert "<img" not in ann.page.locator(".tt-play-screen").inner_html()
    ann.log.assert_clean()
    bo.log.assert_clean(left_pages=True)


def test_a_code_that_finds_no_room_offers_a_game_alone(room_app, teacher, contexts):
    """A student who opens ?room=CODE plays in the room: no game against bots shows under
    the panel.  A code that finds no room says so, with a button to play alone instead."""
    server, _ = room_app
    game = "chinese_ten"
    tab = open_tab(contexts(), play_url(server, game, "K7QX2M"), ROOM_PANEL)
    page = tab.page
    page.wait_for_selector("text=There is no room K7QX2M", timeout=60_000)
    assert "play a game on your own instead" in page.locator(WAITING_LINE).inner_text()
    assert not page.locator(TABLE[game]).first.is_visible()
    assert tab.moves() == -1
    page.click(".tt-room-alone")
    page.locator(TABLE[game]).first.wait_for(state="visible", timeout=15_000)
    assert page.locator(WAITING_LINE).count() == 0
    page.wait_for_selector(".tt-screen-status >> text=Your turn.", timeout=15_000)
    MOVE[game](page)  # a game of its own, against bots
    page.locator(".tt-ct-log li[value='1']").wait_for(timeout=15_000)
    tab.log.assert_clean()


def test_a_room_of_another_game_links_to_its_page(room_app, teacher, contexts):
    """A Fistful of Gold room's code on Chinese Ten's play page: said in words before any
    seat is claimed, with a link to Fistful of Gold's play page with the code, where the
    student joins; the projector's page of the wrong game links to the right one's."""
    server, _ = room_app
    code = teacher.open_room("fistful_of_gold", {}, seats=["open", "easy"], seed=4).code
    said = f"Room {code} plays A Fistful of Gold, not Chinese Ten."
    device = contexts()
    watch_own_table(device, "chinese_ten")
    tab = open_tab(device, play_url(server, "chinese_ten", code), ROOM_PANEL)
    page = tab.page
    page.wait_for_selector(f"text={said}", timeout=60_000)
    assert not page.locator(TABLE["chinese_ten"]).first.is_visible()
    assert "or play a game on your own instead" in page.locator(WAITING_LINE).inner_text()
    link = page.locator(".tt-room-section a.tt-room-elsewhere")
    assert link.inner_text() == f"Go to A Fistful of Gold to join room {code}"
    assert link.get_attribute("href") == f"../fistful_of_gold/play.ipynb?room={code}"
    # Join pressed anyway, with a nickname: the same words, no seat taken
    page.fill(NICKNAME, "Ann")
    page.click(".tt-room-section button:has-text('Join the room')")
    page.wait_for_timeout(1500)
    assert said in page.locator(".tt-room-section").inner_text()
    assert page.locator("text=That did not work").count() == 0
    assert teacher.store.room(code).seats[0].nickname is None
    assert not own_table_shown(page)
    watch_own_table(device, "fistful_of_gold")
    link.click()  # the game's own page, the code in its address
    page.wait_for_url(f"**/fistful_of_gold/play.ipynb?room={code}", timeout=30_000)
    page.wait_for_selector("text=Type your nickname and press Join the room", timeout=120_000)
    assert JOINING in page.locator(INTRO["fistful_of_gold"]).inner_text()
    page.fill(NICKNAME, "Ann")
    page.click(".tt-room-section button:has-text('Join the room')")
    page.wait_for_selector(ROOM_LINE, timeout=30_000)
    page.locator(TABLE["fistful_of_gold"]).first.wait_for(state="visible", timeout=15_000)
    assert not own_table_shown(page)  # the room's table was the first shown
    assert teacher.store.room(code).seats[0].nickname == "Ann"
    # the projector's page of the wrong game
    projector = open_tab(contexts(), play_url(server, "chinese_ten", code, watch=True), ROOM_PANEL)
    projector.page.wait_for_selector(f"text={said}", timeout=60_000)
    link = projector.page.locator(".tt-room-section a.tt-room-elsewhere")
    assert link.get_attribute("href") == f"../fistful_of_gold/play.ipynb?room={code}&watch=1"
    assert not projector.page.locator(TABLE["chinese_ten"]).first.is_visible()
    assert projector.page.locator(".tt-room-alone").is_visible()
    tab.log.assert_clean(left_pages=True)
    projector.log.assert_clean()


def test_a_watching_page_shows_no_game_of_its_own(room_app, teacher, contexts):
    """The projector's page (?room=CODE&watch=1) never paints a game of its own: the room's
    table is the first it shows, under an introduction that says what the page is.  A
    code that finds no room says why and offers a game alone, as the joining page does."""
    server, _ = room_app
    game = "chinese_ten"
    code = teacher.open_room(game, {"players": 2, "target": None}, seats=["open", "easy"]).code
    device = contexts()
    watch_own_table(device, game)
    projector = watch(device, server, game, code)
    page = projector.page
    page.locator(TABLE[game]).first.wait_for(state="visible", timeout=15_000)
    assert not own_table_shown(page)
    assert "you are watching" in page.locator(".tt-room-line").inner_text()
    intro = page.locator(INTRO[game]).inner_text()
    assert WATCHING in intro and "against bots" not in intro
    projector.log.assert_clean()
    # a code that finds no room
    device = contexts()
    watch_own_table(device, game)
    bad = open_tab(device, play_url(server, game, "K7QX2M", watch=True), ROOM_PANEL)
    page = bad.page
    page.wait_for_selector("text=There is no room K7QX2M", timeout=60_000)
    assert "play a game on your own instead" in page.locator(WAITING_LINE).inner_text()
    assert not page.locator(TABLE[game]).first.is_visible()
    assert not own_table_shown(page)
    page.click(".tt-room-alone")
    page.locator(TABLE[game]).first.wait_for(state="visible", timeout=15_000)
    page.wait_for_selector(f"{INTRO[game]} >> text=You play against bots", timeout=15_000)
    bad.log.assert_clean()


def test_a_spectator_sees_no_hidden_card(room_app, teacher, contexts):
    server, _ = room_app
    # the teacher opens the room on the Classroom page and watches it there
    t = open_tab(contexts(), server.url("classroom.ipynb"), "text=Open the room")
    t.page.select_option(".tt-classroom select >> nth=0", label="Chinese Ten")
    t.page.wait_for_timeout(500)
    t.page.click(".tt-classroom button:has-text('Open the room')")
    code = t.page.locator(".tt-room-code").first.inner_text(timeout=20_000).strip()
    ann = join(contexts(), server, "chinese_ten", code, "Ann")
    n = len(log_of(teacher, code))
    MOVE["chinese_ten"](ann.page)
    ann.wait_moves(n + 1)
    t.page.locator(f".tt-room[data-code='{code}']").wait_for(timeout=15_000)
    t.page.locator(".tt-room-row", has=t.page.locator(f"[data-code='{code}']")).locator(
        "button:has-text('Watch')"
    ).click()
    t.page.wait_for_selector(f".tt-watching[data-moves='{n + 1}']", timeout=15_000)
    projector = watch(contexts(), server, "chinese_ten", code)
    projector.wait_moves(n + 1)
    game = teacher.watch(code).game
    hidden = hidden_cards(game)
    assert hidden
    assert not shown_cards(t.page, ".tt-classroom .tt-ct-table") & hidden
    assert not shown_cards(projector.page, ".tt-play-screen .tt-ct-table") & hidden
    assert projector.page.locator(".tt-ct-mine .tt-ct-hand-card").count() == 0
    assert "you are watching" in projector.page.locator(".tt-room-line").inner_text()
    # what Ann sees: her own hand, and no other
    mine = {str(c) for c in game.hand(0)}
    assert shown_cards(ann.page, ".tt-play-screen .tt-ct-table") & hidden == mine
    for tab in (t, ann, projector):
        tab.log.assert_clean()


def test_a_fistful_spectator_sees_no_secret_choice(room_app, teacher, contexts):
    server, _ = room_app
    game = "fistful_of_gold"
    room = teacher.open_room(game, {}, seats=["open", "easy"], seed=8)
    ann = join(contexts(), server, game, room.code, "Ann")
    projector = watch(contexts(), server, game, room.code)
    for _ in range(4):  # discards, then a few duels, checking the projector each time
        n = len(log_of(teacher, room.code))
        MOVE[game](ann.page)
        ann.wait_moves(n + 1)
        projector.wait_moves(len(log_of(teacher, room.code)))
        time.sleep(0.2)
        hidden = hidden_cards(teacher.watch(room.code).game)
        assert not shown_cards(projector.page, TABLE[game]) & hidden
    assert projector.page.locator(".tt-fg-table button.tt-fg-choice").count() == 0
    ann.log.assert_clean()
    projector.log.assert_clean()
