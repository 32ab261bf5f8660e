"""Bots for Chinese Ten.  They see only an :class:`~.engine.Observation`.

``GreedyBot`` takes the capture worth the most points and avoids leaving
valuable cards on the layout that an unseen card could capture next.

>>> from tabletop_widgets.core.playout import play_out
>>> from tabletop_widgets.games.chinese_ten.engine import ChineseTen
>>> g = ChineseTen.new(seed=4, target=None)
>>> result = play_out(g, [GreedyBot(seed=s) for s in range(3)])
>>> sum(g.deal_points[0]), result.scores == g.totals
(240, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop_widgets.core.bots import RandomBot

from .cards import FULL_DECK, Card, partner_rank, points
from .engine import Observation
from .moves import Move

__all__ = ["GreedyBot", "RandomBot"]


class GreedyBot:
    """Maximise points captured now minus the value exposed to the next players.

    ``caution`` weighs the exposure (0 ignores it).  Ties are broken at random
    with the bot's seed, so games against it replay exactly.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, *, caution: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.caution = caution

    def choose(self, observation: Observation, legal: Sequence[Move]) -> Move:
        """One of ``legal``, chosen from what ``observation`` shows (see the class)."""
        if not legal:
            raise ValueError("no legal move to choose from")
        unseen = _unseen(observation)
        scored = [(self.value(observation, m, unseen), i) for i, m in enumerate(legal)]
        best = max(v for v, _ in scored)
        return legal[self.rng.choice([i for v, i in scored if v == best])]

    def value(self, obs: Observation, move: Move, unseen: set[Card] | None = None) -> float:
        """Points the move captures, less ``caution`` times what the layout offers after it."""
        if unseen is None:
            unseen = _unseen(obs)

        def pts(c: Card) -> int:
            return points(c, obs.scoring, obs.players)

        gain = sum(pts(c) for c in move.cards)
        layout = [c for c in obs.layout if c not in move.captures]
        if not move.captures:
            layout.append(move.card)
        return gain - self.caution * sum(_exposure(c, unseen, pts) for c in layout)


def _unseen(obs: Observation) -> set[Card]:
    """Cards this seat cannot see: other hands and the stock."""
    seen = set(obs.hand) | set(obs.layout) | {c for pile in obs.captured for c in pile}
    if obs.turned is not None:
        seen.add(obs.turned)
    return set(FULL_DECK) - seen


def _exposure(card: Card, unseen: set[Card], pts) -> float:
    """What an opponent would expect from capturing ``card``: its points plus the best
    capturer's, scaled by how many capturers are still unseen."""
    takers = [c for c in unseen if c.rank == partner_rank(card.rank)]
    if not takers:
        return 0.0
    return (pts(card) + max(pts(c) for c in takers)) * min(1.0, len(takers) / 2)
