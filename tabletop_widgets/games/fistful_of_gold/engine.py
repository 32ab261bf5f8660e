"""The game: secret commits, simultaneous reveals, history, undo, records, observations.

Both players choose in secret; :meth:`FistfulOfGold.play` stores a choice
and, once both are in, reveals them together.  Each move names cards of its
owner's colour, so the history replays in plain order.

>>> g = FistfulOfGold.new()
>>> g.to_move
(0, 1)
>>> g.play("discard pink 1 pink 2")
Discard(cards=(Card(colour='pink', rank='1'), Card(colour='pink', rank='2')))
>>> g.observation(1).opponent_committed, g.position.phase
(True, 'discard')
>>> str(g.play("discard 1 2", player=1)), g.position.phase
('discard green 1 green 2', 'duel')
>>> _ = g.play("pink 5"); _ = g.play("green 3")
>>> g.position.gold, str(g.history[-1])
((2, 0), 'green 3')
>>> try:
...     g.play("pink 6")
... except IllegalMoveError as e:
...     print(e)
You played 5 in the last duel, so you may not play 6 now. (FG-3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tabletop_widgets.core.contract import ExplainsMoves
from tabletop_widgets.core.errors import IllegalMoveError, PositionError, RecordError
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, GREEN, Card, deck
from tabletop_widgets.games.fistful_of_gold.moves import (
    Discard,
    Move,
    Play,
    Reclaim,
    parse_move,
)
from tabletop_widgets.games.fistful_of_gold.position import (
    DuelResult,
    Options,
    Position,
    Result,
    RoundTally,
    blocked,
    with_changes,
)

GAME = "fistful_of_gold"
RECORD_FORMAT = 1
GREEN8 = Card(GREEN, "8")


class FistfulOfGold(ExplainsMoves):
    """A game of A Fistful of Gold: a start position plus the moves played since.

    Build it with :meth:`new`, :meth:`from_position` or :meth:`from_record`.
    Seat 0 plays pink, seat 1 green.  The game has no chance; ``seed`` is
    kept in the record only so every engine's records look alike.
    """

    def __init__(self, start: Position, *, seed: int | None = None) -> None:
        self._start = start
        self._seed = seed
        self._positions: list[Position] = [start]
        self._history: list[Move] = []

    # -- constructors ---------------------------------------------------------------

    @classmethod
    def new(cls, *, seed: int | None = None, **options: Any) -> FistfulOfGold:
        """A new game before round 1's discards; ``options`` are :class:`Options` fields."""
        try:
            opts = Options(**options)
        except TypeError as exc:
            raise PositionError("options", str(exc)) from None
        return cls(Position.initial(opts), seed=seed)

    @classmethod
    def from_position(cls, data: Position | Mapping[str, Any]) -> FistfulOfGold:
        """A game starting at a position, as JSON (see ``Position.to_json``) or a Position."""
        if isinstance(data, Position):
            data.validate()
            return cls(data)
        return cls(Position.from_json(data))

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> FistfulOfGold:
        """Replay a record from :meth:`to_record`; RecordError names what does not replay."""
        if not isinstance(data, Mapping):
            raise RecordError("record", "must be an object")
        for key in data:
            if key not in ("game", "format", "seed", "options", "start", "moves"):
                raise RecordError(str(key), "unknown field")
        if data.get("game", GAME) != GAME:
            raise RecordError("game", f"not a {GAME} record")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise RecordError("format", f"only format {RECORD_FORMAT} is known")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RecordError("seed", "must be an integer or null")
        try:
            if data.get("start") is not None:
                start = Position.from_json(data["start"])
                if "options" in data and Options.from_json(data["options"]) != start.options:
                    raise RecordError("options", "differ from the start position's")
            else:
                start = Position.initial(Options.from_json(data.get("options", {})))
        except RecordError:
            raise
        except PositionError as exc:
            raise RecordError(f"start.{exc.field}", exc.reason) from None
        game = cls(start, seed=seed)
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("moves", "must be a list")
        for i, text in enumerate(moves):
            if not isinstance(text, str):
                raise RecordError(f"moves[{i}]", "must be a move in notation")
            try:
                game.play(text)
            except IllegalMoveError as exc:
                raise RecordError(f"moves[{i}]", str(exc)) from None
        return game

    # -- state -----------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def start(self) -> Position:
        return self._start

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def options(self) -> Options:
        return self._start.options

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(self._history)

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def to_move(self) -> tuple[int, ...]:
        """Seats that still have to choose (both at once in discards and duels)."""
        return self.position.to_move

    @property
    def result(self) -> Result | None:
        """Winner or draw, round wins and gold, once the game is over."""
        return self.position.result

    @property
    def duel_log(self) -> tuple[DuelResult, ...]:
        """Every revealed duel so far, each with a sentence saying what happened."""
        return tuple(d for t in self.position.tallies for d in t.duels)

    # -- moves --------------------------------------------------------------------

    def legal_moves(self, player: int | None = None) -> list[Move]:
        """The moves of ``player``, or of every seat still to choose (pink's first)."""
        pos = self.position
        seats = pos.to_move if player is None else (_seat(player),)
        out: list[Move] = []
        for s in seats:
            if s not in pos.to_move:
                continue
            if pos.phase == "discard":
                n = pos.to_discard(s)
                out.extend(Discard(cs) for cs in combinations(pos.hands[s], n))
            elif pos.phase == "duel":
                out.extend(Play(c) for c in pos.legal_cards(s))
            elif pos.phase == "reclaim":
                out.extend(Reclaim(c) for c in pos.discards[s])
        return out

    def parse(self, move: Move | str, player: int | None = None) -> Move:
        """The move object for ``move``; bare ranks take the colour of ``player``
        or of the only seat still to choose."""
        if isinstance(move, Play | Discard | Reclaim):
            parsed = move
        else:
            colour = None
            if player is not None:
                colour = COLOURS[_seat(player)]
            elif len(self.to_move) == 1:
                colour = COLOURS[self.to_move[0]]
            parsed = parse_move(move, colour=colour)
        if player is not None and parsed.seat != _seat(player):
            raise IllegalMoveError(
                "FG-1",
                f"{_cards_of(parsed)} is not yours: {COLOURS[_seat(player)]} plays the "
                f"{COLOURS[_seat(player)]} cards.",
            )
        return parsed

    def verify(self, move: Move | str, player: int | None = None) -> Move:
        """Raise IllegalMoveError if ``move`` is refused now; return the parsed move."""
        parsed = self.parse(move, player)
        _verify(self.position, parsed)
        return parsed

    def can_play(self, move: Move | str, player: int | None = None) -> bool:
        """True if :meth:`play` would accept ``move`` (drives which buttons are enabled)."""
        return self.is_legal(move, player)

    def play(self, move: Move | str, player: int | None = None) -> Move:
        """Commit a secret choice (revealed once both are in); return the canonical move.

        Refusals raise IllegalMoveError citing the rule and leave the game unchanged.
        """
        parsed = self.verify(move, player)
        self._positions.append(_apply(self.position, parsed))
        self._history.append(parsed)
        return parsed

    def commit(self, player: int, move: Move | str) -> Move:
        """``play`` with the seat first, in the style of simultaneous-move engines."""
        return self.play(move, player=player)

    def undo(self) -> Move:
        """Take back the last commit exactly (a reveal is undone with it); return it."""
        if not self._history:
            raise IndexError("there is no move to take back")
        self._positions.pop()
        return self._history.pop()

    def replay(self, n: int) -> FistfulOfGold:
        """A new game holding the first ``n`` moves of this one; this game is untouched."""
        if not 0 <= n <= len(self._history):
            raise IndexError(f"move number must be 0 to {len(self._history)}")
        game = FistfulOfGold(self._start, seed=self._seed)
        game._positions = self._positions[: n + 1]
        game._history = self._history[:n]
        return game

    # -- records and views -------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The whole game as JSON-ready data; :meth:`from_record` rebuilds it exactly."""
        record: dict[str, Any] = {
            "game": GAME,
            "format": RECORD_FORMAT,
            "seed": self._seed,
            "options": self.options.to_json(),
            "moves": [str(m) for m in self._history],
        }
        if self._start != Position.initial(self.options):
            record["start"] = self._start.to_json()
        return record

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own cards and choice, and everything revealed."""
        return Observation.of(self.position, _seat(seat))

    def __repr__(self) -> str:
        pos = self.position
        return (
            f"<FistfulOfGold round {pos.round} {pos.phase} gold {pos.gold} "
            f"wins {pos.round_wins} after {len(self._history)} moves>"
        )


# --- checking and applying a move --------------------------------------------------


def _seat(player: int) -> int:
    if player not in (0, 1) or isinstance(player, bool):
        raise IllegalMoveError(
            "FG-1", f"There are two seats, 0 (pink) and 1 (green), not {player!r}."
        )
    return player


def _cards_of(move: Move) -> str:
    return " ".join(str(c) for c in move.cards) if isinstance(move, Discard) else str(move.card)


def _verify(pos: Position, move: Move) -> None:
    s = move.seat
    me = COLOURS[s]
    if pos.is_over:
        raise IllegalMoveError("FG-2", f"The game is over: {pos.result}.")
    if pos.phase == "reclaim":
        if s != 1:
            raise IllegalMoveError(
                "FG-4", "Wait: green is taking a discarded card back with the green 8."
            )
        if not isinstance(move, Reclaim):
            raise IllegalMoveError(
                "FG-4",
                "You played the green 8, so first take one of your discarded cards back, "
                "e.g. 'reclaim green 4'.",
            )
        if move.card not in pos.discards[s]:
            raise IllegalMoveError(
                "FG-4", f"{move.card} is not among your discards, so you cannot take it back."
            )
        return
    rule = "FG-2" if pos.phase == "discard" else "FG-3"
    if pos.pending[s] is not None:
        raise IllegalMoveError(
            rule, f"You have already chosen ({pos.pending[s]}); undo to change your mind."
        )
    if isinstance(move, Reclaim):
        raise IllegalMoveError(
            "FG-4", "You can take a card back only right after playing your green 8."
        )
    if pos.phase == "discard":
        n = pos.to_discard(s)
        if not isinstance(move, Discard):
            raise IllegalMoveError(
                "FG-2",
                f"Before round {pos.round} you first discard {n} card(s) face down, "
                f"e.g. 'discard {me} 1{f' {me} 2' if n > 1 else ''}'.",
            )
        if len(move.cards) != n:
            raise IllegalMoveError(
                "FG-2", f"Discard exactly {n} card(s) now, not {len(move.cards)}."
            )
        for c in move.cards:
            if c not in pos.hands[s]:
                raise IllegalMoveError("FG-2", f"You cannot discard {c}: it is already discarded.")
        return
    if isinstance(move, Discard):
        raise IllegalMoveError(
            "FG-3",
            f"Discards happen between rounds; now choose a card for duel {pos.duel}.",
        )
    card = move.card
    if card not in pos.hands[s]:
        where = (
            f"you played it in this round already (duel {pos.rows[s].index(card) + 1})"
            if card in pos.rows[s]
            else "you discarded it"
        )
        raise IllegalMoveError("FG-3", f"{card} is not in your hand: {where}.")
    last = pos.last_played(s)
    if blocked(last, card, pos.options):
        assert last is not None
        raise IllegalMoveError(
            "FG-3",
            f"You played {last.rank_name} in the last duel, so you may not play "
            f"{card.rank_name} now.",
        )


def _apply(pos: Position, move: Move) -> Position:
    """The position after a verified move."""
    s = move.seat
    if isinstance(move, Reclaim):
        discards = list(pos.discards)
        hands = list(pos.hands)
        discards[s] = tuple(c for c in discards[s] if c != move.card)
        hands[s] = (*hands[s], move.card)
        after = with_changes(
            pos,
            hands=hands,
            discards=discards,
            reclaims=(*pos.reclaims, (pos.round, move.card)),
            phase="duel",
        )
        return _end_round(after) if after.round_complete else after
    pending = list(pos.pending)
    pending[s] = move
    if None in pending:
        return with_changes(pos, pending=(pending[0], pending[1]))
    if pos.phase == "discard":
        hands, discards = list(pos.hands), list(pos.discards)
        for t, m in enumerate(pending):
            assert isinstance(m, Discard)
            hands[t] = tuple(c for c in hands[t] if c not in m.cards)
            discards[t] = (*discards[t], *m.cards)
        return with_changes(pos, hands=hands, discards=discards, pending=(None, None), phase="duel")
    return _reveal_duel(pos, pending)


def _reveal_duel(pos: Position, pending: list[Move | None]) -> Position:
    cards = []
    for m in pending:
        assert isinstance(m, Play)
        cards.append(m.card)
    hands = [tuple(c for c in pos.hands[t] if c != cards[t]) for t in (0, 1)]
    rows = ((*pos.rows[0], cards[0]), (*pos.rows[1], cards[1]))
    after = with_changes(pos, hands=hands, rows=rows, pending=(None, None))
    ended = _end_round(after) if after.round_complete else None
    wants_reclaim = (
        "green8" in pos.options.specials and cards[1] == GREEN8 and bool(pos.discards[1])
    )
    # No reclaim when this duel ends the game: there is no later duel to use it in.
    if wants_reclaim and not (ended is not None and ended.is_over):
        return with_changes(after, phase="reclaim")
    return ended if ended is not None else after


def _end_round(pos: Position) -> Position:
    """Rows go to ``past`` and back into hand (FG-2); then discards or the end."""
    hands = [pos.hands[t] + pos.rows[t] for t in (0, 1)]
    after = with_changes(pos, hands=hands, rows=((), ()), past=(*pos.past, pos.rows))
    over = with_changes(after, phase="over")
    if over.result is not None:
        return over
    if pos.options.hands == "fresh":
        return with_changes(
            after, hands=(deck(COLOURS[0]), deck(COLOURS[1])), discards=((), ()), phase="discard"
        )
    return with_changes(after, phase="discard")


# --- what one seat sees ------------------------------------------------------------


@dataclass(frozen=True)
class Observation:
    """One seat's view: its own hand, discards and secret choice, and everything
    revealed (rows, past rounds, gold, reclaimed cards).  The opponent's hand,
    discards and uncommitted or committed choice are not in it."""

    seat: int
    options: Options
    phase: str
    round: int
    duel: int
    duels_in_round: int
    to_move: tuple[int, ...]
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    my_choice: Move | None
    to_discard: int
    opponent_committed: bool
    opponent_hand_size: int
    opponent_discard_count: int
    rows: tuple[tuple[Card, ...], tuple[Card, ...]]
    past: tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]
    reclaims: tuple[tuple[int, Card], ...]
    tallies: tuple[RoundTally, ...]
    result: Result | None

    @classmethod
    def of(cls, pos: Position, seat: int) -> Observation:
        opp = 1 - seat
        return cls(
            seat=seat,
            options=pos.options,
            phase=pos.phase,
            round=pos.round,
            duel=pos.duel,
            duels_in_round=pos.duels_in_round,
            to_move=pos.to_move,
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
        return COLOURS[self.seat]

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def gold(self) -> tuple[int, int]:
        return self.tallies[-1].gold

    @property
    def pot(self) -> int:
        return self.tallies[-1].pot

    @property
    def bonus(self) -> tuple[int, int]:
        return self.tallies[-1].bonus

    def last_played(self, seat: int) -> Card | None:
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
        def names(cards: Sequence[Card]) -> list[str]:
            return [str(c) for c in cards]

        return {
            "seat": self.seat,
            "colour": self.colour,
            "options": self.options.to_json(),
            "phase": self.phase,
            "round": self.round,
            "duel": self.duel,
            "duels_in_round": self.duels_in_round,
            "to_move": list(self.to_move),
            "hand": names(self.hand),
            "discards": names(self.discards),
            "my_choice": None if self.my_choice is None else str(self.my_choice),
            "to_discard": self.to_discard,
            "opponent_committed": self.opponent_committed,
            "opponent_hand_size": self.opponent_hand_size,
            "opponent_discard_count": self.opponent_discard_count,
            "rows": [names(r) for r in self.rows],
            "past_rounds": [[names(r) for r in rows] for rows in self.past],
            "reclaims": [[r, str(c)] for r, c in self.reclaims],
            "gold": list(self.gold),
            "pot": self.pot,
            "bonus": list(self.bonus),
            "result": None if self.result is None else self.result.to_json(),
        }
