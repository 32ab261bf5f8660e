"""Fixed strategies: the panel the hard bot is measured against.

Each plays a rule a person might follow, falling back to a legal card when
the rule's card is barred by the +1 rule (FG-3) or gone.  None uses chance:
they discard the cards that net the least gold against the nine opposing
cards (:func:`.bots.card_strength`), take back the one that nets the most
with the green 8, and choose their duel card by the rule alone.  Cards are
ordered 1 to 8, then Dynamite.

* ``RotationUp``: goes through its colour upwards (1, 2, ..., 8, Dynamite,
  1, ...) from the card after the one it played last, across rounds, and plays
  the first card it may.
* ``RotationDown``: the same downwards.
* ``AlwaysHighest`` / ``AlwaysLowest``: the highest / lowest card it may play.
* ``CopyLast``: the rank the opponent played last (in this round or the one
  before; the highest card to open the game), else the nearest card it may.

>>> from tabletop_widgets.games.fistful_of_gold.bots import play_match
>>> game = play_match([RotationUp(), AlwaysHighest()])
>>> str(game.history[0]), [c.rank for c in game.position.past[0][0]]   # 4 blocked after 3
('discard pink 6 pink 7', ['1', '3', '5', '8', 'D', '2'])
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_widgets.games.fistful_of_gold.cards import RANKS, Card
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Move, Reclaim
from tabletop_widgets.games.fistful_of_gold.observation import Observation

__all__ = [
    "PANEL",
    "AlwaysHighest",
    "AlwaysLowest",
    "CopyLast",
    "FixedBot",
    "RotationDown",
    "RotationUp",
    "last_cards",
]

_ORDER = {r: i for i, r in enumerate(RANKS)}


def _order(card: Card) -> int:
    return _ORDER[card.rank]


class FixedBot:
    """Shared parts: fixed discards and take-backs; the duel card by :meth:`rule`."""

    name = "fixed"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # accepted like every bot's; a fixed strategy draws nothing

    def choose(self, observation: Observation, legal: Sequence[Move]) -> Move:
        from tabletop_widgets.games.fistful_of_gold.bots import card_strength

        moves = list(legal)
        if not moves:
            raise ValueError("no legal move to choose from")
        specials = observation.options.specials
        first = moves[0]
        if isinstance(first, Discard):
            # The weakest cards go (ties: the lower card).
            return min(moves, key=lambda m: sum(card_strength(c, specials) for c in m.cards))
        if isinstance(first, Reclaim):
            return max(moves, key=lambda m: (card_strength(m.card, specials), _order(m.card)))
        by_index = {_order(m.cards[0]): m for m in moves}
        own, theirs = last_cards(observation, observation.seat)
        return by_index[self.rule(sorted(by_index), own, theirs)]

    @staticmethod
    def rule(cards: list[int], own_last: int | None, their_last: int | None) -> int:
        """The card to play among ``cards`` (legal, as indices 0-8: ranks 1-8, then
        Dynamite, in order), given the last card each side played (in this round or
        an earlier one; None before the first duel)."""
        raise NotImplementedError


def last_cards(obs: Observation, seat: int) -> tuple[int | None, int | None]:
    """The last card ``seat`` played and the last its opponent played, as indices."""
    found: list[int | None] = [None, None]
    for k, s in enumerate((seat, 1 - seat)):
        for rows in (obs.rows, *reversed(obs.past)):
            if rows[s]:
                found[k] = _order(rows[s][-1])
                break
    return found[0], found[1]


def _cycle(cards: list[int], start: int, step: int) -> int:
    for k in range(9):
        i = (start + k * step) % 9
        if i in cards:
            return i
    raise AssertionError("a duel always has a legal card")  # pragma: no cover


class RotationUp(FixedBot):
    """Through its colour upwards, from the card after the one played last."""

    name = "rotation-up"

    @staticmethod
    def rule(cards: list[int], own_last: int | None, their_last: int | None) -> int:
        return _cycle(cards, 0 if own_last is None else own_last + 1, 1)


class RotationDown(FixedBot):
    """Through its colour downwards, from the card below the one played last."""

    name = "rotation-down"

    @staticmethod
    def rule(cards: list[int], own_last: int | None, their_last: int | None) -> int:
        return _cycle(cards, 8 if own_last is None else own_last - 1, -1)


class AlwaysHighest(FixedBot):
    """The highest card it may play (Dynamite above 8)."""

    name = "always-highest"

    @staticmethod
    def rule(cards: list[int], own_last: int | None, their_last: int | None) -> int:
        return cards[-1]


class AlwaysLowest(FixedBot):
    """The lowest card it may play."""

    name = "always-lowest"

    @staticmethod
    def rule(cards: list[int], own_last: int | None, their_last: int | None) -> int:
        return cards[0]


class CopyLast(FixedBot):
    """The rank the opponent played last, else the nearest card it may play."""

    name = "copy-last"

    @staticmethod
    def rule(cards: list[int], own_last: int | None, their_last: int | None) -> int:
        if their_last is None:
            return cards[-1]
        return min(cards, key=lambda c: (abs(c - their_last), c))


#: The panel's bots by the names the registry gives them.
PANEL: dict[str, type[FixedBot]] = {
    "rotation-up": RotationUp,
    "rotation-down": RotationDown,
    "always-highest": AlwaysHighest,
    "always-lowest": AlwaysLowest,
    "copy-last": CopyLast,
}
