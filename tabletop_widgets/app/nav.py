"""The line at the top of every page of a game: back to all the games, and the game's pages.

Links are plain anchors in an HTML widget (not an HTML output, which JupyterLab's renderer
would take over), relative to the page, so they work in Voilà and in JupyterLab alike.

>>> html = page_nav("chinese_ten", "play").value
>>> '<a href="../index.ipynb">All games</a>' in html, '<a href="rules.ipynb">Rules</a>' in html
(True, True)
>>> "<b aria-current=\\"page\\">Play</b>" in html
True
"""

from __future__ import annotations

import html

import ipywidgets as w

from tabletop_widgets.core.i18n import _, on_language_change
from tabletop_widgets.core.registry import GAMES

__all__ = ["NavLine", "nav_html", "page_nav"]

STYLE = """<style>
.tt-nav { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center; margin: 0 0 6px;
  font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
.tt-nav a { color: var(--jp-content-link-color, #1a5fd6); text-decoration: underline;
  display: inline-block; padding: 6px 0; }
.tt-nav b { padding: 6px 0; }
.tt-nav-name { display: none; }
.tt-nav-pages { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center; }
/* A fingertip is about 44 px wide: short labels ("Play") get room around them. */
@media (pointer: coarse) {
  .tt-nav a, .tt-nav b { padding: 10px 0; min-width: 44px; text-align: center; }
}
/* A phone: two rows that read as one navigation, never a ragged wrap.  The first row is
   the way back and the game's name; the second the game's pages as a row of tabs that
   share the width, the page shown marked under its name.  A language whose names do not
   fit scrolls that row sideways rather than wrap it. */
@media (max-width: 600px) {
  .tt-nav { gap: 0 12px; }
  .tt-nav-title { display: none; }
  .tt-nav-name { display: inline; }
  .tt-nav-pages { flex: 1 0 100%; flex-wrap: nowrap; gap: 0; overflow-x: auto;
    scrollbar-width: none; border-bottom: 1px solid var(--jp-border-color2, #d0d0d0); }
  .tt-nav-pages::-webkit-scrollbar { display: none; }
  .tt-nav-pages > a, .tt-nav-pages > b { flex: 1 0 auto; white-space: nowrap;
    text-align: center; padding: 10px 8px; min-width: 44px; box-sizing: border-box; }
  .tt-nav-pages > b { box-shadow: inset 0 -3px 0 var(--jp-content-link-color, #1a5fd6); }
}
</style>"""


def nav_html(key: str, kind: str) -> str:
    """The navigation line of page ``kind`` of game ``key``."""
    info = GAMES[key]
    every = html.escape(_("All games"))
    # Translators: the game's name before the links to its pages ("Dix chinois :").
    title = html.escape(_("{game}:", game=_(info.title)))
    # On a phone the pages sit on a row of their own, under the name: no colon there.
    name_alone = html.escape(_(info.title))
    pages = []
    for page in info.pages:
        label = html.escape(_(page.label))
        pages.append(
            f'<b aria-current="page">{label}</b>'
            if page.kind == kind
            else f'<a href="{page.notebook}">{label}</a>'
        )
    items = [
        f'<a href="../index.ipynb">{every}</a>',
        f'<span class="tt-nav-title">{title}</span>',
        f'<span class="tt-nav-name">{name_alone}</span>',
        f'<span class="tt-nav-pages">{"".join(pages)}</span>',
    ]
    name = html.escape(_("pages"))
    return f'{STYLE}<nav class="tt-nav" aria-label="{name}">{"".join(items)}</nav>'


class NavLine(w.HTML):
    """The navigation line as a widget; it is said again when the language changes."""

    def __init__(self, key: str, kind: str) -> None:
        super().__init__(nav_html(key, kind))
        self._where = (key, kind)
        on_language_change(self._follow_language)

    def _follow_language(self, lang: str) -> None:
        self.value = nav_html(*self._where)


def page_nav(key: str, kind: str) -> NavLine:
    """The navigation line as a widget, for a page's first code cell."""
    return NavLine(key, kind)
