"""The duel cards (FG-1) and how two cards compare on their own (FG-3, FG-4).

Each colour has ``1``-``8`` and Dynamite (rank ``D``); only the 7 and the 8
act differently between colours.  :func:`compare` knows the card-against-card
part of a duel; what depends on the round (tie pot, 6, green 7) lives in
:mod:`.position`.

>>> c = Card.parse("Pink 5")
>>> str(c), c.short, c.value
('pink 5', 'P5', 5)
>>> compare(Card("pink", "5"), Card("green", "2"))
(0, 3)
>>> compare(Card("pink", "1"), Card("green", "6"))
(0, 5)
>>> compare(Card("pink", "8"), Card("green", "1"))
(0, 3)
>>> compare(Card("pink", "D"), Card("green", "4"))
(0, 3)
>>> beats_and_loses(Card("pink", "5"))
(('2', '3', '4', 'D'), ('1', '6', '7', '8'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tabletop_widgets.core.i18n import Message, _l

PINK = "pink"
GREEN = "green"
#: Seat 0 plays pink, seat 1 plays green.
COLOURS: tuple[str, str] = (PINK, GREEN)
#: Ranks in playing order; ``D`` is Dynamite.
RANKS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "D")
DYNAMITE = "D"

#: Names of the special powers that an engine option can switch off (FG-4).
#: Dynamite is not in the list: without its rule it would have no value at all.
SPECIALS: frozenset[str] = frozenset({"six", "pink7", "green7", "pink8", "green8"})

#: Gold a Dynamite duel is worth (FG-4) and a pink 8 takes from a 1.
DYNAMITE_GOLD = 3
PINK8_GOLD = 3

_RANK_WORDS = {"dynamite": DYNAMITE, "dyn": DYNAMITE, "d": DYNAMITE, **{r: r for r in RANKS[:8]}}
_COLOUR_WORDS = {"pink": PINK, "p": PINK, "green": GREEN, "g": GREEN}
_GLUED = re.compile(r"^(pink|green|p|g)(dynamite|dyn|d|[1-8])$")


@dataclass(frozen=True, order=True)
class Card:
    """One card: a colour and a rank (``"1"``..``"8"`` or ``"D"``)."""

    colour: str
    rank: str

    def __post_init__(self) -> None:
        if self.colour not in COLOURS:
            raise ValueError(f"unknown colour {self.colour!r} (pink or green)")
        if self.rank not in RANKS:
            raise ValueError(f"unknown rank {self.rank!r} (1-8 or D)")

    @property
    def value(self) -> int | None:
        """The number on the card; ``None`` for Dynamite."""
        return None if self.rank == DYNAMITE else int(self.rank)

    @property
    def is_dynamite(self) -> bool:
        """True for the Dynamite of either colour."""
        return self.rank == DYNAMITE

    @property
    def seat(self) -> int:
        """The seat owning this colour (pink 0, green 1)."""
        return COLOURS.index(self.colour)

    @property
    def short(self) -> str:
        """Two-letter form, e.g. ``P5`` or ``GD``."""
        return self.colour[0].upper() + self.rank

    @property
    def rank_name(self) -> str:
        """The rank as written in the notation: ``"1"`` … ``"8"`` or ``"dynamite"``."""
        return "dynamite" if self.is_dynamite else self.rank

    def __str__(self) -> str:
        return f"{self.colour} {self.rank_name}"

    def _repr_svg_(self) -> str:
        # Imported here: the renderer depends on this module, not the reverse.
        from tabletop_widgets.games.fistful_of_gold.render import duel_card_svg

        return duel_card_svg(self)

    @classmethod
    def parse(cls, text: str, colour: str | None = None) -> Card:
        """Read one card (``pink 5``, ``P5``, ``g dynamite``; ``5`` if ``colour`` is given).

        >>> Card.parse("gd"), Card.parse("7", colour="pink")
        (Card(colour='green', rank='D'), Card(colour='pink', rank='7'))
        """
        cards = parse_cards(text, colour)
        if len(cards) != 1:
            raise ValueError(
                _l("Name one card, not {n}: {text}", n=len(cards), text=repr(text)[:40])
            )
        return cards[0]


def parse_cards(text: str, colour: str | None = None) -> list[Card]:
    """Read a list of cards; a colour word applies to the ranks that follow it.

    >>> [str(c) for c in parse_cards("pink 2, 3 g8")]
    ['pink 2', 'pink 3', 'green 8']
    """
    cards: list[Card] = []
    current = colour
    pending_colour = False
    for token in re.split(r"[\s,;+]+", text.strip().lower()):
        if not token:
            continue
        if token in _COLOUR_WORDS:
            current = _COLOUR_WORDS[token]
            pending_colour = True
            continue
        glued = _GLUED.match(token)
        if glued:
            current = _COLOUR_WORDS[glued.group(1)]
            token = glued.group(2)
        if token not in _RANK_WORDS:
            raise ValueError(_l("{token} is not a card", token=repr(token)[:40]))
        if current is None:
            raise ValueError(
                _l(
                    "say which colour {token} is, e.g. {example}",
                    token=repr(token),
                    example=repr(f"pink {token}"),
                )
            )
        cards.append(Card(current, _RANK_WORDS[token]))
        pending_colour = False
    if pending_colour:
        raise ValueError(_l("a colour without a card"))
    return cards


def rank_words(card: Card) -> str | Message:
    """A card's rank as a sentence names it: its number, or Dynamite (in the reader's
    language).

    >>> rank_words(Card("pink", "5")), str(rank_words(Card("green", "D")))
    ('5', 'dynamite')
    """
    return _l("dynamite") if card.is_dynamite else card.rank


class Hand(tuple):
    """Cards held (or lying) together, in rank order: a tuple that draws itself.

    >>> h = Hand([Card("pink", "5"), Card("pink", "2")])
    >>> [str(c) for c in h], h == (Card("pink", "2"), Card("pink", "5"))
    (['pink 2', 'pink 5'], True)
    >>> h._repr_svg_().startswith("<svg")
    True
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[Card] = ()) -> Hand:
        return super().__new__(cls, sorted(cards))

    def _repr_svg_(self) -> str:
        from tabletop_widgets.games.fistful_of_gold.render import row_svg

        return row_svg(list(self))


