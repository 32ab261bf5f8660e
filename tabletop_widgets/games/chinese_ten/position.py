"""The state of a Chinese Ten match at one moment, and its validated JSON form.

A :class:`Position` is an immutable snapshot: options, the seed for later
deals, the current deal (hands, layout, stock, a stock card waiting for the
player's choice, captured piles) and the points of every finished deal.
``Position.from_json`` refuses anything that could not arise in a real game
and names the bad field.

>>> from tabletop_widgets.games.chinese_ten.engine import ChineseTen
>>> pos = ChineseTen.new(seed=7).position
>>> Position.from_json(pos.to_json()) == pos
True
>>> bad = pos.to_json()
>>> bad["hands"][1][3] = bad["hands"][0][0]
>>> try:
...     Position.from_json(bad)
... except PositionError as e:
...     print(e.field)
hands[1][3]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tabletop_widgets.core.errors import PositionError, key_name
from tabletop_widgets.core.i18n import _l, _nl

from .cards import (
    FULL_DECK,
    SCORINGS,
    SELF_RANKS,
    Card,
    CardError,
    deal_total,
    partner_rank,
    point_table,
)

GAME = "chinese_ten"
HAND_CARDS = 24  # cards dealt to the players in total, whatever their number (CT-1)
LAYOUT_CARDS = 4
STOCK_CARDS = 24


@dataclass(frozen=True)
class Options:
    """The match options (CT-1, CT-5, CT-6).

    ``players``: 2, 3 or 4 seats; ``scoring``: ``"standard"`` (red cards score) or
    ``"red_frog_black_frog"`` (black cards score, CT-5); ``settle``: score each deal
    against the tie score instead of by its points (CT-6).  ``target`` ends the match
    when a running total reaches it at the end of a deal; ``deals`` ends it after that
    many deals; either may be None, not both (``target=None`` alone: one deal).
    """

    players: int = 3
    scoring: str = "standard"
    settle: bool = False
    target: int | None = 1000
    deals: int | None = None

    @property
    def deal_total(self) -> int:
        """All the points of one deal with this scoring and these seats (240: standard, 3)."""
        return deal_total(self.scoring, self.players)

    @property
    def tie_score(self) -> int:
        """Points of a player in a perfectly even deal (what ``settle`` scores against)."""
        return self.deal_total // self.players

    def to_json(self) -> dict:
        """JSON-ready: every option, defaults included."""
        return {
            "players": self.players,
            "scoring": self.scoring,
            "settle": self.settle,
            "target": self.target,
            "deals": self.deals,
        }

    @classmethod
    def from_json(cls, data: Any, field: str = "options", *, strict: bool = False) -> Options:
        """Validated options from JSON; missing options take their defaults, unless
        ``strict`` (inside a position, where every key is written)."""
        if not isinstance(data, Mapping):
            raise PositionError(
                field, _l("must be an object with the options, not {value}", value=_short(data))
            )
        for key in data:
            if key not in OPTION_KEYS:
                raise PositionError(
                    f"{field}.{_key(key)}",
                    _l(
                        "is not an option of Chinese Ten (options: {names})",
                        names=", ".join(OPTION_KEYS),
                    ),
                )
        if strict:
            for key in OPTION_KEYS:
                if key not in data:
                    raise PositionError(f"{field}.{key}", _l("is missing"))
        values = {**cls().to_json(), **data}
        return check_options(*(values[k] for k in OPTION_KEYS), field=field)


OPTION_KEYS = ("players", "scoring", "settle", "target", "deals")


def check_options(
    players: Any, scoring: Any, settle: Any, target: Any, deals: Any, *, field: str = "options"
) -> Options:
    """Validated :class:`Options`; PositionError names the bad option."""
    if not _is_int(players) or players not in (2, 3, 4):
        raise PositionError(
            f"{field}.players", _l("must be 2, 3 or 4, not {value}", value=_short(players))
        )
    if scoring not in SCORINGS:
        raise PositionError(
            f"{field}.scoring",
            _l(
                "must be one of {choices}, not {value}",
                choices=", ".join(SCORINGS),
                value=_short(scoring),
            ),
        )
    if not isinstance(settle, bool):
        raise PositionError(
            f"{field}.settle", _l("must be true or false, not {value}", value=_short(settle))
        )
    for name, value in (("target", target), ("deals", deals)):
        if value is not None and (not _is_int(value) or value < 1):
            raise PositionError(
                f"{field}.{name}",
                _l("must be a positive whole number or null, not {value}", value=_short(value)),
            )
    if target is None and deals is None:
        deals = 1  # no target: a single deal (tutorials)
    if settle and deal_total(scoring, players) % players:
        raise PositionError(
            f"{field}.settle",
            _l(
                "the {total} points of a deal do not split evenly among {players} players, so "
                "there is no whole tie score to settle against (CT-6)",
                total=deal_total(scoring, players),
                players=players,
            ),
        )
    return Options(players, scoring, settle, target, deals)


def match_over(options: Options, deal_points: Sequence[Sequence[int]]) -> bool:
    """True if the match ends after the finished deals ``deal_points`` (CT-6)."""
    if options.deals is not None and len(deal_points) >= options.deals:
        return True
    return options.target is not None and max(totals(options, deal_points)) >= options.target


def deal_scores(options: Options, points_of_deal: Sequence[int]) -> tuple[int, ...]:
    """What a deal adds to each running total: its points, or with ``settle`` the
    difference from the tie score (CT-6)."""
    tie = options.tie_score if options.settle else 0
    return tuple(p - tie for p in points_of_deal)


def totals(options: Options, deal_points: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Running totals after the finished deals."""
    out = [0] * options.players
    for d in deal_points:
        for seat, s in enumerate(deal_scores(options, d)):
            out[seat] += s
    return tuple(out)


