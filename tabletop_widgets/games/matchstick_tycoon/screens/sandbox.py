"""The Matchstick Tycoon sandbox: build any position, play from it, step back, ask what if.

A teacher types a scenario (hands, sticks, the table, the order, whose turn)
or pastes its JSON; the position is checked by the engine, and a bad field is
named.  Then the legal moves are listed, moves can be played and taken back,
and the what-if panel plays each candidate out many times.

>>> box = MatchstickTycoonSandbox()
>>> box.load_json('{"players": 2}').ok
False
>>> box.seat_hands[0].value = "6 6 8"; box.seat_hands[1].value = "1"
>>> box.apply_editor().ok, [str(m) for m in box.game.legal_moves()][:3]
(True, ['1x6: 6', '2x6: 6 6', '1x8: 6+b'])
>>> box.play("2x6: 6 6").ok, box.step_back().ok, len(box.game.history)
(True, True, 0)
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.core.i18n import N_, Message, _, ngettext, on_language_change
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Move, Position, shapes
from tabletop_widgets.games.matchstick_tycoon.widgets.table import (
    MatchstickTycoonTable,
    default_names,
)
from tabletop_widgets.games.matchstick_tycoon.widgets.whatif_panel import WhatIfPanel
from tabletop_widgets.ui.actions import ActionButton, ActionToggleButtons
from tabletop_widgets.ui.guard import friendly
from tabletop_widgets.ui.rule_links import link_rules

from .intro import PageIntro

__all__ = ["INTRO", "MatchstickTycoonSandbox", "sandbox_page"]

EXAMPLE = {
    "players": 3,
    "expansion": 0,
    "hands": [["0", "3", "6", "6", "8"], ["1", "4", "7", "C"], ["2", "5", "b", "d", "F"]],
    "sticks": [1, 2, 1],
    "table": None,
    "order": "normal",
    "to_move": 0,
    "out": [],
    "passed": [],
}
MAX_SEATS = 8


@dataclass(frozen=True)
class Result:
    ok: bool
    message: str
    #: Says the message again (in the language of the moment).
    say: Callable[[], str] | None = None


def _seats(text: str) -> list[int]:
    """'1 3' (people count from 1) -> [0, 2]; ValueError on anything else."""
    return [int(x) - 1 for x in text.replace(",", " ").split()]


#: A field of a position as people read it (seats count from 1 on screen).
_SEAT_FIELDS = {"hands": N_("Seat {number}'s hand"), "sticks": N_("Seat {number}'s sticks")}
_FIELD_WORDS = {
    "to_move": N_("To move"),
    "table.player": N_("Table, played by"),
    "table.value": N_("Table"),
    "table.count": N_("Table, cards"),
    "table": N_("Table"),
    "players": N_("Players"),
    "expansion": N_("Expansion"),
    "order": N_("Order"),
    "out": N_("Out"),
    "passed": N_("Passed"),
    "hands": N_("Hands"),
    "sticks": N_("Sticks"),
    "position": N_("Position"),
}
#: Reasons that name an engine seat range (0-based): said again counting from 1.
_SEAT_RANGES = ("must be a seat number from 0 to {last}", "must be between {lo} and {hi}")


def people_field(error: PositionError) -> str:
    """A position error as people count seats: ``hands[3][0]: …`` → ``Seat 4's hand,
    card 1: …``; a seat range from 0 is said from 1.

    >>> from tabletop_widgets.core.i18n import _l
    >>> people_field(PositionError("hands[0][1]", _l("is missing")))
    "Seat 1's hand, card 2: is missing"
    >>> people_field(PositionError("table.player", _l("must be between {lo} and {hi}", lo=0, hi=2)))
    'Table, played by: must be a seat from 1 to 3'
    """
    field = error.field
    m = re.fullmatch(r"(hands|sticks)\[(\d+)\](?:\[(\d+)\])?", field)
    if m and m[3] is not None:
        shown = _(
            "{field}, card {number}",
            field=_(_SEAT_FIELDS[m[1]], number=int(m[2]) + 1),
            number=int(m[3]) + 1,
        )
    elif m:
        shown = _(_SEAT_FIELDS[m[1]], number=int(m[2]) + 1)
    else:
        base = re.sub(r"\[\d+\]$", "", field)
        shown = _(_FIELD_WORDS[base]) if base in _FIELD_WORDS else field
    reason = error.reason
    msg = error.message
    seat_valued = re.match(r"(to_move|table\.player|out|passed)\b", field)
    if seat_valued and isinstance(msg, Message) and msg.msgid in _SEAT_RANGES:
        lo = msg.params.get("lo", 0)
        hi = msg.params.get("hi", msg.params.get("last", 0))
        reason = _("must be a seat from {first} to {last}", first=lo + 1, last=hi + 1)
    return _("{field}: {reason}", field=shown, reason=reason)


class MatchstickTycoonSandbox(w.VBox):
    """Position editor + JSON, table, legal moves, play / step back, what-if panel."""

    def __init__(self, position: dict | None = None, **kwargs: Any) -> None:
        self.game = MatchstickTycoon.from_position(position or EXAMPLE)
        safe = friendly(lambda msg: self._result(False, msg))
        self.table = MatchstickTycoonTable()
        self.status = w.HTML()
        # -- the editor (seats count from 1 on screen) --
        self.players_in = w.BoundedIntText(min=2, max=MAX_SEATS)
        self.expansion_in = w.Dropdown(options=[("0", 0), ("2", 2), ("4", 4)])
        self.seat_hands = [
            w.Text(layout=w.Layout(width="340px", max_width="100%")) for i in range(MAX_SEATS)
        ]
        self.seat_sticks = [
            w.BoundedIntText(
                min=0,
                max=999,
                style={"description_width": "initial"},
                layout=w.Layout(width="150px"),
            )
            for _ in range(MAX_SEATS)
        ]
        self.seat_rows = [
            _row(h, s) for h, s in zip(self.seat_hands, self.seat_sticks, strict=True)
        ]
        self.table_value = w.Dropdown()
        self.table_count = w.BoundedIntText(min=1, max=5)
        self.table_player = w.BoundedIntText(
            min=1, max=MAX_SEATS, style={"description_width": "initial"}
        )
        self.order_in = w.Dropdown()
        self.to_move_in = w.BoundedIntText(
            min=1, max=MAX_SEATS, style={"description_width": "initial"}
        )
        self.out_in = w.Text()
        self.passed_in = w.Text(style={"description_width": "initial"})
        self._apply_button = apply = ActionButton(button_style="primary")
        apply.on_click(safe(lambda _: self.apply_editor()))
        self.players_in.observe(lambda _: self._show_rows(), "value")
        self.expansion_in.observe(lambda _: self._value_options(), "value")
        editor = w.VBox(
            [
                _row(self.players_in, self.expansion_in),
                *self.seat_rows,
                _row(self.table_value, self.table_count, self.table_player),
                _row(self.order_in, self.to_move_in),
                _row(self.out_in, self.passed_in),
                apply,
            ]
        )
        self.json_text = w.Textarea(layout=w.Layout(width="100%", height="110px"))
        self._load_button = load = ActionButton(button_style="primary")
        load.on_click(safe(lambda _: self.load_json(self.json_text.value)))
        self._export_button = export = ActionButton()
        export.on_click(safe(lambda _: self._export()))
        json_box = w.VBox([self.json_text, w.HBox([load, export])])
        self.setup = w.Tab([editor, json_box])
        # -- playing from it --
        self.legal = ActionToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.legal.add_class("tt-mt-legal-moves")
        self.legal.observe(safe(self._on_pick), "value")
        self._filling = False
        self.back_button = ActionButton()
        self.back_button.on_click(safe(lambda _: self.step_back()))
        self.whatif = WhatIfPanel(self.game, playouts=200, candidates=8)
        self._estimate_note = w.HTML()
        self._legal_heading = w.HTML()
        self._whatif_intro = w.HTML()
        self._said: Callable[[], str] | None = None
        self._said_ok = True
        super().__init__(
            [
                self.setup,
                self.status,
                self.table,
                self._legal_heading,
                self.legal,
                self.back_button,
                self._whatif_intro,
                self.whatif,
            ],
            **kwargs,
        )
        self._label()
        self._fill_editor(self.game.position)
        self._refresh()
        on_language_change(self._follow_language)  # held weakly: goes with the sandbox

    # -- words ------------------------------------------------------------------

    def _label(self) -> None:
        """Every label, button and heading in the current language."""
        self.players_in.description = _("Players")
        self.expansion_in.description = _("Expansion")
        for i, (hand, sticks) in enumerate(zip(self.seat_hands, self.seat_sticks, strict=True)):
            hand.description = _("Seat {number} hand", number=i + 1)
            hand.placeholder = _("e.g. {cards}", cards="0 6 6 8")
            sticks.description = _("sticks")
        self.table_value.description = _("Table")
        self.table_count.description = _("cards")
        self.table_player.description = _("played by seat")
        order = self.order_in.value or "normal"
        self.order_in.options = [(_("normal"), "normal"), (_("reversed"), "reversed")]
        self.order_in.value = order
        self.to_move_in.description = _("To move: seat")
        self.out_in.description = _("Out (seats)")
        self.out_in.placeholder = _("first out first, e.g. {seats}", seats="3")
        self.passed_in.description = _("Passed (seats)")
        self.passed_in.placeholder = _("e.g. {cards}", cards="2 3")
        self._apply_button.description = _("Use this position")
        self._load_button.description = _("Load JSON")
        self._export_button.description = _("Show current position as JSON")
        self.setup.titles = (_("Build a position"), _("Paste JSON"))
        self.back_button.description = _("Step back")
        heading = html.escape(_("Legal moves"))
        rest = html.escape(_("(with their stick cost) — click one to play it:"))
        self._legal_heading.value = f"<b>{heading}</b> {rest}"
        title = html.escape(_("What if?"))
        intro = html.escape(
            _(
                "Each candidate move is played out many times by greedy bots, with the hidden "
                "hands re-dealt at random from the cards the seat to move has not seen; every "
                "move gets the same re-deals. The table and the left chart show each move's "
                "share of wins; the right chart its difference to the best move on the same "
                "re-deals, with 95% intervals: a move whose interval crosses 0 could be as good "
                "as the best."
            )
        )
        self._whatif_intro.value = f"<h3>{title}</h3><p>{intro}</p>"
        self._value_options()

    def _follow_language(self, _lang: str) -> None:
        self._label()
        self._refresh()
        if self._said is not None:
            self._show(self._said_ok, self._said())

    # -- loading positions --------------------------------------------------

    def load_json(self, text: str | dict) -> Result:
        """Use a position given as JSON text (or a dict); a bad one names its field."""
        try:
            data = json.loads(text) if isinstance(text, str) else text
            pos = Position.from_json(data)
        except json.JSONDecodeError as e:
            bad = str(e)
            return self._result(False, lambda: _("That is not JSON: {error}", error=bad))
        except PositionError as e:
            error = e
            return self._result(False, lambda: _("Not a position: {why}", why=people_field(error)))
        return self._use(pos)

    def apply_editor(self) -> Result:
        """Use the position built in the editor."""
        n = self.players_in.value
        try:
            out = _seats(self.out_in.value)
            passed = _seats(self.passed_in.value)
        except ValueError:
            return self._result(
                False, lambda: _("Out and passed are seat numbers separated by spaces.")
            )
        table = None
        if self.table_value.value:
            table = {
                "value": self.table_value.value,
                "count": self.table_count.value,
                "player": self.table_player.value - 1,
            }
        data = {
            "players": n,
            "expansion": self.expansion_in.value,
            "hands": [self.seat_hands[i].value.replace(",", " ").split() for i in range(n)],
            "sticks": [self.seat_sticks[i].value for i in range(n)],
            "table": table,
            "order": self.order_in.value,
            "to_move": self.to_move_in.value - 1,
            "out": out,
            "passed": passed,
        }
        return self.load_json(data)

    def _use(self, pos: Position) -> Result:
        self.game = MatchstickTycoon.from_position(pos)
        self._fill_editor(pos)
        self._refresh()
        game = self.game
        if game.is_over:
            return self._result(True, lambda: _("Position loaded. The game is over."))
        seat = game.to_move + 1
        return self._result(True, lambda: _("Position loaded. Seat {number} to move.", number=seat))

    # -- playing ------------------------------------------------------------

    def play(self, move: Move | str) -> Result:
        try:
            m = self.game.play(move)
        except IllegalMoveError as e:
            refused = e
            return self._result(False, lambda: _("Not allowed: {why}", why=str(refused)))
        self._refresh()
        return self._result(True, lambda: _("Played {move}.", move=str(m)))

    def step_back(self) -> Result:
        if not self.game.history:
            return self._result(
                False, lambda: _("Nothing to take back: this is the position you built.")
            )
        m = self.game.undo()
        self._refresh()
        return self._result(True, lambda: _("Took back {move}.", move=str(m)))

    def _on_pick(self, change: dict) -> None:
        if not self._filling and change["new"] is not None:
            self.play(change["new"])

    # -- drawing ------------------------------------------------------------

    def _result(self, ok: bool, say: str | Callable[[], str]) -> Result:
        """Show a result; ``say`` (a function) says it again when the language changes."""
        if isinstance(say, str):
            text = say
            say = lambda: text  # noqa: E731 - a plain sentence (e.g. a friendly error)
        self._said, self._said_ok = say, ok
        message = say()
        self._show(ok, message)
        return Result(ok, message, say)

    def _show(self, ok: bool, message: str) -> None:
        colour = "#1e7b34" if ok else "#b3261e"
        self.status.value = (
            f"<div role='status' style='border-left:4px solid {colour};"
            f"padding:4px 8px'>{'✔' if ok else '✘'} {link_rules(html.escape(message))}</div>"
        )

    def _export(self) -> None:
        self.json_text.value = self.game.position.dumps()
        self.setup.selected_index = 1

    def _show_rows(self) -> None:
        for i, row in enumerate(self.seat_rows):
            row.layout.display = None if i < self.players_in.value else "none"

    def _value_options(self) -> None:
        keep = self.table_value.value
        self.table_value.options = [(_("empty"), "")] + [
            (v, v) for v in shapes.values_in_play(self.expansion_in.value)
        ]
        if keep in self.table_value.options or any(keep == v for _k, v in self.table_value.options):
            self.table_value.value = keep

    def _fill_editor(self, p: Position) -> None:
        self.players_in.value = p.players
        self.expansion_in.value = p.expansion
        self._value_options()
        for i in range(MAX_SEATS):
            self.seat_hands[i].value = " ".join(p.hands[i]) if i < p.players else ""
            self.seat_sticks[i].value = p.sticks[i] if i < p.players else 0
        self.table_value.value = p.table.value if p.table else ""
        self.table_count.value = p.table.count if p.table else 1
        self.table_player.value = (p.table.player if p.table else 0) + 1
        self.order_in.value = p.order
        self.to_move_in.value = p.to_move + 1
        self.out_in.value = " ".join(str(s + 1) for s in p.out)
        self.passed_in.value = " ".join(str(s + 1) for s in p.passed)
        self._show_rows()

    def _refresh(self) -> None:
        g = self.game
        self.table.names = default_names(g.players)
        self.table.show(g)
        # The estimates were for the position before: cleared, never shown beside this one.
        self.whatif.set_game(g)
        self._filling = True
        try:
            self.legal.options = [(_move_label(m), m.text) for m in g.legal_moves()]
            self.legal.value = None
        finally:
            self._filling = False
        self.back_button.disabled = not g.history


def _row(*children: w.Widget) -> w.HBox:
    """Fields side by side that wrap onto the next line on a narrow screen (a phone)."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", max_width="100%"))


