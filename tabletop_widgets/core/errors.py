"""The error types every engine raises.

All are ``ValueError`` subclasses, so callers that only care about "bad
input" can catch ``ValueError``; callers that teach can read the rule id or
the field.

>>> e = IllegalMoveError("MT-5", "The table holds a pair, so you must play 2 cards.")
>>> str(e)
'The table holds a pair, so you must play 2 cards. (MT-5)'
>>> e.rule
'MT-5'

Text that is not a move at all is a :class:`NotationError`, a kind of
illegal move (python-chess separates ``InvalidMoveError`` from illegal moves
the same way):

>>> isinstance(NotationError("'7Z' is not a card."), IllegalMoveError)
True
>>> NotationError("'7Z' is not a card.").rule
'notation'

An engine says *which* message with a message id and its parameters (a
:class:`~tabletop_widgets.core.i18n.Message`), so the page shows the refusal in the
reader's language; the rule id and the move notation stay as they are:

>>> from tabletop_widgets.core.i18n import _l, language
>>> e = IllegalMoveError("MT-5", _l("It is not your turn."))
>>> str(e), e.rule, e.message
('It is not your turn. (MT-5)', 'MT-5', Message('It is not your turn.'))
>>> with language("fr"):
...     str(e), e.reason
('Ce n’est pas votre tour. (MT-5)', 'Ce n’est pas votre tour.')
"""

from __future__ import annotations

from .i18n import Message


class IllegalMoveError(ValueError):
    """A move the rules refuse. ``rule`` is the rule id (``MT-5``, ``CT-2``, ``FG-3``)
    or ``notation`` for text that is not a move at all; ``message`` is what the learner
    reads, a :class:`~tabletop_widgets.core.i18n.Message` (or, from older call sites, plain
    English text); ``reason`` is that sentence in the current language, without the rule id.
    """

    def __init__(self, rule: str, reason: str | Message) -> None:
        self.rule = rule
        self.message = reason
        super().__init__(rule, reason)

    @property
    def reason(self) -> str:
        """Why the move is refused, in the current language, without the rule id."""
        return str(self.message)

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


class NotationError(IllegalMoveError):
    """Text (or a value) that is not a move of the game at all, whatever the position."""

    def __init__(self, reason: str | Message) -> None:
        super().__init__("notation", reason)

    def __reduce__(self) -> tuple:
        return (type(self), (self.message,))


class PositionError(ValueError):
    """A position (JSON) that is malformed or could not arise in a game.
    ``field`` names the bad field, e.g. ``hands[2][0]``; ``message`` / ``reason`` as for
    :class:`IllegalMoveError`."""

    def __init__(self, field: str, reason: str | Message) -> None:
        self.field = field
        self.message = reason
        super().__init__(field, reason)

    @property
    def reason(self) -> str:
        """What is wrong with the field, in the current language, without its name."""
        return str(self.message)

    def __str__(self) -> str:
        return f"{self.field}: {self.reason}"


class RecordError(PositionError):
    """A game record (JSON) that is malformed or does not replay; ``field`` is its path
    in the record, e.g. ``moves[12]`` or ``start.sticks[1]``."""


def key_name(key: object, limit: int = 40) -> str:
    """How an error names an unexpected key: the key itself, or its repr when it is
    empty, blank or not text, so the named field is never an empty string.

    >>> key_name("extra"), key_name(""), key_name(3)
    ('extra', "''", '3')
    """
    text = key if isinstance(key, str) else repr(key)
    return text[:limit] if text.strip() else repr(key)


def shown(value: object, limit: int = 40) -> str:
    """A value as an error message quotes it: its repr, cut to ``limit`` characters.

    >>> shown("x" * 60)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
