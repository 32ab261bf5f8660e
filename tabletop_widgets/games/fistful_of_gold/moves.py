"""Moves and their notation.

Every move names cards of its owner's colour, so a move says by itself which
seat makes it; that is what lets a history of secret, simultaneous choices
replay in plain order.

========================  ===========================================
``pink 5``                play a card in a duel (FG-3)
``discard pink 2 pink 3`` discard face down (FG-2), cards in rank order
``reclaim green 4``       take a discarded card back with the green 8 (FG-4)
========================  ===========================================

>>> Move.parse("P5")
Play(card=Card(colour='pink', rank='5'))
>>> str(Move.parse("discard 3, 2", colour="green"))
'discard green 2 green 3'
>>> str(Move.parse("Reclaim g4")), Move.parse("g4").seat
('reclaim green 4', 1)
>>> try:
...     Move.parse("pink 9")
... except NotationError as e:
...     print(e.rule, e.reason[:17])
notation '9' is not a card
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from tabletop_widgets.core.errors import NotationError, shown
from tabletop_widgets.core.i18n import Message, _l
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, Card, parse_cards

__all__ = ["Discard", "Move", "Play", "Reclaim"]

_EXAMPLES = {
    "play": "'pink 5'",
    "discard": "'discard pink 2 pink 3'",
    "reclaim": "'reclaim green 4'",
}
M = TypeVar("M", bound="Move")


class Move:
    """A move: :class:`Play`, :class:`Discard` or :class:`Reclaim` (frozen, hashable values).

    ``str(move)`` is the canonical notation; :meth:`parse` reads any valid
    spelling.  A move never equals its text.
    """

    __slots__ = ()
    #: The cards the move names, all of its owner's colour (a field or property of each kind).
    cards: tuple[Card, ...]

    @property
    def seat(self) -> int:
        """The seat that makes the move: the owner of its colour (pink 0, green 1)."""
        return self.cards[0].seat

    @property
    def colour(self) -> str:
        """The mover's colour: ``"pink"`` (seat 0) or ``"green"`` (seat 1)."""
        return COLOURS[self.seat]

    @classmethod
    def parse(cls: type[M], text: Any, colour: str | None = None) -> M:
        """Read any valid spelling of a move; ``colour`` fills in cards written without one.

        Called on a subclass (``Play.parse``) it reads only that kind of move.
        Raises :class:`~tabletop_widgets.core.errors.NotationError` for anything
        that is not a move.
        """
        move = text if isinstance(text, Move) else _read(text, colour)
        if not isinstance(move, cls):
            raise NotationError(
                _l(
                    "{move} is not a move of this kind; write e.g. {example}.",
                    move=shown(str(move)),
                    example=_EXAMPLES.get(cls.__name__.lower(), _EXAMPLES["play"]),
                )
            )
        return move

    def _repr_svg_(self) -> str:
        from tabletop_widgets.games.fistful_of_gold.render import row_svg

        return row_svg(list(self.cards))


@dataclass(frozen=True)
class Play(Move):
    """Choose ``card`` for the current duel."""

    card: Card

    @property
    def cards(self) -> tuple[Card, ...]:
        """``(card,)``: every kind of move has ``cards``."""
        return (self.card,)

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Discard(Move):
    """Discard ``cards`` face down (kept sorted, so equal discards are equal moves)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = tuple(sorted(self.cards))
        if not cards:
            raise ValueError(_l("a discard needs at least one card"))
        if len({c.colour for c in cards}) != 1:
            raise ValueError(_l("all discarded cards must be of one colour"))
        if len(set(cards)) != len(cards):
            raise ValueError(_l("a card is named twice"))
        object.__setattr__(self, "cards", cards)

    def __str__(self) -> str:
        return "discard " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True)
class Reclaim(Move):
    """Take ``card`` back from the discards into hand (green 8)."""

    card: Card

    @property
    def cards(self) -> tuple[Card, ...]:
        """``(card,)``: every kind of move has ``cards``."""
        return (self.card,)

    def __str__(self) -> str:
        return f"reclaim {self.card}"


def _read(text: Any, colour: str | None) -> Move:
    if not isinstance(text, str):
        raise NotationError(
            _l(
                "A move is text such as {example}, not {kind}.",
                example=_EXAMPLES["play"],
                kind=type(text).__name__,
            )
        )
    words = text.strip().lower().split(None, 1)
    if not words:
        raise NotationError(_l("The move is empty; {hint}.", hint=_hint()))
    head, rest = words[0], (words[1] if len(words) > 1 else "")
    try:
        if head in ("discard", "discards"):
            cards = parse_cards(rest, colour)
            if not cards:
                raise ValueError(_l("name the cards to discard"))
            return Discard(tuple(cards))
        if head in ("reclaim", "take"):
            if head == "take":
                rest = rest.removeprefix("back").strip()
            return Reclaim(Card.parse(rest, colour))
        return Play(Card.parse(rest if head == "play" else text, colour))
    except ValueError as exc:
        problem = exc.args[0] if exc.args else str(exc)
        raise NotationError(_l("{problem}; {hint}.", problem=problem, hint=_hint())) from None


def _hint() -> Message:
    return _l(
        "write e.g. {play}, {discard} or {reclaim}",
        play=_EXAMPLES["play"],
        discard=_EXAMPLES["discard"],
        reclaim=_EXAMPLES["reclaim"],
    )
