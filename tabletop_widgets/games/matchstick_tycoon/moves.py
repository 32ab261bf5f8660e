"""Matchstick Tycoon moves and their notation (``rules.md`` of this game, "How moves
are written").

A move is ``pass``, ``discard`` or a play ``{count}x{value}: {card} …``.
Moves are small frozen, interned values: equal moves (same value, same
faces) are the same object, so a move equals only itself -- never its text --
and prints in the canonical notation.  :meth:`Move.parse` reads any valid
spelling; text that is not a move at all raises :class:`NotationError`, a
well-formed play that breaks a rule whatever the position (a card that
cannot show the value, a 9 card, six cards) the rule's IllegalMoveError.

>>> m = Move.parse("2x8: 6+b 0+g")
>>> str(m), m.cost, m.faces
('2x8: 0+g 6+b', 2, ('0', '6'))
>>> Move.parse("2X8: 6 0") is m, m == "2x8: 0+g 6+b"
(True, False)
>>> str(Move.parse("1x9: 6"))
'1x9: 6~'
>>> Move.parse("2x8 please")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tabletop_widgets.core.errors.NotationError: “2x8 please” is not a move: write pass, ... (notation)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop_widgets.core.errors import IllegalMoveError, NotationError
from tabletop_widgets.core.i18n import N_, Message, _l

from . import shapes

FACES = shapes.ALL_FACES
VALUES = shapes.ALL_VALUES
FACE_INDEX = {f: i for i, f in enumerate(FACES)}
#: Strength of a value under the normal order (0 weakest).
VALUE_INDEX = {v: i for i, v in enumerate(VALUES)}

# Hands are packed into one int, 4 bits per face: 3 bits of count and a guard
# bit, so "does the hand hold these cards?" is one subtraction (see holds()).
BITS = 4
GUARD = sum(8 << (BITS * i) for i in range(len(FACES)))
MAX_PLAY = 5

# Case-insensitive spellings of values and faces; b and d are lower case in
# the canonical form (a seven-segment B would be an 8, a D a 0).
_VALUE_SPELLING = {v.lower(): v for v in VALUES}
_SEGMENTS_RE = re.compile(r"[a-g]*\Z")


_FACE_BIT = {f: 1 << (BITS * i) for i, f in enumerate(FACES)}


def pack(faces) -> int:
    """Packed count vector of some faces (KeyError for a string that is no face).

    >>> pack("80") == pack(["0", "8"]) == (1 << BITS * FACE_INDEX["8"]) + 1
    True
    """
    return sum(map(_FACE_BIT.__getitem__, faces))


def unpack(hand: int) -> list[str]:
    """Faces of a packed hand, in notation order.

    >>> unpack(pack("8060"))
    ['0', '0', '6', '8']
    """
    return list(faces_of(hand))


class _Quarter(dict):
    """The faces of one group of four faces (16 bits of a packed hand), by those bits,
    in notation order (filled in as met: a few hundred at most)."""

    __slots__ = ("first",)

    def __init__(self, first: int) -> None:
        super().__init__()
        self.first = first

    def __missing__(self, bits: int) -> tuple[str, ...]:
        r = tuple(FACES[self.first + k] for k in range(4) for _ in range((bits >> (BITS * k)) & 7))
        self[bits] = r
        return r


_Q0, _Q1, _Q2, _Q3 = (_Quarter(i) for i in range(0, len(FACES), 4))


_FACES_OF: dict[int, tuple[str, ...]] = {}


def faces_of(hand: int) -> tuple[str, ...]:
    """Faces of a packed hand as a tuple, in notation order (memoised: bots read
    their hand at every move, and hands repeat)."""
    r = _FACES_OF.get(hand)
    if r is None:
        r = _Q0[hand & 0xFFFF] + _Q1[hand >> 16 & 0xFFFF] + _Q2[hand >> 32 & 0xFFFF]
        r += _Q3[hand >> 48]
        if len(_FACES_OF) >= 20_000:  # within a game hands come back; keep it small
            _FACES_OF.clear()
        _FACES_OF[hand] = r
    return r


def holds(hand: int, cards: int) -> bool:
    """True if the packed ``hand`` contains every card of packed ``cards``."""
    return ((hand | GUARD) - cards) & GUARD == GUARD


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card as written in a play: its face, and optionally how it is transformed.

    ``turned`` None means "either way"; ``added`` None means "whatever it needs".
    """

    face: str
    turned: bool | None
    added: str | None

    def makes(self, value: str) -> bool:
        """Whether this spelling of the card yields exactly ``value``'s shape."""
        target = shapes.GLYPH_MASKS[value]
        orientations = (False, True) if self.turned is None else (self.turned,)
        for turned in orientations:
            printed = shapes.face_mask(self.face, turned)
            if self.added is None:
                if printed & target == printed:
                    return True
            else:
                extra = shapes.mask(self.added)
                if not printed & extra and printed | extra == target:
                    return True
        return False


