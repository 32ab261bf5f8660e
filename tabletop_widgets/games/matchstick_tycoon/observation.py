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

from . import shapes
from .moves import VALUE_INDEX, Move
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


class _Fields:
    """Observation's slots on a plain class (same layout, so it may become one)."""

    __slots__ = Observation.__slots__


_new = object.__new__
