"""The store interface, the same tests against SQLite and PostgreSQL."""

from __future__ import annotations

import multiprocessing
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from tabletop_widgets.classroom.checks import hash_token
from tabletop_widgets.classroom.store import open_store

T1, T2 = hash_token("a" * 32), hash_token("b" * 32)


def new_room(store, seats=("open", "open", "easy"), keep=None, now=None):
    return store.create_room("tiny", {"players": len(seats)}, 7, list(seats), keep, now)


def test_a_room_reads_back_as_written(store):
    code = new_room(store)
    row = store.room(code)
    assert (row.code, row.game, row.options, row.seed, row.moves) == (
        code,
        "tiny",
        {"players": 3},
        7,
        0,
    )
    assert [(s.seat, s.kind, s.taken) for s in row.seats] == [
        (0, "open", False),
        (1, "open", False),
        (2, "easy", False),
    ]
    assert row.closed is None and row.keep is None and not row.expired()
    assert store.room("ZZZZZZ") is None
    assert [r.code for r in store.rooms()] == [code]
    assert store.stamps([code, "ZZZZZZ"]) == {code: (0, 0)}


def test_seats_are_claimed_once_and_nicknames_are_unique_in_a_room(store):
    code = new_room(store)
    assert store.claim_seat(code, 1, "Ann", T1) == ("ok", 1)
    assert store.claim_seat(code, 1, "Bo", T2) == ("taken", None)
    assert store.claim_seat(code, None, "ANN", T2) == ("name", None)
    assert store.claim_seat(code, 2, "Bo", T2) == ("bot", None)
    assert store.claim_seat(code, 5, "Bo", T2) == ("no-seat", None)
    assert store.claim_seat(code, None, "Bo", T2) == ("ok", 0)
    assert store.claim_seat(code, None, "Cy", hash_token("c" * 32)) == ("full", None)
    assert store.claim_seat("ZZZZZZ", None, "Cy", T2) == ("missing", None)
    assert store.find_seat(T1) == (code, 1)
    assert store.find_seat(T1, code) == (code, 1) and store.find_seat(T1, "ZZZZZZ") is None
    row = store.room(code)
    assert [s.nickname for s in row.seats] == ["Bo", "Ann", None]
    assert row.version == 2
    assert store.free_seat(code, 1) and not store.free_seat(code, 1)
    assert store.find_seat(T1) is None
    assert store.claim_seat(code, 1, "Cy", hash_token("c" * 32)) == ("ok", 1)


def test_a_student_leaving_frees_only_the_seat_their_token_holds(store):
    code = new_room(store)
    assert store.claim_seat(code, 0, "Ann", T1) == ("ok", 0)
    assert store.claim_seat(code, 1, "Bo", T2) == ("ok", 1)
    version = store.room(code).version
    assert not store.leave_seat(code, 1, T1)  # Bo's seat: Ann's token does not hold it
    assert not store.leave_seat(code, 2, T1)  # the bot's seat
    assert not store.leave_seat("ZZZZZZ", 0, T1)
    assert store.room(code).version == version  # refused: nothing changed
    assert store.leave_seat(code, 0, T1) and not store.leave_seat(code, 0, T1)
    assert store.find_seat(T1) is None and store.find_seat(T2) == (code, 1)
    assert [s.nickname for s in store.room(code).seats] == [None, "Bo", None]
    assert store.room(code).version == version + 1  # the other pages see the free seat
    assert store.claim_seat(code, None, "Ann", T1) == ("ok", 0)  # her nickname again


def test_the_log_takes_one_move_per_turn_from_the_seat_holder_only(store):
    code = new_room(store)
    store.claim_seat(code, 0, "Ann", T1)
    assert store.append_move(code, 1, 0, "play 3", T1) == "ok"
    assert store.append_move(code, 1, 0, "play 4", T1) == "taken"
    assert store.append_move(code, 2, 0, "play 4", T2) == "seat"  # not Ann's token
    assert store.append_move(code, 2, 1, "play 4", T1) == "seat"  # not Ann's seat
    assert store.append_move(code, 2, 1, "play 4", None) == "seat"  # an open seat: no bot
    assert store.append_move(code, 2, 2, "play 4", None) == "ok"  # the bot's seat
    assert store.append_move("ZZZZZZ", 1, 0, "pass", T1) == "missing"
    assert [(m.seq, m.seat, m.move) for m in store.moves(code)] == [
        (1, 0, "play 3"),
        (2, 2, "play 4"),
    ]
    assert [m.seq for m in store.moves(code, after=1)] == [2]
    assert store.stamps([code])[code] == (1, 2)
    assert store.close_room(code) and not store.close_room(code)
    assert store.append_move(code, 3, 0, "pass", T1) == "closed"
    assert store.claim_seat(code, 1, "Bo", T2) == ("closed", None)
    assert store.rooms() == [] and len(store.rooms(include_closed=True)) == 1


