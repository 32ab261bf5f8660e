"""The Chinese Ten / Red Frog Black Frog engine: a match of one or more deals.

One :class:`ChineseTen` object holds the whole match (CT-6): ``history`` runs
across deals, and ``undo`` / ``replay`` / records work across deal boundaries.
The player to move only ever decides which hand card to play and what it
captures, and -- when a turned-up stock card could take several layout cards
-- which one it takes.  Everything else (dealing, turning up the stock, a
forced stock capture, the dealer's four of a kind, the next deal) is automatic
and deterministic, because every deal's shuffled deck is part of the record.

>>> g = ChineseTen.new(players=3, seed=3, target=None)
>>> g.to_move, len(g.hand(0)), len(g.position.layout), len(g.position.stock)
(0, 8, 4, 24)
>>> m = g.play(g.legal_moves()[0])
>>> g.undo() == m and g.history == ()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop_widgets.core.contract import ExplainsMoves
from tabletop_widgets.core.errors import IllegalMoveError, PositionError, RecordError, key_name

from .cards import FULL_DECK, SELF_RANKS, Card, CardError, partner_rank, shuffled_deck
from .moves import Move, parse_move
from .position import (
    GAME,
    HAND_CARDS,
    LAYOUT_CARDS,
    Options,
    Position,
    capture_options,
    check_options,
    match_over,
)

RECORD_FORMAT = 1


# -- what happened: a readable log, including the automatic steps ------------


@dataclass(frozen=True)
class Event:
    """One step of the game, decided or automatic, for logs and animations.

    ``kind`` is ``deal``, ``dealer_takes`` (four of a kind, CT-4), ``play`` (a hand
    card), ``turn`` (a stock card), ``deal_end`` or ``match_end``.
    """

    kind: str
    seat: int | None = None
    card: Card | None = None
    captures: tuple[Card, ...] = ()
    waiting: bool = False  # a turned-up card whose capture the player must choose
    deal_number: int = 0
    points: tuple[int, ...] = ()

    def __str__(self) -> str:
        caps = " ".join(map(str, self.captures))
        if self.kind == "deal":
            return f"Deal {self.deal_number + 1}: seat {self.seat} deals."
        if self.kind == "dealer_takes":
            return (f"The first layout holds four of a kind: the dealer, seat {self.seat}, "
                    f"takes {caps} (CT-4).")
        if self.kind in ("play", "turn"):
            what = "plays" if self.kind == "play" else "turns up"
            if self.waiting:
                return f"Seat {self.seat} turns up {self.card}; it can capture several cards."
            if self.captures:
                return f"Seat {self.seat} {what} {self.card} and captures {caps}."
            return f"Seat {self.seat} {what} {self.card}; it joins the layout."
        if self.kind == "deal_end":
            return f"Deal {self.deal_number + 1} ends; points {list(self.points)}."
        return f"The match ends; totals {list(self.points)}."


# -- pure functions: dealing and applying a move ------------------------------


def deal(options: Options, seed: int, deal_number: int, deck: Sequence[Card],
         deal_points: tuple[tuple[int, ...], ...] = ()) -> tuple[Position, tuple[Event, ...]]:
    """The position at the start of a deal dealt from ``deck`` (top card first).

    Cards go one at a time clockwise from the player left of the dealer; then four
    face up (the layout); the other 24 are the stock (CT-1).  Four of a kind among
    K, Q, J, 10, 5 in the layout goes straight to the dealer (CT-4).

    >>> pos, events = deal(Options(players=4), 1, 0, FULL_DECK)
    >>> [str(c) for c in pos.hands[0]], [str(c) for c in pos.layout]
    (['AS', '4H', '5S', '8H', '9S', 'KS'], ['QH', 'KH', 'AD', '2D'])
    """
    n = options.players
    dealer = (n - 1 + deal_number) % n
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(HAND_CARDS):
        hands[(dealer + 1 + i) % n].append(deck[i])
    layout = tuple(deck[HAND_CARDS:HAND_CARDS + LAYOUT_CARDS])
    stock = tuple(deck[HAND_CARDS + LAYOUT_CARDS:])
    captured: list[tuple[Card, ...]] = [() for _ in range(n)]
    events = [Event("deal", dealer, deal_number=deal_number)]
    if layout[0].rank in SELF_RANKS and all(c.rank == layout[0].rank for c in layout):
        captured[dealer] = layout
        events.append(Event("dealer_takes", dealer, captures=tuple(sorted(layout)),
                            deal_number=deal_number))
        layout = ()  # the layout is not refilled (CT-4)
    pos = Position(options, seed, deal_number, tuple(tuple(sorted(h)) for h in hands), layout,
                   stock, None, tuple(captured), deal_points)
    return pos, tuple(events)


def apply_move(pos: Position, move: Move,
               deck_for: Callable[[int], Sequence[Card]]) -> tuple[Position, tuple[Event, ...]]:
    """The position after a legal canonical ``move`` (not checked here), with what happened.

    ``deck_for(k)`` gives the deck of deal ``k`` in case this move ends a deal.
    """
    seat = pos.to_move
    assert seat is not None
    layout = list(pos.layout)
    piles = list(pos.captured)
    events: list[Event] = []
    d = pos.deal_number

    def put(card: Card, caps: tuple[Card, ...], kind: str) -> None:
        if caps:
            for c in caps:
                layout.remove(c)
            piles[seat] = piles[seat] + (card, *caps)
        else:
            layout.append(card)
        events.append(Event(kind, seat, card, caps, deal_number=d))

    hands = pos.hands
    stock = pos.stock
    turned = None
    if move.stock:
        put(move.card, move.captures, "turn")
    else:
        hands = tuple(tuple(c for c in h if c != move.card) if s == seat else h
                      for s, h in enumerate(hands))
        put(move.card, move.captures, "play")
        top, stock = stock[0], stock[1:]
        options = capture_options(top, layout)
        if len(options) >= 2:
            turned = top  # the player chooses (CT-3)
            events.append(Event("turn", seat, top, waiting=True, deal_number=d))
        else:
            put(top, options[0] if options else (), "turn")
    new = replace(pos, hands=hands, layout=tuple(layout), stock=stock, turned=turned,
                  captured=tuple(piles))
    if turned is None and not stock and not any(hands):
        # CT-4 guarantees the last stock card takes the last layout card.
        assert not layout, f"deal ended with cards on the layout: {layout}"
        finished = (*pos.deal_points, new.current_points)
        new = replace(new, deal_points=finished)
        events.append(Event("deal_end", deal_number=d, points=new.current_points))
        if match_over(pos.options, finished):
            events.append(Event("match_end", deal_number=d, points=new.totals))
        else:
            new, dealt = deal(pos.options, pos.seed, d + 1, deck_for(d + 1), finished)
            events.extend(dealt)
    return new, tuple(events)


# -- explanations of refusals ---------------------------------------------------

_RANK_WORDS = {1: "ace", 10: "ten", 11: "jack", 12: "queen", 13: "king"}


def _rank_word(rank: int) -> str:
    return _RANK_WORDS.get(rank, str(rank))


def _a(rank: int) -> str:
    word = _rank_word(rank)
    return ("an " if word[0] in "a8" else "a ") + word


def _or(options: Sequence[tuple[Card, ...]]) -> str:
    texts = [" ".join(map(str, o)) for o in options]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


def check_capture(card: Card, captures: tuple[Card, ...], layout: Sequence[Card]) -> None:
    """Raise IllegalMoveError unless ``card`` may capture exactly ``captures`` (CT-2..CT-4)."""
    options = capture_options(card, layout)
    if captures in options or (not captures and not options):
        return
    if not captures:
        raise IllegalMoveError("CT-3", f"{card} can capture {_or(options)}, and capturing is "
                               "compulsory.")
    for c in captures:
        if c not in layout:
            raise IllegalMoveError("CT-2", f"{c} is not in the layout.")
    if len(options) == 1 and len(options[0]) == 3:
        raise IllegalMoveError("CT-4", f"{card} is the fourth {_rank_word(card.rank)}: it "
                               f"captures all three in the layout together, {card} x "
                               f"{_or(options)}.")
    if len(captures) > 1:
        raise IllegalMoveError("CT-2", "One card captures only one layout card; sums of "
                               "several cards do not count.")
    want = partner_rank(card.rank)
    if card.rank >= 10:
        why = f"{card} captures only another {_rank_word(card.rank)}, not {captures[0]}."
    else:
        why = (f"{card} captures only {_a(want)} (they make 10 together), not "
               f"{captures[0]}.")
    raise IllegalMoveError("CT-2", why)


# -- the game object -----------------------------------------------------------


@dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand, everything face up, and counts."""

    seat: int
    players: int
    scoring: str
    to_move: int | None
    phase: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    layout: tuple[Card, ...]
    turned: Card | None
    captured: tuple[tuple[Card, ...], ...]
    stock_size: int
    current_points: tuple[int, ...]
    totals: tuple[int, ...]
    deal_points: tuple[tuple[int, ...], ...]
    deal_number: int
    dealer: int
    history: tuple[Move, ...]
    is_over: bool


