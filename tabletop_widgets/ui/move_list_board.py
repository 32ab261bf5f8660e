"""A plain board for any game: the position in words and one button per legal move.

A game plays on the generic play screen with this board before it has a table
of its own (the test-only fourth game does).

>>> import random
>>> from tabletop_widgets.core import GAMES
>>> game = GAMES["chinese_ten"].engine.new(players=2, seed=1, target=None)
>>> board = MoveListBoard(names=["You", "Bea"])
>>> played = []
>>> board.on_move(played.append)
>>> board.show(game, 0)
>>> board.buttons[0].click(); played == [game.legal_moves(0)[0]]
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import N_, _, ngettext, on_language_change

from .actions import ActionButton
from .words import by_person, seat_label

__all__ = ["MoveListBoard"]


class MoveListBoard(w.VBox):
    """``show(game, seat)`` lists ``seat``'s legal moves as buttons; a click hands the move
    to the ``on_move`` callbacks."""

    def __init__(
        self, *, names: Sequence[str] = (), interactive: bool = True, **kwargs: Any
    ) -> None:
        self.names = list(names)
        self.interactive = interactive
        self._callbacks: list[Callable[[Any], Any]] = []
        self._text = w.HTML()
        self._moves = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons: list[w.Button] = []
        self._last: tuple[Any, int | None, bool] | None = None
        super().__init__([self._text, self._moves], **kwargs)
        on_language_change(self._follow_language)

    def _follow_language(self, _lang: str) -> None:
        if self._last is not None:
            game, seat, reveal = self._last
            self.show(game, seat, reveal=reveal)

    def on_move(self, callback: Callable[[Any], Any], remove: bool = False) -> None:
        """Call ``callback(move)`` when the person picks a move."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def show(self, game: Any, seat: int | None = None, *, reveal: bool = False) -> None:
        self._last = (game, seat, reveal)
        names = self.names or [seat_label(s) for s in range(game.players)]
        n = len(game.history)
        lines = [ngettext("{n} move played.", "{n} moves played.", n)]
        if game.is_over:
            lines.append(_("The game is over."))
        else:
            lines.append(
                " ".join(
                    by_person(names[s], N_("You choose now."), N_("{name} chooses now."))
                    for s in game.current_players()
                )
            )
        self._text.value = "<p>" + "<br>".join(html.escape(x) for x in lines) + "</p>"
        moves = game.legal_moves(seat) if (seat is not None and self.interactive) else ()
        self.buttons = []
        for m in moves:
            b = ActionButton(description=str(m), tooltip=_("play {move}", move=str(m)))
            b.on_click(lambda _b, m=m: self._pick(m))
            self.buttons.append(b)
        self._moves.children = tuple(self.buttons)

    def _pick(self, move: Any) -> None:
        for cb in list(self._callbacks):
            cb(move)
