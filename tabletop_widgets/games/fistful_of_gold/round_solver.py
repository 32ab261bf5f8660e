"""The value of a round both players see whole, by backward induction (memoised).

At each duel both choose at once, so each node of the round is a matrix
game: entry ``(a, b)`` is the duel's gold plus the value of the state it
leads to; the node's value is that game's value (:mod:`.matrix_game`).
Every state is solved once per option set: :func:`solver` keeps one memo
per :class:`~.options.Options` for the life of the process, so later
decisions, and later games, reuse what earlier ones solved.

Values are pink's gold minus green's, from the state to the end of the
round.  :meth:`RoundSolver.children` plays one duel for every pair of legal
cards at once, in the order of :func:`.duel.resolve_duel` (the duel's gold
and the green-7 bonus, the tie into the pot, then a first 6 takes it); the
tests check it against the engine, duel by duel.

>>> from tabletop_widgets.games.fistful_of_gold.options import Options
>>> from tabletop_widgets.games.fistful_of_gold.round_game import NONE, hand_bits
>>> s = solver(Options())
>>> start = s.normal(hand_bits([2, 5]), hand_bits([3, 4]), NONE, NONE, 0, False, False, 0, 3, 1, 0)
>>> s.value(start)   # pink's 5 wins 2 or 1 gold, pink's 2 loses 1 or 2: green plays 4
1
"""

from __future__ import annotations

from tabletop_widgets.games.fistful_of_gold.duel import TIE_GOLD
from tabletop_widgets.games.fistful_of_gold.matrix_game import game_value
from tabletop_widgets.games.fistful_of_gold.options import Options
from tabletop_widgets.games.fistful_of_gold.round_game import (
    EIGHT,
    NONE,
    SEVEN,
    SIX,
    Rules,
    legal,
)

__all__ = ["RoundSolver", "solver"]

_SOLVERS: dict[Options, RoundSolver] = {}
#: The set bits of every 9-bit hand, in rank order.
_MEMBERS = tuple(tuple(i for i in range(9) if m >> i & 1) for m in range(512))


def solver(options: Options) -> RoundSolver:
    """The one solver (and memo) of an option set."""
    found = _SOLVERS.get(options)
    if found is None:
        found = _SOLVERS[options] = RoundSolver(options)
    return found


class RoundSolver:
    """Values of round states for one option set, memoised."""

    def __init__(self, options: Options) -> None:
        self.rules = Rules.of(options)
        self.memo: dict[tuple, float] = {}

    def value(self, s: tuple) -> float:
        """Pink's gold minus green's from ``s`` to the end of the round, both playing best."""
        v = self.memo.get(s)
        if v is None:
            v = self.memo[s] = game_value(self.matrix(s))
        return v

    def matrix(self, s: tuple) -> list[list[float]]:
        """The duel's payoff matrix at ``s``: rows pink's legal cards, columns green's."""
        value = self.value
        out = []
        for row in self.children(s):
            line = []
            for gold, nxt, down in row:
                if nxt is None:
                    line.append(gold)
                elif down:
                    line.append(gold + min(value(r) for r in self.reclaims(nxt, down)))
                else:
                    line.append(gold + value(nxt))
            out.append(line)
        return out

    def reclaims(self, s: tuple, down: int) -> list[tuple]:
        """The states after green takes back each card of ``down`` (green 8); ``s`` is
        the state after the duel, not yet normalised (:meth:`children`)."""
        a, b, ba, bb, pot, s6a, s6b, bonus, duel, left, _ = s
        return [
            self.normal(a, b | 1 << c, ba, bb, pot, s6a, s6b, bonus, duel, left, down & ~(1 << c))
            for c in _MEMBERS[down]
        ]

    def normal(
        self,
        a: int,
        b: int,
        ba: int,
        bb: int,
        pot: int,
        s6a: bool,
        s6b: bool,
        bonus: int,
        duel: int,
        left: int,
        down: int,
    ) -> tuple:
        """The state as the memo's key: ``(pink's hand, green's hand, the card each may not
        play now, the tie pot, has each played a 6, green's bonus, the next duel's
        number, the duels left, green's face-down cards)``, with what the rest of the
        round cannot depend on set to a default (a pot no 6 can take, a blocked card
        not in hand, ...), so that equal futures share one entry."""
        r = self.rules
        if ba >= 0 and not a >> ba & 1:
            ba = NONE
        if bb >= 0 and not b >> bb & 1:
            bb = NONE
        six_a = r.six and a >> SIX & 1
        # Green's 6 may still come back with the green 8.
        six_b = r.six and (b >> SIX & 1 or (r.green8 and b >> EIGHT & 1 and down >> SIX & 1))
        if not ((six_a and not s6b) or (six_b and not s6a)) and not (
            r.split_six and six_a and six_b
        ):
            pot = 0
        s6a = bool(s6a and six_b)
        s6b = bool(s6b and six_a)
        duel = min(duel, 3) if r.pink7 and a >> SEVEN & 1 else 3
        if not (r.green8 and b >> EIGHT & 1):
            down = 0
        return (a, b, ba, bb, pot, s6a, s6b, bonus, duel, left, down)

    def children(self, s: tuple) -> list[list[tuple[int, tuple | None, int]]]:
        """For each legal pink card (rows) and green card (columns): pink's gold minus
        green's in this duel, the state after (None at the round's end) and the cards
        green takes one back from (green 8; 0 if none)."""
        r = self.rules
        a, b, ba, bb, pot, s6a, s6b, bonus, duel, left, down = s
        rows = legal(a, ba)
        cols = legal(b, bb)
        gold_of, winner, blocks = r.duel_gold, r.winner, r.blocks
        six = r.six
        last = left == 1
        normal = self.normal
        out = []
        for i in rows:
            ends = last or (r.pink7 and i == SEVEN and duel >= 3)
            a2 = a & ~(1 << i)
            line = []
            for j in cols:
                w = winner[i][j]
                g = gold_of[i][j]
                if w == 1:
                    g -= bonus
                p = pot + TIE_GOLD if w is None else pot
                if six and p and (i == SIX or j == SIX):
                    if i == SIX and j == SIX:
                        if r.split_six:
                            p -= 2 * (p // 2)
                    elif i == SIX and not s6b:
                        g += p
                        p = 0
                    elif j == SIX and not s6a:
                        g -= p
                        p = 0
                if ends:
                    line.append((g, None, 0))
                    continue
                if r.green8 and j == EIGHT and down:
                    # Green takes a card back first: the state is normalised once it has
                    # (see ``reclaims``), as the card may be the one it may not play next.
                    raw = (
                        a2,
                        b & ~(1 << j),
                        blocks[i],
                        blocks[j],
                        p,
                        s6a or i == SIX,
                        s6b,
                        1 if r.green7_now and j == SEVEN else bonus,
                        duel + 1,
                        left - 1,
                        down,
                    )
                    line.append((g, raw, down))
                    continue
                nxt = normal(
                    a2,
                    b & ~(1 << j),
                    blocks[i],
                    blocks[j],
                    p,
                    s6a or i == SIX,
                    s6b or j == SIX,
                    1 if r.green7_now and j == SEVEN else bonus,
                    duel + 1,
                    left - 1,
                    down,
                )
                line.append((g, nxt, 0))
            out.append(line)
        return out
