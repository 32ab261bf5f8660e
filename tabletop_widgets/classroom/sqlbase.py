"""The SQL both back-ends share: the tables, and every store method as portable SQL.

A back-end supplies a transaction (:meth:`SQLStore._tx`), its placeholder style, its
row-lock clause and its unique-violation error; the statements are written once,
with ``?`` placeholders.

Tables (``tt_`` so they sit beside others in a shared database):

* ``tt_rooms`` (code, game, options JSON, seed, times, keep, closed, version);
* ``tt_seats`` (room, seat, kind, nickname, token hash, claimed, seen), key (room, seat);
* ``tt_moves`` (room, seq, seat, move, at), key **(room, seq)**: two moves for one turn
  cannot both be written;
* ``tt_classes``, ``tt_students`` (code, nickname, token hash), key (code, nickname);
* ``tt_progress`` (code, nickname, game, step, title, started, updated, finished, wrong,
  hints), key (code, nickname, game, step).
"""

from __future__ import annotations

import json
import time
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any

from .checks import new_code, same_name
from .store import (
    OPEN,
    ClassRow,
    LoggedMove,
    ProgressRow,
    RoomRow,
    SeatRow,
    Store,
    StudentRow,
)

SCHEMA_VERSION = 1

TABLES = (
    """CREATE TABLE IF NOT EXISTS tt_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tt_rooms (
        code TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        active DOUBLE PRECISION NOT NULL,
        keep DOUBLE PRECISION,
        closed DOUBLE PRECISION,
        version INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS tt_seats (
        room TEXT NOT NULL REFERENCES tt_rooms (code) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        nickname TEXT,
        token_hash TEXT,
        claimed DOUBLE PRECISION,
        seen DOUBLE PRECISION,
        PRIMARY KEY (room, seat))""",
    "CREATE INDEX IF NOT EXISTS tt_seats_token ON tt_seats (token_hash)",
    """CREATE TABLE IF NOT EXISTS tt_moves (
        room TEXT NOT NULL REFERENCES tt_rooms (code) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        move TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (room, seq))""",
    """CREATE TABLE IF NOT EXISTS tt_classes (
        code TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        active DOUBLE PRECISION NOT NULL,
        keep DOUBLE PRECISION)""",
    """CREATE TABLE IF NOT EXISTS tt_students (
        code TEXT NOT NULL,
        nickname TEXT NOT NULL,
        folded TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        joined DOUBLE PRECISION NOT NULL,
        seen DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, folded))""",
    """CREATE TABLE IF NOT EXISTS tt_progress (
        code TEXT NOT NULL,
        nickname TEXT NOT NULL,
        game TEXT NOT NULL,
        step INTEGER NOT NULL,
        title TEXT NOT NULL,
        started DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        finished DOUBLE PRECISION,
        wrong INTEGER NOT NULL,
        hints INTEGER NOT NULL,
        PRIMARY KEY (code, nickname, game, step))""",
)

_ROOM_COLUMNS = (
    "r.code, r.game, r.options, r.seed, r.created, r.active, r.keep, r.closed, r.version, "
    "(SELECT COALESCE(MAX(m.seq), 0) FROM tt_moves m WHERE m.room = r.code), "
    "(SELECT MAX(m.at) FROM tt_moves m WHERE m.room = r.code)"
)
_SEAT_COLUMNS = "seat, kind, nickname, token_hash, claimed, seen"