def test_threads_racing_for_one_turn_one_wins(connect):
    store = connect()
    code = new_room(store)
    store.claim_seat(code, 0, "Ann", T1)
    stores = [connect() for _ in range(6)]
    barrier = threading.Barrier(len(stores))

    def race(i):
        barrier.wait()
        return stores[i].append_move(code, 1, 0, f"play {i + 1}", T1)

    with ThreadPoolExecutor(len(stores)) as pool:
        outcomes = list(pool.map(race, range(len(stores))))
    assert sorted(outcomes) == ["ok"] + ["taken"] * 5
    assert len(store.moves(code)) == 1


def _append_run(url, code, token_hash, worker, seqs):
    """In a process of its own: try to write moves 1..seqs; return the numbers it won."""
    store = open_store(url)
    won = []
    try:
        for seq in range(1, seqs + 1):
            if store.append_move(code, seq, 0, f"move {seq} by {worker}", token_hash) == "ok":
                won.append(seq)
    finally:
        store.close()
    return won


def test_processes_racing_lose_and_double_nothing(store_url, store):
    code = new_room(store)
    store.claim_seat(code, 0, "Ann", T1)
    workers, seqs = 4, 40
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
        runs = [pool.submit(_append_run, store_url, code, T1, w, seqs) for w in range(workers)]
        won = [f.result(timeout=300) for f in runs]
    everyone = sorted(s for w in won for s in w)
    assert everyone == list(range(1, seqs + 1))  # each move written once, none lost
    assert [m.seq for m in store.moves(code)] == everyone


def test_expired_rooms_and_classes_are_purged_with_everything_in_them(store):
    kept = new_room(store, keep=None, now=0)
    brief = new_room(store, keep=10, now=0)
    klass = store.create_class(keep=10, now=0)
    store.claim_seat(brief, 0, "Ann", T1, now=1)
    store.append_move(brief, 1, 0, "play 3", T1, now=2)
    assert store.join_class(brief, "Ann", T1, now=3) == "ok"
    assert store.room(brief).active == 3
    assert not store.room(brief).expired(now=13) and store.room(brief).expired(now=14)
    assert store.purge(now=12.5) == 1  # the class (active at 0)
    assert store.get_class(klass) is None
    assert store.purge(now=14) == 1
    assert store.room(brief) is None and store.moves(brief) == []
    assert store.find_seat(T1) is None and store.students(brief) == []
    assert store.room(kept) is not None


def test_class_reports_only_grow(store):
    klass = store.create_class(keep=None)
    assert store.join_class(klass, "Ann", T1) == "ok"
    assert store.join_class(klass, "ann", T2) == "name"
    assert store.join_class("ZZZZZZ", "Bo", T2) == "missing"
    assert store.find_student(klass, T1) == "Ann" and store.find_student(klass, T2) is None
    report = dict(game="chinese_ten", step=2, title="Tens")
    assert store.report(klass, "Ann", T1, finished=False, wrong=2, hints=1, now=10, **report)
    assert store.report(klass, "Ann", T1, finished=True, wrong=3, hints=0, now=20, **report)
    assert store.report(klass, "Ann", T1, finished=False, wrong=1, hints=0, now=30, **report)
    assert store.report(klass, "Ann", T2, finished=True, wrong=0, hints=0, **report) == "student"
    (row,) = store.progress(klass)
    assert (row.started, row.finished, row.updated, row.wrong, row.hints) == (10, 20, 30, 3, 1)
    assert row.seconds() == 10
    assert store.clear_progress(klass) == 1
    assert store.progress(klass) == [] and store.students(klass) == []


