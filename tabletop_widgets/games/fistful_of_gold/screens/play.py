"""Play A Fistful of Gold against a bot (random, greedy, equilibrium) or hot-seat.

One composite widget for the play notebook: a new-game bar, the duel table
(:class:`FistfulTable`), the hot-seat cover when two people share the
screen, and a replay stepper once the game is over.  It only wires widgets
to the engine: the table hands over a move, this module calls ``game.play``
and lets the bot answer.

>>> app = FistfulPlay(opponent="greedy", seed=3)
>>> app.table.view["mode"], app.table.view["chosen"]  # the bot has discarded already
('discard', [False, True])
>>> app.autoplay()  # a greedy bot plays the human seat too
>>> app.game.is_over, app.replay is not None
(True, True)
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.bots import RandomBot
from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold, Move
from tabletop_widgets.games.fistful_of_gold.bots import EquilibriumBot, GreedyBot
from tabletop_widgets.games.fistful_of_gold.widgets.hotseat import FistfulHotSeat
from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulTable
from tabletop_widgets.ui.guard import friendly, rewind
from tabletop_widgets.ui.stepper import ReplayStepper

__all__ = ["BOTS", "OPPONENTS", "FistfulPlay", "make_bot"]

log = logging.getLogger(__name__)

BOTS = {"random": RandomBot, "greedy": GreedyBot, "equilibrium": EquilibriumBot}
#: Dropdown labels, easiest first.
OPPONENTS = {
    "random": "Random bot (easy)",
    "greedy": "Greedy bot (medium)",
    "equilibrium": "Equilibrium bot (hard)",
    "hotseat": "Two people, one screen (hot-seat)",
}
HUMAN = 0  # against a bot you play pink; the bot plays green
MAX_BOT_MOVES = 500  # a bound, so a bug can never hang the page


def make_bot(level: str, seed: int | None = None) -> Any:
    """A seeded bot of ``level`` ('random', 'greedy' or 'equilibrium').

    >>> make_bot("equilibrium", 1).name
    'equilibrium'
    """
    if level not in BOTS:
        raise ValueError(f"no bot called {level!r}: choose one of {', '.join(BOTS)}")
    return BOTS[level](seed=seed)


class FistfulPlay(w.VBox):
    """New game bar + table (+ hot-seat cover) + replay; ``game`` is the engine's game."""

    def __init__(
        self,
        *,
        opponent: str = "greedy",
        seed: int = 0,
        names: Sequence[str] | None = None,
        card_width: int = 80,
        **options: Any,
    ) -> None:
        self._card_width = card_width
        self._names = list(names) if names else None
        # An unexpected bug in a callback: a sentence in the status line, the game put back.
        safe = friendly(self._say, keep=self._keep)
        # A refused move (IllegalMoveError) is the table's to show; anything else is a bug.
        self._safe_move = friendly(self._say, expected=(IllegalMoveError,), keep=self._keep)
        self.status = w.HTML(layout=w.Layout(display="none"))  # hidden until a callback fails
        self._opponent_pick = w.Dropdown(
            options=[(label, key) for key, label in OPPONENTS.items()],
            value=opponent,
            description="Opponent",
            style={"description_width": "initial"},
        )
        self._seed_pick = w.BoundedIntText(
            value=seed, min=0, max=10**6, description="Seed", layout=w.Layout(width="150px")
        )
        self._new_button = w.Button(description="New game", button_style="primary")
        self._new_button.add_class("fg-new-game")
        self._new_button.on_click(
            safe(lambda _: self.new_game(self._opponent_pick.value, self._seed_pick.value))
        )
        self._main = w.VBox()
        self._replay_box = w.VBox()
        self.replay: ReplayStepper | None = None
        self.replay_table: FistfulTable | None = None
        super().__init__(
            [
                w.HBox([self._opponent_pick, self._seed_pick, self._new_button]),
                self.status,
                self._main,
                self._replay_box,
            ]
        )
        self.add_class("fg-play")
        self.new_game(opponent, seed, **options)

    # -- Python API -----------------------------------------------------

    @property
    def game(self) -> FistfulOfGold:
        return self._game

    @property
    def hotseat(self) -> bool:
        return self.opponent == "hotseat"

    def new_game(self, opponent: str = "greedy", seed: int = 0, **options: Any) -> None:
        """Start again against ``opponent`` (a bot level or 'hotseat').

        ``options`` are the engine's; without any, the last game's are kept.
        """
        if opponent not in OPPONENTS:
            raise ValueError(f"unknown opponent {opponent!r}: choose one of {', '.join(OPPONENTS)}")
        self.opponent = opponent
        self._options = options or getattr(self, "_options", {})
        self._game = FistfulOfGold.new(seed=seed, **self._options)
        self.bot = None if self.hotseat else make_bot(opponent, seed)
        names = self._names or (
            ["Pink player", "Green player"]
            if self.hotseat
            else ["You", f"{opponent.capitalize()} bot"]
        )
        self.table = FistfulTable(self._game, seat=HUMAN, names=names, card_width=self._card_width)
        self.table.on_move(self._safe_move(lambda move: self._on_move(move)))
        self.gate = FistfulHotSeat(self.table, names=names) if self.hotseat else None
        self.replay = self.replay_table = None
        self._replay_box.children = ()
        self._main.children = (self.gate if self.gate is not None else self.table,)
        self._bot_moves()
        self._after()

    def autoplay(self, seed: int = 0) -> None:
        """Let a greedy bot make every human choice until the game ends (tests, demos)."""
        helper = GreedyBot(seed=seed)
        while not self._game.is_over:
            seat = self._game.current_players()[0]
            move = helper.choose(self._game.observation(seat), self._game.legal_moves(seat))
            self._on_move(move)

    # -- wiring ---------------------------------------------------------

    def _on_move(self, move: Move) -> None:
        self._game.play(move)  # IllegalMoveError shows in the table
        self._bot_moves()
        self._after()

    def _bot_moves(self) -> None:
        if self.bot is None:
            return
        bot_seat = 1 - HUMAN
        for _ in range(MAX_BOT_MOVES):
            if self._game.is_over or bot_seat not in self._game.current_players():
                return
            move = self.bot.choose(
                self._game.observation(bot_seat), self._game.legal_moves(bot_seat)
            )
            self._game.play(move, bot_seat)
        log.error("the bot made %d moves in a row; stopping", MAX_BOT_MOVES)

    def _after(self) -> None:
        self._say("")
        self.table.refresh()
        if self.gate is not None:
            self.gate.follow()
        if self._game.is_over and self.replay is None:
            self._show_replay()

    def _say(self, text: str) -> None:
        """Show ``text`` (only ever a failure) in the status line; "" hides the line."""
        self.status.value = (
            (
                f"<div role='status' style='border-left:4px solid #b3261e;"
                f"padding:4px 8px'>✘ {html.escape(text)}</div>"
            )
            if text
            else ""
        )
        self.status.layout.display = None if text else "none"

    def _keep(self) -> Callable[[], None]:
        """Save what a callback may change; the returned function puts it back."""
        game, moves = self._game, self._game.history
        screen = (
            self.opponent,
            self._options,
            self.bot,
            self.table,
            self.gate,
            self.replay,
            self.replay_table,
            self._main.children,
            self._replay_box.children,
        )

        def restore() -> None:
            self._game = game
            (
                self.opponent,
                self._options,
                self.bot,
                self.table,
                self.gate,
                self.replay,
                self.replay_table,
                self._main.children,
                self._replay_box.children,
            ) = screen
            rewind(game, moves)
            self._after()

        return restore

    def _show_replay(self) -> None:
        seat = None if self.hotseat else HUMAN
        self.replay_table = FistfulTable(
            self._game,
            seat=seat,
            names=self.table.names,
            card_width=self._card_width,
            interactive=False,
        )
        self.replay = ReplayStepper(
            self._game, view=self.replay_table.show, title="Replay of this game"
        )
        self._replay_box.children = (w.HTML("<h3>Replay</h3>"), self.replay, self.replay_table)
