"""The Matchstick Tycoon game: rules MT-1 … MT-8 of the project's rules page.

>>> g = MatchstickTycoon.new(players=4, seed=3)
>>> seat = g.to_move
>>> len(g.hand(seat))
14
>>> m = g.play(g.legal_moves()[0])
>>> g.history[-1] is m, len(g.hand(seat))
(True, 13)
>>> g.play("discard")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tabletop_widgets.core.errors.IllegalMoveError: You still hold cards, so you cannot ...
>>> g.undo() is m
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tabletop_widgets.core.contract import ExplainsMoves
from tabletop_widgets.core.errors import IllegalMoveError, PositionError, RecordError

from . import movegen, shapes
from .moves import (
    DISCARD,
    PASS,
    VALUE_INDEX,
    VALUES,
    Move,
    holds,
    pack,
    parse_raw,
    shape_error,
    unpack,
)
from .position import Position, Table

GAME = "matchstick_tycoon"
RECORD_FORMAT = 1
KIND_NAMES = {1: "a single card", 2: "a pair", 3: "three cards", 4: "four cards", 5: "five cards"}
DEFAULT_HAND_FEW_PLAYERS = 15  # MT-4: 15 cards each with 2-3 players


@dataclass(frozen=True, slots=True)
class Options:
    """How a game was set up (MT-1, MT-4)."""

    players: int = 4
    expansion: int = 0
    deal: str = "default"
    seed: int | None = None

    def to_json(self) -> dict:
        return {
            "players": self.players,
            "expansion": self.expansion,
            "deal": self.deal,
            "seed": self.seed,
        }


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may see: its own hand, everything public, nothing hidden."""

    seat: int
    players: int
    expansion: int
    hand: tuple[str, ...]
    card_counts: tuple[int, ...]
    sticks: tuple[int, ...]
    table: Table | None
    order: str
    to_move: int
    out: tuple[int, ...]
    passed: tuple[int, ...]
    history: tuple[Move, ...]
    is_over: bool

    def strength(self, value: str) -> int:
        """Rank of a value under the current order, 0 = weakest."""
        vi = VALUE_INDEX[value]
        n = len(shapes.values_in_play(self.expansion))
        return n - 1 - vi if self.order == "reversed" else vi


def deal(options: Options) -> Position:
    """The starting position of a seeded game (MT-1, MT-4).

    The first leader is drawn from the seed (interpretation); cards go round
    clockwise from the leader, so the first seats from the leader get the
    extra cards when the deck does not divide evenly.
    """
    rng = random.Random(options.seed)
    cards = shapes.deck(options.expansion)
    rng.shuffle(cards)
    leader = rng.randrange(options.players)
    n = options.players
    if options.deal == "all" or n >= 4:
        dealt = len(cards)
    else:
        dealt = DEFAULT_HAND_FEW_PLAYERS * n
    hands: list[list[str]] = [[] for _ in range(n)]
    for i in range(dealt):
        hands[(leader + i) % n].append(cards[i])
    return Position.from_json(
        {
            "players": n,
            "expansion": options.expansion,
            "hands": hands,
            "sticks": [1] * n,
            "table": None,
            "order": "normal",
            "to_move": leader,
            "out": [],
            "passed": [],
        }
    )


