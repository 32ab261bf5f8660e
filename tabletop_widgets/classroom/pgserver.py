"""A throw-away PostgreSQL server for the tests and the benchmark (Debian's package).

Its own data folder in a temporary directory, no TCP at all (``listen_addresses=''``):
only a Unix socket in that directory; stopped and removed on :meth:`stop`.  Run as
root, the server runs as the ``postgres`` user, which Debian's package creates
(PostgreSQL refuses to run as root).

>>> PG_BIN_SETTING
'TABLETOP_PG_BIN'

Used as ``with ThrowAwayPostgres() as pg: store = open_store(pg.url())``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["PG_BIN_SETTING", "PostgresUnavailable", "ThrowAwayPostgres", "find_pg_bin"]

PG_BIN_SETTING = "TABLETOP_PG_BIN"
PORT = 5432  # only names the socket file, which lives in our own directory
SUPERUSER = "tabletop"


class PostgresUnavailable(RuntimeError):
    """PostgreSQL's programs are missing or the server would not start (the message says
    which, with the server's log)."""


def find_pg_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: ``$TABLETOP_PG_BIN``, else the newest
    ``/usr/lib/postgresql/<version>/bin`` (Debian), else wherever ``pg_ctl`` is on PATH."""
    named = os.environ.get(PG_BIN_SETTING)
    if named:
        return Path(named)
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    if versions:
        return versions[-1].parent
    found = shutil.which("pg_ctl")
    return Path(found).resolve().parent if found else None


class ThrowAwayPostgres:
    """A PostgreSQL server of its own; :meth:`start`, :meth:`url`, :meth:`new_schema`,
    :meth:`stop`.  ``durable=False`` turns fsync off (tests); the benchmark keeps it on."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.bin = find_pg_bin()
        self.dir: Path | None = None
        self._user: tuple[int, int] | None = None
        self._databases = 0

    # -- running its programs as a user PostgreSQL accepts --------------------------------

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        kw: dict = {}
        if self._user is not None:
            kw = {"user": self._user[0], "group": self._user[1], "extra_groups": []}
        return subprocess.run(
            [str(a) for a in args],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=self.dir,
            **kw,
        )

    def _pick_user(self) -> None:
        if os.geteuid() != 0:
            return
        import pwd

        try:
            entry = pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresUnavailable(
                "PostgreSQL will not run as root and there is no 'postgres' user "
                "(Debian's postgresql package makes it: apt-get install postgresql)"
            ) from None
        self._user = (entry.pw_uid, entry.pw_gid)

    # -- start and stop -----------------------------------------------------------------

    def start(self) -> ThrowAwayPostgres:
        if self.bin is None or not (self.bin / "initdb").exists():
            raise PostgresUnavailable(
                "PostgreSQL's initdb was not found: install Debian's postgresql package "
                f"(python3 dev.py test does) or set {PG_BIN_SETTING} to its bin folder"
            )
        self._pick_user()
        self.dir = Path(tempfile.mkdtemp(prefix="tt-pg-"))
        if self._user is not None:
            os.chown(self.dir, *self._user)
        data = self.dir / "data"
        r = self._run(
            self.bin / "initdb",
            "-D",
            data,
            "-U",
            SUPERUSER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        if r.returncode != 0:
            self._cleanup()
            raise PostgresUnavailable(f"initdb failed: {r.stderr.strip()[-2000:]}")
        options = f"-k {self.dir} -c listen_addresses='' -p {PORT} -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        r = self._run(
            self.bin / "pg_ctl", "-D", data, "-o", options, "-l", self.dir / "log", "-w", "start"
        )
        if r.returncode != 0:
            log = (self.dir / "log").read_text()[-2000:] if (self.dir / "log").exists() else ""
            self._cleanup()
            raise PostgresUnavailable(f"the PostgreSQL server did not start: {r.stderr} {log}")
        return self

    def url(self, database: str = "postgres") -> str:
        """The libpq URL of ``database`` on this server (over its Unix socket)."""
        assert self.dir is not None, "start() the server first"
        return f"postgresql://{SUPERUSER}@/{database}?host={self.dir}&port={PORT}"

    def new_schema(self) -> str:
        """A fresh, empty schema of the server's database; returns a URL whose tables live
        there (faster than a new database: each test gets its own)."""
        import psycopg

        self._databases += 1
        name = f"tt_{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        return self.url() + f"&options=-csearch_path%3D{name}"

    def restart(self) -> None:
        """Stop the server and start it again on the same data (a server restart)."""
        assert self.dir is not None, "start() the server first"
        data, log = self.dir / "data", self.dir / "log"
        r = self._run(self.bin / "pg_ctl", "-D", data, "-l", log, "-m", "fast", "-w", "restart")
        if r.returncode != 0:
            raise PostgresUnavailable(f"the PostgreSQL server did not restart: {r.stderr}")

    def stop(self) -> None:
        if self.dir is None:
            return
        if (self.dir / "data" / "postmaster.pid").exists():
            self._run(self.bin / "pg_ctl", "-D", self.dir / "data", "-m", "fast", "-w", "stop")
        self._cleanup()

    def _cleanup(self) -> None:
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self) -> ThrowAwayPostgres:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
