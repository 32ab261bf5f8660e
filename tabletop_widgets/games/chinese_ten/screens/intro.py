"""The words of the Chinese Ten pages, in the page's language: the title and introduction
at the top of each page (:class:`PageIntro`, the landing page's names for the game and the
page), other words of a page (:class:`Words`) and charts (:class:`FigureBox`), each said or
drawn again when the language changes.

>>> intro = PageIntro("play", "<p>Play.</p>")
>>> intro.value.startswith("<div class='ct-intro'><h1>Chinese Ten — Play</h1>")
True
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import Message, _, on_language_change
from tabletop_widgets.ui.page_intro import PageIntro as SharedPageIntro

__all__ = ["FigureBox", "PageIntro", "Words"]

KEY = "chinese_ten"


class PageIntro(SharedPageIntro):
    """The page's title and introduction (HTML marked with ``N_``, or a message), said
    again when the language changes."""

    def __init__(self, kind: str, text: str | Message) -> None:
        super().__init__(KEY, kind, text, prefix="ct")


class Words(w.HTML):
    """HTML words of a page said again when the language changes: an ``N_`` string, a
    message, or a function that returns HTML (escaped by whoever builds it)."""

    def __init__(self, source: str | Message | Callable[[], str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.source = source
        self._draw()
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    def _draw(self) -> None:
        self.value = self.source() if callable(self.source) else _(self.source)

    def _follow_language(self, _lang: str) -> None:
        self._draw()


class FigureBox(w.HTML):
    """A matplotlib figure as a picture with its words as the alternative text, drawn again
    in a new language (titles and axes are words); ``make()`` returns the figure,
    ``alt()`` the words."""

    def __init__(self, make: Callable[[], Any], alt: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.make, self.alt = make, alt
        self._draw()
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    def _draw(self) -> None:
        from tabletop_widgets.analysis.plots import figure_png

        data = base64.b64encode(figure_png(self.make())).decode("ascii")
        alt = html.escape(self.alt(), quote=True)
        self.value = (
            f"<img src='data:image/png;base64,{data}' alt='{alt}' "
            "style='max-width: 100%; height: auto'>"
        )

    def _follow_language(self, _lang: str) -> None:
        self._draw()
