"""A Fistful of Gold bot-against-bot simulations with win rates and Wilson intervals.

Bots swap colours every other game, so a seat advantage (pink or green)
does not pass for skill.  Everything is seeded: the same call gives the
same numbers.

>>> r = head_to_head("greedy", "random", games=6, seed=1)
>>> r.games, r.wins + r.losses + r.draws
(6, 6)
>>> 0 <= r.interval[0] <= r.score <= r.interval[1] <= 1
True
>>> r == head_to_head("greedy", "random", games=6, seed=1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tabletop_widgets.core.bots import RandomBot
from tabletop_widgets.core.stats import wilson_interval
from tabletop_widgets.games.fistful_of_gold.bots import EquilibriumBot, GreedyBot, play_match

__all__ = ["LEVELS", "MatchStats", "head_to_head", "round_robin"]

#: Bot levels by name, easiest first.
LEVELS: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "equilibrium": EquilibriumBot}


@dataclass(frozen=True)
class MatchStats:
    """``first`` against ``second`` over ``games`` games (half of them with colours swapped)."""

    first: str
    second: str
    games: int
    wins: int  # games ``first`` won
    losses: int
    draws: int
    pink_wins: int  # games won by whoever played pink (a seat-advantage check)
    confidence: float

    @property
    def score(self) -> float:
        """``first``'s share of the points: a win is 1, a draw 1/2."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson interval of the score (draws count as half a win)."""
        return wilson_interval(round(self.wins + self.draws / 2), self.games, self.confidence)

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games, self.confidence)

    def __str__(self) -> str:
        lo, hi = self.interval
        return (
            f"{self.first} vs {self.second}: {self.wins}-{self.losses}-{self.draws} "
            f"(score {self.score:.0%}, {self.confidence:.0%} CI {lo:.0%}-{hi:.0%})"
        )


def head_to_head(
    first: str,
    second: str,
    *,
    games: int = 100,
    seed: int = 0,
    confidence: float = 0.95,
    **options: Any,
) -> MatchStats:
    """Play ``games`` games between two bot levels; ``options`` go to the engine."""
    for name in (first, second):
        if name not in LEVELS:
            raise ValueError(f"no bot level {name!r}: choose one of {', '.join(LEVELS)}")
    if games < 1:
        raise ValueError("play at least one game")
    rng = random.Random(seed)
    wins = losses = draws = pink = 0
    for i in range(games):
        swapped = i % 2 == 1
        a = LEVELS[first](seed=rng.randrange(2**31))
        b = LEVELS[second](seed=rng.randrange(2**31))
        game = play_match([b, a] if swapped else [a, b], **options)
        result = game.result
        assert result is not None
        if result.is_draw:
            draws += 1
            continue
        winner = result.winners[0]
        pink += winner == 0
        first_won = winner == (1 if swapped else 0)
        wins += first_won
        losses += not first_won
    return MatchStats(first, second, games, wins, losses, draws, pink, confidence)


def round_robin(
    levels: Sequence[str] = tuple(LEVELS), *, games: int = 100, seed: int = 0, **options: Any
) -> list[MatchStats]:
    """Every pair of ``levels`` against each other, harder level second.

    >>> [f"{r.first}-{r.second}" for r in round_robin(["random", "greedy"], games=2)]
    ['random-greedy']
    """
    return [
        head_to_head(a, b, games=games, seed=seed + k, **options)
        for k, (a, b) in enumerate(combinations(levels, 2))
    ]
