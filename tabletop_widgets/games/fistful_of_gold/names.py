"""A Fistful of Gold's cards in words, in the reader's language, for sentences.

``pink 5`` is the move notation (the log, saved records, the sandbox's text boxes); a
sentence names the card in the reader's words.  Each card is one message, so each
language writes its own article, word order and agreement; English keeps the notation:

>>> from tabletop_widgets.core.i18n import _l, language
>>> from .cards import Card
>>> five, dyn, one = Card("pink", "5"), Card("green", "D"), Card("green", "1")
>>> str(the_card(five)), str(the_card(dyn))
('pink 5', 'green dynamite')
>>> with language("fr"):
...     str(the_card(five)), str(the_card(dyn))
('le 5 rose', 'la Dynamite verte')
>>> with language("ca"):
...     str(the_card(one)), str(the_card(dyn))
('l’1 verd', 'la Dinamita verda')
>>> with language("ko"):
...     str(the_card(five))
'분홍 5'

A picture's title or a screen reader's name is a label, without article:

>>> with language("fr"):
...     card_label(five), card_label(dyn)
('5 rose', 'Dynamite verte')

A translated sentence may start with a card ("Le 5 rose …"): :func:`sentence` gives it a
capital there; English starts with the notation and stays as it is.  :func:`listing`
joins cards in the language the list is shown in:

>>> m = sentence(_l("{card} is not in your hand.", card=the_card(five)))
>>> str(m), m.render("fr")
('pink 5 is not in your hand.', 'Le 5 rose n’est pas dans votre main.')
>>> two = listing([the_card(five), the_card(Card("pink", "2"))])
>>> str(two), two.render("fr")
('pink 5 and pink 2', 'le 5 rose et le 2 rose')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tabletop_widgets.core.i18n import (
    N_,
    NC_,
    SOURCE,
    Message,
    _l,
    get_language,
    normalize,
    pgettext,
)

if TYPE_CHECKING:
    from .cards import Card

__all__ = ["Listing", "Sentence", "card_label", "listing", "sentence", "the_card"]

#: Every card as a sentence names it (the English is the notation).
THE = {
    # Translators: a card named inside a sentence ("green has chosen pink 5"), with
    # the article your sentences need; pink/green as in the glossary.
    ("pink", "1"): N_("pink 1"),
    ("pink", "2"): N_("pink 2"),
    ("pink", "3"): N_("pink 3"),
    ("pink", "4"): N_("pink 4"),
    ("pink", "5"): N_("pink 5"),
    ("pink", "6"): N_("pink 6"),
    ("pink", "7"): N_("pink 7"),
    ("pink", "8"): N_("pink 8"),
    # Translators: the pink Dynamite named inside a sentence, with its article.
    ("pink", "D"): N_("pink dynamite"),
    # Translators: a card named inside a sentence ("pink has chosen green 5"), with
    # the article your sentences need; pink/green as in the glossary.
    ("green", "1"): N_("green 1"),
    ("green", "2"): N_("green 2"),
    ("green", "3"): N_("green 3"),
    ("green", "4"): N_("green 4"),
    ("green", "5"): N_("green 5"),
    ("green", "6"): N_("green 6"),
    ("green", "7"): N_("green 7"),
    ("green", "8"): N_("green 8"),
    # Translators: the green Dynamite named inside a sentence, with its article.
    ("green", "D"): N_("green dynamite"),
}


#: Every card as a label names it, alone (a picture's title, a screen reader's name):
#: no article; the English is the notation.
LABELS = {
    ("pink", "1"): NC_("card label", "pink 1"),
    ("pink", "2"): NC_("card label", "pink 2"),
    ("pink", "3"): NC_("card label", "pink 3"),
    ("pink", "4"): NC_("card label", "pink 4"),
    ("pink", "5"): NC_("card label", "pink 5"),
    ("pink", "6"): NC_("card label", "pink 6"),
    ("pink", "7"): NC_("card label", "pink 7"),
    ("pink", "8"): NC_("card label", "pink 8"),
    ("pink", "D"): NC_("card label", "pink dynamite"),
    ("green", "1"): NC_("card label", "green 1"),
    ("green", "2"): NC_("card label", "green 2"),
    ("green", "3"): NC_("card label", "green 3"),
    ("green", "4"): NC_("card label", "green 4"),
    ("green", "5"): NC_("card label", "green 5"),
    ("green", "6"): NC_("card label", "green 6"),
    ("green", "7"): NC_("card label", "green 7"),
    ("green", "8"): NC_("card label", "green 8"),
    ("green", "D"): NC_("card label", "green dynamite"),
}


def card_label(card: Card) -> str:
    """The card as a label names it, in the current language: ``pink 5``, "5 rose", "분홍 5"."""
    return pgettext(*LABELS[(card.colour, card.rank)])


def the_card(card: Card) -> Message:
    """The card as a sentence names it: ``pink 5``, "le 5 rose", "분홍 5"."""
    return _l(THE[(card.colour, card.rank)])


class Sentence(Message):
    """A message shown as a sentence: a translation starts with a capital even where it
    starts with a card ("le 5 rose …"); English starts with the notation, kept as it is."""

    __slots__ = ()

    def render(self, lang: str | None = None) -> str:
        text = super().render(lang)
        code = get_language() if lang is None else (normalize(lang) or SOURCE)
        return text if code == SOURCE else text[:1].upper() + text[1:]

    def __reduce__(self) -> tuple:
        return (_rebuild, (type(self), self.msgid, self._kwargs()))

    def _kwargs(self) -> dict[str, Any]:
        params = dict(self.params)
        if self.plural is not None or self.n is not None:
            params.pop("n", None)  # Message puts the count back in
        return dict(params, plural=self.plural, n=self.n, context=self.context)


def sentence(message: Message) -> Sentence:
    """``message`` as a :class:`Sentence` (same id and parameters)."""
    return Sentence(message.msgid, **Sentence._kwargs(message))  # type: ignore[arg-type]


_AND = N_("{first} and {last}")


class Listing(Message):
    """Cards (or other messages) joined as a list in the language the list is shown in."""

    __slots__ = ()

    def __init__(self, items: Iterable[Message | str]) -> None:
        super().__init__(_AND, items=tuple(items))

    def render(self, lang: str | None = None) -> str:
        items = [i.render(lang) if isinstance(i, Message) else str(i) for i in self.params["items"]]
        if len(items) <= 1:
            return "".join(items)
        sep = Message(", ", context="list separator").render(lang)
        return Message(self.msgid, first=sep.join(items[:-1]), last=items[-1]).render(lang)

    def __reduce__(self) -> tuple:
        return (Listing, (self.params["items"],))


def listing(items: Iterable[Message | str]) -> Listing:
    """The items as one list: "pink 1 and pink 2", "le 1 rose et le 2 rose"."""
    return Listing(items)


def _rebuild(kind: type, msgid: str, kwargs: dict[str, Any]) -> Message:
    return kind(msgid, **kwargs)
