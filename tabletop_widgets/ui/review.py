"""The game review on a page: every decision of the person, marked, on a chart to click.

When a game ends the play screen offers **Review my game**.  The review
(:func:`tabletop_widgets.analysis.review.iter_review`) runs in a background
thread: a progress bar, a Cancel button, and the first verdicts at once, refined
by a second pass.  The chart (matplotlib, drawn as SVG) shows the value of each
move played; a click on a point -- or on a mark in the list under it -- moves the
replay stepper to that decision and says what was played and what was better,
with a button that shows the better move on the table -- unless the two moves'
figures read the same once rounded: then the move played was about as good.

>>> from tabletop_widgets.core import GAMES, RandomBot
>>> from tabletop_widgets.core.playout import play_out
>>> from tabletop_widgets.ui.move_list_board import MoveListBoard
>>> from tabletop_widgets.ui.stepper import ReplayStepper
>>> game = GAMES["matchstick_tycoon"].engine.new(players=2, seed=3)
>>> _ = play_out(game, [RandomBot(seed=1), RandomBot(seed=2)])
>>> board = MoveListBoard(names=["You", "Bea"])
>>> stepper = ReplayStepper(game, view=lambda g: board.show(g, 0, reveal=True))
>>> panel = ReviewPanel(game, 0, stepper=stepper, board=board, budget=40, passes=1)
>>> panel.run(background=False)
>>> panel.result.done, panel.chart.marks != []
(True, True)
>>> first = panel.result.decisions[0].index
>>> panel.pick(first); stepper.index == first
True
"""

from __future__ import annotations

import html
import logging
import threading
import time
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import N_, N_plural, _, ngettext, on_language_change
from tabletop_widgets.core.registry import GAMES

from .actions import ActionButton
from .coach import estimate_words, move_words
from .words import listing

__all__ = ["ReviewPanel"]

log = logging.getLogger(__name__)

#: The chart is drawn again at most this often while the review runs (seconds).
REDRAW = 1.5
VERDICT_COUNTS = {
    "good": N_plural("{n} good move", "{n} good moves"),
    "inaccuracy": N_plural("{n} inaccuracy", "{n} inaccuracies"),
    "mistake": N_plural("{n} mistake", "{n} mistakes"),
    "blunder": N_plural("{n} blunder", "{n} blunders"),
}
VERDICT_SENTENCES = {
    "good": N_("a good move"),
    "inaccuracy": N_("an inaccuracy"),
    "mistake": N_("a mistake"),
    "blunder": N_("a blunder"),
}


