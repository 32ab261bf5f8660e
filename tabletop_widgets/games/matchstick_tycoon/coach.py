"""The coach's words for Matchstick Tycoon: a move named for a learner, and why it is good.

The coach (``ui/coach.py``) and the game review show the moves the search ranks
best; this module only puts them in words, from what the seat sees (its
observation), in the current language.  The one sentence *why* names the most
telling thing a move does, and only what is true of it (a test checks each
against the engine): it goes out, it turns the order around, it sheds a group,
it beats the table as cheaply as it can, it spends sticks that must go anyway;
a pass keeps the cards but *gives* the passer a stick (MT-5).

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Move, PASS
>>> g = MatchstickTycoon.from_position({"players": 2, "expansion": 0,
...     "hands": [["C", "C", "5", "8"], ["0", "1", "2"]], "sticks": [1, 1],
...     "table": {"value": "3", "count": 1, "player": 1}, "order": "normal",
...     "to_move": 0, "out": [], "passed": []})
>>> obs = g.observation(0)
>>> move_words(Move.play("5", ["5"]))
'a single 5 (1x5: 5)'
>>> reason(obs, Move.play("5", ["5"]), g.legal_moves())
'It beats the table with your weakest card that can, and keeps the stronger ones.'
>>> reason(obs, PASS, g.legal_moves())[:57]
'Passing keeps your two C cards together for a later trick'
>>> "it gives you a stick" in reason(obs, PASS, g.legal_moves())
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tabletop_widgets.core.i18n import N_, _, ngettext

from .moves import Move
from .observation import Observation

__all__ = ["action_words", "move_notation", "move_words", "plain_words", "reason"]

#: A group of equal cards in words (``{face}``: the printed card, a digit or a letter, named
#: as the rest of the game names cards: "the 6 card", "no G cards"; never a plural made by
#: adding "s" to it, which read "your pair of bs").
_GROUPS = {
    2: N_("two {face} cards"),
    3: N_("three {face} cards"),
    4: N_("four {face} cards"),
}


def move_words(move: Move) -> str:
    """The move in words, as the replay's list says a play ("four cards acting as 8, with 3
    sticks added": the words say when cards were turned over or sticks added), then its
    notation in brackets (taught beside the table): the notation tells apart plays the
    words say alike.  A pass or a discard in words alone.

    >>> from tabletop_widgets.games.matchstick_tycoon import PASS
    >>> move_words(Move.parse("4x8: 6+b 6+b 8 A+d"))
    'four cards acting as 8, with 3 sticks added (4x8: 6+b 6+b 8 A+d)'
    >>> move_words(Move.parse("1xC: 7~+a")), move_words(PASS)
    ('a single C, the 7 card turned over with 1 stick added (1xC: 7~+a)', 'a pass')
    """
    from .widgets.table import play_words

    notation = move_notation(move)
    if not notation:
        return play_words(move)
    return _("{play} ({notation})", play=play_words(move), notation=notation)


def plain_words(move: Move) -> str:
    """The move in words alone, as the replay's list says a play: the coach's hints show its
    notation after them, small (``ui/coach.py``).

    >>> plain_words(Move.parse("4x8: 6+b 6+b 8 A+d"))
    'four cards acting as 8, with 3 sticks added'
    """
    from .widgets.table import play_words

    return play_words(move)


def move_notation(move: Move) -> str:
    """The notation shown after a move's words ("" for a pass or a discard: their words say
    it all)."""
    return str(move) if move.is_play else ""


def action_words(move: Move) -> str:
    """The move as something to do: ``pass``, ``discard a stick``, ``play a single 5 (…)``.

    >>> from tabletop_widgets.games.matchstick_tycoon import DISCARD, PASS
    >>> action_words(DISCARD), action_words(PASS), action_words(Move.play("5", ["5"]))
    ('discard a stick', 'pass', 'play a single 5 (1x5: 5)')
    """
    if move.kind == "pass":
        return _("pass")
    if move.kind == "discard":
        return _("discard a stick")
    return _("play {move}", move=move_words(move))


def _biggest_group(hand: tuple[str, ...]) -> tuple[str, int] | None:
    counts = Counter(hand)
    face, n = max(counts.items(), key=lambda kv: (kv[1], kv[0])) if counts else ("", 0)
    return (face, min(n, 4)) if n >= 2 else None


def _is_weakest(obs: Observation, move: Move, legal: Sequence[Move]) -> bool:
    """True if the move plays the weakest value any legal play of as many cards reaches."""
    weakest = min(obs.strength(m.value) for m in legal if m.is_play and m.count == move.count)
    return obs.strength(move.value) == weakest


def reason(obs: Observation, move: Move, legal: Sequence[Move]) -> str:
    """One sentence, true of ``move`` (one of ``legal``) in ``obs.seat``'s position: what it
    does for the seat now (the rules MT-5 to MT-8; tests check it against the engine)."""
    if move.kind == "discard":
        return _("It is your only move: with no cards left, you discard a stick.")
    if move.kind == "pass":  # MT-5.3: a pass gives the passer a stick from the supply
        group = _biggest_group(obs.hand)
        if group is not None:
            face, n = group
            return _(
                "Passing keeps your {group} together for a later trick, but it gives you "
                "a stick, and every stick must go before you are out.",
                group=_(_GROUPS[n], face=face),
            )
        return _(
            "Passing keeps your cards for a later trick, but it gives you a stick, and "
            "every stick must go before you are out."
        )
    sticks = obs.sticks[obs.seat]
    if move.count == len(obs.hand) and move.cost == sticks:
        return _("It plays your last cards and your last sticks: you go out.")
    if move.count == len(obs.hand):
        return _("It plays your last cards: only your sticks are left to shed.")
    if move.count == 5:
        return _("Five cards make a revolution: the order turns around after it.")
    if obs.table is None and move.count >= 2:
        return ngettext(
            "It sheds {n} card at once: to beat it, the others need {n} card of a stronger value.",
            "It sheds {n} cards at once: to beat it, the others need {n} cards of a "
            "stronger value.",
            move.count,
        )
    if obs.table is not None and _is_weakest(obs, move, legal):
        return _("It beats the table with your weakest card that can, and keeps the stronger ones.")
    if move.cost:
        return ngettext(
            "It spends {n} stick: every stick must go before you are out.",
            "It spends {n} sticks: every stick must go before you are out.",
            move.cost,
        )
    if obs.table is None:
        if _is_weakest(obs, move, legal):
            return _("It leads with your weakest card while you hold the lead.")
        return _(
            "It leads a single {value}: to beat it, the others need a stronger card.",
            value=move.value,
        )
    return _("It beats the table: the others must play something stronger or pass.")
