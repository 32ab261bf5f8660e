"""The shape every game engine has, so stepper, bots and simulations are game-agnostic.

Engines are not required to inherit from anything; this Protocol documents
and type-checks what the shared pieces call.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Game(Protocol):
    """A game in progress: a position plus the history of moves that led to it."""

    @property
    def history(self) -> Sequence[Hashable]:
        """Moves played so far, oldest first."""

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""

    def legal_moves(self) -> Sequence[Hashable]:
        """Every move the player to move may make now."""

    def play(self, move: Any) -> Hashable:
        """Play a move object or its notation; refusals raise IllegalMoveError."""

    def undo(self) -> Hashable:
        """Take back the last move and return it."""

    def replay(self, n: int) -> Game:
        """A new game object holding the first ``n`` moves of this one."""

    def to_record(self) -> dict:
        """The whole game as JSON-ready data (options, chance, moves)."""

    def observation(self, seat: int) -> Any:
        """What ``seat`` may see."""


class ExplainsMoves:
    """``is_legal`` and ``explain`` for an engine whose ``verify(move, *args)`` returns
    the canonical move or raises IllegalMoveError (pokerkit's verify/can pair)."""

    def verify(self, move: Any, *args: Any) -> Hashable:  # pragma: no cover - interface
        raise NotImplementedError

    def is_legal(self, move: Any, *args: Any) -> bool:
        """True if ``move`` may be played now (drives which buttons are enabled)."""
        return self.explain(move, *args) is None

    def explain(self, move: Any, *args: Any) -> str | None:
        """Why ``move`` is refused now (with the rule id), or None if it is legal."""
        from .errors import IllegalMoveError

        try:
            self.verify(move, *args)
        except IllegalMoveError as e:
            return str(e)
        return None