@dataclass(frozen=True)
class Result:
    """The end of the match: the winners (several on a tie), totals and the order."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    ranking: tuple[int, ...]
    deals: int


class ChineseTen(ExplainsMoves):
    """A Chinese Ten match: positions, the moves between them, exact undo.

    Build with :meth:`new`, :meth:`from_position` or :meth:`from_record`.

    >>> g = ChineseTen.new(players=2, scoring="red_frog_black_frog", seed=5, target=None)
    >>> while not g.is_over:
    ...     _ = g.play(g.legal_moves()[0])
    >>> sum(g.deal_points[0]), g.position.layout
    (218, ())
    """

    game = GAME

    def __init__(self, start: Position, *, decks: dict[int, tuple[Card, ...]] | None = None,
                 fresh: bool = False, start_events: tuple[Event, ...] = ()) -> None:
        self._start = start
        # fresh: ``start`` is deal ``start.deal_number`` dealt from its deck (a record
        # then stores that deck instead of the position).
        self._fresh = fresh
        self._decks = dict(decks or {})
        self._positions: list[Position] = [start]
        self._history: list[Move] = []
        self._events: list[tuple[Event, ...]] = [start_events]
        self._legal: tuple[Position, tuple[Move, ...]] | None = None

    # -- construction ------------------------------------------------------

    @classmethod
    def new(cls, *, players: int = 3, scoring: str = "standard", settle: bool = False,
            target: int | None = 1000, deals: int | None = None,
            seed: int | None = None) -> ChineseTen:
        """A new match.  ``target=None`` plays one deal (or ``deals`` deals).  Without a
        seed one is drawn and kept, so the game still replays."""
        options = check_options(players, scoring, settle, target, deals)
        if seed is None:
            seed = random.randrange(2**31)
        elif type(seed) is not int:
            raise PositionError("seed", f"must be a whole number or None, not {seed!r}")
        deck = shuffled_deck(seed, 0)
        start, events = deal(options, seed, 0, deck)
        return cls(start, decks={0: deck}, fresh=True, start_events=events)

    @classmethod
    def from_position(cls, data: Position | dict) -> ChineseTen:
        """A match that continues from any valid position (PositionError if invalid)."""
        return cls(Position.from_json(data))

    @classmethod
    def from_record(cls, data: dict) -> ChineseTen:
        """Load a match saved by :meth:`to_record`; RecordError names the bad field."""
        if not isinstance(data, dict):
            raise RecordError("record", "must be a JSON object")
        for key in data:
            if key not in ("game", "format", "options", "seed", "start", "decks", "moves"):
                raise RecordError(key_name(key, 30), "is not a field of a Chinese Ten record")
        if data.get("game", GAME) != GAME:
            raise RecordError("game", f"must be {GAME!r}")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise RecordError("format", f"must be {RECORD_FORMAT}")
        raw_decks = data.get("decks", [])
        if not isinstance(raw_decks, list):
            raise RecordError("decks", "must be a list of shuffled decks")
        decks = [_read_deck(d, f"decks[{i}]") for i, d in enumerate(raw_decks)]
        start_data = data.get("start")
        if start_data is None:
            try:
                options = Options.from_json(data.get("options", {}))
            except PositionError as e:
                raise RecordError(e.field, e.reason) from None
            seed = data.get("seed")
            if type(seed) is not int:
                raise RecordError("seed", "must be a whole number")
            deck_map = dict(enumerate(decks))
            deck0 = deck_map.setdefault(0, shuffled_deck(seed, 0))
            start, events = deal(options, seed, 0, deck0)
            game = cls(start, decks=deck_map, fresh=True, start_events=events)
        else:
            try:
                start = Position.from_json(start_data)
            except PositionError as e:
                raise RecordError(f"start.{e.field}", e.reason) from None
            if "options" in data:
                try:
                    options = Options.from_json(data["options"])
                except PositionError as e:
                    raise RecordError(e.field, e.reason) from None
                if options != start.options:
                    raise RecordError("options", "differ from the options of the start position")
            if data.get("seed", start.seed) != start.seed:
                raise RecordError("seed", "differs from the seed of the start position")
            first = start.deal_number + 1
            game = cls(start, decks={first + i: d for i, d in enumerate(decks)})
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("moves", "must be a list of moves")
        for i, m in enumerate(moves):
            try:
                game.play(m)
            except IllegalMoveError as e:
                raise RecordError(f"moves[{i}]", str(e)) from None
        return game

    def to_record(self) -> dict:
        """The whole match as JSON-ready data: options, seed, every deal's deck, the moves.

        A match begun by :meth:`new` stores the deck of deal 0 and ``start: null``; one
        begun from a position stores that position and the decks of later deals.
        """
        first = self._start.deal_number + (0 if self._fresh else 1)
        last = self.position.deal_number
        return {
            "game": GAME,
            "format": RECORD_FORMAT,
            "options": self._start.options.to_json(),
            "seed": self._start.seed,
            "start": None if self._fresh else self._start.to_json(),
            "decks": [[str(c) for c in self._deck(k)] for k in range(first, last + 1)],
            "moves": [str(m) for m in self._history],
        }

    def replay(self, n: int) -> ChineseTen:
        """A new match holding the first ``n`` moves of this one (this one is untouched)."""
        if type(n) is not int or not 0 <= n <= len(self._history):
            raise IndexError(f"move number must be 0 to {len(self._history)}")
        g = ChineseTen(self._start, decks=self._decks, fresh=self._fresh,
                       start_events=self._events[0])
        # Positions are immutable, so sharing them is safe and exact.
        g._positions = self._positions[:n + 1]
        g._history = self._history[:n]
        g._events = self._events[:n + 1]
        return g

    def copy(self) -> ChineseTen:
        """An independent copy with the same history."""
        return self.replay(len(self._history))

    def _deck(self, k: int) -> tuple[Card, ...]:
        if k not in self._decks:
            self._decks[k] = shuffled_deck(self._start.seed, k)
        return self._decks[k]

    # -- state -------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current position (an immutable snapshot)."""
        return self._positions[-1]

    @property
    def options(self) -> Options:
        return self._start.options

    @property
    def players(self) -> int:
        return self._start.options.players

    @property
    def history(self) -> tuple[Move, ...]:
        """The decisions played so far, oldest first, across all deals."""
        return tuple(self._history)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, including automatic steps, oldest first."""
        return tuple(e for step in self._events for e in step)

    def events_of(self, n: int) -> tuple[Event, ...]:
        """What move ``n`` (1-based) caused; ``events_of(0)`` is the opening deal."""
        return self._events[n]

    @property
    def to_move(self) -> int | None:
        """The seat to move, None once the match is over."""
        return self.position.to_move

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def phase(self) -> str:
        """``'hand'``, ``'stock'`` (a turned-up card waits for its capture) or ``'over'``."""
        return self.position.phase

    @property
    def deal_number(self) -> int:
        """0-based number of the current (or last) deal."""
        return self.position.deal_number

    @property
    def dealer(self) -> int:
        return self.position.dealer

    @property
    def deal_points(self) -> tuple[tuple[int, ...], ...]:
        """Points captured in each finished deal."""
        return self.position.deal_points

    @property
    def current_points(self) -> tuple[int, ...]:
        """Points captured so far in the current deal."""
        return self.position.current_points

    @property
    def scores(self) -> tuple[int, ...]:
        """Running match totals after the finished deals (settled if ``settle``)."""
        return self.position.totals

    @property
    def ranking(self) -> list[int] | None:
        """Seats by final total, best first (ties keep seat order); None while playing."""
        if not self.is_over:
            return None
        t = self.scores
        return sorted(range(self.players), key=lambda s: -t[s])

    @property
    def result(self) -> Result | None:
        """The outcome once the match is over (a tie is a shared win), else None."""
        ranking = self.ranking
        if ranking is None:
            return None
        t = self.scores
        best = max(t)
        return Result(tuple(s for s in range(self.players) if t[s] == best), t,
                      tuple(ranking), len(self.deal_points))

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.position.hands[seat]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: no other hand, no stock order."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IndexError(f"seat must be 0 to {self.players - 1}")
        p = self.position
        return Observation(
            seat, self.players, p.options.scoring, p.to_move, p.phase, p.hands[seat],
            tuple(len(h) for h in p.hands), p.layout, p.turned, p.captured, len(p.stock),
            p.current_points, p.totals, p.deal_points, p.deal_number, p.dealer,
            self.history, p.is_over,
        )

    # -- moves -------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every move the seat to move may make, canonical, in a stable order."""
        pos = self.position
        # Cached per position object (identity), so undo-then-play never sees stale moves.
        if self._legal is None or self._legal[0] is not pos:
            self._legal = (pos, tuple(_generate(pos)))
        return self._legal[1]

    def verify(self, move: Move | str) -> Move:
        """The canonical move if ``move`` is legal now; IllegalMoveError otherwise."""
        p = self.position
        if p.is_over:
            raise IllegalMoveError("CT-6", "The match is over; no more moves can be played.")
        m = parse_move(move)
        if p.turned is not None:
            if not m.stock and m.card == p.turned:
                m = Move(m.card, m.captures, stock=True)  # "5H x 5S" is clear enough here
            if not m.stock:
                raise IllegalMoveError("CT-3", f"You turned up {p.turned} from the stock; "
                                       f"choose what it captures: {_or(_options(p))}, e.g. "
                                       f"'stock {p.turned} x {_options(p)[0][0]}'.")
            if m.card != p.turned:
                raise IllegalMoveError("CT-3", f"The card turned up from the stock is "
                                       f"{p.turned}, not {m.card}.")
        else:
            if m.stock:
                raise IllegalMoveError("CT-3", "First play a card from your hand; the stock "
                                       "card is turned up after it.")
            if m.card not in p.hands[p.to_move]:
                raise IllegalMoveError("CT-3", f"{m.card} is not in your hand.")
        check_capture(m.card, m.captures, p.layout)
        return m

    def play(self, move: Move | str) -> Move:
        """Play a move (object or any valid spelling) and return it in canonical form.

        Raises IllegalMoveError naming the rule; the game is then unchanged.
        """
        m = self.verify(move)
        new, events = apply_move(self.position, m, self._deck)
        self._positions.append(new)
        self._history.append(m)
        self._events.append(events)
        return m

    def play_many(self, moves: Iterable[Move | str]) -> list[Move]:
        """Play moves in turn (stops at the first illegal one, which raises)."""
        return [self.play(m) for m in moves]

    def undo(self) -> Move:
        """Take back the last move exactly (across a deal boundary too); returns it."""
        if not self._history:
            raise IndexError("no move to undo")
        self._positions.pop()
        self._events.pop()
        return self._history.pop()

    def __repr__(self) -> str:
        p = self.position
        state = "over" if p.is_over else f"seat {p.to_move} to move ({p.phase})"
        return (f"<ChineseTen {p.players} players, {p.options.scoring}, deal "
                f"{p.deal_number + 1}, {len(self._history)} moves, {state}>")


def _options(p: Position) -> tuple[tuple[Card, ...], ...]:
    assert p.turned is not None
    return capture_options(p.turned, p.layout)


def _generate(p: Position) -> list[Move]:
    if p.is_over:
        return []
    if p.turned is not None:
        return [Move(p.turned, caps, stock=True) for caps in _options(p)]
    moves = []
    for card in p.hands[p.to_move]:
        options = capture_options(card, p.layout)
        moves.extend(Move(card, caps) for caps in options) if options else moves.append(
            Move(card))
    return moves


def _read_deck(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) != len(FULL_DECK):
        raise RecordError(field, "must list all 52 cards, top first")
    out: list[Card] = []
    for i, text in enumerate(value):
        try:
            c = Card.parse(text)
        except CardError as e:
            raise RecordError(f"{field}[{i}]", str(e)) from None
        if c in out:
            raise RecordError(f"{field}[{i}]", f"{c} appears twice")
        out.append(c)
    return tuple(out)
