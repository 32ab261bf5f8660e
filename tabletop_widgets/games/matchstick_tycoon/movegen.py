"""Legal play generation for Matchstick Tycoon, memoised per value.

The plays of one value depend only on how many of each *relevant* face the
hand holds (the faces that can reach that value) and on the sticks, capped
at the most a 5-card play of that value could cost.  Keying a cache on
exactly that makes the legal set of a fresh position a handful of dict
look-ups: hands change every move, but their relevant slices repeat.

>>> from .moves import pack
>>> [m.text for m in plays_of_value("8", pack("068"), 1, size=2)]
['2x8: 0+g 8', '2x8: 6+b 8']
"""

from __future__ import annotations

from . import shapes
from .moves import BITS, FACE_INDEX, FACES, MAX_PLAY, VALUE_INDEX, VALUES, Move

# Per value (by strength index): the relevant faces as (face, index, cost),
# the sticks cap (the most a 5-card play of it can cost), and per sticks
# count up to the cap the mask of the count fields of the faces affordable
# with that many sticks -- the only part of a hand that matters.
_RELEVANT: list[tuple[tuple[str, int, int], ...]] = []
_RELMASK: list[tuple[int, ...]] = []
_CAP: list[int] = []
for _v in VALUES:
    rel = tuple((f, FACE_INDEX[f], c) for f in FACES if (c := shapes.cost(f, _v)) is not None)
    _RELEVANT.append(rel)
    cap = MAX_PLAY * max(c for _, _, c in rel)
    _CAP.append(cap)
    _RELMASK.append(
        tuple(sum(7 << (BITS * i) for _, i, c in rel if c <= s) for s in range(cap + 1))
    )

# Two caches.  _CACHE maps the raw key (relevant slice of the hand, value,
# capped sticks, play size or 0 for every size) to the plays; on a miss, the
# slice is canonicalised (each face's count capped at what the sticks can pay
# for) and looked up in _CANON, so hands that differ only in unusable copies
# share one enumeration.
_CACHE: dict[int, tuple[Move, ...]] = {}
_CANON: dict[int, tuple[Move, ...]] = {}
_CACHE_LIMIT = 400_000

# Per value, per sticks 0..35: (mask of affordable faces, capped sticks).
_MAX_STICKS = 7 * MAX_PLAY
_KEYS: list[tuple[tuple[int, int], ...]] = [
    tuple((_RELMASK[vi][min(s, _CAP[vi])], min(s, _CAP[vi])) for s in range(_MAX_STICKS + 1))
    for vi in range(len(VALUES))
]


def _key(vi: int, slice_: int, sticks: int, size: int) -> int:
    return (((slice_ << 5) | vi) << 6 | sticks) << 3 | size


def _enumerate(vi: int, hand: int, sticks: int, want: int) -> tuple[Move, ...]:
    """Plays of value ``vi`` of ``want`` cards (0: every size, smallest first)."""
    value = VALUES[vi]
    rel = _RELEVANT[vi]
    top = want or MAX_PLAY
    by_size: list[list[Move]] = [[] for _ in range(MAX_PLAY + 1)]
    chosen: list[str] = []

    def walk(j: int, size: int, budget: int) -> None:
        if size and (not want or size == want):
            by_size[size].append(Move._play_sorted(value, tuple(chosen)))
        if size == top:
            return
        for k in range(j, len(rel)):
            f, fi, c = rel[k]
            if c > budget:
                continue
            have = (hand >> (BITS * fi)) & 7
            # take 1..n copies of face k, then move on to later faces only
            n = 0
            while n < have and size + n < top and (n + 1) * c <= budget:
                n += 1
                chosen.append(f)
                walk(k + 1, size + n, budget - n * c)
            del chosen[len(chosen) - n :]

    walk(0, 0, sticks)
    return tuple(m for ms in by_size for m in ms)


def _canonical(vi: int, slice_: int, sticks: int) -> int:
    """The slice with each face's count capped at the copies a play could use."""
    out = 0
    for _f, fi, c in _RELEVANT[vi]:
        have = (slice_ >> (BITS * fi)) & 7
        if have:
            usable = MAX_PLAY if c == 0 else sticks // c
            out |= min(have, usable, MAX_PLAY) << (BITS * fi)
    return out


def _miss(vi: int, slice_: int, sticks: int, size: int, key: int) -> tuple[Move, ...]:
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
        _CANON.clear()
    canon = _canonical(vi, slice_, sticks)
    ckey = _key(vi, canon, sticks, size)
    r = _CANON.get(ckey)
    if r is None:
        r = _CANON[ckey] = _enumerate(vi, canon, sticks, size)
    _CACHE[key] = r
    return r


def plays_of_value(value: str, hand: int, sticks: int, size: int = 0) -> tuple[Move, ...]:
    """The plays of ``value`` from a packed hand with so many sticks: of ``size``
    cards, or of every size (smallest first) when ``size`` is 0."""
    vi = VALUE_INDEX[value]
    mask, s = _KEYS[vi][min(sticks, _MAX_STICKS)]
    return _miss(vi, hand & mask, s, size, _key(vi, hand & mask, s, size))


def legal_plays(
    hand: int, sticks: int, nvalues: int, table_strength: int | None, count: int, reverse: bool
) -> list[Move]:
    """Every play allowed from this hand: any size when leading (``table_strength``
    None), else ``count`` cards of a value strictly stronger under the order."""
    if table_strength is None:
        values = range(nvalues)
        count = 0
    elif reverse:
        values = range(table_strength)
    else:
        values = range(table_strength + 1, nvalues)
    if sticks > _MAX_STICKS:
        sticks = _MAX_STICKS
    out: list[Move] = []
    get = _CACHE.get
    keys = _KEYS
    for vi in values:
        mask, s = keys[vi][sticks]
        sl = hand & mask
        key = (((sl << 5) | vi) << 6 | s) << 3 | count
        r = get(key)
        if r is None:
            r = _miss(vi, sl, s, count, key)
        out += r
    return out
