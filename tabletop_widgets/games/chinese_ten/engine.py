"""The Chinese Ten / Red Frog Black Frog engine: a match of one or more deals.

One :class:`ChineseTen` object holds the whole match (CT-6): ``history`` runs
across deals, and ``undo`` / ``replay`` / records work across deal boundaries.
The player to move only ever decides which hand card to play and what it
captures, and -- when a turned-up stock card could take several layout cards
-- which one it takes.  Everything else (dealing, turning up the stock, a
forced stock capture, the dealer's four of a kind, the next deal) is automatic
and deterministic, because every deal's shuffled deck is part of the record.

>>> g = ChineseTen.new(players=3, seed=3, target=None)
>>> g.current_players(), len(g.hand(0)), len(g.position.layout), len(g.position.stock)
((0,), 8, 4, 24)
>>> m = g.play(g.legal_moves()[0])
>>> g.undo() == m and g.history == ()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from tabletop_widgets.core.contract import Game, seat_index
from tabletop_widgets.core.errors import IllegalMoveError, PositionError, RecordError, shown
from tabletop_widgets.core.i18n import N_, Message, _l
from tabletop_widgets.core.result import Result

from .cards import (
    FULL_DECK,
    SELF_RANKS,
    Card,
    CardError,
    Hand,
    partner_rank,
    shuffled_deck,
)
from .moves import Move
from .names import a_rank, another, listing, sentence, the_card
from .position import (
    GAME,
    HAND_CARDS,
    LAYOUT_CARDS,
    Options,
    Position,
    capture_options,
    match_over,
)

#: The record format 1 (before the shared engine contract) had the same fields.
OLD_RECORD_FORMAT = 1


# -- what happened: a readable log, including the automatic steps ------------


@dataclass(frozen=True)
class Event:
    """One step of the game, decided or automatic, for logs and animations.

    ``kind`` is ``deal``, ``dealer_takes`` (four of a kind, CT-4), ``play`` (a hand
    card), ``turn`` (a stock card), ``deal_end`` or ``match_end``; ``seat`` who did it
    (counted from 0: the dealer for ``deal``; None at a deal's or the match's end);
    ``card`` the card played or turned; ``captures`` what it took; ``waiting`` True for a
    turned card whose capture the player must choose; ``deal_number`` the deal (from 0);
    ``points`` per seat, the deal's points (``deal_end``) or the match totals
    (``match_end``).
    """

    kind: str
    seat: int | None = None
    card: Card | None = None
    captures: tuple[Card, ...] = ()
    waiting: bool = False  # a turned-up card whose capture the player must choose
    deal_number: int = 0
    points: tuple[int, ...] = ()

    def __str__(self) -> str:
        return str(self.message)

    @property
    def message(self) -> Message:
        """What happened, in the reader's language: seats as people count them (the engine
        counts from 0), cards in words."""
        seat = None if self.seat is None else self.seat + 1
        number = self.deal_number + 1
        caps = _cards_words(self.captures)
        card = the_card(self.card) if self.card else ""
        if self.kind == "deal":
            return _l("Deal {number}: Seat {seat} deals.", number=number, seat=seat)
        if self.kind == "dealer_takes":
            return _l(
                "The first layout holds four of a kind: the dealer, Seat {seat}, takes {cards} "
                "(CT-4).",
                seat=seat,
                cards=caps,
            )
        if self.kind in ("play", "turn"):
            play = self.kind == "play"
            if self.waiting:
                return _l(
                    "Seat {seat} turns up {card}; it can capture more than one card.",
                    seat=seat,
                    card=card,
                )
            if self.captures:
                said = EVENT_CAPTURES[play]
                return _l(said, seat=seat, card=card, cards=caps)
            return _l(EVENT_JOINS[play], seat=seat, card=card)
        points = ", ".join(map(str, self.points))
        if self.kind == "deal_end":
            return _l("Deal {number} ends; points by seat: {points}.", number=number, points=points)
        return _l("The match ends; totals by seat: {points}.", points=points)


#: A card played (True) or turned up (False) that captured, and one that joined the layout.
EVENT_CAPTURES = {
    True: N_("Seat {seat} plays {card} and captures {cards}."),
    False: N_("Seat {seat} turns up {card} and captures {cards}."),
}
EVENT_JOINS = {
    True: N_("Seat {seat} plays {card}; it joins the layout."),
    False: N_("Seat {seat} turns up {card}; it joins the layout."),
}


# -- pure functions: dealing and applying a move ------------------------------


def deal(
    options: Options,
    seed: int,
    deal_number: int,
    deck: Sequence[Card],
    deal_points: tuple[tuple[int, ...], ...] = (),
) -> tuple[Position, tuple[Event, ...]]:
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
    layout = tuple(deck[HAND_CARDS : HAND_CARDS + LAYOUT_CARDS])
    stock = tuple(deck[HAND_CARDS + LAYOUT_CARDS :])
    captured: list[tuple[Card, ...]] = [() for _ in range(n)]
    events = [Event("deal", dealer, deal_number=deal_number)]
    if layout[0].rank in SELF_RANKS and all(c.rank == layout[0].rank for c in layout):
        captured[dealer] = layout
        events.append(
            Event("dealer_takes", dealer, captures=tuple(sorted(layout)), deal_number=deal_number)
        )
        layout = ()  # the layout is not refilled (CT-4)
    pos = Position(
        options,
        seed,
        deal_number,
        tuple(tuple(sorted(h)) for h in hands),
        layout,
        stock,
        None,
        tuple(captured),
        deal_points,
    )
    return pos, tuple(events)


def apply_move(
    pos: Position,
    move: Move,
    deck_for: Callable[[int], Sequence[Card]],
    *,
    next_deal: bool = True,
) -> tuple[Position, tuple[Event, ...]]:
    """The position after a legal canonical ``move`` (not checked here), with what happened.

    ``deck_for(k)`` gives the deck of deal ``k`` in case this move ends a deal.
    ``next_deal=False``: a move that ends a deal of a match that goes on leaves the deal
    as it ended (every card captured, its points counted) instead of dealing the next
    one -- a position to show, not to play on (:meth:`ChineseTen.at_deal_end`).
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
        hands = tuple(
            tuple(c for c in h if c != move.card) if s == seat else h for s, h in enumerate(hands)
        )
        put(move.card, move.captures, "play")
        top, stock = stock[0], stock[1:]
        options = capture_options(top, layout)
        if len(options) >= 2:
            turned = top  # the player chooses (CT-3)
            events.append(Event("turn", seat, top, waiting=True, deal_number=d))
        else:
            put(top, options[0] if options else (), "turn")
    new = replace(
        pos, hands=hands, layout=tuple(layout), stock=stock, turned=turned, captured=tuple(piles)
    )
    if turned is None and not stock and not any(hands):
        # CT-4 guarantees the last stock card takes the last layout card.
        assert not layout, f"deal ended with cards on the layout: {layout}"
        finished = (*pos.deal_points, new.current_points)
        new = replace(new, deal_points=finished)
        events.append(Event("deal_end", deal_number=d, points=new.current_points))
        if match_over(pos.options, finished):
            events.append(Event("match_end", deal_number=d, points=new.totals))
        elif next_deal:
            new, dealt = deal(pos.options, pos.seed, d + 1, deck_for(d + 1), finished)
            events.extend(dealt)
    return new, tuple(events)