def deck(colour: str) -> Hand:
    """The nine cards of one colour, in rank order."""
    return Hand(Card(colour, r) for r in RANKS)


def other(seat: int) -> int:
    return 1 - seat


def compare(a: Card, b: Card, specials: frozenset[str] = SPECIALS) -> tuple[int | None, int]:
    """The winner (0 = ``a``, 1 = ``b``, ``None`` = tie) and the gold, card against card.

    Covers the difference rule (FG-3), Dynamite and the pink 8 against a 1
    (FG-4); the 6 and the 7s act on the round, not on this comparison.
    """
    if a.is_dynamite and b.is_dynamite:
        return None, 0
    if a.is_dynamite or b.is_dynamite:
        dyn = 0 if a.is_dynamite else 1
        num = b if dyn == 0 else a
        assert num.value is not None
        return (dyn if num.value <= 4 else 1 - dyn), DYNAMITE_GOLD
    if "pink8" in specials:
        for i, (x, y) in enumerate(((a, b), (b, a))):
            if x.colour == PINK and x.rank == "8" and y.rank == "1":
                return i, PINK8_GOLD
    va, vb = a.value, b.value
    assert va is not None and vb is not None
    diff = abs(va - vb)
    if diff == 0:
        return None, 0
    higher = 0 if va > vb else 1
    return (higher if diff <= 3 else 1 - higher), diff


def beats_and_loses(
    card: Card, specials: frozenset[str] = SPECIALS
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Ranks of the other colour this card beats, and those it loses to (printed on the card)."""
    opponent = GREEN if card.colour == PINK else PINK
    beats: list[str] = []
    loses: list[str] = []
    for rival in deck(opponent):
        winner, _ = compare(card, rival, specials)
        if winner == 0:
            beats.append(rival.rank)
        elif winner == 1:
            loses.append(rival.rank)
    return tuple(beats), tuple(loses)
