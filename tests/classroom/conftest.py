"""Every classroom test runs against both back-ends: a SQLite file in a temporary folder
and a throw-away PostgreSQL server (Debian's package, its own data folder, a Unix socket
only, stopped at the end).  If PostgreSQL cannot start, its tests FAIL, never skip."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tabletop_widgets.classroom.pgserver import PostgresUnavailable, ThrowAwayPostgres
from tabletop_widgets.classroom.rooms import Classroom
from tabletop_widgets.classroom.store import DATA_SETTING, URL_SETTING, Store, open_store

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[ThrowAwayPostgres]:
    pg = ThrowAwayPostgres()
    try:
        pg.start()
    except PostgresUnavailable as e:
        pytest.fail(f"PostgreSQL did not start: {e}")
    yield pg
    pg.stop()


@pytest.fixture(params=BACKENDS)
def store_url(request, tmp_path) -> str:
    """A fresh, empty store's URL (a new SQLite file, or a new PostgreSQL schema)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/classroom.sqlite?poll=0.01"
    return request.getfixturevalue("postgres_server").new_schema()


@pytest.fixture
def connect(store_url) -> Iterator[Callable[[], Store]]:
    """``connect()``: another connection to the same store, as another kernel has."""
    opened: list[Store] = []

    def make() -> Store:
        store = open_store(store_url)
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()


@pytest.fixture
def store(connect) -> Store:
    return connect()


@pytest.fixture
def kernel(connect) -> Callable[[], Classroom]:
    """``kernel()``: a Classroom on its own connection, as one page's kernel has."""
    return lambda: Classroom(connect())


# -- the app in a browser, against each back-end --------------------------------------------


@pytest.fixture(scope="session")
def pg_app_server(postgres_server):
    """The app as the app command serves it, its classroom in the throw-away PostgreSQL."""
    from browser_harness import APP_NOTEBOOKS, CULL, HarnessError, start_voila, stop_voila

    url = postgres_server.new_schema()
    log_dir = Path(tempfile.mkdtemp(prefix="tabletop-app-pg-"))
    try:
        server = start_voila(
            APP_NOTEBOOKS, log_dir, extra_args=CULL, app_config=True, env={URL_SETTING: url}
        )
    except HarnessError as e:
        pytest.fail(str(e))
    yield server
    stop_voila(server)


@pytest.fixture(params=BACKENDS)
def room_app(request):
    """``(server, store_url)``: the app serving the play pages, and its classroom's store."""
    if request.param == "sqlite":
        server = request.getfixturevalue("app_server")
        folder = Path(server.env[DATA_SETTING])
        return server, f"sqlite:///{folder / 'classroom.sqlite'}?poll=0.01"
    server = request.getfixturevalue("pg_app_server")
    return server, server.env[URL_SETTING]


@pytest.fixture
def teacher(room_app) -> Iterator[Classroom]:
    """The test's own view of the app's classroom (as another kernel would have)."""
    room = Classroom(open_store(room_app[1]))
    yield room
    room.store.close()
