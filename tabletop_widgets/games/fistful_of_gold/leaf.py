"""A quick estimate of a round state's value, for states too big to solve during a move.

Solving a round exactly from 6 or 7 cards a side takes seconds in pure
Python (tens of thousands of states), so the hard bot looks one or two duels
ahead and estimates the states it reaches there with a linear model:

    value ≈ c + Σ_{i in pink's hand, j in green's} (k·G[i][j] + d[i][j])
              + terms for the blocked cards, the green-7 bonus, the pot a 6 can
                take, the pink 7 not yet able to end the round and the card a
                green 8 would take back,

where ``G[i][j]`` is the gold pink's ``i`` nets against green's ``j`` under
the game's options.  The weights (:mod:`.leaf_weights`) were fitted by least
squares to exact values of the rules page's options
(``python -m tabletop_widgets.games.fistful_of_gold.leaf_fit`` refits them);
another option set keeps them and changes only ``G``, so it is estimated less
well but still sensibly.

>>> from tabletop_widgets.games.fistful_of_gold.options import Options
>>> from tabletop_widgets.games.fistful_of_gold.round_game import Rules, hand_bits
>>> from tabletop_widgets.games.fistful_of_gold.round_solver import solver
>>> s = solver(Options())
>>> st = s.normal(hand_bits([1, 2, 3, 7, 8]), hand_bits([4, 5, 6, 7, 8]), -1, -1, 0,
...               False, False, 0, 2, 4, 0)
>>> abs(estimate(s.rules, st) - s.value(st)) < 3     # exact value about -0.3
True
"""

from __future__ import annotations

from functools import cache

from tabletop_widgets.games.fistful_of_gold.leaf_weights import WEIGHTS
from tabletop_widgets.games.fistful_of_gold.round_game import EIGHT, SEVEN, SIX, Rules

__all__ = ["FEATURES", "estimate", "features", "pair_table"]

_MEMBERS = tuple(tuple(i for i in range(9) if m >> i & 1) for m in range(512))
#: Names of the features after the 81 card pairs and the G term.
FEATURES = (
    *(f"blocked_a_{i}" for i in range(9)),
    *(f"blocked_b_{i}" for i in range(9)),
    "bonus",
    "pot_a",
    "pot_b",
    "pink7_early",
    *(f"down_{i}" for i in range(9)),
    "const",
)


def features(rules: Rules, s: tuple) -> list[float]:
    """The model's inputs for state ``s``: 81 pair indicators, Σ G, then :data:`FEATURES`."""
    a, b, ba, bb, pot, s6a, s6b, bonus, duel, _left, down = s
    pairs = [0.0] * 81
    g = 0.0
    gold = rules.duel_gold
    for i in _MEMBERS[a]:
        for j in _MEMBERS[b]:
            pairs[9 * i + j] = 1.0
            g += gold[i][j]
    rest = [0.0] * len(FEATURES)
    if ba >= 0:
        rest[ba] = 1.0
    if bb >= 0:
        rest[9 + bb] = 1.0
    rest[18] = float(bonus)
    rest[19] = float(pot) if a >> SIX & 1 and not s6b else 0.0
    rest[20] = float(pot) if b >> SIX & 1 and not s6a else 0.0
    rest[21] = float(3 - duel) if a >> SEVEN & 1 else 0.0
    if b >> EIGHT & 1:
        for c in _MEMBERS[down]:
            rest[22 + c] = 1.0
    rest[-1] = 1.0
    return [*pairs, g, *rest]


@cache
def pair_table(rules: Rules, n: int) -> tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]:
    """Pair weights ``k·G[i][j] + d[i][j]`` and the other weights, for pink hands of ``n``
    (the nearest size fitted for others)."""
    w = WEIGHTS[min(WEIGHTS, key=lambda k: (abs(k - n), k))]
    k = w[81]
    pair = tuple(
        tuple(w[9 * i + j] + k * rules.duel_gold[i][j] for j in range(9)) for i in range(9)
    )
    return pair, tuple(w[82:])


def estimate(rules: Rules, s: tuple) -> float:
    """The model's value of ``s``: pink's gold minus green's still to come."""
    a, b, ba, bb, pot, s6a, s6b, bonus, duel, _left, down = s
    pair, rest = pair_table(rules, bin(a).count("1"))
    v = rest[-1]
    members_b = _MEMBERS[b]
    for i in _MEMBERS[a]:
        row = pair[i]
        for j in members_b:
            v += row[j]
    if ba >= 0:
        v += rest[ba]
    if bb >= 0:
        v += rest[9 + bb]
    if bonus:
        v += rest[18]
    if pot:
        if a >> SIX & 1 and not s6b:
            v += rest[19] * pot
        if b >> SIX & 1 and not s6a:
            v += rest[20] * pot
    if duel < 3 and a >> SEVEN & 1:
        v += rest[21] * (3 - duel)
    if down and b >> EIGHT & 1:
        for c in _MEMBERS[down]:
            v += rest[22 + c]
    return v
