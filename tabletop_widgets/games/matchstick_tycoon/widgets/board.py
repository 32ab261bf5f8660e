"""The Matchstick Tycoon board: the table (:class:`MatchstickTycoonTable`) above one seat's hand.

It follows every table's convention (the play screen drives it):
``show(game, seat, reveal=False)`` draws the game with ``seat``'s hand (None:
only the table, as onlookers see it) and ``on_move(callback)`` hears every
move chosen in the hand -- a play, a pass, or discarding a stick when the
hand is empty; the callback plays it (a refusal is shown in the hand).
Built from the table and hand widgets: no front end of its own.

``game.widget()`` gives a board that plays on the game itself, the hand
following the seat to move (everyone at one screen):

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=3, seed=4)
>>> board = g.widget()
>>> board.hand.seat == g.to_move
True
>>> board.hand.dispatch({"type": "choose_play", "move": str(g.legal_moves()[0])})
True
>>> shown = board.hand.version  # the version of the position the page shows
>>> board.hand.dispatch({"type": "play", "version": shown}), len(g.history)
(True, 1)
>>> board.hand.seat == g.to_move
True
>>> board.hand.dispatch({"type": "pass", "version": shown}), len(g.history)  # a double click
(False, 1)

A finished game's board says the game is over and the places, in words:

>>> while not g.is_over:
...     _ = g.play(g.legal_moves()[0])
>>> g.widget().table.message
'Game over: Seat 2 won. Places: 1st Seat 2, 2nd Seat 3, 3rd Seat 1.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import _, on_language_change
from tabletop_widgets.games.matchstick_tycoon import DISCARD, MatchstickTycoon, Move
from tabletop_widgets.ui.actions import ActionButton

from .hand import HandWidget
from .table import MatchstickTycoonTable

__all__ = ["MatchstickTycoonBoard"]


class MatchstickTycoonBoard(w.VBox):
    """The table above the hand of the seat at the screen; ``on_move`` callbacks play."""

    def __init__(
        self,
        *,
        names: Sequence[str] = (),
        interactive: bool = True,
        card_size: int = 54,
        say_end: bool | None = None,
        **kwargs: Any,
    ) -> None:
        self.interactive = interactive
        self.table = MatchstickTycoonTable(names=list(names) or None)
        # The play screen's status line says the final places once, over the table that
        # plays; a replay's table (not interactive, far below that line) says at the
        # game's last position that the game is over and who won; so does a board alone in
        # a notebook (``game.widget()``: ``say_end=True``), where no status line says it.
        self.table.say_end = (not interactive) if say_end is None else say_end
        self.hand = HandWidget(size=card_size + 4, names=names)
        self.hand.on_move(self._chosen)
        self.discard = ActionButton(
            button_style="warning", layout=w.Layout(display="none", min_height="40px")
        )
        self.discard.on_click(lambda _: self._chosen(DISCARD))
        self.discard.add_class("tt-mt-discard")
        self._callbacks: list[Callable[[Move], Any]] = []
        #: Called with each game drawn (:meth:`on_show`).
        self._shown: list[Callable[[MatchstickTycoon], Any]] = []
        self._game: MatchstickTycoon | None = None
        self.seat: int | None = None
        super().__init__([self.table, self.hand, self.discard], **kwargs)
        self.add_class("tt-mt-board")
        self._label()
        on_language_change(self._follow_language)  # held weakly: goes with the board

    def _label(self) -> None:
        self.discard.description = _("Discard a stick")
        self.discard.tooltip = _("Your hand is empty: your only move is to discard one stick.")

    def _follow_language(self, _lang: str) -> None:
        self._label()

    @property
    def names(self) -> list[str]:
        return list(self.table.names or [])

    @names.setter
    def names(self, names: Sequence[str]) -> None:
        self.table.names = list(names) or None
        self.hand.names = list(names)
        # New names for the game on show (a new language): draw them now.  Names for
        # another game (a new game with fewer seats) wait for that game's show().
        if self._game is not None and len(names) == self._game.players:
            self.table.show(self._game)
            if self.hand.game is not None:
                self.hand.refresh()

    def on_move(self, callback: Callable[[Move], Any], remove: bool = False) -> None:
        """Call ``callback(move)`` with every move chosen here; it plays the move."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def on_show(self, callback: Callable[[MatchstickTycoon], Any]) -> None:
        """Call ``callback(game)`` each time the board draws a game (the play page folds its
        introduction once the learner has started playing)."""
        self._shown.append(callback)

    def show(
        self, game: MatchstickTycoon, seat: int | None | str = "keep", *, reveal: bool | None = None
    ) -> None:
        """Draw ``game`` with ``seat``'s hand (None: the table only).  ``reveal`` is accepted
        as every table's is; the table shows each seat's card count, never its cards.  A
        board that is not interactive (the replay) shows ``seat``'s hand face up, with
        nothing to click: the cards that seat held at that point of the game."""
        self._game = game
        if seat != "keep":
            self.seat = seat  # type: ignore[assignment]
        self.table.show(game)
        seat_now = self.seat
        if seat_now is not None:
            self.hand.editable = self.interactive
            self.hand.bind(game, seat_now)
        self.hand.layout.display = None if seat_now is not None else "none"
        only_discard = (
            self.interactive and seat_now is not None and game.legal_moves(seat_now) == (DISCARD,)
        )
        self.discard.layout.display = None if only_discard else "none"
        for cb in list(self._shown):
            cb(game)

    def show_what_if(self, game: MatchstickTycoon, seat: int | None, words: str) -> None:
        """Draw ``game``, whose last move was not played (the review's better move): the
        table says ``words`` and marks that move in its log (:meth:`show` ends it)."""
        self.show(game, seat)
        self.table.show_what_if(game, words)

    def _chosen(self, move: Move) -> None:
        for cb in list(self._callbacks):
            cb(move)