class _MoveFields:
    """The fields of a move, writable only while :meth:`Move._make` fills them in."""

    __slots__ = ("kind", "value", "faces", "count", "cost", "packed", "strength", "text")


class Move(_MoveFields):
    """A move: ``pass``, ``discard`` or a play of cards acting as one value.

    Build plays with :meth:`Move.play` or :meth:`Move.parse`; they are interned,
    so equal moves are identical objects (equality and hashing are identity's,
    and a move is never equal to a string).  Moves are frozen.

    Fields:

    * ``kind``: ``"play"``, ``"pass"`` or ``"discard"``.
    * ``value``: The value the cards act as (``"8"``); None for a pass or a discard.
    * ``faces``: The cards played, as faces in notation order (empty for a pass).
    * ``count``: How many cards.
    * ``cost``: The matchsticks it lays (0 for a pass or a discard).
    * ``packed``: The faces packed into one number (for fast hand arithmetic).
    * ``strength``: The value's rank in the normal order (0 the weakest; -1 for a pass
      or a discard); a game's ``strength(value)`` gives it under the current order.
    * ``text``: The notation, as ``str(move)`` prints it.
    """

    __slots__ = ()

    kind: str
    value: str | None
    faces: tuple[str, ...]
    count: int
    cost: int
    packed: int
    strength: int
    text: str

    _interned: dict = {}

    def __new__(cls, *args, **kwargs):  # pragma: no cover - guarded constructor
        raise TypeError("use Move.play(value, faces), Move.parse(text), PASS or DISCARD")

    @classmethod
    def _make(cls, kind: str, value: str | None = None, faces: tuple[str, ...] = ()) -> Move:
        # Filled in as a plain _MoveFields (fast attribute stores), then made a frozen Move.
        m = object.__new__(_MoveFields)
        m.kind = kind
        m.value = value
        m.faces = faces
        m.count = len(faces)
        if kind == "play":
            cards = [_card(f, value) for f in faces]  # type: ignore[arg-type]
            m.cost = sum(c for _t, c in cards)
            m.packed = pack(faces)
            m.strength = VALUE_INDEX[value]
            m.text = f"{m.count}x{value}: " + " ".join(t for t, _c in cards)
        else:
            m.cost = 0
            m.packed = 0
            m.strength = -1
            m.text = kind
        m.__class__ = cls
        return m  # type: ignore[return-value]

    @classmethod
    def parse(cls, text: object, expansion: int = 4) -> Move:
        """The move ``text`` names, in any valid spelling (a Move is returned as it is).

        NotationError for anything that is not a move; the rule's IllegalMoveError
        for a play no position allows (MT-1, MT-3, MT-5), see :func:`parse_move`.

        >>> Move.parse("pass") is PASS, Move.parse(" 1XF: 1~+GA ").text
        (True, '1xF: 1~+ag')
        """
        return parse_move(text, expansion)

    @classmethod
    def play(cls, value: str, faces) -> Move:
        """The play of ``faces`` acting as ``value`` (each face must be able to).

        >>> Move.play("8", ["6", "0"]).text
        '2x8: 0+g 6+b'
        """
        key = (value, tuple(sorted(faces, key=FACE_INDEX.__getitem__)))
        m = cls._interned.get(key)
        if m is None:
            if value not in VALUE_INDEX:
                raise ValueError(f"unknown value {value!r}")
            for f in key[1]:
                if f not in FACE_INDEX:
                    raise ValueError(f"unknown face {f!r}")
                if shapes.transform(f, value) is None:
                    raise ValueError(f"card {f} cannot act as {value}")
            if not 1 <= len(key[1]) <= MAX_PLAY:
                raise ValueError("a play has 1 to 5 cards")
            m = cls._make("play", value, key[1])
            cls._interned[key] = m
        return m

    @classmethod
    def _play_sorted(cls, value: str, faces: tuple[str, ...]) -> Move:
        """Move.play for faces already in notation order and known to reach value."""
        m = cls._interned.get((value, faces))
        if m is None:
            m = cls._interned[(value, faces)] = cls._make("play", value, faces)
        return m

    @property
    def is_play(self) -> bool:
        """True for a play of cards (not a pass or a discard)."""
        return self.kind == "play"

    def cards(self) -> list[tuple[str, bool, str]]:
        """Each card as (face, turned, added segments), canonical.

        >>> Move.play("F", ["1"]).cards()
        [('1', True, 'ag')]
        """
        return [(f, *shapes.transform(f, self.value)) for f in self.faces]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Move is frozen: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Move is frozen: cannot delete {name}")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    def __reduce__(self):
        # Pickle through the notation so unpickled moves are interned again.
        return (parse_move, (self.text,))

    def _repr_svg_(self) -> str:
        from .render import move_svg

        return move_svg(self)


