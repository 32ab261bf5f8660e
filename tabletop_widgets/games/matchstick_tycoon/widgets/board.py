"""A game you can play in a notebook cell: the table and the hand of the seat to move.

``game.widget()`` returns one.  The hand always shows the seat whose turn it
is (everyone at one screen); a play or a pass from it is played on the game,
and the table and the hand are redrawn.  Built from the table and hand
widgets, so it has no front end of its own.

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=3, seed=4)
>>> board = g.widget()
>>> board.hand.seat == g.to_move
True
>>> seen = []
>>> board.on_move(lambda seat, move: seen.append((seat, str(move))))
>>> move = board.play(g.legal_moves()[0])
>>> seen == [(g.movers[-1], str(move))], board.hand.seat == g.to_move
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Move

from .hand import HandWidget
from .table import TycoonTable

__all__ = ["TycoonBoard"]


class TycoonBoard(w.VBox):
    """The table (:class:`TycoonTable`) above the hand (:class:`HandWidget`) of the seat
    to move, for one game; :meth:`on_move` callbacks hear of every move played here."""

    def __init__(self, game: MatchstickTycoon, **kwargs: Any) -> None:
        self.game = game
        self.table = TycoonTable()
        self.hand = HandWidget(size=54)
        self.hand.on_move(self.play)
        self._callbacks: list[Callable[[int, Move], Any]] = []
        super().__init__([self.table, self.hand], **kwargs)
        self.refresh()

    def on_move(self, callback: Callable[[int, Move], Any], remove: bool = False) -> None:
        """Call ``callback(seat, move)`` after each move played from this board."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def play(self, move: Move | str) -> Move:
        """Play ``move`` for the seat to move (IllegalMoveError, shown in the hand, if not)."""
        played = self.game.play(move)
        seat = self.game.movers[-1]
        self.refresh()
        for cb in list(self._callbacks):
            cb(seat, played)
        return played

    def refresh(self) -> None:
        """Redraw from the game (call after changing it elsewhere)."""
        g = self.game
        self.table.show(g)
        seat = g.to_move
        self.hand.bind(g, g.start.to_move if seat is None else seat)
        self.hand.layout.display = "none" if seat is None else None
