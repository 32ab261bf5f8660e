"""One record format and one reader for every game.

A record is a whole game as JSON::

    {"game": "chinese_ten", "format": 2,
     "options": {...}, "seed": 7, "start": null,
     "moves": ["7H x 3S", ...],
     "meta": {"names": [...]}}

``game`` names the game (a key of :data:`~.registry.GAMES`); ``format`` is the
record format (2); ``options`` and ``seed`` set the game up; ``start`` is a
position, or null for the deal of ``seed``; ``moves`` are in the game's
notation; ``meta`` (optional) is for the pages (player names, seat kinds)
and is not read by the engines.  A game may add fields of its own (Chinese
Ten's ``decks``).  Anything else is refused, naming the field, and so is a
record whose moves do not replay.

>>> from tabletop_widgets.core import RecordError, load_record
>>> try:
...     load_record({"game": "chess", "format": 2, "moves": []})
... except RecordError as e:
...     print(e.field, "|", e.reason[:37])
game | 'chess' is not a game of this project
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import IllegalMoveError, PositionError, RecordError, key_name, shown

if TYPE_CHECKING:
    from .contract import Game

__all__ = ["COMMON_FIELDS", "load_record", "read_record"]

G = TypeVar("G", bound="Game")

#: Fields every record may have.
COMMON_FIELDS = ("game", "format", "options", "seed", "start", "moves", "meta")
MAX_MOVES = 100_000


def load_record(data: Any) -> Game:
    """The game a record holds, whatever the game (dispatched on its ``game`` field),
    replayed to its last move.

    ``data`` is the record as a dict, as ``game.to_record()`` gives it; read a saved file
    first (``json.load(f)``, or ``json.loads(text)``).  A record that is not one raises
    :class:`~.errors.RecordError` naming the bad field (``game``, ``format``, ``moves[12]``
    …) with the reason, or the rule a move breaks.

    >>> import json
    >>> from tabletop_widgets.core import GAMES
    >>> game = GAMES["chinese_ten"].engine.new(players=3, seed=1)
    >>> _ = game.play(game.legal_moves()[0])
    >>> text = json.dumps(game.to_record())   # what a saved file holds
    >>> load_record(json.loads(text)).history == game.history
    True
    """
    from .registry import GAMES

    key = _game_field(data)
    if key not in GAMES:
        raise RecordError(
            "game", f"{shown(key)} is not a game of this project ({', '.join(GAMES)})"
        )
    return read_record(data, GAMES[key].engine)


def read_record(data: Any, cls: type[G]) -> G:
    """Check a record of game class ``cls`` field by field and replay it."""
    key = _game_field(data)
    if key != cls.key:
        raise RecordError(
            "game",
            f"is {shown(key)}, but this reader reads records of {cls.title} (expected {cls.key!r})",
        )
    record = dict(data)
    fmt = record.get("format")
    if "format" not in record:
        raise RecordError("format", "is missing")
    if isinstance(fmt, bool) or not isinstance(fmt, int):
        raise RecordError("format", f"must be a whole number, not {shown(fmt)}")
    if fmt != cls.record_format:
        record = cls._upgrade_record(record, fmt)
    allowed = (*COMMON_FIELDS, *sorted(cls.record_extras))
    for k in record:
        if k not in allowed:
            raise RecordError(
                key_name(k),
                f"is not a field of a record of {cls.title} (fields: {', '.join(allowed)})",
            )
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise RecordError("moves", f"must be a list of moves, not {shown(moves)}")
    if len(moves) > MAX_MOVES:
        raise RecordError("moves", f"holds more than {MAX_MOVES} moves")
    meta = record.get("meta", {})
    if not isinstance(meta, Mapping):
        raise RecordError("meta", f"must be an object, not {shown(meta)}")
    try:
        game = cls._from_record_fields(record)
    except RecordError:
        raise
    except PositionError as e:
        raise RecordError(e.field, e.message) from None
    for i, m in enumerate(moves):
        if not isinstance(m, str):
            raise RecordError(f"moves[{i}]", f"must be a move in notation, not {shown(m)}")
        try:
            game.play(m)
        except IllegalMoveError as e:
            raise RecordError(f"moves[{i}]", str(e)) from None
    return game


def _game_field(data: Any) -> str:
    if not isinstance(data, Mapping):
        hint = " (read the file or text with json.load or json.loads first)"
        raise RecordError(
            "record",
            f"must be a JSON object, not {type(data).__name__}"
            + (hint if isinstance(data, (str, bytes)) else ""),
        )
    if "game" not in data:
        raise RecordError("game", "is missing: a record names its game")
    key = data["game"]
    if not isinstance(key, str):
        raise RecordError("game", f"must be a game's name, not {shown(key)}")
    return key
