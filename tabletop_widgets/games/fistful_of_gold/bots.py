"""Bots for A Fistful of Gold. Each sees only its seat's :class:`Observation`.

``RandomBot`` (any legal move) comes from :mod:`tabletop_widgets.core.bots`;
here are ``GreedyBot`` (one of the cards of best expected gold, give or take
half a gold, in this duel against an opponent card drawn uniformly from those
it may hold) and ``EquilibriumBot`` (plays the duel's zero-sum equilibrium
mix, solved by linear programming).  Both use the same simple heuristics to
discard and to reclaim (the greedy bot with the same half a gold of slack).

>>> game = play_match([GreedyBot(seed=1), EquilibriumBot(seed=2)])
>>> game.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from tabletop_widgets.core.bots import Bot, RandomBot
from tabletop_widgets.core.playout import play_out
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, Card, compare, deck
from tabletop_widgets.games.fistful_of_gold.engine import FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.equilibrium import (
    duel_matrix,
    duel_payoff,
    solve_zero_sum,
)
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Move, Play, Reclaim
from tabletop_widgets.games.fistful_of_gold.observation import Observation

__all__ = ["EquilibriumBot", "GreedyBot", "RandomBot", "card_strength", "play_match"]


@cache
def card_strength(card: Card, specials: frozenset[str]) -> float:
    """Average gold ``card`` nets against each of the nine opposing cards.

    >>> round(card_strength(Card("pink", "8"), frozenset({"pink8"})), 3)
    -0.333
    """
    opponent = COLOURS[1 - card.seat]
    total = 0
    for rival in deck(opponent):
        winner, gold = compare(card, rival, specials)
        total += 0 if winner is None else (gold if winner == 0 else -gold)
    return total / 9


class _HeuristicBot:
    """Shared parts: seeded tie-breaks, discards and reclaims by card strength."""

    name = "heuristic"
    #: How far below the best score a move may rate and still count as one of the
    #: best, among which the seeded RNG picks (only float noise here).
    slack = 1e-9

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal: Sequence[Move]) -> Move:
        """One of ``legal``, chosen from what ``observation`` shows (see the class)."""
        moves = list(legal)
        if not moves:
            raise ValueError("no legal move to choose from")
        specials = observation.options.specials
        first = moves[0]
        if isinstance(first, Discard):
            # Throw away the weakest cards.
            return self._best(moves, lambda m: -sum(card_strength(c, specials) for c in m.cards))
        if isinstance(first, Reclaim):
            return self._best(moves, lambda m: card_strength(m.card, specials))
        return self._duel(observation, moves)

    def _duel(self, observation: Observation, moves: list[Any]) -> Move:
        raise NotImplementedError

    def _best(self, moves: list[Any], score: Any) -> Move:
        scores = [score(m) for m in moves]
        top = max(scores)
        # Ties (within ``slack``) are broken by the seeded RNG.
        best = [m for m, s in zip(moves, scores, strict=True) if s >= top - self.slack - 1e-9]
        return best[self.rng.randrange(len(best))]


class GreedyBot(_HeuristicBot):
    """Plays a card with (nearly) the best expected gold difference in this duel alone.

    A rule of thumb, not a calculation to the last decimal: every card (and every
    discard or card to take back) rated within :attr:`slack` of the best counts as
    one of the best, and the bot's seeded RNG picks among them.  So it does not
    play the same cards in the same order each round, yet a game with the same
    seeds replays exactly.

    >>> def opening(seed):
    ...     game = play_match([GreedyBot(seed), GreedyBot(seed + 1)], seed=1)
    ...     return [str(m) for m in game.history[:4]]
    >>> opening(3) == opening(3), len({tuple(opening(s)) for s in range(20)}) > 3
    (True, True)
    """

    name = "greedy"
    #: Half a gold: a card this close to the best expected gold is as good as the best.
    slack = 0.5

    def _duel(self, observation: Observation, moves: list[Play]) -> Move:
        seat = observation.seat
        theirs = observation.legal_cards(1 - seat)

        def expected(move: Play) -> float:
            return sum(duel_payoff(observation, seat, move.card, t) for t in theirs) / len(theirs)

        return self._best(moves, expected)


class EquilibriumBot(_HeuristicBot):
    """Samples the equilibrium mix of the duel's payoff matrix (see :mod:`.equilibrium`)."""

    name = "equilibrium"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.last_strategy: dict[Card, float] = {}

    def _duel(self, observation: Observation, moves: list[Play]) -> Move:
        seat = observation.seat
        matrix, _, _ = duel_matrix(observation, seat, mine=[m.card for m in moves])
        _, mix, _ = solve_zero_sum(matrix)
        # Kept so a notebook can show the mix the bot used.
        self.last_strategy = {m.card: float(p) for m, p in zip(moves, mix, strict=True)}
        r = self.rng.random()
        for move, p in zip(moves, mix, strict=True):
            r -= p
            if r < 0:
                return move
        return moves[-1]


def play_match(bots: Sequence[Bot], *, seed: int | None = None, **options: Any) -> FistfulOfGold:
    """Play a whole game between two bots (pink first in ``bots``) and return it."""
    game = FistfulOfGold.new(seed=seed, **options)
    play_out(game, bots)
    return game