def _move_label(m: Move) -> str:
    """A legal move's button: the notation, and for a play what it costs."""
    if m.kind == "pass":
        return _("pass")
    if m.kind == "discard":
        return _("discard")
    return ngettext("{move} · {n} stick", "{move} · {n} sticks", m.cost, move=m.text)


def sandbox_for(names: Sequence[str] | None = None) -> MatchstickTycoonSandbox:
    """A sandbox on the example position (notebooks call this)."""
    box = MatchstickTycoonSandbox()
    if names:
        box.table.names = list(names)
    return box


# -- the page ---------------------------------------------------------------------------

INTRO = N_(
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
    """The whole sandbox page: its title and introduction, the sandbox with a first quick
    estimate, the cost chart and ``games`` simulated games."""
    from tabletop_widgets.analysis import simulate
    from tabletop_widgets.ui.page_words import FigureBox, Words
    from tabletop_widgets.ui.review_loader import SavedGameReview

    from ..analysis.plots import cost_heatmap, games_figure

    sandbox = MatchstickTycoonSandbox()
    sandbox.whatif.run(blocking=True, max_playouts=playouts)
    report = simulate("matchstick_tycoon", games, options={"players": 4}, seed=1, keep=True)
    page = w.VBox(
        [
            PageIntro("sandbox", INTRO),
            sandbox,
            Words(ESTIMATE_NOTE),
            Words(COSTS_INTRO),
            FigureBox(lambda: cost_heatmap(expansion=0)),
            Words(GAMES_INTRO),
            FigureBox(lambda: games_figure(report)),
            saved := SavedGameReview("matchstick_tycoon"),
        ]
    )
    page.sandbox, page.report, page.saved_review = sandbox, report, saved
    return page
