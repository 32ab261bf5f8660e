"""What one seat may see of a position.

>>> from tabletop_widgets.games.fistful_of_gold.position import Position
>>> obs = Observation.of(Position.initial(), 1)
>>> obs.colour, len(obs.hand), obs.opponent_hand_size, obs.current_players
('green', 9, 9, (0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop_widgets.core.result import Result
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, Card, deck
from tabletop_widgets.games.fistful_of_gold.duel import blocked
from tabletop_widgets.games.fistful_of_gold.moves import Move
from tabletop_widgets.games.fistful_of_gold.options import Options
from tabletop_widgets.games.fistful_of_gold.tally import RoundTally, Rows

if TYPE_CHECKING:
    from tabletop_widgets.games.fistful_of_gold.position import Position

__all__ = ["Observation"]


@dataclass(frozen=True)
class Observation:
    """One seat's view: its own hand, discards and secret choice, and everything
    revealed (rows, past rounds, gold, reclaimed cards).  The opponent's hand,
    discards and choice are not in it: only their sizes, and whether the
    opponent has chosen.  ``current_players`` are the seats still to choose.

    ``seat`` is whose view it is (0 pink, 1 green); ``options``, ``phase``, ``round``,
    ``duel``, ``duels_in_round``, ``rows``, ``past``, ``reclaims``, ``tallies`` and
    ``result`` are the position's (see :class:`~.position.Position`).  Of this seat:
    ``hand``, ``discards``, ``my_choice`` (its secret choice, None until made) and
    ``to_discard`` (how many cards it must discard now).  Of the opponent:
    ``opponent_committed`` (it has chosen), ``opponent_hand_size`` and
    ``opponent_discard_count``.
    """

    seat: int
    options: Options
    phase: str
    round: int
    duel: int
    duels_in_round: int
    current_players: tuple[int, ...]
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    my_choice: Move | None
    to_discard: int
    opponent_committed: bool
    opponent_hand_size: int
    opponent_discard_count: int
    rows: Rows
    past: tuple[Rows, ...]
    reclaims: tuple[tuple[int, Card], ...]
    tallies: tuple[RoundTally, ...]
    result: Result | None

    @classmethod
    def of(cls, pos: Position, seat: int) -> Observation:
        """What ``seat`` may see of ``pos``."""
        opp = 1 - seat
        return cls(
            seat=seat,
            options=pos.options,
            phase=pos.phase,
            round=pos.round,
            duel=pos.duel,
            duels_in_round=pos.duels_in_round,
            current_players=pos.current_players(),
            hand=pos.hands[seat],
            discards=pos.discards[seat],
            my_choice=pos.pending[seat],
            to_discard=pos.to_discard(seat),
            opponent_committed=pos.pending[opp] is not None,
            opponent_hand_size=len(pos.hands[opp]),
            opponent_discard_count=len(pos.discards[opp]),
            rows=pos.rows,
            past=pos.past,
            reclaims=pos.reclaims,
            tallies=pos.tallies,
            result=pos.result,
        )

    @property
    def colour(self) -> str:
        """This seat's colour, ``"pink"`` or ``"green"``."""
        return COLOURS[self.seat]

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    @property
    def gold(self) -> tuple[int, int]:
        """Gold of the current round, per seat."""
        return self.tallies[-1].gold

    @property
    def pot(self) -> int:
        """Gold in the tie pot now."""
        return self.tallies[-1].pot

    @property
    def bonus(self) -> tuple[int, int]:
        """Extra gold per duel won now (green 7), per seat."""
        return self.tallies[-1].bonus

    def last_played(self, seat: int) -> Card | None:
        """The card ``seat`` played last in this round (None before its first duel)."""
        row = self.rows[seat]
        return row[-1] if row else None

    def opponent_may_hold(self) -> tuple[Card, ...]:
        """Opponent cards not seen leaving their hand: their colour minus this round's row.

        Discards are face down, so they are among these too."""
        colour = COLOURS[self.opponent]
        return tuple(c for c in deck(colour) if c not in self.rows[self.opponent])

    def legal_cards(self, seat: int) -> tuple[Card, ...]:
        """Own legal cards, or the opponent's as far as this seat can tell."""
        cards = self.hand if seat == self.seat else self.opponent_may_hold()
        last = self.last_played(seat)
        return tuple(c for c in cards if not blocked(last, c, self.options))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data, cards and moves in notation, with ``gold``, ``pot``, ``bonus``."""
        return {
            "seat": self.seat,
            "colour": self.colour,
            "options": self.options.to_json(),
            "phase": self.phase,
            "round": self.round,
            "duel": self.duel,
            "duels_in_round": self.duels_in_round,
            "current_players": list(self.current_players),
            "hand": _names(self.hand),
            "discards": _names(self.discards),
            "my_choice": None if self.my_choice is None else str(self.my_choice),
            "to_discard": self.to_discard,
            "opponent_committed": self.opponent_committed,
            "opponent_hand_size": self.opponent_hand_size,
            "opponent_discard_count": self.opponent_discard_count,
            "rows": [_names(r) for r in self.rows],
            "past_rounds": [[_names(r) for r in rows] for rows in self.past],
            "reclaims": [[r, str(c)] for r, c in self.reclaims],
            "gold": list(self.gold),
            "pot": self.pot,
            "bonus": list(self.bonus),
            "result": None if self.result is None else self.result.to_json(),
        }

    def _repr_svg_(self) -> str:
        """The table as this seat sees it: the opponent's cards and choice face down."""
        from tabletop_widgets.games.fistful_of_gold.render import observation_svg

        return observation_svg(self)


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]
