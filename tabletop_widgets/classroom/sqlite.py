"""The embedded back-end: one SQLite file shared by every kernel of the machine.

WAL mode, so readers never wait for the writer and the writer never waits for
readers; writers take the lock at the start of a transaction (``BEGIN IMMEDIATE``)
and wait up to 10 s for each other.  ``synchronous=NORMAL``: a crash of the server or
of a kernel loses nothing (a power cut may lose the last moves).

Other kernels notice changes by polling ``PRAGMA data_version`` (which moves when
another connection commits) every ``poll`` seconds, and read the rooms' stamps only
when it moved.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .sqlbase import SCHEMA_VERSION, TABLES, Q, SQLStore
from .store import _Watch

__all__ = ["SQLiteStore"]

BUSY_MS = 10_000


class SQLiteStore(SQLStore):
    """The store in the SQLite file ``path`` (created, with its folder, if missing)."""

    unique_error = sqlite3.IntegrityError

    def __init__(self, path: str | Path, *, poll: float = 0.02) -> None:
        super().__init__()
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.url = f"sqlite:///{self.path}"
        self.poll = min(max(poll, 0.001), 5.0)
        self._lock = threading.RLock()
        self._conn = self._connect()
        with self._tx(write=True) as q:
            for sql in TABLES:
                q.run(sql)
            q.run(
                "INSERT INTO tt_meta (key, value) VALUES ('schema', ?) ON CONFLICT DO NOTHING",
                str(SCHEMA_VERSION),
            )

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False
        )
        conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[Q]:
        with self._lock:
            cursor = self._conn.cursor()
            cursor.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield Q(cursor, "?")
            except BaseException:
                cursor.execute("ROLLBACK")
                raise
            else:
                cursor.execute("COMMIT")
            finally:
                cursor.close()

    def _watch_loop(self, stop: threading.Event, watch: _Watch) -> None:
        conn = self._connect()
        try:
            last = None
            while not stop.is_set():
                version = conn.execute("PRAGMA data_version").fetchone()[0]
                if version != last:
                    last = version
                    watch.take_new()
                    watch.changed(watch.codes())
                else:
                    watch.changed(watch.take_new())
                stop.wait(self.poll)
        finally:
            conn.close()

    def size_bytes(self) -> int:
        with self._lock:
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        files = [self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm")]
        return sum(f.stat().st_size for f in files if f.exists())

    def close(self) -> None:
        super().close()
        with self._lock:
            self._conn.close()
