"""Seven-segment shapes: the single source of truth for glyphs, turns and costs.

Segments are named as on a display datasheet: ``a`` top, ``b`` upper right,
``c`` lower right, ``d`` bottom, ``e`` lower left, ``f`` upper left,
``g`` middle.  Internally a shape is a 7-bit mask (``a`` = bit 0).

>>> shows("6", turned=False, added="b")
'8'
>>> shows("6", turned=True)
'9'
>>> shows("1", turned=True, added="ag")
'F'
>>> cost("1", "F")
2
>>> "".join(reachable("7", expansion=0))
'036789AbCE'
"""

from __future__ import annotations

from functools import cache

SEGMENTS = "abcdefg"

#: Segment set of every value (rules: "Segments and shapes").
GLYPHS: dict[str, str] = {
    "0": "abcdef",
    "1": "bc",
    "2": "abdeg",
    "3": "abcdg",
    "4": "bcfg",
    "5": "acdfg",
    "6": "acdefg",
    "7": "abc",
    "8": "abcdefg",
    "9": "abcdfg",
    "A": "abcefg",
    "b": "cdefg",
    "C": "adef",
    "d": "bcdeg",
    "E": "adefg",
    "F": "aefg",
    # Expansion values (interpretation: shapes).
    "G": "acdef",
    "H": "bcefg",
}

#: Values weakest first under the normal order (MT-2); G and H only with the expansion.
BASE_VALUES = "0123456789AbCdEF"
EXPANSION_VALUES = "GH"
ALL_VALUES = BASE_VALUES + EXPANSION_VALUES

#: Card faces of the deck (MT-1): there are no 9 or E cards.
BASE_FACES = "012345678AbCdF"
ALL_FACES = BASE_FACES + EXPANSION_VALUES

#: The 180° turn maps a<->d, b<->e, c<->f and keeps g.
TURN: dict[str, str] = {"a": "d", "b": "e", "c": "f", "d": "a", "e": "b", "f": "c", "g": "g"}

#: Where each segment sits, for renderers: (x1, y1, x2, y2) in a 1 x 2 box, y down.
SEGMENT_LINES: dict[str, tuple[float, float, float, float]] = {
    "a": (0.0, 0.0, 1.0, 0.0),
    "b": (1.0, 0.0, 1.0, 1.0),
    "c": (1.0, 1.0, 1.0, 2.0),
    "d": (0.0, 2.0, 1.0, 2.0),
    "e": (0.0, 1.0, 0.0, 2.0),
    "f": (0.0, 0.0, 0.0, 1.0),
    "g": (0.0, 1.0, 1.0, 1.0),
}


def mask(segments: str) -> int:
    """Bit mask of a segment string; raises ValueError on unknown letters.

    >>> mask("ab")
    3
    """
    m = 0
    for s in segments:
        i = SEGMENTS.find(s)
        if i < 0:
            raise ValueError(f"unknown segment {s!r}: segments are a to g")
        m |= 1 << i
    return m


def letters(m: int) -> str:
    """Segment string (alphabetical) of a mask.

    >>> letters(0b1000001)
    'ag'
    """
    return "".join(s for i, s in enumerate(SEGMENTS) if m >> i & 1)


def turn_mask(m: int) -> int:
    """The mask after a 180° turn."""
    out = 0
    for i, s in enumerate(SEGMENTS):
        if m >> i & 1:
            out |= 1 << SEGMENTS.index(TURN[s])
    return out


GLYPH_MASKS: dict[str, int] = {v: mask(s) for v, s in GLYPHS.items()}
VALUE_OF_MASK: dict[int, str] = {m: v for v, m in GLYPH_MASKS.items()}
assert len(VALUE_OF_MASK) == len(GLYPHS), "two values share a shape"


def values_in_play(expansion: int = 0) -> str:
    """Values weakest first (normal order) for a game with this expansion."""
    return ALL_VALUES if expansion else BASE_VALUES


