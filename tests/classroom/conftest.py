"""Every classroom test runs against both back-ends: a SQLite file in a temporary folder
and a throw-away PostgreSQL server (Debian's package, its own data folder, a Unix socket
only, stopped at the end).  If PostgreSQL cannot start, its tests FAIL, never skip."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tabletop_widgets.classroom.pgserver import PostgresUnavailable, ThrowAwayPostgres
from tabletop_widgets.classroom.rooms import Classroom
from tabletop_widgets.classroom.store import Store, open_store

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