def capture_options(card: Card, layout: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """Every set of layout cards ``card`` may capture (CT-2, CT-4); empty if none.

    >>> lay = [Card.parse(t) for t in ("3S", "3H", "KS")]
    >>> capture_options(Card.parse("7D"), lay)
    ((Card('3S'),), (Card('3H'),))
    >>> capture_options(Card.parse("KH"), [Card.parse(t) for t in ("KS", "KD", "KC")])
    ((Card('KS'), Card('KD'), Card('KC')),)
    """
    want = partner_rank(card.rank)
    targets = [c for c in layout if c.rank == want]
    # Three of a self-capturing rank can only be the first layout's (CT-4): the fourth
    # card of the rank takes them all; otherwise two would be left over for ever.
    if card.rank in SELF_RANKS and len(targets) == 3:
        return (tuple(sorted(targets)),)
    return tuple((c,) for c in sorted(targets))


@dataclass(frozen=True)
class Position:
    """An immutable snapshot of a match (its JSON: the game's notation.md).

    ``options`` are the match's :class:`Options`; ``seed`` makes the decks of later
    deals; ``deal_number`` counts the deals from 0.  ``hands`` are sorted, one per seat
    (counted from 0); ``layout`` is the face-up cards on the table, in the order they
    arrived; ``stock`` lists the top card first; ``turned`` is a stock card turned up
    and waiting for the player to choose its capture; each ``captured`` pile holds the
    capturing card followed by what it took, in the order taken; ``deal_points``
    holds the points of every finished deal.
    """

    options: Options
    seed: int
    deal_number: int
    hands: tuple[tuple[Card, ...], ...]
    layout: tuple[Card, ...]
    stock: tuple[Card, ...]
    turned: Card | None
    captured: tuple[tuple[Card, ...], ...]
    deal_points: tuple[tuple[int, ...], ...]

    # -- derived facts ---------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.options.players

    @property
    def dealer(self) -> int:
        """The seat dealing this deal: the last seat deals first (so seat 0 leads the first
        deal), then the deal rotates."""
        return (self.players - 1 + self.deal_number) % self.players

    @property
    def leader(self) -> int:
        """The seat that plays first in this deal: left of the dealer (CT-1)."""
        return (self.dealer + 1) % self.players

    @property
    def turns_done(self) -> int:
        """Complete turns of this deal (a turn is a hand card plus a stock card)."""
        return STOCK_CARDS - len(self.stock) - (self.turned is not None)

    @property
    def is_over(self) -> bool:
        """True once the match is over (a finished deal is only ever kept as a position
        when it ended the match; otherwise the next deal is dealt at once)."""
        return not self.stock and self.turned is None and not any(self.hands)

    @property
    def phase(self) -> str:
        """``'hand'`` (play from hand), ``'stock'`` (choose the turned card's capture) or
        ``'over'``."""
        if self.is_over:
            return "over"
        return "stock" if self.turned is not None else "hand"

    @cached_property  # asked many times per move; a position never changes
    def to_move(self) -> int | None:
        """The seat to play (from hand, or choosing the turned card's capture); None once
        the match is over."""
        if self.is_over:
            return None
        return (self.leader + self.turns_done) % self.players

    @property
    def current_points(self) -> tuple[int, ...]:
        """Points each seat has captured so far in this deal."""
        o = self.options
        table = point_table(o.scoring, o.players)  # asked at every move: no call per card
        return tuple(sum([table[c.rank, c.suit] for c in pile]) for pile in self.captured)

    @property
    def totals(self) -> tuple[int, ...]:
        """Running match totals after the finished deals (settled if ``settle``)."""
        return totals(self.options, self.deal_points)

    def expected_hand_sizes(self) -> tuple[int, ...]:
        """How many cards each hand must hold at this point of the deal (for checking)."""
        n = self.players
        played = self.turns_done + (self.turned is not None)
        return tuple(
            HAND_CARDS // n - sum(1 for j in range(played) if (self.leader + j) % n == seat)
            for seat in range(n)
        )

    def _repr_svg_(self) -> str:
        """The table with every hand face up."""
        from .render import seat_labels, table_svg, table_title

        labels = seat_labels(self.dealer, self.to_move, self.current_points, self.totals)
        return table_svg(
            self.hands,
            self.layout,
            len(self.stock),
            self.turned,
            self.captured,
            labels,
            title=table_title(self.deal_number, self.options.scoring, self.phase),
        )

    # -- JSON ------------------------------------------------------------

    def to_json(self) -> dict:
        """JSON-ready data; ``dealer`` and ``to_move`` are included for readers and checked
        on the way back in."""
        return {
            "game": GAME,
            "options": self.options.to_json(),
            "seed": self.seed,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hands": [[str(c) for c in h] for h in self.hands],
            "layout": [str(c) for c in self.layout],
            "stock": [str(c) for c in self.stock],
            "turned": None if self.turned is None else str(self.turned),
            "captured": [[str(c) for c in pile] for pile in self.captured],
            "deal_points": [list(d) for d in self.deal_points],
        }

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Validate and load; PositionError names the first bad field."""
        if isinstance(data, Position):
            data = data.to_json()
        return _parse_position(data)


# -- validation ------------------------------------------------------------

_KEYS = (
    "game",
    "options",
    "seed",
    "deal_number",
    "dealer",
    "to_move",
    "hands",
    "layout",
    "stock",
    "turned",
    "captured",
    "deal_points",
)


def _is_int(v: Any) -> bool:
    return type(v) is int


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:40] + "…"


def _key(k: Any) -> str:
    return key_name(k, 30) if isinstance(k, str) else _short(k)


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise PositionError(field, _l("must be a list of cards, not {value}", value=_short(value)))
    out = []
    for i, text in enumerate(value):
        try:
            out.append(Card.parse(text))
        except CardError as e:
            raise PositionError(f"{field}[{i}]", e.message) from None
    return tuple(out)


def _piles(value: Any, field: str, n: int) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, list) or len(value) != n:
        raise PositionError(
            field,
            _nl(
                "must be a list of {n} list of cards, one per seat",
                "must be a list of {n} lists of cards, one per seat",
                n,
            ),
        )
    return tuple(_cards(v, f"{field}[{i}]") for i, v in enumerate(value))


def _check_keys(data: Any) -> None:
    """An object with exactly the keys of a position."""
    if not isinstance(data, Mapping):
        raise PositionError(
            "position", _l("must be a JSON object, not {value}", value=_short(data))
        )
    for key in data:
        if key not in _KEYS:
            raise PositionError(
                _key(key),
                _l(
                    "is not a field of a Chinese Ten position (fields: {fields})",
                    fields=", ".join(_KEYS),
                ),
            )
    for key in _KEYS:
        if key not in data:
            raise PositionError(key, _l("is missing"))


def _whole(data: Mapping[str, Any], key: str) -> int:
    value = data[key]
    if not _is_int(value) or value < 0:
        raise PositionError(
            key, _l("must be a whole number >= 0, not {value}", value=_short(value))
        )
    return value


def _turned(value: Any) -> Card | None:
    if value is None:
        return None
    try:
        return Card.parse(value)
    except CardError as e:
        raise PositionError("turned", e.message) from None


def _deal_points(value: Any, options: Options) -> tuple[tuple[int, ...], ...]:
    """The points of each finished deal: one whole number per seat, adding up to the
    deal total (CT-5)."""
    if not isinstance(value, list):
        raise PositionError(
            "deal_points",
            _l(
                "must be a list with the points of each finished deal, not {value}",
                value=_short(value),
            ),
        )
    n, total = options.players, options.deal_total
    out = []
    for d, row in enumerate(value):
        if not isinstance(row, list) or len(row) != n:
            raise PositionError(
                f"deal_points[{d}]",
                _nl(
                    "must list the points of the {n} seat",
                    "must list the points of all {n} seats",
                    n,
                ),
            )
        for s, v in enumerate(row):
            if not _is_int(v) or not 0 <= v <= total:
                raise PositionError(
                    f"deal_points[{d}][{s}]",
                    _l("must be 0 to {total}, not {value}", total=total, value=_short(v)),
                )
        if sum(row) != total:
            raise PositionError(
                f"deal_points[{d}]",
                _l(
                    "the points of a deal add up to {total}, not {sum} (CT-5)",
                    total=total,
                    sum=sum(row),
                ),
            )
        out.append(tuple(row))
    return tuple(out)


def _check_derived(data: Mapping[str, Any], pos: Position) -> None:
    """``dealer`` and ``to_move`` are written for readers; they must match the position."""
    for key in ("dealer", "to_move"):
        value, want = data[key], getattr(pos, key)
        if value is not want and (not _is_int(value) or value != want):
            raise PositionError(
                key,
                _l(
                    "must be {wanted} in this position, not {value}",
                    wanted=repr(want),
                    value=_short(value),
                ),
            )


def _parse_position(data: Any) -> Position:
    _check_keys(data)
    if data["game"] != GAME:
        raise PositionError(
            "game",
            _l("must be {wanted}, not {value}", wanted=repr(GAME), value=_short(data["game"])),
        )
    options = Options.from_json(data["options"], strict=True)
    seed, deal_number = _whole(data, "seed"), _whole(data, "deal_number")
    n = options.players
    hands = _piles(data["hands"], "hands", n)
    layout = _cards(data["layout"], "layout")
    stock = _cards(data["stock"], "stock")
    turned = _turned(data["turned"])
    captured = _piles(data["captured"], "captured", n)
    _check_cards_conserved(hands, layout, stock, turned, captured)
    deal_points = _deal_points(data["deal_points"], options)
    pos = Position(
        options,
        seed,
        deal_number,
        tuple(tuple(sorted(h)) for h in hands),
        layout,
        stock,
        turned,
        captured,
        deal_points,
    )
    _check_counts(pos)
    _check_table(pos)
    _check_piles(pos)
    _check_match(pos)
    _check_derived(data, pos)
    return pos


def _check_cards_conserved(hands, layout, stock, turned, captured) -> None:
    seen: dict[Card, str] = {}
    zones: list[tuple[str, Sequence[Card]]] = [(f"hands[{i}]", h) for i, h in enumerate(hands)]
    zones += [("layout", layout), ("stock", stock)]
    zones += [(f"captured[{i}]", p) for i, p in enumerate(captured)]
    for name, cards in zones:
        for i, c in enumerate(cards):
            if c in seen:
                raise PositionError(f"{name}[{i}]", _already(c, seen[c]))
            seen[c] = f"{name}[{i}]"
    if turned is not None:
        if turned in seen:
            raise PositionError("turned", _already(turned, seen[turned]))
        seen[turned] = "turned"
    missing = [str(c) for c in FULL_DECK if c not in seen]
    if missing:
        raise PositionError(
            "cards",
            _l(
                "every one of the 52 cards must be somewhere; missing {cards}",
                cards=" ".join(missing[:8]) + (" …" if len(missing) > 8 else ""),
            ),
        )


def _already(card: Card, where: str) -> Any:
    return _l("{card} is already in {field}", card=str(card), field=where)


def _check_counts(pos: Position) -> None:
    if len(pos.stock) > STOCK_CARDS:
        raise PositionError(
            "stock",
            _l("holds at most {limit} cards, not {n}", limit=STOCK_CARDS, n=len(pos.stock)),
        )
    if pos.turned is not None and len(pos.stock) == STOCK_CARDS:
        raise PositionError("turned", _l("no stock card can be turned before a card is played"))
    for seat, (hand, want) in enumerate(zip(pos.hands, pos.expected_hand_sizes(), strict=True)):
        if len(hand) != want:
            # Seats as people count them (the field's index counts from 0).
            raise PositionError(
                f"hands[{seat}]",
                _nl(
                    "Seat {number} must hold {n} card after {turned} stock cards were turned, "
                    "not {held} (CT-1, CT-3)",
                    "Seat {number} must hold {n} cards after {turned} stock cards were turned, "
                    "not {held} (CT-1, CT-3)",
                    want,
                    number=seat + 1,
                    turned=STOCK_CARDS - len(pos.stock),
                    held=len(hand),
                ),
            )


def _check_table(pos: Position) -> None:
    layout = pos.layout
    if pos.is_over and layout:
        raise PositionError(
            "layout",
            _l(
                "the last stock card always takes the last layout card, so a finished deal "
                "leaves none (CT-4)"
            ),
        )
    ranks = Counter(c.rank for c in layout)
    for i, c in enumerate(layout):
        if c.rank in SELF_RANKS and ranks[c.rank] == 4:
            raise PositionError(
                f"layout[{i}]",
                _l("four cards of that rank in the first layout go to the dealer (CT-4)"),
            )
    # Cards able to capture each other can only lie side by side if both were dealt there
    # (a played card must capture), so there are at most four such.
    clashing = [c for c in layout if any(o != c and o.rank == partner_rank(c.rank) for o in layout)]
    if len(clashing) > LAYOUT_CARDS:
        raise PositionError(
            "layout",
            _l(
                "{cards} could not all lie together: a played card that can capture must (CT-3)",
                cards=" ".join(map(str, clashing)),
            ),
        )
    _check_layout_can_empty(pos)
    if pos.turned is not None and len(capture_options(pos.turned, layout)) < 2:
        raise PositionError(
            "turned",
            _l(
                "{card} waits for a choice only if it could capture several layout cards (CT-3)",
                card=str(pos.turned),
            ),
        )


def _check_piles(pos: Position) -> None:
    """Each captured pile is capturing card + what it took, no more captures than the seat
    has played cards (CT-2, CT-3, CT-4)."""
    n = pos.players
    played = pos.turns_done + (pos.turned is not None)
    turned_up = pos.turns_done
    for seat, pile in enumerate(pos.captured):
        field = f"captured[{seat}]"
        # Cards this seat put on the table: its hand cards and the stock cards of its turns.
        budget = sum(1 for j in range(played) if (pos.leader + j) % n == seat)
        budget += sum(1 for j in range(turned_up) if (pos.leader + j) % n == seat)
        i = 0
        if seat == pos.dealer and _is_quad(pile[:4]):
            i = 4  # the dealer's four of a kind from the first layout (CT-4)
        while i < len(pile):
            if _is_quad(pile[i : i + 4]):
                step = 4  # the fourth card of a rank taking the first layout's three (CT-4)
            elif i + 1 < len(pile) and pile[i + 1].rank == partner_rank(pile[i].rank):
                step = 2
            else:
                bad = i + 1 if i + 1 < len(pile) else i
                raise PositionError(
                    f"{field}[{bad}]",
                    _l(
                        "a captured pile holds each capturing card followed by the card it "
                        "took (CT-2)"
                    ),
                )
            budget -= 1
            if budget < 0:
                raise PositionError(
                    f"{field}[{i}]",
                    _l(
                        "Seat {number} has not played enough cards to make all these captures "
                        "(CT-3)",
                        number=seat + 1,
                    ),
                )
            i += step


def _check_layout_can_empty(pos: Position) -> None:
    """Cards lying with a card they could take (dealt so) must still meet enough of their
    rank to be taken: from a real deal the last stock card always takes the last layout
    card (CT-4), and the engine asserts it.

    While a 3 and a 7 lie together, every 3 played takes a 7 and every 7 a 3, so they
    are cleared only if the 3s to come reach the 7s there, or the other way round; two
    5s (or three of a CT-4 rank) need as many (one) of their rank to come.
    """
    lay = Counter(c.rank for c in pos.layout)
    to_come = Counter(
        c.rank
        for c in (
            *(c for h in pos.hands for c in h),
            *pos.stock,
            *((pos.turned,) if pos.turned is not None else ()),
        )
    )
    for rank, here in lay.items():
        partner = partner_rank(rank)
        if partner == rank:
            stuck = here >= 2 and to_come[rank] < (1 if here == 3 else here)
        else:
            stuck = lay[partner] > 0 and to_come[rank] < lay[partner] and to_come[partner] < here
        if stuck:
            cards = " ".join(str(c) for c in pos.layout if c.rank in (rank, partner))
            raise PositionError(
                "layout",
                _l(
                    "{cards} could never all be taken: too few cards of their ranks are still "
                    "to come (CT-2, CT-4)",
                    cards=cards,
                ),
            )


def _is_quad(cards: Sequence[Card]) -> bool:
    return (
        len(cards) == 4
        and cards[0].rank in SELF_RANKS
        and all(c.rank == cards[0].rank for c in cards)
    )


def _check_match(pos: Position) -> None:
    o = pos.options
    finished = len(pos.deal_points)
    expected = pos.deal_number + 1 if pos.is_over else pos.deal_number
    if finished != expected:
        raise PositionError(
            "deal_points",
            _nl(
                "must hold the points of {n} finished deal, not {found}",
                "must hold the points of {n} finished deals, not {found}",
                expected,
                found=finished,
            ),
        )
    for d in range(1, finished + (0 if pos.is_over else 1)):
        if match_over(o, pos.deal_points[:d]):
            raise PositionError(
                f"deal_points[{d - 1}]", _l("the match ended after this deal (CT-6)")
            )
    if pos.is_over:
        if not match_over(o, pos.deal_points):
            raise PositionError(
                "deal_points",
                _l(
                    "a finished deal that does not end the match is followed by the next deal "
                    "(CT-6)"
                ),
            )
        if pos.current_points != pos.deal_points[-1]:
            raise PositionError(
                f"deal_points[{finished - 1}]",
                _l(
                    "must be the points of the captured piles, {points} (CT-5)",
                    points=str(list(pos.current_points)),
                ),
            )
