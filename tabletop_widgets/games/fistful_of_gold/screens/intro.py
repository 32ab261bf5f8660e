"""The words at the top of each A Fistful of Gold page: its title (the landing page's name
for it) and a short introduction, in the page's language.

>>> intro = PageIntro("play", "<p>Play.</p>")
>>> intro.value.startswith("<div class='fg-intro'><h1>A Fistful of Gold — Play</h1>")
True
"""

from __future__ import annotations

import html

import ipywidgets as w

from tabletop_widgets.core.i18n import Message, _, on_language_change
from tabletop_widgets.core.registry import GAMES

__all__ = ["PageIntro"]

KEY = "fistful_of_gold"

STYLE = """<style>
.fg-intro h1 { font-size: 1.6em; margin: 0.2em 0 0.4em; }
.fg-intro p { margin: 0 0 0.6em; max-width: 60em; }
</style>"""


class PageIntro(w.HTML):
    """The page's title and introduction (HTML marked with ``N_``, or a message), said
    again when the language changes."""

    def __init__(self, kind: str, text: str | Message) -> None:
        super().__init__()
        self.kind = kind
        self.text = text
        self.add_class("fg-intro-box")
        self._draw()
        on_language_change(self._follow_language)

    def _title(self) -> str:
        info = GAMES[KEY]
        label = next(p.label for p in info.pages if p.kind == self.kind)
        game, page = _(info.title), _(label)
        return f"{game} — {page}"  # a title: the names only, no sentence to translate

    def _draw(self) -> None:
        title = html.escape(self._title())
        self.value = f"<div class='fg-intro'><h1>{title}</h1>{_(self.text)}</div>{STYLE}"

    def _follow_language(self, _lang: str) -> None:
        self._draw()
