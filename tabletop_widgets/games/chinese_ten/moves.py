"""Moves of Chinese Ten and their notation.

A move is a decision of the player to move:

* ``7H`` — play 7H from hand; it captures nothing and joins the layout.
* ``7H x 3S`` — play 7H from hand and capture 3S from the layout.
* ``KH x KS KC KD`` — the fourth king takes the three kings of the first layout (CT-4).
* ``stock 5H x 5S`` — 5H was turned up from the stock and could take several
  layout cards: the same player chooses 5S.  (When the stock card has at most
  one capture, turning it up is automatic and is not a move.)

:meth:`Move.parse` is forgiving about case, spaces and ``10`` for ``T``; ``str`` is
canonical.  Text (or any other value) that is not a move raises
:class:`~tabletop_widgets.core.errors.NotationError`.

>>> m = Move.parse("7h X 3s")
>>> m, str(m)
(Move('7H x 3S'), '7H x 3S')
>>> str(Move.parse("stock: 5h x 5s"))
'stock 5H x 5S'
>>> str(Move.parse("10H"))
'TH'
>>> m == "7H x 3S"  # a move is never equal to its text
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tabletop_widgets.core.errors import NotationError
from tabletop_widgets.core.i18n import _l

from .cards import Card, CardError, _shorten

__all__ = ["Move"]

_STOCK = re.compile(r"^\s*(?:stock|s)\s*:?\s*", re.IGNORECASE)
_CAPTURE = re.compile(r"\s*[xX×]\s*")
_LIST = re.compile(r"[\s,+&]+")


@dataclass(frozen=True)
class Move:
    """Play ``card`` (from hand, or turned up from the stock if ``stock``), capturing
    ``captures`` (empty: the card joins the layout).  Captures are kept sorted."""

    card: Card
    captures: tuple[Card, ...] = ()
    stock: bool = False

    def __post_init__(self) -> None:
        # Accept card text for convenience (Move("7H", ("3S",))); refuse anything else.
        try:
            card = self.card if isinstance(self.card, Card) else Card.parse(self.card)
            caps = [c if isinstance(c, Card) else Card.parse(c) for c in self.captures]
        except (CardError, TypeError):
            raise NotationError(
                _l("A move is made of cards like {example}.", example="7H")
            ) from None
        object.__setattr__(self, "card", card)
        # Canonical order so that equal moves compare and hash equal.
        object.__setattr__(self, "captures", tuple(sorted(caps)))
        object.__setattr__(self, "stock", bool(self.stock))

    def __str__(self) -> str:
        text = ("stock " if self.stock else "") + str(self.card)
        if self.captures:
            text += " x " + " ".join(str(c) for c in self.captures)
        return text

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the move puts in the captured pile (empty if it captures nothing)."""
        return (self.card, *self.captures) if self.captures else ()

    def _repr_svg_(self) -> str:
        from .render import move_svg

        return move_svg(self)

    @classmethod
    def parse(cls, text: Any) -> Move:
        """Read a move in any valid spelling (a Move is returned as it is).

        >>> Move.parse("kh x ks, kc, kd").captures
        (Card('KS'), Card('KD'), Card('KC'))
        >>> try:
        ...     Move.parse("7H takes 3S")
        ... except NotationError as e:
        ...     print(e.rule)
        notation
        """
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise NotationError(
                _l(
                    "A move is text like {example}, not {kind}.",
                    example="'7H x 3S'",
                    kind=type(text).__name__,
                )
            )
        move = _read(text)
        if move is None:
            raise NotationError(
                _l(
                    "{text} is not a move; write a card like {card}, a capture like {capture}, "
                    "or a stock choice like {stock}.",
                    text=repr(_shorten(text)),
                    card="7H",
                    capture="7H x 3S",
                    stock="stock 5H x 5S",
                )
            )
        return move


def _read(text: str) -> Move | None:
    stock = False
    m = _STOCK.match(text)
    # No card starts with "s" (cards start with their rank), so the prefix is unambiguous.
    if m:
        stock, text = True, text[m.end() :]
    parts = _CAPTURE.split(text.strip())
    try:
        if len(parts) == 1 and parts[0]:
            return Move(Card.parse(parts[0]), (), stock)
        if len(parts) == 2 and parts[0] and parts[1]:
            caps = [Card.parse(t) for t in _LIST.split(parts[1].strip()) if t]
            if caps and len(set(caps)) == len(caps):
                return Move(Card.parse(parts[0]), tuple(caps), stock)
    except CardError:
        pass
    return None


def twin_key(observation: Any, move: Move) -> tuple:
    """What ``move`` is to the rules: no rule looks at a card's suit except through its
    points (captures go by rank, CT-2; scoring by rank and colour, CT-5), so two moves with
    the same key are one move -- laying down the two of hearts or the two of diamonds.
    The coach and the review rank one of such twins (``GameInfo.twins``).

    >>> from types import SimpleNamespace
    >>> seen = SimpleNamespace(scoring="standard", players=2)
    >>> twin_key(seen, Move.parse("2H")) == twin_key(seen, Move.parse("2D"))
    True
    >>> twin_key(seen, Move.parse("2H")) == twin_key(seen, Move.parse("2S"))  # red scores
    False
    """
    from .cards import point_table

    worth = point_table(observation.scoring, observation.players)

    def card(c: Card) -> tuple[int, int]:
        return c.rank, worth[c.rank, c.suit]

    return move.stock, card(move.card), tuple(sorted(card(c) for c in move.captures))
