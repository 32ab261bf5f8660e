"""The Matchstick Tycoon pages, each one widget: the line of links, the page's words, the screen.

A notebook is one code cell (``docs/translating.md``): the words that were Markdown cells
are built here, in Python, so they follow the page's language.

>>> from tabletop_widgets.core.i18n import language
>>> words = Words(SANDBOX_INTRO)
>>> with language("xx"):
...     "⟦" in words.value
True
>>> words.value[:63]
'<div class="tt-page-words"><h1>Matchstick Tycoon — sandbox</h1>'
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tabletop_widgets.app.nav import page_nav
from tabletop_widgets.core.i18n import N_, Message, _, on_language_change

__all__ = ["Words", "FigureBox", "play_page", "sandbox_page", "tutorial_page"]

GAME = "matchstick_tycoon"


class Words(w.HTML):
    """HTML words said again when the language changes: an ``N_`` string, a Message, or a
    function that returns HTML (escaped by whoever builds it)."""

    def __init__(self, source: str | Message | Callable[[], str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.source = source
        self._draw()
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    def _draw(self) -> None:
        body = self.source() if callable(self.source) else _(self.source)
        self.value = f'<div class="tt-page-words">{body}</div>'

    def _follow_language(self, _lang: str) -> None:
        self._draw()


class FigureBox(w.HTML):
    """A matplotlib figure as a picture, drawn again in a new language (its titles and axes
    are words); ``make()`` returns the figure."""

    def __init__(self, make: Callable[[], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.make = make
        self._draw()
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    def _draw(self) -> None:
        from tabletop_widgets.analysis.plots import figure_png

        fig = self.make()
        title = fig._suptitle.get_text() if getattr(fig, "_suptitle", None) else ""
        png = base64.b64encode(figure_png(fig)).decode("ascii")
        alt = html.escape(title, quote=True)
        style = "max-width:100%;height:auto"
        self.value = f'<img src="data:image/png;base64,{png}" alt="{alt}" style="{style}">'

    def _follow_language(self, _lang: str) -> None:
        self._draw()


def _column(*children: Any) -> w.VBox:
    box = w.VBox(list(children), layout=w.Layout(max_width="100%"))
    box.add_class("tt-tycoon-page")
    return box


# -- the tutorial ------------------------------------------------------------------------

TUTORIAL_INTRO = N_(
    "<h1>Matchstick Tycoon — the tutorial</h1>"
    "<p>Learn the game by doing it, one rule at a time: read a step, try it on the cards "
    "below it, press <b>Check</b>. Stuck? Press <b>Hint</b>. A wrong answer is explained with "
    "the rule it breaks: rule numbers like MT-3 link to their paragraph of the "
    "<a href='rules.ipynb' target='_blank'>rules page</a>, which has every rule and a picture "
    "of each. Your place is kept in this browser: come back later and go on where you "
    "were.</p>"
)
SHORT_GAME_INTRO = N_(
    "<h2>Then: a short game against two bots</h2>"
    "<p>Five cards each, one matchstick each: get rid of everything before Bea and Cal do. "
    "Build a play in your hand and press <b>Play</b>, or <b>Pass</b>. A whole game, with more "
    "cards and more players, is on the <a href='play.ipynb'>play page</a>.</p>"
)
SHORT_GAME = {
    "players": 3,
    "expansion": 0,
    "hands": [["0", "3", "6", "8", "A"], ["1", "4", "6", "7", "C"], ["2", "3", "5", "b", "d"]],
    "sticks": [1, 1, 1],
    "table": None,
    "order": "normal",
    "to_move": 0,
    "out": [],
    "passed": [],
}


def tutorial_page() -> w.VBox:
    """The tutorial page: links, the intro, the course, then a short game against two bots."""
    from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon

    from .play import play_screen
    from .tutorial import tycoon_course

    course = tycoon_course()
    seats = ["person", "easy", "medium"]
    game_app = play_screen(seats=seats, store_key="tabletop/tutorial-game/matchstick_tycoon")
    game_app.start(MatchstickTycoon.from_position(SHORT_GAME), seats=seats)
    page = _column(
        page_nav(GAME, "tutorial"), Words(TUTORIAL_INTRO), course, Words(SHORT_GAME_INTRO), game_app
    )
    page.course, page.game_app = course, game_app  # for notebooks and tests
    return page


# -- the play page ---------------------------------------------------------------------

PLAY_INTRO = N_(
    "<h1>Matchstick Tycoon — play</h1>"
    "<p>You and two bots. When it is your turn, click cards in your hand to choose them, "
    "click the empty places on a card to lay matchsticks, turn a card over with its button, "
    "then press <b>Play</b> — or <b>Pass</b> to take a matchstick. Or pick a value in the row "
    "<b>Make:</b> to see the plays of that value you can make, and choose one. Moves are "
    "written short (2x8: two cards acting as 8; 6~: a 6 turned over; 0+g: a 0 with a stick on "
    "its middle segment g): <b>How moves are written</b> under the table explains it, and the "
    "<a href='rules.ipynb'>rules page</a> has every rule. The first to get rid of every card "
    "and every matchstick wins.</p>"
    "<p>Open <b>New game</b> to choose 2 to 8 players, the expansion cards, and who sits "
    "where: a person or a bot. With several people at one screen the hand is covered between "
    "turns. <b>Undo my last move</b> takes back your move; <b>Save the game</b> offers a file "
    "to download and <b>Load a saved game</b> reads one back. When the game ends, a replay "
    "lets you step through it.</p>"
)


def play_page(**kwargs: Any) -> w.VBox:
    """The play page: links, the intro, the play screen (keyword arguments as
    :func:`~.play.play_screen`; default: you and two bots)."""
    from .play import play_screen

    kwargs.setdefault("seats", ["person", "easy", "medium"])
    screen = play_screen(**kwargs)
    page = _column(page_nav(GAME, "play"), Words(PLAY_INTRO), screen)
    page.screen = screen
    return page


# -- the sandbox -------------------------------------------------------------------------

SANDBOX_INTRO = N_(
    "<h1>Matchstick Tycoon — sandbox</h1>"
    "<p>Build any position — the hands, the sticks, the table, the order, whose turn — or "
    "paste its JSON. Then play legal moves, take them back, and ask <b>what if?</b>: each "
    "candidate move is played out many times by bots.</p>"
)
ESTIMATE_NOTE = N_(
    "<p>A first quick estimate for the example position is in the panel above. Press "
    "<b>Run</b> for more playouts (the table and the chart narrow as they come in, and "
    "<b>Cancel</b> stops them). The estimates belong to one position: after <b>Use this "
    "position</b>, a move or <b>Step back</b> they are cleared, and <b>Run</b> makes new "
    "ones.</p>"
)
COSTS_INTRO = N_(
    "<h2>What each card can become</h2>"
    "<p>The cost in sticks of making each value from each card face, upright and turned over "
    "(blank: impossible — sticks are only ever added).</p>"
)
GAMES_INTRO = N_(
    "<h2>Simulated games</h2>"
    "<p>Two hundred 4-player games between greedy bots: how each seat fares, how long games "
    "last, and how often revolutions happen.</p>"
)


def sandbox_page(*, games: int = 200, playouts: int = 20) -> w.VBox:
    """The sandbox page: links, the intro, the sandbox with a first quick estimate, the
    cost chart and ``games`` simulated games."""
    from tabletop_widgets.analysis import simulate
    from tabletop_widgets.ui.review_loader import SavedGameReview

    from ..analysis.plots import cost_heatmap, games_figure
    from .sandbox import TycoonSandbox

    sandbox = TycoonSandbox()
    sandbox.whatif.run(blocking=True, max_playouts=playouts)
    report = simulate(GAME, games, options={"players": 4}, seed=1, keep=True)
    page = _column(
        page_nav(GAME, "sandbox"),
        Words(SANDBOX_INTRO),
        sandbox,
        Words(ESTIMATE_NOTE),
        Words(COSTS_INTRO),
        FigureBox(lambda: cost_heatmap(expansion=0)),
        Words(GAMES_INTRO),
        FigureBox(lambda: games_figure(report)),
        saved := SavedGameReview(GAME),
    )
    page.sandbox, page.report, page.saved_review = sandbox, report, saved
    return page
