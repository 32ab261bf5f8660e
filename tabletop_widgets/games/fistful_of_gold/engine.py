"""The game: secret choices, simultaneous reveals, history, undo, records, observations.

Both players choose in secret: ``current_players()`` are the seats whose
choice is still missing.  :meth:`FistfulOfGold.play` stores a choice and,
once both are in, reveals them together.  Each move names cards of its
owner's colour, so the seat comes from the move and the history replays in
plain order.

>>> g = FistfulOfGold.new(seed=1)
>>> g.current_players(), g.to_move
((0, 1), None)
>>> g.play("discard pink 1 pink 2")
Discard(cards=(Card(colour='pink', rank='1'), Card(colour='pink', rank='2')))
>>> g.observation(1).opponent_committed, g.position.phase, g.to_move
(True, 'discard', 1)
>>> str(g.play("discard 1 2", seat=1)), g.position.phase
('discard green 1 green 2', 'duel')
>>> _ = g.play("pink 5"); _ = g.play("green 3")
>>> g.position.gold, str(g.history[-1]), g.movers
((2, 0), 'green 3', (0, 1, 0, 1))
>>> try:
...     g.play("pink 6")
... except IllegalMoveError as e:
...     print(e)
You played 5 in the last duel, so you may not play 6 now. (FG-3)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tabletop_widgets.core.contract import Game, seat_index
from tabletop_widgets.core.errors import IllegalMoveError, PositionError, RecordError, shown
from tabletop_widgets.core.i18n import _l
from tabletop_widgets.core.result import Result
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, Hand
from tabletop_widgets.games.fistful_of_gold.duel import DuelResult
from tabletop_widgets.games.fistful_of_gold.moves import Move
from tabletop_widgets.games.fistful_of_gold.names import sentence, the_card
from tabletop_widgets.games.fistful_of_gold.observation import Observation
from tabletop_widgets.games.fistful_of_gold.options import Options
from tabletop_widgets.games.fistful_of_gold.position import Position
from tabletop_widgets.games.fistful_of_gold.rules import apply_move, moves_of, verify_move

if TYPE_CHECKING:
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

__all__ = ["FistfulOfGold"]


class FistfulOfGold(Game):
    """A game of A Fistful of Gold: a start position plus the moves played since.

    Build it with :meth:`new`, :meth:`from_position` or :meth:`from_record`.
    Seat 0 plays pink, seat 1 green.  The game has no chance; ``seed`` is
    kept (and recorded) only so every engine's games look alike.
    """

    key: ClassVar[str] = "fistful_of_gold"
    title: ClassVar[str] = "A Fistful of Gold"
    move_type: ClassVar[type] = Move

    def __init__(self, start: Position, *, seed: int | None = None) -> None:
        self._start = start
        self._seed = seed
        self._positions: list[Position] = [start]
        self._history: list[Move] = []

    # -- construction -------------------------------------------------------------

    @classmethod
    def new(cls, *, seed: int | None = None, **options: Any) -> FistfulOfGold:
        """A new game before round 1's discards; ``options`` are :class:`Options` fields
        (the rule readings, e.g. ``hands="fresh"``; PositionError names
        ``options.<name>``).  Without a seed one is drawn and kept."""
        opts = Options.from_json(options)
        if seed is None:
            seed = random.randrange(2**31)
        _check_seed(seed)
        return cls(Position.initial(opts), seed=seed)

    @classmethod
    def from_position(cls, data: Any) -> FistfulOfGold:
        """A game starting at a position, as JSON (see ``Position.to_json``) or a Position."""
        return cls(Position.from_json(data))

    @classmethod
    def _from_record_fields(cls, record: Mapping[str, Any]) -> FistfulOfGold:
        options = Options.from_json(record.get("options", {}))
        seed = record.get("seed")
        if seed is not None:
            _check_seed(seed)
        if record.get("start") is None:
            return cls(Position.initial(options), seed=seed)
        try:
            start = Position.from_json(record["start"])
        except PositionError as e:
            raise PositionError(f"start.{e.field}", e.message) from None
        if "options" in record and options != start.options:
            raise PositionError("options", _l("differ from the options of the start position"))
        return cls(start, seed=seed)

    @classmethod
    def _upgrade_record(cls, record: dict[str, Any], fmt: int) -> dict[str, Any]:
        """Format 1 (game, format, seed, options, start?, moves) has format 2's fields."""
        if fmt == 1:
            return {**record, "format": cls.record_format}
        raise RecordError(
            "format",
            _l(
                "must be {format} (or the older 1), not {value}",
                format=cls.record_format,
                value=shown(fmt),
            ),
        )

    def _record_fields(self) -> dict[str, Any]:
        fresh = self._start == Position.initial(self.options)
        return {
            "options": self.options.to_json(),
            "seed": self._seed,
            "start": None if fresh else self._start.to_json(),
        }

    # -- state --------------------------------------------------------------------

    @property
    def options(self) -> Options:
        return self._start.options

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def players(self) -> int:
        return 2

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def start(self) -> Position:
        """The position the game began at."""
        return self._start

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(self._history)

    @property
    def movers(self) -> tuple[int, ...]:
        """The seat of each move: the owner of the colour it names."""
        return tuple(m.seat for m in self._history)

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def result(self) -> Result | None:
        """Places (winner 1, loser 2, both 1 in a draw), round wins as scores, and in
        ``details`` the gold per round, the gold in all and how it was decided."""
        return self.position.result

    @property
    def duel_log(self) -> tuple[DuelResult, ...]:
        """Every revealed duel so far, each with a sentence saying what happened."""
        return tuple(d for t in self.position.tallies for d in t.duels)

    def current_players(self) -> tuple[int, ...]:
        """Seats whose secret choice is still missing (both, one, green alone during a
        green-8 reclaim, none once the game is over)."""
        return self.position.current_players()

    # -- moves ---------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        """The moves of ``seat``, or of every seat still to choose (pink's first)."""
        pos = self.position
        seats = pos.current_players() if seat is None else (seat_index(seat, 2),)
        return tuple(m for s in seats for m in moves_of(pos, s))

    def parse_move(self, text: Any, seat: int | None = None) -> Move:
        """The move ``text`` names; bare ranks take the colour of ``seat``, or of the only
        seat still to choose (NotationError for text that is not a move)."""
        colour = None
        if seat is not None:
            colour = COLOURS[seat_index(seat, 2)]
        elif len(self.current_players()) == 1:
            colour = COLOURS[self.current_players()[0]]
        return Move.parse(text, colour)

    def verify(self, move: Any, seat: int | None = None) -> Move:
        """The canonical move if ``move`` may be played now; IllegalMoveError if not."""
        parsed = self.parse_move(move, seat)
        if seat is not None and parsed.seat != seat:
            cards = the_card(parsed.cards[0])  # a move's cards are all of one colour
            why = (
                sentence(_l("{cards} is not yours: pink plays the pink cards.", cards=cards))
                if seat == 0
                else sentence(_l("{cards} is not yours: green plays the green cards.", cards=cards))
            )
            raise IllegalMoveError("FG-1", why)
        verify_move(self.position, parsed)
        return parsed

    def play(self, move: Any, seat: int | None = None) -> Move:
        """Commit a secret choice (revealed once both are in); return the canonical move.

        The seat comes from the move's colour; ``seat`` checks it (and colours bare
        ranks).  Refusals raise IllegalMoveError citing the rule; the game is unchanged.
        """
        parsed = self.verify(move, seat)
        self._positions.append(apply_move(self.position, parsed))
        self._history.append(parsed)
        return parsed

    def undo(self) -> Move:
        """Take back the last choice exactly (a reveal is undone with it); return it."""
        if not self._history:
            raise IndexError("there is no move to take back")
        self._positions.pop()
        return self._history.pop()

    def replay(self, n: int) -> FistfulOfGold:
        """A new game holding the first ``n`` moves of this one; this game is untouched."""
        if not 0 <= n <= len(self._history):
            raise IndexError(f"move number must be 0 to {len(self._history)}, not {n}")
        game = FistfulOfGold(self._start, seed=self._seed)
        game._positions = self._positions[: n + 1]
        game._history = self._history[:n]
        return game

    # -- what one seat sees ----------------------------------------------------------

    def hand(self, seat: int) -> Hand:
        """The cards ``seat`` holds now (a picture in a notebook), as every game's
        ``hand(seat)``; IndexError for a seat that is not at the table."""
        return self.position.hands[seat_index(seat, 2)]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own cards and choice, and everything revealed."""
        return Observation.of(self.position, seat_index(seat, 2))

    def determinize(self, seat: int, rng: random.Random) -> FistfulOfGold:
        """A game ``seat`` cannot tell from this one: the opponent's face-down discards
        and unrevealed choice drawn at random, consistently with every card the
        opponent played or took back later (see :mod:`.determinize`)."""
        from tabletop_widgets.games.fistful_of_gold.determinize import determinize

        return determinize(self, seat_index(seat, 2), rng)

    # -- display -------------------------------------------------------------------------

    def _board(self, **kwargs: Any) -> FistfulOfGoldTable:
        from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

        return FistfulOfGoldTable(seat=None, **kwargs)

    def _repr_svg_(self) -> str:
        from tabletop_widgets.games.fistful_of_gold.render import table_svg

        return table_svg(self.position)


def _check_seed(seed: Any) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PositionError(
            "seed", _l("must be a whole number or null, not {value}", value=shown(seed))
        )
