"""The app's landing page: the three games, a picture each, and links to every page.

The links live in Markdown cells of ``notebooks/index.ipynb`` (written by
:func:`links_markdown`): Voilà renders Markdown on the server as plain links
that navigate to ``/voila/render/...``, and JupyterLab opens them as
notebooks.  (Links inside an HTML *output* would be taken over by
JupyterLab's renderer, which Voilà has no handler for.)  The pictures are
outputs of the project's own SVG renderers.

>>> "<svg" in picture_html("tycoon")
True
>>> print(links_markdown(GAMES[0]).splitlines()[0])
- [Tutorial](matchstick_tycoon/tutorial.ipynb) — learn each rule by doing it
>>> len(PAGES)
9
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from tabletop_widgets.games.chinese_ten import render as playing_cards
from tabletop_widgets.games.chinese_ten.cards import Card as PlayingCard
from tabletop_widgets.games.fistful_of_gold import render as duel_cards
from tabletop_widgets.games.fistful_of_gold.cards import Card as DuelCard
from tabletop_widgets.games.matchstick_tycoon import render as seven_segment

__all__ = ["GAMES", "PAGES", "landing_html", "links_markdown", "picture_html"]


@dataclass(frozen=True)
class GameEntry:
    title: str
    folder: str
    pitch: str
    pages: tuple[tuple[str, str, str], ...]  # (notebook, label, what it offers)
    picture: str


def _tycoon_picture() -> str:
    return seven_segment.hand_svg(["6", ("6", False, "b"), ("6", True, ""), ("1", True, "ag")],
                                  width=54)


def _chinese_ten_picture() -> str:
    return playing_cards.row_svg([PlayingCard.parse(c) for c in ("7H", "3S", "AS", "KD")],
                                 width=54)


def _fistful_picture() -> str:
    return duel_cards.row_svg([DuelCard("pink", "7"), DuelCard("green", "D"),
                               DuelCard("green", "3")], width=60)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "Matchstick Tycoon", "matchstick_tycoon",
        "Shed seven-segment cards by turning them over and laying matchsticks on them.",
        (("tutorial.ipynb", "Tutorial", "learn each rule by doing it"),
         ("play.ipynb", "Play", "against bots or friends at one screen"),
         ("sandbox.ipynb", "Sandbox", "build any position and ask what if")),
        "tycoon"),
    GameEntry(
        "Chinese Ten", "chinese_ten",
        "Fish for pairs that make ten; red cards score — or black ones in Red Frog Black Frog.",
        (("tutorial.ipynb", "Tutorial", "captures, the two-step turn, the scoring"),
         ("play.ipynb", "Play", "2–4 players, bots or hot-seat, either scoring"),
         ("sandbox.ipynb", "Sandbox", "any deal, which capture to take, scoring compared")),
        "chinese_ten"),
    GameEntry(
        "A Fistful of Gold", "fistful_of_gold",
        "A duel of secret choices: close cards reward the higher, far ones the lower.",
        (("tutorial.ipynb", "Tutorial", "duels, the +1 rule, the special cards"),
         ("play.ipynb", "Play", "against a bot at three levels or hot-seat"),
         ("sandbox.ipynb", "Sandbox", "payoff matrices and the equilibrium")),
        "fistful"),
)

#: Every page the landing page links to, relative to the notebooks folder.
PAGES: tuple[str, ...] = tuple(f"{g.folder}/{nb}" for g in GAMES for nb, _l, _w in g.pages)

_PICTURES = {"tycoon": _tycoon_picture, "chinese_ten": _chinese_ten_picture,
             "fistful": _fistful_picture}

_STYLE = """<style>
.tt-landing { display: flex; flex-direction: column; gap: 14px; max-width: 980px; }
.tt-game { display: flex; gap: 18px; align-items: center; padding: 12px 16px;
  border: 1px solid #d8d3c4; border-radius: 12px; background: #fffdf7; flex-wrap: wrap; }
.tt-game h2 { margin: 0 0 4px; }
.tt-game p { margin: 0 0 8px; }
.tt-game ul { margin: 0; padding-left: 1.2em; }
.tt-game a { font-weight: 600; }
.tt-game .tt-picture { flex: 0 0 auto; }
</style>"""


def picture_html(key: str) -> str:
    """One game's picture (an HTML block of SVG cards)."""
    return (f"{_STYLE}<div class='tt-picture' role='img' aria-label='{key} cards'>"
            f"{_PICTURES[key]()}</div>")


def links_markdown(game: GameEntry) -> str:
    """The Markdown list of a game's pages, as written in the landing notebook."""
    return "\n".join(f"- [{label}]({game.folder}/{nb}) — {what}" for nb, label, what in game.pages)


def landing_html() -> str:
    """The whole landing page as one HTML block (for JupyterLab previews and exports;
    its links are handled by the browser only outside JupyterLab)."""
    parts = [_STYLE, "<div class='tt-landing'>"]
    for g in GAMES:
        links = "".join(
            f"<li><a href='{g.folder}/{nb}'>{html.escape(label)}</a> — {html.escape(what)}</li>"
            for nb, label, what in g.pages)
        parts.append(
            f"<section class='tt-game' aria-label='{html.escape(g.title)}'>"
            f"<div class='tt-picture' role='img' aria-label='{html.escape(g.title)} cards'>"
            f"{_PICTURES[g.picture]()}</div>"
            f"<div><h2>{html.escape(g.title)}</h2><p>{html.escape(g.pitch)}</p>"
            f"<ul>{links}</ul></div></section>")
    parts.append("</div>")
    return "".join(parts)