# -- explanations of refusals ---------------------------------------------------


def _cards_words(cards: Sequence[Card]) -> Message:
    """ "the three of spades", "the king of spades, the king of diamonds and …"."""
    return listing(the_card(c) for c in cards)


def _or(options: Sequence[tuple[Card, ...]]) -> Message:
    """The captures a card may make, as words: one card, or several taken together."""
    texts = [
        _l("{cards} together", cards=_cards_words(o)) if len(o) > 1 else _cards_words(o)
        for o in options
    ]
    return listing(texts, "or")


#: The fourth card of a rank that lay three times in the first layout (CT-4).
FOURTH = {
    5: N_("{card} is the fourth five: it captures all three fives in the layout together."),
    10: N_("{card} is the fourth ten: it captures all three tens in the layout together."),
    11: N_("{card} is the fourth jack: it captures all three jacks in the layout together."),
    12: N_("{card} is the fourth queen: it captures all three queens in the layout together."),
    13: N_("{card} is the fourth king: it captures all three kings in the layout together."),
}


def check_capture(card: Card, captures: tuple[Card, ...], layout: Sequence[Card]) -> None:
    """Raise IllegalMoveError unless ``card`` may capture exactly ``captures`` (CT-2..CT-4).

    Refusals name the cards in words (learners read them before any notation).

    >>> try:
    ...     check_capture(Card.parse("7C"), (Card.parse("KC"),), [Card.parse("KC")])
    ... except IllegalMoveError as e:
    ...     print(e.reason)
    The seven of clubs captures only a three (they make 10 together), not the king of clubs.
    """
    options = capture_options(card, layout)
    if captures in options or (not captures and not options):
        return
    the = the_card(card)
    if not captures:
        raise IllegalMoveError(
            "CT-3",
            sentence(
                _l(
                    "{card} can capture {options}, and capturing is compulsory.",
                    card=the,
                    options=_or(options),
                )
            ),
        )
    for c in captures:
        if c not in layout:
            raise IllegalMoveError(
                "CT-2", sentence(_l("{card} is not in the layout.", card=the_card(c)))
            )
    if len(options) == 1 and len(options[0]) == 3:
        raise IllegalMoveError("CT-4", sentence(_l(FOURTH[card.rank], card=the)))
    if len(captures) > 1:
        raise IllegalMoveError(
            "CT-2",
            _l("One card captures only one layout card; sums of several cards do not count."),
        )
    taken = the_card(captures[0])
    if card.rank >= 10:
        why = _l(
            "{card} captures only {other}, not {taken}.",
            card=the,
            other=another(card.rank),
            taken=taken,
        )
    else:
        why = _l(
            "{card} captures only {rank} (they make 10 together), not {taken}.",
            card=the,
            rank=a_rank(partner_rank(card.rank)),
            taken=taken,
        )
    raise IllegalMoveError("CT-2", sentence(why))


