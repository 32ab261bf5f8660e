"""The Chinese Ten play screen: 2–4 seats (people or bots), undo, save/load, replay, chart.

People click on the :class:`ChineseTenTable`; with more than one person the
table sits behind a :class:`HotSeatGate` so each hand stays private.  Bots
play through the engine until a person is to move.  After the match a
:class:`ReplayStepper` steps through it on a second, face-up table, and a
chart shows the match totals deal by deal.

>>> app = ChineseTenPlay()
>>> app.new_game(players=3, seats=["human", "greedy", "greedy"], seed=4, target=None)
>>> app.game.to_move, app.table.shown_seat
(0, 0)
>>> m = app.game.legal_moves()[0]
>>> app.play(m); app.game.to_move == 0 or app.game.is_over
True
>>> app.undo(); app.game.history
()
>>> app.load_record(app.record_text()); app.status.value.startswith("<b>")
True
"""

from __future__ import annotations

import base64
import html
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.errors import IllegalMoveError, RecordError
from tabletop_widgets.core.playout import run_bots
from tabletop_widgets.games.chinese_ten import ChineseTen, GreedyBot, Move, RandomBot
from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable, default_names
from tabletop_widgets.ui.guard import friendly, rewind
from tabletop_widgets.ui.hotseat import HotSeatGate
from tabletop_widgets.ui.lazy import LazySection
from tabletop_widgets.ui.stepper import ReplayStepper

__all__ = ["BOTS", "ChineseTenPlay"]

#: Seat kinds: a person, or a bot made from a seed.
BOTS = {"greedy": GreedyBot, "random": RandomBot}
SEAT_KINDS = ("human", *BOTS)


