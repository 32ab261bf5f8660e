"""The coach's words for Chinese Ten: a move named for a learner, and why it is good.

The coach and the game review rank the moves; this module puts them in words
from what the seat sees, in the current language: what a capture scores, or why
laying a card down is the best there is.

>>> from tabletop_widgets.games.chinese_ten import ChineseTen
>>> from tabletop_widgets.games.chinese_ten.moves import Move
>>> g = ChineseTen.new(players=2, seed=3, target=None)
>>> obs = g.observation(g.to_move)
>>> reason(obs, Move.parse("9H x AD"), g.legal_moves())
'It takes the nine of hearts and the ace of diamonds: 30 points.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop_widgets.core.i18n import _, ngettext

from .cards import points
from .moves import Move

__all__ = ["move_words", "reason"]


def move_words(move: Move) -> str:
    """The move in words, as its button on the table says it."""
    from .widgets.table import move_words as words

    return words(move)


def reason(obs: Any, move: Move, legal: Sequence[Move]) -> str:
    """One sentence: why ``move`` (one of ``legal``) is good for ``obs.seat`` now."""
    from .names import listing, the_card

    def worth(cards: Sequence[Any]) -> int:
        return sum(points(c, obs.scoring, obs.players) for c in cards)

    if move.captures:
        taken = move.cards
        n = worth(taken)
        cards = listing([the_card(c) for c in taken])
        if n:
            return ngettext(
                "It takes {cards}: {n} point.", "It takes {cards}: {n} points.", n, cards=cards
            )
        return _("It takes {cards}: no points, but fewer cards left for the others.", cards=cards)
    captures = [m for m in legal if m.captures]
    if not captures:
        lowest = min(worth([m.card]) for m in legal)
        if worth([move.card]) == lowest:
            return _("Nothing can be taken: it lays down the card worth least to the others.")
        return _("Nothing can be taken: it lays down a card the others will find hard to take.")
    return _("It takes nothing now, so that the next player cannot take more.")
