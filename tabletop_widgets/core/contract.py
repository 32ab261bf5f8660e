"""The engine contract: what every game offers, with the same meaning in every game.

Shared code -- the replay stepper, the play screen, bots, simulations, the
friendly-error rewind, the record reader -- uses only this class.  A game is
one subclass (OpenSpiel's ``State`` with python-chess's ``push``/``pop``):

* creation: ``Game.new(seed=…, **options)`` (a seeded deal; without a seed one
  is drawn and kept, so a game always replays), ``Game.from_position(data)``,
  ``Game.from_record(data)``;
* whose turn: ``current_players()`` -- a tuple, several seats when they choose
  at once (A Fistful of Gold), empty once the game is over; ``to_move`` is the
  one seat to move, or None;
* moves: ``legal_moves(seat=None)`` (a tuple), ``play(move, seat=None)`` (a
  move object or its text; refusals raise :class:`IllegalMoveError` naming
  the rule and change nothing), ``undo()``, ``history``, ``movers`` (who made
  each move), ``replay(n)``, ``copy()``;
* the end: ``is_over`` and ``result`` (a :class:`~.result.Result`);
* what a seat may see: ``observation(seat)`` -- equal for two games that
  differ only in what that seat cannot see -- and ``determinize(seat, rng)``,
  a game that the seat cannot tell from this one, with the hidden cards drawn
  at random (for search and what-if analysis); ``live_observation(seat)``, the
  same for a bot that looks only while it chooses (a game may make it a view);
* JSON: ``position.to_json()`` / ``from_position``, ``to_record()`` /
  ``from_record`` (one reader for every game: :mod:`.records`).

Moves are frozen value types: ``str(move)`` is the canonical notation,
``Move.parse(text)`` reads any valid spelling, text that is not a move raises
:class:`~.errors.NotationError`, and a move never equals a string.

Seats are numbered from 0 here, as in OpenSpiel; pages count them from 1.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from .errors import IllegalMoveError
from .result import Result

__all__ = ["Game", "Move", "Observation"]

G = TypeVar("G", bound="Game")


@runtime_checkable
class Move(Protocol):
    """A move: hashable and frozen; ``str()`` is its canonical notation."""

    def __hash__(self) -> int: ...

    def __str__(self) -> str: ...


@runtime_checkable
class Observation(Protocol):
    """What one seat may see; equal observations mean the seat cannot tell two games apart."""

    seat: int

    def to_json(self) -> dict:
        """The observation as JSON-ready data."""
        ...


class Game(ABC):
    """A game in progress: its options, a start, the moves since, and exact undo.

    Subclasses set the class attributes and implement the abstract methods;
    everything else here is written once for every game.
    """

    #: Registry key and the record's ``game`` field, e.g. ``"matchstick_tycoon"``.
    key: ClassVar[str]
    #: The game's name as people write it.
    title: ClassVar[str]
    #: The move type (with ``parse``).
    move_type: ClassVar[type]
    #: The record format this engine writes.
    record_format: ClassVar[int] = 2
    #: Record fields of this game beyond the common ones (see :mod:`.records`).
    record_extras: ClassVar[frozenset[str]] = frozenset()

    # -- construction ---------------------------------------------------------

    @classmethod
    @abstractmethod
    def new(cls: type[G], *, seed: int | None = None, **options: Any) -> G:
        """A new game from ``options`` (PositionError names a bad one) and a seed."""

    @classmethod
    @abstractmethod
    def from_position(cls: type[G], data: Any) -> G:
        """A game that starts at ``data`` (a position or its JSON); PositionError names the
        bad field."""

    @classmethod
    def from_record(cls: type[G], data: Any) -> G:
        """The game a record (from :meth:`to_record`) holds; RecordError names the bad field."""
        from .records import read_record

        return read_record(data, cls)

    @classmethod
    @abstractmethod
    def _from_record_fields(cls: type[G], record: Mapping[str, Any]) -> G:
        """The game before any move, from a record whose common fields are checked.

        Reads ``options``, ``seed``, ``start`` and the game's ``record_extras``;
        raises PositionError whose field is a path in the record (``start.hands[1]``).
        """

    @classmethod
    def _upgrade_record(cls, record: dict[str, Any], fmt: int) -> dict[str, Any]:
        """A record of an older known format in the current one (RecordError if unknown)."""
        from .errors import RecordError

        raise RecordError("format", f"must be {cls.record_format}, not {fmt!r}")

    @abstractmethod
    def _record_fields(self) -> dict[str, Any]:
        """``options``, ``seed``, ``start`` (None: the seed's deal) and the game's extras."""

    def to_record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The whole game as JSON-ready data; ``meta`` (names, seat kinds …) rides along."""
        record = {
            "game": self.key,
            "format": self.record_format,
            **self._record_fields(),
            "moves": [str(m) for m in self.history],
        }
        if meta:
            record["meta"] = dict(meta)
        return record

    # -- state ----------------------------------------------------------------

    @property
    @abstractmethod
    def options(self) -> Any:
        """The options the game was created with (a frozen value with ``to_json()``)."""

    @property
    @abstractmethod
    def seed(self) -> int | None:
        """The seed of the deal (None for a game that started from a position)."""

    @property
    @abstractmethod
    def players(self) -> int:
        """The number of seats."""

    @property
    @abstractmethod
    def position(self) -> Any:
        """The current position: an immutable value with ``to_json()``."""

    @property
    @abstractmethod
    def history(self) -> tuple[Hashable, ...]:
        """The moves played so far, oldest first."""

    @property
    @abstractmethod
    def movers(self) -> tuple[int, ...]:
        """The seat that made each move of :attr:`history`."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has a result."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""

    @abstractmethod
    def current_players(self) -> tuple[int, ...]:
        """The seats that choose now: one, several (simultaneous choices), none at the end."""

    @property
    def to_move(self) -> int | None:
        """The one seat to move; None when the game is over or several seats choose at once."""
        seats = self.current_players()
        return seats[0] if len(seats) == 1 else None

    # -- moves ----------------------------------------------------------------

    @abstractmethod
    def legal_moves(self, seat: int | None = None) -> tuple[Hashable, ...]:
        """Every move ``seat`` may make now (every current player's when None); () for a seat
        that is not to move; IndexError for a seat that does not exist."""

    @abstractmethod
    def parse_move(self, text: Any, seat: int | None = None) -> Hashable:
        """The move object ``text`` names here (NotationError if it names none)."""

    @abstractmethod
    def verify(self, move: Any, seat: int | None = None) -> Hashable:
        """The canonical move if ``move`` may be played now; IllegalMoveError if not."""

    def is_legal(self, move: Any, seat: int | None = None) -> bool:
        """True if ``move`` may be played now (drives which buttons are enabled)."""
        return self.explain(move, seat) is None

    def explain(self, move: Any, seat: int | None = None) -> str | None:
        """Why ``move`` is refused now (with the rule id), or None if it is legal."""
        try:
            self.verify(move, seat)
        except IllegalMoveError as e:
            return str(e)
        return None

    @abstractmethod
    def play(self, move: Any, seat: int | None = None) -> Hashable:
        """Play ``move`` (an object or any valid spelling) for ``seat`` (default: the seat
        the move belongs to, or the one to move); returns the canonical move.

        Refusals raise IllegalMoveError naming the rule; the game is then unchanged.
        """

    @abstractmethod
    def undo(self) -> Hashable:
        """Take back the last move exactly and return it (IndexError if there is none)."""

    @abstractmethod
    def replay(self: G, n: int) -> G:
        """A new game holding the first ``n`` moves of this one (this one is untouched)."""

    def copy(self: G) -> G:
        """An independent game with the same start and history."""
        return self.replay(len(self.history))

    def play_many(self, moves: Sequence[Any]) -> list[Hashable]:
        """Play moves in turn (stops at the first illegal one, which raises)."""
        return [self.play(m) for m in moves]

    # -- what one seat sees ---------------------------------------------------

    @abstractmethod
    def observation(self, seat: int) -> Any:
        """What ``seat`` may see: its own cards, everything public, nothing hidden."""

    def live_observation(self, seat: int) -> Any:
        """What ``seat`` may see now, for a bot that reads it only while it chooses (its
        ``live_view`` is true): here :meth:`observation`; a game may give instead a view
        whose fields are read from the game when they are read, which costs nothing to
        make (playouts ask at every move).  Kept past the choice, such a view would show
        the game as it is then."""
        return self.observation(seat)

    @abstractmethod
    def determinize(self: G, seat: int, rng: random.Random) -> G:
        """A game ``seat`` cannot tell from this one (same observation, same history
        length), with every card it cannot see drawn at random, consistently with
        everything it has seen."""

    # -- display --------------------------------------------------------------

    def widget(self, **kwargs: Any) -> Any:
        """The interactive table of this game in a notebook, everyone at one screen: it
        shows the seat that chooses now, and moves made on it are played on this game.
        (Needs ipywidgets; ``kwargs`` go to the game's board.)"""
        from tabletop_widgets.ui.notebook_board import playable

        return playable(self._board(**kwargs), self)

    def _board(self, **kwargs: Any) -> Any:
        """A new board widget of this game (the play screen's table)."""
        from tabletop_widgets.ui.move_list_board import MoveListBoard

        return MoveListBoard(**kwargs)

    def __repr__(self) -> str:
        state = (
            "over"
            if self.is_over
            else (
                ("seat " if len(self.current_players()) == 1 else "seats ")
                + " and ".join(str(s + 1) for s in self.current_players())
                + " to move"
            )
        )
        return f"<{type(self).__name__} {self.players} players, {len(self.history)} moves, {state}>"


def seat_index(seat: object, players: int) -> int:
    """``seat`` checked as a seat number of a game with ``players`` seats.

    >>> seat_index(1, 3)
    1
    >>> seat_index(3, 3)
    Traceback (most recent call last):
    ...
    IndexError: there are seats 0 to 2, not 3
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise IndexError(f"there are seats 0 to {players - 1}, not {seat!r}")
    return seat
