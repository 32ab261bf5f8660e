"""The A Fistful of Gold play page: the shared play screen with the duel table.

Choose your colour by making the other seat a bot; both seats people is
hot-seat (each choice stays hidden behind a cover until its owner looks).

>>> screen = play_screen(seats=["medium", "person"], seed=2)
>>> screen.names, screen.acting
(['Ada (bot)', 'You'], 1)
>>> screen.autoplay(); screen.game.is_over, screen.replay is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop_widgets.ui.play_screen import OptionField, PlayKit, PlayScreen

from ..option_words import OPTION_WORDS, choices
from ..options import CHOICES
from ..widgets.table import DEFAULT_NAMES, FistfulTable

__all__ = ["KIT", "play_screen"]


def _board(*, names: Sequence[str] = (), interactive: bool = True) -> FistfulTable:
    names = list(names) if len(names) == 2 else list(DEFAULT_NAMES)
    return FistfulTable(seat=None, names=names, interactive=interactive, card_width=80)


KIT = PlayKit(
    "fistful_of_gold",
    _board,
    options=tuple(
        OptionField(name, OPTION_WORDS[name][0], choices(name), CHOICES[name][0])
        for name in CHOICES
    ),
    seat_labels=lambda players: ["Pink", "Green"],
    score_noun=("round won", "rounds won"),
)


def play_screen(**kwargs: Any) -> PlayScreen:
    """The whole play page; keyword arguments as :class:`PlayScreen`."""
    return PlayScreen(KIT, **kwargs)
