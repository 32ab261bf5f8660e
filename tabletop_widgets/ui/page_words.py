"""Words and charts of a page that follow its language (any game): each is said or drawn
again when the language changes.

>>> from tabletop_widgets.core.i18n import N_, set_language
>>> words = Words(N_("Your turn."))
>>> words.value
'Your turn.'
>>> _ = set_language("fr"); words.value
'À vous de jouer.'
>>> _ = set_language("en")
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import Message, _, on_language_change

from .rule_links import link_rules_html

__all__ = ["FigureBox", "Words"]


class Words(w.HTML):
    """HTML words of a page: an ``N_`` string, a message, or a function that returns HTML
    (escaped by whoever builds it); a rule's id in them links to its paragraph of the rules
    page beside the page."""

    def __init__(self, source: str | Message | Callable[[], str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.source = source
        self._draw()
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    def _draw(self) -> None:
        self.value = link_rules_html(self.source() if callable(self.source) else _(self.source))

    def _follow_language(self, _lang: str) -> None:
        self._draw()


class FigureBox(w.HTML):
    """A matplotlib figure as a picture (titles and axes are words); ``make()`` returns the
    figure, ``alt()`` the picture's alternative text (default: the figure's title)."""

    def __init__(
        self, make: Callable[[], Any], alt: Callable[[], str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.make, self.alt = make, alt
        self._draw()
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    def _draw(self) -> None:
        from tabletop_widgets.analysis.plots import figure_png

        fig = self.make()
        if self.alt is not None:
            alt = self.alt()
        else:
            alt = fig._suptitle.get_text() if getattr(fig, "_suptitle", None) else ""
        data = base64.b64encode(figure_png(fig)).decode("ascii")
        self.value = (
            f"<img src='data:image/png;base64,{data}' alt='{html.escape(alt, quote=True)}' "
            "style='max-width: 100%; height: auto'>"
        )

    def _follow_language(self, _lang: str) -> None:
        self._draw()
