"""A page's title and introduction, said again when the language changes (any game).

The title is the game's name and the page's label from the registry; the text is HTML
marked with ``N_`` or a message.  ``prefix`` names the CSS classes (``<prefix>-intro``
inside a ``<prefix>-intro-box``), so each game's page keeps its own look.  A page can
say another introduction for a while (:meth:`PageIntro.show`: a play page opened for a
class room says what a room page is) and its own again.

>>> intro = PageIntro("chinese_ten", "play", "<p>Play.</p>", prefix="ct")
>>> intro.show("<p>A room.</p>"); "A room." in intro.value, "Play." in intro.value
(True, False)
>>> intro.show(None); "Play." in intro.value
True
"""

from __future__ import annotations

import html

import ipywidgets as w

from tabletop_widgets.core.i18n import Message, _, on_language_change
from tabletop_widgets.core.registry import GAMES

from .rule_links import link_rules_html

__all__ = ["PageIntro"]

_STYLE = """<style>
.{p}-intro h1 {{ font-size: 1.6em; margin: 0.2em 0 0.4em; }}
.{p}-intro p {{ margin: 0 0 0.6em; max-width: 60em; }}
.{p}-intro a {{ color: var(--jp-content-link-color, #1a5fd6); text-decoration: underline; }}
</style>"""


class PageIntro(w.HTML):
    """The title and introduction of game ``key``'s page of ``kind``."""

    def __init__(self, key: str, kind: str, text: str | Message, *, prefix: str) -> None:
        super().__init__()
        self.key, self.kind, self.text, self.prefix = key, kind, text, prefix
        #: The introduction said instead of ``text`` for now (None: the page's own).
        self.instead: str | Message | None = None
        self.add_class(f"{prefix}-intro-box")
        self._draw()
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    def _title(self) -> str:
        info = GAMES[self.key]
        label = next(p.label for p in info.pages if p.kind == self.kind)
        return f"{_(info.title)} — {_(label)}"  # a title: the names only, no sentence

    def _draw(self) -> None:
        title = html.escape(self._title())
        style = _STYLE.format(p=self.prefix)
        said = self.instead if self.instead is not None else self.text
        text = link_rules_html(_(said))  # a rule's id links to its paragraph
        self.value = f"<div class='{self.prefix}-intro'><h1>{title}</h1>{text}</div>{style}"

    def show(self, text: str | Message | None) -> None:
        """Say ``text`` (HTML marked with ``N_``, or a message) instead of the page's own
        introduction, under the same title; None says the page's own again."""
        if text != self.instead:
            self.instead = text
            self._draw()

    def _follow_language(self, _lang: str) -> None:
        self._draw()
