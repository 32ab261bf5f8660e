"""Rooms on the engine contract, against both back-ends: each ``kernel()`` is a page's
kernel with its own connection to the store."""

from __future__ import annotations

import gc
import pickle
import random
import threading
import time

import pytest

from tabletop_widgets.classroom import rooms as rooms_module
from tabletop_widgets.classroom.checks import (
    OtherGame,
    RoomError,
    TurnTaken,
    hash_token,
    new_token,
)
from tabletop_widgets.core import GAMES, IllegalMoveError, load_record

GAMES_OF_THREE = [
    ("matchstick_tycoon", {"players": 3}),
    ("chinese_ten", {"players": 3, "target": None}),
    ("fistful_of_gold", {}),  # a duel: two students
]


def seated(kernel, game, options, seed=1):
    """A room of only open seats, each taken by a student in a kernel of their own."""
    info = GAMES[game]
    players = info.engine.new(seed=seed, **options).players
    teacher = kernel().open_room(game, options, seats=["open"] * players, seed=seed)
    names = ["Ann", "Bo", "Cy", "Di"]
    return teacher, [kernel().join(teacher.code, names[s], seat=s) for s in range(players)]


@pytest.mark.parametrize("game, options", GAMES_OF_THREE)
def test_students_play_a_whole_game_each_in_their_own_kernel(kernel, game, options):
    teacher, players = seated(kernel, game, options)
    projector = kernel().watch(teacher.code)
    rng = random.Random(5)
    for _ in range(2000):
        for p in players:
            p.refresh()
        if players[0].game.is_over:
            break
        for p in players:
            if p.my_turn:
                p.play(rng.choice(p.legal_moves()), turn=p.turn)
    projector.refresh()
    histories = {tuple(map(str, v.game.history)) for v in [*players, projector]}
    assert len(histories) == 1 and projector.game.is_over
    # the log is the game: each move once, in order, by the seat that made it
    log = players[0].store.moves(teacher.code)
    assert [m.seq for m in log] == list(range(1, len(log) + 1))
    assert [m.seat for m in log] == list(projector.game.movers)
    record = projector.record()
    assert record["meta"]["names"] == ["Ann", "Bo", "Cy"][: len(players)]
    assert record["meta"]["room"] == teacher.code
    assert load_record(record).history == projector.game.history


def test_each_seat_sees_its_own_observation_and_a_spectator_none(kernel):
    teacher, (ann, bo, cy) = seated(kernel, "matchstick_tycoon", {"players": 3})
    for p in (ann, bo, cy):
        assert p.observation() == p.game.observation(p.seat)
    assert ann.observation() != bo.observation()
    projector = kernel().watch(teacher.code)
    assert projector.seat is None and projector.observation() is None
    assert not hasattr(projector, "play")
    with pytest.raises(RoomError, match="ready when the game is over"):
        projector.record()  # the seed would show every hand


def test_bots_move_straight_after_the_student_and_only_once(kernel):
    room = kernel()
    teacher = room.open_room(
        "matchstick_tycoon", {"players": 3}, seats=["open", "easy", "medium"], seed=4
    )
    ann = kernel().join(teacher.code, "Ann")
    assert ann.names == ["Ann", "Bea (bot)", "Cal (bot)"]
    # the opener already played the bots that move before Ann
    assert ann.my_turn
    for _ in range(300):
        if ann.game.is_over:
            break
        written = ann.play(ann.legal_moves()[0])
        assert written[0].seat == 0 and all(m.seat != 0 for m in written[1:])
        assert ann.my_turn or ann.game.is_over
    assert ann.game.is_over
    projector = kernel().watch(teacher.code)
    assert projector.game.history == ann.game.history
    log = ann.store.moves(teacher.code)
    assert [m.seq for m in log] == list(range(1, len(log) + 1))


