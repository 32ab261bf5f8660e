"""The contract suite runs over every registered game, and over a fourth game that
exists only here (``tiny_game.py``): registered while the tests are collected (so the
suite is parametrized over it) and while a test of this folder runs, never while the
tests of other folders run (a classroom page would list it)."""

from __future__ import annotations

import pytest

from tabletop_widgets.core import GAMES, register, unregister

from .tiny_game import INFO as TINY

if TINY.key not in GAMES:
    register(TINY)


def pytest_collection_finish(session):
    if TINY.key in GAMES:
        unregister(TINY.key)


@pytest.fixture(autouse=True)
def _tiny_pile_registered():
    if TINY.key not in GAMES:
        register(TINY)
    yield
    if TINY.key in GAMES:
        unregister(TINY.key)
