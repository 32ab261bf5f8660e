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
>>> g.legal_moves((seat + 1) % 4)  # a seat that is not to move has no moves
()
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop_widgets.core.contract import Game, seat_index
from tabletop_widgets.core.errors import IllegalMoveError, PositionError, key_name, shown
from tabletop_widgets.core.i18n import _l, _nl
from tabletop_widgets.core.result import Result

from . import movegen, shapes
from .movegen import unary
from .moves import (
    DISCARD,
    FACE_INDEX,
    GUARD,
    PASS,
    VALUE_INDEX,
    VALUES,
    Move,
    faces_of,
    holds,
    pack,
    parse_move,
    parse_raw,
    shape_error,
    unpack,
)
from .observation import LiveObservation, Observation
from .position import Hand, Position, Table
from .redeal import Dealer, cards_out_of_play, redealt_start

__all__ = ["MatchstickTycoon", "Observation", "Options", "deal"]

GAME = "matchstick_tycoon"
DEFAULT_HAND_FEW_PLAYERS = 15  # MT-4: 15 cards each with 2-3 players
OPTION_NAMES = ("players", "expansion", "deal")
_PASS_ONLY = (PASS,)
_SEATS = tuple((s,) for s in range(8))  # current_players() without a new tuple each time
_DISCARD_ONLY = (DISCARD,)


@dataclass(frozen=True, slots=True)
class Options:
    """How a game was set up (MT-1, MT-4): seats, expansion copies of G and H, the deal.

    Fields: ``players`` (2 to 8 seats), ``expansion`` (0, 2 or 4 copies each of G and
    H), ``deal`` (``"default"``: 15 cards each with 2 or 3 players, the whole deck with
    more; ``"all"``: the whole deck always).

    >>> Options.from_json({"players": 3, "expansion": 2})
    Options(players=3, expansion=2, deal='default')
    >>> Options.from_json({"players": 9})
    Traceback (most recent call last):
    ...
    tabletop_widgets.core.errors.PositionError: options.players: must be 2 to 8, not 9
    """

    players: int = 4
    expansion: int = 0
    deal: str = "default"

    def to_json(self) -> dict:
        """JSON-ready: every option, defaults included."""
        return {"players": self.players, "expansion": self.expansion, "deal": self.deal}

    @classmethod
    def from_json(cls, data: Any, field: str = "options") -> Options:
        """Options from JSON (missing ones take their defaults); PositionError names the
        bad one as ``{field}.{name}`` (just ``name`` when ``field`` is empty)."""
        prefix = f"{field}." if field else ""
        if not isinstance(data, Mapping):
            raise PositionError(
                field or "options",
                _l(
                    "must be an object with {names}, not {value}",
                    names=", ".join(OPTION_NAMES),
                    value=shown(data),
                ),
            )
        for k in data:
            if k not in OPTION_NAMES:
                raise PositionError(
                    f"{prefix}{key_name(k)}",
                    _l(
                        "is not an option of Matchstick Tycoon (options: {names})",
                        names=", ".join(OPTION_NAMES),
                    ),
                )
        try:
            return _check_options(**data)
        except PositionError as e:
            raise PositionError(f"{prefix}{e.field}", e.message) from None


def _follow_count(n: int) -> Any:
    """MT-5's refusal of a play of another size than the table's ``n`` cards (a Message)."""
    if n == 1:
        return _l("The table holds a single card, so you must play 1 card (or pass).")
    if n == 2:
        return _l("The table holds a pair, so you must play 2 cards (or pass).")
    return _l("The table holds {n} cards, so you must play {n} cards (or pass).", n=n)


def _weaker(value: str, beat: str, allowed: list[str], reversed_: bool) -> Any:
    """MT-2's refusal: ``value`` does not beat ``beat``; what would (a Message)."""
    values = " ".join(allowed)
    if reversed_:
        if allowed:
            return _l(
                "{value} is not stronger than {beat} in the reversed order (0 strongest); "
                "play one of {values}.",
                value=value,
                beat=beat,
                values=values,
            )
        return _l(
            "{value} is not stronger than {beat} in the reversed order (0 strongest); "
            "nothing beats it, so pass.",
            value=value,
            beat=beat,
        )
    if allowed:
        return _l(
            "{value} is not stronger than {beat} in the normal order; play one of {values}.",
            value=value,
            beat=beat,
            values=values,
        )
    return _l(
        "{value} is not stronger than {beat} in the normal order; nothing beats it, so pass.",
        value=value,
        beat=beat,
    )


