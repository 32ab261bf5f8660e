"""Playing cards for Chinese Ten: the value type, its notation and point values.

A card is written rank then suit: ``AS`` (ace of spades), ``TH`` (ten of
hearts), ``7H``.  Parsing is forgiving (``10h``, ``a♠``); ``str`` is canonical.

>>> c = Card.parse("10h")
>>> c, str(c), c.is_red
(Card('TH'), 'TH', True)
>>> points(Card.parse("AH"), "standard", players=3)
20
>>> points(Card.parse("AS"), "red_frog_black_frog", players=3)
50
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from tabletop_widgets.core.i18n import _l

RANKS = "A23456789TJQK"
#: Suits in display order; hearts and diamonds are red.
SUITS = "SHDC"
RED_SUITS = "HD"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_WORDS = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
RANK_NAMES = dict(enumerate(_WORDS, start=1))
# Unicode suit symbols (both outline and filled forms) are accepted as input.
_SUIT_ALIASES = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}

Scoring = Literal["standard", "red_frog_black_frog"]
SCORINGS: tuple[str, ...] = ("standard", "red_frog_black_frog")


class CardError(ValueError):
    """Text that is not a card (callers turn it into IllegalMoveError or PositionError);
    its argument is the message, said in the reader's language (:attr:`message`)."""

    @property
    def message(self) -> object:
        return self.args[0] if self.args else ""


@dataclass(frozen=True, order=False)
class Card:
    """One card: ``rank`` 1 (ace) to 13 (king) and ``suit`` one of ``S H D C``.

    >>> Card(13, "D").name
    'king of diamonds'
    >>> sorted([Card.parse("KS"), Card.parse("2C"), Card.parse("2S")])
    [Card('2S'), Card('2C'), Card('KS')]
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if type(self.rank) is not int or not 1 <= self.rank <= 13:
            raise CardError(_l("rank must be 1 to 13, not {value}", value=repr(self.rank)[:40]))
        if not isinstance(self.suit, str) or self.suit not in SUITS:
            raise CardError(
                _l("suit must be one of {suits}, not {value}", suits=SUITS, value=repr(self.suit))
            )

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``AS``, ``th``, ``10H``, ``7♥``…; raise CardError otherwise."""
        if not isinstance(text, str):
            raise CardError(
                _l(
                    "a card is written like {seven} or {ace}, not {value}",
                    seven="7H",
                    ace="AS",
                    value=repr(text)[:40],
                )
            )
        t = text.strip().upper()
        rank_text, suit_text = t[:-1], _SUIT_ALIASES.get(t[-1:], t[-1:])
        rank = 10 if rank_text == "10" else RANKS.find(rank_text) + 1 if len(rank_text) == 1 else 0
        if not 2 <= len(t) <= 3 or rank <= 0 or suit_text not in SUITS:
            raise CardError(
                _l(
                    "{text} is not a card; write rank then suit, like {example}",
                    text=repr(_shorten(text)),
                    example="7H",
                )
            )
        return cls(rank, suit_text)

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    @property
    def sort_key(self) -> tuple[int, int]:
        """Order by rank, then suit in ``SHDC`` order (how hands are shown)."""
        return (self.rank, SUITS.index(self.suit))

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit in RED_SUITS

    @property
    def name(self) -> str:
        """Plain English, e.g. ``'seven of hearts'`` (for screen readers and messages)."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def _repr_svg_(self) -> str:
        # Imported here: the renderer depends on this module, not the other way round.
        from tabletop_widgets.games.chinese_ten.render import card_svg

        return card_svg(self)


class Hand(tuple):
    """A hand: a tuple of :class:`Card` that shows itself in a notebook as a row of faces.

    >>> h = Hand([Card.parse("2D"), Card.parse("KS")])
    >>> h, h == (Card.parse("2D"), Card.parse("KS")), h._repr_svg_().startswith("<svg")
    (Hand('2D KS'), True, True)
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[Card] = ()) -> Hand:
        return super().__new__(cls, cards)

    def __repr__(self) -> str:
        return f"Hand({' '.join(map(str, self))!r})"

    def _repr_svg_(self) -> str:
        from tabletop_widgets.games.chinese_ten.render import row_svg

        return row_svg(self, width=60)


def _shorten(text: str, limit: int = 20) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


#: The 52 cards in a fixed order (ranks within suits).
FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))


def shuffled_deck(seed: int, deal_number: int) -> tuple[Card, ...]:
    """The deck of deal ``deal_number`` of a match played with ``seed`` (top card first).

    >>> shuffled_deck(1, 0) == shuffled_deck(1, 0) != shuffled_deck(1, 1)
    True
    """
    deck = list(FULL_DECK)
    # A string seed is hashed deterministically by random.Random (unlike hash()).
    random.Random(f"chinese-ten:{seed}:{deal_number}").shuffle(deck)
    return tuple(deck)


def partner_rank(rank: int) -> int:
    """The rank a card of ``rank`` captures (CT-2): ace to 9 make 10; 10 to K take their own.

    >>> [partner_rank(r) for r in (1, 3, 5, 9, 10, 13)]
    [9, 7, 5, 1, 10, 13]
    """
    return rank if rank >= 10 else 10 - rank


#: Ranks that capture their own rank; three or four of them in the first layout are
#: special (CT-4).
SELF_RANKS = frozenset({5, 10, 11, 12, 13})


def points(card: Card, scoring: str, players: int) -> int:
    """Points of a captured card under ``scoring`` with ``players`` players (CT-5)."""
    # A table per scoring and table size: observations and bots sum the points of every
    # captured card at every move of every playout.
    return point_table(scoring, players)[card.rank, card.suit]


def point_table(scoring: str, players: int) -> dict[tuple[int, str], int]:
    """Every card's points under ``scoring`` with ``players`` players, by (rank, suit).

    >>> point_table("standard", 3)[1, "S"]
    30
    """
    table = _POINT_TABLES.get((scoring, players))
    if table is None:
        table = {(c.rank, c.suit): _points(c, scoring, players) for c in FULL_DECK}
        _POINT_TABLES[scoring, players] = table
    return table


_POINT_TABLES: dict[tuple[str, int], dict[tuple[int, str], int]] = {}


def _points(card: Card, scoring: str, players: int) -> int:
    if scoring == "standard":
        if card.is_red:
            return 20 if card.rank == 1 else card.rank if card.rank <= 8 else 10
        if card == ACE_OF_SPADES:
            return 30 if players >= 3 else 0
        if card == ACE_OF_CLUBS:
            return 40 if players == 4 else 0
        return 0
    if scoring == "red_frog_black_frog":
        if card.is_red or card == ACE_OF_CLUBS:
            return 0
        if card == ACE_OF_SPADES:
            return 50
        return min(card.rank, 10)
    raise ValueError(f"scoring must be one of {SCORINGS}, not {scoring!r}")


def deal_total(scoring: str, players: int) -> int:
    """All the points of one deal: 210/240/280 standard, 218 Red Frog Black Frog.

    >>> [deal_total("standard", n) for n in (2, 3, 4)], deal_total("red_frog_black_frog", 3)
    ([210, 240, 280], 218)
    """
    return sum(points(c, scoring, players) for c in FULL_DECK)


ACE_OF_SPADES = Card(1, "S")
ACE_OF_CLUBS = Card(1, "C")
