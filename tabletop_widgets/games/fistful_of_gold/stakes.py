"""What a round's gold is worth for the game: the chance to win it (FG-2).

The round solver counts gold; the game is won by rounds (two wins, then
more wins, then more gold over all rounds).  :class:`Stakes` turns the gold
difference a round may end with into the chance to win the game (a draw
counting one half), with later rounds modelled as coin flips: each won,
tied or lost with :data:`LATER_ROUND` chances and a spread of
:data:`ROUND_SD` gold.  Gold still to come in this round is spread by
:data:`DUEL_SD` per duel: :meth:`Stakes.expected` is the chance for a
given *expected* gold difference with ``duels`` duels still to come.

>>> from tabletop_widgets.games.fistful_of_gold.options import Options
>>> s = Stakes(Options(), wins=(1, 0), rounds_played=1, gold_before=5)
>>> round(s.final(1), 3), round(s.final(-1), 3)   # winning round 2 wins the game
(1.0, 0.525)
>>> s.expected(0.0, duels=0) == s.final(0)
True
"""

from __future__ import annotations

import math
from functools import lru_cache

from tabletop_widgets.games.fistful_of_gold.options import Options

__all__ = ["DUEL_SD", "LATER_ROUND", "ROUND_SD", "Stakes"]

#: A later round: chances to win, tie, lose it (the planner's model of the future).
LATER_ROUND = (0.45, 0.10, 0.45)
#: The spread of one later round's gold difference.
ROUND_SD = 6.0
#: The spread of one duel still to come in this round.
DUEL_SD = 2.5


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class Stakes:
    """The chance to win the game, from the mover's side, by how this round ends."""

    def __init__(
        self, options: Options, *, wins: tuple[int, int], rounds_played: int, gold_before: float
    ) -> None:
        self.options = options
        self.wins = wins
        self.played = rounds_played
        self.gold_before = gold_before

    def final(self, diff: float) -> float:
        """The chance to win the game if this round ends ``diff`` gold up (exact)."""
        total = self.gold_before + diff
        if diff > 0:
            return self._after(1, total, 0.0)
        if diff < 0:
            return self._after(-1, total, 0.0)
        return self._after(0, total, 0.0)

    def expected(self, mean: float, duels: int) -> float:
        """The chance to win with ``mean`` gold expected, ``duels`` duels still to come."""
        if duels <= 0:
            return self.final(mean)
        sd = DUEL_SD * math.sqrt(duels)
        win = _phi((mean - 0.5) / sd)
        lose = _phi((-mean - 0.5) / sd)
        tie = max(0.0, 1.0 - win - lose)
        total = self.gold_before + mean
        var = sd * sd
        return (
            win * self._after(1, total, var)
            + tie * self._after(0, total, var)
            + lose * self._after(-1, total, var)
        )

    def _after(self, outcome: int, total: float, var: float) -> float:
        rules = (self.options.equal_round, self.options.game_tiebreak)
        wins = _round_end(rules[0], self.wins, outcome)
        const, terms = _terms(rules, wins, self.played + 1, var)
        for coef, sd in terms:
            if sd > 0:
                const += coef * _phi(total / sd)
            elif total:
                const += coef if total > 0 else 0.0
            else:
                const += coef / 2
        return const


def _round_end(equal_round: str, wins: tuple[float, float], outcome: int) -> tuple[float, float]:
    """Round wins after a round won (1), tied (0) or lost (-1); a tie broken by duels
    counts as half a win each way."""
    me, them = wins
    if outcome > 0:
        return me + 1, them
    if outcome < 0:
        return me, them + 1
    if equal_round == "both":
        return me + 1, them + 1
    if equal_round == "duels":
        return me + 0.5, them + 0.5
    return me, them


@lru_cache(maxsize=4096)
def _terms(
    rules: tuple[str, str], wins: tuple[float, float], played: int, var: float
) -> tuple[float, tuple[tuple[float, float], ...]]:
    """The chance to win from here as ``const + sum(coef * P(total gold > 0))``, the
    gold's spread ``sd`` differing by how many rounds are still played: a list of
    ``(coef, sd)`` (``sd`` 0: the gold as it is).  ``rules``: the options
    ``equal_round`` and ``game_tiebreak``."""
    me, them = wins
    if me != int(me):  # half wins from "duels": average the two readings
        a = _terms(rules, (me - 0.5, them + 0.5), played, var)
        b = _terms(rules, (me + 0.5, them - 0.5), played, var)
        return (a[0] + b[0]) / 2, tuple((c / 2, sd) for c, sd in (*a[1], *b[1]))
    if max(me, them) >= 2 or played >= 3:
        if me != them:
            return (1.0 if me > them else 0.0), ()
        if rules[1] == "gold":
            return 0.0, ((1.0, math.sqrt(var)),)
        return 0.5, ()
    var2 = var + ROUND_SD * ROUND_SD
    const, merged = 0.0, {}
    for p, outcome in zip(LATER_ROUND, (1, 0, -1), strict=True):
        c, terms = _terms(rules, _round_end(rules[0], (me, them), outcome), played + 1, var2)
        const += p * c
        for coef, sd in terms:
            merged[sd] = merged.get(sd, 0.0) + p * coef
    return const, tuple((coef, sd) for sd, coef in merged.items())
