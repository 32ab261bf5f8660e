"""Matchstick Tycoon positions as JSON (each field is described on :class:`Position`),
read with full validation.

>>> p = Position.from_json({"players": 2, "expansion": 0, "hands": [["8"], ["1", "0"]],
...     "sticks": [1, 1], "table": None, "order": "normal", "to_move": 0,
...     "out": [], "passed": []})
>>> p.hands
(('8',), ('0', '1'))
>>> Position.from_json({**p.to_json(), "to_move": 5})
Traceback (most recent call last):
...
tabletop_widgets.core.errors.PositionError: to_move: must be a seat number from 0 to 1
>>> Position.from_json({**p.to_json(), "hands": [["8"], ["9"]]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tabletop_widgets.core.errors.PositionError: hands[1][0]: '9' is not a card face (the 6 turned ...

Every field is required, unknown fields are refused, and the error's ``field``
starts with the bad key (``hands[1][0]``, ``table.player``).  Each check is a
small named function below, in the order the fields are read.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from tabletop_widgets.core.errors import PositionError, key_name, shown
from tabletop_widgets.core.i18n import Message, _l

from . import shapes
from .moves import FACE_INDEX

FIELDS = ("players", "expansion", "hands", "sticks", "table", "order", "to_move", "out", "passed")
TABLE_FIELDS = ("value", "count", "player")


class Hand(tuple):
    """The faces a seat holds, in notation order; shows itself as its cards in Jupyter.

    A tuple of face strings (``Hand(("0", "6")) == ("0", "6")``).

    >>> Hand(("0", "6"))._repr_svg_().count('aria-label="card ')
    2
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Hand({' '.join(self)!r})"

    def _repr_svg_(self) -> str:
        from .render import hand_svg

        return hand_svg(list(self), width=48, per_row=15)


@dataclass(frozen=True, slots=True)
class Table:
    """The last play of the current trick: what it acts as, how many cards, who played it.

    Fields:

    * ``value``: The value the cards act as (``"8"``, ``"F"``).
    * ``count``: How many cards (1 to 5): the next play must have as many.
    * ``player``: The seat that made it (counted from 0).
    """

    value: str
    count: int
    player: int

    def to_json(self) -> dict:
        """JSON-ready: ``{"value": …, "count": …, "player": …}``."""
        return {"value": self.value, "count": self.count, "player": self.player}

    @classmethod
    def from_json(cls, data: object, players: int, expansion: int) -> Table | None:
        """A table read from JSON (None for an empty table); PositionError names the field."""
        if data is None:
            return None
        if not isinstance(data, dict):
            raise PositionError(
                "table",
                _l(
                    "must be null or {fields}, not {value}",
                    fields="{value, count, player}",
                    value=shown(data),
                ),
            )
        for k in TABLE_FIELDS:
            if k not in data:
                raise PositionError(f"table.{k}", _l("is missing"))
        for k in data:
            if k not in TABLE_FIELDS:
                raise PositionError(
                    f"table.{key_name(k)}",
                    _l("is not a field of the table ({fields})", fields="value, count, player"),
                )
        value = data["value"]
        if not shapes.is_value(value, expansion):
            raise PositionError(
                "table.value", _l("{value} is not a value in this game", value=shown(value))
            )
        count = _int(data["count"], "table.count", 1, 5, _l("a play has 1 to 5 cards"))
        return cls(value, count, _seat(data["player"], "table.player", players))


