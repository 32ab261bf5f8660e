"""The Matchstick Tycoon play page: the shared play screen with the table and your hand.

>>> screen = play_screen(seats=["person", "easy", "medium"], seed=1)
>>> screen.game.players, screen.names
(3, ['You', 'Bea (bot)', 'Cal (bot)'])
>>> screen.autoplay(); screen.game.is_over, len(screen.game.result.ranking)
(True, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop_widgets.ui.play_screen import OptionField, PlayKit, PlayScreen

from ..widgets.board import TycoonBoard

__all__ = ["KIT", "play_screen"]


def _board(*, names: Sequence[str] = (), interactive: bool = True) -> TycoonBoard:
    return TycoonBoard(names=names, interactive=interactive)


KIT = PlayKit(
    "matchstick_tycoon",
    _board,
    options=(
        OptionField("players", "Players", tuple((str(n), n) for n in range(2, 9)), 3),
        OptionField(
            "expansion",
            "Expansion cards",
            (("None", 0), ("2 G and 2 H cards", 2), ("4 G and 4 H cards", 4)),
            0,
        ),
        OptionField(
            "deal",
            "Deal",
            (
                ("15 cards each with 2 or 3 players, all the cards with more", "default"),
                ("All the cards, whatever the number of players", "all"),
            ),
            "default",
        ),
    ),
)


def play_screen(**kwargs: Any) -> PlayScreen:
    """The whole play page; keyword arguments as :class:`PlayScreen`."""
    return PlayScreen(KIT, **kwargs)