def test_a_bot_left_to_move_by_a_kernel_that_died_is_played_once(kernel, monkeypatch):
    teacher = kernel().open_room(
        "matchstick_tycoon", {"players": 3}, seats=["open", "easy", "easy"], seed=4
    )
    ann = kernel().join(teacher.code, "Ann")
    assert ann.my_turn
    # Ann's kernel writes her move and dies before playing the bots
    move = str(ann.game.verify(ann.legal_moves()[0], 0))
    assert ann.store.append_move(teacher.code, ann.turn + 1, 0, move, hash_token(ann.token))
    views = [kernel().watch(teacher.code) for _ in range(4)]
    assert all(v.game.to_move == 1 for v in views)  # before the grace period: nobody plays
    assert all(v.refresh() == [] for v in views)
    monkeypatch.setattr(rooms_module, "BOT_GRACE", 0.0)
    barrier = threading.Barrier(len(views))

    def look(view):
        barrier.wait()
        view.refresh()

    threads = [threading.Thread(target=look, args=(v,)) for v in views]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    histories = {tuple(v.game.history) for v in views}
    assert len(histories) == 1
    log = ann.store.moves(teacher.code)
    assert [m.seq for m in log] == list(range(1, len(log) + 1))
    ann.refresh()
    assert ann.my_turn and ann.game.history == views[0].game.history


