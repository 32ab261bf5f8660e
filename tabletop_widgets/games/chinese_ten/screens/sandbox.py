"""The Chinese Ten sandbox: set up any deal or position, list the legal moves, ask "what if".

Positions come from JSON (a position or a whole record, as the engine writes
them) or from options and a seed.  Moves are made on the table (every hand
face up, the player to move acts) or typed.  The what-if panel (the shared
:class:`~tabletop_widgets.analysis.panel.WhatIfPanel`) plays the rest of the
deal out many times with bots from re-deals of the hidden cards and shows the
points each candidate move ends the deal with; it is cleared whenever the
position changes, so it never describes another one.  Every word of the sandbox is in
the page's language and is said again when it changes.

>>> box = ChineseTenSandbox()
>>> box.deal(players=3, seed=2)
>>> len(box.legal_moves()) == len(box.game.legal_moves())
True
>>> box.load_json('{"oops": 1}'); box.status.value[:20]
'⚠ Could not read tha'
>>> box.analyse(playouts=3).candidates[0].playouts
3
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tabletop_widgets.analysis import WhatIfReport
from tabletop_widgets.analysis.panel import WhatIfPanel
from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.core.i18n import N_, Message, _, after_colon, on_language_change, pgettext
from tabletop_widgets.games.chinese_ten import ChineseTen, Move
from tabletop_widgets.games.chinese_ten.names import the_card
from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable
from tabletop_widgets.ui.actions import ActionButton
from tabletop_widgets.ui.guard import friendly, rewind
from tabletop_widgets.ui.page_words import FigureBox, Words
from tabletop_widgets.ui.rule_links import link_rules_html
from tabletop_widgets.ui.words import seat_label

from .intro import PageIntro

__all__ = ["INTRO", "ChineseTenSandbox", "ScoringComparison", "sandbox_page"]

#: What the what-if panel does, above it.
WHAT_IF = N_(
    "<h3>What if?</h3><p>Each move of the seat to move is played on the same re-deals of the "
    "cards it cannot see, and greedy bots play the deal out. The table and the left chart "
    "show the points the seat ends the deal with; the right chart each move's difference to "
    "the best one on the same re-deals, with 95% intervals: a move whose interval crosses 0 "
    "could be as good as the best.</p>"
)
#: The scorings of the Deal form.
SCORINGS = ((N_("Standard"), "standard"), (N_("Red Frog Black Frog"), "red_frog_black_frog"))


#: Fields of a position as people read them (seats and cards count from 1 on screen).
_SEAT_LISTS = {
    "hands": N_("Seat {number}'s hand"),
    "captured": N_("Seat {number}'s captured cards"),
}
_CARD_LISTS = {"layout": N_("The layout"), "stock": N_("The stock")}
_FIELD_WORDS = {
    "game": N_("Game"),
    "options": N_("Options"),
    "options.players": N_("Players"),
    "options.scoring": N_("Scoring"),
    "options.settle": N_("Settled scores"),
    "options.target": N_("Target"),
    "options.deals": N_("Deals"),
    "seed": N_("Game number"),
    "deal_number": N_("Deal number"),
    "dealer": N_("Dealer"),
    "to_move": N_("To move"),
    "turned": N_("The turned-up card"),
    "deal_points": N_("The points of the finished deals"),
    "cards": N_("The cards"),
    "position": N_("Position"),
}
#: Fields whose values are seats (counted from 0 in the JSON, from 1 on screen).
_SEAT_FIELDS = ("dealer", "to_move")


def field_words(field: str) -> str:
    """A field of a position (JSON) as people count: ``hands[2][0]`` → ``Seat 3's hand,
    card 1``; an unknown one as it is.

    >>> field_words("hands[2][0]"), field_words("layout[1]"), field_words("deal_points[0]")
    ("Seat 3's hand, card 1", 'The layout, card 2', 'The points of deal 1')
    """
    m = re.fullmatch(r"(\w+)\[(\d+)\](?:\[(\d+)\])?", field)
    if m and m[1] in _SEAT_LISTS:
        shown = _(_SEAT_LISTS[m[1]], number=int(m[2]) + 1)
        if m[3] is None:
            return shown
        return _("{field}, card {number}", field=shown, number=int(m[3]) + 1)
    if m and m[1] in _CARD_LISTS and m[3] is None:
        return _("{field}, card {number}", field=_(_CARD_LISTS[m[1]]), number=int(m[2]) + 1)
    if m and m[1] == "deal_points":
        shown = _("The points of deal {number}", number=int(m[2]) + 1)
        return (
            shown if m[3] is None else _("{field}, {seat}", field=shown, seat=seat_label(int(m[3])))
        )
    if m and m[1] == "moves" and m[3] is None:  # a record's moves
        return _("Move {number}", number=int(m[2]) + 1)
    return _(_FIELD_WORDS[field]) if field in _FIELD_WORDS else field


def _number(value: Any) -> int | None:
    """A whole number written in an error ("5", 5), else None."""
    text = str(value)
    return int(text) if text.isdigit() else None


def position_words(error: PositionError) -> str:
    """A position error as people read it: its field in words, seats counted from 1,
    and no list of the JSON's field names.

    >>> from tabletop_widgets.core.i18n import _l
    >>> position_words(PositionError("to_move", _l(
    ...     "must be {wanted} in this position, not {value}", wanted=0, value=5)))
    'To move: must be Seat 1 in this position, not Seat 6'
    """
    msg = error.message
    reason = error.reason
    if isinstance(msg, Message):
        params = msg.params
        if msg.msgid.startswith("is not a field of"):
            reason = _("is not part of a position: press Position as JSON to see one")
        elif (
            error.field in _SEAT_FIELDS
            and msg.msgid == "must be {wanted} in this position, not {value}"
        ):
            wanted, value = (_number(params.get(k)) for k in ("wanted", "value"))
            reason = _(
                "must be {wanted} in this position, not {value}",
                wanted=params.get("wanted") if wanted is None else seat_label(wanted),
                value=params.get("value") if value is None else seat_label(value),
            )
        elif isinstance(params.get("field"), str):  # "{card} is already in {field}"
            reason = _(msg.msgid, **{**params, "field": field_words(params["field"])})
    return _("{field}: {reason}", field=field_words(error.field), reason=reason)


class ChineseTenSandbox(w.VBox):
    """Setup, a face-up table, the legal moves, typed moves, undo, and a what-if chart."""

    def __init__(self, **kwargs: Any) -> None:
        self.game: ChineseTen | None = None
        # What the status line says, computed again in a new language.
        self._said: Callable[[], str] = lambda: ""
        # An unexpected bug in a callback: a sentence in the status line, the game put back.
        safe = friendly(self._oops, keep=self._keep)
        # The tables' size: every card's corner index 11 px or more.
        self.table = ChineseTenTable(reveal=True, card_width=64)
        # A refused move (IllegalMoveError) is the table's to show; anything else is a bug.
        self.table.on_move(
            friendly(self._oops, expected=(IllegalMoveError,), keep=self._keep)(
                lambda move: self.play(move)
            )
        )
        self.status = w.HTML()
        self.legal = w.HTML()
        self.json_box = w.Textarea(layout=w.Layout(width="100%", height="100px"))
        self._players = w.Dropdown(options=[2, 3, 4], value=3, layout=w.Layout(min_width="160px"))
        self._scoring = w.Dropdown(options=[(_(t), v) for t, v in SCORINGS])
        self._seed = w.IntText(value=1)
        self._deal = ActionButton()
        self._deal.on_click(
            safe(
                lambda _b: self.deal(
                    players=self._players.value, scoring=self._scoring.value, seed=self._seed.value
                )
            )
        )
        self._load = ActionButton()
        self._load.on_click(safe(lambda _b: self.load_json(self.json_box.value)))
        self._show = ActionButton()
        self._show.on_click(safe(lambda _b: self._show_json()))
        self.move_text = w.Text()
        self._go = ActionButton()
        self._go.on_click(safe(lambda _b: self.play_text(self.move_text.value)))
        self._undo = ActionButton()
        self._undo.on_click(safe(lambda _b: self.undo()))
        self.whatif = WhatIfPanel(ChineseTen.new(seed=1), playouts=60, candidates=None)
        self._whatif_words = Words(WHAT_IF)
        self._label()
        super().__init__(
            [
                w.HBox([self._players, self._scoring, self._seed, self._deal]),
                self.json_box,
                w.HBox([self._load, self._show]),
                self.table,
                self.status,
                w.HBox([self.move_text, self._go, self._undo]),
                self.legal,
                self._whatif_words,
                self.whatif,
            ],
            **kwargs,
        )
        on_language_change(self._follow_language)  # held weakly: goes with the sandbox

    # -- words ------------------------------------------------------------

    def _label(self) -> None:
        """Every label, button and placeholder in the current language."""
        self.json_box.placeholder = _("paste a position or a record (JSON)")
        self._players.description = _("Players")
        self._scoring.description = _("Scoring")
        chosen = self._scoring.value
        self._scoring.options = [(_(t), v) for t, v in SCORINGS]
        self._scoring.value = chosen
        self._seed.description = _("Game number")
        self._deal.description = pgettext("deal the cards", "Deal")
        self._load.description = _("Load JSON")
        self._show.description = _("Position as JSON")
        self.move_text.placeholder = _("type a move, e.g. {example}", example="7H x 3S")
        self.move_text.description = _("Move")
        self._go.description = _("Play")
        self._undo.description = _("Undo")

    def _follow_language(self, _lang: str) -> None:
        self._label()
        self._say(self._said)
        if self.game is not None:
            self._list_moves(self.game)

    def _say(self, said: Callable[[], str]) -> None:
        """Show ``said()`` in the status line (HTML, escaped by whoever builds it); a rule's
        id in it links to its paragraph of the rules page."""
        self._said = said
        self.status.value = link_rules_html(said())

    # -- setting up -------------------------------------------------------

    def deal(self, *, players: int = 3, scoring: str = "standard", seed: int = 1) -> None:
        """A fresh single deal."""
        self.set_game(ChineseTen.new(players=players, scoring=scoring, target=None, seed=seed))

    def load_json(self, text: str) -> None:
        """A position (``Position.to_json``) or a record (``to_record``) as JSON text."""
        try:
            data = json.loads(text)
            if isinstance(data, dict) and "moves" in data:
                game = ChineseTen.from_record(data)
            else:
                game = ChineseTen.from_position(data)
        except json.JSONDecodeError as e:
            # Python's words for the JSON's fault, and where it is.
            where = {"error": e.msg, "line": e.lineno, "column": e.colno}
            self._say(
                lambda: (
                    "⚠ "
                    + html.escape(
                        _(
                            "Could not read that: it is not JSON ({error}, line {line}, column "
                            "{column}).",
                            **where,
                        )
                    )
                )
            )
            return
        except PositionError as e:
            wrong = e  # said again in the reader's language when it changes
            self._say(
                lambda: (
                    "⚠ "
                    + html.escape(
                        _(
                            "Could not read that: {reason}",
                            reason=after_colon(position_words(wrong)),
                        )
                    )
                )
            )
            return
        except IllegalMoveError as e:
            refused = e  # said again in the reader's language when it changes
            self._say(
                lambda: (
                    "⚠ "
                    + html.escape(_("Could not read that: {reason}", reason=after_colon(refused)))
                )
            )
            return
        self.set_game(game)

    def set_game(self, game: ChineseTen) -> None:
        self.game = game
        self._redraw()

    def _show_json(self) -> None:
        if self.game is not None:
            self.json_box.value = json.dumps(self.game.position.to_json())

    # -- moves ------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        return list(self.game.legal_moves()) if self.game else []

    def play(self, move: Move | str) -> None:
        assert self.game is not None
        self.game.play(move)
        self._redraw()

    def play_text(self, text: str) -> None:
        """A typed move; a refusal is explained with its rule (in the reader's language)."""
        try:
            self.play(text)
        except IllegalMoveError as e:
            refused = e  # said again in the reader's language when it changes
            self._say(lambda: "⚠ " + html.escape(str(refused)))
            return

    def undo(self) -> None:
        if self.game is not None and self.game.history:
            self.game.undo()
            self._redraw()

    # -- what if ----------------------------------------------------------

    def analyse(self, playouts: int = 60, seed: int = 0) -> WhatIfReport | None:
        """Expected end-of-deal points of every legal move of the seat to move (the panel
        runs in this thread and shows the result)."""
        assert self.game is not None
        self.whatif.seed = seed
        self.whatif.playouts.value = playouts
        return self.whatif.run(blocking=True)

    def _oops(self, sentence: str) -> None:
        self._say(lambda: "⚠ " + html.escape(sentence))

    def _keep(self) -> Callable[[], None]:
        """Save what a callback may change; the returned function puts it back."""
        game = self.game
        moves = game.history if game is not None else ()
        shown = self.json_box.value

        def restore() -> None:
            self.game = game
            self.json_box.value = shown
            if game is not None:
                rewind(game, moves)
                self._redraw()

        return restore

    def _redraw(self) -> None:
        g = self.game
        assert g is not None
        self.table.show(g, g.to_move)  # every hand face up; the seat to move plays
        self._say(lambda: f"<b>{html.escape(self._whose_turn(g))}</b>")
        # The estimates were for the position before: cleared, never shown beside this one.
        self.whatif.set_game(g)
        self._list_moves(g)

    def _list_moves(self, g: ChineseTen) -> None:
        moves = ", ".join(f"<code>{html.escape(str(m))}</code>" for m in g.legal_moves())
        if moves:
            self.legal.value = html.escape(_("Legal moves:")) + " " + moves
        else:
            self.legal.value = html.escape(_("No legal moves."))

    @staticmethod
    def _whose_turn(g: ChineseTen) -> str:
        """The line under the table, from the game itself (never an earlier message)."""
        if g.is_over:
            return _("The deal is over.") if len(g.deal_points) <= 1 else _("The match is over.")
        seat = seat_label(g.to_move)
        if g.phase == "stock":
            turned = g.position.turned
            assert turned is not None
            return _(
                "{seat} turned up {card} from the stock and chooses what it takes.",
                seat=seat,
                card=the_card(turned),
            )
        return _(
            "{seat} to move: every hand is face up here, and {seat} plays on the table.",
            seat=seat,
        )


# -- the sandbox page ---------------------------------------------------------------------

INTRO = N_(
    "<p>Set up any deal (options and a seed) or any position (paste the JSON of a position or "
    "of a saved game), see the legal moves, play them on the table (every hand is face up "
    "here) or type them, and ask <b>What if?</b>: the rest of the deal is played out many "
    "times by bots from re-deals of the cards the player to move cannot see, and the panel "
    "shows the points each candidate move ends the deal with, and how far each is from the "
    "best, with 95% intervals.</p>"
    "<p>Moves are written short here: <code>7H x 3S</code> is the seven of hearts capturing "
    "the three of spades; a card is its rank (A, 2 to 9, <b>T for ten</b>, J, Q, K) and its "
    "suit (S, H, D, C). See <a href='rules.ipynb#notation'>How moves are written</a> on the "
    "rules page.</p>"
)
EXAMPLE_NOTE = N_(
    "<p>The table shows a deal after two moves, loaded from its JSON (in the box above): any "
    "position the engine can reach can be pasted there. Its legal moves are listed under the "
    "table. Press <b>Run</b> in the panel to estimate what each of them is worth.</p>"
)
SCORING_INTRO = N_(
    "<h2>Standard scoring or Red Frog Black Frog?</h2>"
    "<p>Greedy bots play {n} three-player deals under each scoring. How often does the player "
    "who captures the ace of spades (30 points standard, 50 in Red Frog Black Frog) win the "
    "deal, and how are the points of a seat spread?</p>"
)


class ScoringComparison(w.VBox):
    """The two scorings compared over ``deals`` bot deals each, played when asked (the
    deals take seconds); the findings and the chart in the page's language.

    >>> box = ScoringComparison(deals=4)
    >>> box.run()["standard"].games[0].end is not None
    True
    """

    def __init__(self, *, deals: int = 300, seed: int = 10) -> None:
        self.deals, self.seed = deals, seed
        self.results: dict[str, Any] | None = None
        self.intro = Words(lambda: _(SCORING_INTRO, n=self.deals))
        self.button = ActionButton(button_style="primary")
        self.button.on_click(friendly(self._say)(lambda _b: self.run()))
        self.status = w.HTML()
        self.findings = w.HTML()
        self.chart = w.VBox()
        super().__init__([self.intro, self.button, self.status, self.findings, self.chart])
        self._label()
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    def run(self) -> dict[str, Any]:
        """Play the deals under each scoring and show what they say."""
        from tabletop_widgets.analysis import simulate

        from ..analysis.plots import scoring_comparison_figure

        self.button.disabled = True
        self._say(_("Playing the deals…"))
        try:
            options = {"players": 3, "target": None}
            results = {
                s: simulate(
                    "chinese_ten",
                    self.deals,
                    options={**options, "scoring": s},
                    seed=self.seed,
                    keep=True,
                )
                for s in ("standard", "red_frog_black_frog")
            }
        finally:
            self.button.disabled = False
        self.results = results
        self._say("")
        self.chart.children = (
            FigureBox(
                lambda: scoring_comparison_figure(results),
                lambda: _("Standard scoring and Red Frog Black Frog compared"),
            ),
        )
        self._draw_findings()
        return results

    def _say(self, text: str) -> None:
        self.status.value = f"<p>{html.escape(text)}</p>" if text else ""

    def _label(self) -> None:
        self.button.description = _("Play {n} deals under each scoring", n=self.deals)

    def _draw_findings(self) -> None:
        if self.results is None:
            return
        from ..analysis.scoring import ace_of_spades

        aces = [ace_of_spades(r) for r in self.results.values()]
        items = "".join(f"<li>{html.escape(str(a))}</li>" for a in aces)
        self.findings.value = f"<ul>{items}</ul>"

    def _follow_language(self, _lang: str) -> None:
        self._label()
        self._draw_findings()


def _example() -> ChineseTen:
    """The page's example: a deal after two moves."""
    game = ChineseTen.new(players=3, seed=2, target=None)
    for _turn in range(2):
        game.play(game.legal_moves()[0])
    return game


def sandbox_page(*, deals: int = 300) -> w.VBox:
    """The whole sandbox page: its title and introduction, the sandbox with an example
    position (``page.sandbox``), and the two scorings compared over ``deals`` bot deals
    each, on request (``page.scorings``)."""
    box = ChineseTenSandbox()
    box.json_box.value = json.dumps(_example().position.to_json())
    box.load_json(box.json_box.value)
    scorings = ScoringComparison(deals=deals)
    from tabletop_widgets.ui.review_loader import SavedGameReview

    saved = SavedGameReview("chinese_ten")
    page = w.VBox([PageIntro("sandbox", INTRO), box, Words(EXAMPLE_NOTE), scorings, saved])
    page.sandbox, page.scorings, page.saved_review = box, scorings, saved
    return page
