"""Play Matchstick Tycoon against bots or other people at one screen.

Everything the play notebook shows, in one composite widget: a new-game
dialog, the table, your hand, "what can I play?", typed moves explained,
undo, save and load, and the replay stepper with the ranking at the end.
The game itself is the engine's; this module only wires widgets to it.

>>> app = TycoonPlay(players=3, seats=["human", "greedy", "greedy"], seed=1)
>>> app.game.to_move in app.human_seats or app.game.is_over
True
>>> app.try_move("discard" if app.game.position.table else "pass").ok
False
>>> app.autoplay_humans()  # let a greedy bot play the human seats too
>>> app.game.is_over, len(app.game.result.ranking)
(True, 3)
"""

from __future__ import annotations

import html
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from tabletop_widgets.core import RandomBot
from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.games.matchstick_tycoon import GreedyBot, MatchstickTycoon, Move
from tabletop_widgets.games.matchstick_tycoon.widgets.hand import HandWidget
from tabletop_widgets.games.matchstick_tycoon.widgets.table import TycoonTable
from tabletop_widgets.ui.guard import friendly
from tabletop_widgets.ui.hotseat import HotSeatGate
from tabletop_widgets.ui.lazy import LazySection
from tabletop_widgets.ui.stepper import ReplayStepper

__all__ = ["Outcome", "TycoonPlay", "make_bot"]

log = logging.getLogger(__name__)

SEAT_KINDS = {"human": "Human", "greedy": "Greedy bot", "random": "Random bot"}
MAX_BOT_MOVES = 20_000  # a bound, so a bug can never hang the page


def make_bot(kind: str, seed: int) -> Any:
    """A bot for a seat kind ('greedy' or 'random'), seeded for exact replays."""
    if kind == "greedy":
        return GreedyBot(seed=seed)
    if kind == "random":
        return RandomBot(seed=seed)
    raise ValueError(f"no bot called {kind!r}")


@dataclass(frozen=True)
class Outcome:
    """What happened to a human's attempted move."""

    ok: bool
    message: str


