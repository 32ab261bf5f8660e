"""One small bot interface for every game.

A bot sees only what its seat may see (an observation) and the legal moves,
and returns one of those moves.  Bots are seeded so a game against bots
replays exactly.

>>> bot = RandomBot(seed=1)
>>> bot.choose(None, ["pass", "1x8: 8"]) in ("pass", "1x8: 8")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

M = TypeVar("M")


@runtime_checkable
class Bot(Protocol):
    """Chooses a move from the legal ones, seeing only an observation."""

    name: str

    def choose(self, observation: Any, legal: Sequence[M]) -> M:
        """Return one element of ``legal``."""


class RandomBot:
    """Plays a uniformly random legal move (any game)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal: Sequence[M]) -> M:
        if not legal:
            raise ValueError("no legal move to choose from")
        return legal[self.rng.randrange(len(legal))]