def _check_options(players: object, expansion: object, deal_kind: object, seed: object) -> Options:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
        raise PositionError("players", f"must be 2 to 8, not {players!r}")
    if expansion in ("none", None):
        expansion = 0
    if isinstance(expansion, bool) or expansion not in (0, 2, 4):
        raise PositionError("expansion", f"must be 0 (none), 2 or 4, not {expansion!r}")
    if deal_kind not in ("default", "all"):
        raise PositionError("deal", f"must be 'default' or 'all', not {deal_kind!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise PositionError("seed", f"must be a whole number or null, not {seed!r}")
    return Options(players, expansion, deal_kind, seed)


class MatchstickTycoon(ExplainsMoves):
    """A game in progress: a position, the moves that led to it, exact undo.

    Build with :meth:`new` (a seeded deal), :meth:`from_position` (any valid
    position, e.g. a teacher's scenario) or :meth:`from_record`.
    """

    game = GAME

    def __init__(self, start: Position, options: Options | None = None) -> None:
        self.options = options or Options(start.players, start.expansion, None, None)
        self.start = start
        self.players = start.players
        self.expansion = start.expansion
        self._nvalues = len(shapes.values_in_play(start.expansion))
        self._set_state(start)
        self._history: list[Move] = []
        self._undo: list[tuple] = []
        self._legal: tuple[Move, ...] | None = None

    # -- construction ---------------------------------------------------

    @classmethod
    def new(
        cls, *, players: int = 4, expansion: int = 0, deal: str = "default", seed: int | None = None
    ) -> MatchstickTycoon:
        """A new seeded game. Without a seed one is drawn and kept, so it still replays."""
        if seed is None:
            seed = random.randrange(2**31)
        options = _check_options(players, expansion, deal, seed)
        return cls(globals()["deal"](options), options)

    @classmethod
    def from_position(cls, data: Position | dict) -> MatchstickTycoon:
        """A game that starts from any valid position (PositionError if invalid)."""
        pos = data if isinstance(data, Position) else Position.from_json(data)
        return cls(pos)

    @classmethod
    def from_record(cls, data: dict) -> MatchstickTycoon:
        """Load a game saved with :meth:`to_record` (RecordError names the bad field)."""
        if not isinstance(data, dict):
            raise RecordError("record", "must be a JSON object")
        if data.get("game") != GAME:
            raise RecordError("game", f"must be {GAME!r}, not {data.get('game')!r}"[:120])
        try:
            start = Position.from_json(data.get("start"))
        except PositionError as e:
            raise RecordError(f"start.{e.field}", e.reason) from None
        opts = data.get("options")
        options = None
        if opts is not None:
            if not isinstance(opts, dict):
                raise RecordError("options", "must be an object or null")
            try:
                options = _check_options(
                    opts.get("players"),
                    opts.get("expansion"),
                    opts.get("deal", "default"),
                    opts.get("seed"),
                )
            except PositionError as e:
                raise RecordError(f"options.{e.field}", e.reason) from None
            if (options.players, options.expansion) != (start.players, start.expansion):
                raise RecordError("options", "players and expansion differ from the start position")
            if options.seed is not None and deal(options) != start:
                raise RecordError("start", f"is not the deal of seed {options.seed}")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise RecordError("moves", "must be a list of moves")
        game = cls(start, options)
        for i, m in enumerate(moves):
            try:
                game.play(m)
            except IllegalMoveError as e:
                raise RecordError(f"moves[{i}]", str(e)) from None
        return game

    def to_record(self) -> dict:
        """The whole game as JSON-ready data: options, the deal, every move."""
        opts = self.options
        return {
            "game": GAME,
            "format": RECORD_FORMAT,
            "options": opts.to_json() if opts.deal is not None else None,
            "start": self.start.to_json(),
            "moves": [m.text for m in self._history],
        }

    def replay(self, n: int) -> MatchstickTycoon:
        """A new game holding the first ``n`` moves of this one (this one is untouched)."""
        if not 0 <= n <= len(self._history):
            raise IndexError(f"move number must be 0 to {len(self._history)}")
        g = MatchstickTycoon(self.start, self.options)
        for m in self._history[:n]:
            g._apply(m)
        return g

    def copy(self) -> MatchstickTycoon:
        """An independent copy with the same history."""
        return self.replay(len(self._history))

    # -- state ----------------------------------------------------------

    def _set_state(self, p: Position) -> None:
        self._hands = [pack(h) for h in p.hands]
        self._ncards = [len(h) for h in p.hands]
        self._sticks = list(p.sticks)
        self._table = (
            None if p.table is None else (VALUE_INDEX[p.table.value], p.table.count, p.table.player)
        )
        self._reversed = p.order == "reversed"
        self._to_move = p.to_move
        self._out = list(p.out)
        self._is_out = [s in p.out for s in range(p.players)]
        self._passed = list(p.passed)
        self._over = len(p.out) >= p.players - 1

    @property
    def position(self) -> Position:
        """The current position (an immutable snapshot)."""
        t = self._table
        return Position(
            self.players,
            self.expansion,
            tuple(tuple(unpack(h)) for h in self._hands),
            tuple(self._sticks),
            None if t is None else Table(VALUES[t[0]], t[1], t[2]),
            "reversed" if self._reversed else "normal",
            self._to_move,
            tuple(self._out),
            tuple(self._passed),
        )

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(self._history)

    @property
    def movers(self) -> tuple[int, ...]:
        """The seat that made each move of the history."""
        return tuple(u[0] for u in self._undo)

    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def order(self) -> str:
        return "reversed" if self._reversed else "normal"

    @property
    def ranking(self) -> list[int] | None:
        """Seats first out first, the last one left last; None while the game goes on."""
        if not self._over:
            return None
        return self._out + [s for s in range(self.players) if not self._is_out[s]]

    @property
    def out(self) -> tuple[int, ...]:
        return tuple(self._out)

    def hand(self, seat: int) -> list[str]:
        """The faces a seat holds, in notation order."""
        return unpack(self._hands[seat])

    def sticks(self, seat: int) -> int:
        return self._sticks[seat]

    def card_count(self, seat: int) -> int:
        return self._ncards[seat]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see (for hot-seat play and for bots that must not cheat)."""
        if not 0 <= seat < self.players:
            raise IndexError(f"seat must be 0 to {self.players - 1}")
        t = self._table
        # Built from the state directly (not via .position): bots call this every move.
        return Observation(
            seat,
            self.players,
            self.expansion,
            tuple(unpack(self._hands[seat])),
            tuple(self._ncards),
            tuple(self._sticks),
            None if t is None else Table(VALUES[t[0]], t[1], t[2]),
            "reversed" if self._reversed else "normal",
            self._to_move,
            tuple(self._out),
            tuple(self._passed),
            tuple(self._history),
            self._over,
        )

    def strength(self, value: str) -> int:
        """Rank of a value under the current order (0 = weakest)."""
        vi = VALUE_INDEX[value]
        return self._nvalues - 1 - vi if self._reversed else vi

    # -- moves ----------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every move the seat to move may make: plays (canonical), pass, discard."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._generate())
        return legal

    def _generate(self) -> list[Move]:
        if self._over:
            return []
        p = self._to_move
        if not self._ncards[p]:
            return [DISCARD]
        t = self._table
        if t is None:
            return movegen.legal_plays(
                self._hands[p], self._sticks[p], self._nvalues, None, 0, self._reversed
            )
        plays = movegen.legal_plays(
            self._hands[p], self._sticks[p], self._nvalues, t[0], t[1], self._reversed
        )
        plays.append(PASS)
        return plays

    def play(self, move: Move | str) -> Move:
        """Play a move (object or any valid spelling) and return it in canonical form.

        Raises IllegalMoveError naming the rule; the game is then unchanged.
        """
        m = self.verify(move)
        self._apply(m)
        return m

    def undo(self) -> Move:
        """Take back the last move exactly; returns it."""
        if not self._history:
            raise IndexError("no move to undo")
        m = self._history.pop()
        p, self._table, self._reversed, passed, npassed, nout, self._over = self._undo.pop()
        del passed[npassed:]
        self._passed = passed
        while len(self._out) > nout:
            self._is_out[self._out.pop()] = False
        if m.kind == "play":
            self._hands[p] += m.packed
            self._ncards[p] += m.count
            self._sticks[p] += m.cost
        else:
            self._sticks[p] += -1 if m.kind == "pass" else 1
        self._to_move = p
        self._legal = None
        return m

    # -- checking -------------------------------------------------------

    def verify(self, move: Move | str) -> Move:
        """The canonical move if ``move`` may be played now; IllegalMoveError if not."""
        if isinstance(move, Move):
            self._check_structure(move.kind, move.count, move.faces)
            if move.kind == "play":
                self._check_value(move)
            return move
        raw = parse_raw(move)
        if isinstance(raw, Move):
            self._check_structure(raw.kind, 0, ())
            return raw
        self._check_structure("play", raw.count, tuple(c.face for c in raw.cards))
        why = shape_error(raw.value, raw.cards, self.expansion)
        if why:
            raise IllegalMoveError("MT-3", why[0].upper() + why[1:] + ".")
        m = Move.play(raw.value, [c.face for c in raw.cards])
        self._check_value(m)
        return m

    def _check_structure(self, kind: str, count: int, faces: Sequence[str]) -> None:
        """MT-5 (and MT-1/MT-8): the kind of turn, the number of cards, the cards held."""
        if self._over:
            raise IllegalMoveError("MT-8", "The game is over: only one player is left in.")
        p = self._to_move
        table = self._table
        if not self._ncards[p]:
            if kind != "discard":
                raise IllegalMoveError(
                    "MT-5", "You have no cards left, so your only move is to discard one stick."
                )
            return
        if kind == "discard":
            raise IllegalMoveError(
                "MT-5",
                "You still hold cards, so you cannot discard; "
                + ("play 1 to 5 cards." if table is None else "play or pass."),
            )
        if kind == "pass":
            if table is None:
                raise IllegalMoveError(
                    "MT-5", "You are leading, so you must play 1 to 5 cards; you may not pass."
                )
            return
        for f in faces:
            if shapes.copies_in_deck(f, self.expansion) == 0:
                raise IllegalMoveError("MT-1", f"There are no {f} cards without the expansion.")
        if table is not None and count != table[1]:
            raise IllegalMoveError(
                "MT-5",
                f"The table holds {KIND_NAMES[table[1]]}, so you must play "
                f"{table[1]} card{'s' if table[1] > 1 else ''} (or pass).",
            )
        if not 1 <= count <= 5:
            raise IllegalMoveError("MT-5", f"A play has 1 to 5 cards, not {count}.")
        if not holds(self._hands[p], pack(faces)):
            hand = unpack(self._hands[p])
            missing = list(faces)
            for f in hand:
                if f in missing:
                    missing.remove(f)
            raise IllegalMoveError(
                "MT-5", f"You do not hold {' '.join(missing)}: your hand is {' '.join(hand)}."
            )

    def _check_value(self, m: Move) -> None:
        """MT-3 (value in play, sticks) and MT-2 (strength) for a well-formed play."""
        p = self._to_move
        if m.strength >= self._nvalues:
            raise IllegalMoveError(
                "MT-3",
                f"{m.value} is not a value in this game: G and H exist only with the expansion.",
            )
        t = self._table
        if t is not None:
            stronger = m.strength < t[0] if self._reversed else m.strength > t[0]
            if not stronger:
                order = "reversed order (0 strongest)" if self._reversed else "normal order"
                beat = VALUES[t[0]]
                allowed = [
                    v
                    for v in VALUES[: self._nvalues]
                    if (VALUE_INDEX[v] < t[0] if self._reversed else VALUE_INDEX[v] > t[0])
                ]
                more = (
                    f"; play one of {' '.join(allowed)}"
                    if allowed
                    else "; nothing beats it, so pass"
                )
                raise IllegalMoveError(
                    "MT-2", f"{m.value} is not stronger than {beat} in the {order}{more}."
                )
        if m.cost > self._sticks[p]:
            have = self._sticks[p]
            raise IllegalMoveError(
                "MT-3",
                f"This play needs {m.cost} stick{'s' if m.cost != 1 else ''} but you hold {have}.",
            )

    # -- applying -------------------------------------------------------

    def _apply(self, m: Move) -> None:
        p = self._to_move
        # Undo record: what the move itself does not determine.  The passed
        # list is kept by reference with its length: later passes only append
        # to it, and a play or a cleared trick replaces it with a new list.
        self._undo.append(
            (
                p,
                self._table,
                self._reversed,
                self._passed,
                len(self._passed),
                len(self._out),
                self._over,
            )
        )
        self._history.append(m)
        self._legal = None
        kind = m.kind
        if kind == "play":
            self._hands[p] -= m.packed
            self._ncards[p] -= m.count
            self._sticks[p] -= m.cost
            self._table = (m.strength, m.count, p)
            self._passed = []
            if m.count == 5:  # MT-7: every 5-card play is a revolution
                self._reversed = not self._reversed
        elif kind == "pass":  # MT-5.3: passing takes a stick from the supply
            self._sticks[p] += 1
            self._passed.append(p)
        else:  # MT-5.4: discard one stick; counts as not playing
            self._sticks[p] -= 1
            if self._table is not None:
                self._passed.append(p)
        if not self._ncards[p] and not self._sticks[p]:  # MT-8: out at once
            self._out.append(p)
            self._is_out[p] = True
        self._advance(p)

    def _advance(self, p: int) -> None:
        n = self.players
        is_out = self._is_out
        if len(self._out) >= n - 1:  # MT-8: one left, it takes the last place
            self._over = True
            self._table = None
            self._passed = []
            self._to_move = is_out.index(False)
            return
        q = (p + 1) % n
        while is_out[q]:
            q = (q + 1) % n
        t = self._table
        # MT-6: back round to the last player (or, if it went out, everybody
        # still in has passed since): the trick ends and q leads.
        if t is not None and (q == t[2] or q in self._passed):
            self._table = None
            self._passed = []
        self._to_move = q

    # -- convenience ----------------------------------------------------

    def play_many(self, moves: Iterable[Move | str]) -> None:
        """Play moves in turn (stops at the first illegal one, which raises)."""
        for m in moves:
            self.play(m)

    def __repr__(self) -> str:
        return (
            f"<MatchstickTycoon {self.players}p move {len(self._history)}"
            f"{' over' if self._over else f', seat {self._to_move} to move'}>"
        )