def faces_in_deck(expansion: int = 0) -> str:
    """Card faces in the order the notation sorts them."""
    return ALL_FACES if expansion else BASE_FACES


def is_value(value: object, expansion: int = 0) -> bool:
    """True if ``value`` is one value in play (a single character, not a substring).

    >>> is_value("G", 0), is_value("G", 2), is_value("", 0)
    (False, True, False)
    """
    return isinstance(value, str) and len(value) == 1 and value in values_in_play(expansion)


def is_face(face: object, expansion: int = 0) -> bool:
    """True if ``face`` is a card face of the deck.

    >>> is_face("9"), is_face("6"), is_face("01")
    (False, True, False)
    """
    return isinstance(face, str) and len(face) == 1 and face in faces_in_deck(expansion)


def deck(expansion: int = 0) -> list[str]:
    """The whole deck (MT-1): 4 copies of each base face, ``expansion`` copies of G and H.

    >>> len(deck(0)), len(deck(4))
    (56, 64)
    """
    return list(_deck(expansion))


@cache
def _deck(expansion: int) -> tuple[str, ...]:
    return tuple(f for f in BASE_FACES for _ in range(4)) + tuple(
        f for f in EXPANSION_VALUES for _ in range(expansion)
    )


def copies_in_deck(face: str, expansion: int = 0) -> int:
    """How many copies of a face the deck holds (0 if it has none)."""
    if is_face(face, 0):
        return 4
    return expansion if is_face(face, expansion) else 0


def face_mask(face: str, turned: bool = False) -> int:
    """The printed segments of a face, turned over or not."""
    m = GLYPH_MASKS[face]
    return turn_mask(m) if turned else m


def shows(face: str, turned: bool = False, added: str = "", expansion: int = 4) -> str | None:
    """The value a face shows, turned or not and with added segments, or None.

    Segments added on printed ones do not count as a valid transformation
    (sticks go on *empty* segments only), so that also gives None.
    """
    printed = face_mask(face, turned)
    extra = mask(added)
    if printed & extra:
        return None
    value = VALUE_OF_MASK.get(printed | extra)
    if value is None or not is_value(value, expansion):
        return None
    return value


def segment_count(value_or_face: str) -> int:
    """Number of segments in a value's glyph."""
    return len(GLYPHS[value_or_face])


def transform(face: str, value: str) -> tuple[bool, str] | None:
    """Canonical way to make ``value`` from ``face``: (turned, added segments), or None.

    Upright whenever upright works, turned over only when it must be
    (the canonical form the notation writes).

    >>> transform("6", "8")
    (False, 'b')
    >>> transform("6", "9")
    (True, '')
    >>> transform("8", "0") is None
    True
    """
    target = GLYPH_MASKS[value]
    for turned in (False, True):
        printed = face_mask(face, turned)
        if printed & target == printed:
            return turned, letters(target & ~printed)
    return None


def cost(face: str, value: str) -> int | None:
    """Sticks needed to make ``value`` from ``face`` (None if it cannot)."""
    if transform(face, value) is None:
        return None
    return segment_count(value) - segment_count(face)


@cache
def reachable(face: str, expansion: int = 4) -> dict[str, int]:
    """Every value a face can act as, with its stick cost.

    >>> reachable("8", 0)
    {'8': 0}
    """
    out = {}
    for v in values_in_play(expansion):
        c = cost(face, v)
        if c is not None:
            out[v] = c
    return out


def card_text(face: str, value: str) -> str:
    """Canonical notation of one card played as ``value``: ``6``, ``6~``, ``1~+ag``.

    >>> card_text("1", "F")
    '1~+ag'
    """
    t = transform(face, value)
    if t is None:
        raise ValueError(f"face {face} cannot act as {value}")
    turned, added = t
    return face + ("~" if turned else "") + ("+" + added if added else "")
