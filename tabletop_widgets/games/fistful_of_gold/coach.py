"""The coach for A Fistful of Gold: how it ranks moves, names them and says why.

Duels are chosen at once and in secret, so the best play is often a *mix*: the
hard bot's plan of the round (:meth:`~.hard_bot.HardBot.duel_values`) ranks the
cards by how they fare when the opponent answers as well as it can -- the cards
the plan plays are all worth the same (any of them is a good move), the others
less.  The figure shown is a chance to win the game that matches how often games
are won: the plan's cards get the duel's value with both hands known, averaged over
the hands the opponent may hold, and each other card is lower by as much as the
plan values it lower (the plan's own worst case, an opponent answering as if it saw
the seat's cards, read 27 % at an even start).  A discard or the green 8's
take-back is ranked by the same plan: each choice is made on a copy of the game
and valued by the plan of the duel that follows it (the opponent's face-down
discard, which the seat cannot see, changes nothing it sees).  So every figure the
coach and the review show is one measure, and the same position always gets the
same figures (the plan draws the opponent's possible hands with a fixed seed,
:data:`PLAN_SEED`, not the caller's).

>>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
>>> g = FistfulOfGold.new(seed=3)
>>> first = next(analyse(g, 0))  # the discard before round 1, by the plan
>>> first.measure, first.best.move in g.legal_moves(0)
('win', True)
>>> for seat in (0, 1):
...     _ = g.play(g.legal_moves(seat)[0], seat)
>>> report = next(analyse(g, 0))
>>> report.measure, report.best.move in g.legal_moves(0)
('win', True)
>>> [c.value for c in report] == [c.value for c in next(analyse(g, 0, seed=99))]
True
>>> move_words(report.best.move).startswith("your ")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from tabletop_widgets.core.i18n import _
from tabletop_widgets.core.move_values import ExactRanking, same_shown

from .cards import Card, rank_words
from .moves import Discard, Move, Play, Reclaim

__all__ = [
    "DISCARD_BUDGET",
    "PLAN_SEED",
    "action_words",
    "analyse",
    "move_notation",
    "move_words",
    "reason",
]

#: Most work the search spends on a discard or a take-back the plan cannot value (a
#: fallback: its playouts are slow).
DISCARD_BUDGET = 4000
#: The seed of the plan the coach and the review read: fixed, so that the hands of the
#: opponent it weighs -- and so every figure -- are the same for the same position.
PLAN_SEED = 0
#: A card the plan plays less often than this is not part of its mix.
_IN_MIX = 0.01


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


def move_notation(move: Move) -> str:
    """No notation beside a hint's words: ``""`` for every move.

    A move's notation here is its cards' English names (``green 2``, ``discard pink 1
    pink 2``): after the words ("Your 2") it named the move a second time, and in English
    on a page in another language.  So a hint names the move once, in words.

    >>> from .cards import Card
    >>> move_notation(Play(Card("green", "2")))
    ''
    """
    return ""


def action_words(move: Move) -> str:
    """The move as something to do: ``play your 5`` (a discard or a take-back: its words)."""
    if isinstance(move, Play):
        return _("play your {card}", card=str(rank_words(move.card)))
    return move_words(move)


def _seen_theirs(obs: Any) -> set[str]:
    """The ranks the opponent has played in this round (they cannot play them again)."""
    return {c.rank for c in obs.rows[1 - obs.seat] if c is not None}


def _number(card: Card, obs: Any) -> int | None:
    """The card's number for the +1 rule (Dynamite: the table's reading, FG-3)."""
    return obs.options.dynamite_counts_as if card.is_dynamite else card.value


def _one_apart(cards: Sequence[Card], obs: Any) -> int:
    """Pairs of these cards one apart (a 4 and a 5): the +1 rule forbids the higher
    right after the lower in a round (FG-3)."""
    numbers = {n for n in (_number(c, obs) for c in cards) if n is not None}
    return sum(n + 1 in numbers for n in numbers)


def _power(card: Card, obs: Any) -> str | None:
    """``your <card>, which <what it does>`` for a card with a power in play (FG-4)."""
    specials = obs.options.specials
    rank = str(rank_words(card))
    if card.is_dynamite:
        return _("your {card}, which wins 3 gold against a 1 to 4", card=rank)
    if card.rank == "6" and "six" in specials:
        return _(
            "your {card}, which takes the tie pot if you play it before your opponent's 6",
            card=rank,
        )
    if card.rank == "7" and card.colour == "pink" and "pink7" in specials:
        return _("your {card}, which ends the round when played in duel 3 or later", card=rank)
    if card.rank == "7" and card.colour == "green" and "green7" in specials:
        return _("your {card}, which earns 1 extra gold for every duel you win after it", card=rank)
    if card.rank == "8" and card.colour == "pink" and "pink8" in specials:
        return _("your {card}, which wins 3 gold against a 1", card=rank)
    if card.rank == "8" and card.colour == "green" and "green8" in specials:
        return _("your {card}, which takes a discarded card back into your hand", card=rank)
    return None


def _power_does(card: Card, obs: Any) -> str | None:
    """What a card with a power in play does, for a card already named ("wins 3 gold against
    a 1 to 4"): the reason of a take-back, whose card the hint names (FG-4)."""
    specials = obs.options.specials
    if card.is_dynamite:
        return _("wins 3 gold against a 1 to 4")
    if card.rank == "6" and "six" in specials:
        return _("takes the tie pot if you play it before your opponent's 6")
    if card.rank == "7" and card.colour == "pink" and "pink7" in specials:
        return _("ends the round when played in duel 3 or later")
    if card.rank == "7" and card.colour == "green" and "green7" in specials:
        return _("earns 1 extra gold for every duel you win after it")
    if card.rank == "8" and card.colour == "pink" and "pink8" in specials:
        return _("wins 3 gold against a 1")
    if card.rank == "8" and card.colour == "green" and "green8" in specials:
        return _("takes a discarded card back into your hand")
    return None


def _kept(obs: Any, move: Discard) -> list[Card]:
    return [c for c in obs.hand if c not in move.cards]


def _discard_reason(obs: Any, move: Discard, legal: Sequence[Move]) -> str:
    gone = list(move.cards)
    kept = _kept(obs, move)
    before, after = _one_apart(obs.hand, obs), _one_apart(kept, obs)
    # Said only of the discards that leave the fewest pairs one apart: of the others it
    # would be false (another discard does better by that measure).
    fewest = min(
        (_one_apart(_kept(obs, m), obs) for m in legal if isinstance(m, Discard)), default=after
    )
    if (
        after < before
        and after == fewest
        and any(
            _number(g, obs) is not None
            and {_number(g, obs) - 1, _number(g, obs) + 1} & {_number(c, obs) for c in kept}
            for g in gone
        )
    ):
        return _(
            # "The fewest", not "fewer than any other": two discards may tie, and both say
            # it; and no double negative ("No discard leaves fewer …" read as a puzzle).
            "Of all your discards, this one keeps the fewest pairs of cards one apart (such "
            "as a 4 and a 5), so the +1 rule (never a card exactly 1 higher than your card in the "
            "duel before, in the same round) will block you less often."
        )
    for c in sorted(kept, key=lambda c: (not c.is_dynamite, c.rank != "6", c.rank)):
        power = _power(c, obs)
        if power is not None:
            return _("It keeps {power}.", power=power)
    return _("It keeps your {kept}.", kept=_ranks(kept))


def _plan(obs: Any, legal: Sequence[Move]) -> tuple[list[float], list[float]]:
    from .hard_bot import HardBot

    return HardBot(seed=PLAN_SEED).duel_values(obs, legal)


def reason(obs: Any, move: Move, legal: Sequence[Move]) -> str:
    """One sentence, true of ``move`` in ``obs.seat``'s position: what it does for the seat
    now (a discard: what it keeps and what that does; a card: the plan's use of it)."""
    if isinstance(move, Discard):
        return _discard_reason(obs, move, legal)
    if isinstance(move, Reclaim):
        does = _power_does(move.cards[0], obs)
        if does is not None:
            return _(
                "Back in your hand, this card {does}; your opponent now knows you hold it.",
                does=does,
            )
        return _("Your opponent now knows you hold this card again.")
    card = move.card
    plays = [m for m in legal if isinstance(m, Play)]
    if len(plays) <= 1:
        return _("It is your only card to play now.")
    if (
        card.rank == "6"
        and "six" in obs.options.specials
        and obs.pot > 0
        and "6" not in _seen_theirs(obs)
    ):
        return _(
            "Your opponent has not played their 6 in this round: your 6 takes the tie pot "
            "({n} gold) unless they play theirs now too.",
            n=obs.pot,
        )
    mix, values = _plan(obs, plays)
    share = dict(zip(plays, mix, strict=True)).get(move, 0.0)
    in_mix = sum(p >= _IN_MIX for p in mix)
    best = max(values)
    value = dict(zip(plays, values, strict=True)).get(move, best)
    # Equal to the last digits the figures can tell (the plan's values are sums of floats).
    as_good = [m for m, v in zip(plays, values, strict=True) if round(best - v, 9) <= 0]
    # Shown with the same whole percent as the best: no sentence may call them worse.
    looks_as_good = [m for m, v in zip(plays, values, strict=True) if same_shown(v, best, "win")]
    if share >= 1 - _IN_MIX:
        if len(as_good) > 1 or len(looks_as_good) > 1:
            return _(
                "The coach's plan plays this card every time here: against your opponent's "
                "best answer, no other card does better."
            )
        return _(
            "The coach's plan plays this card every time here: against your opponent's best "
            "answer, no other card does as well."
        )
    if share >= _IN_MIX and in_mix > 1:
        return _(
            "A good card to play. The coach's plan plays it {p} % of the time and your "
            "other good cards the rest: changing between them keeps your opponent from "
            "guessing.",
            p=max(1, round(100 * share)),
        )
    if move in as_good:  # the figures shown say so: it does as well, the plan chose others
        return _(
            "The coach's plan plays other cards here, but against your opponent's best "
            "answer this card does as well as they do."
        )
    if move in looks_as_good:  # worse by less than the rounding shows
        return _(
            "The coach's plan plays other cards here, but against your opponent's best "
            "answer this card does about as well as they do."
        )
    if best - value < 0.005:  # shown one whole percent below the plan's, but barely
        return _(
            "The coach's plan does not play this card: against your opponent's best answer "
            "it does a little worse than the plan's cards (its win chance is less than 1 % "
            "lower)."
        )
    return _(
        "The coach's plan does not play this card: against your opponent's best answer it "
        "does worse than the plan's cards."
    )


def _after(game: Any, seat: int, move: Move, bot: Any) -> float | None:
    """``seat``'s chance to win after ``move`` (a discard or a take-back), by the plan of the
    duel that follows; None if the plan cannot value it (the search does then)."""
    after = game.copy()
    after.play(move, seat)
    while not after.is_over and seat not in after.current_players():
        legal = after.legal_moves(1 - seat)
        # The opponent's discard lies face down: which one it is, the seat cannot see.
        if not legal or not all(isinstance(m, Discard) for m in legal):
            return None
        after.play(legal[0], 1 - seat)
    if after.is_over:
        return after.result.win_share(seat)
    legal = after.legal_moves(seat)
    if not legal or not all(isinstance(m, Play) for m in legal):
        return None
    _mix, values = bot.duel_values(after.observation(seat), legal)
    return max(values)  # the cards the plan plays are worth the game's value


def analyse(game: Any, seat: int | None = None, **kwargs: Any) -> Iterator[Any]:
    """Rank ``seat``'s moves now by the hard bot's plan (one exact report, the same for the
    same position whatever the seed); the arguments of
    :func:`tabletop_widgets.core.search.iter_analyse` (the search serves only a choice
    the plan cannot value)."""
    from tabletop_widgets.core.search import iter_analyse

    from .hard_bot import HardBot

    if seat is None:
        seat = game.to_move
    legal = game.legal_moves(seat)
    bot = HardBot(seed=PLAN_SEED)
    if legal and all(isinstance(m, Play) for m in legal):
        mix, values = bot.duel_values(game.observation(seat), legal)
        # Best first by the figure (to the digits it can tell), then by how often the plan
        # plays the card: the list reads in the plan's order, and equal figures tie.
        ranked = sorted(
            zip(legal, (round(v, 9) for v in values), mix, strict=True),
            key=lambda r: (-r[1], -r[2]),
        )
        yield ExactRanking(
            tuple(r[0] for r in ranked), tuple(r[1] for r in ranked), "win", legal=len(legal)
        )
        return
    cancel = kwargs.get("cancel")
    values = []
    for m in legal:
        if cancel is not None and cancel.is_set():
            break
        values.append(_after(game, seat, m, bot))
    if not legal or len(values) < len(legal) or any(v is None for v in values):
        budget = kwargs.get("budget") or DISCARD_BUDGET
        kwargs["budget"] = min(budget, DISCARD_BUDGET)
        yield from iter_analyse(game, seat, **kwargs)
        return
    yield ExactRanking(tuple(legal), tuple(values), "win", legal=len(legal))
