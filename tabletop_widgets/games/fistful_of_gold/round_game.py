"""One round as a game both players see whole: how cards, hands and duels are coded.

The hard bot plans a round by backward induction over its remaining duels
(:mod:`.round_solver`); this module fixes the model it plans in, small and
fast: cards are indices ``0``-``8`` (ranks 1-8, then Dynamite), a hand is a
bit mask, and :class:`Rules` holds what the options fix for every duel (the
gold of each card pair, which card may not follow which), computed once per
option set.  A state of the round (see :meth:`.round_solver.RoundSolver.normal`)
holds only what the rest of the round depends on, and no gold already won:
its value is the gold *still to come*, so states reached by different paths
share one value.

>>> from tabletop_widgets.games.fistful_of_gold.options import Options
>>> rules = Rules.of(Options())
>>> rules.duel_gold[4][1], rules.duel_gold[0][7], rules.duel_gold[7][0]   # pink 5-2, 1-8, 8-1
(3, 7, 3)
>>> rules.blocks[3], Rules.of(Options(dynamite_counts_as=0)).blocks[8]   # 4 bars 5, D bars 1
(4, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, RANKS, Card, compare
from tabletop_widgets.games.fistful_of_gold.duel import TIE_GOLD
from tabletop_widgets.games.fistful_of_gold.options import Options

__all__ = ["NONE", "Rules", "bits", "card_index", "duel_gold", "hand_bits", "legal"]

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


def legal(hand: int, blocked: int) -> list[int]:
    """The cards of ``hand`` that may be played now."""
    return [i for i in range(9) if hand >> i & 1 and i != blocked]


def duel_gold(rules: Rules, a: int, b: int, pot: int, bonus: int, six_a: bool, six_b: bool) -> int:
    """Pink's gold minus green's when pink ``a`` meets green ``b``: the duel, green's
    bonus, and the tie pot a first 6 takes (as :func:`.duel.resolve_duel`).

    >>> duel_gold(Rules.of(Options()), 5, 1, 4, 0, False, False)   # pink 6 v 2, pot 4
    0
    """
    w = rules.winner[a][b]
    gold = rules.duel_gold[a][b]
    if w == 1:
        gold -= bonus
    if w is None:
        pot += TIE_GOLD
    if rules.six and pot and (a == SIX) != (b == SIX):
        if a == SIX and not six_b:
            gold += pot
        elif b == SIX and not six_a:
            gold -= pot
    return gold
