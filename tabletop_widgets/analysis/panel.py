"""A what-if panel for any game's sandbox (plain ipywidgets, imported on demand).

Press *Run* and the moves of the seat to move are played out by bots
(:func:`~tabletop_widgets.analysis.iter_what_if`); the table and the chart redraw
while the analysis runs on a background thread, and *Cancel* stops it.  When the
sandbox changes the position it calls :meth:`WhatIfPanel.set_game`: the old
estimates are cleared at once, so they are never shown beside a position they
were not made for.  In a notebook executed headless (nbclient, tests) call
``run(blocking=True)``, which does the same in the calling thread and returns
the final report.  Its words, the table's and the chart's are in the page's language, and
said (and drawn) again when it changes.

>>> from tabletop_widgets.core import GAMES
>>> panel = WhatIfPanel(GAMES["matchstick_tycoon"].engine.new(players=4, seed=3),
...                     playouts=4, candidates=2)
>>> report = panel.run(blocking=True)
>>> report.done, panel.progress.value == panel.progress.max, "<table" in panel.table.value
(True, True, True)
>>> panel.set_game(GAMES["matchstick_tycoon"].engine.new(players=3, seed=1))
>>> panel.report is None, panel.table.value, "Seat" in panel.status.value
(True, '', True)
>>> from tabletop_widgets.core.i18n import set_language
>>> _ = set_language("fr"); panel.run_button.description, "Appuyez sur" in panel.status.value
('Lancer', True)
>>> _ = set_language("en")
"""

from __future__ import annotations

import html
import threading
import time
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.contract import Game
from tabletop_widgets.core.i18n import N_, _, decimal, ngettext, on_language_change
from tabletop_widgets.ui.actions import ActionButton
from tabletop_widgets.ui.guard import friendly
from tabletop_widgets.ui.words import listing, seat_label

from .whatif import WhatIfReport, iter_what_if

#: Errors that are the question's, shown as they are (a bug gets the friendly sentence).
EXPECTED = (ValueError, TypeError, IndexError)

__all__ = ["WhatIfPanel"]

REDRAW_SECONDS = 0.4  # a chart takes ~50 ms to draw; more often only slows the run


def _html(msgid: str, /, **parts: str) -> str:
    """A message in the current language, escaped, with ``parts`` (HTML made here) in its
    placeholders."""
    return html.escape(_(msgid)).format(**parts)


def status_html(report: WhatIfReport) -> str:
    """The panel's line about a run: its seat, playouts, time, state and the best move.

    >>> from tabletop_widgets.core import GAMES
    >>> from tabletop_widgets.analysis import what_if
    >>> g = GAMES["matchstick_tycoon"].engine.new(players=3, seed=3)
    >>> status_html(what_if(g, candidates=2, playouts=2)).split(" s ")[0][:20]
    'Seat 3: 4 playouts, '
    """
    return _html(
        N_("{seat}: {playouts}, {seconds} s ({state}) — best so far: {move}"),
        seat=html.escape(seat_label(report.seat)),
        playouts=html.escape(ngettext("{n} playout", "{n} playouts", report.playouts)),
        seconds=decimal(report.elapsed),
        state=html.escape(report.state_words()),
        move=f"<code>{html.escape(str(report.best.move))}</code>",
    )


