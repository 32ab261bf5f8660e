"""Matchstick Tycoon bots. The random bot is game-agnostic (core.bots).

The greedy bot plays its weakest legal play, spends sticks when that sheds
them for free, and passes when beating the table would cost a strong card
it still needs.

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=4, seed=5)
>>> bot = GreedyBot()
>>> bot.choose(g.observation(g.to_move), g.legal_moves()) in g.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .engine import Observation
from .moves import Move

# Keep a value in the strongest quarter of the order for later while the hand
# still has many cards: strong cards win tricks, and winning the lead is how
# you shed cards on your own terms.
STRONG_FRACTION = 0.75
MANY_CARDS = 6


class GreedyBot:
    """Weakest play first; sheds sticks when it can; passes sensibly."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)  # breaks exact ties, so games still vary by seed

    def choose(self, observation: Observation, legal: Sequence[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        obs = observation
        plays = [m for m in legal if m.kind == "play"]
        can_pass = any(m.kind == "pass" for m in legal)
        if not plays:
            return legal[0]
        n_values = 18 if obs.expansion else 16
        sticks = obs.sticks[obs.seat]
        hand_size = len(obs.hand)

        def key(m: Move):
            # weakest value; then more cards (shed faster); then spend sticks
            # (they must go too), but never all of them while cards remain
            left_sticks = sticks - m.cost
            return (obs.strength(m.value), -m.count, left_sticks if hand_size > m.count else 0,
                    self.rng.random())

        best = min(plays, key=key)
        if can_pass and obs.table is not None:
            strong = obs.strength(best.value) >= STRONG_FRACTION * n_values
            if strong and hand_size - best.count >= MANY_CARDS:
                return next(m for m in legal if m.kind == "pass")
        return best
