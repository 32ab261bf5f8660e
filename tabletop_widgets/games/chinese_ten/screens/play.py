"""The Chinese Ten play page: the shared play screen with the Chinese Ten table and options.

One deal by default (a match is an option), a fresh game number each game,
and a pause with the scores between the deals of a match.  Every word is in the page's
language and follows a change of it.

>>> screen = play_screen(seats=["person", "easy", "medium"], seed=4)
>>> screen.game.players, screen.game.options.target, screen.names
(3, None, ['You', 'Bea (bot, easy)', 'Cal (bot, medium)'])
>>> screen.autoplay(); screen.game.is_over
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import N_, Message, N_plural, _, _l, grouped
from tabletop_widgets.ui.coach import capital
from tabletop_widgets.ui.event_widget import asset_text
from tabletop_widgets.ui.lazy import LazySection
from tabletop_widgets.ui.page_words import FigureBox, Words
from tabletop_widgets.ui.play_screen import OptionField, PlayKit, PlayScreen
from tabletop_widgets.ui.play_screen import play_page as shared_play_page
from tabletop_widgets.ui.words import display_name

from .. import coach
from ..names import listing
from ..widgets.table import ChineseTenTable, log_lines
from .intro import PageIntro

__all__ = [
    "ABOUT",
    "INTRO",
    "KIT",
    "ChineseTenPlayScreen",
    "deal_pause",
    "match_progress",
    "play_page",
    "play_screen",
]

ONE_DEAL = {"target": None, "deals": 1}
#: The final places' scores: points as captured, or settled against the tie score (CT-6).
POINTS = N_plural("{n} point", "{n} points")
SETTLED_POINTS = N_plural("{n} settled point", "{n} settled points")

#: What "Settled against the tie score" means, under the New game form's options (CT-6).
SETTLE_NOTE = N_(
    "Settled against the tie score: the tie score is the deal's points shared equally among "
    "the players. For example, with three players the cards that score are worth 240 points "
    "in all, so the tie score is 240 ÷ 3 = 80. After each deal, a player who took more than "
    "that wins the difference and one who took less loses it: 120 points count +40, 50 "
    "points count −30."
)
#: The page's introduction, above the table.
INTRO = N_(
    "<p>You play against bots; open <b>New game</b> to choose the players, the scoring and the "
    "length. The line at the top of the table says which cards score, and <i>What happened</i> "
    "says who plays first. Click a card in your hand, then a layout card it can take (marked "
    "<b>✓ can take</b>), or <i>Lay it down on the layout</i> if it takes nothing. New to the "
    "game? Take the <a href='tutorial.ipynb'>tutorial</a> first; every rule is on the "
    "<a href='rules.ipynb'>rules page</a>. A code in brackets, such as (CT-3), names the rule "
    "a message is about: click it to read that rule.</p>"
)
#: What the page offers, under the table.
ABOUT = N_(
    "<h2>About this page</h2>"
    "<p>With a keyboard: Tab to your hand, the arrow keys to move along it, Enter to choose a "
    "card; then Tab to a card it can take and press Enter. <i>All your possible moves</i> "
    "lists every move as a button.</p>"
    "<p>Open <b>New game</b> to choose 2 to 4 players, the scoring (standard, or Red Frog "
    "Black Frog where black cards score), a longer match, and who sits where: a person or a "
    "bot. Each new game has a new game number; type one in to play the same deal as someone "
    "else. With several people at one screen the table is covered between turns, so each "
    "hand stays private. <b>Undo my last move</b> takes back your move; <b>Save the game</b> "
    "offers a file to download and <b>Load a saved game</b> reads one back. When the game "
    "ends, a replay lets you step through it.</p>"
)


def _board(*, names: Sequence[str] = (), interactive: bool = True) -> ChineseTenTable:
    # The variant and the scoring in play are said at the top of the table (CT-5, CT-6);
    # the winner is not: the screen's status line says the final places, once.  A table
    # that only shows (the replay) shows a deal's last move as the deal ended: the engine
    # has dealt the next deal already, which hid that move's capture.
    return ChineseTenTable(
        names=list(names),
        interactive=interactive,
        card_width=64,
        show_scoring=True,
        say_end=False,
        show_deal_end=not interactive,
    )


def deal_pause(game: Any, names: Sequence[str]) -> Message | None:
    """The scores when the last move ended a deal of a match that goes on, else None (a
    message: said again in a new language)."""
    if game.is_over or not game.history:
        return None
    if not any(e.kind == "deal_end" for e in game.events_of(len(game.history))):
        return None
    done = len(game.deal_points)
    points = game.deal_points[-1]
    scores = listing([_Score(names[s], points[s]) for s in range(game.players)])
    # The next deal is already dealt (the engine deals it at once, CT-6): the table shows it.
    return _l(
        "Deal {done} is over. Points in this deal: {scores}. The cards of deal {next} are "
        "dealt: press Continue to play it.",
        done=done,
        scores=scores,
        next=done + 1,
    )


def match_progress(game: Any, names: Sequence[str]) -> str | None:
    """Where a match stands, for a game the bots play alone: the deal being played and each
    seat's total so far, towards the target (or out of the deals); None for one deal.  Right
    after the move that ended a deal, that deal and the totals after it (the engine has
    dealt the next one already, or the match is over): the totals said are always those
    after the deals before the one named, or after the one named once it is said over.

    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> g = ChineseTen.new(players=2, seed=3, target=1000, deals=None)
    >>> match_progress(g, ["Ada (bot)", "Bea (bot)"])
    'Deal 1 of a match to 1,000 points. Totals so far: Ada (bot) 0 and Bea (bot) 0.'
    >>> while not g.deal_points:
    ...     _ = g.play(g.legal_moves()[0])
    >>> match_progress(g, ["Ada (bot)", "Bea (bot)"])
    'Deal 1 of a match to 1,000 points is over. Totals: Ada (bot) 108 and Bea (bot) 102.'
    >>> match_progress(ChineseTen.new(players=2, seed=3, target=None), ["You", "Bea"]) is None
    True
    """
    o = game.options
    if o.target is None and (o.deals or 1) <= 1:
        return None
    p = game.position
    scores = listing([_Score(names[s], p.totals[s]) for s in range(game.players)])
    ended = [e for e in game.events_of(len(game.history)) if e.kind == "deal_end"]
    if game.history and ended:  # between two deals, or at the match's end
        done = ended[0].deal_number + 1
        if o.target is not None:
            return _(
                "Deal {deal} of a match to {target} points is over. Totals: {scores}.",
                deal=done,
                target=grouped(o.target),
                scores=scores,
            )
        return _(
            "Deal {deal} of {deals} is over. Totals: {scores}.",
            deal=done,
            deals=o.deals,
            scores=scores,
        )
    if o.target is not None:
        return _(
            "Deal {deal} of a match to {target} points. Totals so far: {scores}.",
            deal=p.deal_number + 1,
            target=grouped(o.target),
            scores=scores,
        )
    return _(
        "Deal {deal} of {deals}. Totals so far: {scores}.",
        deal=p.deal_number + 1,
        deals=o.deals,
        scores=scores,
    )


class _Score:
    """ "Bea 120": a seat's name and points, the person at the screen named in the language
    of the moment the sentence is shown."""

    def __init__(self, name: str, points: int) -> None:
        self.name, self.points = name, points

    def __str__(self) -> str:
        return f"{display_name(self.name)} {self.points}"


def _check(options: Mapping[str, Any]) -> Message | None:
    if options.get("settle") and options.get("target"):
        return _l(
            "Settled scores grow slowly: with them, play one deal or three deals, not a match to "
            "a number of points."
        )
    return None


#: The replay lists the moves in words; each keeps its short notation as a tooltip (saved
#: games and the rules page write it), and the move shown (the one tapped: a touch screen
#: has no tooltip) writes it out beside its words: say what it means, beside the replay.
NOTATION_NOTE = N_(
    "<p class='tt-ct-notation-note'>Point at or tap a move in the replay to see it written "
    "short, as saved games write it: <code>9C x AS</code> is the nine of clubs capturing the "
    "ace of spades, <code>7H</code> the seven of hearts laid down, <code>stock …</code> a "
    "choice for the turned-up card. A card is its rank (A, 2 to 9, <b>T for ten</b>, J, Q, "
    "K) and its suit (S spades, H hearts, D diamonds, C clubs). More on the "
    "<a href='rules.ipynb#notation' target='_blank' "
    "style='text-decoration: underline'>rules page</a>.</p>"
)


#: The events of a deal's start: they open the next deal's first move in the replay's list
#: (after its "Deal 2" heading), not the move that ended the deal before.
_DEALING = ("deal", "dealer_takes")


def _replay_words(game: Any, index: int, names: list[str]) -> str:
    """Move ``index`` in the replay's list as the table's log says it, with who made it
    ("Bea plays the king of diamonds and captures the king of hearts."), and what it
    brought about (the stock's card turned up; a deal's end); the coach's words for the
    move if the log has no line for it.  A deal's start ("Deal 2: Bea deals. You play
    first…") opens the first move of that deal, under the list's "Deal 2" heading, not
    the move that ended the deal before (the engine dealt it then, CT-6).

    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> g = ChineseTen.new(players=3, seed=3, target=None)
    >>> _ = g.play("5S x 5D")
    >>> for sentence in _replay_words(g, 0, ["You", "Bea", "Cal"]).split(". "):
    ...     print(sentence)
    You play the five of spades and capture the five of diamonds
    You turn up the seven of diamonds and capture the three of spades.
    """
    earlier = game.events_of(index)
    before = earlier[-1:]  # a choice reads as one after its turned-up card
    own = [e for e in game.events_of(index + 1) if e.kind not in _DEALING]
    # Every line of the move: the stock's card turned up and what it took belong to it.
    said = log_lines(own, names, before[0] if before else None)
    words = " ".join(said) if said else capital(coach.move_words(game.history[index]))
    if index and _replay_heading(game, index, names):  # the first move of a later deal
        dealt = log_lines([e for e in earlier if e.kind in _DEALING], names)
        return " ".join([*dealt, words])
    return words


def _replay_heading(game: Any, index: int, names: list[str]) -> str | None:
    """ "Deal 2" before the first move of each deal of a match after the first: the move
    before it dealt that deal (the engine deals the next deal at once, CT-6).

    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> g = ChineseTen.new(players=2, seed=3, target=None, deals=2)
    >>> while not g.is_over:
    ...     _ = g.play(g.legal_moves()[0])
    >>> [(i, _replay_heading(g, i, [])) for i in range(len(g.history))
    ...  if _replay_heading(g, i, [])]
    [(28, 'Deal 2')]

    The deal's start is said under the heading, with that deal's first move; the move
    before ends with the deal's end:

    >>> names = ["You", "Bea"]
    >>> _replay_words(g, 27, names).split(". ")[-2:]
    ['Deal 1 ends', 'Points: You 108 and Bea 102.']
    >>> _replay_words(g, 28, names).split(". ")[:2]
    ['Deal 2: You deal', "Bea plays first: the player on the dealer's left starts (CT-1)"]
    """
    dealt = [e.deal_number for e in game.events_of(index) if e.kind == "deal"]
    if not index or not dealt:  # the opening deal: the list starts with it
        return None
    return _("Deal {number}", number=dealt[0] + 1)


def _end_extras(game: Any, names: list[str]) -> list[w.Widget]:
    return [Words(NOTATION_NOTE), *_chart(game, names)]


def _chart(game: Any, names: list[str]) -> list[w.Widget]:
    if len(game.deal_points) < 2:
        return []

    def draw() -> list[w.Widget]:
        # matplotlib only when someone opens the chart (it weighs ~45 MB in a kernel).
        from ..analysis.plots import match_totals_figure

        def shown() -> list[str]:
            return [display_name(n) for n in names]

        return [
            FigureBox(
                lambda: match_totals_figure(game, shown()),
                lambda: _("The match totals, deal by deal"),
            )
        ]

    return [LazySection(_l("Chart of the totals, deal by deal"), draw)]


KIT = PlayKit(
    "chinese_ten",
    _board,
    options=(
        OptionField("players", N_("Players"), (("2", 2), ("3", 3), ("4", 4)), 3),
        OptionField(
            "scoring",
            N_("Scoring"),
            (
                (N_("Standard: red cards score"), "standard"),
                (N_("Red Frog Black Frog: black cards score"), "red_frog_black_frog"),
            ),
            "standard",
        ),
        OptionField(
            "length",
            N_("Length"),
            (
                (N_("One deal"), ONE_DEAL),
                (N_("Three deals"), {"target": None, "deals": 3}),
                (N_("A match to 500 points"), {"target": 500, "deals": None}),
                (N_("A match to 1,000 points"), {"target": 1000, "deals": None}),
            ),
            ONE_DEAL,
        ),
        OptionField(
            "settle",
            N_("Scores"),
            (
                (N_("Points as captured"), False),
                (N_("Settled against the tie score"), True),
            ),
            False,
            help=N_(
                "Each deal is scored against the tie score (the deal's points ÷ the players): "
                "a player wins or loses the difference."
            ),
            # Said under the form too: a touch screen shows no tooltip (CT-6).
            note=SETTLE_NOTE,
        ),
    ),
    score_noun=lambda game: SETTLED_POINTS if game.options.settle else POINTS,
    pause=deal_pause,
    check=_check,
    end_extras=_end_extras,
    progress=match_progress,
    replay_words=_replay_words,
    replay_heading=_replay_heading,
    # The table (and hand) fitted to the page's shape on a wide screen.
    style=asset_text(__package__, "play.css"),
)


class ChineseTenPlayScreen(PlayScreen):
    """The play screen whose New game form says what "Settled against the tie score"
    means only while that choice is selected (CT-6): under "Points as captured" the
    sentence would explain a rule not in play.

    >>> screen = play_screen(seats=["person", "easy"], seed=4)
    >>> screen.setup.ensure()
    >>> screen.settle_note.layout.display
    'none'
    >>> screen._option_inputs["settle"].value = 1
    >>> screen.settle_note.layout.display is None
    True
    """

    #: The sentence under the form's options that explains settled scores (once built).
    settle_note: w.HTML | None = None

    def _build_setup(self) -> list[w.Widget]:
        parts = super()._build_setup()
        settle = self._option_inputs.get("settle")
        field = next((f for f in self.kit.options if f.name == "settle"), None)
        notes = [p for p in parts if isinstance(p, w.HTML) and "tt-option-note" in p.value]
        if settle is None or field is None or not notes:
            return parts
        note = self.settle_note = notes[0]
        settled = next(i for i, (_label, v) in enumerate(field.choices) if v is True)

        def show(_change: Any = None) -> None:
            note.layout.display = None if settle.value == settled else "none"

        settle.observe(show, "value")
        show()
        return parts


def play_screen(**kwargs: Any) -> PlayScreen:
    """The whole play screen; keyword arguments as :class:`PlayScreen` (seats, names, seed,
    engine options)."""
    return ChineseTenPlayScreen(KIT, **kwargs)


def play_page(**kwargs: Any) -> w.VBox:
    """The whole play page: its title and introduction, the play screen (``page.screen``)
    and what the page offers; keyword arguments as :class:`PlayScreen` (default: you and
    two bots, each bot move shown for 0.4 s)."""
    kwargs.setdefault("seats", ["person", "easy", "medium"])
    kwargs.setdefault("bot_delay", 0.4)
    screen = play_screen(**kwargs)
    intro, about = PageIntro("play", INTRO), Words(ABOUT)
    # A room's page says what a room is instead, and offers no New game, Undo or Save.
    screen.room_mode.use_intro(intro, about)
    return shared_play_page(screen, intro, about)