def _check_options(players: object = 4, expansion: object = 0, deal: object = "default") -> Options:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
        raise PositionError("players", _l("must be 2 to 8, not {value}", value=shown(players)))
    if expansion in ("none", None):
        expansion = 0
    if isinstance(expansion, bool) or expansion not in (0, 2, 4):
        raise PositionError(
            "expansion", _l("must be 0 (none), 2 or 4, not {value}", value=shown(expansion))
        )
    if deal not in ("default", "all"):
        raise PositionError(
            "deal",
            _l("must be {a} or {b}, not {value}", a="'default'", b="'all'", value=shown(deal)),
        )
    return Options(players, expansion, deal)  # type: ignore[arg-type]


def _check_seed(seed: object) -> int | None:
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise PositionError(
            "seed", _l("must be a whole number or null, not {value}", value=shown(seed))
        )
    return seed  # type: ignore[return-value]


def deal(options: Options, seed: int) -> Position:
    """The starting position of a game with ``options`` dealt from ``seed`` (MT-1, MT-4).

    The first leader is drawn from the seed (interpretation); cards go round
    clockwise from the leader, so the first seats from the leader get the
    extra cards when the deck does not divide evenly.
    """
    rng = random.Random(seed)
    cards = shapes.deck(options.expansion)
    _shuffle(rng, cards)
    n = options.players
    leader = rng.randrange(n)
    dealt = len(cards) if options.deal == "all" or n >= 4 else DEFAULT_HAND_FEW_PLAYERS * n
    # Card i goes to seat (leader + i) % n.  Built directly: a deal is valid by
    # construction (the tests check that Position.from_json reads it back equal).
    hands = tuple(
        tuple(sorted(cards[(s - leader) % n : dealt : n], key=FACE_INDEX.__getitem__))
        for s in range(n)
    )
    return Position._of(n, options.expansion, hands, (1,) * n, None, "normal", leader, (), ())


def _follow_kinds(v: int, n: int) -> tuple[tuple[movegen.Kind | None, movegen.Kind], ...]:
    """The legal sets of following ``n`` cards of strength ``v``, by [expansion in
    play][reversed]."""
    return tuple(
        (
            movegen.kind(nvalues, v, n, False) if v < nvalues else None,
            movegen.kind(nvalues, v, n, True),
        )
        for nvalues in (len(shapes.BASE_VALUES), len(shapes.ALL_VALUES))
    )


#: The engine's table, (strength, count, player, the Table, the legal sets of following
#: it by [expansion in play][reversed]), one tuple each: a play makes none.
_TRICKS = [
    [[(v, n, p, Table(VALUES[v], n, p), _follow_kinds(v, n)) for p in range(8)] for n in range(6)]
    for v in range(len(shapes.ALL_VALUES))
]


_BIT_LENGTHS = [n.bit_length() for n in range(129)]
_MAX_STICKS = movegen.MAX_STICKS
_new = object.__new__


def _copy_undo(passed: list[int], undo: list[tuple]) -> tuple[list[int], list[tuple]]:
    """Copies of the passed list and the undo records: the records hold passed lists by
    reference (see ``_apply``), so each list is copied once and shared as it was."""
    copies: dict[int, list[int]] = {}

    def copied(seats: list[int]) -> list[int]:
        c = copies.get(id(seats))
        if c is None:
            c = copies[id(seats)] = seats[:]
        return c

    return copied(passed), [(p, t, copied(seats), n) for p, t, seats, n in undo]