class TycoonPlay(w.VBox):
    """A whole game against bots (and/or hot-seat humans)."""

    def __init__(
        self,
        *,
        players: int = 3,
        expansion: int = 0,
        deal: str = "default",
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> None:
        self.game: MatchstickTycoon | None = None
        safe = self._safe = friendly(lambda msg: self._say(msg, ok=False))
        self.seat_kinds: list[str] = []
        self.names: list[str] = []
        self.bots: dict[int, Any] = {}
        self._setup = LazySection("New game", self._build_setup)
        self.table = TycoonTable()
        self.hand = HandWidget(size=58)
        self.hand.on_move(self._human_move)
        self.gate = HotSeatGate(self.hand, names=["?"])
        self.status = w.HTML()
        # One widget for the whole list (not one button per move): cheaper to redraw.
        self.legal_box = w.ToggleButtons(
            options=[],
            value=None,
            style={"button_width": "auto"},
            layout=w.Layout(display="none", max_width="900px"),
        )
        self.legal_box.add_class("tt-legal-moves")
        self.legal_box.observe(safe(self._on_legal_pick), "value")
        self._filling_legal = False
        self.show_legal = w.ToggleButton(description="What can I play?")
        self.show_legal.observe(safe(lambda _: self._refresh_legal()), "value")
        self.discard_button = w.Button(
            description="Discard a stick", layout=w.Layout(display="none")
        )
        self.discard_button.on_click(safe(lambda _: self.try_move("discard")))
        self.move_text = w.Text(
            placeholder="type a move, e.g. 2x8: 0+g 6+b", continuous_update=False
        )
        self.try_button = w.Button(description="Try it")
        self.try_button.on_click(safe(lambda _: self.try_move(self.move_text.value)))
        self.undo_button = w.Button(description="↶ Undo")
        self.undo_button.on_click(safe(lambda _: self.undo()))
        self.stepper_box = w.VBox()
        turn_tools = w.VBox(
            [
                self.gate,
                w.HBox([self.show_legal, self.discard_button, self.undo_button]),
                self.legal_box,
                w.HBox([self.move_text, self.try_button]),
            ]
        )
        self._records = LazySection("Save / load", self._build_records)
        super().__init__(
            [self._setup, self.table, self.status, turn_tools, self._records, self.stepper_box],
            **kwargs,
        )
        self.new_game(
            players=players, expansion=expansion, deal=deal, seed=seed, seats=seats, names=names
        )

    # -- the new-game dialog ------------------------------------------------

    def _build_setup(self) -> list[w.Widget]:
        """The new-game dialog, filled in with the current game's options."""
        g = self.game
        opts = g.options
        self.players_in = w.BoundedIntText(value=g.players, min=2, max=8, description="Players")
        self.expansion_in = w.Dropdown(
            options=[("none", 0), ("2 G + 2 H", 2), ("4 G + 4 H", 4)],
            value=g.expansion,
            description="Expansion",
        )
        self.deal_in = w.Dropdown(
            options=[("default (15 each with 2-3)", "default"), ("whole deck", "all")],
            value=opts.deal or "default",
            description="Deal",
        )
        self.seed_in = w.Text(value="", description="Seed", placeholder="random")
        self.seat_ins: list[w.Dropdown] = []
        self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.players_in.observe(self._safe(lambda _: self._seat_dropdowns()), "value")
        self._seat_dropdowns(self.seat_kinds)
        start = w.Button(description="New game", button_style="success")
        start.on_click(self._safe(lambda _: self.new_game_from_dialog()))
        return [
            w.HBox([self.players_in, self.expansion_in]),
            w.HBox([self.deal_in, self.seed_in, start]),
            self.seat_box,
        ]

    def _build_records(self) -> list[w.Widget]:
        self.record_text = w.Textarea(
            layout=w.Layout(width="100%", height="90px"),
            placeholder="the game record (JSON) appears here",
        )
        save = w.Button(description="Save record")
        save.on_click(self._safe(lambda _: self.save()))
        load = w.Button(description="Load record")
        load.on_click(self._safe(lambda _: self.load(self.record_text.value)))
        return [w.HBox([save, load]), self.record_text]

    def _seat_dropdowns(self, seats: Sequence[str] | None = None) -> None:
        n = self.players_in.value
        old = [d.value for d in self.seat_ins]
        kinds = list(old or seats or ["human"])[:n]
        kinds += ["greedy"] * (n - len(kinds))
        self.seat_ins = [
            w.Dropdown(
                options=[(v, k) for k, v in SEAT_KINDS.items()],
                value=kinds[i],
                description=f"Seat {i + 1}",
                layout=w.Layout(width="230px"),
            )
            for i in range(n)
        ]
        self.seat_box.children = self.seat_ins

    def new_game_from_dialog(self) -> None:
        seed_text = self.seed_in.value.strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            self._say(f"The seed must be a whole number, not {seed_text!r}.", ok=False)
            return
        self.new_game(
            players=self.players_in.value,
            expansion=self.expansion_in.value,
            deal=self.deal_in.value,
            seed=int(seed_text) if seed_text else None,
            seats=[d.value for d in self.seat_ins],
        )

    # -- starting, playing, undoing ------------------------------------------

    def new_game(
        self,
        *,
        players: int = 3,
        expansion: int = 0,
        deal: str = "default",
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        """Deal a new game; seats are 'human', 'greedy' or 'random'."""
        game = MatchstickTycoon.new(players=players, expansion=expansion, deal=deal, seed=seed)
        self._start(game, seats, names)
        self._say(f"New game, seed {game.seed}. " + self._turn_text())

    def load_game(
        self,
        game: MatchstickTycoon,
        *,
        seats: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        """Play on from any game object (e.g. a short scenario built from a position)."""
        self._start(game, seats, names)
        self._say(self._turn_text())

    def _start(
        self, game: MatchstickTycoon, seats: Sequence[str] | None, names: Sequence[str] | None
    ) -> None:
        n = game.players
        kinds = list(seats or ["human"])[:n]
        kinds += ["greedy"] * (n - len(kinds))
        for k in kinds:
            if k not in SEAT_KINDS:
                raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {k!r}")
        self.seat_kinds = kinds
        humans = [s for s in range(n) if kinds[s] == "human"]
        if names:
            self.names = list(names)
        else:
            self.names = [
                ("You" if len(humans) == 1 else f"Player {s + 1}")
                if kinds[s] == "human"
                else f"Bot {s + 1} ({kinds[s]})"
                for s in range(n)
            ]
        seed = game.seed or 0
        self.bots = {s: make_bot(kinds[s], seed * 31 + s) for s in range(n) if kinds[s] != "human"}
        self.game = game
        self.table.names = self.names
        self.gate.names = self.names
        self.stepper_box.children = ()
        self.run_bots()

    @property
    def human_seats(self) -> list[int]:
        return [s for s, k in enumerate(self.seat_kinds) if k == "human"]

    def run_bots(self) -> None:
        """Let bots move until a human is to move or the game is over."""
        g = self.game
        for _ in range(MAX_BOT_MOVES):
            if g.is_over or g.to_move not in self.bots:
                break
            seat = g.to_move
            g.play(self.bots[seat].choose(g.observation(seat), g.legal_moves()))
        self._refresh()

    def try_move(self, move: Move | str) -> Outcome:
        """A human's move (object or typed text): played, or explained and refused."""
        g = self.game
        if g.is_over:
            return self._outcome(False, "The game is over: start a new one.")
        if g.to_move not in self.human_seats:
            return self._outcome(False, "It is not a human's turn.")
        try:
            played = g.play(move)
        except IllegalMoveError as e:
            return self._outcome(False, f"Not allowed: {e}")
        self.move_text.value = ""
        self.run_bots()
        return self._outcome(True, f"You played {played}. " + self._turn_text())

    def _human_move(self, move: Move) -> None:
        out = self.try_move(move)
        if not out.ok:
            raise IllegalMoveError("MT-5", out.message)

    def undo(self) -> Outcome:
        """Take back moves up to and including the last human move."""
        g = self.game
        humans = set(self.human_seats)
        movers = g.movers
        last_human = max((i for i, s in enumerate(movers) if s in humans), default=None)
        if last_human is None:
            return self._outcome(False, "There is no move of yours to take back.")
        while len(g.history) > last_human:
            g.undo()
        self._refresh()
        return self._outcome(True, "Move taken back. " + self._turn_text())

    def autoplay_humans(self, kind: str = "greedy") -> None:
        """Let a bot play the human seats too, to the end (demos and headless runs)."""
        stand_in = make_bot(kind, 12345)
        g = self.game
        for _ in range(MAX_BOT_MOVES):
            if g.is_over:
                break
            if g.to_move in self.bots:
                self.run_bots()
                continue
            self.try_move(stand_in.choose(g.observation(g.to_move), g.legal_moves()))
        self._refresh()

    # -- records ------------------------------------------------------------

    def save(self) -> dict:
        """The game record, with the seats and names in its ``meta`` (also shown as JSON in
        the text area)."""
        record = self.game.to_record(meta={"seats": self.seat_kinds, "names": self.names})
        self._records.ensure()
        self.record_text.value = json.dumps(record)
        self._say("Saved: copy the text to keep the game.")
        return record

    def load(self, record: dict | str) -> Outcome:
        """Load a saved record (dict or JSON text); a bad one changes nothing."""
        try:
            data = json.loads(record) if isinstance(record, str) else record
            game = MatchstickTycoon.from_record(data)
        except (json.JSONDecodeError, PositionError) as e:
            return self._outcome(False, f"Could not load that record: {e}")
        # Seats and names ride in the record's meta (beside the fields in format 1).
        meta = data.get("meta") if isinstance(data.get("meta"), dict) else data
        seats = meta.get("seats") if isinstance(meta.get("seats"), list) else None
        if seats and (len(seats) != game.players or any(k not in SEAT_KINDS for k in seats)):
            seats = None
        names = meta.get("names") if isinstance(meta.get("names"), list) else None
        if names and (len(names) != game.players or not all(isinstance(x, str) for x in names)):
            names = None
        self._start(game, seats, [x[:40] for x in names] if names else None)
        return self._outcome(
            True, f"Loaded a game at move {len(game.history)}. " + self._turn_text()
        )

    # -- drawing ------------------------------------------------------------

    def _turn_text(self) -> str:
        g = self.game
        if g.is_over:
            return (
                "Game over: "
                + ", ".join(f"{i + 1}. {self.names[s]}" for i, s in enumerate(g.result.ranking))
                + "."
            )
        return f"{self.names[g.to_move]} to play."

    def _outcome(self, ok: bool, message: str) -> Outcome:
        self._say(message, ok=ok)
        return Outcome(ok, message)

    def _say(self, text: str, ok: bool = True) -> None:
        cls = "#1e7b34" if ok else "#b3261e"
        mark = "✔" if ok else "✘"
        self.status.value = (
            f"<div role='status' style='border-left:4px solid {cls};"
            f"padding:4px 8px'>{mark} {html.escape(text)}</div>"
        )

    def _refresh(self) -> None:
        g = self.game
        self.table.show(g)
        seat = g.to_move
        human_turn = not g.is_over and seat in self.human_seats
        if human_turn:
            self.hand.bind(g, seat)
            if len(self.human_seats) > 1:
                self.gate.turn_to(seat)
            else:
                self.gate.turn_to(seat)
                self.gate.reveal()
        else:
            self.gate.turn_to(None)
        only_discard = human_turn and [m.kind for m in g.legal_moves()] == ["discard"]
        self.discard_button.layout.display = None if only_discard else "none"
        self.undo_button.disabled = not any(s in self.human_seats for s in g.movers)
        self._refresh_legal()
        if g.is_over:
            self._show_end()

    def _refresh_legal(self) -> None:
        g = self.game
        box = self.legal_box
        self._filling_legal = True
        try:
            if not self.show_legal.value or g.is_over or g.to_move not in self.human_seats:
                box.options = []
                box.layout.display = "none"
                return
            legal = g.legal_moves()
            box.options = [
                (
                    m.text
                    if m.kind != "play"
                    else f"{m.text} · {m.cost} stick{'s' if m.cost != 1 else ''}",
                    m.text,
                )
                for m in legal
            ]
            box.tooltips = [f"play {m.text}" for m in legal]
            box.value = None
            box.layout.display = None
        finally:
            self._filling_legal = False

    def _on_legal_pick(self, change: dict) -> None:
        if self._filling_legal or change["new"] is None:
            return
        self.try_move(change["new"])

    def _show_end(self) -> None:
        g = self.game
        view = TycoonTable(names=self.names)
        stepper = ReplayStepper(g, view=view.show, title="Replay the game")
        ranking = "".join(f"<li>{html.escape(self.names[s])}</li>" for s in g.result.ranking)
        self.stepper_box.children = (
            w.HTML(f"<h3>Final ranking</h3><ol>{ranking}</ol>"),
            stepper,
            view,
        )
