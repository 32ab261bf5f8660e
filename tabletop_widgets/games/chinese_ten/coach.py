"""The coach's words for Chinese Ten: a move named for a learner, and what it does.

The coach and the game review rank the moves; this module puts them in words
from what the seat sees, in the current language.  Every sentence is a fact of
the move and the position (tests check them against the engine): what a capture
scores; for a card laid down, which cards that could take something stay in the
hand (capturing is compulsory, CT-3), or what the card gives whoever takes it.

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

from .cards import deal_total, points
from .moves import Move

__all__ = ["move_notation", "move_words", "points_in_play", "reason"]


def move_words(move: Move) -> str:
    """The move in words, as its button on the table says it, as it reads inside a sentence
    (lower case first, like the other games': the coach's list puts the capital back).

    >>> move_words(Move.parse("2C"))
    'lay down the two of clubs'
    """
    from .widgets.table import move_words as words

    text = words(move)
    return text[:1].lower() + text[1:]


def move_notation(move: Move) -> str:
    """The move's notation, shown small after its words in the coach's hints, as the
    replay's list shows it beside the move it is on (taught on the rules page).

    >>> move_notation(Move.parse("9H x AD"))
    '9H x AD'
    """
    return str(move)


def points_in_play(obs: Any) -> tuple[int, int]:
    """All the points of the deal ``obs`` is in, and how many players share them: the scale
    the coach's expected points are read on ("expected points 74" said nothing alone).

    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> points_in_play(ChineseTen.new(players=2, seed=1).observation(0))
    (210, 2)
    """
    return deal_total(obs.scoring, obs.players), obs.players


def _partner(rank: int) -> int:
    """The rank that captures a card of ``rank`` (CT-2): the one that makes 10 with it, or
    the same rank for a 10, jack, queen or king."""
    return 10 - rank if rank < 10 else rank


def reason(obs: Any, move: Move, legal: Sequence[Move]) -> str:
    """One sentence, true of ``move`` (one of ``legal``) in ``obs.seat``'s position: what
    it takes, or what laying its card down keeps and gives away."""
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
        return _("It takes {cards}, though they score no points.", cards=cards)
    card = the_card(move.card)
    if move.stock:
        return _("The turned-up card can take nothing: it joins the layout.")
    # Capturing is compulsory (CT-3): a card laid down could take nothing, and the cards
    # of the hand that could take something stay there.
    takers = list(dict.fromkeys(m.card for m in legal if m.captures and not m.stock))
    if takers:
        return ngettext(
            "It lays down {card} and takes nothing now: {kept}, which could take a card, "
            "stays in your hand for a later turn.",
            "It lays down {card} and takes nothing now: {kept}, which could take cards, "
            "stay in your hand for a later turn.",
            len(takers),
            card=card,
            kept=listing([the_card(c) for c in takers]),
        )
    n = worth([move.card])
    if n == min(worth([m.card]) for m in legal):
        if not n:
            return _(
                "None of your cards can take anything: {card} scores no points for whoever "
                "takes it.",
                card=card,
            )
        return ngettext(
            "None of your cards can take anything: {card} is worth only {n} point to "
            "whoever takes it, the fewest of your cards.",
            "None of your cards can take anything: {card} is worth only {n} points to "
            "whoever takes it, the fewest of your cards.",
            n,
            card=card,
        )
    partner = _partner(move.card.rank)
    seen = sum(c.rank == partner for c in obs.hand if c != move.card)
    seen += sum(c.rank == partner for pile in obs.captured for c in pile)
    if seen:
        return ngettext(
            "None of your cards can take anything: of the cards that could take {card}, "
            "{n} is in your hand or already captured.",
            "None of your cards can take anything: of the cards that could take {card}, "
            "{n} are in your hand or already captured.",
            seen,
            card=card,
        )
    return ngettext(
        "None of your cards can take anything: it lays down {card}, worth {n} point to "
        "whoever takes it.",
        "None of your cards can take anything: it lays down {card}, worth {n} points to "
        "whoever takes it.",
        n,
        card=card,
    )
