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

from tabletop_widgets.core.i18n import _, on_language_change

from .actions import ActionButton

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
        self._button = ActionButton(
            description=_("Show my cards"),
            button_style="warning",
            layout=w.Layout(width="auto", min_height="40px"),
        )
        self._button.on_click(lambda _b: self.reveal())
        self._cover = w.VBox([self._text, self._button])
        self._cover.add_class("tt-hotseat-cover")
        super().__init__([private], **kwargs)
        on_language_change(self._follow_language)

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
            self._draw_cover()
            self.children = (self._cover,)
            return
        if seat == self.seat and not self.hidden:
            return
        self.seat, self.hidden = seat, True
        self._draw_cover()
        self.children = (self._cover,)

    def _draw_cover(self) -> None:
        """The cover's words, in the current language."""
        self._button.description = _("Show my cards")
        if self.seat is None:
            self.cover_text = _("Waiting for the other players.")
            self._text.value = f"<p>{html.escape(self.cover_text)}</p>"
            self._button.layout.display = "none"
            return
        name = self.names[self.seat]
        self.cover_text = _("Pass the screen to {name}.", name=name)
        look_away = _(
            "Everybody else, look away. {name}: press the button to see your cards.", name=name
        )
        self._text.value = f"<h3>{html.escape(self.cover_text)}</h3><p>{html.escape(look_away)}</p>"
        self._button.tooltip = _("I am {name}: show my cards", name=name)
        self._button.layout.display = None

    def _follow_language(self, _lang: str) -> None:
        self._draw_cover()

    def reveal(self) -> None:
        """The person at the screen shows their private view."""
        if self.seat is None:
            return
        self.hidden = False
        self.children = (self.private,)
        for cb in list(self._on_reveal):
            cb(self.seat)
