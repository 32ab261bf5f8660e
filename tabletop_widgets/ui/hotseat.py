"""Hot-seat play: several people at one screen, each hand hidden between turns.

:class:`HotSeatGate` wraps whatever shows the private part of a turn (a hand
widget, a choice panel).  When the seat to play changes to another person,
the private part is hidden behind a "pass the screen to <name>" cover until
that person presses the button.  Game-agnostic: it only knows seat numbers.

>>> from ipywidgets import Label
>>> gate = HotSeatGate(Label("Ann's hand"), names=["Ann", "Bo"])
>>> gate.turn_to(1); gate.hidden, gate.cover_text
(True, 'Pass the screen to Bo.')
>>> gate.reveal(); gate.hidden
False
>>> gate.turn_to(1); gate.hidden  # same person again: no cover
False
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

__all__ = ["HotSeatGate"]


class HotSeatGate(w.VBox):
    """Shows ``private`` only to the person whose turn it is."""

    def __init__(self, private: w.Widget, *, names: Sequence[str], **kwargs: Any) -> None:
        self.private = private
        self.names = list(names)
        self.seat: int | None = None
        self.hidden = True
        self.cover_text = ""
        self._text = w.HTML()
        self._button = w.Button(description="👁 Show my hand", button_style="warning")
        self._button.on_click(lambda _: self.reveal())
        self._cover = w.VBox([self._text, self._button],
                             layout=w.Layout(border="2px dashed #888", padding="16px"))
        super().__init__([self._cover], **kwargs)

    def turn_to(self, seat: int | None) -> None:
        """The turn passes to ``seat`` (None: nobody's private turn, hide everything)."""
        if seat is None:
            self.seat, self.hidden = None, True
            self.cover_text = "Nobody's turn."
            self._text.value = html.escape(self.cover_text)
            self._button.layout.display = "none"
            self.children = (self._cover,)
            return
        if seat == self.seat and not self.hidden:
            return
        self.seat, self.hidden = seat, True
        name = self.names[seat]
        self.cover_text = f"Pass the screen to {name}."
        self._text.value = (f"<h3>🙈 {html.escape(self.cover_text)}</h3>"
                            f"<p>Everybody else, look away. {html.escape(name)}: press the button "
                            "to see your cards.</p>")
        self._button.description = f"I am {name}: show my hand"
        self._button.layout.display = None
        self.children = (self._cover,)

    def reveal(self) -> None:
        """The person at the screen shows their private view."""
        if self.seat is None:
            return
        self.hidden = False
        self.children = (self.private,)