class ChineseTenPlay(w.VBox):
    """A whole play screen; ``new_game`` / ``load_record`` start a match."""

    def __init__(self, *, bot_delay: float = 0.0, **kwargs: Any) -> None:
        self.bot_delay = bot_delay
        self.game: ChineseTen | None = None
        self.seats: list[str] = []
        self.names: list[str] = []
        self.bots: dict[int, Any] = {}
        # An unexpected bug in a callback: a sentence in the status line, the screen put back.
        safe = self._safe = friendly(self._oops, keep=self._keep)
        self.table = ChineseTenTable()
        # A refused move (IllegalMoveError) is the table's to show; anything else is a bug.
        self.table.on_move(
            friendly(self._oops, expected=(IllegalMoveError,), keep=self._keep)(
                lambda move: self.play(move)
            )
        )
        self.gate: HotSeatGate | None = None
        self.status = w.HTML()
        self._board = w.Box()
        self._after = w.VBox()
        self._settings = self._make_settings()
        undo = w.Button(description="↶ Undo", tooltip="take back your last move")
        undo.on_click(safe(lambda _: self.undo()))
        self.record_box = w.Textarea(
            placeholder="a saved game (JSON)", layout=w.Layout(width="100%", height="90px")
        )
        save = w.Button(description="Save")
        save.on_click(safe(lambda _: self.save()))
        load = w.Button(description="Load")
        load.on_click(safe(lambda _: self.load_record(self.record_box.value)))
        self.download = w.HTML()
        super().__init__(
            [
                self._settings,
                self.status,
                self._board,
                w.HBox([undo, save, load, self.download]),
                self.record_box,
                self._after,
            ],
            **kwargs,
        )

    # -- settings ---------------------------------------------------------

    def _make_settings(self) -> w.Widget:
        self._players = w.Dropdown(options=[2, 3, 4], value=3, description="Players")
        self._scoring = w.Dropdown(
            options=[("Standard", "standard"), ("Red Frog Black Frog", "red_frog_black_frog")],
            description="Scoring",
        )
        self._length = w.Dropdown(
            options=[("one deal", 0), ("to 1000", 1000), ("to 500", 500)],
            value=0,
            description="Match",
        )
        self._settle = w.Checkbox(description="settle against the tie score")
        self._seed = w.IntText(value=1, description="Seed")
        self._kinds = [
            w.Dropdown(
                options=SEAT_KINDS,
                value="human" if i == 0 else "greedy",
                description=f"Seat {i + 1}",
            )
            for i in range(4)
        ]
        self._names = [
            w.Text(
                value="You" if i == 0 else f"Bot {i}",
                placeholder="name",
                layout=w.Layout(width="140px"),
            )
            for i in range(4)
        ]
        start = w.Button(description="▶ New game", button_style="primary")
        start.on_click(self._safe(lambda _: self._start_from_settings()))
        seats = w.VBox([w.HBox([k, n]) for k, n in zip(self._kinds, self._names, strict=True)])
        return w.Accordion(
            [
                w.VBox(
                    [
                        w.HBox([self._players, self._scoring]),
                        w.HBox([self._length, self._settle, self._seed]),
                        seats,
                        start,
                    ]
                )
            ],
            titles=("New game",),
        )

    def _start_from_settings(self) -> None:
        n = self._players.value
        target = self._length.value or None
        try:
            self.new_game(
                players=n,
                scoring=self._scoring.value,
                settle=self._settle.value,
                target=target,
                seed=self._seed.value,
                seats=[k.value for k in self._kinds[:n]],
                names=[t.value or f"Seat {i + 1}" for i, t in enumerate(self._names[:n])],
            )
        except ValueError as e:
            self._say(f"⚠ {e}")

    # -- starting and loading ---------------------------------------------

    def new_game(
        self,
        *,
        players: int = 3,
        scoring: str = "standard",
        settle: bool = False,
        target: int | None = 1000,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        """Start a match (``target=None``: one deal).  ``seats``: "human" or a bot name."""
        game = ChineseTen.new(
            players=players, scoring=scoring, settle=settle, target=target, seed=seed
        )
        self.start(game, seats=seats, names=names)

    def start(
        self,
        game: ChineseTen,
        *,
        seats: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        """Play ``game`` (new or loaded) with these seats."""
        n = game.players
        seats = list(seats or ["human"] + ["greedy"] * (n - 1))
        if len(seats) != n or any(s not in SEAT_KINDS for s in seats):
            raise ValueError(f"seats must be {n} of {', '.join(SEAT_KINDS)}")
        self.game, self.seats = game, seats
        self.names = list(names or default_names(n))[:n]
        self.bots = {
            s: BOTS[k](seed=game.position.seed * 10 + s)
            for s, k in enumerate(seats)
            if k != "human"
        }
        humans = [s for s, k in enumerate(seats) if k == "human"]
        # One person: always show their hand. Several: follow the player to move, behind a gate.
        with self.table.hold_trait_notifications():  # one redraw, with the new game
            self.table.names = self.names
            self.table.seat = humans[0] if len(humans) == 1 else None
            self.table.reveal = not humans  # bots only: watch every hand
            self.table.show(game)
        self.gate = HotSeatGate(self.table, names=self.names) if len(humans) > 1 else None
        self._board.children = (self.gate or self.table,)
        self._after.children = ()
        self._bots_play()
        self._redraw()

    def load_record(self, text: str) -> None:
        """Load a saved match (JSON text); keeps the current seats if the player count fits."""
        try:
            game = ChineseTen.from_record(json.loads(text))
        except (json.JSONDecodeError, RecordError, IllegalMoveError) as e:
            self._say(f"⚠ Could not load that game: {html.escape(str(e))}")
            return
        seats = self.seats if len(self.seats) == game.players else None
        names = self.names if len(self.names) == game.players else None
        self.start(game, seats=seats, names=names)

    # -- playing ----------------------------------------------------------

    def play(self, move: Move | str) -> None:
        """A person's move (the table calls this); the bots answer."""
        assert self.game is not None
        self.game.play(move)
        self._bots_play()
        self._redraw()

    def undo(self) -> None:
        """Take back moves to the last person's decision (bot moves after it too)."""
        g = self.game
        if g is None or not g.history:
            self._say("Nothing to undo.")
            return
        while g.history:
            g.undo()
            if any(self.seats[s] == "human" for s in g.current_players()):
                break
        self.table.refresh()
        self._redraw()

    def _bots_play(self) -> None:
        assert self.game is not None

        def shown(seat: int, move: Move) -> None:
            self.table.refresh()  # let the browser draw (and animate) each bot move
            time.sleep(self.bot_delay)

        run_bots(self.game, self.bots, on_move=shown if self.bot_delay else None)
        self.table.refresh()

    # -- saving -----------------------------------------------------------

    def record_text(self) -> str:
        assert self.game is not None
        return json.dumps(self.game.to_record())

    def save(self) -> None:
        """Put the record in the text box and offer it as a download."""
        if self.game is None:
            return
        text = self.record_text()
        self.record_box.value = text
        data = base64.b64encode(text.encode()).decode()
        self.download.value = (
            f'<a download="chinese_ten.json" href="data:application/json;'
            f'base64,{data}">⬇ download</a>'
        )

    # -- drawing ----------------------------------------------------------

    def _say(self, text: str) -> None:
        self.status.value = text

    def _oops(self, sentence: str) -> None:
        self._say(f"⚠ {html.escape(sentence)}")

    def _keep(self) -> Callable[[], None]:
        """Save what a callback may change; the returned function puts it back."""
        game = self.game
        moves = game.history if game is not None else ()
        screen = (
            game,
            self.seats,
            self.names,
            self.bots,
            self.gate,
            self._board.children,
            self._after.children,
        )
        table = (self.table.names, self.table.seat, self.table.reveal)
        boxes = (self.record_box.value, self.download.value)

        def restore() -> None:
            (
                self.game,
                self.seats,
                self.names,
                self.bots,
                self.gate,
                self._board.children,
                self._after.children,
            ) = screen
            self.record_box.value, self.download.value = boxes
            if game is None:
                return
            rewind(game, moves)
            with self.table.hold_trait_notifications():
                self.table.names, self.table.seat, self.table.reveal = table
                self.table.show(game)
            self._redraw()

        return restore

    def _redraw(self) -> None:
        g = self.game
        assert g is not None
        if self.gate is not None:
            self.gate.turn_to(None if g.is_over else g.to_move)
            if g.is_over:
                self.gate.children = (self.table,)
        deal = f"deal {g.deal_number + 1}"
        self._say(f"<b>{html.escape(self.table.message)}</b> ({deal}, {len(g.history)} moves)")
        if g.is_over and not self._after.children:
            self._after.children = self._end_screen()

    def _end_screen(self) -> tuple[w.Widget, ...]:
        """The replay stepper (on a face-up table) and the totals chart."""
        assert self.game is not None
        game, names = self.game, list(self.names)
        view = ChineseTenTable(names=self.names, reveal=True, interactive=False, card_width=48)
        stepper = ReplayStepper(game, view=view.show, title="Replay")

        def chart() -> list[w.Widget]:
            # matplotlib only when someone opens the chart: it adds ~45 MB to a kernel,
            # and the play page's bot demo ends its match as the page is made.
            from tabletop_widgets.games.chinese_ten.analysis.plots import (
                figure_image,
                match_totals_figure,
            )

            out = w.Output()
            out.append_display_data(figure_image(match_totals_figure(game, names)))
            return [out]

        return (
            w.HTML("<h3>Replay</h3>"),
            stepper,
            view,
            LazySection("Chart of the totals, deal by deal", chart),
        )
