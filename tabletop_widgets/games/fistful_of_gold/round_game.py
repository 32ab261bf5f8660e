"""One round as a game both players see whole: the state, a duel's effect, its payoff.

The hard bot plans a round by backward induction over its remaining duels
(:mod:`.round_solver`); this module is the model it plans in, small and
fast: cards are indices ``0``-``8`` (ranks 1-8, then Dynamite), a hand is a
bit mask, and a state holds only what the rest of the round depends on —
the hands, which card each side may not play next (FG-3), the tie pot and
who played a 6 (FG-4), the green-7 bonus, the duel number (the pink 7 ends
the round from duel 3), green's face-down cards (the green 8 takes one
back) and the duels left.  Gold already won is not in it: the value of a
state is the gold *still to come* (pink's minus green's), so states reached
by different paths share one value.

:class:`Rules` holds what the options fix (the payoff of each card pair, which
card blocks which), computed once per option set.

>>> from tabletop_widgets.games.fistful_of_gold.options import Options
>>> rules = Rules.of(Options())
>>> rules.duel_gold[4][1], rules.duel_gold[0][7], rules.duel_gold[7][0]   # pink 5-2, 1-8, 8-1
(3, 7, 3)
>>> s = state(rules, hand_bits([5, 2]), hand_bits([6, 8]), duels_left=1)
>>> [step(rules, s, a, 5)[0] for a in (4, 1)]   # pink 5 or pink 2 against green 6
[-1, 4]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, RANKS, Card, compare
from tabletop_widgets.games.fistful_of_gold.duel import TIE_GOLD
from tabletop_widgets.games.fistful_of_gold.options import Options

__all__ = ["NONE", "Rules", "State", "bits", "card_index", "hand_bits", "legal", "reclaims", "state", "step"]

#: The index of a rank: ``"1"`` is 0, ``"8"`` is 7, Dynamite is 8.
INDEX = {r: i for i, r in enumerate(RANKS)}
SIX, SEVEN, EIGHT = 5, 6, 7
#: No card is blocked.
NONE = -1


def card_index(card: Card) -> int:
    return INDEX[card.rank]


def hand_bits(values: Iterable[int | str]) -> int:
    """A hand from rank names (``5`` or ``"D"``), for examples and tests.

    >>> bin(hand_bits([1, 3, "D"]))
    '0b100000101'
    """
    return sum(1 << INDEX[str(v)] for v in set(values))


def bits(cards: Iterable[Card]) -> int:
    """A bit mask of cards (of one colour)."""
    mask = 0
    for c in cards:
        mask |= 1 << INDEX[c.rank]
    return mask


def members(mask: int) -> list[int]:
    return [i for i in range(9) if mask >> i & 1]


@dataclass(frozen=True)
class Rules:
    """What the options fix for every duel.

    ``duel_gold[a][b]``: pink's gold minus green's when pink ``a`` meets green
    ``b``, before bonus and pot; ``winner[a][b]`` 0, 1 or None; ``blocks[c]``:
    the card that may not follow ``c`` (or :data:`NONE`).
    """

    options: Options
    duel_gold: tuple[tuple[int, ...], ...]
    winner: tuple[tuple[int | None, ...], ...]
    blocks: tuple[int, ...]
    six: bool
    split_six: bool
    pink7: bool
    green7_now: bool
    green7_next: bool
    green8: bool
    carry_pot: bool
    #: Index ``(a, b)`` flattened: a precomputed list of card pairs.
    pairs: list[tuple[int, int]] = field(default_factory=list, compare=False)

    @classmethod
    def of(cls, options: Options) -> Rules:
        return _rules(options)


@cache
def _rules(options: Options) -> Rules:
    specials = options.specials
    gold, win = [], []
    for a in RANKS:
        grow, wrow = [], []
        for b in RANKS:
            w, amount = compare(Card(COLOURS[0], a), Card(COLOURS[1], b), specials)
            wrow.append(w)
            grow.append(0 if w is None else (amount if w == 0 else -amount))
        gold.append(tuple(grow))
        win.append(tuple(wrow))
    steps = [i + 1 for i in range(8)] + [options.dynamite_counts_as]
    blocks = []
    for s in steps:
        after = [j for j, t in enumerate(steps) if s is not None and t is not None and t == s + 1]
        blocks.append(after[0] if after else NONE)
    return Rules(
        options=options,
        duel_gold=tuple(gold),
        winner=tuple(win),
        blocks=tuple(blocks),
        six="six" in specials,
        split_six=options.six_vs_six == "split",
        pink7="pink7" in specials,
        green7_now="green7" in specials and options.green7 == "rest_of_round",
        green7_next="green7" in specials and options.green7 == "next_round",
        green8="green8" in specials,
        carry_pot=options.pot_at_round_end == "carry",
    )


class State(NamedTuple):
    """A round in progress, both hands known (pink is ``a``, green ``b``).

    ``blocked_a``/``blocked_b``: the card each may not play now (FG-3);
    ``six_a``/``six_b``: has each played a 6 this round; ``bonus``: green's
    extra gold per duel won; ``duel``: the number of the next duel;
    ``green_down``: green's face-down cards (the green 8 takes one back).
    Build it with :func:`state`, which drops what cannot matter any more, so
    that equal futures have equal states (one entry in the solver's memo).
    """

    a: int
    b: int
    blocked_a: int
    blocked_b: int
    pot: int
    six_a: bool
    six_b: bool
    bonus: int
    duel: int
    duels_left: int
    green_down: int


def state(
    rules: Rules,
    a: int,
    b: int,
    *,
    blocked_a: int = NONE,
    blocked_b: int = NONE,
    pot: int = 0,
    six_a: bool = False,
    six_b: bool = False,
    bonus: int = 0,
    duel: int = 1,
    duels_left: int = 1,
    green_down: int = 0,
) -> State:
    """The state, with what the rest of the round cannot depend on set to a default."""
    if blocked_a >= 0 and not a >> blocked_a & 1:
        blocked_a = NONE
    if blocked_b >= 0 and not b >> blocked_b & 1:
        blocked_b = NONE
    six_a_left = rules.six and a >> SIX & 1
    six_b_left = rules.six and b >> SIX & 1
    # The pot and who played a 6 matter only while a 6 could still take the pot.
    if not ((six_a_left and not six_b) or (six_b_left and not six_a)) and not (
        rules.split_six and six_a_left and six_b_left
    ):
        pot = 0
    six_a = bool(six_a and six_b_left)
    six_b = bool(six_b and six_a_left)
    duel = min(duel, 3) if rules.pink7 and a >> SEVEN & 1 else 3
    if not (rules.green8 and b >> EIGHT & 1):
        green_down = 0
    return State(a, b, blocked_a, blocked_b, pot, six_a, six_b, bonus, duel, duels_left, green_down)


def legal(hand: int, blocked: int) -> list[int]:
    """The cards of ``hand`` that may be played now."""
    return [i for i in range(9) if hand >> i & 1 and i != blocked]


def step(rules: Rules, s: State, a: int, b: int) -> tuple[int, State | None, int]:
    """Pink ``a`` meets green ``b`` in state ``s``: pink's gold minus green's, the state
    after (None when the round is over) and the face-down cards green now chooses one
    from to take back (green 8; 0 if none).

    The order follows :func:`.duel.resolve_duel`: the duel's gold and bonus, the
    tie adds to the pot, then a first 6 takes it (FG-3, FG-4).
    """
    w = rules.winner[a][b]
    gold = rules.duel_gold[a][b]
    if w == 1:
        gold -= s.bonus
    pot = s.pot + (TIE_GOLD if w is None else 0)
    if rules.six and pot and (a == SIX or b == SIX):
        if a == SIX and b == SIX:
            if rules.split_six:
                pot -= 2 * (pot // 2)  # each takes half: no difference in gold
        elif a == SIX and not s.six_b:
            gold += pot
            pot = 0
        elif b == SIX and not s.six_a:
            gold -= pot
            pot = 0
    left = s.duels_left - 1
    if left == 0 or (rules.pink7 and a == SEVEN and s.duel >= 3):
        return gold, None, 0
    after = state(
        rules,
        s.a & ~(1 << a),
        s.b & ~(1 << b),
        blocked_a=rules.blocks[a],
        blocked_b=rules.blocks[b],
        pot=pot,
        six_a=s.six_a or a == SIX,
        six_b=s.six_b or b == SIX,
        bonus=1 if rules.green7_now and b == SEVEN else s.bonus,
        duel=s.duel + 1,
        duels_left=left,
        green_down=s.green_down,
    )
    return gold, after, s.green_down if rules.green8 and b == EIGHT else 0


def reclaims(rules: Rules, s: State, down: int) -> list[State]:
    """The states after green takes back each card of ``down`` (green 8)."""
    return [
        state(
            rules,
            s.a,
            s.b | 1 << c,
            blocked_a=s.blocked_a,
            blocked_b=s.blocked_b,
            pot=s.pot,
            six_a=s.six_a,
            six_b=s.six_b,
            bonus=s.bonus,
            duel=s.duel,
            duels_left=s.duels_left,
            green_down=down & ~(1 << c),
        )
        for c in members(down)
    ]
