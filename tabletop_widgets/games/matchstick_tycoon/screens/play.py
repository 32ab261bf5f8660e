"""The Matchstick Tycoon play page: the shared play screen with the table and your hand.

>>> screen = play_screen(seats=["person", "easy", "medium"], seed=1)
>>> screen.game.players, screen.names
(3, ['You', 'Bea (bot, easy)', 'Cal (bot, medium)'])

The first leader is drawn (MT-4): here Cal, a bot, played before you did anything, and the
status line says so:

>>> import re; said = re.sub("<[^>]+>", "", screen.status.value)
>>> said.split(". ")  # doctest: +NORMALIZE_WHITESPACE
['New game (game number 1)',
 'Cal (bot, medium) played first: who starts is drawn at random (MT-4)',
 'Your turn.']
>>> screen.autoplay(); screen.game.is_over, len(screen.game.result.ranking)
(True, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import N_
from tabletop_widgets.ui.event_widget import asset_text
from tabletop_widgets.ui.play_screen import OptionField, PlayKit, PlayScreen
from tabletop_widgets.ui.play_screen import play_page as shared_play_page

from ..widgets.board import MatchstickTycoonBoard
from ..widgets.table import first_words, log_line
from .intro import PageIntro

__all__ = ["INTRO", "KIT", "play_page", "play_screen"]


def _board(*, names: Sequence[str] = (), interactive: bool = True) -> MatchstickTycoonBoard:
    return MatchstickTycoonBoard(names=names, interactive=interactive)


def _replay_words(game: Any, index: int, names: list[str]) -> str:
    """Move ``index`` in the replay's list in words, with who made it, as the table's felt
    says a play ("Cal (bot, medium) played two cards acting as 0.", "You passed and took a
    stick."): the log's line for it (:func:`log_line`), in words; its notation ("2x0: 0 0")
    is the line's tooltip.

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> g = MatchstickTycoon.new(players=2, seed=1)
    >>> _ = g.play("2x0: 0 0"); _ = g.play("pass")
    >>> g.movers
    (1, 0)
    >>> names = ["Ada (bot, easy)", "You"]
    >>> _replay_words(g, 0, names), _replay_words(g, 1, names)
    ('You played two cards acting as 0.', 'Ada (bot, easy) passed and took a stick.')
    """
    return log_line(game, index, names, words=True)


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
        # The usual deal depends on the number of players (MT-4): the choice says both, so
        # it is true whatever the count; the tooltip says the rest.
        OptionField(
            "deal",
            N_("Deal"),
            (
                (N_("Usual: 15 each for 2–3 players, all the cards for 4–8"), "default"),
                (N_("All the cards"), "all"),
            ),
            "default",
            help=N_(
                "Usual: with 2 or 3 players each gets 15 cards, with more players all the "
                "cards are dealt. All the cards: every card is dealt, whatever the number of "
                "players."
            ),
        ),
    ),
    replay_words=_replay_words,
    # The first leader is drawn (MT-4): the status line says who it was, so a bot's cards
    # on the table before the learner did anything are explained.
    start_words=first_words,
    # The table (and hand) fitted to the page's shape on a wide screen.
    style=asset_text(__package__, "play.css"),
)


def play_screen(**kwargs: Any) -> PlayScreen:
    """The whole play page; keyword arguments as :class:`PlayScreen`."""
    return PlayScreen(KIT, **kwargs)


INTRO = N_(
    "<p>You play against bots. On your turn, choose cards in your hand, click a card's "
    "empty places to lay matchsticks, turn a chosen card over with <b>Turn</b>, then press "
    "<b>Play</b> — or <b>Pass</b> to take a matchstick. When you have a play, you may "
    "instead pick a value in the row <b>Make:</b> and one of its plays. The first to get "
    "rid of all cards and matchsticks wins.</p><p>Moves are written short (2x8: two cards "
    "acting as 8; 6~: a 6 turned over): <b>How moves are written</b> under the table "
    "explains it. A code in brackets, such as (MT-4), names the rule a message is about: "
    "click it to read that rule, or see them all on the <a href='rules.ipynb'>rules "
    "page</a>. <b>New game</b> chooses 2 to 8 players, the expansion cards and the "
    "seats.</p>"
)


def play_page(**kwargs: Any) -> w.VBox:
    """The whole play page: its title and introduction, then the play screen
    (``page.screen``); keyword arguments as :class:`PlayScreen` (default: you and two bots).
    The introduction folds to its first lines once the learner has started playing.

    >>> page = play_page(seats=["person", "easy"], players=2, seed=5)
    >>> intro = page.children[0]; intro.folded
    False
    >>> page.screen.new_game(seats=["person", "easy"], players=2, seed=6); intro.folded
    True
    """
    kwargs.setdefault("seats", ["person", "easy", "medium"])
    screen = play_screen(**kwargs)
    intro = PageIntro("play", INTRO)
    screen.room_mode.use_intro(intro)  # a room's page says what a room is instead
    return shared_play_page(screen, intro)
