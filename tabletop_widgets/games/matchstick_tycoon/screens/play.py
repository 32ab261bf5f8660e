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

from tabletop_widgets.core.i18n import N_
from tabletop_widgets.ui.play_screen import OptionField, PlayKit, PlayScreen

from ..widgets.board import TycoonBoard

__all__ = ["KIT", "play_screen"]


def _board(*, names: Sequence[str] = (), interactive: bool = True) -> TycoonBoard:
    return TycoonBoard(names=names, interactive=interactive)


KIT = PlayKit(
    "matchstick_tycoon",
    _board,
    options=(
        OptionField("players", N_("Players"), tuple((str(n), n) for n in range(2, 9)), 3),
        OptionField(
            "expansion",
            N_("Expansion cards"),
            ((N_("None"), 0), (N_("2 G and 2 H cards"), 2), (N_("4 G and 4 H cards"), 4)),
            0,
        ),
        # Short choices (a long one was cut off in the form); the tooltip says the rest.
        OptionField(
            "deal",
            N_("Deal"),
            ((N_("Usual: 15 each for 2–3 players"), "default"), (N_("All the cards"), "all")),
            "default",
            help=N_(
                "Usual: with 2 or 3 players each gets 15 cards, with more players all the "
                "cards are dealt. All the cards: every card is dealt, whatever the number of "
                "players."
            ),
        ),
    ),
)


def play_screen(**kwargs: Any) -> PlayScreen:
    """The whole play page; keyword arguments as :class:`PlayScreen`."""
    return PlayScreen(KIT, **kwargs)