class Q:
    """Runs statements in one transaction; ``?`` placeholders whatever the back-end."""

    def __init__(self, cursor: Any, placeholder: str) -> None:
        self.cursor, self.placeholder = cursor, placeholder

    def _sql(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    def run(self, sql: str, *params: Any) -> int:
        self.cursor.execute(self._sql(sql), params)
        return self.cursor.rowcount

    def all(self, sql: str, *params: Any) -> list[tuple]:
        self.cursor.execute(self._sql(sql), params)
        return [tuple(r) for r in self.cursor.fetchall()]

    def one(self, sql: str, *params: Any) -> tuple | None:
        self.cursor.execute(self._sql(sql), params)
        row = self.cursor.fetchone()
        return None if row is None else tuple(row)


class SQLStore(Store):
    """Every store method in portable SQL; a back-end adds the connection."""

    #: Appended to a SELECT that must lock the room row until the transaction ends.
    lock_clause = ""
    #: The exception a unique-key violation raises.
    unique_error: type[BaseException] | tuple[type[BaseException], ...] = ()

    @abstractmethod
    def _tx(self, write: bool = False) -> AbstractContextManager[Q]:
        """A transaction (``write``: one that will write; SQLite takes the lock at once)."""

    def _now(self, now: float | None) -> float:
        return time.time() if now is None else now

    # -- rooms ----------------------------------------------------------------------------

    def create_room(
        self,
        game: str,
        options: Mapping[str, Any],
        seed: int,
        seats: Sequence[str],
        keep: float | None,
        now: float | None = None,
    ) -> str:
        now = self._now(now)
        text = json.dumps(dict(options), sort_keys=True)
        for _ in range(20):
            code = new_code()
            try:
                with self._tx(write=True) as q:
                    if q.one("SELECT 1 FROM tt_classes WHERE code = ?", code):
                        continue
                    q.run(
                        "INSERT INTO tt_rooms (code, game, options, seed, created, active, keep)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        code,
                        game,
                        text,
                        seed,
                        now,
                        now,
                        keep,
                    )
                    for i, kind in enumerate(seats):
                        q.run(
                            "INSERT INTO tt_seats (room, seat, kind) VALUES (?, ?, ?)",
                            code,
                            i,
                            kind,
                        )
                return code
            except self.unique_error:
                continue
        raise RuntimeError("could not find a free room code in 20 tries")

    def _room_row(self, q: Q, row: tuple) -> RoomRow:
        code, game, options, seed, created, active, keep, closed, version, moves, last_at = row
        seats = tuple(
            SeatRow(s, kind, nick, tok is not None, claimed, seen)
            for s, kind, nick, tok, claimed, seen in q.all(
                f"SELECT {_SEAT_COLUMNS} FROM tt_seats WHERE room = ? ORDER BY seat", code
            )
        )
        return RoomRow(
            code,
            game,
            json.loads(options),
            int(seed),
            seats,
            created,
            max(active, last_at or active),  # a move is activity too (not written twice)
            keep,
            closed,
            int(version),
            int(moves),
        )

    def room(self, code: str) -> RoomRow | None:
        with self._tx() as q:
            row = q.one(f"SELECT {_ROOM_COLUMNS} FROM tt_rooms r WHERE r.code = ?", code)
            return None if row is None else self._room_row(q, row)

    def rooms(self, include_closed: bool = False) -> list[RoomRow]:
        where = "" if include_closed else " WHERE r.closed IS NULL"
        with self._tx() as q:
            rows = q.all(f"SELECT {_ROOM_COLUMNS} FROM tt_rooms r{where} ORDER BY r.created DESC")
            return [self._room_row(q, row) for row in rows]

    def stamps(self, codes: Sequence[str]) -> dict[str, tuple[int, int]]:
        if not codes:
            return {}
        marks = ", ".join("?" for _ in codes)
        with self._tx() as q:
            rows = q.all(
                "SELECT r.code, r.version,"
                " (SELECT COALESCE(MAX(m.seq), 0) FROM tt_moves m WHERE m.room = r.code)"
                f" FROM tt_rooms r WHERE r.code IN ({marks})",
                *codes,
            )
        return {code: (int(v), int(n)) for code, v, n in rows}

    def close_room(self, code: str, now: float | None = None) -> bool:
        now = self._now(now)
        with self._tx(write=True) as q:
            return (
                q.run(
                    "UPDATE tt_rooms SET closed = ?, active = ?, version = version + 1"
                    " WHERE code = ? AND closed IS NULL",
                    now,
                    now,
                    code,
                )
                == 1
            )

    def delete_room(self, code: str) -> bool:
        with self._tx(write=True) as q:
            self._delete_code(q, code)
            return q.run("DELETE FROM tt_rooms WHERE code = ?", code) == 1

    def _moved_since(self, q: Q, code: str, now: float) -> bool:
        """True if room ``code`` had a move within its keep time before ``now``."""
        row = q.one(
            "SELECT MAX(m.at) + r.keep FROM tt_rooms r JOIN tt_moves m ON m.room = r.code"
            " WHERE r.code = ? GROUP BY r.keep",
            code,
        )
        return row is not None and row[0] is not None and row[0] >= now

    def _delete_code(self, q: Q, code: str) -> None:
        q.run("DELETE FROM tt_progress WHERE code = ?", code)
        q.run("DELETE FROM tt_students WHERE code = ?", code)
        q.run("DELETE FROM tt_moves WHERE room = ?", code)
        q.run("DELETE FROM tt_seats WHERE room = ?", code)

    def purge(self, now: float | None = None) -> int:
        now = self._now(now)
        gone = 0
        with self._tx(write=True) as q:
            for table in ("tt_rooms", "tt_classes"):
                codes = [
                    c
                    for (c,) in q.all(
                        f"SELECT code FROM {table} WHERE keep IS NOT NULL AND active + keep < ?",
                        now,
                    )
                ]
                for code in codes:
                    if table == "tt_rooms" and self._moved_since(q, code, now):
                        continue
                    self._delete_code(q, code)
                    gone += q.run(f"DELETE FROM {table} WHERE code = ?", code)
        return gone

    # -- seats ----------------------------------------------------------------------------

    def claim_seat(
        self,
        code: str,
        seat: int | None,
        nickname: str,
        token_hash: str,
        now: float | None = None,
    ) -> tuple[str, int | None]:
        now = self._now(now)
        with self._tx(write=True) as q:
            room = q.one(f"SELECT closed FROM tt_rooms WHERE code = ?{self.lock_clause}", code)
            if room is None:
                return "missing", None
            if room[0] is not None:
                return "closed", None
            seats = q.all(
                f"SELECT {_SEAT_COLUMNS} FROM tt_seats WHERE room = ? ORDER BY seat", code
            )
            if any(nick and same_name(nick, nickname) for _s, _k, nick, *_ in seats):
                return "name", None
            status, seat = _pick_seat(seats, seat)
            if status != "ok":
                return status, None
            q.run(
                "UPDATE tt_seats SET nickname = ?, token_hash = ?, claimed = ?, seen = ?"
                " WHERE room = ? AND seat = ?",
                nickname,
                token_hash,
                now,
                now,
                code,
                seat,
            )
            q.run("UPDATE tt_rooms SET version = version + 1, active = ? WHERE code = ?", now, code)
            return "ok", seat

    def find_seat(self, token_hash: str, code: str | None = None) -> tuple[str, int] | None:
        sql = "SELECT room, seat FROM tt_seats WHERE token_hash = ?"
        params: tuple = (token_hash,)
        if code is not None:
            sql, params = sql + " AND room = ?", (token_hash, code)
        with self._tx() as q:
            row = q.one(sql + " ORDER BY claimed DESC", *params)
        return None if row is None else (row[0], int(row[1]))

    def seen(self, code: str, seat: int, now: float | None = None) -> None:
        now = self._now(now)
        with self._tx(write=True) as q:
            q.run("UPDATE tt_seats SET seen = ? WHERE room = ? AND seat = ?", now, code, seat)
            q.run("UPDATE tt_rooms SET active = ? WHERE code = ? AND active < ?", now, code, now)

    def free_seat(self, code: str, seat: int, now: float | None = None) -> bool:
        return self._free(code, seat, None, now)

    def leave_seat(self, code: str, seat: int, token_hash: str, now: float | None = None) -> bool:
        # The token is checked in the same UPDATE: a stale page (the teacher freed the seat
        # and another student took it) cannot free the newcomer's seat.
        return self._free(code, seat, token_hash, now)

    def _free(self, code: str, seat: int, token_hash: str | None, now: float | None) -> bool:
        now = self._now(now)
        sql = (
            "UPDATE tt_seats SET nickname = NULL, token_hash = NULL, claimed = NULL,"
            " seen = NULL WHERE room = ? AND seat = ? AND token_hash IS NOT NULL"
        )
        params: tuple = (code, seat)
        if token_hash is not None:
            sql, params = sql + " AND token_hash = ?", (code, seat, token_hash)
        with self._tx(write=True) as q:
            n = q.run(sql, *params)
            if n:
                q.run(
                    "UPDATE tt_rooms SET version = version + 1, active = ? WHERE code = ?",
                    now,
                    code,
                )
            return n == 1

    # -- moves ----------------------------------------------------------------------------

    def append_move(
        self,
        code: str,
        seq: int,
        seat: int,
        move: str,
        token_hash: str | None,
        now: float | None = None,
    ) -> str:
        now = self._now(now)
        try:
            with self._tx(write=True) as q:
                status = self._may_append(q, code, seat, token_hash)
                if status != "ok":
                    return status
                q.run(
                    "INSERT INTO tt_moves (room, seq, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                    code,
                    seq,
                    seat,
                    move,
                    now,
                )
                return "ok"
        except self.unique_error:
            return "taken"

    def _may_append(self, q: Q, code: str, seat: int, token_hash: str | None) -> str:
        room = q.one("SELECT closed FROM tt_rooms WHERE code = ?", code)
        if room is None:
            return "missing"
        if room[0] is not None:
            return "closed"
        row = q.one(
            "SELECT kind, token_hash FROM tt_seats WHERE room = ? AND seat = ?",
            code,
            seat,
        )
        if row is None:
            return "seat"
        kind, held_by = row
        if token_hash is None:
            return "ok" if kind != OPEN else "seat"
        return "ok" if kind == OPEN and held_by == token_hash else "seat"

    def moves(self, code: str, after: int = 0) -> list[LoggedMove]:
        with self._tx() as q:
            rows = q.all(
                "SELECT seq, seat, move, at FROM tt_moves WHERE room = ? AND seq > ? ORDER BY seq",
                code,
                after,
            )
        return [LoggedMove(int(s), int(seat), m, at) for s, seat, m, at in rows]

    # -- classes and progress -------------------------------------------------------------

    def create_class(self, keep: float | None, now: float | None = None) -> str:
        now = self._now(now)
        for _ in range(20):
            code = new_code()
            try:
                with self._tx(write=True) as q:
                    if q.one("SELECT 1 FROM tt_rooms WHERE code = ?", code):
                        continue
                    q.run(
                        "INSERT INTO tt_classes (code, created, active, keep) VALUES (?, ?, ?, ?)",
                        code,
                        now,
                        now,
                        keep,
                    )
                return code
            except self.unique_error:
                continue
        raise RuntimeError("could not find a free class code in 20 tries")

    def get_class(self, code: str) -> ClassRow | None:
        with self._tx() as q:
            row = q.one("SELECT code, created, active, keep FROM tt_classes WHERE code = ?", code)
        return None if row is None else ClassRow(*row)

    def _code_status(self, q: Q, code: str) -> str:
        """``ok`` for an open room or a class, else ``closed`` or ``missing``."""
        if q.one("SELECT 1 FROM tt_classes WHERE code = ?", code):
            return "ok"
        room = q.one("SELECT closed FROM tt_rooms WHERE code = ?", code)
        if room is None:
            return "missing"
        return "ok" if room[0] is None else "closed"

    def join_class(
        self, code: str, nickname: str, token_hash: str, now: float | None = None
    ) -> str:
        now = self._now(now)
        try:
            with self._tx(write=True) as q:
                status = self._code_status(q, code)
                if status != "ok":
                    return status
                q.run(
                    "INSERT INTO tt_students (code, nickname, folded, token_hash, joined, seen)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    code,
                    nickname,
                    nickname.casefold(),
                    token_hash,
                    now,
                    now,
                )
                self._touch_code(q, code, now)
                return "ok"
        except self.unique_error:
            return "name"

    def _touch_code(self, q: Q, code: str, now: float) -> None:
        q.run("UPDATE tt_classes SET active = ? WHERE code = ? AND active < ?", now, code, now)
        q.run("UPDATE tt_rooms SET active = ? WHERE code = ? AND active < ?", now, code, now)

    def find_student(self, code: str, token_hash: str) -> str | None:
        with self._tx() as q:
            row = q.one(
                "SELECT nickname FROM tt_students WHERE code = ? AND token_hash = ?",
                code,
                token_hash,
            )
        return None if row is None else row[0]

    def students(self, code: str) -> list[StudentRow]:
        with self._tx() as q:
            rows = q.all(
                "SELECT nickname, joined, seen FROM tt_students WHERE code = ? ORDER BY joined",
                code,
            )
        return [StudentRow(*r) for r in rows]

    def report(
        self,
        code: str,
        nickname: str,
        token_hash: str,
        game: str,
        step: int,
        title: str,
        finished: bool,
        wrong: int,
        hints: int,
        now: float | None = None,
    ) -> str:
        now = self._now(now)
        with self._tx(write=True) as q:
            if not q.one(
                "SELECT 1 FROM tt_students WHERE code = ? AND nickname = ? AND token_hash = ?",
                code,
                nickname,
                token_hash,
            ):
                return "student"
            q.run(
                "INSERT INTO tt_progress (code, nickname, game, step, title, started, updated,"
                " finished, wrong, hints) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (code, nickname, game, step) DO UPDATE SET"
                " title = excluded.title, updated = excluded.updated,"
                " finished = COALESCE(tt_progress.finished, excluded.finished),"
                " wrong = CASE WHEN excluded.wrong > tt_progress.wrong"
                " THEN excluded.wrong ELSE tt_progress.wrong END,"
                " hints = CASE WHEN excluded.hints > tt_progress.hints"
                " THEN excluded.hints ELSE tt_progress.hints END",
                code,
                nickname,
                game,
                step,
                title,
                now,
                now,
                now if finished else None,
                wrong,
                hints,
            )
            q.run(
                "UPDATE tt_students SET seen = ? WHERE code = ? AND nickname = ?",
                now,
                code,
                nickname,
            )
            self._touch_code(q, code, now)
            return "ok"

    def progress(self, code: str) -> list[ProgressRow]:
        with self._tx() as q:
            rows = q.all(
                "SELECT code, nickname, game, step, title, started, updated, finished, wrong,"
                " hints FROM tt_progress WHERE code = ? ORDER BY nickname, game, step",
                code,
            )
        return [ProgressRow(*r) for r in rows]

    def clear_progress(self, code: str) -> int:
        with self._tx(write=True) as q:
            n = q.run("DELETE FROM tt_progress WHERE code = ?", code)
            q.run("DELETE FROM tt_students WHERE code = ?", code)
        return n


def _pick_seat(seats: list[tuple], seat: int | None) -> tuple[str, int | None]:
    """Which seat a claim gets: ``seat`` if it is open and free, else why not."""
    if seat is None:
        free = [s for s, kind, _n, tok, *_ in seats if kind == OPEN and tok is None]
        return ("ok", free[0]) if free else ("full", None)
    row = next((r for r in seats if r[0] == seat), None)
    if row is None:
        return "no-seat", None
    if row[1] != OPEN:
        return "bot", None
    if row[3] is not None:
        return "taken", None
    return "ok", seat