def test_a_class_code_may_be_a_room_code(store):
    code = new_room(store)
    assert store.join_class(code, "Ann", T1) == "ok"
    store.close_room(code)
    assert store.join_class(code, "Bo", T2) == "closed"
    assert store.delete_room(code)
    assert store.students(code) == []


def test_another_connection_is_told_of_a_move(connect):
    writer, reader = connect(), connect()
    code = new_room(writer)
    writer.claim_seat(code, 0, "Ann", T1)
    seen = []
    got = threading.Event()
    sub = reader.subscribe(code, lambda c, v, n: (seen.append((c, v, n)), n and got.set()))
    time.sleep(0.3)
    writer.append_move(code, 1, 0, "play 3", T1)
    assert got.wait(10)
    assert seen[-1] == (code, 1, 1)
    sub.cancel()
    # wait() returns as soon as the move is there, or at the timeout
    threading.Timer(0.2, writer.append_move, (code, 2, 0, "play 4", T1)).start()
    assert reader.wait(code, 1, timeout=10) == 2
    start = time.monotonic()
    assert reader.wait(code, 2, timeout=0.3) == 2
    assert time.monotonic() - start >= 0.25


def test_a_reopened_store_has_every_room(store_url, connect):
    first = connect()
    code = new_room(first)
    first.claim_seat(code, 0, "Ann", T1)
    first.append_move(code, 1, 0, "play 3", T1)
    first.close()
    again = open_store(store_url)
    try:
        assert [m.move for m in again.moves(code)] == ["play 3"]
        assert again.find_seat(T1) == (code, 0)
        assert again.size_bytes() > 0
    finally:
        again.close()


def test_kernels_opening_a_new_store_at_once_make_the_tables_once(store_url):
    with ThreadPoolExecutor(4) as pool:
        stores = list(pool.map(lambda _: open_store(store_url), range(4)))
    try:
        code = new_room(stores[0])
        assert all(s.room(code) is not None for s in stores)
    finally:
        for s in stores:
            s.close()


def test_urls():
    with pytest.raises(ValueError, match="sqlite:///"):
        open_store("redis://localhost")
    with pytest.raises(ValueError, match="a file shared by kernels"):
        open_store("sqlite:///:memory:")


def test_the_default_store_follows_the_settings(monkeypatch, tmp_path):
    from tabletop_widgets.classroom.store import default_url

    monkeypatch.delenv("TABLETOP_CLASSROOM", raising=False)
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path}/data/classroom.sqlite"
    monkeypatch.setenv("TABLETOP_CLASSROOM", "postgresql://u@/db")
    assert default_url() == "postgresql://u@/db"
    monkeypatch.delenv("TABLETOP_CLASSROOM")
    monkeypatch.delenv("TABLETOP_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_url() == f"sqlite:///{tmp_path}/xdg/tabletop-widgets/classroom.sqlite"


def test_moves_keep_a_room_alive(store):
    code = new_room(store, keep=10, now=0)
    store.claim_seat(code, 0, "Ann", T1, now=0)
    store.append_move(code, 1, 0, "play 3", T1, now=9)
    assert store.room(code).active == 9
    assert store.purge(now=15) == 0
    assert store.room(code).expired(now=19.5)
    assert store.purge(now=19.5) == 1


def test_a_postgresql_restart_loses_nothing_and_the_store_reconnects():
    import threading

    from tabletop_widgets.classroom.pgserver import PostgresUnavailable, ThrowAwayPostgres

    pg = ThrowAwayPostgres()
    try:
        pg.start()
    except PostgresUnavailable as e:
        pytest.fail(f"PostgreSQL did not start: {e}")
    try:
        writer, reader = open_store(pg.url()), open_store(pg.url())
        code = new_room(writer)
        writer.claim_seat(code, 0, "Ann", T1)
        got = threading.Event()
        reader.subscribe(code, lambda c, v, n: n >= 2 and got.set())
        assert writer.append_move(code, 1, 0, "play 3", T1) == "ok"
        pg.restart()
        assert [m.move for m in writer.moves(code)] == ["play 3"]  # reconnected
        assert writer.append_move(code, 2, 0, "play 4", T1) == "ok"
        assert got.wait(15)  # the reader's watch listens again
        writer.close(), reader.close()
    finally:
        pg.stop()
