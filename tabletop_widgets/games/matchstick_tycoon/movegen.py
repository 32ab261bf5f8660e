"""Legal play generation for Matchstick Tycoon, memoised per value.

The plays of one value depend only on how many of each *relevant* face the
hand holds (the faces that can reach that value), capped at the copies a
play could use, and on the sticks, capped at the most a 5-card play of that
value could cost.  Keying a cache on exactly that makes the legal set of a
fresh position a handful of dict look-ups: hands change every move, but
their relevant slices repeat.

To make that key one AND, the hand is first written in *unary*: 4 bits per
face, the lowest ``n`` of them set for ``n`` copies (a face has at most 4).
Keeping the lowest ``k`` bits of a face then caps its count at ``k``.

>>> from .moves import pack
>>> [m.text for m in plays_of_value("8", pack("068"), 1, size=2)]
['2x8: 0+g 8', '2x8: 6+b 8']
>>> bin(pack("0001")), bin(unary(pack("0001")))  # three 0s and a 1
('0b10011', '0b10111')
"""

from __future__ import annotations

from operator import attrgetter, itemgetter

from . import shapes
from .moves import BITS, FACE_INDEX, FACES, MAX_PLAY, PASS, VALUE_INDEX, VALUES, Move, unpack

# Per value (by strength index): the relevant faces as (face, index, cost) and
# the sticks cap (the most a 5-card play of it can cost).
_RELEVANT: list[tuple[tuple[str, int, int], ...]] = []
_CAP: list[int] = []
for _v in VALUES:
    rel = tuple((f, FACE_INDEX[f], c) for f in FACES if (c := shapes.cost(f, _v)) is not None)
    _RELEVANT.append(rel)
    _CAP.append(MAX_PLAY * max(c for _, _, c in rel))

#: _TWIN[value index]: the weaker value whose relevant faces and costs are the same
#: (9 and 6, E and 3: their plays differ only in the value), or None.
_TWIN: list[int | None] = [
    next((w for w in range(v) if _RELEVANT[w] == _RELEVANT[v]), None) for v in range(len(VALUES))
]
#: The most sticks a legal set tells apart (a 5-card play costs at most 35).
MAX_STICKS = 7 * MAX_PLAY
#: What every table may hold before all of them are emptied, in entries of up to 16
#: moves (about 130 bytes each, so some 40 MB in all).
_CACHE_LIMIT = 300_000
_entries = 0
#: Hands written in unary, remembered (a seat's hand comes back turn after turn).
_UNARY_LIMIT = 50_000


_LOW = sum(1 << (BITS * i) for i in range(len(FACES)))  # bit 0 of every face's field
_UNARY: dict[int, int] = {}


def unary(hand: int) -> int:
    """The packed ``hand`` with each face's count ``n`` (0 to 4) written as ``n`` low bits."""
    u = _UNARY.get(hand)
    if u is None:
        b0 = hand & _LOW
        b1 = (hand >> 1) & _LOW
        b2 = (hand >> 2) & _LOW
        two = b1 | b2  # n >= 2
        u = b0 | two | (two << 1) | (((b0 & b1) | b2) << 2) | (b2 << 3)
        if len(_UNARY) >= _UNARY_LIMIT:
            _UNARY.clear()
        _UNARY[hand] = u
    return u


