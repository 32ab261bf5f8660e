"""A page's title and introduction, said again when the language changes (any game).

The title is the game's name and the page's label from the registry; the text is HTML
marked with ``N_`` or a message.  ``prefix`` names the CSS classes (``<prefix>-intro``
inside a ``<prefix>-intro-box``), so each game's page keeps its own look.  A page can
say another introduction for a while (:meth:`PageIntro.show`: a play page opened for a
classroom says what a room page is) and its own again.

>>> intro = PageIntro("chinese_ten", "play", "<p>Play.</p>", prefix="ct")
>>> intro.show("<p>A room.</p>"); "A room." in intro.value, "Play." in intro.value
(True, False)
>>> intro.show(None); "Play." in intro.value
True

On a phone a long introduction folds to its first lines, with *Read more* under them:
the page's table is then a short scroll away, not under a screen or two of text.  On a
wider screen the whole introduction shows, with no control (the CSS of :data:`FOLD_STYLE`).
Once opened it stays open when the introduction is drawn again (a new language, a room's
introduction: a new, closed fold): the page's language menu remembers the learner's last
toggle and opens or closes each fold drawn after it the same way (``language_menu.js``).

A play page folds its introduction on a wider screen too once the learner has started
playing (:meth:`PageIntro.fold`): read by then, it gives its room to the table and the hand.

>>> intro.fold(); intro.folded, "tt-intro-folded" in intro._dom_classes
(True, True)
>>> intro.fold(False); "tt-intro-folded" in intro._dom_classes
False

>>> "tt-intro-more" in intro.value  # one short paragraph: nothing to fold
False
>>> long = PageIntro("chinese_ten", "play", "<p>" + "Play. " * 60 + "</p><p>More.</p>",
...                  prefix="ct")
>>> "<summary><span class='tt-when-closed'>Read more</span>" in long.value
True
"""

from __future__ import annotations

import html
import re

import ipywidgets as w

from tabletop_widgets.core.i18n import Message, _, on_language_change
from tabletop_widgets.core.registry import GAMES

from .rule_links import link_rules_html

__all__ = ["FOLD_AFTER", "FOLD_STYLE", "PageIntro"]

_STYLE = """<style>
.{p}-intro {{ line-height: 1.5; }}
.{p}-intro h1 {{ font-size: 1.6em; margin: 0.2em 0 0.4em; }}
.{p}-intro p {{ margin: 0 0 0.6em; max-width: 60em; }}
.{p}-intro a {{ color: var(--jp-content-link-color, #1a5fd6); text-decoration: underline; }}
</style>"""

