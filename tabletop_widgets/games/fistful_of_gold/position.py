"""The position: what players did, and the facts derived from it.

A :class:`Position` stores only what players did: hands, discards, the rows
of revealed cards (this round and past rounds), the green-8 reclaims and the
secret choices not yet revealed.  Gold, the tie pot, round wins and the
result are *derived* from the revealed rows (:mod:`.tally`), and
:meth:`Position.from_json` refuses anything that could not arise in a game
(the named checks of :mod:`.checks`).

>>> p = Position.initial()
>>> p.phase, p.round, p.current_players(), p.to_discard(0)
('discard', 1, (0, 1), 2)
>>> Position.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from tabletop_widgets.core.errors import NotationError, PositionError, key_name, shown
from tabletop_widgets.core.i18n import Message, _l
from tabletop_widgets.core.result import Result
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, GREEN, PINK, Card, Hand, deck
from tabletop_widgets.games.fistful_of_gold.checks import check_position
from tabletop_widgets.games.fistful_of_gold.duel import blocked
from tabletop_widgets.games.fistful_of_gold.moves import Move
from tabletop_widgets.games.fistful_of_gold.names import the_card
from tabletop_widgets.games.fistful_of_gold.options import Options
from tabletop_widgets.games.fistful_of_gold.tally import (
    DUELS,
    RoundTally,
    Rows,
    game_result,
    round_winners,
    tally_rounds,
)

__all__ = ["PHASES", "POSITION_KEYS", "Position", "with_changes"]

PHASES = ("discard", "duel", "reclaim", "over")
#: The fields of a position's JSON, every one required.
POSITION_KEYS = (
    "options",
    "phase",
    "hands",
    "discards",
    "rows",
    "past_rounds",
    "reclaims",
    "pending",
)

Hands = tuple[Hand, Hand]
Pending = tuple[Move | None, Move | None]


@dataclass(frozen=True)
class Position:
    """Everything on and under the table. Seat 0 is pink, seat 1 green.

    ``options`` are the rule readings (:class:`~.options.Options`); ``phase`` is
    ``"discard"``, ``"duel"``, ``"reclaim"`` (green chooses a card back with its 8) or
    ``"over"``; ``hands`` and ``discards`` are each seat's cards in hand and face down;
    ``rows`` are this round's revealed cards in play order, ``past`` those of
    finished rounds; ``reclaims`` lists ``(round, card)`` for every card taken back;
    ``pending`` holds a seat's secret choice until both are in.  Its JSON
    (notation.md in this game's folder) writes ``past`` as ``past_rounds``.
    """

    options: Options
    phase: str
    hands: Hands
    discards: Hands
    rows: Rows = ((), ())
    past: tuple[Rows, ...] = ()
    reclaims: tuple[tuple[int, Card], ...] = ()
    pending: Pending = (None, None)

    @classmethod
    def initial(cls, options: Options | None = None) -> Position:
        """Before round 1: all nine cards in hand, both players to discard."""
        return cls(options or Options(), "discard", (deck(PINK), deck(GREEN)), (Hand(), Hand()))

    # -- derived facts ----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.phase == "over"

    @property
    def round(self) -> int:
        """The round being played (the last one once the game is over)."""
        return len(self.past) + (0 if self.is_over else 1)

    @property
    def duels_in_round(self) -> int:
        """Duels this round has (6, 5, 4) if no pink 7 ends it early."""
        return DUELS[self.round - 1]

    @property
    def duel(self) -> int:
        """Number of the duel being chosen now (1-based)."""
        return len(self.rows[0]) + 1

    @cached_property
    def tallies(self) -> tuple[RoundTally, ...]:
        """The count of every round so far, the current one last (gold, pot, duels)."""
        rounds = self.past if self.is_over else (*self.past, self.rows)
        return tally_rounds(self.options, rounds)

    @property
    def gold(self) -> tuple[int, int]:
        """Gold of the current round (the last round once over)."""
        return self.tallies[-1].gold

    @property
    def pot(self) -> int:
        """Gold in the tie pot now."""
        return self.tallies[-1].pot

    @property
    def bonus(self) -> tuple[int, int]:
        """Extra gold per duel won now (green 7)."""
        return self.tallies[-1].bonus

    @property
    def duels_won(self) -> tuple[int, int]:
        """Duels each seat won in the current round."""
        return self.tallies[-1].duels_won

    @property
    def finished_rounds(self) -> tuple[RoundTally, ...]:
        """The counts of the rounds that are over."""
        return self.tallies if self.is_over else self.tallies[:-1]

    @property
    def round_winners(self) -> tuple[tuple[int, ...], ...]:
        """Per finished round, the seats that won it (none, one, or both)."""
        return tuple(round_winners(self.options, t) for t in self.finished_rounds)

    @property
    def round_wins(self) -> tuple[int, int]:
        """Rounds each seat has won so far."""
        flat = [s for w in self.round_winners for s in w]
        return flat.count(0), flat.count(1)

    @property
    def total_gold(self) -> tuple[int, int]:
        """Gold of all rounds together, the current one included."""
        return sum(t.gold[0] for t in self.tallies), sum(t.gold[1] for t in self.tallies)

    @cached_property
    def result(self) -> Result | None:
        """The game's result (:func:`.tally.game_result`) once it is over."""
        return game_result(self.options, self.finished_rounds) if self.is_over else None

    def current_players(self) -> tuple[int, ...]:
        """Seats whose choice is still missing; in the reclaim phase only green."""
        if self.phase in ("discard", "duel"):
            return tuple(s for s in (0, 1) if self.pending[s] is None)
        if self.phase == "reclaim":
            return (1,)
        return ()

    def to_discard(self, seat: int) -> int:
        """How many cards ``seat`` discards in the discard phase (0 otherwise)."""
        if self.phase != "discard":
            return 0
        return len(self.hands[seat]) - self.options.hand_size(self.round)

    def reclaims_in(self, round_no: int, seat: int = 1) -> tuple[Card, ...]:
        """The cards ``seat`` took back from its discards in round ``round_no``."""
        return tuple(c for r, c in self.reclaims if r == round_no and c.seat == seat)

    def last_played(self, seat: int) -> Card | None:
        """The card ``seat`` played last in this round (None before its first duel)."""
        row = self.rows[seat]
        return row[-1] if row else None

    def legal_cards(self, seat: int) -> tuple[Card, ...]:
        """Cards ``seat`` may play in this duel (hand minus the +1 restriction)."""
        last = self.last_played(seat)
        return tuple(c for c in self.hands[seat] if not blocked(last, c, self.options))

    @property
    def round_complete(self) -> bool:
        """All duels of the round are revealed, or a pink 7 closed it early."""
        return bool(self.rows[0]) and (
            len(self.rows[0]) == self.duels_in_round or self.tallies[-1].duels[-1].ends_round
        )

    # -- JSON and display -----------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data, cards and moves in notation (every key is required back)."""
        return {
            "options": self.options.to_json(),
            "phase": self.phase,
            "hands": [_names(h) for h in self.hands],
            "discards": [_names(d) for d in self.discards],
            "rows": [_names(r) for r in self.rows],
            "past_rounds": [[_names(r) for r in rows] for rows in self.past],
            "reclaims": [[r, str(c)] for r, c in self.reclaims],
            "pending": [None if m is None else str(m) for m in self.pending],
        }

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Read and check a position (or its JSON); PositionError names the first bad field."""
        if isinstance(data, Position):
            data = data.to_json()
        position = _read_position(data)
        position.validate()
        return position

    def validate(self) -> None:
        """Raise PositionError unless a game could reach this position."""
        check_position(self)

    def _repr_svg_(self) -> str:
        from tabletop_widgets.games.fistful_of_gold.render import table_svg

        return table_svg(self)


def with_changes(position: Position, **changes: Any) -> Position:
    """A copy with fields replaced (hands and discards as sorted :class:`Hand` pairs);
    derived caches start fresh."""
    for key in ("hands", "discards"):
        if key in changes:
            a, b = changes[key]
            changes[key] = (Hand(a), Hand(b))
    return replace(position, **changes)


# -- reading JSON ------------------------------------------------------------------


def _names(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _read_position(data: Any) -> Position:
    if not isinstance(data, Mapping):
        raise PositionError("position", _l("must be a JSON object, not {value}", value=shown(data)))
    for key in data:
        if key not in POSITION_KEYS:
            raise PositionError(
                key_name(key),
                _l(
                    "is not a field of an A Fistful of Gold position (fields: {fields})",
                    fields=", ".join(POSITION_KEYS),
                ),
            )
    for key in POSITION_KEYS:
        if key not in data:
            raise PositionError(key, _l("is missing"))
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise PositionError(
            "phase",
            _l(
                "must be one of {choices}, not {value}",
                choices=", ".join(PHASES),
                value=shown(phase),
            ),
        )
    hands, discards = _pair(data["hands"], "hands"), _pair(data["discards"], "discards")
    return Position(
        options=Options.from_json(data["options"], complete=True),
        phase=phase,
        hands=(Hand(hands[0]), Hand(hands[1])),
        discards=(Hand(discards[0]), Hand(discards[1])),
        rows=_pair(data["rows"], "rows"),
        past=tuple(
            _pair(r, f"past_rounds[{i}]")
            for i, r in enumerate(_list(data["past_rounds"], "past_rounds"))
        ),
        reclaims=_reclaims(data["reclaims"]),
        pending=_pending(data["pending"]),
    )


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise PositionError(where, _l("must be a list, not {value}", value=shown(value)))
    return list(value)


def _card(text: Any, where: str, colour: str) -> Card:
    if not isinstance(text, str):
        raise PositionError(
            where,
            _l(
                "must be a card such as {example}, not {value}",
                example=repr(f"{colour} 5"),
                value=shown(text),
            ),
        )
    try:
        card = Card.parse(text, colour)
    except ValueError as exc:
        raise PositionError(where, exc.args[0] if exc.args else str(exc)) from None
    if card.colour != colour:
        raise PositionError(where, _not_colour(card, colour))
    return card


def _not_colour(card: Card, colour: str) -> Message:
    """ "pink 5 is not a green card" (shared with the position checks)."""
    if colour == PINK:
        return _l("{card} is not a pink card", card=the_card(card))
    return _l("{card} is not a green card", card=the_card(card))


def _pair(value: Any, where: str) -> Rows:
    """One list of cards per seat (pink's, then green's), in the order given."""
    seats = _list(value, where)
    if len(seats) != 2:
        raise PositionError(where, _l("must hold one list per seat (pink, green)"))
    out = []
    for s, cards in enumerate(seats):
        items = _list(cards, f"{where}[{s}]")
        out.append(tuple(_card(c, f"{where}[{s}][{i}]", COLOURS[s]) for i, c in enumerate(items)))
    return out[0], out[1]


def _reclaims(value: Any) -> tuple[tuple[int, Card], ...]:
    out = []
    for i, item in enumerate(_list(value, "reclaims")):
        where = f"reclaims[{i}]"
        if not (isinstance(item, list | tuple) and len(item) == 2):
            raise PositionError(where, _l("must be [round, card]"))
        if isinstance(item[0], bool) or not isinstance(item[0], int):
            raise PositionError(f"{where}[0]", _l("must be a round number"))
        out.append((item[0], _card(item[1], f"{where}[1]", GREEN)))
    return tuple(out)


def _pending(value: Any) -> Pending:
    raw = _list(value, "pending")
    if len(raw) != 2:
        raise PositionError("pending", _l("must hold one entry per seat (a move or null)"))
    out: list[Move | None] = []
    for s, text in enumerate(raw):
        if text is None:
            out.append(None)
            continue
        if not isinstance(text, str):
            raise PositionError(
                f"pending[{s}]", _l("must be a move or null, not {value}", value=shown(text))
            )
        try:
            out.append(Move.parse(text, colour=COLOURS[s]))
        except NotationError as exc:
            raise PositionError(f"pending[{s}]", exc.message) from None
    return out[0], out[1]