class _Plays(dict):
    """The plays of one value with so many sticks (capped) and of one size (0: every
    size), by the unary slice of the hand that matters (each face capped at the copies
    a play of this size and cost could use); a missing slice is enumerated once."""

    __slots__ = ("vi", "sticks", "size", "faces", "mask")

    def __init__(self, vi: int, sticks: int, size: int) -> None:
        super().__init__()
        self.vi = vi
        self.sticks = sticks
        self.size = size
        most = size or MAX_PLAY
        #: (shift, count bit, cost) of each relevant face the sticks can pay for, in
        #: notation order.
        self.faces = tuple(
            (BITS * fi, 1 << (BITS * fi), c) for _f, fi, c in _RELEVANT[vi] if c <= sticks
        )
        #: Per such face the lowest bits of as many copies as a play could use.
        self.mask = sum(
            ((1 << min(most if c == 0 else sticks // c, most, 4)) - 1) << (BITS * fi)
            for _f, fi, c in _RELEVANT[vi]
            if c <= sticks
        )

    def __missing__(self, slice_: int) -> tuple[Move, ...]:
        global _entries
        if _entries >= _CACHE_LIMIT:
            _clear()
        twin = _TWIN[self.vi]
        if twin is not None:  # the same faces at the same costs: its plays, as this value
            plays = _table(self.size, twin, self.sticks)[slice_]
            r = tuple(map(_MOVES[self.vi].__getitem__, map(_PACKED, plays)))
        else:
            # The faces held, with their copies (unary: 0b111 is 3).
            avail = [
                (bit, c, n)
                for shift, bit, c in self.faces
                if (n := ((slice_ >> shift) & 15).bit_length())
            ]
            r = _enumerate(self.vi, avail, self.sticks, self.size)
        self[slice_] = r
        _entries += 1 + (len(r) >> 4)  # an entry per 16 moves
        return r


# Made when first needed, so that importing the engine stays quick:
# _TABLES[(size, value index, capped sticks)]: one table per value, sticks and size.
_TABLES: dict[tuple[int, int, int], _Plays] = {}
#: _ROWS[size][sticks]: per value, weakest first, (mask of the unary hand, table):
#: what the legal set looks up for a seat holding so many sticks (0 to 35).
_ROWS: list[list[tuple[tuple[int, _Plays], ...] | None]] = [
    [None] * (MAX_STICKS + 1) for _ in range(MAX_PLAY + 1)
]


def _table(size: int, vi: int, capped: int) -> _Plays:
    t = _TABLES.get((size, vi, capped))
    if t is None:
        t = _TABLES[size, vi, capped] = _Plays(vi, capped, size)
    return t


def _row(size: int, sticks: int) -> tuple[tuple[int, _Plays], ...]:
    row = _ROWS[size][sticks]
    if row is None:
        tables = [_table(size, vi, min(sticks, _CAP[vi])) for vi in range(len(VALUES))]
        row = _ROWS[size][sticks] = tuple((t.mask, t) for t in tables)
    return row


class _Moves(dict):
    """The plays of one value by their packed faces: the interned Moves, made when first
    asked for."""

    __slots__ = ("value",)

    def __init__(self, value: str) -> None:
        super().__init__()
        self.value = value

    def __missing__(self, packed: int) -> Move:
        m = self[packed] = Move._play_sorted(self.value, tuple(unpack(packed)))
        return m


#: Per value, the plays made so far by their packed faces.
_MOVES: list[_Moves] = [_Moves(v) for v in VALUES]


class _Sets(dict):
    """Whole legal sets (plays, then pass when following) of one kind of turn -- which
    values may be played, of what size, with so many sticks -- by the unary slice of the
    hand that any of those values could use.  A missing one is put together from the
    tables of its values, which mostly know their part already."""

    __slots__ = ("row", "follow", "mask")

    def __init__(self, row: tuple[tuple[int, _Plays], ...], follow: bool) -> None:
        super().__init__()
        self.row = row
        self.follow = follow
        mask = 0
        for m, _plays in row:
            mask |= m
        self.mask = mask

    def __missing__(self, key: int) -> tuple[Move, ...]:
        global _entries
        if _entries >= _CACHE_LIMIT:
            _clear()
        out: list[Move] = []
        for mask, plays in self.row:
            slice_ = key & mask
            if slice_:  # no usable card: no play
                out += plays[slice_]
        if self.follow:
            out.append(PASS)
        r = self[key] = tuple(out)
        _entries += 1 + (len(r) >> 4)  # an entry per 16 moves
        return r


class Kind(list):
    """The legal sets of one kind of turn -- leading, or following ``count`` cards of
    strength ``beat`` in one order, with ``nvalues`` values in play -- by the sticks of
    the seat to move (0 to 35, more counting as 35): each made when first needed
    (:meth:`sets`)."""

    __slots__ = ("nvalues", "beat", "count", "reverse")

    def __init__(self, nvalues: int, beat: int | None, count: int, reverse: bool) -> None:
        super().__init__([None] * (MAX_STICKS + 1))
        self.nvalues = nvalues
        self.beat = beat
        self.count = count
        self.reverse = reverse

    def __reduce__(self) -> tuple:
        # Pickled (a game sent to a worker process) and copied by name: the process's
        # own, shared Kind, never its caches.
        return kind, (self.nvalues, self.beat, self.count, self.reverse)

    def sets(self, sticks: int) -> _Sets:
        """The sets for a seat holding ``sticks`` sticks."""
        sticks = min(sticks, MAX_STICKS)
        made = self[sticks]
        if made is None:
            beat, n = self.beat, self.nvalues
            if beat is None:
                made = _Sets(_row(0, sticks)[:n], False)
            elif self.reverse:
                made = _Sets(_row(self.count, sticks)[:beat], True)
            else:
                made = _Sets(_row(self.count, sticks)[beat + 1 : n], True)
            self[sticks] = made
            _ALL_SETS.append(made)
        return made


_VALUE_COUNTS = (len(shapes.BASE_VALUES), len(shapes.ALL_VALUES))
# _LEAD[nvalues], _UP[nvalues][count][table strength] (normal order),
# _DOWN[count][table strength] (reversed: the same for both decks).
_LEAD = {n: Kind(n, None, 0, False) for n in _VALUE_COUNTS}
_UP = {
    n: [[Kind(n, v, c, False) for v in range(n)] for c in range(MAX_PLAY + 1)]
    for n in _VALUE_COUNTS
}
_DOWN = [[Kind(len(VALUES), v, c, True) for v in range(len(VALUES))] for c in range(MAX_PLAY + 1)]
_ALL_SETS: list[_Sets] = []


def kind(nvalues: int, table_strength: int | None, count: int, reverse: bool) -> Kind:
    """The legal sets of leading (``table_strength`` None) or of following ``count``
    cards of that strength in the normal or reversed order."""
    if table_strength is None:
        return _LEAD[nvalues]
    if reverse:
        return _DOWN[count][table_strength]
    return _UP[nvalues][count][table_strength]


def _clear() -> None:
    global _entries
    for t in _TABLES.values():
        t.clear()
    for sets in _ALL_SETS:
        sets.clear()
    _UNARY.clear()
    _entries = 0


def _enumerate(
    vi: int, avail: list[tuple[int, int, int]], sticks: int, want: int
) -> tuple[Move, ...]:
    """Plays of value ``vi`` of ``want`` cards (0: every size, smallest first) from the
    faces ``avail`` -- (count bit, cost, copies), in notation order.

    Within a size the order is that of a depth-first walk over the faces, taking 1, 2,
    ... copies of each before moving on to later faces only.  The plays of one size
    are built from those one card smaller, in their order: each is followed by itself
    plus one later face (in notation order), then plus one more copy of its last face
    -- which keeps that order, and makes a whole size at a time."""
    moves = _MOVES[vi]
    if want == 1:  # one card: each face on its own
        return tuple(map(moves.__getitem__, map(_FIRST, avail)))
    if want == 2:  # two cards: each face with each later one, then two of it
        pairs: list[int] = []
        add = pairs.append
        for k, (bit, c, have) in enumerate(avail):
            left = sticks - c
            for bit2, c2, _n in avail[k + 1 :]:
                if c2 <= left:
                    add(bit + bit2)
            if have > 1 and c <= left:
                add(2 * bit)
        return tuple(map(moves.__getitem__, pairs))
    top = want or MAX_PLAY
    most = min(max(c for _b, c, _h in avail), sticks)
    later = _later(avail, most)
    # A play in the making: (packed, index of its last face, copies of it, sticks left).
    level = [(bit, k, 1, sticks - c) for k, (bit, c, _have) in enumerate(avail)]
    out = [] if want else [p for p, _k, _n, _b in level]
    for size in range(2, top + 1):
        bigger: list[tuple[int, int, int, int]] = []
        add = bigger.append
        for p, k, n, b in level:
            bit, c, have = avail[k]
            for bit2, c2, k2 in later[k][b if b < most else most]:
                add((p + bit2, k2, 1, b - c2))
            if n < have and c <= b:
                add((p + bit, k, n + 1, b - c))
        if not bigger:
            break
        level = bigger
        if not want or size == want:
            out += map(_FIRST, level)
    return tuple(map(moves.__getitem__, out))


_FIRST = itemgetter(0)
_PACKED = attrgetter("packed")


def _later(avail: list[tuple[int, int, int]], most: int) -> list:
    """``later[k][b]``: the faces after face ``k`` of ``avail`` that ``b`` sticks (at most
    ``most``) can pay for, as (count bit, cost, index)."""
    budgets = range(most + 1)
    nxt: tuple[tuple[tuple[int, int, int], ...], ...] = ((),) * (most + 1)
    later = [nxt] * len(avail)
    for k in range(len(avail) - 1, 0, -1):
        bit, c, _have = avail[k]
        e = (bit, c, k)
        nxt = tuple(((e,) + nxt[b]) if c <= b else nxt[b] for b in budgets)
        later[k - 1] = nxt
    return later


def plays_of_value(value: str, hand: int, sticks: int, size: int = 0) -> tuple[Move, ...]:
    """The plays of ``value`` from a packed hand with so many sticks: of ``size``
    cards, or of every size (smallest first) when ``size`` is 0."""
    mask, plays = _row(size, min(sticks, MAX_STICKS))[VALUE_INDEX[value]]
    slice_ = unary(hand) & mask
    return plays[slice_] if slice_ else ()


def legal_plays(
    hand: int, sticks: int, nvalues: int, table_strength: int | None, count: int, reverse: bool
) -> list[Move]:
    """Every play allowed from this packed hand: any size when leading
    (``table_strength`` None), else ``count`` cards of a value strictly stronger
    under the order."""
    if sticks > MAX_STICKS:
        sticks = MAX_STICKS
    if table_strength is None:
        row = _row(0, sticks)[:nvalues]
    elif reverse:
        row = _row(count, sticks)[:table_strength]
    else:
        row = _row(count, sticks)[table_strength + 1 : nvalues]
    u = unary(hand)
    out: list[Move] = []
    for mask, plays in row:
        slice_ = u & mask
        if slice_:  # no usable card: no play
            out += plays[slice_]
    return out


def legal_set(
    hand: int, sticks: int, nvalues: int, table_strength: int | None, count: int, reverse: bool
) -> tuple[Move, ...]:
    """What :func:`legal_plays` gives, with pass after the plays when following
    (``table_strength`` not None): the whole legal set of a seat that holds cards.

    >>> from .moves import pack
    >>> [m.text for m in legal_set(pack("68"), 0, 16, 7, 1, False)]
    ['1x8: 8', '1x9: 6~', 'pass']
    """
    sets = kind(nvalues, table_strength, count, reverse).sets(sticks)
    return sets[unary(hand) & sets.mask]
