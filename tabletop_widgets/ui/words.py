"""Small helpers for learner-facing sentences: ordinals, verbs after a name, possessives,
plurals, lists.  One place, so "3th place", "You wins" or "You's hand" cannot come back.

A seat called "You" is the person at the screen: it takes the verb without -s
and "Your" as its possessive.

>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22), ordinal(113)
('1st', '2nd', '3rd', '11th', '22nd', '113th')
>>> says("You", "play"), says("Bea", "play"), says("You", "pass"), says("Cal", "carry")
('You play', 'Bea plays', 'You pass', 'Cal carries')
>>> says("You", "have"), says("Bea", "have"), says("You", "are"), says("Bea", "are")
('You have', 'Bea has', 'You are', 'Bea is')
>>> possessive("You"), possessive("Bea"), possessive("Gus")
('Your', "Bea's", "Gus's")
>>> plural(1, "stick"), plural(3, "stick"), plural(0, "card")
('1 stick', '3 sticks', '0 cards')
>>> listing(["Ann"]), listing(["Ann", "Bo"]), listing(["Ann", "Bo", "Cy"])
('Ann', 'Ann and Bo', 'Ann, Bo and Cy')
>>> seat_label(0)
'Seat 1'
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "BOT_NAMES",
    "YOU",
    "bot_name",
    "listing",
    "ordinal",
    "plural",
    "possessive",
    "says",
    "seat_label",
]

#: The name of the one person at the screen.
YOU = "You"
#: Names given to bots, seat by seat.
BOT_NAMES = ("Ada", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal")

_IRREGULAR = {"have": "has", "are": "is", "do": "does", "go": "goes"}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def third_person(verb: str) -> str:
    """``play`` → ``plays``, ``pass`` → ``passes``, ``carry`` → ``carries``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def says(name: str, verb: str) -> str:
    """``name`` followed by ``verb`` agreeing with it ("You play", "Bea plays")."""
    return f"{name} {verb if name == YOU else third_person(verb)}"


def possessive(name: str) -> str:
    """ "Your" for You, else "Bea's" / "Gus's"."""
    return "Your" if name == YOU else f"{name}'s"


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``3 sticks``; ``many`` for irregular plurals."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def listing(items: Sequence[str]) -> str:
    """Ann, Bo and Cy."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def bot_name(seat: int) -> str:
    """The name of the bot in ``seat``: ``bot_name(1)`` is ``'Bea (bot)'``."""
    return f"{BOT_NAMES[seat % len(BOT_NAMES)]} (bot)"


def seat_label(seat: int) -> str:
    """A seat as people count it (the engines count from 0)."""
    return f"Seat {seat + 1}"
