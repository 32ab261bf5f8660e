"""The contract suite runs over every registered game, and over a fourth game that
exists only here (``tiny_game.py``): registered before collection, removed after."""

from __future__ import annotations

from tabletop_widgets.core import GAMES, register, unregister

from .tiny_game import INFO as TINY

if TINY.key not in GAMES:
    register(TINY)


def pytest_unconfigure(config):
    if TINY.key in GAMES:
        unregister(TINY.key)
