"""Matchstick Tycoon positions: the JSON of formats.md, read with full validation.

>>> p = Position.from_json({"players": 2, "expansion": 0, "hands": [["8"], ["1", "0"]],
...     "sticks": [1, 1], "table": None, "order": "normal", "to_move": 0,
...     "out": [], "passed": []})
>>> p.hands
(('8',), ('0', '1'))
>>> Position.from_json({**p.to_json(), "to_move": 5})
Traceback (most recent call last):
...
tabletop_widgets.core.errors.PositionError: to_move: must be a seat number from 0 to 1
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from tabletop_widgets.core.errors import PositionError, key_name

from . import shapes
from .moves import FACE_INDEX

FIELDS = ("players", "expansion", "hands", "sticks", "table", "order", "to_move", "out", "passed")


@dataclass(frozen=True, slots=True)
class Table:
    """The last play of the current trick: what it acts as, how many cards, who played it."""

    value: str
    count: int
    player: int

    def to_json(self) -> dict:
        return {"value": self.value, "count": self.count, "player": self.player}


@dataclass(frozen=True, slots=True)
class Position:
    """Everything that decides the rest of the game (formats.md).

    ``hands`` are sorted in notation order; ``passed`` keeps the order in which
    seats passed.  Build from JSON with :meth:`from_json`, which validates.
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

    @property
    def is_over(self) -> bool:
        """Only one seat is left in."""
        return len(self.out) >= self.players - 1

    def to_json(self) -> dict:
        """JSON-ready dict in the field order of formats.md."""
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
            raise PositionError("position", f"not valid JSON ({e})") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: object) -> Position:
        """Validate and read a position; PositionError names the first bad field."""
        return _read(data)


def _int(v: object, field: str, lo: int, hi: int | None = None, what: str = "") -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise PositionError(field, f"must be a whole number, not {v!r}"[:120])
    if v < lo or (hi is not None and v > hi):
        raise PositionError(field, what or f"must be between {lo} and {hi}")
    return v


def _list(v: object, field: str, length: int | None = None) -> list:
    if not isinstance(v, list):
        raise PositionError(field, f"must be a list, not {type(v).__name__}")
    if length is not None and len(v) != length:
        raise PositionError(field, f"must have one entry per seat ({length}), not {len(v)}")
    return v


def _seats(v: object, field: str, players: int) -> tuple[int, ...]:
    seats = tuple(
        _int(s, f"{field}[{i}]", 0, players - 1, f"must be a seat number from 0 to {players - 1}")
        for i, s in enumerate(_list(v, field))
    )
    if len(set(seats)) != len(seats):
        raise PositionError(field, "lists a seat twice")
    return seats


def _read(data: object) -> Position:
    if not isinstance(data, dict):
        raise PositionError("position", "must be a JSON object")
    for f in FIELDS:
        if f not in data:
            raise PositionError(f, "is missing")
    for f in data:
        if f not in FIELDS:
            raise PositionError(key_name(f), "is not a field of a position")

    players = _int(data["players"], "players", 2, 8, "must be 2 to 8 seats")
    expansion = data["expansion"]
    if isinstance(expansion, bool) or expansion not in (0, 2, 4):
        raise PositionError(
            "expansion", f"must be 0, 2 or 4 (copies of G and H), not {expansion!r}"
        )

    hands = []
    for s, hand in enumerate(_list(data["hands"], "hands", players)):
        for i, f in enumerate(_list(hand, f"hands[{s}]")):
            if not shapes.is_face(f, expansion):
                hint = (
                    " (the 6 turned over reads 9, the 3 turned over reads E)"
                    if f in ("9", "E")
                    else ""
                )
                hint = hint or (" (G and H need the expansion)" if f in ("G", "H") else "")
                raise PositionError(f"hands[{s}][{i}]", f"{f!r} is not a card face{hint}"[:120])
        hands.append(tuple(sorted(hand, key=FACE_INDEX.__getitem__)))
    total = Counter(f for h in hands for f in h)
    for f, n in total.items():
        limit = shapes.copies_in_deck(f, expansion)
        if n > limit:
            raise PositionError("hands", f"hold {n} copies of {f}; the deck has only {limit}")

    sticks = tuple(
        _int(v, f"sticks[{s}]", 0, None, "cannot be negative")
        for s, v in enumerate(_list(data["sticks"], "sticks", players))
    )

    table = data["table"]
    if table is not None:
        if not isinstance(table, dict) or set(table) != {"value", "count", "player"}:
            raise PositionError("table", "must be null or {value, count, player}")
        value = table["value"]
        if not shapes.is_value(value, expansion):
            raise PositionError("table.value", f"{value!r} is not a value in this game"[:120])
        count = _int(table["count"], "table.count", 1, 5, "a play has 1 to 5 cards")
        tp = _int(
            table["player"],
            "table.player",
            0,
            players - 1,
            f"must be a seat number from 0 to {players - 1}",
        )
        table = Table(value, count, tp)

    order = data["order"]
    if order not in ("normal", "reversed"):
        raise PositionError("order", f"must be 'normal' or 'reversed', not {order!r}"[:120])
    to_move = _int(
        data["to_move"], "to_move", 0, players - 1, f"must be a seat number from 0 to {players - 1}"
    )
    out = _seats(data["out"], "out", players)
    passed = _seats(data["passed"], "passed", players)

    # What could not arise in a game.
    if len(out) > players - 1:
        raise PositionError("out", "at least one seat is always left in (the last place)")
    for s in out:
        if hands[s] or sticks[s]:
            raise PositionError("out", f"seat {s} is out but still holds cards or sticks")
    for s in range(players):
        if s not in out and not hands[s] and not sticks[s]:
            raise PositionError(
                f"hands[{s}]", f"seat {s} has no cards and no sticks, so it is out (MT-8)"
            )
    if to_move in out:
        raise PositionError("to_move", f"seat {to_move} is out and cannot be to move")
    over = len(out) == players - 1
    if table is None and passed:
        raise PositionError("passed", "must be empty while the table is empty")
    if table is not None:
        if over:
            raise PositionError("table", "the game is over, so the table is clear")
        if table.player == to_move:
            raise PositionError("table.player", "the trick would have ended: everybody else passed")
        if to_move in passed:
            raise PositionError("passed", "the seat to move cannot have passed since the last play")
        if table.player in passed:
            raise PositionError("passed", "the seat that made the last play has not passed since")
        # Seats strictly between the last player and the seat to move all acted
        # (passed or discarded) since the last play; nobody else did.
        between = []
        s = (table.player + 1) % players
        while s != to_move:
            between.append(s)
            s = (s + 1) % players
        for s in passed:
            if s not in between:
                raise PositionError(
                    "passed",
                    f"seat {s} cannot have passed: it has not had a turn since the last play",
                )
        for s in between:
            if s not in out and s not in passed:
                raise PositionError(
                    "passed", f"seat {s} had a turn since the last play, so it must have passed"
                )
    return Position(players, expansion, tuple(hands), sticks, table, order, to_move, out, passed)
