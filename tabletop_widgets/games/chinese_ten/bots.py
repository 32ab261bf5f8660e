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
from functools import cache
from typing import Any

from tabletop_widgets.core.bots import RandomBot
from tabletop_widgets.core.search import Search
from tabletop_widgets.core.search import SearchBot as _SearchBot

from .cards import FULL_DECK, SUITS, Card, partner_rank, points
from .engine import Observation
from .moves import Move

__all__ = ["GreedyBot", "RandomBot", "SearchBot"]


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
        pts = _points_table(observation.scoring, observation.players)
        layout = _Layout(observation.layout, pts, _exposures(observation, pts))
        scored = [(self._value(m, layout), i) for i, m in enumerate(legal)]
        best = max(v for v, _ in scored)
        return legal[self.rng.choice([i for v, i in scored if v == best])]

    def value(self, obs: Observation, move: Move, unseen: set[Card] | None = None) -> float:
        """Points the move captures, less ``caution`` times what the layout offers after it
        (to the unseen cards: by default those ``obs`` does not show)."""
        pts = _points_table(obs.scoring, obs.players)
        return self._value(move, _Layout(obs.layout, pts, _exposures(obs, pts, unseen)))

    def _value(self, move: Move, layout: _Layout) -> float:
        # Cards are compared by key (rank and suit as one number): bots are hot in playouts.
        pts = layout.pts
        gain = sum(pts[_key(c)] for c in move.cards)
        taken = [_key(c) for c in move.captures]
        left = [e for k, e in layout.cards if k not in taken]
        if not move.captures:
            c = move.card
            left.append(_exposure(c.rank, pts[_key(c)], layout.exposure))
        return gain - self.caution * sum(left)


class _Layout:
    """The layout as one choice sees it: each card's key and what it would offer the
    next players (:func:`_exposure`), worked out once for every candidate move."""

    __slots__ = ("cards", "exposure", "pts")

    def __init__(
        self, layout: Sequence[Card], pts: tuple[int, ...], exposure: dict[int, tuple[int, int]]
    ) -> None:
        self.pts = pts
        self.exposure = exposure
        self.cards = [(k, _exposure(c.rank, pts[k], exposure)) for c in layout for k in (_key(c),)]


_SUIT = {s: i for i, s in enumerate(SUITS)}


def _key(card: Card) -> int:
    """One number per card (0 to 51): cheaper to compare and hash than the card."""
    return card.rank * 4 + _SUIT[card.suit] - 4


@cache
def _points_table(scoring: str, players: int) -> tuple[int, ...]:
    """Every card's points by :func:`_key` (the bots ask for them thousands of times)."""
    out = [0] * 52
    for c in FULL_DECK:
        out[_key(c)] = points(c, scoring, players)
    return tuple(out)


_DECK = tuple((_key(c), c.rank) for c in FULL_DECK)


def _exposures(
    obs: Observation, pts: tuple[int, ...], unseen: set[Card] | None = None
) -> dict[int, tuple[int, int]]:
    """Per rank: how many cards this seat cannot see have it, and the most points one of
    them is worth (``unseen``: other cards to count instead)."""
    if unseen is None:
        suit = _SUIT  # _key written out: this runs at every move of every playout
        seen = {c.rank * 4 + suit[c.suit] - 4 for c in obs.hand}
        seen.update([c.rank * 4 + suit[c.suit] - 4 for c in obs.layout])
        seen.update([c.rank * 4 + suit[c.suit] - 4 for pile in obs.captured for c in pile])
        if obs.turned is not None:
            seen.add(_key(obs.turned))
        hidden = [(k, r) for k, r in _DECK if k not in seen]
    else:
        hidden = [(_key(c), c.rank) for c in unseen]
    out: dict[int, tuple[int, int]] = {}
    for k, rank in hidden:
        n, best = out.get(rank, (0, 0))
        out[rank] = (n + 1, max(best, pts[k]))
    return out


def _exposure(rank: int, worth: int, exposure: dict[int, tuple[int, int]]) -> float:
    """What an opponent would expect from capturing a layout card of ``rank`` worth
    ``worth``: its points plus the best capturer's, scaled by how many capturers are
    still unseen."""
    n, best = exposure.get(partner_rank(rank), (0, 0))
    if not n:
        return 0.0
    return (worth + best) * min(1.0, n / 2)


def _fast(sample: Any, seat: int) -> Any:
    from .rollout import fast_playouts  # the search's fast playouts, loaded when searching

    return fast_playouts(sample, seat)


class SearchBot(_SearchBot):
    """The hard level: tries every card it may play on re-deals of the cards it cannot
    see (the other hands as their moves allow, the stock's order), greedy bots playing
    the deal out (:mod:`.rollout`), and keeps the card that scored most on average
    (:mod:`tabletop_widgets.core.search`; the coach and the review use the same)."""

    name = "search"
    game = "chinese_ten"
    settings = Search(playout=GreedyBot, budget=16000, width=24, trust=0.0, fast=_fast)
