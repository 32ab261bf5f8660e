"""Matchstick Tycoon bots. The random bot is game-agnostic (core.bots).

The greedy bot leads its biggest group of the weakest value, follows with
the weakest value that beats the table, spends sticks whenever a play can
(every stick must go before you are out), and passes only to keep a strong
set of three or more copies together while its hand is still big: passing
costs a stick, and in simulations against random bots passing any more
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
from .moves import PASS, Move

# "Strong" is the top quarter of the order: such sets win a trick on lead.
STRONG_FRACTION = 0.75
MANY_CARDS = 5


class GreedyBot:
    """Weakest play first; sheds sticks when it can; passes sensibly."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)  # breaks exact ties, so games still vary by seed

    def choose(self, observation: Observation, legal: Sequence[Move]) -> Move:
        """One of ``legal``, chosen from what ``observation`` shows (see the class)."""
        if len(legal) == 1:
            return legal[0]
        obs = observation
        plays = [m for m in legal if m.kind == "play"]
        can_pass = PASS in legal  # moves are interned: the only pass is PASS
        if not plays:
            return legal[0]
        n_values = 18 if obs.expansion else 16
        hand_size = len(obs.hand)

        leading = obs.table is None
        # Leading: shed the biggest group first (hard to follow), weakest value,
        # spending sticks (they must go too).  Following: the weakest value
        # that beats the table, spending sticks where that is free.  A random
        # number per play, drawn in order, breaks exact ties; the first least
        # key wins, as with min().
        tie = self.rng.random
        if obs.order == "reversed":
            top = n_values - 1
            if leading:
                keys = [(-m.count, top - m.strength, -m.cost, tie()) for m in plays]
            else:
                keys = [(top - m.strength, -m.cost, tie()) for m in plays]
        elif leading:
            keys = [(-m.count, m.strength, -m.cost, tie()) for m in plays]
        else:
            keys = [(m.strength, -m.cost, tie()) for m in plays]
        best = plays[keys.index(min(keys))]
        # Passing costs a stick, so only pass to keep a group together:
        # a strong play that would split copies we could lead as a set.
        if (
            can_pass
            and not leading
            and hand_size - best.count >= MANY_CARDS
            and obs.strength(best.value) >= STRONG_FRACTION * n_values
        ):
            held = {f: obs.hand.count(f) for f in best.faces}
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
