"""Matchstick Tycoon bots. The random bot is game-agnostic (core.bots).

The greedy bot leads its biggest group of the weakest value, follows with
the weakest value that beats the table, spends sticks whenever a play can
(every stick must go before you are out), and passes only to keep a strong
set of three or more copies together while its hand is still big: passing
gives a stick (one more to shed, MT-5.3), and in simulations against random bots passing any more
often than that lost games.

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=4, seed=5)
>>> bot = GreedyBot()
>>> bot.choose(g.observation(g.to_move), g.legal_moves()) in g.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop_widgets.core.search import Search, preference_order
from tabletop_widgets.core.search import SearchBot as _SearchBot

from .engine import Observation
from .moves import MAX_PLAY, PASS, Move

# "Strong" is the top quarter of the order: such sets win a trick on lead.
STRONG_FRACTION = 0.75
MANY_CARDS = 5


#: A key above every play's, for a pass or a discard among the moves.
_NOT_A_PLAY = 1 << 20


class _Keys(dict):
    """The greedy bot's preference of each move on one kind of turn (leading or following,
    normal or reversed order), as one int per move: lower is better.

    Leading it prefers more cards, then the weaker value, then more sticks; following, the
    weaker value, then more sticks.  Each preference is a field of the int, most important
    highest, so comparing the ints compares them in that order (``31 - strength`` orders
    values as the reversed order does)."""

    __slots__ = ("leading", "reversed")

    def __init__(self, leading: bool, reversed_: bool) -> None:
        super().__init__()
        self.leading = leading
        self.reversed = reversed_

    def __missing__(self, m: Move) -> int:
        if m.kind != "play":
            key = _NOT_A_PLAY
        else:
            weaker = 31 - m.strength if self.reversed else m.strength
            key = (weaker << 6) | (63 - m.cost)
            if self.leading:
                key |= (MAX_PLAY - m.count) << 12
        self[m] = key
        return key


#: _KEY_OF[leading][reversed](move): the key of a move on that kind of turn.
_KEY_OF = tuple(
    tuple(_Keys(lead, rev).__getitem__ for rev in (False, True)) for lead in (False, True)
)


def _tie(words: int, i: int) -> int:
    """The ``i``-th ``random()`` number drawn from ``words`` (two 32-bit words each, the
    first lowest), times 2**53: 27 bits of its first word, then 26 of its second."""
    draw = words >> (64 * i)
    return (draw & 0xFFFFFFFF) >> 5 << 26 | (draw >> 38 & 0x3FFFFFF)


def _first_least(keys: list[int], least: int, words: int, plays: int) -> int:
    """The index of the first least key, its ties broken by the random numbers drawn
    from ``words`` (one per play: only the tied plays' are read)."""
    best = keys.index(least)
    ties = keys.count(least) - 1
    if not ties:
        return best
    others = plays < len(keys)  # a pass or a discard among them draws no number

    def drawn(j: int) -> int:
        return _tie(words, j - keys[:j].count(_NOT_A_PLAY) if others else j)

    low = drawn(best)
    j = best
    for _ in range(ties):
        j = keys.index(least, j + 1)
        if (t := drawn(j)) < low:
            best, low = j, t
    return best


class GreedyBot:
    """Weakest play first; sheds sticks when it can; passes sensibly."""

    name = "greedy"
    #: It reads its observation only while it chooses: the bot loop may hand it a live view.
    live_view = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)  # breaks exact ties, so games still vary by seed

    def choose(self, observation: Observation, legal: Sequence[Move]) -> Move:
        """One of ``legal``, chosen from what ``observation`` shows (see the class)."""
        if len(legal) == 1:
            return legal[0]
        obs = observation
        leading = obs.table is None
        reversed_ = obs.order == "reversed"
        # Leading: shed the biggest group first (hard to follow), weakest value,
        # spending sticks (they must go too).  Following: the weakest value that
        # beats the table, spending sticks where that is free.
        keys = list(map(_KEY_OF[leading][reversed_], legal))
        plays = len(keys) - keys.count(_NOT_A_PLAY)
        if not plays:
            return legal[0]
        # A random number per play, drawn in order, breaks exact ties; the first least
        # wins, as with min().  Every play draws its number (random(): two 32-bit words)
        # needed or not: one getrandbits call takes the same words.
        least = min(keys)
        words = self.rng.getrandbits(64 * plays)
        best = legal[_first_least(keys, least, words, plays)]
        if leading:
            return best
        # Passing gives a stick (one more to shed), so only pass to keep a group together:
        # a strong play that would split copies we could lead as a set.
        n_values = 18 if obs.expansion else 16
        if (
            (n_values - 1 - best.strength if reversed_ else best.strength)
            >= STRONG_FRACTION * n_values
            and PASS in legal  # moves are interned: the only pass is PASS
        ):
            hand = obs.hand
            if len(hand) - best.count >= MANY_CARDS:
                held = {f: hand.count(f) for f in best.faces}
                if any(held[f] > best.faces.count(f) >= 1 and held[f] >= 3 for f in held):
                    return PASS
        return best


def search_shortlist(
    observation: Observation, legal: Sequence[Move], n: int, prior: GreedyBot
) -> list[Move]:
    """The moves the search tries when there are more than ``n``: passing (when one may),
    then, of each count and value, the play ``prior`` likes best, taken from each count in
    turn (so leading tries singles and sets, not only the biggest groups).

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> g = MatchstickTycoon.new(players=3, seed=4)
    >>> moves = search_shortlist(g.observation(g.to_move), g.legal_moves(), 6, GreedyBot(1))
    >>> sorted({m.count for m in moves})
    [1, 2, 3]
    """
    out = [m for m in legal if m.kind != "play"]
    groups: dict[tuple[int, str], list[Move]] = {}
    for m in legal:
        if m.kind == "play":
            groups.setdefault((m.count, m.value), []).append(m)
    picks = [prior.choose(observation, variants) for variants in groups.values()]
    by_count: dict[int, list[Move]] = {}
    for m in preference_order(prior, observation, picks, len(picks)):
        by_count.setdefault(m.count, []).append(m)
    queues = [by_count[c] for c in sorted(by_count, reverse=True)]
    while len(out) < n and any(queues):
        for q in queues:
            if q and len(out) < n:
                out.append(q.pop(0))
    return out


class SearchBot(_SearchBot):
    """The hard level: tries its candidate moves on re-deals of the cards it cannot see,
    greedy bots playing every seat to the end, and keeps the move that won most often
    (:mod:`tabletop_widgets.core.search`)."""

    name = "search"
    game = "matchstick_tycoon"
    settings = Search(playout=GreedyBot, budget=2000, width=10, shortlist=search_shortlist)
