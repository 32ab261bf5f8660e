"""Legal play generation for Matchstick Tycoon, memoised per value.

The plays of one value depend only on how many of each *relevant* face the
hand holds (the faces that can reach that value) and on the sticks, capped
at the most a 5-card play of that value could cost.  Keying a cache on
exactly that makes the legal set of a fresh position a handful of dict
look-ups: hands change every move, but their relevant slices repeat.

>>> from .moves import pack
>>> [m.text for m in plays_of_value("8", pack("068"), 1)[2]]
['2x8: 0+g 8', '2x8: 6+b 8']
"""

from __future__ import annotations

from tabletop_widgets import shapes

from .moves import BITS, FACE_INDEX, FACES, MAX_PLAY, VALUE_INDEX, VALUES, Move

# Per value (by strength index): the relevant faces as (face, index, cost),
# the mask of their count fields, and the sticks cap.
_RELEVANT: list[tuple[tuple[str, int, int], ...]] = []
_RELMASK: list[int] = []
_CAP: list[int] = []
for _v in VALUES:
    rel = tuple(
        (f, FACE_INDEX[f], c) for f in FACES if (c := shapes.cost(f, _v)) is not None
    )
    _RELEVANT.append(rel)
    _RELMASK.append(sum(7 << (BITS * i) for _, i, _c in rel))
    _CAP.append(MAX_PLAY * max(c for _, _, c in rel))

# Cache: key (value index, relevant slice of the hand, capped sticks) ->
# 6 tuples of plays: index 0 all sizes, index k the plays of k cards.
_CACHE: dict[tuple[int, int, int], tuple[tuple[Move, ...], ...]] = {}
_CACHE_LIMIT = 500_000


def _enumerate(vi: int, hand: int, sticks: int) -> tuple[tuple[Move, ...], ...]:
    value = VALUES[vi]
    rel = _RELEVANT[vi]
    by_size: list[list[Move]] = [[] for _ in range(MAX_PLAY + 1)]
    chosen: list[str] = []

    def walk(j: int, size: int, budget: int) -> None:
        if size:
            by_size[size].append(Move.play(value, chosen))
        if size == MAX_PLAY:
            return
        for k in range(j, len(rel)):
            f, fi, c = rel[k]
            if c > budget:
                continue
            have = (hand >> (BITS * fi)) & 7
            # take 1..n copies of face k, then move on to later faces only
            n = 0
            while n < have and size + n < MAX_PLAY and (n + 1) * c <= budget:
                n += 1
                chosen.append(f)
                walk(k + 1, size + n, budget - n * c)
            del chosen[len(chosen) - n :]

    walk(0, 0, sticks)
    sizes = [tuple(ms) for ms in by_size]
    sizes[0] = tuple(m for ms in by_size[1:] for m in ms)
    return tuple(sizes)


def plays_of_value(value: str, hand: int, sticks: int) -> tuple[tuple[Move, ...], ...]:
    """All plays of ``value`` from a packed hand with so many sticks, by size.

    Index 0 holds every size; index k the plays of exactly k cards.
    """
    return _plays(VALUE_INDEX[value], hand, sticks)


def _plays(vi: int, hand: int, sticks: int) -> tuple[tuple[Move, ...], ...]:
    cap = _CAP[vi]
    key = (vi, hand & _RELMASK[vi], sticks if sticks < cap else cap)
    r = _CACHE.get(key)
    if r is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        r = _CACHE[key] = _enumerate(vi, key[1], key[2])
    return r


def legal_plays(
    hand: int, sticks: int, nvalues: int, table_strength: int | None, count: int, reverse: bool
) -> list[Move]:
    """Every play allowed from this hand: any size when leading (``table_strength``
    None), else ``count`` cards of a value strictly stronger under the order."""
    out: list[Move] = []
    if table_strength is None:
        for vi in range(nvalues):
            out += _plays(vi, hand, sticks)[0]
        return out
    values = range(table_strength) if reverse else range(table_strength + 1, nvalues)
    for vi in values:
        out += _plays(vi, hand, sticks)[count]
    return out
