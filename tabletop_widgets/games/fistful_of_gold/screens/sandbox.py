"""A duel sandbox for lessons: a scripted start, the learner's table, a scripted opponent.

Each lesson step of the A Fistful of Gold tutorial needs a small situation:
some cards discarded, maybe a duel already played, and an opponent whose
next card the lesson announces.  :class:`DuelLab` builds it from moves in
notation, lets the learner play on a :class:`FistfulTable`, answers with the
planned cards (a greedy bot once the plan runs out or a planned card is not
allowed), and offers a switch per engine option for the rules readings
marked *(interpretation)*: changing one starts the situation again under
that reading.

>>> lab = DuelLab(setup=["discard pink 1 pink 2", "discard green 1 green 3"],
...               plan=["green 2"])
>>> lab.game.position.pending[1] is not None   # green has chosen, in secret
True
>>> lab.play("pink 5"); lab.game.duel_log[-1].gold
(3, 0)
>>> lab = DuelLab(switches={"pot_at_round_end": ("lost", "carry")})
>>> lab.set_option("pot_at_round_end", "carry"); lab.game.options.pot_at_round_end
'carry'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.games.fistful_of_gold import COLOURS, FistfulOfGold, Move
from tabletop_widgets.games.fistful_of_gold.bots import GreedyBot
from tabletop_widgets.games.fistful_of_gold.options import CHOICES
from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulTable
from tabletop_widgets.ui.guard import friendly, rewind

__all__ = ["DuelLab", "option_label"]

MAX_OPPONENT_MOVES = 50


def option_label(name: str, value: Any) -> str:
    """How a switch shows an option value; the rules page's reading is marked.

    >>> option_label("hands", "keep"), option_label("dynamite_counts_as", 9)
    ('keep (rules page)', '9')
    """
    shown = "none" if value is None else str(value)
    if name in CHOICES and value == CHOICES[name][0] and type(value) is type(CHOICES[name][0]):
        return f"{shown} (rules page)"
    return shown


def _index(values: Sequence[Any], value: Any) -> int:
    """Where ``value`` is in ``values``, by type as well (0 is not None, nor False)."""
    for i, v in enumerate(values):
        if v == value and type(v) is type(value):
            return i
    raise ValueError(f"{value!r} is not one of {list(values)!r}")


class DuelLab(w.VBox):
    """A lesson's playground: ``setup`` moves, the learner's seat, the opponent's ``plan``.

    ``switches`` maps engine option names to the values offered (a dropdown
    each); ``options`` are fixed engine options.  ``game`` is the live game.
    """

    def __init__(
        self,
        *,
        learner: int = 0,
        setup: Sequence[str] = (),
        plan: Sequence[str] = (),
        switches: Mapping[str, Sequence[Any]] | None = None,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
        announce: bool = True,
        bot_seed: int = 0,
        card_width: int = 72,
    ) -> None:
        self.learner = learner
        self.setup = list(setup)
        self.plan = list(plan)
        self.announce = announce
        self.bot_seed = bot_seed
        self.options: dict[str, Any] = dict(options or {})
        names = list(names) if names else ["Pink", "Green"]
        names[learner] = f"You ({COLOURS[learner]})"
        # An unexpected bug in a callback: a sentence in the status line, the lab put back.
        safe = friendly(self._say, keep=self._keep)
        self._quiet = False  # True while the lab puts its switches back (no replay)
        self.table = FistfulTable(seat=learner, names=names, card_width=card_width)
        # A refused move (IllegalMoveError) is the table's to show; anything else is a bug.
        self.table.on_move(
            friendly(self._say, expected=(IllegalMoveError,), keep=self._keep)(
                lambda move: self._on_move(move)
            )
        )
        self._plan_note = w.HTML()
        self.status = w.HTML(layout=w.Layout(display="none"))  # hidden until a callback fails
        self._switches: dict[str, w.Dropdown] = {}
        self._values: dict[str, tuple[Any, ...]] = {}
        bar: list[w.Widget] = []
        for name, values in (switches or {}).items():
            self.options.setdefault(name, values[0])
            # Indexes as dropdown values: ipywidgets shows a None value as no selection.
            dd = w.Dropdown(
                options=[(option_label(name, v), i) for i, v in enumerate(values)],
                value=_index(values, self.options[name]),
                description=name,
                style={"description_width": "initial"},
            )
            dd.add_class(f"fg-switch-{name}")
            dd.observe(safe(lambda ch, n=name: self._switched(n, ch["new"])), names="value")
            self._values[name] = tuple(values)
            self._switches[name] = dd
            bar.append(dd)
        again = w.Button(description="↶ Start again")
        again.on_click(safe(lambda _: self.start()))
        bar.append(again)
        super().__init__(
            [
                w.HBox(bar, layout=w.Layout(flex_flow="row wrap")),
                self.status,
                self._plan_note,
                self.table,
            ]
        )
        self.start()

    # -- Python API -----------------------------------------------------

    @property
    def game(self) -> FistfulOfGold:
        return self._game

    def start(self) -> None:
        """Set the situation up again (same options)."""
        self._game = FistfulOfGold.new(**self.options)
        for move in self.setup:
            self._game.play(move)
        self._next_plan = 0
        self._bot = GreedyBot(seed=self.bot_seed)
        self._opponent()
        self.table.show(self._game)
        self._note()

    def set_option(self, name: str, value: Any) -> None:
        """Switch a rules reading (an engine option) and start the situation again."""
        if name in self._switches:
            index = _index(self._values[name], value)
            if self._switches[name].value != index:
                self._switches[name].value = index  # its observer calls back here
                return
        self.options[name] = value
        self.start()

    def play(self, move: Move | str) -> None:
        """Play the learner's move as if confirmed on the table (tests, demos)."""
        self._on_move(self._game.parse_move(move, self.learner))
        self.table.refresh()

    # -- wiring ---------------------------------------------------------

    def _switched(self, name: str, index: int) -> None:
        if not self._quiet:
            self.set_option(name, self._values[name][index])

    def _on_move(self, move: Move) -> None:
        self._game.play(move, self.learner)
        self._opponent()
        self._note()

    def _opponent(self) -> None:
        seat = 1 - self.learner
        game = self._game
        for _ in range(MAX_OPPONENT_MOVES):
            if game.is_over or seat not in game.current_players():
                return
            move: Move | str | None = None
            if game.position.phase == "duel" and self._next_plan < len(self.plan):
                planned = self.plan[self._next_plan]
                self._next_plan += 1
                if game.is_legal(planned, seat):
                    move = planned
            if move is None:
                move = self._bot.choose(game.observation(seat), game.legal_moves(seat))
            game.play(move, seat)

    def _say(self, text: str) -> None:
        """Show ``text`` (only ever a failure) in the status line; "" hides the line."""
        self.status.value = (
            f"<div class='tt-lesson' role='status'>⚠ {html.escape(text)}</div>" if text else ""
        )
        self.status.layout.display = None if text else "none"

    def _keep(self) -> Callable[[], None]:
        """Save what a callback may change; the returned function puts it back."""
        options, game, moves = dict(self.options), self._game, self._game.history
        plan, bot = self._next_plan, self._bot

        def restore() -> None:
            self.options, self._game, self._next_plan, self._bot = options, game, plan, bot
            rewind(game, moves)
            self._quiet = True
            try:  # the switches show the readings in play again
                for name, dd in self._switches.items():
                    dd.value = _index(self._values[name], options[name])
            finally:
                self._quiet = False
            self.table.show(game)
            self._note()

        return restore

    def _note(self) -> None:
        self._say("")
        game = self._game
        seat = 1 - self.learner
        pending = game.position.pending[seat]
        name = COLOURS[seat]
        if self.announce and pending is not None and game.position.phase == "duel":
            text = (
                f"For this lesson we peek: {name} has secretly chosen "
                f"<b>{html.escape(str(pending))}</b>."
            )
        elif game.is_over:
            text = "The game is over. Press “Start again” to replay the situation."
        else:
            text = ""
        self._plan_note.value = f"<div class='tt-lesson'>{text}</div>" if text else ""
