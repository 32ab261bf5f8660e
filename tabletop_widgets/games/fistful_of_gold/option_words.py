"""Every rule reading of A Fistful of Gold in a learner's words: one label per option and
one per choice, the rules page's reading first and marked.  The play page's form and the
sandbox's switches both read them here.

>>> OPTION_WORDS["equal_round"][0]
'A round where both have the same gold'
>>> choice_words("game_tiebreak", "gold")
'the one with more gold in all rounds wins (rules page)'
>>> [v for _label, v in choices("dynamite_counts_as")]
[None, 0, 9]
"""

from __future__ import annotations

from typing import Any

from .options import CHOICES

__all__ = ["OPTION_WORDS", "choice_words", "choices"]

#: option → (label, {value: words}); the rules page's reading is the first of CHOICES.
OPTION_WORDS: dict[str, tuple[str, dict[Any, str]]] = {
    "hands": (
        "Cards between rounds",
        {
            "keep": "take back the round's cards, then discard 1 more",
            "fresh": "start every round with all 9 cards and discard 2",
        },
    ),
    "dynamite_counts_as": (
        "Dynamite and the +1 rule",
        {
            None: "Dynamite is never blocked and never blocks",
            0: "Dynamite counts as 0 (a 1 may not follow it)",
            9: "Dynamite counts as 9 (it may not follow an 8)",
        },
    ),
    "pot_at_round_end": (
        "Gold left between the cards at the end of a round",
        {
            "lost": "is lost",
            "carry": "stays for the next round",
        },
    ),
    "six_vs_six": (
        "A 6 against a 6",
        {
            "tie": "is an ordinary tie",
            "split": "both share the gold between the cards",
        },
    ),
    "green7": (
        "The green 7's extra gold",
        {
            "rest_of_round": "for every duel green wins after it in this round",
            "next_round": "for every duel green wins in the next round",
        },
    ),
    "equal_round": (
        "A round where both have the same gold",
        {
            "nobody": "nobody wins it",
            "both": "both win it",
            "duels": "more duels won decides it",
        },
    ),
    "game_tiebreak": (
        "Equal round wins after three rounds",
        {
            "gold": "the one with more gold in all rounds wins",
            "draw": "the game is a draw",
        },
    ),
}


def choice_words(option: str, value: Any) -> str:
    """The words for one value, marked when it is the rules page's reading."""
    words = OPTION_WORDS[option][1][value]
    first = CHOICES[option][0]
    if value == first and type(value) is type(first):
        return f"{words} (rules page)"
    return words


def choices(option: str) -> tuple[tuple[str, Any], ...]:
    """(words, value) pairs of an option, the rules page's reading first."""
    return tuple((choice_words(option, v), v) for v in CHOICES[option])
