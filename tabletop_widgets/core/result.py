"""One shape for the end of every game: a place and a score per seat.

>>> r = Result(places=(2, 1, 3), scores=(1, 2, 0))
>>> r.ranking, r.winners, r.is_draw
((1, 0, 2), (1,), False)
>>> Result(places=(1, 1), scores=(3, 3)).is_draw
True
>>> Result.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Result"]


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``places[s]`` is seat ``s``'s place, 1 the best; seats that tie share a
    place (a shared win, or a draw when every seat is first).  ``scores[s]`` is
    the number the game ranks by (Matchstick Tycoon: how many seats finished
    behind; Chinese Ten: match totals; A Fistful of Gold: rounds won).
    ``details`` holds what else the game reports (JSON-ready; not compared).
    """

    places: tuple[int, ...]
    scores: tuple[float, ...]
    details: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "places", tuple(self.places))
        object.__setattr__(self, "scores", tuple(self.scores))
        if len(self.places) != len(self.scores) or not self.places:
            raise ValueError("a result needs one place and one score per seat")
        if min(self.places) != 1:
            raise ValueError("some seat must be first")

    @classmethod
    def from_order(
        cls,
        groups: Sequence[Sequence[int]],
        scores: Sequence[float],
        details: Mapping[str, Any] | None = None,
    ) -> Result:
        """From seats grouped best first (each group tied):

        >>> Result.from_order([[2], [0, 1]], (5, 3, 9)).places
        (2, 2, 1)
        """
        places = [0] * len(scores)
        place = 1
        for group in groups:
            for s in group:
                places[s] = place
            place += len(group)
        return cls(tuple(places), tuple(scores), dict(details or {}))

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.places)

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats best first (tied seats in seat order)."""
        return tuple(sorted(range(len(self.places)), key=lambda s: (self.places[s], s)))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (several on a shared win or a draw)."""
        return tuple(s for s, p in enumerate(self.places) if p == 1)

    @property
    def is_draw(self) -> bool:
        """True when every seat shares first place."""
        return len(self.winners) == len(self.places) > 1

    def win_share(self, seat: int) -> float:
        """1 for a sole win, 1/k for a win shared by k seats, else 0 (for win rates)."""
        return 1 / len(self.winners) if self.places[seat] == 1 else 0.0

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: ``places``, ``scores`` and ``details``."""
        return {
            "places": list(self.places),
            "scores": list(self.scores),
            "details": dict(self.details),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        """The result :meth:`to_json` wrote (``details`` may be left out)."""
        return cls(tuple(data["places"]), tuple(data["scores"]), dict(data.get("details", {})))
