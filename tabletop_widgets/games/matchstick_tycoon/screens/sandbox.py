"""The Matchstick Tycoon sandbox: build any position, play from it, step back, ask what if.

A teacher types a scenario (hands, sticks, the table, the order, whose turn)
or pastes its JSON; the position is checked by the engine, and a bad field is
named.  Then the legal moves are listed, moves can be played and taken back,
and the what-if panel plays each candidate out many times.

>>> box = TycoonSandbox()
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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Move, Position, shapes
from tabletop_widgets.games.matchstick_tycoon.widgets.table import TycoonTable, default_names
from tabletop_widgets.games.matchstick_tycoon.widgets.whatif_panel import WhatIfPanel
from tabletop_widgets.ui.guard import friendly

__all__ = ["TycoonSandbox"]

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


def _seats(text: str) -> list[int]:
    """'1 3' (people count from 1) -> [0, 2]; ValueError on anything else."""
    return [int(x) - 1 for x in text.replace(",", " ").split()]


_FIELDS = {"hands": "hand", "sticks": "sticks", "out": "out list", "passed": "passed list"}


def people_field(message: str) -> str:
    """A position error as people count seats: ``hands[3][0]: …`` → ``Seat 4's hand,
    card 1: …``; "seat 3" in the reason → "Seat 4".

    >>> people_field("hands[0][1]: '9' is not a card face")
    "Seat 1's hand, card 2: '9' is not a card face"
    >>> people_field("to_move: seat 2 is out and cannot be to move")
    'To move: Seat 3 is out and cannot be to move'
    >>> people_field("table.player: must be between 0 and 2")
    'Table, played by: must be a seat from 1 to 3'
    >>> people_field("to_move: must be a seat number from 0 to 3")
    'To move: must be a seat from 1 to 4'
    """
    field, sep, reason = message.partition(": ")
    if not sep:
        return message
    m = re.fullmatch(r"(hands|sticks)\[(\d+)\](?:\[(\d+)\])?", field)
    if m:
        shown = f"Seat {int(m[2]) + 1}'s {_FIELDS[m[1]]}"
        if m[3] is not None:
            shown += f", card {int(m[3]) + 1}"
    else:
        shown = {
            "to_move": "To move",
            "table.player": "Table, played by",
            "table.value": "Table",
            "table.count": "Table, cards",
        }.get(field, field.replace("_", " ").capitalize())
    reason = re.sub(r"\bseat (\d+)", lambda s: f"Seat {int(s[1]) + 1}", reason)
    if re.match(r"(to_move|table\.player|out|passed)\b", field):  # the value is a seat
        reason = re.sub(
            r"must be (?:between|a seat number from) (\d+) (?:and|to) (\d+)",
            lambda s: f"must be a seat from {int(s[1]) + 1} to {int(s[2]) + 1}",
            reason,
        )
    return f"{shown}: {reason}"


class TycoonSandbox(w.VBox):
    """Position editor + JSON, table, legal moves, play / step back, what-if panel."""

    def __init__(self, position: dict | None = None, **kwargs: Any) -> None:
        self.game = MatchstickTycoon.from_position(position or EXAMPLE)
        safe = friendly(lambda msg: self._result(False, msg))
        self.table = TycoonTable()
        self.status = w.HTML()
        # -- the editor (seats count from 1 on screen) --
        self.players_in = w.BoundedIntText(min=2, max=MAX_SEATS, description="Players")
        self.expansion_in = w.Dropdown(options=[0, 2, 4], description="Expansion")
        self.seat_hands = [
            w.Text(
                description=f"Seat {i + 1} hand",
                placeholder="e.g. 0 6 6 8",
                layout=w.Layout(width="340px"),
            )
            for i in range(MAX_SEATS)
        ]
        self.seat_sticks = [
            w.BoundedIntText(
                min=0,
                max=999,
                description="sticks",
                style={"description_width": "initial"},
                layout=w.Layout(width="150px"),
            )
            for _ in range(MAX_SEATS)
        ]
        self.seat_rows = [
            w.HBox([h, s]) for h, s in zip(self.seat_hands, self.seat_sticks, strict=True)
        ]
        self.table_value = w.Dropdown(description="Table")
        self.table_count = w.BoundedIntText(min=1, max=5, description="cards")
        self.table_player = w.BoundedIntText(
            min=1,
            max=MAX_SEATS,
            description="played by seat",
            style={"description_width": "initial"},
        )
        self.order_in = w.Dropdown(options=["normal", "reversed"], description="Order")
        self.to_move_in = w.BoundedIntText(
            min=1,
            max=MAX_SEATS,
            description="To move: seat",
            style={"description_width": "initial"},
        )
        self.out_in = w.Text(description="Out (seats)", placeholder="first out first, e.g. 3")
        self.passed_in = w.Text(
            description="Passed (seats)",
            placeholder="e.g. 2 3",
            style={"description_width": "initial"},
        )
        apply = w.Button(description="Use this position", button_style="primary")
        apply.on_click(safe(lambda _: self.apply_editor()))
        self.players_in.observe(lambda _: self._show_rows(), "value")
        self.expansion_in.observe(lambda _: self._value_options(), "value")
        editor = w.VBox(
            [
                w.HBox([self.players_in, self.expansion_in]),
                *self.seat_rows,
                w.HBox([self.table_value, self.table_count, self.table_player]),
                w.HBox([self.order_in, self.to_move_in]),
                w.HBox([self.out_in, self.passed_in]),
                apply,
            ]
        )
        self.json_text = w.Textarea(layout=w.Layout(width="100%", height="110px"))
        load = w.Button(description="Load JSON", button_style="primary")
        load.on_click(safe(lambda _: self.load_json(self.json_text.value)))
        export = w.Button(description="Show current position as JSON")
        export.on_click(safe(lambda _: self._export()))
        json_box = w.VBox([self.json_text, w.HBox([load, export])])
        self.setup = w.Tab([editor, json_box], titles=("Build a position", "Paste JSON"))
        # -- playing from it --
        self.legal = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.legal.add_class("tt-legal-moves")
        self.legal.observe(safe(self._on_pick), "value")
        self._filling = False
        self.back_button = w.Button(description="Step back")
        self.back_button.on_click(safe(lambda _: self.step_back()))
        self.whatif = WhatIfPanel(self.game, playouts=200, candidates=8)
        self._estimate_note = w.HTML()
        super().__init__(
            [
                self.setup,
                self.status,
                self.table,
                w.HTML("<b>Legal moves</b> (with their stick cost) — click one to play it:"),
                self.legal,
                self.back_button,
                w.HTML(
                    "<h3>What if?</h3><p>Each candidate move is played out many times by "
                    "greedy bots, with the hidden hands re-dealt at random from the cards the "
                    "seat to move has not seen; every move gets the same re-deals. The table "
                    "and the left chart show each move's share of wins; the right chart its "
                    "difference to the best move on the same re-deals, with 95% intervals: "
                    "a move whose interval crosses 0 could be as good as the best.</p>"
                ),
                self.whatif,
            ],
            **kwargs,
        )
        self._fill_editor(self.game.position)
        self._refresh()

    # -- loading positions --------------------------------------------------

    def load_json(self, text: str | dict) -> Result:
        """Use a position given as JSON text (or a dict); a bad one names its field."""
        try:
            data = json.loads(text) if isinstance(text, str) else text
            pos = Position.from_json(data)
        except json.JSONDecodeError as e:
            return self._result(False, f"That is not JSON: {e}")
        except PositionError as e:
            return self._result(False, f"Not a position: {people_field(str(e))}")
        return self._use(pos)

    def apply_editor(self) -> Result:
        """Use the position built in the editor."""
        n = self.players_in.value
        try:
            out = _seats(self.out_in.value)
            passed = _seats(self.passed_in.value)
        except ValueError:
            return self._result(False, "Out and passed are seat numbers separated by spaces.")
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
        return self._result(
            True,
            "Position loaded. "
            + (
                "The game is over."
                if self.game.is_over
                else f"Seat {self.game.to_move + 1} to move."
            ),
        )

    # -- playing ------------------------------------------------------------

    def play(self, move: Move | str) -> Result:
        try:
            m = self.game.play(move)
        except IllegalMoveError as e:
            return self._result(False, f"Not allowed: {e}")
        self._refresh()
        return self._result(True, f"Played {m}.")

    def step_back(self) -> Result:
        if not self.game.history:
            return self._result(False, "Nothing to take back: this is the position you built.")
        m = self.game.undo()
        self._refresh()
        return self._result(True, f"Took back {m}.")

    def _on_pick(self, change: dict) -> None:
        if not self._filling and change["new"] is not None:
            self.play(change["new"])

    # -- drawing ------------------------------------------------------------

    def _result(self, ok: bool, message: str) -> Result:
        colour = "#1e7b34" if ok else "#b3261e"
        self.status.value = (
            f"<div role='status' style='border-left:4px solid {colour};"
            f"padding:4px 8px'>{'✔' if ok else '✘'} {html.escape(message)}</div>"
        )
        return Result(ok, message)

    def _export(self) -> None:
        self.json_text.value = self.game.position.dumps()
        self.setup.selected_index = 1

    def _show_rows(self) -> None:
        for i, row in enumerate(self.seat_rows):
            row.layout.display = None if i < self.players_in.value else "none"

    def _value_options(self) -> None:
        self.table_value.options = [("empty", "")] + [
            (v, v) for v in shapes.values_in_play(self.expansion_in.value)
        ]

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
            self.legal.options = [
                (m.text if m.kind != "play" else f"{m.text} · {m.cost}", m.text)
                for m in g.legal_moves()
            ]
            self.legal.value = None
        finally:
            self._filling = False
        self.back_button.disabled = not g.history


def sandbox_for(names: Sequence[str] | None = None) -> TycoonSandbox:
    """A sandbox on the example position (notebooks call this)."""
    box = TycoonSandbox()
    if names:
        box.table.names = list(names)
    return box