class ReviewPanel(w.VBox):
    """The review of ``seat``'s decisions in the finished ``game``.

    ``stepper`` is the page's replay stepper (a pick moves it); ``board`` the board it
    draws on (the better move is shown there).  :meth:`run` starts the review (in a
    background thread on a page); :meth:`cancel` stops it, keeping what it has.
    """

    def __init__(
        self,
        game: Any,
        seat: int,
        *,
        stepper: Any,
        board: Any,
        budget: int | None = None,
        passes: int | None = None,
        seed: int = 0,
        hinted: dict[int, Any] | None = None,
    ) -> None:
        from tabletop_widgets.ui.review_chart import ReviewChart

        self.game, self.seat, self.info = game, seat, GAMES[game.key]
        self.stepper, self.board = stepper, board
        self.budget, self.passes, self.seed = budget, passes, seed
        self.hinted = dict(hinted or {})  # the coach's first choice where a hint was shown
        self.result: Any = None
        self.picked: int | None = None
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._drawn_at = 0.0
        self._loop: Any = None
        self.heading = w.HTML()
        self.bar = w.IntProgress(min=0, max=100, value=0, layout=w.Layout(width="200px"))
        self.state = w.HTML()
        self.state.add_class("tt-review-state")
        self.cancel_button = ActionButton(layout=w.Layout(width="auto"))
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.chart = ReviewChart()
        self.chart.on_pick(self.pick)
        self.summary = w.HTML()
        self.summary.add_class("tt-review-summary")
        self.marks = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.detail = w.HTML()
        self.better_button = ActionButton(layout=w.Layout(width="auto", display="none"))
        self.better_button.on_click(lambda _b: self.show_better())
        self._showing_better = False
        # A step on the replay redraws the table: the words saying what the table shows
        # follow it (a stepper without traits, in tests, has nothing to follow).
        if hasattr(stepper, "observe"):
            stepper.observe(self._stepped, names="index")
        self._label()
        super().__init__(
            [
                self.heading,
                w.HBox(
                    [self.bar, self.state, self.cancel_button],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.chart,
                self.summary,
                self.marks,
                self.detail,
                self.better_button,
            ]
        )
        self.add_class("tt-review")
        on_language_change(self._follow_language)

    # -- running ----------------------------------------------------------------------

    def run(self, background: bool = True) -> None:
        """Review the game: in a thread (a page), or here and now (scripts, tests)."""
        if self._thread is not None:
            return
        if background:
            from tabletop_widgets.classroom.page import Loop

            self._loop = Loop()
            self._thread = threading.Thread(target=self._work, name="tabletop-review", daemon=True)
            self._thread.start()
        else:
            self._work()

    def cancel(self) -> None:
        """Stop the review; what it has found so far stays."""
        self._cancel.set()

    def _work(self) -> None:
        from tabletop_widgets.analysis.review import iter_review

        kwargs: dict[str, Any] = {"seed": self.seed}
        if self.passes is not None:  # else the game's own number of passes
            kwargs["passes"] = self.passes
        if self.hinted:
            kwargs["hinted"] = self.hinted
        if self.budget is not None:
            kwargs["budget"] = self.budget
        try:
            for snapshot in iter_review(self.game, self.seat, cancel=self._cancel, **kwargs):
                self.result = snapshot
                self._soon(self._draw_progress)
        except Exception:
            log.exception("the review failed")
            self._soon(self._failed)
            return
        self._soon(self._draw_all)

    def _soon(self, fn: Any) -> None:
        if self._loop is not None and self._loop.active:
            self._loop.soon(fn)
        else:
            fn()

    # -- picking a decision -----------------------------------------------------------

    def pick(self, index: int) -> None:
        """Show decision ``index``: the stepper goes to it, the words say what was better."""
        if self.result is None:
            return
        try:
            self.result.decision(index)
        except KeyError:
            return
        self.picked = index
        self._showing_better = False
        self.stepper.go(index)
        self.chart.select(index)
        self._draw_detail()

    def show_better(self) -> None:
        """Show the table after the better move of the picked decision (or back)."""
        if self.picked is None or self.result is None:
            return
        d = self.result.decision(self.picked)
        if self._showing_better:
            self._showing_better = False
            self.stepper.go(self.picked)
        else:
            after = self.game.replay(self.picked)
            after.play(d.best, self.seat)
            self.board.show(after, self.seat, reveal=True)
            self._showing_better = True
        self._draw_detail()

    def _stepped(self, _change: Any) -> None:
        """The replay moved: the table shows the game's position again, not the coach's."""
        self._showing_better = False
        if self.picked is not None and self.result is not None:
            self._draw_detail()

    # -- drawing ----------------------------------------------------------------------

    def _label(self) -> None:
        title = _("Review of your game")  # its own call: Babel reads no f-string
        self.heading.value = f"<h3>{html.escape(title)}</h3>"
        self.cancel_button.description = _("Stop the review")

    def _follow_language(self, _lang: str) -> None:
        self._label()
        if self.result is not None:
            self._draw_all()

    def _failed(self) -> None:
        self.state.value = html.escape(_("The review stopped: something went wrong."))
        self.cancel_button.layout.display = "none"

    def _draw_progress(self) -> None:
        r = self.result
        self.bar.value = round(100 * r.progress)
        if r.decisions and len(r.decisions) == len(r.indices) and r.passes > 1:
            again = min(min(d.passes for d in r.decisions) + 1, r.passes)
            said = _(
                "Every move looked at; now looking again, more closely (pass {p} of {passes}): "
                "the marks may still change.",
                p=again,
                passes=r.passes,
            )
        else:
            said = _(
                "{done} of {total} moves looked at", done=len(r.decisions), total=len(r.indices)
            )
        self.state.value = html.escape(said)
        now = time.monotonic()
        if now - self._drawn_at >= REDRAW or len(r.decisions) == len(r.indices):
            self._draw_all()

    def _draw_all(self) -> None:
        from tabletop_widgets.analysis.review_plot import figure_svg, review_figure

        r = self.result
        if r is None:
            return
        self._drawn_at = time.monotonic()
        # The chart first: "Done." is said once the marks it announces are on the page.
        self.chart.show_chart(figure_svg(review_figure(r)), self._mark_words(r))
        if r.done or r.stopped:
            self.bar.value = 100 if r.done else self.bar.value
            self.cancel_button.layout.display = "none"
            self.state.value = html.escape(
                _("Done.") if r.done else _("Stopped: the marks so far are shown.")
            )
        counts = r.counts()
        parts = [ngettext(*VERDICT_COUNTS[v], counts[v]) for v in VERDICT_COUNTS]
        self.summary.value = html.escape(_("In all: {parts}.", parts=listing(parts)))
        buttons = []
        for d in r.marks:
            b = ActionButton(
                description=_(
                    "Move {n}: {verdict}", n=d.index + 1, verdict=_(VERDICT_SENTENCES[d.verdict])
                ),
                layout=w.Layout(width="auto"),
            )
            b.add_class(f"tt-review-{d.verdict}")
            b.on_click(lambda _b, i=d.index: self.pick(i))
            buttons.append(b)
        self.marks.children = buttons
        if self.picked is not None:
            self._draw_detail()

    def _mark_words(self, r: Any) -> list[tuple[int, str]]:
        return [
            (
                d.index,
                _("Move {n}: {verdict}", n=d.index + 1, verdict=_(VERDICT_SENTENCES[d.verdict])),
            )
            for d in r.decisions
        ]

    def _draw_detail(self) -> None:
        d = self.result.decision(self.picked)
        played = move_words(self.info, d.played)
        value = estimate_words(d.played_value, self.result.measure)
        lines = [
            _(
                "Move {n}: you chose “{move}” ({value}): {verdict}.",
                n=d.index + 1,
                move=played,
                value=value,
                verdict=_(VERDICT_SENTENCES[d.verdict]),
            )
        ]
        best = move_words(self.info, d.best)
        best_value = estimate_words(d.best_value, self.result.measure)
        if not d.shown_as_good:
            lines.append(_("The coach's best move: {move} ({value}).", move=best, value=best_value))
        elif not d.is_best:
            # Rounded, the two figures read the same: the page claims no difference.
            lines.append(
                _(
                    "Your move was about as good as the coach's best move, “{move}” ({value}): "
                    "rounded, their figures are the same.",
                    move=best,
                    value=best_value,
                )
            )
        lines.append(
            ngettext(
                "From {n} new deal of the cards you could not see.",
                "From {n} new deals of the cards you could not see.",
                d.playouts,
            )
            if d.playouts
            else _("Worked out against the hands your opponent could hold.")
        )
        # What the table shows, under the detail: the replay stops just before the chosen
        # move (its list highlights the move before, which reads as the wrong one without
        # this), and the coach's move is not one of the game's.
        shown = self._shown_words(d, best)
        self.detail.value = (
            "<div class='tt-review-detail' role='status'>"
            + "".join(f"<div>{html.escape(t)}</div>" for t in lines)
            + (f"<div class='tt-review-shown'>{html.escape(shown)}</div>" if shown else "")
            + "</div>"
        )
        self.better_button.layout.display = "none" if d.shown_as_good else None
        self.better_button.description = (
            _("Show the position before your move")
            if self._showing_better
            else _("Show the better move on the table")
        )

    def _shown_words(self, d: Any, best: str) -> str:
        """What the table shows for the picked decision ``d`` ("" once the replay has
        stepped elsewhere: the stepper then says which move it shows)."""
        if self._showing_better:
            return _(
                "The table shows the coach's move, “{move}”, in place of yours: it was not "
                "played in this game.",
                move=best,
            )
        if getattr(self.stepper, "index", d.index) == d.index:
            return _(
                "The table shows the cards just before move {n}, when you chose.", n=d.index + 1
            )
        return ""