# -- what one seat sees ----------------------------------------------------------


@dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand, everything face up, and counts.

    Two games that differ only in what ``seat`` cannot see (the other hands, the order
    of the stock, later deals) give equal observations.

    ``seat`` is whose observation it is and ``hand`` its cards; ``hand_sizes`` and
    ``stock_size`` count the cards it cannot see.  ``players``, ``scoring``, ``to_move``,
    ``phase``, ``layout``, ``turned``, ``captured``, ``current_points``, ``totals``,
    ``deal_points``, ``deal_number``, ``dealer`` and ``is_over`` are the position's (see
    :class:`~.position.Position`); ``history`` is every move so far, oldest first.
    Seats are counted from 0.
    """

    seat: int
    players: int
    scoring: str
    to_move: int | None
    phase: str
    hand: Hand
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

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data (cards and moves in notation)."""

        def cards(cs: Sequence[Card]) -> list[str]:
            return [str(c) for c in cs]

        return {
            "seat": self.seat,
            "players": self.players,
            "scoring": self.scoring,
            "to_move": self.to_move,
            "phase": self.phase,
            "hand": cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "layout": cards(self.layout),
            "turned": None if self.turned is None else str(self.turned),
            "captured": [cards(p) for p in self.captured],
            "stock_size": self.stock_size,
            "current_points": list(self.current_points),
            "totals": list(self.totals),
            "deal_points": [list(d) for d in self.deal_points],
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "history": [str(m) for m in self.history],
            "is_over": self.is_over,
        }

    def _repr_svg_(self) -> str:
        """The table as this seat sees it: the other hands face down."""
        from .render import seat_labels, table_svg, table_title

        hands = [self.hand if s == self.seat else n for s, n in enumerate(self.hand_sizes)]
        labels = seat_labels(
            self.dealer, self.to_move, self.current_points, self.totals, you=self.seat
        )
        return table_svg(
            hands,
            self.layout,
            self.stock_size,
            self.turned,
            self.captured,
            labels,
            title=table_title(self.deal_number, self.scoring, self.phase),
        )