@dataclass(frozen=True, slots=True)
class Position:
    """Everything that decides the rest of the game; its JSON has the same fields.

    Build from JSON with :meth:`from_json`, which validates.  Seats are counted from 0.

    Fields:

    * ``players``: The number of seats (2 to 8).
    * ``expansion``: Copies of each expansion card, G and H (0, 2 or 4; MT-1).
    * ``hands``: Each seat's cards as faces (``"0"`` … ``"8"``, ``"A"``, ``"b"``, ``"C"``,
      ``"d"``, ``"F"``, ``"G"``, ``"H"``), sorted in notation order; ``hand.count("F")``
      counts a seat's F cards.
    * ``sticks``: The matchsticks each seat holds.
    * ``table``: The last play of the current trick (:class:`Table`), None when the
      next player leads.
    * ``order``: ``"normal"`` or ``"reversed"`` (after a revolution, MT-7).
    * ``to_move``: The seat to play.
    * ``out``: The seats that have gone out, first out first (MT-8).
    * ``passed``: The seats that passed (or discarded) since the last play, in that order.
    """

    players: int
    expansion: int
    hands: tuple[tuple[str, ...], ...]
    sticks: tuple[int, ...]
    table: Table | None
    order: str
    to_move: int
    out: tuple[int, ...]
    passed: tuple[int, ...]

    @staticmethod
    def _of(
        players: int,
        expansion: int,
        hands: tuple[tuple[str, ...], ...],
        sticks: tuple[int, ...],
        table: Table | None,
        order: str,
        to_move: int,
        out: tuple[int, ...],
        passed: tuple[int, ...],
    ) -> Position:
        """``Position(...)`` without the frozen dataclass's slow ``__init__`` (deals,
        re-deals and the reader make many): a plain object with the same slots is
        filled in, then becomes a Position.  It checks nothing, like ``__init__``."""
        pos = _new(_Fields)
        pos.players = players
        pos.expansion = expansion
        pos.hands = hands
        pos.sticks = sticks
        pos.table = table
        pos.order = order
        pos.to_move = to_move
        pos.out = out
        pos.passed = passed
        pos.__class__ = Position
        return pos  # type: ignore[return-value]

    @property
    def is_over(self) -> bool:
        """Only one seat is left in."""
        return len(self.out) >= self.players - 1

    def to_json(self) -> dict:
        """JSON-ready dict with the fields in the order above."""
        return {
            "players": self.players,
            "expansion": self.expansion,
            "hands": [list(h) for h in self.hands],
            "sticks": list(self.sticks),
            "table": None if self.table is None else self.table.to_json(),
            "order": self.order,
            "to_move": self.to_move,
            "out": list(self.out),
            "passed": list(self.passed),
        }

    def dumps(self, **kwargs) -> str:
        """The position as a JSON string."""
        return json.dumps(self.to_json(), **kwargs)

    @classmethod
    def loads(cls, text: str) -> Position:
        """Read a position from a JSON string (PositionError if it is not JSON)."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise PositionError("position", _l("not valid JSON ({error})", error=str(e))) from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: object) -> Position:
        """Validate and read a position; PositionError names the first bad field."""
        if isinstance(data, Position):
            return data
        return _read(data)

    def _repr_svg_(self) -> str:
        from .render import position_svg

        return position_svg(self)


class _Fields:
    """Position's slots on a plain class (same layout, so it may become one)."""

    __slots__ = Position.__slots__


_new = object.__new__


# -- reading ------------------------------------------------------------------


def _read(data: object) -> Position:
    """Every field in turn, then what could not arise in a game."""
    _check_keys(data)
    assert isinstance(data, dict)
    players = _int(data["players"], "players", 2, 8, "must be 2 to 8 seats")
    expansion = _expansion(data["expansion"])
    hands = _hands(data["hands"], players, expansion)
    sticks = _sticks(data["sticks"], players)
    table = Table.from_json(data["table"], players, expansion)
    order = _order(data["order"])
    to_move = _seat(data["to_move"], "to_move", players)
    out = _seats(data["out"], "out", players)
    passed = _seats(data["passed"], "passed", players)
    pos = Position._of(players, expansion, hands, sticks, table, order, to_move, out, passed)
    _check_out(pos)
    _check_trick(pos)
    return pos


def _check_keys(data: object) -> None:
    if not isinstance(data, dict):
        raise PositionError(
            "position", _l("must be a JSON object, not {kind}", kind=type(data).__name__)
        )
    for f in FIELDS:
        if f not in data:
            raise PositionError(f, _l("is missing"))
    for f in data:
        if f not in FIELDS:
            raise PositionError(key_name(f), _l("is not a field of a position"))


