"""The hands the opponent may hold, as far as one seat can tell (its observation only).

The opponent's discards are face down; its played cards and the cards its
green 8 took back are seen.  Every sequence of discards consistent with what
was seen is equally likely (as :mod:`.determinize` draws them): each round's
cards were in hand at its start or taken back in it, and a card taken back
lay face down.  :func:`opponent_hands` lists the opponent's possible hands
now, with their face-down cards, each with its share of those sequences.

>>> from tabletop_widgets.games.fistful_of_gold.engine import FistfulOfGold
>>> g = FistfulOfGold.new(seed=1)
>>> _ = g.play("discard pink 1 pink 2"); _ = g.play("discard green 1 green 2")
>>> hands = opponent_hands(g.observation(0))
>>> len(hands), round(sum(w for _, _, w in hands), 9)   # green kept 7 of 9: 36 ways
(36, 1.0)
>>> _ = g.play("pink 5"); _ = g.play("green 3")
>>> len(opponent_hands(g.observation(0)))   # green 3 was in hand: 2 of the other 8 are down
28
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, Card
from tabletop_widgets.games.fistful_of_gold.observation import Observation
from tabletop_widgets.games.fistful_of_gold.round_game import bits

__all__ = ["opponent_hands"]

FULL = (1 << 9) - 1
Hand = tuple[int, int, float]  # hand bits, face-down bits, probability


def _members(mask: int) -> list[int]:
    return [i for i in range(9) if mask >> i & 1]


def opponent_hands(obs: Observation) -> list[Hand]:
    """``(hand, face_down, probability)`` for every hand the opponent may hold now.

    In the discard phase the hand is the one it discards from.  A game that
    began at a set-up position has no history to go by: then every split of
    the unseen cards into hand and face-down cards is taken as equally likely.
    """
    opp = obs.opponent
    rounds = [*obs.past, obs.rows] if obs.phase != "over" else list(obs.past)
    seen = [
        (bits(r[opp]), bits(c for n, c in obs.reclaims if n == i + 1 and c.seat == opp))
        for i, r in enumerate(rounds)
    ]
    counts: dict[tuple[int, int], int] = {}
    for hand, down in _histories(obs, seen):
        counts[hand, down] = counts.get((hand, down), 0) + 1
    if not counts:
        counts = _any_split(obs)
    total = sum(counts.values())
    return [(h, d, n / total) for (h, d), n in sorted(counts.items())]


def _histories(obs: Observation, seen: list[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """Every (hand now, face-down now) reached by discards consistent with ``seen``."""
    fresh = obs.options.hands == "fresh"
    last = len(seen) - 1
    discarding = obs.phase == "discard"

    def walk(r: int, hand: int, down: int) -> Iterator[tuple[int, int]]:
        # ``hand``/``down``: before round r's discards (round r counted from 0).
        if fresh:
            hand, down = FULL, 0
        n = bin(hand).count("1") - obs.options.hand_size(r + 1)
        if r == last and discarding:
            yield hand, down
            return
        played, back = seen[r]
        for out in combinations(_members(hand), n):
            gone = sum(1 << c for c in out)
            start, face = hand & ~gone, down | gone
            if back & ~face or back & start or played & ~(start | back):
                continue
            kept, face = start | back, face & ~back
            if r == last:
                yield kept & ~played, face
            else:
                yield from walk(r + 1, kept, face)

    yield from walk(0, FULL, 0)


def _any_split(obs: Observation) -> dict[tuple[int, int], int]:
    """Every split of the opponent's unseen cards with the right sizes, once each."""
    unseen = bits(c for c in obs.opponent_may_hold())
    colour = COLOURS[obs.opponent]
    shown = bits(
        c
        for n, c in obs.reclaims
        if n == obs.round and c.colour == colour and c not in obs.rows[obs.opponent]
    )
    free = _members(unseen & ~shown)
    need = obs.opponent_hand_size - bin(shown).count("1")
    out: dict[tuple[int, int], int] = {}
    for extra in combinations(free, max(need, 0)):
        hand = shown | sum(1 << c for c in extra)
        out[hand, unseen & ~hand] = 1
    return out or {(unseen, 0): 1}


def hand_cards(mask: int, colour: str) -> list[Card]:
    """The cards of a hand's bits, in rank order."""
    from tabletop_widgets.games.fistful_of_gold.cards import RANKS

    return [Card(colour, RANKS[i]) for i in _members(mask)]
