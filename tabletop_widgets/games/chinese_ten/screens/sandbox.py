"""The Chinese Ten sandbox: set up any deal or position, list the legal moves, ask "what if".

Positions come from JSON (a position or a whole record, as the engine writes
them) or from options and a seed.  Moves are made on the table (every hand
face up, the player to move acts) or typed.  The what-if panel (the shared
:class:`~tabletop_widgets.analysis.panel.WhatIfPanel`) plays the rest of the
deal out many times with bots from re-deals of the hidden cards and shows the
points each candidate move ends the deal with; it is cleared whenever the
position changes, so it never describes another one.

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
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tabletop_widgets.analysis import WhatIfReport
from tabletop_widgets.analysis.panel import WhatIfPanel
from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.games.chinese_ten import ChineseTen, Move
from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable
from tabletop_widgets.ui.guard import friendly, rewind

__all__ = ["ChineseTenSandbox"]


class ChineseTenSandbox(w.VBox):
    """Setup, a face-up table, the legal moves, typed moves, undo, and a what-if chart."""

    def __init__(self, **kwargs: Any) -> None:
        self.game: ChineseTen | None = None
        # An unexpected bug in a callback: a sentence in the status line, the game put back.
        safe = friendly(self._oops, keep=self._keep)
        self.table = ChineseTenTable(reveal=True, card_width=52)
        # A refused move (IllegalMoveError) is the table's to show; anything else is a bug.
        self.table.on_move(
            friendly(self._oops, expected=(IllegalMoveError,), keep=self._keep)(
                lambda move: self.play(move)
            )
        )
        self.status = w.HTML()
        self.legal = w.HTML()
        self.json_box = w.Textarea(
            placeholder="paste a position or a record (JSON)",
            layout=w.Layout(width="100%", height="100px"),
        )
        self._players = w.Dropdown(
            options=[2, 3, 4], value=3, description="Players", layout=w.Layout(min_width="160px")
        )
        self._scoring = w.Dropdown(
            options=[("Standard", "standard"), ("Red Frog Black Frog", "red_frog_black_frog")],
            description="Scoring",
        )
        self._seed = w.IntText(value=1, description="Seed")
        deal = w.Button(description="Deal")
        deal.on_click(
            safe(
                lambda _: self.deal(
                    players=self._players.value, scoring=self._scoring.value, seed=self._seed.value
                )
            )
        )
        load = w.Button(description="Load JSON")
        load.on_click(safe(lambda _: self.load_json(self.json_box.value)))
        show = w.Button(description="Position as JSON")
        show.on_click(safe(lambda _: self._show_json()))
        self.move_text = w.Text(placeholder="type a move, e.g. 7H x 3S", description="Move")
        go = w.Button(description="Play")
        go.on_click(safe(lambda _: self.play_text(self.move_text.value)))
        undo = w.Button(description="Undo")
        undo.on_click(safe(lambda _: self.undo()))
        self.whatif = WhatIfPanel(ChineseTen.new(seed=1), playouts=60, candidates=None)
        super().__init__(
            [
                w.HBox([self._players, self._scoring, self._seed, deal]),
                self.json_box,
                w.HBox([load, show]),
                self.table,
                self.status,
                w.HBox([self.move_text, go, undo]),
                self.legal,
                w.HTML(
                    "<h3>What if?</h3><p>Each move of the seat to move is played on the same "
                    "re-deals of the cards it cannot see, and greedy bots play the deal out. "
                    "The table and the left chart show the points the seat ends the deal "
                    "with; the right chart each move's difference to the best one on the "
                    "same re-deals, with 95% intervals: a move whose interval crosses 0 "
                    "could be as good as the best.</p>"
                ),
                self.whatif,
            ],
            **kwargs,
        )

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
        except (json.JSONDecodeError, PositionError, IllegalMoveError) as e:
            self.status.value = f"⚠ Could not read that: {html.escape(str(e))}"
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
        """A typed move; a refusal is explained with its rule."""
        try:
            self.play(text)
        except IllegalMoveError as e:
            self.status.value = f"⚠ {html.escape(str(e))}"
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
        self.status.value = f"⚠ {html.escape(sentence)}"

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
        self.status.value = f"<b>{html.escape(self._whose_turn(g))}</b>"
        # The estimates were for the position before: cleared, never shown beside this one.
        self.whatif.set_game(g)
        moves = ", ".join(f"<code>{html.escape(str(m))}</code>" for m in g.legal_moves())
        self.legal.value = f"Legal moves: {moves}" if moves else "No legal moves."

    @staticmethod
    def _whose_turn(g: ChineseTen) -> str:
        """The line under the table, from the game itself (never an earlier message)."""
        if g.is_over:
            return "The deal is over." if len(g.deal_points) <= 1 else "The match is over."
        seat = f"Seat {g.to_move + 1}"
        if g.phase == "stock":
            turned = g.position.turned
            assert turned is not None
            return f"{seat} turned up the {turned.name} from the stock and chooses what it takes."
        return f"{seat} to move: every hand is face up here, and {seat} plays on the table."
