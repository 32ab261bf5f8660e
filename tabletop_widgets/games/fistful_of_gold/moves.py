"""Moves and their notation.

Every move names cards of its owner's colour, so a move says by itself which
seat makes it; that is what lets a history of secret, simultaneous choices
replay in plain order.

========================  ===========================================
``pink 5``                play a card in a duel (FG-3)
``discard pink 2 pink 3`` discard face down (FG-2), cards in rank order
``reclaim green 4``       take a discarded card back with the green 8 (FG-4)
========================  ===========================================

>>> parse_move("P5")
Play(card=Card(colour='pink', rank='5'))
>>> str(parse_move("discard 3, 2", colour="green"))
'discard green 2 green 3'
>>> str(parse_move("Reclaim g4"))
'reclaim green 4'
>>> try:
...     parse_move("pink 9")
... except IllegalMoveError as e:
...     print(e.rule, e.reason[:17])
notation '9' is not a card
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.games.fistful_of_gold.cards import Card, parse_cards

_HINT = "write e.g. 'pink 5', 'discard pink 2 pink 3' or 'reclaim green 4'"


@dataclass(frozen=True)
class Play:
    """Choose ``card`` for the current duel."""

    card: Card

    @property
    def seat(self) -> int:
        return self.card.seat

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Discard:
    """Discard ``cards`` face down (kept sorted, so equal discards are equal moves)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = tuple(sorted(self.cards))
        if not cards:
            raise ValueError("a discard needs at least one card")
        if len({c.colour for c in cards}) != 1:
            raise ValueError("all discarded cards must be of one colour")
        if len(set(cards)) != len(cards):
            raise ValueError("a card is named twice")
        object.__setattr__(self, "cards", cards)

    @property
    def seat(self) -> int:
        return self.cards[0].seat

    def __str__(self) -> str:
        return "discard " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True)
class Reclaim:
    """Take ``card`` back from the discards into hand (green 8)."""

    card: Card

    @property
    def seat(self) -> int:
        return self.card.seat

    def __str__(self) -> str:
        return f"reclaim {self.card}"


Move = Play | Discard | Reclaim


def parse_move(text: str, *, colour: str | None = None) -> Move:
    """Read any valid spelling of a move; ``colour`` fills in cards written without one.

    Raises IllegalMoveError with rule ``notation`` for text that is not a move.
    """
    if not isinstance(text, str):
        raise IllegalMoveError("notation", f"A move is text or a move object, not {text!r}.")
    words = text.strip().lower().split(None, 1)
    if not words:
        raise IllegalMoveError("notation", f"The move is empty; {_HINT}.")
    head, rest = words[0], (words[1] if len(words) > 1 else "")
    try:
        if head in ("discard", "discards"):
            cards = parse_cards(rest, colour)
            if not cards:
                raise ValueError("name the cards to discard")
            return Discard(tuple(cards))
        if head in ("reclaim", "take"):
            if head == "take":
                rest = rest.removeprefix("back").strip()
            return Reclaim(Card.parse(rest, colour))
        if head == "play":
            text = rest
        return Play(Card.parse(text, colour))
    except ValueError as exc:
        raise IllegalMoveError("notation", f"{exc}; {_HINT}.") from None
