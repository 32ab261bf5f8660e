"""Chinese Ten's cards in words, in the reader's language: names for sentences and labels.

Refusals, the table's sentences and the pictures' titles name cards in words, never in
the notation (``7H`` is taught on the rules page).  Each rank's words are one message with
the suit as a parameter, so each language writes its own article and word order:

>>> from tabletop_widgets.core.i18n import language
>>> from .cards import Card
>>> seven = Card.parse("7H")
>>> str(card_name(seven)), str(the_card(seven)), str(a_rank(3)), str(another(13))
('seven of hearts', 'the seven of hearts', 'a three', 'another king')
>>> with language("fr"):
...     str(the_card(seven)), str(the_card(Card.parse("QS"))), str(the_card(Card.parse("AC")))
('le sept de cœur', 'la dame de pique', 'l’as de trèfle')
>>> with language("ko"):
...     str(the_card(seven))
'하트 7'

A sentence may start with a card ("The seven of hearts …"): :func:`sentence` makes a
message whose first letter is a capital in every language, wherever the translation puts
the card.  Lists of cards are messages too, joined in the language they are shown in:

>>> from tabletop_widgets.core.i18n import _l
>>> cards = [Card.parse(t) for t in ("KS", "KD", "KC")]
>>> str(sentence(_l("{cards} is not in the layout.", cards=listing(map(the_card, cards)))))
'The king of spades, the king of diamonds and the king of clubs is not in the layout.'
>>> with language("ca"):
...     str(listing([the_card(seven), the_card(cards[0])], "or"))
'el set de cors o el rei de piques'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tabletop_widgets.core.i18n import N_, Message, _l

if TYPE_CHECKING:
    from .cards import Card

__all__ = [
    "Listing",
    "Sentence",
    "a_rank",
    "another",
    "card_name",
    "listing",
    "sentence",
    "suit_name",
    "the_card",
]

#: A suit as a card's name says it ("the seven of *hearts*").
SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}

#: A card's name without an article: labels, titles, what a screen reader reads.
NAMES = {
    1: N_("ace of {suit}"),
    2: N_("two of {suit}"),
    3: N_("three of {suit}"),
    4: N_("four of {suit}"),
    5: N_("five of {suit}"),
    6: N_("six of {suit}"),
    7: N_("seven of {suit}"),
    8: N_("eight of {suit}"),
    9: N_("nine of {suit}"),
    10: N_("ten of {suit}"),
    11: N_("jack of {suit}"),
    12: N_("queen of {suit}"),
    13: N_("king of {suit}"),
}
#: A card as a sentence names it ("you play *the seven of hearts*").
THE = {
    1: N_("the ace of {suit}"),
    2: N_("the two of {suit}"),
    3: N_("the three of {suit}"),
    4: N_("the four of {suit}"),
    5: N_("the five of {suit}"),
    6: N_("the six of {suit}"),
    7: N_("the seven of {suit}"),
    8: N_("the eight of {suit}"),
    9: N_("the nine of {suit}"),
    10: N_("the ten of {suit}"),
    11: N_("the jack of {suit}"),
    12: N_("the queen of {suit}"),
    13: N_("the king of {suit}"),
}
#: Any card of a rank ("it captures only *a three*").
A_RANK = {
    1: N_("an ace"),
    2: N_("a two"),
    3: N_("a three"),
    4: N_("a four"),
    5: N_("a five"),
    6: N_("a six"),
    7: N_("a seven"),
    8: N_("an eight"),
    9: N_("a nine"),
    10: N_("a ten"),
    11: N_("a jack"),
    12: N_("a queen"),
    13: N_("a king"),
}
#: Another card of the rank: a 10 or a court card captures only its own rank (CT-2).
ANOTHER = {
    10: N_("another ten"),
    11: N_("another jack"),
    12: N_("another queen"),
    13: N_("another king"),
}


def suit_name(suit: str) -> Message:
    """The suit as a card's name says it (``S H D C``)."""
    return _l(SUIT_WORDS[suit])


def card_name(card: Card) -> Message:
    """``seven of hearts``: the card without an article (labels, titles)."""
    return _l(NAMES[card.rank], suit=suit_name(card.suit))


def the_card(card: Card) -> Message:
    """``the seven of hearts``: the card as a sentence names it."""
    return _l(THE[card.rank], suit=suit_name(card.suit))


def a_rank(rank: int) -> Message:
    """``a three``: any card of ``rank`` (1 ace … 13 king)."""
    return _l(A_RANK[rank])


def another(rank: int) -> Message:
    """``another king``: one more card of ``rank`` (10 to king)."""
    return _l(ANOTHER[rank])


class Sentence(Message):
    """A message shown as a sentence: its first letter a capital, in every language (a
    translation may start with a card's name, "le sept de cœur …")."""

    __slots__ = ()

    def render(self, lang: str | None = None) -> str:
        text = super().render(lang)
        return text[:1].upper() + text[1:]

    def __reduce__(self) -> tuple:
        return (_rebuild, (type(self), self.msgid, self._kwargs()))

    def _kwargs(self) -> dict[str, Any]:
        params = dict(self.params)
        if self.plural is not None or self.n is not None:
            params.pop("n", None)  # Message puts the count back in
        return dict(params, plural=self.plural, n=self.n, context=self.context)


def sentence(message: Message) -> Sentence:
    """``message`` as a :class:`Sentence` (same id and parameters).

    >>> from tabletop_widgets.core.i18n import _nl
    >>> m = sentence(_nl("{card} and {n} more.", "{card} and {n} more.", 2, card="the ace"))
    >>> str(m), m.msgid, m == _nl("{card} and {n} more.", "{card} and {n} more.", 2, card="the ace")
    ('The ace and 2 more.', '{card} and {n} more.', True)
    """
    return Sentence(message.msgid, **Sentence._kwargs(message))  # type: ignore[arg-type]


#: How the last item of a list joins the others.
_JOINS = {"and": N_("{first} and {last}"), "or": N_("{first} or {last}")}


class Listing(Message):
    """Items (messages or text) joined as a list in the language the list is shown in:
    "A, B and C" ("A, B et C", "A, B 및 C"); ``join`` is ``and`` or ``or``."""

    __slots__ = ()

    def __init__(self, items: Iterable[Message | str], join: str = "and") -> None:
        super().__init__(_JOINS[join], items=tuple(items))

    def render(self, lang: str | None = None) -> str:
        items = [i.render(lang) if isinstance(i, Message) else str(i) for i in self.params["items"]]
        if len(items) <= 1:
            return "".join(items)
        sep = Message(", ", context="list separator").render(lang)
        return Message(self.msgid, first=sep.join(items[:-1]), last=items[-1]).render(lang)

    def __reduce__(self) -> tuple:
        join = "or" if self.msgid == _JOINS["or"] else "and"
        return (Listing, (self.params["items"], join))


def listing(items: Iterable[Message | str], join: str = "and") -> Listing:
    """The items as one list, joined with ``and`` or ``or``."""
    return Listing(items, join)


def _rebuild(kind: type, msgid: str, kwargs: dict[str, Any]) -> Message:
    return kind(msgid, **kwargs)
