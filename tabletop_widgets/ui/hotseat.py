"""Hot-seat play: several people at one screen, each hand hidden between turns.

:class:`HotSeatGate` wraps the board.  When the seat to play changes to
another person, the board is replaced by a "pass the screen to <name>"
cover until that person presses the button; the screen then redraws the
board from that seat (``on_reveal``), so nothing private is even sent to the
browser while the cover is up.  Game-agnostic: it only knows seat numbers.

>>> from ipywidgets import Label
>>> gate = HotSeatGate(Label("the board"), names=["Ann", "Bo"])
>>> shown = []
>>> gate.on_reveal(shown.append)
>>> gate.turn_to(1); gate.hidden, gate.cover_text
(True, 'Pass the screen to Bo.')
>>> gate.reveal(); gate.hidden, shown
(False, [1])
>>> gate.turn_to(1); gate.hidden  # same person again: no cover
False
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

__all__ = ["HotSeatGate"]


class HotSeatGate(w.VBox):
    """Shows ``private`` only to the person whose turn it is."""

    def __init__(self, private: w.Widget, *, names: Sequence[str], **kwargs: Any) -> None:
        self.private = private
        self.names = list(names)
        self.seat: int | None = None
        self.hidden = False
        self.cover_text = ""
        self._on_reveal: list[Callable[[int], Any]] = []
        self._text = w.HTML()
        self._button = w.Button(
            description="Show my cards",
            button_style="warning",
            layout=w.Layout(width="auto", min_height="40px"),
        )
        self._button.on_click(lambda _: self.reveal())
        self._cover = w.VBox([self._text, self._button])
        self._cover.add_class("tt-hotseat-cover")
        super().__init__([private], **kwargs)

    def on_reveal(self, callback: Callable[[int], Any], remove: bool = False) -> None:
        """Call ``callback(seat)`` when the person at the screen uncovers the board."""
        if remove:
            self._on_reveal.remove(callback)
        else:
            self._on_reveal.append(callback)

    def show_all(self) -> None:
        """No cover: one person at the screen, or nothing secret any more."""
        self.seat, self.hidden = None, False
        self.children = (self.private,)

    def turn_to(self, seat: int | None) -> None:
        """The turn passes to ``seat`` (None: nobody's private turn, hide everything)."""
        if seat is None:
            self.seat, self.hidden = None, True
            self.cover_text = "Waiting for the other players."
            self._text.value = f"<p>{html.escape(self.cover_text)}</p>"
            self._button.layout.display = "none"
            self.children = (self._cover,)
            return
        if seat == self.seat and not self.hidden:
            return
        self.seat, self.hidden = seat, True
        name = self.names[seat]
        self.cover_text = f"Pass the screen to {name}."
        self._text.value = (
            f"<h3>{html.escape(self.cover_text)}</h3>"
            f"<p>Everybody else, look away. {html.escape(name)}: press the "
            "button to see your cards.</p>"
        )
        self._button.description = "Show my cards"
        self._button.tooltip = f"I am {name}: show my cards"
        self._button.layout.display = None
        self.children = (self._cover,)

    def reveal(self) -> None:
        """The person at the screen shows their private view."""
        if self.seat is None:
            return
        self.hidden = False
        self.children = (self.private,)
        for cb in list(self._on_reveal):
            cb(self.seat)