def test_two_pages_racing_for_one_turn_one_wins_the_other_is_told(kernel):
    teacher, players = seated(kernel, "matchstick_tycoon", {"players": 3}, seed=2)
    first = next(p for p in players if p.my_turn)
    second = kernel().rejoin(first.token)  # the same seat open in another tab
    moves = first.legal_moves()[:2]
    turn = first.turn
    barrier = threading.Barrier(2)
    outcomes = []

    def play(page, move):
        barrier.wait()
        try:
            outcomes.append(("ok", page.play(move, turn=turn)))
        except TurnTaken as e:
            outcomes.append(("told", str(e)))

    threads = [
        threading.Thread(target=play, args=a) for a in ((first, moves[0]), (second, moves[1]))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(o[0] for o in outcomes) == ["ok", "told"]
    assert "Another page played for your seat first" in dict(outcomes)["told"]
    assert len(first.store.moves(teacher.code)) == turn + 1
    first.refresh(), second.refresh()
    assert first.game.history == second.game.history


def test_simultaneous_choices_racing_both_stand(kernel):
    teacher, (ann, bo) = seated(kernel, "fistful_of_gold", {}, seed=3)
    assert ann.my_turn and bo.my_turn
    barrier = threading.Barrier(2)
    errors = []

    def choose(page):
        barrier.wait()
        try:
            page.play(page.legal_moves()[0], turn=0)
        except Exception as e:  # pragma: no cover - the assertion below shows it
            errors.append(e)

    threads = [threading.Thread(target=choose, args=(p,)) for p in (ann, bo)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert sorted(m.seat for m in ann.store.moves(teacher.code)) == [0, 1]


def test_a_stale_move_is_refused_when_the_seat_moved_since(kernel):
    teacher, players = seated(kernel, "matchstick_tycoon", {"players": 3}, seed=2)
    p = next(p for p in players if p.my_turn)
    turn = p.turn
    p.play(p.legal_moves()[0], turn=turn)
    with pytest.raises(TurnTaken):
        p.play("pass", turn=turn)
    with pytest.raises(RoomError, match="a turn this game has not had"):
        p.play("pass", turn=p.turn + 1)
    for bad in (-1, True, "3", 1.5):
        with pytest.raises(RoomError):
            p.play("pass", turn=bad)


def test_illegal_moves_name_the_rule_and_write_nothing(kernel):
    teacher, players = seated(kernel, "matchstick_tycoon", {"players": 3}, seed=2)
    mover = next(p for p in players if p.my_turn)
    waiter = next(p for p in players if not p.my_turn)
    store = mover.store
    with pytest.raises(IllegalMoveError) as e:
        mover.play("pass")  # the leader may not pass
    assert e.value.rule == "MT-5"
    with pytest.raises(IllegalMoveError) as e:
        waiter.play(mover.legal_moves()[0])  # another seat's turn
    assert e.value.rule.startswith("MT")
    for junk in ("", "x" * 5000, "<script>", None, 12):
        with pytest.raises(IllegalMoveError):
            mover.play(junk)
    assert store.moves(teacher.code) == []


def test_forged_and_stale_tokens_get_no_seat(kernel):
    room = kernel()
    teacher, (ann, bo, cy) = seated(kernel, "matchstick_tycoon", {"players": 3})
    with pytest.raises(RoomError, match="no longer kept for you"):
        room.rejoin(new_token())
    with pytest.raises(RoomError, match="rejoin key"):
        room.rejoin("'; DROP TABLE tt_moves; --")
    with pytest.raises(RoomError, match="no longer kept for you"):
        room.rejoin(ann.token, code="ZZZZZZ")
    # a page cannot write for a seat whose token it does not hold
    mover = next(p for p in (ann, bo, cy) if p.my_turn)
    other = next(p for p in (ann, bo, cy) if not p.my_turn)
    move = str(mover.game.verify(mover.legal_moves()[0], mover.seat))
    assert (
        mover.store.append_move(teacher.code, 1, mover.seat, move, hash_token(other.token))
        == "seat"
    )
    # a freed seat: the old token plays no more and rejoins nothing
    assert room.free_seat(teacher.code, mover.seat)
    with pytest.raises(RoomError, match="is no longer yours"):
        mover.play(mover.legal_moves()[0])
    with pytest.raises(RoomError, match="no longer kept for you"):
        room.rejoin(mover.token)
    assert mover.store.moves(teacher.code) == []
    new = kernel().join(teacher.code, "Dee", seat=mover.seat)
    assert new.play(new.legal_moves()[0])


def test_a_rejoin_after_the_kernel_is_gone_gets_the_game_as_it_stands(kernel):
    teacher, players = seated(kernel, "chinese_ten", {"players": 3, "target": None}, seed=8)
    rng = random.Random(1)
    for _ in range(7):
        for p in players:
            p.refresh()
            if p.my_turn:
                p.play(rng.choice(p.legal_moves()))
    players[1].refresh()
    token, seat = players[1].token, players[1].seat
    history, observation = players[1].game.history, players[1].observation()
    del players[1], p
    gc.collect()
    back = kernel().rejoin(token, code=teacher.code.lower())
    assert back.seat == seat and back.nickname == "Bo"
    assert back.game.history == history and back.observation() == observation


def test_joining_refusals_are_sentences(kernel):
    room = kernel()
    teacher = room.open_room("matchstick_tycoon", {"players": 3}, seats=["open", "open", "easy"])
    code = teacher.code
    room.join(code, "Ann", seat=0)
    cases = [
        (
            lambda: room.join("ZZZZZZ", "Bo"),
            "There is no room ZZZZZZ; check the code on the board.",
        ),
        (
            lambda: room.join("nope", "Bo"),
            "A room code is 6 letters and digits without 0, 1, I, L or O, like K7QX2M.",
        ),
        (lambda: room.join(code, "<i>Bo"), "A nickname may hold letters"),
        (lambda: room.join(code, "Bo", seat=0), "Seat 1 is taken; choose a free seat."),
        (lambda: room.join(code, "Bo", seat=2), "Seat 3 is played by a bot"),
        (lambda: room.join(code, "Bo", seat=3), "There is no seat 4 here: the seats are 1 to 3."),
        (lambda: room.join(code, "ANN"), f"Someone in room {code} is already called ANN"),
    ]
    for attempt, sentence in cases:
        with pytest.raises(RoomError) as e:
            attempt()
        assert str(e.value).startswith(sentence)
    room.join(code, "Bo")
    with pytest.raises(RoomError, match="Every seat in room .* is taken; you can still watch"):
        room.join(code, "Cy")
    assert room.store.room(code).version == 2  # the refusals changed nothing


def test_a_room_of_another_game_is_refused_before_anything_is_claimed(kernel):
    """A page of one game asking for a room of another (a code typed on the wrong page):
    refused in words naming the room's game, with the game's key for a link; no seat goes."""
    room = kernel()
    code = room.open_room("fistful_of_gold", seats=["open", "open"], seed=2).code
    ann = room.join(code, "Ann", game="fistful_of_gold")
    for attempt in (
        lambda: room.join(code, "Bo", game="chinese_ten"),
        lambda: room.check_room(code, "chinese_ten"),
        lambda: room.watch(code, game="chinese_ten"),
        lambda: room.rejoin(ann.token, code, game="chinese_ten"),
    ):
        with pytest.raises(OtherGame) as e:
            attempt()
        assert str(e.value) == f"Room {code} plays A Fistful of Gold, not Chinese Ten."
        assert (e.value.code, e.value.game) == (code, "fistful_of_gold")
        again = pickle.loads(pickle.dumps(e.value))  # (a refusal may cross a thread's queue)
        assert (str(again), again.code, again.game) == (str(e.value), code, "fistful_of_gold")
    assert [s.nickname for s in room.store.room(code).seats] == ["Ann", None]
    assert room.check_room(code, "fistful_of_gold") == code
    assert room.watch(code, game="fistful_of_gold").seat is None
    assert room.rejoin(ann.token, code, game="fistful_of_gold").seat == 0


def test_opening_refusals_are_sentences(kernel):
    room = kernel()
    cases = [
        (dict(game="chess", seats=["open"]), "There is no game called 'chess' here."),
        # The engine's refusal as the play page's form words it: the option as labelled.
        (
            dict(game="matchstick_tycoon", options={"players": 99}, seats=["open"]),
            "The choice for Players cannot be played: must be 2 to 8, not 99. To play, choose "
            "Players “2”, “3”, “4”, “5”, “6”, “7” or “8”.",
        ),
        (
            dict(game="matchstick_tycoon", options={"colour": 1}, seats=["open"]),
            "These options cannot be played together:",
        ),
        (
            dict(game="fistful_of_gold", seats=["open"]),
            "This game of A Fistful of Gold has 2 seats",
        ),
        (dict(game="fistful_of_gold", seats=["open", "expert"]), "Seat 2 is open or a bot"),
        (dict(game="fistful_of_gold", seats=["easy", "easy"]), "A room needs at least one seat"),
        (dict(game="fistful_of_gold", seats=["open", "open"], seed=-1), "A game number is"),
        (dict(game="fistful_of_gold", seats=["open", "open"], keep=0), "A room is kept"),
    ]
    for kwargs, sentence in cases:
        game = kwargs.pop("game")
        with pytest.raises(RoomError) as e:
            room.open_room(game, **kwargs)
        assert str(e.value).startswith(sentence), str(e.value)
    assert room.store.rooms() == []


def test_a_closed_room_takes_no_moves_but_can_be_watched(kernel):
    room = kernel()
    teacher, players = seated(kernel, "fistful_of_gold", {}, seed=3)
    assert room.close_room(teacher.code) and not room.close_room(teacher.code)
    with pytest.raises(RoomError, match="is closed: no more moves"):
        players[0].play(players[0].legal_moves()[0])
    with pytest.raises(RoomError, match="is closed"):
        room.join(teacher.code, "Cy")
    projector = room.watch(teacher.code)
    assert projector.closed and projector.record()["moves"] == []
    assert teacher.code not in [r.code for r in room.rooms()]


def test_rooms_expire_when_left_alone(kernel):
    room = kernel()
    view = room.open_room("fistful_of_gold", seats=["open", "easy"], keep=0.5)
    ann = room.join(view.code, "Ann")
    assert [r.code for r in room.rooms()] == [view.code]
    time.sleep(0.7)
    assert room.rooms() == []
    with pytest.raises(RoomError, match="There is no room"):
        room.join(view.code, "Bo")
    with pytest.raises(RoomError, match="There is no room"):
        room.rejoin(ann.token)
    assert room.purge() == 1 and room.store.room(view.code) is None


def test_a_page_waiting_for_moves_wakes_when_one_comes(kernel):
    teacher, (ann, bo) = seated(kernel, "fistful_of_gold", {}, seed=3)
    notices = []
    bo.on_change(lambda: notices.append(time.monotonic()))
    time.sleep(0.3)
    threading.Timer(0.2, lambda: ann.play(ann.legal_moves()[0])).start()
    got = bo.wait(timeout=10)
    assert [m.seat for m in got] == [0]
    deadline = time.monotonic() + 5
    while not notices and time.monotonic() < deadline:
        time.sleep(0.01)
    assert notices
    bo.close()


WITHOUT_WIDGETS = """
import sys, tempfile
sys.modules["ipywidgets"] = None  # any import of it now fails
sys.modules["anywidget"] = None
from tabletop_widgets.classroom import Classroom
room = Classroom(f"sqlite:///{tempfile.mkdtemp()}/c.sqlite")
view = room.open_room("chinese_ten", {"players": 2}, seats=["open", "easy"], seed=1)
me = room.join(view.code, "Ann")
me.play(me.legal_moves()[0])
print("ok" if "psycopg" not in sys.modules else "psycopg imported")
"""


def test_rooms_need_no_widgets_and_sqlite_no_driver():
    import subprocess
    import sys

    r = subprocess.run(
        [sys.executable, "-c", WITHOUT_WIDGETS], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]
