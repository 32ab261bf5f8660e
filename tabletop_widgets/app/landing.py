"""The app's landing page: every game of the registry, a picture each, links to its pages.

The links live in Markdown cells of ``notebooks/index.ipynb`` (written by
:func:`links_markdown`, and a test checks the notebook against it): Voilà
renders Markdown on the server as plain links that navigate to
``/voila/render/...``, and JupyterLab opens them as notebooks.  (Links inside
an HTML *output* would be taken over by JupyterLab's renderer, which Voilà
has no handler for.)  The pictures come from each game's SVG renderer.

>>> "<svg" in picture_html("matchstick_tycoon")
True
>>> print(links_markdown(GAMES["matchstick_tycoon"]).splitlines()[0])
- [Tutorial](matchstick_tycoon/tutorial.ipynb) — learn each rule by doing it
>>> len(pages())
12
"""

from __future__ import annotations

import html

from tabletop_widgets.core.registry import BUILTIN, GAMES, GameInfo

__all__ = ["landing_html", "links_markdown", "pages", "picture_html"]

_STYLE = """<style>
.tt-landing { display: flex; flex-direction: column; gap: 14px; max-width: 980px; }
.tt-game { display: flex; gap: 18px; align-items: center; padding: 12px 16px;
  border: 1px solid var(--jp-border-color1, #d8d3c4); border-radius: 12px;
  background: var(--jp-layout-color1, #fffdf7); flex-wrap: wrap; }
.tt-game h2 { margin: 0 0 4px; }
.tt-game p { margin: 0 0 8px; }
.tt-game ul { margin: 0; padding-left: 1.2em; }
.tt-game a { font-weight: 600; }
.tt-picture { flex: 0 0 auto; max-width: 100%; overflow-x: auto; }
</style>"""


def pages(keys: tuple[str, ...] = BUILTIN) -> tuple[str, ...]:
    """Every page the landing page links to, relative to the notebooks folder."""
    return tuple(f"{k}/{p.notebook}" for k in keys for p in GAMES[k].pages)


def picture_html(key: str) -> str:
    """One game's picture (an HTML block of SVG cards)."""
    info = GAMES[key]
    svg = info.picture() if info.picture else ""
    return (
        f"{_STYLE}<div class='tt-picture' role='img' "
        f"aria-label='{html.escape(info.title)} cards'>{svg}</div>"
    )


def links_markdown(info: GameInfo) -> str:
    """The Markdown list of a game's pages, as written in the landing notebook."""
    return "\n".join(f"- [{p.label}]({info.key}/{p.notebook}) — {p.blurb}" for p in info.pages)


def landing_html(keys: tuple[str, ...] = BUILTIN) -> str:
    """The whole landing page as one HTML block (for JupyterLab previews and exports;
    its links are handled by the browser only outside JupyterLab)."""
    parts = [_STYLE, "<div class='tt-landing'>"]
    for key in keys:
        g = GAMES[key]
        links = "".join(
            f"<li><a href='{g.key}/{p.notebook}'>{html.escape(p.label)}</a> — "
            f"{html.escape(p.blurb)}</li>"
            for p in g.pages
        )
        parts.append(
            f"<section class='tt-game' aria-label='{html.escape(g.title)}'>"
            f"{picture_html(key).removeprefix(_STYLE)}"
            f"<div><h2>{html.escape(g.title)}</h2><p>{html.escape(g.pitch)}</p>"
            f"<ul>{links}</ul></div></section>"
        )
    parts.append("</div>")
    return "".join(parts)