_CARDS: dict[tuple[str, str], tuple[str, int]] = {}


def _card(face: str, value: str) -> tuple[str, int]:
    """The notation of ``face`` played as ``value`` and its stick cost (remembered:
    move generation makes moves by the thousand)."""
    card = _CARDS.get((face, value))
    if card is None:
        cost = shapes.segment_count(value) - shapes.segment_count(face)
        card = _CARDS[face, value] = (shapes.card_text(face, value), cost)
    return card


PASS = Move._make("pass")
DISCARD = Move._make("discard")

_PLAY_RE = re.compile(r"\s*(\d+)\s*[xX]\s*([0-9A-Za-z])\s*:\s*(.*?)\s*\Z", re.S)
_CARD_RE = re.compile(r"([0-9A-Za-z])(~?)(?:\+([A-Za-z]*))?\Z")


@dataclass(frozen=True, slots=True)
class ParsedPlay:
    """A play as written, before any check against a position."""

    count: int
    value: str
    cards: tuple[CardSpec, ...]


def _face(ch: str, text: str) -> str:
    if ch in FACE_INDEX:
        return ch
    up, low = ch.upper(), ch.lower()
    if ch in "9eE":
        shown = "6" if ch == "9" else "3"
        raise IllegalMoveError(
            "MT-1",
            _l(
                "There is no {face} card: the {real} card turned over reads {face}; "
                "write it as {written}.",
                face="9" if ch == "9" else "E",
                real=shown,
                written=shown + "~",
            ),
        )
    for cand in (up, low):
        if cand in FACE_INDEX:
            return cand
    raise NotationError(_l("“{char}” in “{text}” is not a card face.", char=ch, text=text[:40]))


