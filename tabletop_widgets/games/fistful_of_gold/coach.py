"""The coach for A Fistful of Gold: how it ranks moves, names them and says why.

Duels are chosen at once and in secret, so the best play is often a *mix*: the
hard bot's plan of the round (:meth:`~.hard_bot.HardBot.duel_values`) gives each
card its chance to win the game when the opponent answers as the plan expects --
the cards the plan plays are all worth the same (any of them is a good move),
the others less.  The coach and the game review read that plan through
:func:`analyse`; discards and the green 8's take-back, which are not duels, are
ranked by the shared search (playouts on new deals of the hidden cards).

>>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
>>> g = FistfulOfGold.new(seed=3)
>>> for seat in (0, 1):
...     _ = g.play(g.legal_moves(seat)[0], seat)
>>> report = next(analyse(g, 0))
>>> report.measure, report.best.move in g.legal_moves(0)
('win', True)
>>> move_words(report.best.move).startswith("your ")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from tabletop_widgets.core.i18n import _
from tabletop_widgets.core.move_values import ExactRanking

from .cards import Card, rank_words
from .moves import Discard, Move, Play, Reclaim

__all__ = ["DISCARD_BUDGET", "analyse", "move_words", "reason"]

#: Most work the search spends ranking discards or a take-back (its playouts are slow).
DISCARD_BUDGET = 4000


def _ranks(cards: Sequence[Card]) -> str:
    from tabletop_widgets.ui.words import listing

    return listing([str(rank_words(c)) for c in cards])


def move_words(move: Move) -> str:
    """The move in words: ``your 5``, ``discard your 2 and 3``, ``take back your 4``."""
    if isinstance(move, Play):
        return _("your {card}", card=str(rank_words(move.card)))
    if isinstance(move, Discard):
        return _("discard your {cards}", cards=_ranks(move.cards))
    return _("take back your {card}", card=str(rank_words(move.cards[0])))


def _seen_theirs(obs: Any) -> set[str]:
    """The ranks the opponent has played in this round (they cannot play them again)."""
    return {c.rank for c in obs.rows[1 - obs.seat] if c is not None}


def reason(obs: Any, move: Move, legal: Sequence[Move]) -> str:
    """One sentence: why ``move`` is good for ``obs.seat`` now."""
    if isinstance(move, Discard):
        return _("It keeps the cards worth most in the rounds to come.")
    if isinstance(move, Reclaim):
        return _("It takes back the card that helps you most from now on.")
    card = move.card
    if card.rank == "6" and obs.pot > 0 and "6" not in _seen_theirs(obs):
        return _("Played before your opponent's 6, your 6 takes the tie pot: {n} gold.", n=obs.pot)
    plays = [m for m in legal if isinstance(m, Play)]
    if len(plays) > 1:
        return _(
            "The coach's plan plays it in a mix with your other good cards: "
            "your opponent cannot guess which."
        )
    return _("It is your only card to play now.")


def analyse(game: Any, seat: int | None = None, **kwargs: Any) -> Iterator[Any]:
    """Rank ``seat``'s moves now: a duel by the hard bot's plan (one exact report), other
    choices by the shared search (its snapshots); the arguments of
    :func:`tabletop_widgets.core.search.iter_analyse`."""
    from tabletop_widgets.core.search import iter_analyse

    from .hard_bot import HardBot

    if seat is None:
        seat = game.to_move
    legal = game.legal_moves(seat)
    if not legal or not all(isinstance(m, Play) for m in legal):
        # A game's playout costs milliseconds here: a discard gets a bounded budget.
        budget = kwargs.get("budget") or DISCARD_BUDGET
        kwargs["budget"] = min(budget, DISCARD_BUDGET)
        yield from iter_analyse(game, seat, **kwargs)
        return
    obs = game.observation(seat)
    _mix, values = HardBot(seed=kwargs.get("seed", 0)).duel_values(obs, legal)
    yield ExactRanking(tuple(legal), tuple(values), "win", legal=len(legal))