def _shuffle(rng: random.Random, cards: list[str]) -> None:
    """``rng.shuffle(cards)``: the same draws and the same order, without a Python call
    per card (``random.Random.shuffle`` asks ``_randbelow`` for each).

    >>> a, b = list(range(64)), list(range(64))
    >>> random.Random(5).shuffle(a); _shuffle(random.Random(5), b); a == b
    True
    """
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = _BIT_LENGTHS[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class MatchstickTycoon(Game):
    """A game in progress: a start, the moves that led from it, exact undo.

    Build with :meth:`new` (a seeded deal), :meth:`from_position` (any valid
    position, e.g. a teacher's scenario) or :meth:`from_record`.  Seats are
    numbered from 0; ``to_move`` is None once the game is over.
    """

    key: ClassVar[str] = GAME
    title: ClassVar[str] = "Matchstick Tycoon"
    move_type: ClassVar[type] = Move

    def __init__(
        self, start: Position, options: Options | None = None, seed: int | None = None
    ) -> None:
        """A game from ``start``.  ``seed`` says that ``start`` is that seed's deal (a record
        then writes the seed, not the start): :meth:`new` and the record reader pass it."""
        self._options = options or Options(start.players, start.expansion)
        self._seed = seed
        #: True when the game began at a deal: every card not in a hand was set aside
        #: unseen.  False for a position: the cards missing from it left play before.
        self._dealt = seed is not None
        self._start = start
        self._players = start.players
        self._expansion = start.expansion
        self._nvalues = len(shapes.values_in_play(start.expansion))
        self._deck = int(self._nvalues > len(shapes.BASE_VALUES))  # 1: G and H in play
        self._lead = movegen.kind(self._nvalues, None, 0, False)
        self._set_state(start)
        self._history: list[Move] = []
        self._undo: list[tuple] = []
        self._legal: tuple[Move, ...] | None = None

    # -- construction ---------------------------------------------------

    @classmethod
    def new(cls, *, seed: int | None = None, **options: Any) -> MatchstickTycoon:
        """A new game dealt from ``seed`` with ``options`` (``players`` 2-8, default 4;
        ``expansion`` 0, 2 or 4; ``deal`` 'default' or 'all': see :class:`Options`).  The
        same seed deals the same cards.  Without a seed one is drawn and kept
        (:attr:`seed`), so the game still replays.  A bad or unknown option raises
        PositionError naming it."""
        opts = Options.from_json(options, field="")
        seed = _check_seed(seed)
        if seed is None:
            seed = random.randrange(2**31)
        return cls(deal(opts, seed), opts, seed)

    @classmethod
    def from_position(cls, data: Position | Mapping[str, Any]) -> MatchstickTycoon:
        """A game that starts from any valid position (PositionError names the bad field)."""
        return cls(Position.from_json(data))

    @classmethod
    def _from_record_fields(cls, record: Mapping[str, Any]) -> MatchstickTycoon:
        """``options``, ``seed`` and ``start`` (None: the seed's deal; a start given with a
        seed must be that seed's deal)."""
        seed = _check_seed(record.get("seed"))
        if record.get("start") is None:
            if seed is None:
                raise PositionError("seed", _l("must be a whole number when there is no start"))
            return cls.new(seed=seed, **Options.from_json(record.get("options", {})).to_json())
        try:
            start = Position.from_json(record["start"])
        except PositionError as e:
            raise PositionError(f"start.{e.field}", e.message) from None
        if "options" in record:
            options = Options.from_json(record["options"])
        else:
            options = Options(start.players, start.expansion)
        if (options.players, options.expansion) != (start.players, start.expansion):
            raise PositionError("options", _l("players and expansion differ from the start's"))
        if seed is not None and deal(options, seed) != start:
            raise PositionError("start", _l("is not the deal of seed {seed}", seed=seed))
        return cls(start, options, seed)

    @classmethod
    def _upgrade_record(cls, record: dict[str, Any], fmt: int) -> dict[str, Any]:
        """Format 1 (before the shared record reader): the seed inside ``options``,
        ``options`` null for a game from a position, the start always written, and the
        play page's ``seats`` and ``names`` beside the fields (now in ``meta``)."""
        if fmt != 1:
            return super()._upgrade_record(record, fmt)
        out = {k: v for k, v in record.items() if k not in ("seats", "names")}
        out["format"] = cls.record_format
        options = out.pop("options", None)
        if isinstance(options, Mapping):
            options = dict(options)
            out["seed"] = options.pop("seed", None)
            out["options"] = options
        elif options is not None:
            out["options"] = options  # refused, naming the field, by the reader
        meta = {k: record[k] for k in ("seats", "names") if k in record}
        if meta:
            out["meta"] = meta
        return out

    def _record_fields(self) -> dict[str, Any]:
        return {
            "options": self._options.to_json(),
            "seed": self._seed,
            "start": None if self._seed is not None else self._start.to_json(),
        }

    def replay(self, n: int) -> MatchstickTycoon:
        """A new game holding the first ``n`` moves of this one (this one is untouched)."""
        if not 0 <= n <= len(self._history):
            raise IndexError(f"move number must be 0 to {len(self._history)}")
        g = self._restart(self._start, self._seed)
        for m in self._history[:n]:
            g._apply(m)
        return g

    def copy(self) -> MatchstickTycoon:
        """An independent game with the same start and history: the state copied, not
        replayed (playouts start from copies).  Attribute by attribute, in the order
        ``__init__`` sets them: the copy's attributes then live where the interpreter's
        quick attribute access expects them, as an original's do."""
        g = _new(MatchstickTycoon)
        g._options = self._options
        g._seed = self._seed
        g._dealt = self._dealt
        g._start = self._start
        g._players = self._players
        g._expansion = self._expansion
        g._nvalues = self._nvalues
        g._deck = self._deck
        g._lead = self._lead
        g._hands = self._hands[:]
        g._unary = self._unary[:]
        g._ncards = self._ncards[:]
        g._sticks = self._sticks[:]
        g._table = self._table
        g._reversed = self._reversed
        g._to_move = self._to_move
        g._out = self._out[:]
        g._is_out = self._is_out[:]
        g._passed, undo = _copy_undo(self._passed, self._undo)
        g._over = self._over
        g._next = self._next[:]
        g._kind = self._kind
        g._history = self._history[:]
        g._undo = undo
        g._legal = self._legal
        return g

    def _restart(self, start: Position, seed: int | None) -> MatchstickTycoon:
        g = MatchstickTycoon(start, self._options, seed)
        g._dealt = self._dealt
        return g

    # -- state ----------------------------------------------------------

    def _set_state(self, p: Position) -> None:
        self._hands = [pack(h) for h in p.hands]
        self._unary = [unary(h) for h in self._hands]  # for move generation
        self._ncards = [len(h) for h in p.hands]
        self._sticks = list(p.sticks)
        t = p.table
        self._table = None if t is None else _TRICKS[VALUE_INDEX[t.value]][t.count][t.player]
        self._reversed = p.order == "reversed"
        self._to_move = p.to_move
        self._out = list(p.out)
        self._is_out = [s in p.out for s in range(p.players)]
        self._passed = list(p.passed)
        self._over = len(p.out) >= p.players - 1
        self._link()
        self._set_kind()

    def _set_kind(self) -> None:
        """``_kind``: the legal sets of this kind of turn (leading, or following the table
        in this order), by sticks."""
        t = self._table
        self._kind = self._lead if t is None else t[4][self._deck][self._reversed]

    def _link(self) -> None:
        """``_next[s]``: the seat after ``s`` still in (MT-6), for every seat."""
        is_out = self._is_out
        seats = range(self._players)
        inside = [s for s in seats if not is_out[s]]
        self._next = [inside[bisect_right(inside, s) % len(inside)] for s in seats]

    @property
    def options(self) -> Options:
        return self._options

    @property
    def seed(self) -> int | None:
        """The seed of the deal; None for a game that began at a position."""
        return self._seed

    @property
    def dealt(self) -> bool:
        """True if the game began at a deal (cards not in a hand were set aside unseen),
        False if at a position (the cards missing from it left play before it)."""
        return self._dealt

    @property
    def players(self) -> int:
        return self._players

    @property
    def expansion(self) -> int:
        """Copies of each expansion card, G and H (0, 2 or 4)."""
        return self._expansion

    @property
    def start(self) -> Position:
        """The position the game began at."""
        return self._start

    @property
    def position(self) -> Position:
        """The current position (an immutable snapshot)."""
        t = self._table
        return Position._of(
            self._players,
            self._expansion,
            tuple(faces_of(h) for h in self._hands),
            tuple(self._sticks),
            None if t is None else t[3],
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

    def current_players(self) -> tuple[int, ...]:
        """The seat to move, as a one-seat tuple (empty once the game is over)."""
        return () if self._over else _SEATS[self._to_move]

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def to_move(self) -> int | None:
        """The seat to move; None once the game is over."""
        return None if self._over else self._to_move

    @property
    def result(self) -> Result | None:
        """Places from the finishing order (first out first, the last seat left last; no
        ties); ``scores[s]`` is how many seats finished behind ``s``.  ``details`` holds the
        final ``hands`` and ``sticks`` (what the last seat was left with)."""
        if not self._over:
            return None
        n = self._players
        order = self._out + [s for s in range(n) if not self._is_out[s]]
        places = [0] * n
        for i, s in enumerate(order):
            places[s] = i + 1
        details = {"hands": [unpack(h) for h in self._hands], "sticks": list(self._sticks)}
        return Result(tuple(places), tuple(n - p for p in places), details)

    @property
    def order(self) -> str:
        """``normal`` or ``reversed`` (after an odd number of revolutions, MT-7)."""
        return "reversed" if self._reversed else "normal"

    @property
    def out(self) -> tuple[int, ...]:
        """The seats out so far, first out first (MT-8)."""
        return tuple(self._out)

    def hand(self, seat: int) -> Hand:
        """The faces a seat holds, in notation order."""
        return Hand(faces_of(self._hands[seat]))

    def sticks(self, seat: int) -> int:
        """The matchsticks ``seat`` holds now."""
        return self._sticks[seat]

    def card_count(self, seat: int) -> int:
        """How many cards ``seat`` holds now."""
        return self._ncards[seat]

    def strength(self, value: str) -> int:
        """Rank of a value under the current order (0 = weakest)."""
        vi = VALUE_INDEX[value]
        return self._nvalues - 1 - vi if self._reversed else vi

    # -- what one seat sees ---------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see (for hot-seat play and for bots that must not cheat);
        IndexError for a seat that is not at the table."""
        if seat.__class__ is not int or not 0 <= seat < self._players:
            seat_index(seat, self._players)  # raises (bots call this every move: no call here)
        t = self._table
        # Built from the state directly (not via .position): bots call this every move.
        return Observation._of(
            seat,
            self._players,
            self._expansion,
            faces_of(self._hands[seat]),
            tuple(self._ncards),
            tuple(self._sticks),
            None if t is None else t[3],
            "reversed" if self._reversed else "normal",
            None if self._over else self._to_move,
            tuple(self._out),
            tuple(self._passed),
            tuple(self._history),
            self._over,
        )

    def live_observation(self, seat: int) -> LiveObservation:
        """A view of what ``seat`` sees, read from this game when a field is read (see
        :class:`~.observation.LiveObservation`)."""
        return LiveObservation._of(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> MatchstickTycoon:
        """A game ``seat`` cannot tell from this one: the other seats' hands now are drawn
        from the cards it has not seen (:class:`~.redeal.Dealer`), the start re-dealt so
        that they lead to them (each seat's start hand is its hand now plus what it played),
        and the history replayed on it.  A game that began at a position re-deals only the
        cards of that position (:func:`~.redeal.cards_out_of_play`)."""
        dealer = Dealer(self.observation(seat), cards_out_of_play(self))
        start = redealt_start(self._start, self._history, self.movers, dealer.hands(rng))
        g = self._restart(start, None)
        for m in self._history:  # legal by construction: the same cards leave the same hands
            g._apply(m)
        return g

    # -- moves ----------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        """Every move the seat to move may make: plays (canonical), pass, discard;
        () for another seat and once the game is over; IndexError for a seat not at the table."""
        if seat is not None and seat != self._to_move:
            seat_index(seat, self.players)
            return ()
        legal = self._legal  # memoised until the next move or undo
        if legal is not None:
            return legal
        p = self._to_move
        n = self._ncards[p]
        t = self._table
        if self._over:
            legal = ()
        elif not n:
            legal = _DISCARD_ONLY
        elif t is not None and n < t[1]:  # too few cards to follow: nothing to look up
            legal = _PASS_ONLY
        else:
            sticks = self._sticks[p]
            sets = self._kind[sticks] if sticks <= _MAX_STICKS else None
            if sets is None:
                sets = self._kind.sets(sticks)
            legal = sets[self._unary[p] & sets.mask]
        self._legal = legal
        return legal

    def parse_move(self, text: Any, seat: int | None = None) -> Move:
        """The move ``text`` names in this game's deck (NotationError if it is no move)."""
        return parse_move(text, self._expansion)

    def play(self, move: Move | str, seat: int | None = None) -> Move:
        """Play a move (object or any valid spelling) for the seat to move (``seat``, if
        given, must be it) and return it in canonical form.

        Raises IllegalMoveError naming the rule; the game is then unchanged.
        """
        if seat is None or seat == self._to_move:
            legal = self._legal
            if legal is not None:
                if move in legal:  # the common case (bots, playouts): a move just offered
                    self._apply(move)
                    return move
            elif move.__class__ is Move and self._allows(move):  # checked in one go
                self._apply(move)
                return move
        m = self.verify(move, seat)
        self._apply(m)
        return m

    def _allows(self, m: Move) -> bool:
        """Whether the seat to move may make ``m`` now: True exactly when :meth:`verify`
        accepts it (which then explains a refusal).  Holding the cards implies they
        are in the deck, and a Move always has 1 to 5 cards."""
        if self._over:
            return False
        p = self._to_move
        if m.kind == "play":
            t = self._table
            return (
                m.cost <= self._sticks[p]
                and m.strength < self._nvalues
                and (
                    t is None
                    or (
                        m.count == t[1]
                        and (m.strength < t[0] if self._reversed else m.strength > t[0])
                    )
                )
                and ((self._hands[p] | GUARD) - m.packed) & GUARD == GUARD
            )
        if m.kind == "pass":
            return self._table is not None and self._ncards[p] > 0
        return not self._ncards[p]

    def undo(self) -> Move:
        """Take back the last move exactly; returns it."""
        if not self._history:
            raise IndexError("no move to undo")
        m = self._history.pop()
        p, t, passed, npassed = self._undo.pop()
        self._table = t
        if npassed < len(passed):
            del passed[npassed:]
        self._passed = passed
        if self._out and self._out[-1] == p:  # the move put p out (a seat out never moves)
            self._is_out[self._out.pop()] = False
            self._over = False
            self._link()
        if m.kind == "play":
            hands = self._hands
            hand = hands[p] = hands[p] + m.packed
            self._unary[p] = unary(hand)
            self._ncards[p] += m.count
            self._sticks[p] += m.cost
            if m.count == 5:
                self._reversed = not self._reversed
        else:
            self._sticks[p] += -1 if m.kind == "pass" else 1
        self._to_move = p
        self._legal = None
        self._kind = self._lead if t is None else t[4][self._deck][self._reversed]  # _set_kind
        return m

    # -- checking -------------------------------------------------------

    def verify(self, move: Move | str, seat: int | None = None) -> Move:
        """The canonical move if ``move`` may be played now (by ``seat``, if given);
        IllegalMoveError naming the rule if not (NotationError if it is no move)."""
        if seat is not None and seat != self._to_move:
            self._check_seat(seat)
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
        why = shape_error(raw.value, raw.cards, self._expansion)
        if why:
            raise IllegalMoveError("MT-3", why)
        m = Move.play(raw.value, [c.face for c in raw.cards])
        self._check_value(m)
        return m

    def _check_seat(self, seat: int) -> None:
        """A seat other than the one to move (IndexError if there is no such seat)."""
        seat_index(seat, self._players)
        if self._over:
            raise IllegalMoveError("MT-8", _l("The game is over: only one player is left in."))
        raise IllegalMoveError(
            "MT-5",
            _l(
                "It is seat {now}'s turn, not seat {seat}'s (seats counted from 1).",
                now=self._to_move + 1,
                seat=seat + 1,
            ),
        )

    def _check_structure(self, kind: str, count: int, faces: Sequence[str]) -> None:
        """MT-5 (and MT-1/MT-8): the kind of turn, the number of cards, the cards held."""
        if self._over:
            raise IllegalMoveError("MT-8", _l("The game is over: only one player is left in."))
        p = self._to_move
        table = self._table
        if not self._ncards[p]:
            if kind != "discard":
                raise IllegalMoveError(
                    "MT-5", _l("You have no cards left, so your only move is to discard one stick.")
                )
            return
        if kind == "discard":
            raise IllegalMoveError(
                "MT-5",
                _l("You still hold cards, so you cannot discard: play 1 to 5 cards.")
                if table is None
                else _l("You still hold cards, so you cannot discard: play or pass."),
            )
        if kind == "pass":
            if table is None:
                raise IllegalMoveError(
                    "MT-5", _l("You are leading, so you must play 1 to 5 cards; you may not pass.")
                )
            return
        for f in faces:
            if shapes.copies_in_deck(f, self._expansion) == 0:
                raise IllegalMoveError(
                    "MT-1", _l("There are no {face} cards without the expansion.", face=f)
                )
        if table is not None and count != table[1]:
            raise IllegalMoveError(
                "MT-5",
                _follow_count(table[1]),
            )
        if not 1 <= count <= 5:
            raise IllegalMoveError("MT-5", _l("A play has 1 to 5 cards, not {n}.", n=count))
        if not holds(self._hands[p], pack(faces)):
            hand = unpack(self._hands[p])
            missing = list(faces)
            for f in hand:
                if f in missing:
                    missing.remove(f)
            raise IllegalMoveError(
                "MT-5",
                _l(
                    "You do not hold {missing}: your hand is {hand}.",
                    missing=" ".join(missing),
                    hand=" ".join(hand),
                ),
            )

    def _check_value(self, m: Move) -> None:
        """MT-3 (value in play, sticks) and MT-2 (strength) for a well-formed play."""
        p = self._to_move
        if m.strength >= self._nvalues:
            raise IllegalMoveError(
                "MT-3",
                _l(
                    "{value} is not a value in this game: G and H exist only with the expansion.",
                    value=m.value,
                ),
            )
        t = self._table
        if t is not None:
            stronger = m.strength < t[0] if self._reversed else m.strength > t[0]
            if not stronger:
                beat = VALUES[t[0]]
                allowed = [
                    v
                    for v in VALUES[: self._nvalues]
                    if (VALUE_INDEX[v] < t[0] if self._reversed else VALUE_INDEX[v] > t[0])
                ]
                raise IllegalMoveError("MT-2", _weaker(m.value, beat, allowed, self._reversed))
        if m.cost > self._sticks[p]:
            have = self._sticks[p]
            raise IllegalMoveError(
                "MT-3",
                _nl(
                    "This play needs {n} stick but you hold {have}.",
                    "This play needs {n} sticks but you hold {have}.",
                    m.cost,
                    have=have,
                ),
            )

    # -- applying -------------------------------------------------------

    def _apply(self, m: Move) -> None:
        p = self._to_move
        passed = self._passed
        table = self._table
        # Undo record: what the move itself does not determine (a 5-card play turned the
        # order; a seat out after its move is the last one out).  The passed list is kept
        # by reference with its length: later passes only append to it, and a play or a
        # cleared trick replaces it with a new list.
        self._undo.append((p, table, passed, len(passed)))
        self._history.append(m)
        self._legal = None
        kind = m.kind
        if kind == "play":
            hands = self._hands
            hand = hands[p] = hands[p] - m.packed
            self._unary[p] = unary(hand)
            ncards = self._ncards
            left = ncards[p] = ncards[p] - m.count
            self._sticks[p] -= m.cost
            count = m.count
            t = self._table = _TRICKS[m.strength][count][p]
            self._passed = []
            if count == 5:  # MT-7: every 5-card play is a revolution
                self._reversed = not self._reversed
            self._kind = t[4][self._deck][self._reversed]
            if not left and not self._sticks[p] and self._goes_out(p):
                return
            self._to_move = self._next[p]  # the trick goes on: nobody has passed since
            return
        if kind == "pass":  # MT-5.3: passing takes a stick from the supply
            self._sticks[p] += 1
            passed.append(p)
        else:  # MT-5.4: discard one stick; counts as not playing
            self._sticks[p] -= 1
            if table is not None:
                passed.append(p)
            if not self._ncards[p] and not self._sticks[p] and self._goes_out(p):
                return
        # MT-6: back round to the last player (or, if it went out, everybody still in
        # has passed since): the trick ends, q leads.
        q = self._to_move = self._next[p]
        if table is not None and (q == table[2] or q in passed):
            self._table = None
            self._passed = []
            self._kind = self._lead

    def _goes_out(self, p: int) -> bool:
        """MT-8: ``p``, holding nothing, is out at once; True if the game is then over
        (one seat left: it takes the last place)."""
        self._out.append(p)
        self._is_out[p] = True
        if len(self._out) >= self._players - 1:
            self._over = True
            self._table = None
            self._passed = []
            self._to_move = self._is_out.index(False)
            return True
        self._link()
        return False

    # -- display ------------------------------------------------------

    def _repr_svg_(self) -> str:
        """The table with every hand face up (an observation shows one seat's view)."""
        from .render import game_svg

        return game_svg(self)

    def _board(self, **kwargs: Any) -> Any:
        """The board of :meth:`widget`: alone in a notebook, so its table says when the game
        is over and the places (no play screen's status line says them there)."""
        from .widgets.board import MatchstickTycoonBoard

        kwargs.setdefault("say_end", True)
        return MatchstickTycoonBoard(**kwargs)
