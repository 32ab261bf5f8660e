"""Checks of everything a page sends about a room: codes, nicknames, rejoin tokens, seats.

Input from the browser is untrusted.  Each check returns the clean value or raises
:class:`RoomError` whose text is one sentence a learner can act on; nothing has changed
then.  The sentence is a message with named parameters (as the engines' refusals are),
said in the reader's language when it is shown:

>>> room_code(" k7qx-2m ")
'K7QX2M'
>>> nickname("  Ann   Lee ")
'Ann Lee'
>>> try:
...     nickname("<b>Ann</b>")
... except RoomError as e:
...     print(e)
A nickname may hold letters, digits, spaces and - ' . _ only.
>>> seat_number(3, 3)
Traceback (most recent call last):
...
tabletop_widgets.classroom.checks.RoomError: There is no seat 4 here: the seats are 1 to 3.
>>> from tabletop_widgets.core.i18n import language
>>> try:
...     room_code("K7Q", "class")
... except RoomError as e:
...     with language("fr"):
...         print(e)
Un code de classe a 6 lettres et chiffres, sans 0, 1, I, L ni O, comme K7QX2M.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata

from tabletop_widgets.core.i18n import Message, _l

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_MOVE_TEXT",
    "MAX_NICKNAME",
    "OtherGame",
    "RoomError",
    "TurnTaken",
    "hash_token",
    "new_code",
    "new_token",
    "nickname",
    "room_code",
    "same_name",
    "seat_number",
    "token",
]

#: Room and class codes: no 0/O, 1/I/L, so a code read off the board is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_NICKNAME = 20
#: Longer than any move of the three games' notations (a five-card Tycoon play is ~40).
MAX_MOVE_TEXT = 200
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")
_NAME_PUNCTUATION = set("-'._ ")


class RoomError(ValueError):
    """A refusal about a room, a class, a seat or a nickname; nothing was changed.

    ``message`` is what the reader is told, a :class:`~tabletop_widgets.core.i18n.Message`
    (a message id and its parameters); ``str(e)`` (and ``reason``) is that sentence in the
    current language, so a page that shows the error later shows it in the page's language.
    """

    def __init__(self, message: str | Message) -> None:
        self.message = message
        super().__init__(message)

    @property
    def reason(self) -> str:
        return str(self.message)

    def __str__(self) -> str:
        return str(self.message)

    def __reduce__(self) -> tuple:
        return (type(self), (self.message,))


class TurnTaken(RoomError):
    """The move came too late: another move took its turn first (the log's uniqueness
    constraint decided); the game has been brought up to date."""


class OtherGame(RoomError):
    """The room plays another game than the page that asked for it (refused before any
    seat is claimed).  ``code`` is the room's, ``game`` the key of the game it plays: the
    page links to that game's play page with the code."""

    def __init__(self, message: str | Message, code: str, game: str) -> None:
        super().__init__(message)
        self.code, self.game = code, game

    def __reduce__(self) -> tuple:
        return (type(self), (self.message, self.code, self.game))


def new_code() -> str:
    """A fresh random room or class code (6 characters of :data:`CODE_ALPHABET`)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def room_code(text: object, what: str = "room") -> str:
    """A room or class code (``what``: ``"room"`` or ``"class"``) as typed (any case, spaces
    and dashes ignored), checked.  The refusal says what a code is made of: codes never hold
    0, 1, I, L or O (:data:`CODE_ALPHABET`), so "ABC123" is refused for its 1.

    >>> try:
    ...     room_code("abc 123")
    ... except RoomError as e:
    ...     print(e)
    A room code is 6 letters and digits without 0, 1, I, L or O, like K7QX2M.
    """
    code = re.sub(r"[\s-]", "", text).upper() if isinstance(text, str) else ""
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        if what == "class":
            why = _l(
                "A class code is {length} letters and digits without 0, 1, I, L or O, "
                "like {example}.",
                length=CODE_LENGTH,
                example="K7QX2M",
            )
        else:
            why = _l(
                "A room code is {length} letters and digits without 0, 1, I, L or O, "
                "like {example}.",
                length=CODE_LENGTH,
                example="K7QX2M",
            )
        raise RoomError(why)
    return code


def nickname(text: object) -> str:
    """A nickname: 1 to 20 letters (any alphabet), digits, spaces and ``- ' . _``, starting
    with a letter or a digit; runs of spaces become one.  No markup can get through, so a
    nickname is safe in other students' pages and in a spreadsheet."""
    if not isinstance(text, str):
        raise RoomError(_l("A nickname is a short name, like Ann or Sam 2."))
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise RoomError(_l("Type a nickname first."))
    if len(name) > MAX_NICKNAME:
        raise RoomError(_l("A nickname is at most {n} characters.", n=MAX_NICKNAME))
    if any(not (c.isalnum() or c in _NAME_PUNCTUATION) for c in name):
        raise RoomError(_l("A nickname may hold letters, digits, spaces and - ' . _ only."))
    if not name[0].isalnum():
        raise RoomError(_l("A nickname starts with a letter or a digit."))
    if name.casefold() in ("you", "your"):  # the key of the person at the screen (words.YOU)
        raise RoomError(_l("The page calls you “You”; choose another nickname."))
    return name


def same_name(a: str, b: str) -> bool:
    """True when two nicknames would look the same to a class (case does not count).

    >>> same_name("Ann", "ANN"), same_name("Ann", "Anne")
    (True, False)
    """
    return a.casefold() == b.casefold()


def new_token() -> str:
    """A rejoin token: the page keeps it in the browser; the store keeps only its hash."""
    return secrets.token_urlsafe(24)


def token(text: object) -> str:
    """A rejoin token as a page sends it back, checked for shape (not for a seat)."""
    if not isinstance(text, str) or not _TOKEN.fullmatch(text):
        raise RoomError(_l("That rejoin key is not one this app gives out; join with a nickname."))
    return text


def hash_token(text: str) -> str:
    """What the store keeps of a token (a leaked store gives no one a seat).

    >>> len(hash_token(new_token()))
    64
    """
    return hashlib.sha256(text.encode()).hexdigest()


def seat_number(seat: object, players: int) -> int:
    """A seat index (0-based, as the engines count) checked against ``players``; the
    refusal counts seats from 1, as pages do."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise RoomError(
            _l("There is no such seat here: the seats are 1 to {players}.", players=players)
        )
    if not 0 <= seat < players:
        raise RoomError(
            _l(
                "There is no seat {number} here: the seats are 1 to {players}.",
                number=seat + 1,
                players=players,
            )
        )
    return seat
