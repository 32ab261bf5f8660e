"""Helpers shared by the Matchstick Tycoon tests: small positions and random games."""

from __future__ import annotations

import os
import random
from pathlib import Path

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon

ROOT = Path(__file__).resolve().parents[2]


def vectors_dir() -> Path:
    """TABLETOP_VECTORS, or ../shared/vectors beside the project (formats.md)."""
    env = os.environ.get("TABLETOP_VECTORS")
    return Path(env) if env else ROOT.parent / "shared" / "vectors"


def position(**changes) -> dict:
    """A 3-seat position with sensible defaults; keyword arguments replace fields."""
    base = {
        "players": 3,
        "expansion": 0,
        "hands": [["0", "6", "8"], ["1", "F"], ["3", "3", "A"]],
        "sticks": [1, 1, 1],
        "table": None,
        "order": "normal",
        "to_move": 0,
        "out": [],
        "passed": [],
    }
    base.update(changes)
    return base


def game(**changes) -> MatchstickTycoon:
    return MatchstickTycoon.from_position(position(**changes))


def random_game(
    players: int, expansion: int = 0, seed: int = 0, deal: str = "default", max_moves: int = 20_000
) -> MatchstickTycoon:
    """Play a whole game with uniformly random legal moves."""
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, deal=deal, seed=seed)
    for _ in range(max_moves):
        if g.is_over:
            return g
        legal = g.legal_moves()
        g.play(legal[rng.randrange(len(legal))])
    raise AssertionError("game did not end")
