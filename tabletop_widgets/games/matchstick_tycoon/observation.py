"""What one seat of a Matchstick Tycoon game may see: its own hand and everything public.

Bots, hot-seat screens and the re-dealer read only this.  Two games that
differ only in cards the seat cannot see give equal observations.

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> obs = MatchstickTycoon.new(players=3, seed=1).observation(2)
>>> obs.seat, len(obs.hand), obs.card_counts
(2, 15, (15, 15, 15))
>>> sorted(obs.to_json())[:4]
['card_counts', 'expansion', 'hand', 'history']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import shapes
from .moves import VALUE_INDEX, Move, faces_of
from .position import Table


@dataclass(frozen=True, slots=True)
class Observation:
    """What ``seat`` may see: its hand, every card count, the sticks, the table, the order,
    whose turn it is (``to_move``, None once the game is over), who is out (first out
    first), who passed since the last play, and every move so far.

    ``players``, ``expansion``, ``sticks``, ``table``, ``order``, ``to_move``, ``out`` and
    ``passed`` are as in :class:`~.position.Position`; ``seat`` is whose observation it
    is (counted from 0), ``hand`` that seat's cards (faces in notation order),
    ``card_counts`` how many cards each seat holds, ``history`` every move so far
    (oldest first) and ``is_over`` True once one seat is left in.
    """

    seat: int
    players: int
    expansion: int
    hand: tuple[str, ...]
    card_counts: tuple[int, ...]
    sticks: tuple[int, ...]
    table: Table | None
    order: str
    to_move: int | None
    out: tuple[int, ...]
    passed: tuple[int, ...]
    history: tuple[Move, ...]
    is_over: bool

    def strength(self, value: str) -> int:
        """Rank of a value under the current order, 0 = weakest."""
        vi = VALUE_INDEX[value]
        n = len(shapes.values_in_play(self.expansion))
        return n - 1 - vi if self.order == "reversed" else vi

    @staticmethod
    def _of(
        seat: int,
        players: int,
        expansion: int,
        hand: tuple[str, ...],
        card_counts: tuple[int, ...],
        sticks: tuple[int, ...],
        table: Table | None,
        order: str,
        to_move: int | None,
        out: tuple[int, ...],
        passed: tuple[int, ...],
        history: tuple[Move, ...],
        is_over: bool,
    ) -> Observation:
        """``Observation(...)`` without the frozen dataclass's slow ``__init__`` (the engine
        makes one for every bot move): a plain object with the same slots is filled in,
        then becomes an Observation."""
        obs = _new(_Fields)
        obs.seat = seat
        obs.players = players
        obs.expansion = expansion
        obs.hand = hand
        obs.card_counts = card_counts
        obs.sticks = sticks
        obs.table = table
        obs.order = order
        obs.to_move = to_move
        obs.out = out
        obs.passed = passed
        obs.history = history
        obs.is_over = is_over
        obs.__class__ = Observation
        return obs  # type: ignore[return-value]

    def to_json(self) -> dict:
        """JSON-ready data (moves in notation)."""
        return {
            "seat": self.seat,
            "players": self.players,
            "expansion": self.expansion,
            "hand": list(self.hand),
            "card_counts": list(self.card_counts),
            "sticks": list(self.sticks),
            "table": None if self.table is None else self.table.to_json(),
            "order": self.order,
            "to_move": self.to_move,
            "out": list(self.out),
            "passed": list(self.passed),
            "history": [m.text for m in self.history],
            "is_over": self.is_over,
        }

    def _repr_svg_(self) -> str:
        """The table as this seat sees it: its own hand face up, the others face down."""
        from .render import observation_svg

        return observation_svg(self)


class LiveObservation:
    """What ``seat`` may see, read from its game when a field is read: the fields of an
    :class:`Observation` without making one (``game.live_observation(seat)``, for bots
    that look only while they choose: playouts ask at every move).  ``table``,
    ``order``, ``expansion`` and ``hand`` are read straight from the game; any other
    field, and :meth:`snapshot`, from ``game.observation(seat)``.

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> g = MatchstickTycoon.new(players=3, seed=1)
    >>> view = g.live_observation(2)
    >>> view.hand == g.observation(2).hand, view.card_counts
    (True, (15, 15, 15))
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game: Any, seat: int) -> None:
        self._game = game
        self.seat = seat

    @staticmethod
    def _of(game: Any, seat: int) -> LiveObservation:
        """``LiveObservation(game, seat)`` without a call to ``__init__`` (one per move)."""
        view = _new(LiveObservation)
        view._game = game
        view.seat = seat
        return view

    @property
    def table(self) -> Table | None:
        t = self._game._table
        return None if t is None else t[3]

    @property
    def order(self) -> str:
        return "reversed" if self._game._reversed else "normal"

    @property
    def expansion(self) -> int:
        return self._game._expansion

    @property
    def hand(self) -> tuple[str, ...]:
        return faces_of(self._game._hands[self.seat])

    def snapshot(self) -> Observation:
        """The observation now, as a value."""
        return self._game.observation(self.seat)

    def strength(self, value: str) -> int:
        """Rank of a value under the current order, 0 = weakest."""
        return self._game.strength(value)

    def __getattr__(self, name: str) -> Any:  # the other fields: not read in playouts
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.snapshot(), name)


class _Fields:
    """Observation's slots on a plain class (same layout, so it may become one)."""

    __slots__ = Observation.__slots__


_new = object.__new__