# -- the game object -----------------------------------------------------------


class ChineseTen(Game):
    """A Chinese Ten match: positions, the moves between them, exact undo.

    Build with :meth:`new`, :meth:`from_position` or :meth:`from_record`.

    >>> g = ChineseTen.new(players=2, scoring="red_frog_black_frog", seed=5, target=None)
    >>> while not g.is_over:
    ...     _ = g.play(g.legal_moves()[0])
    >>> sum(g.deal_points[0]), g.position.layout, g.result.details["deals"]
    (218, (), 1)
    """

    key: ClassVar[str] = GAME
    title: ClassVar[str] = "Chinese Ten"
    move_type: ClassVar[type] = Move
    record_extras: ClassVar[frozenset[str]] = frozenset({"decks"})

    def __init__(
        self,
        start: Position,
        *,
        decks: Mapping[int, tuple[Card, ...]] | None = None,
        fresh: bool = False,
        start_events: tuple[Event, ...] = (),
    ) -> None:
        self._start = start
        # fresh: ``start`` is deal ``start.deal_number`` dealt from its deck (a record
        # then stores that deck instead of the position).
        self._fresh = fresh
        self._decks = dict(decks or {})
        self._positions: list[Position] = [start]
        self._history: list[Move] = []
        self._movers: list[int] = []
        self._events: list[tuple[Event, ...]] = [start_events]
        self._legal: tuple[Position, tuple[Move, ...]] | None = None

    # -- construction ------------------------------------------------------

    @classmethod
    def new(cls, *, seed: int | None = None, **options: Any) -> ChineseTen:
        """A new match from the options ``players`` (2 to 4; 3), ``scoring`` ("standard",
        or "red_frog_black_frog" for the Thai variant), ``settle`` (False), ``target``
        (1000) and ``deals`` (None); ``target=None`` plays one deal (or ``deals`` deals).
        The same seed deals the same cards.  Without a seed one is drawn and kept, so the
        game still replays.  A bad or unknown option raises PositionError naming it."""
        opts = Options.from_json(options)
        if seed is None:
            seed = random.randrange(2**31)
        _check_seed(seed)
        deck = shuffled_deck(seed, 0)
        start, events = deal(opts, seed, 0, deck)
        return cls(start, decks={0: deck}, fresh=True, start_events=events)

    @classmethod
    def from_position(cls, data: Any) -> ChineseTen:
        """A match that continues from any valid position (PositionError if invalid)."""
        return cls(Position.from_json(data))

    @classmethod
    def _from_record_fields(cls, record: Mapping[str, Any]) -> ChineseTen:
        options = Options.from_json(record.get("options", {}))
        raw = record.get("decks", [])
        if not isinstance(raw, list):
            raise RecordError("decks", _l("must be a list of shuffled decks"))
        decks = [_read_deck(d, f"decks[{i}]") for i, d in enumerate(raw)]
        if record.get("start") is None:
            seed = record.get("seed")
            _check_seed(seed, start=False)
            deck_map = dict(enumerate(decks))
            start, events = deal(options, seed, 0, deck_map.setdefault(0, shuffled_deck(seed, 0)))
            return cls(start, decks=deck_map, fresh=True, start_events=events)
        try:
            start = Position.from_json(record["start"])
        except PositionError as e:
            raise RecordError(f"start.{e.field}", e.message) from None
        if "options" in record and options != start.options:
            raise RecordError("options", _l("differ from the options of the start position"))
        seed = record.get("seed")
        if seed is not None and (type(seed) is not int or seed != start.seed):
            raise RecordError(
                "seed",
                _l("must be null (or the start position's seed) when the record has a start"),
            )
        first = start.deal_number + 1
        return cls(start, decks={first + i: d for i, d in enumerate(decks)})

    @classmethod
    def _upgrade_record(cls, record: dict[str, Any], fmt: int) -> dict[str, Any]:
        if fmt == OLD_RECORD_FORMAT:  # the same fields; read the same way
            return {**record, "format": cls.record_format}
        return super()._upgrade_record(record, fmt)

    def _record_fields(self) -> dict[str, Any]:
        """A match begun by :meth:`new` stores ``start: null`` and the deck of every deal
        from deal 0; one begun from a position stores that position and the decks of the
        deals after it."""
        first = self._start.deal_number + (0 if self._fresh else 1)
        last = self.position.deal_number
        return {
            "options": self._start.options.to_json(),
            "seed": self.seed,
            "start": None if self._fresh else self._start.to_json(),
            "decks": [[str(c) for c in self._deck(k)] for k in range(first, last + 1)],
        }

    def replay(self, n: int) -> ChineseTen:
        """A new match holding the first ``n`` moves of this one (this one is untouched)."""
        if type(n) is not int or not 0 <= n <= len(self._history):
            raise IndexError(f"move number must be 0 to {len(self._history)}")
        g = ChineseTen(
            self._start, decks=self._decks, fresh=self._fresh, start_events=self._events[0]
        )
        # Positions are immutable, so sharing them is safe and exact.
        g._positions = self._positions[: n + 1]
        g._history = self._history[:n]
        g._movers = self._movers[:n]
        g._events = self._events[: n + 1]
        return g

    def ended_a_deal(self) -> bool:
        """True if the last move ended a deal and the match goes on (the engine has dealt
        the next deal at once, CT-6)."""
        events = self._events[-1] if self._history else ()
        return any(e.kind == "deal_end" for e in events) and not self.is_over

    def at_deal_end(self) -> ChineseTen | None:
        """When the last move ended a deal and the match goes on: a copy of the match as
        that deal ended -- its last capture made, every card captured, its points in
        :attr:`deal_points` and the totals, the next deal not dealt (its events left out)
        -- to show (a replay stepping to a deal's last move); None otherwise.  The copy
        is over: nobody plays in it, and this match is untouched.

        >>> g = ChineseTen.new(players=2, seed=3, target=None, deals=2)
        >>> while not g.deal_points:
        ...     _ = g.play(g.legal_moves()[0])
        >>> g.position.deal_number, len(g.hand(0)), g.at_deal_end() is None
        (1, 12, False)
        >>> end = g.at_deal_end()
        >>> end.position.deal_number, len(end.hand(0)), end.position.layout, end.current_points
        (0, 0, (), (108, 102))
        >>> end.deal_points, [e.kind for e in end.events_of(len(end.history))][-1]
        (((108, 102),), 'deal_end')
        >>> _ = g.play(g.legal_moves()[0]); g.at_deal_end() is None
        True
        """
        if not self.ended_a_deal():
            return None
        before = self._positions[-2]
        ended, events = apply_move(before, self._history[-1], self._deck, next_deal=False)
        g = self.replay(len(self._history))
        g._positions[-1] = ended
        g._events[-1] = events
        return g

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
    def seed(self) -> int | None:
        """The seed the match was dealt from (None when it began at a position)."""
        return self._start.seed if self._fresh else None

    @property
    def players(self) -> int:
        return self._start.options.players

    @property
    def history(self) -> tuple[Move, ...]:
        """The decisions played so far, oldest first, across all deals."""
        return tuple(self._history)

    @property
    def movers(self) -> tuple[int, ...]:
        """The seat that made each move of :attr:`history` (a stock choice is the same
        seat's as the hand card before it)."""
        return tuple(self._movers)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, including automatic steps, oldest first."""
        return tuple(e for step in self._events for e in step)

    def events_of(self, n: int) -> tuple[Event, ...]:
        """What move ``n`` (1-based) caused; ``events_of(0)`` is the opening deal."""
        return self._events[n]

    def current_players(self) -> tuple[int, ...]:
        """The seat to move (also while a turned-up stock card waits), () once over."""
        seat = self.position.to_move
        return () if seat is None else (seat,)

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
        """The seat dealing the current deal."""
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
    def totals(self) -> tuple[int, ...]:
        """Running match totals after the finished deals (settled if ``settle``)."""
        return self.position.totals

    @property
    def result(self) -> Result | None:
        """Once the match is over: places by final total (equal totals share a place, so
        a tie for the lead is a shared win), ``scores`` the match totals (settled totals
        with ``settle``), ``details`` the number of deals and each deal's points."""
        if not self.is_over:
            return None
        t = self.totals
        places = tuple(1 + sum(x > t[s] for x in t) for s in range(self.players))
        dp = self.deal_points
        return Result(places, t, {"deals": len(dp), "deal_points": [list(d) for d in dp]})

    def hand(self, seat: int) -> Hand:
        """The cards ``seat`` holds now, sorted."""
        return Hand(self.position.hands[seat])

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: no other hand, no stock order, no later deal."""
        seat_index(seat, self.players)
        p = self.position
        return Observation(
            seat,
            self.players,
            p.options.scoring,
            p.to_move,
            p.phase,
            Hand(p.hands[seat]),
            tuple(len(h) for h in p.hands),
            p.layout,
            p.turned,
            p.captured,
            len(p.stock),
            p.current_points,
            p.totals,
            p.deal_points,
            p.deal_number,
            p.dealer,
            self.history,
            p.is_over,
        )

    # -- moves -------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        """Every move the seat to move may make, canonical, in a stable order; () for a
        seat that is not to move; IndexError for a seat that does not exist."""
        pos = self.position
        if seat is not None and seat_index(seat, self.players) != pos.to_move:
            return ()
        # Cached per position object (identity), so undo-then-play never sees stale moves.
        if self._legal is None or self._legal[0] is not pos:
            self._legal = (pos, tuple(_generate(pos)))
        return self._legal[1]

    def parse_move(self, text: Any, seat: int | None = None) -> Move:
        """The move ``text`` names here.  While a turned-up stock card waits, ``5H x 5S``
        without the ``stock`` prefix names the stock choice (the turned card cannot be in
        anyone's hand)."""
        m = Move.parse(text)
        turned = self.position.turned
        if turned is not None and not m.stock and m.card == turned:
            m = Move(m.card, m.captures, stock=True)
        return m

    def verify(self, move: Any, seat: int | None = None) -> Move:
        """The canonical move if ``move`` is legal now for ``seat`` (default: the seat to
        move); IllegalMoveError naming the rule otherwise."""
        m = self.parse_move(move, seat)
        p = self.position
        if p.is_over:
            raise IllegalMoveError("CT-6", _l("The match is over; no more moves can be played."))
        if seat is not None and seat_index(seat, self.players) != p.to_move:
            raise IllegalMoveError(
                "CT-3",
                _l(
                    "It is seat {now}'s turn, not seat {seat}'s.",
                    now=p.to_move + 1,
                    seat=seat + 1,
                ),
            )
        if p.turned is not None:
            _verify_stock_choice(p, m)
        else:
            _verify_hand_card(p, m)
        check_capture(m.card, m.captures, p.layout)
        return m

    def play(self, move: Any, seat: int | None = None) -> Move:
        """Play a move (object or any valid spelling) and return it in canonical form.

        Raises IllegalMoveError naming the rule; the game is then unchanged.
        """
        # A move object from this position's own legal moves needs no checking (bots and
        # playouts play those, many thousand times a second).
        legal = self._legal
        pos = self.position
        if (
            legal is not None
            and legal[0] is pos
            and (seat is None or seat == pos.to_move)
            and any(move is m for m in legal[1])
        ):
            self._push(move)
            return move
        m = self.verify(move, seat)
        self._push(m)
        return m

    def _push(self, m: Move) -> None:
        """Apply a verified move."""
        pos = self.position
        new, events = apply_move(pos, m, self._deck)
        self._positions.append(new)
        self._history.append(m)
        self._movers.append(pos.to_move)
        self._events.append(events)

    def undo(self) -> Move:
        """Take back the last move exactly (across a deal boundary too); returns it."""
        if not self._history:
            raise IndexError("no move to undo")
        self._positions.pop()
        self._events.pop()
        self._movers.pop()
        return self._history.pop()

    # -- hidden cards ----------------------------------------------------------

    def determinize(self, seat: int, rng: random.Random) -> ChineseTen:
        """A match ``seat`` cannot tell from this one, with everything it cannot see drawn
        at random: the other hands, the order of the stock cards not yet turned up, and
        (from a fresh seed) the decks of later deals.

        The current deal is re-dealt consistently: the others' hands at its start are the
        drawn hands plus the cards they have played since, the stock cards turned up so
        far keep their places.  Earlier deals are fully known and kept; the history is
        replayed on the new deal.

        >>> g = ChineseTen.new(players=3, seed=4, target=None)
        >>> _ = g.play(g.legal_moves()[0])
        >>> d = g.determinize(1, random.Random(0))
        >>> d.observation(1) == g.observation(1), d.history == g.history
        (True, True)
        >>> d.position.hands[1] == g.position.hands[1], d.position.hands[2] == g.position.hands[2]
        (True, False)
        """
        seat_index(seat, self.players)
        b = self._deal_start()
        base, seed = self._positions[b], rng.randrange(2**31)
        hands, stock = _redeal(base, self.position, seat, self._history[b:], self._movers[b:], rng)
        dealt = replace(base, hands=hands, stock=stock, seed=seed)
        first = self._start.deal_number + (0 if self._fresh else 1)
        decks = {k: self._deck(k) for k in range(first, base.deal_number)}  # fully known
        if self._fresh or b > 0:
            decks[base.deal_number] = deck_of(dealt)
        start = dealt if b == 0 else replace(self._start, seed=seed)
        g = ChineseTen(start, decks=decks, fresh=self._fresh, start_events=self._events[0])
        g._positions = [_reseeded(p, seed) for p in self._positions[:b]] + [dealt]
        g._history, g._movers = self._history[:b], self._movers[:b]
        g._events = self._events[: b + 1]
        for m in self._history[b:]:
            g._push(m)
        return g

    def _deal_start(self) -> int:
        """The index in the positions of the current deal's first position."""
        d, b = self.position.deal_number, len(self._positions) - 1
        while b > 0 and self._positions[b - 1].deal_number == d:
            b -= 1
        return b

    # -- display -------------------------------------------------------------

    def _repr_svg_(self) -> str:
        """The table with every hand face up (a notebook shows the game as this picture)."""
        return self.position._repr_svg_()

    def _board(self, **kwargs: Any) -> Any:
        from .widgets.table import ChineseTenTable

        return ChineseTenTable(**kwargs)

    def __repr__(self) -> str:
        p = self.position
        state = "over" if p.is_over else f"seat {p.to_move + 1} to move ({p.phase})"
        return (
            f"<ChineseTen {p.players} players, {p.options.scoring}, deal "
            f"{p.deal_number + 1}, {len(self._history)} moves, {state}>"
        )


def _check_seed(seed: Any, *, start: bool = True) -> None:
    """``start``: a seed of a new game (None draws one); else a record's without a start."""
    if type(seed) is not int or seed < 0:
        raise PositionError(
            "seed",
            _l("must be a whole number >= 0 or None, not {value}", value=shown(seed))
            if start
            else _l(
                "must be a whole number >= 0 when there is no start, not {value}",
                value=shown(seed),
            ),
        )


def _verify_stock_choice(p: Position, m: Move) -> None:
    assert p.turned is not None
    if not m.stock:
        example = str(Move(p.turned, _options(p)[0], stock=True))  # "stock 5H x 5S"
        raise IllegalMoveError(
            "CT-3",
            _l(
                "You turned up {card} from the stock; first choose what it captures: "
                "{options} (written like {example}).",
                card=the_card(p.turned),
                options=_or(_options(p)),
                example=example,
            ),
        )
    if m.card != p.turned:
        raise IllegalMoveError(
            "CT-3",
            _l(
                "The card turned up from the stock is {card}, not {other}.",
                card=the_card(p.turned),
                other=the_card(m.card),
            ),
        )


def _verify_hand_card(p: Position, m: Move) -> None:
    if m.stock:
        raise IllegalMoveError(
            "CT-3", _l("First play a card from your hand; the stock card is turned up after it.")
        )
    assert p.to_move is not None
    if m.card not in p.hands[p.to_move]:
        raise IllegalMoveError(
            "CT-3", sentence(_l("{card} is not in your hand.", card=the_card(m.card)))
        )


def _options(p: Position) -> tuple[tuple[Card, ...], ...]:
    assert p.turned is not None
    return capture_options(p.turned, p.layout)


def _generate(p: Position) -> list[Move]:
    if p.is_over:
        return []
    if p.turned is not None:
        return [Move(p.turned, caps, stock=True) for caps in _options(p)]
    moves = []
    assert p.to_move is not None
    for card in p.hands[p.to_move]:
        options = capture_options(card, p.layout)
        moves.extend(Move(card, caps) for caps in options) if options else moves.append(Move(card))
    return moves


# -- re-dealing what a seat cannot see ---------------------------------------------


def _redeal(
    base: Position,
    now: Position,
    seat: int,
    moves: Sequence[Move],
    movers: Sequence[int],
    rng: random.Random,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands and stock for ``base`` (the start of the current deal, or the position the
    match began at), re-drawn for ``seat``: the cards it cannot see now (the other hands
    and the stock not yet turned up) are shuffled; each other seat's hand at ``base`` is
    its drawn hand plus the cards it has played since (``moves`` by ``movers``); the
    stock cards turned up since ``base`` keep their places."""
    pool = [*now.stock, *(c for s, h in enumerate(now.hands) if s != seat for c in h)]
    # Sorted first, so the draw depends on what the seat sees only, not on where the
    # hidden cards really are (a seeded search must not tell two such games apart).
    pool.sort()
    rng.shuffle(pool)
    hands = []
    for s, h in enumerate(now.hands):
        if s == seat:
            hands.append(base.hands[s])
            continue
        drawn, pool = pool[: len(h)], pool[len(h) :]
        played = [m.card for m, who in zip(moves, movers, strict=True) if who == s and not m.stock]
        hands.append(tuple(sorted(drawn + played)))
    turned_up = len(base.stock) - len(now.stock)
    return tuple(hands), (*base.stock[:turned_up], *pool)


def _reseeded(p: Position, seed: int) -> Position:
    """``p`` with another seed for later decks (``replace`` is twice as slow)."""
    return Position(
        p.options,
        seed,
        p.deal_number,
        p.hands,
        p.layout,
        p.stock,
        p.turned,
        p.captured,
        p.deal_points,
    )


def deck_of(pos: Position) -> tuple[Card, ...]:
    """The deck (top card first) from which :func:`deal` deals ``pos``, a position at the
    start of a deal.

    >>> pos, _ = deal(Options(players=4), 1, 2, shuffled_deck(1, 2))
    >>> deal(Options(players=4), 1, 2, deck_of(pos))[0] == pos
    True
    """
    n, dealer = pos.players, pos.dealer
    dealt = [pos.hands[(dealer + 1 + i) % n][i // n] for i in range(HAND_CARDS)]
    first_layout = pos.layout or pos.captured[dealer][:LAYOUT_CARDS]
    return (*dealt, *first_layout, *pos.stock)


def _read_deck(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) != len(FULL_DECK):
        raise RecordError(field, _l("must list all 52 cards, top first"))
    out: list[Card] = []
    for i, text in enumerate(value):
        try:
            c = Card.parse(text)
        except CardError as e:
            raise RecordError(f"{field}[{i}]", e.message) from None
        if c in out:
            raise RecordError(f"{field}[{i}]", _l("{card} appears twice", card=str(c)))
        out.append(c)
    return tuple(out)
