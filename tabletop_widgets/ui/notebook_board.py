"""A game's table in a notebook cell, everyone at one screen: ``game.widget()``.

The board shows the hand of the seat that chooses now and plays the moves made on it
on the game itself; after each move it follows the next seat to choose.

>>> from tabletop_widgets.core import GAMES
>>> from tabletop_widgets.ui.move_list_board import MoveListBoard
>>> game = GAMES["chinese_ten"].engine.new(players=2, seed=1, target=None)
>>> board = playable(MoveListBoard(), game)
>>> board.buttons[0].click(); len(game.history) >= 1
True
"""

from __future__ import annotations

from typing import Any

__all__ = ["playable"]


def playable(board: Any, game: Any) -> Any:
    """Wire ``board`` (any table of the board convention) to play on ``game``."""

    def chooser() -> int | None:
        seats = game.current_players()
        return seats[0] if seats else None

    def play(move: Any) -> None:
        game.play(move, chooser())
        board.show(game, chooser())

    board.on_move(play)
    board.show(game, chooser())
    return board