def parse_raw(text: str) -> Move | ParsedPlay:
    """Read move text without any game context: PASS, DISCARD or a ParsedPlay.

    Raises NotationError for text (or any value) that is not a move.
    """
    if not isinstance(text, str):
        raise NotationError(_l("A move is text, not {kind}.", kind=type(text).__name__))
    word = text.strip().lower()
    if word == "pass":
        return PASS
    if word == "discard":
        return DISCARD
    m = _PLAY_RE.match(text)
    if not m:
        raise NotationError(
            _l(
                "“{text}” is not a move: write {pass_}, {discard} or a play like {example}.",
                text=text[:40],
                pass_="pass",
                discard="discard",
                example="2x8: 0+g 6+b",
            ),
        )
    count_s, value_s, cards_s = m.groups()
    value = _VALUE_SPELLING.get(value_s.lower())
    if value is None:
        raise NotationError(
            _l(
                "“{text}” is not a value ({values}).",
                text=value_s,
                values="0-9, A, b, C, d, E, F, G, H",
            )
        )
    specs = []
    for tok in cards_s.split():
        cm = _CARD_RE.match(tok)
        if not cm:
            raise NotationError(
                _l(
                    "“{text}” is not a card: write a face, ~ if turned, +segments.",
                    text=tok[:20],
                )
            )
        face = _face(cm.group(1), text)
        added = cm.group(3)
        if added is not None:
            added = added.lower()
            if not _SEGMENTS_RE.match(added) or len(set(added)) != len(added):
                raise NotationError(
                    _l("“{text}”: added segments are distinct letters a to g.", text=tok[:20])
                )
            added = "".join(sorted(added))
        turned: bool | None = True if cm.group(2) else (None if added is None else False)
        specs.append(CardSpec(face, turned, added))
    count = int(count_s) if len(count_s) < 4 else 10**4
    if count != len(specs):
        raise NotationError(
            _l(
                "The play says {count} cards but lists {listed}.",
                count=count_s[:4],
                listed=len(specs),
            )
        )
    return ParsedPlay(count, value, tuple(specs))


#: MT-3's refusals for one card, by (turned over, sticks added); {hint} is a sentence.
_SHAPE_REFUSALS = {
    (False, False): N_("The {face} card cannot become {value}. {hint}"),
    (True, False): N_("The {face} card turned over cannot become {value}. {hint}"),
    (False, True): N_("The {face} card with sticks on {added} does not show {value}. {hint}"),
    (True, True): N_(
        "The {face} card turned over with sticks on {added} does not show {value}. {hint}"
    ),
}


def shape_error(value: str, cards: tuple[CardSpec, ...], expansion: int) -> Message | None:
    """Why these cards cannot act as ``value`` (MT-3), or None if they can."""
    if not shapes.is_value(value, expansion):
        return _l(
            "{value} is not a value in this game: G and H exist only with the expansion.",
            value=value,
        )
    for spec in cards:
        if not spec.makes(value):
            msgid = _SHAPE_REFUSALS[bool(spec.turned), bool(spec.added)]
            hint = _reach_hint(spec.face, value, expansion)
            return Message(msgid, face=spec.face, value=value, added=spec.added or "", hint=hint)
    return None


def _reach_hint(face: str, value: str, expansion: int) -> Message:
    t = shapes.transform(face, value)
    if t is not None:
        return _l("Write it as {text}.", text=shapes.card_text(face, value))
    reach = ", ".join("".join(shapes.reachable(face, expansion)))
    return _l("Sticks are only added, never removed: it can act as {values}.", values=reach)


def parse_move(text: object, expansion: int = 4) -> Move:
    """Parse any valid spelling of a move into its canonical Move (no position checks).

    NotationError for what is not a move; IllegalMoveError citing the rule for a
    play that no position allows (a card that cannot show the value, MT-3; a play
    of 0 or more than 5 cards, MT-5; a 9 or E card, MT-1).

    >>> parse_move("1xF: 1~+ga").text
    '1xF: 1~+ag'
    >>> parse_move("1x1: 8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tabletop_widgets.core.errors.IllegalMoveError: The 8 card cannot become 1. ... (MT-3)
    """
    if isinstance(text, Move):
        return text
    raw = parse_raw(text)
    if isinstance(raw, Move):
        return raw
    if not 1 <= raw.count <= MAX_PLAY:
        raise IllegalMoveError("MT-5", _l("A play has 1 to 5 cards, not {n}.", n=raw.count))
    why = shape_error(raw.value, raw.cards, expansion)
    if why:
        raise IllegalMoveError("MT-3", why)
    return Move.play(raw.value, [c.face for c in raw.cards])
