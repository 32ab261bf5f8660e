"""The app's landing page: every game of the registry, a picture each, links to its pages.

Its words and links come from Python in the page's language (Markdown cells would be
rendered by the server in one language): :class:`LandingPage` draws them in ``ipywidgets``
HTML (plain links that navigate to ``/voila/render/...``; Voilà's HTML *outputs* would
hand links to JupyterLab's renderer instead) and draws them again when the language
changes.  Titles, pitches and the pages' labels are the registry's, translated through
the catalogs; the pictures come from each game's SVG renderer.

>>> from tabletop_widgets.core.i18n import language
>>> "<svg" in picture_html("matchstick_tycoon")
True
>>> print(links_html(GAMES["matchstick_tycoon"]).split("</li>")[0])
<ul><li><a href='matchstick_tycoon/tutorial.ipynb'>Tutorial</a> — learn each rule by doing it
>>> with language("fr"):
...     print(links_html(GAMES["matchstick_tycoon"]).split("</a>")[0])
<ul><li><a href='matchstick_tycoon/tutorial.ipynb'>Tutoriel
>>> len(pages())
12
"""

from __future__ import annotations

import html

import ipywidgets as w

from tabletop_widgets.core.i18n import _, on_language_change
from tabletop_widgets.core.registry import BUILTIN, GAMES, GameInfo

__all__ = ["LandingPage", "landing_html", "links_html", "pages", "picture_html"]

_STYLE = """<style>
.tt-landing { display: flex; flex-direction: column; gap: 14px; max-width: 980px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Apple SD Gothic Neo",
  "Malgun Gothic", "Noto Sans CJK KR", "Noto Sans KR", NanumGothic, sans-serif; }
.tt-landing h1 { margin: 0 0 4px; }
.tt-game { display: flex; gap: 18px; align-items: center; padding: 12px 16px;
  border: 1px solid var(--jp-border-color1, #d8d3c4); border-radius: 12px;
  background: var(--jp-layout-color1, #fffdf7); flex-wrap: wrap; }
.tt-game h2 { margin: 0 0 4px; }
.tt-game p { margin: 0 0 8px; }
.tt-game ul { margin: 0; padding-left: 1.2em; }
.tt-landing a { color: var(--jp-content-link-color, #1a5fd6); text-decoration: underline;
  font-weight: 600; }
.tt-landing a:hover, .tt-landing a:focus-visible { text-decoration-thickness: 2px; }
.tt-picture { flex: 0 0 auto; max-width: 100%; overflow-x: auto; }
</style>"""


def pages(keys: tuple[str, ...] = BUILTIN) -> tuple[str, ...]:
    """Every page the landing page links to, relative to the notebooks folder."""
    return tuple(f"{k}/{p.notebook}" for k in keys for p in GAMES[k].pages)


def picture_html(key: str) -> str:
    """One game's picture (an HTML block of SVG cards)."""
    info = GAMES[key]
    svg = info.picture() if info.picture else ""
    label = _("{game} cards", game=_(info.title))
    return (
        f"{_STYLE}<div class='tt-picture' role='img' aria-label='{html.escape(label)}'>{svg}</div>"
    )


def links_html(info: GameInfo) -> str:
    """The list of a game's pages, in the current language."""
    items = "".join(
        f"<li><a href='{info.key}/{p.notebook}'>{html.escape(_(p.label))}</a> — "
        f"{html.escape(_(p.blurb))}</li>"
        for p in info.pages
    )
    return f"<ul>{items}</ul>"


def _intro_html() -> str:
    title = html.escape(_("Tabletop games"))
    return (
        f"<h1>{title}</h1><p>"
        + html.escape(
            _(
                "Learn these card games by playing them. Start with a tutorial: every rule is "
                "a short exercise, checked as you go. Then play against bots or friends, or "
                'open a sandbox and ask "what if?".'
            )
        )
        + "</p>"
    )


def _game_html(key: str, picture: str) -> str:
    g = GAMES[key]
    label = _("{game} cards", game=_(g.title))
    return (
        f"<section class='tt-game' aria-label='{html.escape(_(g.title))}'>"
        f"<div class='tt-picture' role='img' aria-label='{html.escape(label)}'>{picture}</div>"
        f"<div><h2>{html.escape(_(g.title))}</h2><p>{html.escape(_(g.pitch))}</p>"
        f"{links_html(g)}</div></section>"
    )


def _classroom_html() -> str:
    """The teachers' way in: the Classroom page (rooms to play each other, class codes)."""
    title = html.escape(_("For teachers"))
    link = html.escape(_("The classroom"))
    what = html.escape(
        _(
            "Open a room where your students play each other on their own devices, or a "
            "class code that shows you, live, how far each student is in the tutorials."
        )
    )
    return (
        f"<section class='tt-game tt-teachers' aria-label='{title}'><div><h2>{title}</h2>"
        f"<p><a href='classroom.ipynb'>{link}</a> — {what}</p></div></section>"
    )


def _note_html() -> str:
    note = _(
        "Rules marked “interpretation” in the tutorials are the readings this project chose "
        "where the published rules are silent."
    )
    return f"<p><small>{html.escape(note)}</small></p>"


def landing_html(keys: tuple[str, ...] = BUILTIN) -> str:
    """The whole landing page as one HTML block, in the current language."""
    parts = [_STYLE, "<div class='tt-landing'>", _intro_html()]
    for key in keys:
        info = GAMES[key]
        parts.append(_game_html(key, info.picture() if info.picture else ""))
    parts.append(_classroom_html())
    parts.append(_note_html())
    parts.append("</div>")
    return "".join(parts)


class LandingPage(w.VBox):
    """The landing page as widgets, drawn again when the language changes."""

    def __init__(self, keys: tuple[str, ...] = BUILTIN) -> None:
        self.game_keys = keys
        self._pictures: dict[str, str] = {}
        self._intro = w.HTML()
        self._games = {k: w.HTML() for k in keys}
        self._teachers = w.HTML()
        self._note = w.HTML()
        super().__init__([self._intro, *self._games.values(), self._teachers, self._note])
        self.add_class("tt-landing-page")
        self.draw()
        on_language_change(self._follow_language)

    def draw(self) -> None:
        """Write every word in the current language (the cards' own words too)."""
        self._pictures = {k: GAMES[k].picture() if GAMES[k].picture else "" for k in self.game_keys}
        self._intro.value = f"{_STYLE}<div class='tt-landing'>{_intro_html()}</div>"
        for key, box in self._games.items():
            box.value = f"<div class='tt-landing'>{_game_html(key, self._pictures[key])}</div>"
        self._teachers.value = f"<div class='tt-landing'>{_classroom_html()}</div>"
        self._note.value = f"<div class='tt-landing'>{_note_html()}</div>"

    def _follow_language(self, _lang: str) -> None:
        self.draw()