def _int(v: object, field: str, lo: int, hi: int | None = None, what: Message | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise PositionError(field, _l("must be a whole number, not {value}", value=shown(v)))
    if v < lo or (hi is not None and v > hi):
        raise PositionError(field, what or _l("must be between {lo} and {hi}", lo=lo, hi=hi))
    return v


def _seat(v: object, field: str, players: int) -> int:
    return _int(
        v, field, 0, players - 1, _l("must be a seat number from 0 to {last}", last=players - 1)
    )


def _list(v: object, field: str, length: int | None = None) -> list:
    if not isinstance(v, list):
        raise PositionError(field, _l("must be a list, not {kind}", kind=type(v).__name__))
    if length is not None and len(v) != length:
        raise PositionError(
            field,
            _l("must have one entry per seat ({length}), not {count}", length=length, count=len(v)),
        )
    return v


def _seats(v: object, field: str, players: int) -> tuple[int, ...]:
    seats = tuple(_seat(s, f"{field}[{i}]", players) for i, s in enumerate(_list(v, field)))
    if len(set(seats)) != len(seats):
        raise PositionError(field, _l("lists a seat twice"))
    return seats


def _expansion(v: object) -> int:
    if isinstance(v, bool) or v not in (0, 2, 4):
        raise PositionError(
            "expansion", _l("must be 0, 2 or 4 (copies of G and H), not {value}", value=shown(v))
        )
    return v  # type: ignore[return-value]


#: Per expansion: the card faces (a set, for a quick check of a whole hand) and the deck.
_FACES = {e: frozenset(shapes.faces_in_deck(e)) for e in (0, 2, 4)}
_DECKS = {e: Counter(shapes.deck(e)) for e in (0, 2, 4)}


def _check_face(f: object, field: str, expansion: int) -> None:
    if not shapes.is_face(f, expansion):
        if f in ("9", "E"):
            why = _l(
                "{value} is not a card face (the 6 turned over reads 9, the 3 turned over reads E)",
                value=shown(f),
            )
        elif f in ("G", "H"):
            why = _l("{value} is not a card face (G and H need the expansion)", value=shown(f))
        else:
            why = _l("{value} is not a card face", value=shown(f))
        raise PositionError(field, why)


def _hand(v: object, s: int, expansion: int) -> tuple[str, ...]:
    faces = _list(v, f"hands[{s}]")
    try:
        known = _FACES[expansion].issuperset(faces)
    except TypeError:  # an unhashable entry (a list, an object)
        known = False
    if not known:
        for i, f in enumerate(faces):
            _check_face(f, f"hands[{s}][{i}]", expansion)
    return tuple(sorted(faces, key=FACE_INDEX.__getitem__))


def _hands(v: object, players: int, expansion: int) -> tuple[tuple[str, ...], ...]:
    hands = tuple(_hand(h, s, expansion) for s, h in enumerate(_list(v, "hands", players)))
    _check_copies(hands, expansion)
    return hands


def _check_copies(hands: tuple[tuple[str, ...], ...], expansion: int) -> None:
    """MT-1: no more copies of a face than the deck has."""
    over = Counter(f for h in hands for f in h) - _DECKS[expansion]
    for f in over:
        n, limit = over[f] + _DECKS[expansion][f], _DECKS[expansion][f]
        raise PositionError(
            "hands",
            _l("hold {n} copies of {face}; the deck has only {limit}", n=n, face=f, limit=limit),
        )


def _sticks(v: object, players: int) -> tuple[int, ...]:
    return tuple(
        _int(n, f"sticks[{s}]", 0, None, _l("cannot be negative"))
        for s, n in enumerate(_list(v, "sticks", players))
    )


def _order(v: object) -> str:
    if v not in ("normal", "reversed"):
        raise PositionError(
            "order",
            _l("must be {a} or {b}, not {value}", a="'normal'", b="'reversed'", value=shown(v)),
        )
    return v  # type: ignore[return-value]


# -- what could not arise in a game -------------------------------------------------------


def _check_out(p: Position) -> None:
    """MT-8: who is out holds nothing, who holds nothing is out, the seat to move is in."""
    if len(p.out) > p.players - 1:
        raise PositionError("out", _l("at least one seat is always left in (the last place)"))
    for s in p.out:
        if p.hands[s] or p.sticks[s]:
            raise PositionError(
                "out", _l("seat {number} is out but still holds cards or sticks", number=s + 1)
            )
    for s in range(p.players):
        if s not in p.out and not p.hands[s] and not p.sticks[s]:
            raise PositionError(
                f"hands[{s}]",
                _l("seat {number} has no cards and no sticks, so it is out (MT-8)", number=s + 1),
            )
    if p.to_move in p.out:
        raise PositionError(
            "to_move", _l("seat {number} is out and cannot be to move", number=p.to_move + 1)
        )


def _check_trick(p: Position) -> None:
    """MT-5, MT-6: the table and the seats that passed since its last play."""
    if p.table is None:
        if p.passed:
            raise PositionError("passed", _l("must be empty while the table is empty"))
        return
    if p.is_over:
        raise PositionError("table", _l("the game is over, so the table is clear"))
    if p.table.player == p.to_move:
        raise PositionError("table.player", _l("the trick would have ended: everybody else passed"))
    if p.to_move in p.passed:
        raise PositionError("passed", _l("the seat to move cannot have passed since the last play"))
    if p.table.player in p.passed:
        raise PositionError("passed", _l("the seat that made the last play has not passed since"))
    _check_passed_between(p)


def _check_passed_between(p: Position) -> None:
    """Seats strictly between the last player and the seat to move all acted (passed or
    discarded) since the last play, unless out; nobody else did."""
    assert p.table is not None
    between = []
    s = (p.table.player + 1) % p.players
    while s != p.to_move:
        between.append(s)
        s = (s + 1) % p.players
    for s in p.passed:
        if s not in between:
            raise PositionError(
                "passed",
                _l(
                    "seat {number} cannot have passed: it has not had a turn since the last play",
                    number=s + 1,
                ),
            )
    for s in between:
        if s not in p.out and s not in p.passed:
            raise PositionError(
                "passed",
                _l(
                    "seat {number} had a turn since the last play, so it must have passed",
                    number=s + 1,
                ),
            )
