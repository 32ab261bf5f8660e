"""The game review on a page: every decision of the person, marked, on a chart to click.

When a game ends the play screen offers **Review my game**.  The review
(:func:`tabletop_widgets.analysis.review.iter_review`) runs in a background
thread: a progress bar, a Cancel button, and the first verdicts at once, refined
by a second pass.  The chart (matplotlib, drawn as SVG; a layout of its own for a
phone) shows the value of each move played; a click on a point -- or on a mark in
the list under it -- moves the replay stepper to that decision and says what was
played and what was better, with a button that shows the better move on the table
(and brings the table into view, its caption saying what it shows: the table's own, where
it has one, not the replay's as well) -- only for a move marked below *good*: a good move
has no better move to show.  The words follow the replay: stepped onto another of the
person's decisions (the table just before it, or just after it: the list then highlights
the person's move) they are that decision's, stepped elsewhere they say no move of the
person's is reviewed there (never the words of another move).  Decisions are named as
the person counts them, "your move 3 (move 10 of the game)" -- once, "your move 1", where
both numbers are the same.  What the figures mean is said once under the summary (and,
where they were played out on new deals, that the review works from many more deals than
a hint, so its figures can differ from the hints'), with a key to the marks (how much worse than
the coach's best move each verdict is, from the review's own thresholds: :func:`marks_key`;
on a phone folded under "What the marks mean"); what the two numbers after "likely" mean, only
where a figure is first shown with them: under the words of the move picked (in full the
first time, then one tap away).  When every move was good and the game was lost, the
summary says the result came from the cards and the other players, not the moves.

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

from tabletop_widgets.core.i18n import N_, N_plural, _, decimal, ngettext, on_language_change
from tabletop_widgets.core.registry import GAMES

from .actions import ActionButton
from .coach import (
    NBSP,
    RANGE_END,
    RANGE_START,
    estimate_words,
    even_share,
    has_range,
    meaning_words,
    move_words,
    range_words,
    share_side,
    share_words,
    together,
)
from .words import listing

__all__ = ["NBSP", "ReviewPanel", "marks_key"]

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
#: The key to the marks, by measure: what they compare, then one line per verdict whose
#: numbers ({low}, {high}) are the review's own thresholds
#: (:data:`tabletop_widgets.analysis.review.THRESHOLDS`, filled in when shown).
KEY_HEADS = {
    "win": N_(
        "What the marks mean: how much lower the win chance of your move was than that of "
        "the coach's best move in the same position, in points of win chance ({worse} % "
        "instead of 50 % is {low} points lower)."
    ),
    "score": N_(
        "What the marks mean: how many fewer points your move was expected to score than "
        "the coach's best move in the same position."
    ),
    "place": N_(
        "What the marks mean: how much worse the expected place of your move was than that "
        "of the coach's best move in the same position."
    ),
}
KEY_LINES = {
    "win": {
        "good": N_("Good: less than {low} points lower, or too close to tell apart."),
        "inaccuracy": N_("Inaccuracy: {low} to {high} points lower."),
        "mistake": N_("Mistake: {low} to {high} points lower."),
        "blunder": N_("Blunder: {low} points lower or more."),
    },
    "score": {
        "good": N_("Good: less than {low} points fewer, or too close to tell apart."),
        "inaccuracy": N_("Inaccuracy: {low} to {high} points fewer."),
        "mistake": N_("Mistake: {low} to {high} points fewer."),
        "blunder": N_("Blunder: {low} points fewer or more."),
    },
    "place": {
        "good": N_("Good: less than {low} of a place worse, or too close to tell apart."),
        "inaccuracy": N_("Inaccuracy: {low} to {high} of a place worse."),
        "mistake": N_("Mistake: {low} to {high} of a place worse."),
        "blunder": N_("Blunder: {low} of a place worse or more."),
    },
}
#: The chart's marker of each verdict (``review_plot.MARK_STYLE``) as a character, shown
#: before its line of the key in the chart's colour (the words carry the meaning).
KEY_SYMBOLS = {"o": "●", "^": "▲", "s": "■", "X": "✖"}


def _figure(x: float) -> str:
    """A threshold as the key shows it: whole where it is, else with up to two decimals."""
    digits = len(f"{x:.2f}".rstrip("0").partition(".")[2])
    return decimal(x, digits)


def marks_key(measure: str) -> list[str]:
    """The key to the review's marks on ``measure``, in the current language: what they
    compare, then what each verdict means, from the review's own thresholds.

    >>> for line in marks_key("win")[1:3]:
    ...     print(line.replace(NBSP, "_"))
    Good: less than 5 points lower, or too close to tell apart.
    Inaccuracy: 5_to_10 points lower.
    >>> marks_key("place")[-1]
    'Blunder: 0.6 of a place worse or more.'
    """
    from tabletop_widgets.analysis import review as analysis

    key = measure if measure in KEY_LINES else "win"
    scale = 100.0 if key == "win" else 1.0
    limits = [_figure(scale * t) for t in analysis.THRESHOLDS[key]]
    bounds = zip(["", *limits], [*limits, ""], strict=True)  # each verdict's low and high
    # The head's example: 50 % down by the first threshold ("5 % lower" was read as a share
    # of the win chance: the key counts points of win chance, and says so).
    worse = _figure(50.0 - scale * analysis.THRESHOLDS[key][0])
    lines = [together(_(KEY_HEADS[key], low=limits[0], worse=worse))]
    for verdict, (low, high) in zip(analysis.VERDICTS, bounds, strict=True):
        if verdict == "good":
            low = high  # "less than" the first threshold
        elif low and high:  # a range: its words are joined ("5 to 10 %" on one line)
            low, high = f"{RANGE_START}{low}", f"{high}{RANGE_END}"
        lines.append(together(_(KEY_LINES[key][verdict], low=low, high=high)))
    return lines


#: What the diamond at the end of the chart is, by the review's measure (the chart draws it
#: once the review is done, from :func:`~tabletop_widgets.analysis.review.how_it_ended`).
ENDED_WORDS = {
    "win": N_(
        "The diamond at the end of the chart is how the game ended: 100 % if you won, 0 % if "
        "you lost."
    ),
    "score": N_(
        "The diamond at the end of each deal on the chart is the points you took in that deal."
    ),
    "place": N_("The diamond at the end of the chart is the place you finished in."),
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
        #: The replay was stepped away from the decision picked, to no reviewed decision:
        #: the words say so (:meth:`_draw_away`) instead of another move's.
        self._away = False
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._drawn_at = 0.0
        #: An even share of the deal's points before each history index asked (None: no
        #: share for this game or measure): the positions of a finished game never change.
        self._shares: dict[int, float | None] = {}
        self._loop: Any = None
        self.heading = w.HTML()
        self.bar = w.IntProgress(min=0, max=100, value=0, layout=w.Layout(width="200px"))
        self.state = w.HTML()
        self.state.add_class("tt-review-state")
        self.cancel_button = ActionButton(layout=w.Layout(width="auto"))
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.chart = ReviewChart()
        self.chart.on_pick(self.pick)
        self.chart.on_layout(self._layout_changed)
        self._drawn_count = 0  # decisions on the chart drawn last
        #: The marks' buttons under the chart, by decision: the picked one is highlighted,
        #: and the words under it do not name the move again.
        self._mark_buttons: dict[int, Any] = {}
        self.summary = w.HTML()
        self.summary.add_class("tt-review-summary")
        self.about = w.HTML()  # what the figures mean, said once
        self.about.add_class("tt-review-about")
        #: The decision whose words first showed a figure with its range: what the range
        #: means is said in full there, folded under the others (None: not shown yet).
        self._range_said: int | None = None
        self.marks = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.detail = w.HTML()
        self.better_button = ActionButton(layout=w.Layout(width="auto", display="none"))
        self.better_button.on_click(lambda _b: self.show_better())
        self._showing_better = False
        # A step on the replay redraws the table: the words saying what the table shows
        # follow it (a stepper without traits, in tests, has nothing to follow).
        self._stepper_watched = hasattr(stepper, "observe")
        if self._stepper_watched:
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
                self.about,
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

    def detach(self) -> None:
        """Stop the review and stop following the replay and the language: a new review
        replaces this one on the page, and only that one may speak over the replay."""
        self.cancel()
        if self._stepper_watched:
            self.stepper.unobserve(self._stepped, names="index")
            self._stepper_watched = False
        on_language_change(self._follow_language, remove=True)

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
        self.picked, self._away = index, False
        self._back_to_the_game(index)
        self.chart.select(index)
        self._draw_detail()
        # The replay is below the review (a screen away on a phone): bring it into view;
        # its caption says which move it shows and the verdict.
        if hasattr(self.stepper, "scroll_into_view"):
            self.stepper.scroll_into_view()

    def _back_to_the_game(self, index: int) -> None:
        """The replay at ``index``, the table showing the game again (not the coach's move)."""
        was = self._showing_better
        self._showing_better = False
        if was and getattr(self.stepper, "index", None) == index:
            self.stepper.redraw()  # the same index: the stepper would not draw it again
        else:
            self.stepper.go(index)

    def show_better(self) -> None:
        """Show the table after the better move of the picked decision (or back), and bring
        the replay into view (on a phone it is a screen away from the button)."""
        if self.picked is None or self.result is None:
            return
        if self._showing_better:
            self._back_to_the_game(self.picked)
        else:
            self._showing_better = True
            self._show_better_board()
        self._draw_detail()  # the words, and the replay's caption over the table
        if self._showing_better and hasattr(self.stepper, "scroll_into_view"):
            self.stepper.scroll_into_view()

    def _show_better_board(self) -> None:
        """The table after the coach's move in place of the one played; a board that can
        say so (``show_what_if``) says it in its own caption and log."""
        d = self.result.decision(self.picked)
        after = self.game.replay(self.picked)
        after.play(d.best, self.seat)
        show = getattr(self.board, "show_what_if", None)
        if show is not None:
            show(after, self.seat, self._better_words(d))
        else:
            self.board.show(after, self.seat, reveal=True)

    def _stepped(self, change: Any) -> None:
        """The replay moved: the table shows the game's position again, not the coach's, and
        the words follow it: a step onto one of the person's reviewed decisions shows that
        decision (its mark picked on the chart); a step elsewhere takes the words of the
        decision picked before away (they would read as the move shown), saying why."""
        self._showing_better = False
        if self.result is None:
            self._set_note("")
            return
        index = change.get("new") if isinstance(change, dict) else None
        if index is None:
            index = getattr(self.stepper, "index", None)
        shown = self._decision_shown(index)
        if shown is not None:
            self.picked, self._away = shown, False
            if self.chart.selected != shown:
                self.chart.select(shown)
            self._draw_detail()
        elif self.picked is not None or self._away:
            self.picked, self._away = None, True
            if self.chart.selected != -1:
                self.chart.select(-1)
            self._draw_away()
        else:
            self._set_note("")

    def _decision_shown(self, n: int | None) -> int | None:
        """The reviewed decision the replay at ``n`` (moves shown) is about, or None: the
        one about to be made there (the table just before it, where a pick puts the replay),
        else the one just made (the list highlights the move shown last: a learner stepping
        forward from a pick reads their own move there, and its words must stay)."""
        if n is None:
            return None
        if self._reviewed(n):
            return n
        if n > 0 and self._reviewed(n - 1):
            return n - 1
        return None

    def _reviewed(self, index: int) -> bool:
        """Whether history ``index`` is a decision the review has a verdict for (so far)."""
        try:
            self.result.decision(index)
        except KeyError:
            return False
        return True

    def _draw_away(self) -> None:
        """The words while the replay shows no reviewed decision of the person: which move
        it shows, and how to see one (no better move to offer, no caption over the table)."""
        n = getattr(self.stepper, "index", 0)
        if n:  # the replay's count: "move 4 of 25", the cards after move 4
            said = _(
                "The replay is at move {n}, where the review has no move of yours to show. "
                "Choose a point on the chart, or step the replay to one of your moves.",
                n=n,
            )
        else:
            said = _(
                "The replay is at the start, where the review has no move of yours to show. "
                "Choose a point on the chart, or step the replay to one of your moves."
            )
        self.detail.value = (
            f"<div class='tt-review-detail tt-review-away' role='status'>{html.escape(said)}</div>"
        )
        self.better_button.layout.display = "none"
        self.better_button.description = _("Show the better move on the table")
        self._show_picked_mark()
        self._set_note("")

    # -- drawing ----------------------------------------------------------------------

    def _label(self) -> None:
        title = _("Review of your game")  # its own call: Babel reads no f-string
        self.heading.value = f"<h3>{html.escape(title)}</h3>"
        self.cancel_button.description = _("Stop the review")

    def _follow_language(self, _lang: str) -> None:
        self._label()
        if self.result is not None:
            self._draw_all()
            if self._showing_better and self.picked is not None:
                self._show_better_board()  # the table's caption in the new language

    def _failed(self) -> None:
        self.state.value = html.escape(_("The review stopped: something went wrong."))
        self.cancel_button.layout.display = "none"

    def _draw_progress(self) -> None:
        r = self.result
        self.bar.value = round(100 * r.progress)
        if r.decisions and len(r.decisions) == len(r.indices) and r.passes > 1:
            # No count of passes: "pass" is a move in Matchstick Tycoon, and a later pass
            # skips the settled decisions, so its number would jump.
            said = _(
                "Every move has a first verdict. The coach is looking again, more closely, at "
                "the moves it is not yet sure of: the marks may still change."
            )
        else:
            said = _(
                "{done} of {total} moves looked at", done=len(r.decisions), total=len(r.indices)
            )
        self.state.value = html.escape(said)
        # Drawn again at most every REDRAW seconds while the review runs (each layout takes
        # ~90 ms, and the later passes report after every decision), and at once when the
        # first pass has looked at every move; the last drawing comes when the review ends.
        first_complete = len(r.decisions) == len(r.indices) != self._drawn_count
        if first_complete or time.monotonic() - self._drawn_at >= REDRAW:
            self._draw_all(final=False)

    def _layout_changed(self, narrow: bool) -> None:
        """The page's width now calls for the other layout: draw it if it is not there."""
        if self.result is not None and not self.chart.has_layout(narrow):
            self._draw_all(final=False)

    def _chart_svgs(self, r: Any, final: bool) -> tuple[str, str]:
        """The wide and the phone's layouts of the chart; while the review runs, only the
        one the page's width calls for (when the page has said it), the other left empty."""
        from tabletop_widgets.analysis.review import how_it_ended
        from tabletop_widgets.analysis.review_plot import figure_svg, review_figure

        narrow = None if final else self.chart.narrow
        # A match's deals, as the replay's list heads them ("Deal 2"): a line on the chart.
        headings = getattr(self.stepper, "headings", None) or []
        parts = [(i, h) for i, h in enumerate(headings) if h]
        # An even share of the deal's points, a line across the chart where figures are
        # expected points: one per deal where the list heads deals (shares may differ).
        share = self._share_at(0, r.measure)
        shares: Any = None
        if share is not None:
            shares = [(i, self._share_at(i, r.measure)) for i in [0] + [i for i, _h in parts]]
        # Where each deal (or the game) ended: the chart used to stop at the last decision.
        ended = how_it_ended(self.game, self.seat, [i for i, _h in parts]) if r.done else []
        drawn = {"sections": parts, "share": shares, "ended": ended}
        wide = figure_svg(review_figure(r, **drawn)) if narrow is not True else ""
        phone = figure_svg(review_figure(r, narrow=True, **drawn)) if narrow is not False else ""
        return wide, phone

    def _share_at(self, index: int, measure: str) -> float | None:
        """An even share of the points of the deal being played before history ``index``, for
        the reviewed seat (:func:`~tabletop_widgets.ui.coach.even_share`); None where the
        figures are not expected points or the game has no points to share."""
        if measure != "score":
            return None
        if index not in self._shares:
            observation = self.game.replay(index).observation(self.seat)
            self._shares[index] = even_share(self.info, observation, measure)
        return self._shares[index]

    def _below_share_words(self, r: Any) -> str:
        """Where even the coach's best move was expected to score less than an even share of
        its deal (as the figures are shown: rounded), how often, and why that does not make
        the best move a bad one ("" where it never was, or the figures are not points)."""
        if r.measure != "score" or self._share_at(0, r.measure) is None:
            return ""
        below = sum(
            1
            for d in r.decisions
            if share_side(d.best_value, self._share_at(d.index, r.measure)) < 0
        )
        if not below:
            return ""
        if getattr(self.game, "players", 3) == 2:  # one opponent, not "the other players"
            return ngettext(
                "At {n} of your moves, even the coach's best move was expected to score less "
                "than an even share: there the deal favoured your opponent, whatever you "
                "played. The marks compare your move with the coach's best move, not with the "
                "share.",
                "At {n} of your moves, even the coach's best move was expected to score less "
                "than an even share: there the deal favoured your opponent, whatever you "
                "played. The marks compare your move with the coach's best move, not with the "
                "share.",
                below,
            )
        return ngettext(
            "At {n} of your moves, even the coach's best move was expected to score less than "
            "an even share: there the deal favoured the other players, whatever you played. "
            "The marks compare your move with the coach's best move, not with the share.",
            "At {n} of your moves, even the coach's best move was expected to score less than "
            "an even share: there the deal favoured the other players, whatever you played. "
            "The marks compare your move with the coach's best move, not with the share.",
            below,
        )

    def _draw_all(self, final: bool = True) -> None:
        """Draw the chart, the summary and the marks; ``final``: both layouts of the chart
        (the review has ended, or the language changed), else only the one needed."""
        r = self.result
        if r is None:
            return
        self._drawn_at = time.monotonic()
        self._drawn_count = len(r.decisions)
        wide, phone = self._chart_svgs(r, final)
        # The chart first: "Done." is said once the marks it announces are on the page.
        self.chart.show_chart(wide, self._mark_words(r), narrow=phone)
        if r.done or r.stopped:
            self.bar.value = 100 if r.done else self.bar.value
            self.cancel_button.layout.display = "none"
            self.state.value = html.escape(
                _("Done.") if r.done else _("Stopped: the marks so far are shown.")
            )
        counts = r.counts()
        parts = [ngettext(*VERDICT_COUNTS[v], counts[v]) for v in VERDICT_COUNTS]
        finished = r.done or r.stopped
        said = [
            _("In all: {parts}.", parts=listing(parts))
            if finished
            else _("So far: {parts}.", parts=listing(parts))
        ]
        if finished and r.decisions and len(r.decisions) == len(r.indices) and not r.marks:
            said.append(self._all_good_words())
        # "11 good moves" after 12 moves puzzled a learner: the forced ones are said.
        forced = sum(1 for s in self.game.movers if s == self.seat) - len(r.indices)
        if forced > 0 and (r.done or r.stopped):
            said.append(
                ngettext(
                    "{n} move where you had only one choice is not counted.",
                    "{n} moves where you had only one choice are not counted.",
                    forced,
                )
            )
        self.summary.value = html.escape(" ".join(said))
        # What the figures mean; what their ranges mean is said beside the first one shown
        # (the words of a picked move), not here: no figure with a range shows before a pick.
        played_out = any(d.played_value.low != d.played_value.high for d in r.decisions)
        said = [meaning_words(r.measure, played_out)]
        share = (
            share_words(self.info, self.game.replay(0).observation(self.seat), r.measure)
            if r.measure == "score"
            else ""
        )
        if share:  # expected points on their scale ("74" alone said nothing)
            said.append(share)
            # "Expected points 67" for a best move, beside a share of 80, read as a bad move.
            below = self._below_share_words(r)
            if below:
                said.append(below)
        if r.done and self.game.is_over:
            # The chart's last point is no move's: a newcomer guessed what it meant.
            said.append(_(ENDED_WORDS[r.measure]))
        if played_out:
            # A hint said 18 %, the review calls a 29 % move good: the figures come from
            # different numbers of deals, and the page says so where it says what they are.
            said.append(
                _(
                    "The review works from many more deals than a hint during play, so its "
                    "figures can differ from the ones the hints showed."
                )
            )
        notes = "".join(f"<div class='tt-note'>{html.escape(t)}</div>" for t in said)
        self.about.value = notes + self._key_html(r.measure)
        buttons = []
        self._mark_buttons = {}
        for d in r.marks:
            b = ActionButton(
                description=self._mark_label(d),
                layout=w.Layout(width="auto"),
            )
            b.add_class(f"tt-review-{d.verdict}")
            b.on_click(lambda _b, i=d.index: self.pick(i))
            buttons.append(b)
            self._mark_buttons[d.index] = b
        self.marks.children = buttons
        self._show_picked_mark()
        if self.picked is not None:
            self._draw_detail()
        elif self._away:
            self._draw_away()

    @staticmethod
    def _key_html(measure: str) -> str:
        """The key to the marks (:func:`marks_key`), each verdict's line after its marker: in
        full on a wide screen, folded under "What the marks mean" on a narrow one."""
        from tabletop_widgets.analysis.review import VERDICTS
        from tabletop_widgets.analysis.review_plot import MARK_STYLE

        head, *lines = marks_key(measure)
        items = "".join(
            f"<li><span aria-hidden='true' style='color: {MARK_STYLE[v][1]}'>"
            f"{KEY_SYMBOLS[MARK_STYLE[v][0]]}</span> {html.escape(line)}</li>"
            for v, line in zip(VERDICTS, lines, strict=True)
        )
        key = f"<div class='tt-note'>{html.escape(head)}</div><ul>{items}</ul>"
        # On a wide screen the key shows in full; on a phone (review_chart.css) it is one
        # tap away: in full it took eight lines under the summary there.
        summary = html.escape(_("What the marks mean"))
        return (
            f"<div class='tt-review-key tt-review-key-wide'>{key}</div>"
            f"<details class='tt-review-key tt-review-key-narrow'><summary>{summary}</summary>"
            f"{key}</details>"
        )

    def _show_picked_mark(self) -> None:
        """Highlight the button of the decision picked (none while the replay is away)."""
        for index, b in self._mark_buttons.items():
            if index == self.picked:
                b.add_class("tt-review-picked")
            else:
                b.remove_class("tt-review-picked")

    def _mark_words(self, r: Any) -> list[tuple[int, str]]:
        return [(d.index, self._mark_label(d)) for d in r.decisions]

    def _mine(self, index: int) -> int:
        """How many moves the reviewed seat had made up to move ``index`` (counted from 0)
        of the game, that one included: its "your move" number."""
        return sum(1 for s in self.game.movers[: index + 1] if s == self.seat)

    def _same_count(self, d: Any) -> bool:
        """True if the person's count of decision ``d`` is the game's ("your move 1 (move 1
        of the game)" said the number twice): it is then said once."""
        return self._mine(d.index) == d.index + 1

    def _mark_label(self, d: Any) -> str:
        verdict = _(VERDICT_SENTENCES[d.verdict])
        if self._same_count(d):
            return _("Your move {k}: {verdict}", k=d.index + 1, verdict=verdict)
        return _(
            "Your move {k} (move {n} of the game): {verdict}",
            k=self._mine(d.index),
            n=d.index + 1,
            verdict=verdict,
        )

    def _all_good_words(self) -> str:
        """Every decision reviewed was good: what the result then came from."""
        result = getattr(self.game, "result", None)
        lost = result is not None and not result.is_draw and self.seat not in result.winners
        if lost:
            return _(
                "Every move you made was good: the result came from the cards (luck) and the "
                "other players' moves, not from your choices."
            )
        return _("Every move you made was good.")

    def _better_words(self, d: Any) -> str:
        """What the table shows while it shows the coach's move (its caption, the replay's)."""
        return _(
            "The table shows the coach's move, “{move}”, in place of yours: it was not "
            "played in this game.",
            move=move_words(self.info, d.best),
        )

    def _set_note(self, text: str) -> None:
        """The replay's caption over the table (a stepper with a ``note``)."""
        if hasattr(self.stepper, "note") and self.stepper.note != text:
            self.stepper.note = text

    def _draw_detail(self) -> None:
        d = self.result.decision(self.picked)
        played = move_words(self.info, d.played)
        value = estimate_words(d.played_value, self.result.measure)
        verdict = _(VERDICT_SENTENCES[d.verdict])
        self._show_picked_mark()
        if d.index in self._mark_buttons:
            # Its button, just above and highlighted, names the move: said once.
            chose = _(
                "You chose “{move}” ({value}): {verdict}.",
                move=played,
                value=value,
                verdict=verdict,
            )
        elif self._same_count(d):
            chose = _(
                "Your move {k}: you chose “{move}” ({value}): {verdict}.",
                k=d.index + 1,
                move=played,
                value=value,
                verdict=verdict,
            )
        else:
            chose = _(
                "Your move {k} (move {n} of the game): you chose “{move}” ({value}): {verdict}.",
                k=self._mine(d.index),
                n=d.index + 1,
                move=played,
                value=value,
                verdict=verdict,
            )
        lines = [chose]
        best = move_words(self.info, d.best)
        best_value = estimate_words(d.best_value, self.result.measure)
        if d.verdict != "good":
            lines.append(_("The coach's best move: {move} ({value}).", move=best, value=best_value))
        elif d.shown_as_good and not d.is_best:
            # Rounded, the two figures read the same: the page claims no difference.
            lines.append(
                _(
                    "Your move was about as good as the coach's best move, “{move}” ({value}): "
                    "rounded, their figures are the same.",
                    move=best,
                    value=best_value,
                )
            )
        elif self._followed_hint(d):
            # Good because the learner did what the hint said: the review, looking much
            # longer, may rank another move first -- by more than a small or unsure gap.
            lines.append(
                _(
                    "You played the move the coach's hint put first, so it counts as good. "
                    "Looking at many more deals than a hint can, the review ranks “{move}” "
                    "({value}) first.",
                    move=best,
                    value=best_value,
                )
            )
        elif not d.is_best:
            # Good, yet another move ranked first: the drop is under the first mark, or the
            # playouts cannot tell it from none.  No better move is offered for a good move.
            lines.append(
                _(
                    "The coach ranked “{move}” ({value}) first, but the difference from your "
                    "move is too small, or too uncertain, to count as a mistake.",
                    move=best,
                    value=best_value,
                )
            )
        lines.append(
            ngettext(
                "Worked out from {n} new deal of the cards you could not see.",
                "Worked out from {n} new deals of the cards you could not see.",
                d.playouts,
            )
            if d.playouts
            else _("Worked out against the hands your opponent could hold.")
        )
        ranges = self._range_note(d)
        # What the table shows, and the verdict again: the replay stops just before the
        # chosen move (its list highlights the move before, which reads as the wrong one
        # without this), and the coach's move is not one of the game's.  Said once: over
        # the table, in the replay's caption (the words above say the verdict already); in
        # the detail only for a replay without a caption.  The coach's move is said by the
        # table itself where it can say it (``show_what_if``: its caption, at its top, the
        # words the learner reads looking at the cards), and not over the replay's buttons
        # as well: the two read the same sentence twice, one above the other.
        shown = self._shown_words(d)
        captioned = hasattr(self.stepper, "note")
        if self._showing_better and self._table_says_it():
            shown = ""
        self.detail.value = (
            "<div class='tt-review-detail' role='status'>"
            + "".join(f"<div>{html.escape(t)}</div>" for t in lines)
            + ranges
            + (
                f"<div class='tt-review-shown'>{html.escape(shown)}</div>"
                if shown and not captioned
                else ""
            )
            + "</div>"
        )
        # A better move is offered for a move marked below good only (a good move's best
        # is no better to the learner: the page would contradict its own mark).
        # The exception: the learner followed the hint, and the review finds a move surely
        # better (the hint looked at far fewer deals): it is worth seeing.
        offer = d.verdict != "good" or (self._followed_hint(d) and d.drop.low > 0)
        self.better_button.layout.display = None if offer else "none"
        self.better_button.description = (
            _("Show the position before your move")
            if self._showing_better
            else _("Show the better move on the table")
        )
        self._set_note(shown)

    def _table_says_it(self) -> bool:
        """Whether the board says in its own caption that it shows the coach's move."""
        return getattr(self.board, "show_what_if", None) is not None

    def _range_note(self, d: Any) -> str:
        """What the two numbers after "likely" mean, as HTML, where the words of ``d`` show a
        figure with its range ("" where they show none): in full for the first decision
        that showed one, folded under a summary for the others."""
        shown = [d.played_value] if d.is_best else [d.played_value, d.best_value]
        if not any(has_range(e, self.result.measure) for e in shown):
            return ""
        if self._range_said is None:
            self._range_said = d.index
        note = f"<div class='tt-note'>{html.escape(range_words(self.result.measure))}</div>"
        if self._range_said == d.index:
            return f"<div class='tt-review-ranges'>{note}</div>"
        summary = html.escape(_("What the figures mean"))
        return f"<details class='tt-review-ranges'><summary>{summary}</summary>{note}</details>"

    def _shown_words(self, d: Any) -> str:
        """What the table shows for the picked decision ``d`` ("" once the replay has
        stepped elsewhere: the stepper then says which move it shows)."""
        if self._showing_better:
            return self._better_words(d)
        if getattr(self.stepper, "index", d.index) == d.index:
            # The replay counts the moves made ("move 4 of 25"); the review names the move
            # about to be made (move 5): both are said, so they do not seem to disagree.
            # The verdict in a sentence of its own ("... when you chose: a blunder" read
            # awkwardly).
            verdict = _(VERDICT_SENTENCES[d.verdict])
            if d.index == 0:  # the game's first move is the person's first too: said once
                return _(
                    "The table shows the cards at the start, just before your move 1. The "
                    "review marks the move you chose there as {verdict}.",
                    verdict=verdict,
                )
            if self._same_count(d):
                return _(
                    "The table shows the cards after move {m}, just before your move {k}. "
                    "The review marks the move you chose there as {verdict}.",
                    m=d.index,
                    k=d.index + 1,
                    verdict=verdict,
                )
            return _(
                "The table shows the cards after move {m}, just before your move {k} "
                "(move {n} of the game). The review marks the move you chose there as "
                "{verdict}.",
                m=d.index,
                k=self._mine(d.index),
                n=d.index + 1,
                verdict=verdict,
            )
        if getattr(self.stepper, "index", None) == d.index + 1:
            # One step on from a pick: the table after the person's own move, the one the
            # replay's list highlights; the same decision's words, said from after it.
            verdict = _(VERDICT_SENTENCES[d.verdict])
            if self._same_count(d):
                return _(
                    "The table shows the cards just after your move {k}, the move the review "
                    "marks as {verdict}.",
                    k=d.index + 1,
                    verdict=verdict,
                )
            return _(
                "The table shows the cards just after your move {k} (move {n} of the game), "
                "the move the review marks as {verdict}.",
                k=self._mine(d.index),
                n=d.index + 1,
                verdict=verdict,
            )
        return ""

    def _followed_hint(self, d: Any) -> bool:
        """True if the move played is the one the coach's hint put first there."""
        return not d.is_best and d.index in self.hinted and self.hinted[d.index] == d.played
