"""The gold bookkeeping: each round's duels replayed from the revealed rows, round
winners and the game's result (FG-2).

Gold is never stored: it is derived from the cards, so a position cannot
carry gold that its cards do not explain.

>>> from tabletop_widgets.games.fistful_of_gold.cards import Card
>>> rows = ((Card("pink", "5"),), (Card("green", "2"),))
>>> t = tally_rounds(Options(), [rows])[0]
>>> t.gold, t.duels_won
((3, 0), (1, 0))
>>> t.duels[0].text
'pink 5 against green 2: difference 3 is 3 or less, so the higher card wins 3 gold.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tabletop_widgets.core.i18n import Message, _l
from tabletop_widgets.core.result import Result
from tabletop_widgets.games.fistful_of_gold.cards import GREEN, Card
from tabletop_widgets.games.fistful_of_gold.duel import DuelResult, resolve_duel
from tabletop_widgets.games.fistful_of_gold.options import Options

__all__ = [
    "DUELS",
    "RoundTally",
    "Rows",
    "game_result",
    "result_message",
    "result_text",
    "round_winners",
    "tally_rounds",
]

#: Duels per round (FG-2).
DUELS: tuple[int, int, int] = (6, 5, 4)

Pair = tuple[int, int]
Rows = tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True)
class RoundTally:
    """Gold and pot of one round so far, from its revealed rows."""

    number: int
    duels: tuple[DuelResult, ...]
    gold: Pair
    pot: int
    bonus: Pair  # extra gold per duel won now (green 7)
    duels_won: Pair
    next_bonus: Pair  # what green7="next_round" hands to the next round


def tally_rounds(options: Options, rounds: Iterable[Rows]) -> tuple[RoundTally, ...]:
    """Replay the revealed rows of each round, carrying pot and bonus as the options say."""
    out: list[RoundTally] = []
    pot, bonus = 0, (0, 0)
    for number, rows in enumerate(rounds, start=1):
        tally = _tally_round(options, number, rows, pot, bonus)
        out.append(tally)
        pot = 0 if options.pot_at_round_end == "lost" else tally.pot
        bonus = tally.next_bonus
    return tuple(out)


def _tally_round(options: Options, number: int, rows: Rows, pot: int, bonus: Pair) -> RoundTally:
    pink_row, green_row = rows
    gold, won, nxt, now = [0, 0], [0, 0], [0, 0], list(bonus)
    results = []
    for i, (p, g) in enumerate(zip(pink_row, green_row, strict=True)):
        sixes = (
            any(c.rank == "6" for c in pink_row[:i]),
            any(c.rank == "6" for c in green_row[:i]),
        )
        r = resolve_duel(
            options,
            p,
            g,
            round_no=number,
            duel=i + 1,
            pot=pot,
            bonus=(now[0], now[1]),
            sixes_played=sixes,
        )
        results.append(r)
        pot = r.pot_after
        for s in (0, 1):
            gold[s] += r.gold[s]
        if r.winner is not None:
            won[r.winner] += 1
        if g.rank == "7" and g.colour == GREEN and "green7" in options.specials:
            target = now if options.green7 == "rest_of_round" else nxt
            target[1] = 1
    return RoundTally(
        number=number,
        duels=tuple(results),
        gold=(gold[0], gold[1]),
        pot=pot,
        bonus=(now[0], now[1]),
        duels_won=(won[0], won[1]),
        next_bonus=(nxt[0], nxt[1]),
    )


def round_winners(options: Options, tally: RoundTally) -> tuple[int, ...]:
    """Seats that win a finished round (FG-2): more gold; equal gold as the option says."""
    a, b = tally.gold
    if a != b:
        return (0,) if a > b else (1,)
    if options.equal_round == "both":
        return (0, 1)
    if options.equal_round == "duels" and tally.duels_won[0] != tally.duels_won[1]:
        return (0,) if tally.duels_won[0] > tally.duels_won[1] else (1,)
    return ()


def game_result(options: Options, finished: Sequence[RoundTally]) -> Result | None:
    """The result once the finished rounds end the game (FG-2), else ``None``.

    Places: the winner 1, the loser 2, both 1 in a draw.  Scores: round wins.
    Details: ``round_gold`` (each round's gold per seat), ``gold`` (all rounds
    together) and ``decided_by`` (``"rounds"``, ``"gold"`` or ``"draw"``).

    >>> r = game_result(Options(), [_t((5, 0)), _t((0, 3)), _t((2, 2))])
    >>> r.places, r.scores, r.details["decided_by"], r.details["gold"]
    ((1, 2), (1, 1), 'gold', [7, 5])
    """
    wins = [0, 0]
    for t in finished:
        for s in round_winners(options, t):
            wins[s] += 1
    if max(wins) < 2 and len(finished) < 3:
        return None
    gold = [sum(t.gold[0] for t in finished), sum(t.gold[1] for t in finished)]
    if wins[0] != wins[1]:
        decided, key = "rounds", wins
    elif options.game_tiebreak == "gold" and gold[0] != gold[1]:
        decided, key = "gold", gold
    else:
        decided, key = "draw", [0, 0]
    places = (1, 1) if key[0] == key[1] else ((1, 2) if key[0] > key[1] else (2, 1))
    details = {"round_gold": [list(t.gold) for t in finished], "gold": gold, "decided_by": decided}
    return Result(places, (wins[0], wins[1]), details)


def result_message(result: Result, names: Sequence[str] | None = None) -> Message:
    """Who won the game and how it was decided, in one sentence (rendered when shown).

    ``names`` are the seats' names as shown; the person at the screen is ``"You"``
    ("You win"); without names the seats are called Pink and Green.
    """
    a, b = (f"{x:g}" for x in result.scores)
    ga, gb = result.details["gold"]
    if result.is_draw:
        return _l(
            "A draw: {a}-{b} in round wins and {ga}-{gb} in gold over all rounds.",
            a=a,
            b=b,
            ga=ga,
            gb=gb,
        )
    w = result.winners[0]
    who: str | Message = (names[w] if names else None) or (_l("Pink") if w == 0 else _l("Green"))
    hi, lo = (f"{x:g}" for x in sorted(result.scores, reverse=True))
    if result.details["decided_by"] == "gold":
        ga, gb = sorted((ga, gb), reverse=True)  # the winner's gold first: "(12-10)", not 10-12
        if who == "You":
            return _l(
                "You win the game on gold: round wins were equal ({a}-{b}), "
                "so more gold over all rounds decides ({ga}-{gb}).",
                a=a,
                b=b,
                ga=ga,
                gb=gb,
            )
        return _l(
            "{name} wins the game on gold: round wins were equal ({a}-{b}), "
            "so more gold over all rounds decides ({ga}-{gb}).",
            name=who,
            a=a,
            b=b,
            ga=ga,
            gb=gb,
        )
    if who == "You":
        return _l("You win the game with {hi} round wins to {lo}.", hi=hi, lo=lo)
    return _l("{name} wins the game with {hi} round wins to {lo}.", name=who, hi=hi, lo=lo)


def result_text(result: Result, names: Sequence[str] | None = None) -> str:
    """:func:`result_message` in the current language.

    >>> r = Result((1, 1), (1, 1), {"gold": [8, 8], "decided_by": "draw"})
    >>> result_text(r, ["Ann", "Bo"])
    'A draw: 1-1 in round wins and 8-8 in gold over all rounds.'
    >>> result_text(Result((1, 2), (2, 0), {"gold": [9, 4], "decided_by": "rounds"}), ["You", "Bo"])
    'You win the game with 2 round wins to 0.'

    Won on gold, the winner's gold comes first, as the round wins do:

    >>> r = Result((2, 1), (1, 1), {"gold": [10, 12], "decided_by": "gold"})
    >>> result_text(r, ["You", "Bo"])[-32:]
    'over all rounds decides (12-10).'
    """
    return str(result_message(result, names))


def _t(gold: Pair) -> RoundTally:
    """A finished round with this gold (for the examples)."""
    return RoundTally(1, (), gold, 0, (0, 0), (0, 0), (0, 0))
