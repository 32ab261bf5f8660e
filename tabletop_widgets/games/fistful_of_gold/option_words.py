"""Every rule reading of A Fistful of Gold in a learner's words: one label per option and
one per choice, the rules page's reading first and marked.  The play page's form and the
sandbox's switches both read them here.

>>> OPTION_WORDS["equal_round"][0]
'A round where both have the same gold'
>>> str(choice_words("game_tiebreak", "gold"))
"the one with more gold in all rounds wins — the rules page's reading"
>>> [v for _label, v in choices("dynamite_counts_as")]
[None, 0, 9]
"""

from __future__ import annotations

from typing import Any

from tabletop_widgets.core.i18n import N_, Message, _l

from .options import CHOICES

__all__ = ["OPTION_WORDS", "choice_words", "choices"]

#: option → (label, {value: words}); the rules page's reading is the first of CHOICES.
OPTION_WORDS: dict[str, tuple[str, dict[Any, str]]] = {
    "hands": (
        N_("Cards between rounds"),
        {
            "keep": N_("take back the round's cards, then discard 1 more"),
            "fresh": N_("start every round with all 9 cards and discard 2"),
        },
    ),
    "dynamite_counts_as": (
        N_("Dynamite and the +1 rule"),
        {
            None: N_("Dynamite is never blocked and never blocks"),
            0: N_("Dynamite counts as 0 (a 1 may not follow it)"),
            9: N_("Dynamite counts as 9 (it may not follow an 8)"),
        },
    ),
    "pot_at_round_end": (
        N_("Gold left in the tie pot at the end of a round"),
        {
            "lost": N_("is lost"),
            "carry": N_("stays for the next round"),
        },
    ),
    "six_vs_six": (
        N_("A 6 against a 6"),
        {
            "tie": N_("is an ordinary tie"),
            "split": N_("both share the tie pot"),
        },
    ),
    "green7": (
        N_("The green 7's extra gold"),
        {
            "rest_of_round": N_("for every duel green wins after it in this round"),
            "next_round": N_("for every duel green wins in the next round"),
        },
    ),
    "equal_round": (
        N_("A round where both have the same gold"),
        {
            "nobody": N_("nobody wins it"),
            "both": N_("both win it"),
            "duels": N_("more duels won decides it"),
        },
    ),
    "game_tiebreak": (
        N_("Equal round wins after three rounds"),
        {
            "gold": N_("the one with more gold in all rounds wins"),
            "draw": N_("the game is a draw"),
        },
    ),
}


def choice_words(option: str, value: Any) -> str | Message:
    """The words for one value (English marked with ``N_``, or a message: show it with
    ``_()``), marked when it is the rules page's reading."""
    words = OPTION_WORDS[option][1][value]
    first = CHOICES[option][0]
    if value == first and type(value) is type(first):
        return rules_reading(words)
    return words


def rules_reading(words: str) -> Message:
    """A choice marked as the rules page's reading (plain words: not a link)."""
    return _l("{choice} — the rules page's reading", choice=_l(words))


def choices(option: str) -> tuple[tuple[str | Message, Any], ...]:
    """(words, value) pairs of an option, the rules page's reading first."""
    return tuple((choice_words(option, v), v) for v in CHOICES[option])
