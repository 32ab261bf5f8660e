"""Small helpers for learner-facing sentences, in the current language: ordinals and places,
sentences that differ for the person at the screen, lists, seats.  One place, so "3th
place", "You wins" or "You's hand" cannot come back -- in any language.

A seat called :data:`YOU` is the person at the screen.  The name stays ``"You"`` inside
the program (a key, like a seat number); it is shown as :func:`display_name`, and a
sentence about a seat comes in two whole forms, one for "you" and one for a name, chosen
by :func:`by_person` -- translators then write each as their language needs:

>>> from tabletop_widgets.core.i18n import N_, language
>>> turn = N_("Your turn."), N_("{name}'s turn.")
>>> by_person("You", *turn), by_person("Bea", *turn)
('Your turn.', "Bea's turn.")
>>> with language("fr"):
...     by_person("You", *turn), by_person("Bea", *turn), listing(["Ann", "Bo", "Cy"])
('À vous de jouer.', 'Au tour de Bea.', 'Ann, Bo et Cy')

>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22), ordinal(113)
('1st', '2nd', '3rd', '11th', '22nd', '113th')
>>> with language("fr"):
...     ordinal(1), ordinal(2)
('1er', '2e')
>>> with language("ca"):
...     ordinal(1), ordinal(2), ordinal(3), ordinal(4), ordinal(5)
('1r', '2n', '3r', '4t', '5è')
>>> with language("ko"):
...     ordinal(2), place(2)
('2번째', '2위')
>>> listing(["Ann"]), listing(["Ann", "Bo"]), listing(["Ann", "Bo", "Cy"])
('Ann', 'Ann and Bo', 'Ann, Bo and Cy')
>>> seat_label(0), display_name(YOU)
('Seat 1', 'You')

The English-only helpers below stay for code not yet translated (the games' widgets until
their translation); new code writes whole sentences with ``_()`` / ``ngettext()``:

>>> says("You", "play"), says("Bea", "play"), says("You", "pass"), says("Cal", "carry")
('You play', 'Bea plays', 'You pass', 'Cal carries')
>>> says("You", "have"), says("Bea", "have"), says("You", "are"), says("Bea", "are")
('You have', 'Bea has', 'You are', 'Bea is')
>>> possessive("You"), possessive("Bea"), possessive("Gus")
('Your', "Bea's", "Gus's")
>>> plural(1, "stick"), plural(3, "stick"), plural(0, "card")
('1 stick', '3 sticks', '0 cards')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop_widgets.core.i18n import N_, PSEUDO, _, get_language, pgettext, pseudo

__all__ = [
    "NOT_PLAYED",
    "YOU",
    "Either",
    "by_person",
    "display_name",
    "listing",
    "ordinal",
    "place",
    "plural",
    "possessive",
    "says",
    "seat_label",
]

#: The name of the one person at the screen (shown as :func:`display_name`).
YOU = "You"
#: Names given to bots, seat by seat.
BOT_NAMES = ("Ada", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal")
#: A table's label for the move it shows that was not played (the review's better move,
#: in the log of what happened): one message for every game's table.
NOT_PLAYED = N_("Not played in this game: the coach's move")

_IRREGULAR = {"have": "has", "are": "is", "do": "does", "go": "goes"}


def display_name(name: str) -> str:
    """A seat's name as the page shows it: "You" in the current language, others as typed."""
    return _("You") if name == YOU else name


def by_person(name: str, you: str, other: str, /, **params: Any) -> str:
    """The sentence ``you`` (for the person at the screen) or ``other`` (with ``{name}``),
    both English message ids marked with ``N_``, in the current language."""
    if name == YOU:
        return _(you, **params) if params else _(you)
    return _(other, name=name, **params)


def _english_ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _catalan_ordinal(n: int) -> str:
    return f"{n}{ {1: 'r', 2: 'n', 3: 'r', 4: 't'}.get(n, 'è') }"


_ORDINALS: dict[str, Callable[[int], str]] = {
    "en": _english_ordinal,
    "fr": lambda n: f"{n}er" if n == 1 else f"{n}e",
    "ca": _catalan_ordinal,
    "ko": lambda n: f"{n}번째",
    PSEUDO: lambda n: pseudo(_english_ordinal(n)),
}


def ordinal(n: int) -> str:
    """The ordinal of ``n`` in the current language: 1st, 2nd … (1er, 2e; 1r, 2n; 1번째)."""
    return _ORDINALS.get(get_language(), _english_ordinal)(n)


def place(n: int) -> str:
    """A finishing place: the ordinal, or the word the language uses for places (2위)."""
    return f"{n}위" if get_language() == "ko" else ordinal(n)


def listing(items: Sequence[str]) -> str:
    """Ann, Bo and Cy (Ann, Bo et Cy; Ann, Bo i Cy; Ann, Bo 및 Cy)."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    head = pgettext("list separator", ", ").join(items[:-1])
    return _("{first} and {last}", first=head, last=items[-1])


class Either:
    """ "A, B or C": choices in the language they are shown in -- a message parameter that
    is said again when the language changes (its items are messages or text).

    >>> from tabletop_widgets.core.i18n import _l
    >>> str(Either(["2", "4"])), str(Either(["A", "B", "C"])), str(Either(["A"]))
    ('2 or 4', 'A, B or C', 'A')
    """

    __slots__ = ("items",)

    def __init__(self, items: Sequence[Any]) -> None:
        self.items = tuple(items)

    def __str__(self) -> str:
        items = [str(i) for i in self.items]
        if len(items) <= 1:
            return "".join(items)
        head = pgettext("list separator", ", ").join(items[:-1])
        return _("{first} or {last}", first=head, last=items[-1])

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Either) and self.items == other.items

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"Either({list(self.items)!r})"


def seat_label(seat: int) -> str:
    """A seat as people count it (the engines count from 0)."""
    return _("Seat {number}", number=seat + 1)


# -- English only (for code not yet translated) -------------------------------------------


def third_person(verb: str) -> str:
    """``play`` → ``plays``, ``pass`` → ``passes``, ``carry`` → ``carries`` (English)."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def says(name: str, verb: str) -> str:
    """``name`` followed by ``verb`` agreeing with it ("You play", "Bea plays"); English."""
    return f"{name} {verb if name == YOU else third_person(verb)}"


def possessive(name: str) -> str:
    """ "Your" for You, else "Bea's" / "Gus's"; English."""
    return "Your" if name == YOU else f"{name}'s"


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``3 sticks``; ``many`` for irregular plurals; English (new code: ``ngettext``)."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


#: A bot's mark with its level, one whole message per level (the table's row of players
#: says how strong each bot is).
BOT_LEVELS = {
    "easy": N_("{name} (bot, easy)"),
    "medium": N_("{name} (bot, medium)"),
    "hard": N_("{name} (bot, hard)"),
}


def bot_mark(name: str, level: str | None = None) -> str:
    """``name`` marked as a bot, with its ``level`` when it is one of :data:`BOT_LEVELS`.

    >>> bot_mark("Rex"), bot_mark("Rex", "hard"), bot_mark("Rex", "greedy")
    ('Rex (bot)', 'Rex (bot, hard)', 'Rex (bot)')
    """
    form = BOT_LEVELS.get(level or "")
    return _(form, name=name) if form else _("{name} (bot)", name=name)


def bot_name(seat: int, level: str | None = None) -> str:
    """The name of the bot in ``seat``: ``bot_name(1)`` is ``'Bea (bot)'`` in English,
    ``bot_name(1, "hard")`` ``'Bea (bot, hard)'``."""
    return bot_mark(BOT_NAMES[seat % len(BOT_NAMES)], level)
