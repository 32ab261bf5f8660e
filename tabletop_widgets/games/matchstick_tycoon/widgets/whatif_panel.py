"""A what-if panel for the Matchstick Tycoon sandbox (plain ipywidgets).

Press *Run* and the most promising moves of the seat to move are played out
by bots; the chart of win rates and expected ranks redraws while the
analysis runs on a background thread, and *Cancel* stops it.  In a notebook
executed headless (nbclient, tests) call ``run(blocking=True)`` instead,
which does the same in the calling thread and returns the final report.

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> panel = WhatIfPanel(MatchstickTycoon.new(players=4, seed=3), playouts=4, candidates=2)
>>> report = panel.run(blocking=True)
>>> report.done, panel.progress.value == panel.progress.max, len(panel.chart.value) > 0
(True, True, True)
"""

from __future__ import annotations

import html
import io
import threading
import time

import ipywidgets as widgets

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Position
from tabletop_widgets.games.matchstick_tycoon.analysis.simulate import Bots
from tabletop_widgets.games.matchstick_tycoon.analysis.whatif import (
    WhatIfReport,
    most_promising,
    whatif,
)
from tabletop_widgets.games.matchstick_tycoon.redeal import cards_out_of_play

REDRAW_SECONDS = 0.4  # redrawing the chart takes ~50 ms; more often just slows the run


class WhatIfPanel(widgets.VBox):
    """Run / Cancel buttons, playout and candidate controls, a progress bar
    and a live chart, for one game (or position) and seat.

    The game is read when *Run* is pressed, so the panel follows a game that
    is being played.  ``seat`` defaults to whoever is to move then.
    """

    def __init__(
        self,
        source: MatchstickTycoon | Position,
        *,
        seat: int | None = None,
        playouts: int = 200,
        candidates: int = 8,
        workers: int = 1,
        bots: Bots | None = None,
        seed: int = 0,
        dpi: int = 72,
    ) -> None:
        self.game = (
            MatchstickTycoon.from_position(source) if isinstance(source, Position) else source
        )
        self.seat = seat
        self.workers = workers
        self.bots = bots
        self.seed = seed
        self.dpi = dpi
        self.report: WhatIfReport | None = None
        self.error: BaseException | None = None
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_draw = 0.0

        self.playouts = widgets.BoundedIntText(
            value=playouts,
            min=1,
            max=100_000,
            step=50,
            description="Playouts / move",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="190px"),
        )
        self.candidates = widgets.BoundedIntText(
            value=candidates,
            min=1,
            max=200,
            description="Moves to try",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="150px"),
        )
        self.run_button = widgets.Button(description="▶ Run", button_style="primary")
        self.cancel_button = widgets.Button(description="■ Cancel", disabled=True)
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="")
        self.status = widgets.HTML(value="Press <b>Run</b> to try the best-looking moves.")
        self.chart = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.run_button.on_click(lambda _b: self.run())
        self.cancel_button.on_click(lambda _b: self.cancel())
        super().__init__(
            [
                widgets.HBox([self.playouts, self.candidates, self.run_button, self.cancel_button]),
                widgets.HBox([self.progress, self.status]),
                self.chart,
            ]
        )

    # -- control ------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def run(self, blocking: bool = False, max_playouts: int | None = None) -> WhatIfReport | None:
        """Start the analysis: on a background thread (returns at once), or in
        this thread with ``blocking=True`` (returns the final report).

        ``max_playouts`` caps the playouts per move (e.g. to keep a headless
        notebook quick); otherwise the *Playouts / move* box decides.
        """
        if self.running:
            return None
        self._cancel.clear()
        self.error = None
        target = (
            self.playouts.value if max_playouts is None else min(self.playouts.value, max_playouts)
        )
        self._set_running(True)
        if blocking:
            self._work(target)
            return self.report
        self._thread = threading.Thread(target=self._work, args=(target,), daemon=True)
        self._thread.start()
        return None

    def cancel(self) -> None:
        """Stop after the playout being played (the estimates so far stay)."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> WhatIfReport | None:
        """Wait for a background run to end; returns the last report."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.report

    # -- work (runs on the background thread) -------------------------------

    def _work(self, target: int) -> None:
        # ipywidgets may be updated from any thread: each trait change is
        # sent to the front end as its own message.
        try:
            seat = self.game.to_move if self.seat is None else self.seat
            if self.game.is_over:
                raise ValueError("the game is over")
            if seat != self.game.to_move:
                raise ValueError(f"seat {seat} is not to move (seat {self.game.to_move} is)")
            # One snapshot of what the seat sees, so playing on meanwhile is harmless.
            obs = self.game.observation(seat)
            known = cards_out_of_play(self.game)
            moves = most_promising(obs, self.candidates.value)
            self.progress.max = target * len(moves)
            self.progress.value = 0
            self.status.value = f"Seat {seat}: playing out {len(moves)} moves…"
            self._last_draw = 0.0
            for report in whatif(
                obs,
                candidates=moves,
                playouts=target,
                bots=self.bots,
                seed=self.seed,
                workers=self.workers,
                cancel=self._cancel,
                known_played=known,
            ):
                self._show(report)
        except Exception as e:  # shown in the panel: a notebook thread has nowhere else
            self.error = e
            self.status.value = f"<span style='color:#b00'>{html.escape(str(e))}</span>"
        finally:
            self._set_running(False)

    def _show(self, report: WhatIfReport) -> None:
        self.report = report
        self.progress.value = report.playouts
        final = report.done or report.cancelled
        now = time.perf_counter()
        if final or now - self._last_draw >= REDRAW_SECONDS:
            self.chart.value = self._png(report)
            self._last_draw = time.perf_counter()
        best = report.best
        state = "done" if report.done else ("cancelled" if report.cancelled else "running")
        self.status.value = (
            f"{report.playouts} playouts, {report.elapsed:.1f} s ({state}) — best so far: "
            f"<code>{html.escape(best.move.text)}</code>, wins {best.win_rate:.0%}"
        )

    def _png(self, report: WhatIfReport) -> bytes:
        from tabletop_widgets.games.matchstick_tycoon.analysis.plots import (
            whatif_figure,  # matplotlib on demand
        )

        buf = io.BytesIO()
        whatif_figure(report).savefig(buf, format="png", dpi=self.dpi)
        return buf.getvalue()

    def _set_running(self, running: bool) -> None:
        self.run_button.disabled = running
        self.cancel_button.disabled = not running
        self.playouts.disabled = running
        self.candidates.disabled = running