#: An introduction with more text than this (in characters, tags left out) folds on a
#: phone; a shorter one fits in the lines a folded one shows.
FOLD_AFTER = 240
#: The lines a folded introduction shows of its first paragraph.
FOLD_LINES = 4
#: The fold, for every game's pages: on a narrow screen (600 px or less) and while
#: *Read more* is closed, only the first paragraph's first lines show (an ellipsis ends
#: them); open, everything.  A wider screen shows everything and no control.  A browser
#: without ``:has()`` shows everything too.  A folded introduction (:meth:`PageIntro.fold`)
#: folds on a wider screen too, to its first paragraph's first two lines.
FOLD_STYLE = f"""<style>
.tt-intro-more {{ display: none; }}
@media (max-width: 600px) {{
  @supports selector(:has(*)) {{
    .tt-intro-text + .tt-intro-more {{ display: block; margin: -0.2em 0 0.6em; }}
    .tt-intro-more > summary {{ cursor: pointer; width: fit-content; padding: 8px 0;
      min-height: 24px; font-weight: 600; color: var(--jp-content-link-color, #1a5fd6); }}
    .tt-intro-more > summary:focus-visible {{
      outline: 3px solid var(--jp-brand-color1, #1a5fd6); outline-offset: 2px; }}
    .tt-intro-more:not([open]) .tt-when-open,
    .tt-intro-more[open] .tt-when-closed {{ display: none; }}
    .tt-intro-text:has(+ .tt-intro-more:not([open])) > * + * {{
      display: none; }}
    .tt-intro-text:has(+ .tt-intro-more:not([open])) > :first-child {{
      display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: {FOLD_LINES};
      line-clamp: {FOLD_LINES}; overflow: clip; }}
  }}
}}
@media (min-width: 601px) {{
  @supports selector(:has(*)) {{
    .tt-intro-folded .tt-intro-text + .tt-intro-more {{ display: block; margin: -0.2em 0 0.4em; }}
    .tt-intro-folded .tt-intro-more > summary {{ cursor: pointer; width: fit-content;
      padding: 4px 0; font-weight: 600; color: var(--jp-content-link-color, #1a5fd6); }}
    .tt-intro-folded .tt-intro-more > summary:focus-visible {{
      outline: 3px solid var(--jp-brand-color1, #1a5fd6); outline-offset: 2px; }}
    .tt-intro-folded .tt-intro-more:not([open]) .tt-when-open,
    .tt-intro-folded .tt-intro-more[open] .tt-when-closed {{ display: none; }}
    .tt-intro-folded .tt-intro-text:has(+ .tt-intro-more:not([open])) > * + * {{
      display: none; }}
    .tt-intro-folded .tt-intro-text:has(+ .tt-intro-more:not([open])) > :first-child {{
      display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2;
      line-clamp: 2; overflow: clip; }}
    .tt-intro-folded h1 {{ margin-bottom: 0.2em; }}
  }}
}}
@media (max-width: 600px) and (pointer: coarse) {{
  .tt-intro-more > summary {{ padding: 10px 0; min-height: 40px; box-sizing: border-box; }}
}}
</style>"""
_BLOCK = re.compile(r"\s*<(p|div|ul|ol|h[1-6]|table|blockquote)\b", re.I)
_TAG = re.compile(r"<[^>]*>")


class PageIntro(w.HTML):
    """The title and introduction of game ``key``'s page of ``kind``."""

    def __init__(self, key: str, kind: str, text: str | Message, *, prefix: str) -> None:
        super().__init__()
        self.key, self.kind, self.text, self.prefix = key, kind, text, prefix
        #: The introduction said instead of ``text`` for now (None: the page's own).
        self.instead: str | Message | None = None
        #: Folded on a wide screen too (:meth:`fold`).
        self.folded = False
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
        if not _BLOCK.match(text):
            text = f"<p>{text}</p>"  # the fold shows the first block's first lines
        fold = ""
        if len(html.unescape(_TAG.sub("", text)).strip()) > FOLD_AFTER:
            more, less = html.escape(_("Read more")), html.escape(_("Show less"))
            fold = (
                "<details class='tt-intro-more'><summary>"
                f"<span class='tt-when-closed'>{more}</span>"
                f"<span class='tt-when-open'>{less}</span>"
                "</summary></details>"
            )
        self.value = (
            f"<div class='{self.prefix}-intro'><h1>{title}</h1>"
            f"<div class='tt-intro-text'>{text}</div>{fold}</div>{style}"
            + (FOLD_STYLE if fold else "")
        )

    def show(self, text: str | Message | None) -> None:
        """Say ``text`` (HTML marked with ``N_``, or a message) instead of the page's own
        introduction, under the same title; None says the page's own again."""
        if text != self.instead:
            self.instead = text
            self._draw()

    def fold(self, on: bool = True) -> None:
        """Fold the introduction to its first lines, with *Read more* under them, on a wide
        screen too (a phone folds it always): a play page does once the learner has started
        playing, so the table and the hand are on the first screen."""
        if on != self.folded:
            self.folded = on
            if on:
                self.add_class("tt-intro-folded")
            else:
                self.remove_class("tt-intro-folded")

    def _follow_language(self, _lang: str) -> None:
        self._draw()
