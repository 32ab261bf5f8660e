"""The PostgreSQL back-end: one database for a class spread over several machines
(JupyterHub on Kubernetes, where every student's server is another pod).

Needs ``psycopg`` 3 (``pip install "tabletop-widgets[postgres]"``).  Changes are
pushed: a trigger sends ``NOTIFY tt_changes, '<room code>'`` when a move is written or
a room's seats change, and each kernel's watch thread LISTENs.  The tables are made on
first use (under an advisory lock, so kernels starting together do not collide); the
database user needs the right to create tables there once.
"""

from __future__ import annotations

import select
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .sqlbase import SCHEMA_VERSION, TABLES, Q, SQLStore
from .store import _Watch

__all__ = ["PostgresStore"]

CHANNEL = "tt_changes"
#: The advisory lock taken while the tables are made (any fixed number).
SCHEMA_LOCK = 72_150_013

TRIGGERS = (
    f"""CREATE OR REPLACE FUNCTION tt_notify_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('{CHANNEL}', NEW.room); RETURN NULL; END $$""",
    f"""CREATE OR REPLACE FUNCTION tt_notify_room() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('{CHANNEL}', NEW.code); RETURN NULL; END $$""",
    """CREATE OR REPLACE TRIGGER tt_moves_notify AFTER INSERT ON tt_moves
    FOR EACH ROW EXECUTE FUNCTION tt_notify_move()""",
    """CREATE OR REPLACE TRIGGER tt_rooms_notify AFTER UPDATE ON tt_rooms
    FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version
                       OR OLD.closed IS DISTINCT FROM NEW.closed)
    EXECUTE FUNCTION tt_notify_room()""",
)


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise ImportError(
            "a postgresql:// classroom store needs psycopg 3: "
            'pip install "tabletop-widgets[postgres]"'
        ) from None
    return psycopg


class PostgresStore(SQLStore):
    """The store in the PostgreSQL database ``url`` (a libpq URL)."""

    lock_clause = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        super().__init__()
        self._pg = _psycopg()
        self.unique_error = self._pg.errors.UniqueViolation
        self.url = url
        self._lock = threading.RLock()
        self._conn = self._connect()
        self._make_tables()

    def _connect(self) -> Any:
        return self._pg.connect(self.url, autocommit=True)

    def _make_tables(self) -> None:
        with self._tx() as q:
            q.run(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
            if q.one("SELECT to_regclass('tt_meta')") != (None,):
                row = q.one("SELECT value FROM tt_meta WHERE key = 'schema'")
                if row and row[0] == str(SCHEMA_VERSION):
                    return
            for sql in (*TABLES, *TRIGGERS):
                q.run(sql)
            q.run(
                "INSERT INTO tt_meta (key, value) VALUES ('schema', ?) ON CONFLICT DO NOTHING",
                str(SCHEMA_VERSION),
            )

    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[Q]:
        with self._lock:
            if not self._alive():  # the server restarted: connect again
                self._conn.close()
                self._conn = self._connect()
            with self._conn.transaction(), self._conn.cursor() as cursor:
                yield Q(cursor, "%s")

    def _alive(self) -> bool:
        """False if the connection is gone.  This connection LISTENs to nothing, so while
        idle it has something to read only when the server is closing it (a restart): one
        select, no round trip."""
        conn = self._conn
        if conn.closed or conn.broken:
            return False
        try:
            return not select.select([conn.fileno()], [], [], 0)[0]
        except (OSError, ValueError):
            return False

    def _watch_loop(self, stop: threading.Event, watch: _Watch) -> None:
        with self._pg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            watch.changed(watch.codes())  # anything written before LISTEN took hold
            while not stop.is_set():
                codes = {n.payload for n in conn.notifies(timeout=0.25, stop_after=1)}
                watch.changed(codes | watch.take_new())

    def size_bytes(self) -> int:
        tables = ("tt_rooms", "tt_seats", "tt_moves", "tt_classes", "tt_students", "tt_progress")
        with self._tx() as q:
            row = q.one("SELECT " + " + ".join(f"pg_total_relation_size('{t}')" for t in tables))
        return int(row[0])

    def close(self) -> None:
        super().close()
        with self._lock:
            self._conn.close()