class WhatIfPanel(w.VBox):
    """Run / Cancel, playouts and moves to try, a progress bar, a table and a chart, for
    the seat to move in one game (``seat`` for games where several choose at once).

    ``candidates``: how many moves to try (the ones the greedy bot likes best); None
    tries every legal move.  The other arguments go to :func:`~.whatif.iter_what_if`.
    """

    def __init__(
        self,
        game: Game,
        *,
        seat: int | None = None,
        playouts: int = 200,
        candidates: int | None = 8,
        workers: int = 1,
        bots: Any = None,
        seed: int = 0,
        horizon: Any = None,
        dpi: int = 72,
    ) -> None:
        self.game = game
        self.seat = seat
        self.workers = workers
        self.bots = bots
        self.seed = seed
        self.horizon = horizon
        self.dpi = dpi
        self.report: WhatIfReport | None = None
        self.error: BaseException | None = None
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_draw = 0.0
        self._generation = 0  # bumped by set_game: a run for an old position stops drawing
        self._lock = threading.Lock()  # set_game and a run's drawing never interleave
        self._error_text: str | None = None
        self.playouts = w.BoundedIntText(
            value=playouts,
            min=1,
            max=100_000,
            step=50,
            style={"description_width": "initial"},
            layout=w.Layout(width="210px"),
        )
        self.candidates = w.BoundedIntText(
            value=candidates or 200,
            min=1,
            max=200,
            style={"description_width": "initial"},
            layout=w.Layout(width="160px"),
        )
        self.run_button = ActionButton(button_style="primary")
        self.cancel_button = ActionButton(disabled=True)
        self.progress = w.IntProgress(value=0, min=0, max=1, description="")
        self.status = w.HTML()
        self.table = w.HTML()
        self.chart = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.run_button.on_click(lambda _b: self.run())
        self.cancel_button.on_click(lambda _b: self.cancel())
        super().__init__(
            [
                w.HBox(
                    [self.playouts, self.candidates, self.run_button, self.cancel_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                w.HBox([self.progress, self.status], layout=w.Layout(flex_flow="row wrap")),
                self.table,
                self.chart,
            ]
        )
        self._label()
        self._say_ready()
        on_language_change(self._follow_language)

    # -- words --------------------------------------------------------------------------

    def _label(self) -> None:
        self.playouts.description = _("Playouts per move")
        self.candidates.description = _("Moves to try")
        self.run_button.description = _("Run")
        self.cancel_button.description = _("Cancel")

    def _follow_language(self, _lang: str) -> None:
        """Say everything again in the new language; a finished run's table and chart are
        drawn again (a run going on draws its next report in the new language)."""
        self._label()
        with self._lock:
            report = self.report
            if report is None:
                if self._error_text is None:
                    self._say_ready()
                return
            if self.running:
                return
            self.status.value = status_html(report)
            self.table.value = report._repr_html_()
        self.chart.value = self._png(report)

    # -- control ----------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """True while a background run goes on."""
        return self._thread is not None and self._thread.is_alive()

    def set_game(self, game: Game, seat: int | None = None) -> None:
        """Follow another game or position: a run in progress stops, the old estimates
        are cleared."""
        self.cancel()
        with self._lock:
            self._generation += 1
            self.game = game
            self.seat = seat
            self.report = None
            self.error = None
            self._error_text = None
            self.table.value = ""
            self.chart.value = b""
            self.progress.value = 0
            self._say_ready()

    def run(self, blocking: bool = False, max_playouts: int | None = None) -> WhatIfReport | None:
        """Start the analysis: on a background thread (returns at once), or in this
        thread with ``blocking=True`` (returns the final report).  ``max_playouts`` caps
        the playouts per move (e.g. to keep a headless notebook quick)."""
        if self.running:
            return None
        self._cancel = threading.Event()
        self.error = None
        self._error_text = None
        target = self.playouts.value
        if max_playouts is not None:
            target = min(target, max_playouts)
        self._set_running(True)
        if blocking:
            self._work(target, self._generation, self._cancel)
            return self.report
        self._thread = threading.Thread(
            target=self._work, args=(target, self._generation, self._cancel), daemon=True
        )
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

    # -- work (on the background thread) ---------------------------------------------

    def _work(self, target: int, generation: int, cancel: threading.Event) -> None:
        # ipywidgets may be updated from any thread: each change is its own message.
        try:
            # A bug becomes a sentence in the panel (traceback in the log): a notebook
            # thread has nowhere else to show it.
            friendly(self._say_error, expected=EXPECTED)(self._analyse)(target, generation, cancel)
        except EXPECTED as e:  # the question's own error: said as it is
            with self._lock:
                if generation == self._generation:
                    self.error = e
                    self._say_error(str(e))
        finally:
            self._set_running(False)

    def _say_error(self, text: str) -> None:
        self._error_text = str(text)
        self.status.value = (
            f"<span class='tt-error' role='status'>⚠ {html.escape(str(text))}</span>"
        )

    def _analyse(self, target: int, generation: int, cancel: threading.Event) -> None:
        steps = iter_what_if(
            self.game,
            seat=self.seat,
            candidates=self.candidates.value,
            playouts=target,
            bots=self.bots,
            seed=self.seed,
            workers=self.workers,
            horizon=self.horizon,
            cancel=cancel,
        )
        self._last_draw = 0.0
        for report in steps:
            if not self._show(report, generation):
                steps.close()  # the position changed: this run is no longer wanted
                return

    def _show(self, report: WhatIfReport, generation: int) -> bool:
        """Show ``report`` if it is still for the game shown; False if it is not."""
        final = report.done or report.stopped
        draw = final or time.perf_counter() - self._last_draw >= REDRAW_SECONDS
        # Drawn first, outside the lock: the table and the chart then change together.
        png, table = (self._png(report), report._repr_html_()) if draw else (None, None)
        status = status_html(report)
        with self._lock:
            if generation != self._generation:
                return False
            self.report = report
            self.progress.max = max(1, report.target * len(report.moves))
            self.progress.value = report.playouts
            if draw:
                self.table.value = table
                self.chart.value = png
                self._last_draw = time.perf_counter()
            self.status.value = status
        return True

    def _png(self, report: WhatIfReport) -> bytes:
        from .plots import figure_png, what_if_figure  # matplotlib on demand

        return figure_png(what_if_figure(report), dpi=self.dpi)

    def _set_running(self, running: bool) -> None:
        self.run_button.disabled = running
        self.cancel_button.disabled = not running
        self.playouts.disabled = running
        self.candidates.disabled = running

    def _say_ready(self) -> None:
        g = self.game
        if g.is_over:
            self.status.value = html.escape(_("The game is over: there is no move to try."))
            return
        seats = [self.seat] if self.seat is not None else list(g.current_players())
        self.status.value = _html(
            N_("Press {run} to try the moves of {seats} from this position."),
            run="<b>{}</b>".format(html.escape(_("Run"))),
            seats=html.escape(listing([seat_label(s) for s in seats])),
        )
