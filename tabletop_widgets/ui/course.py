"""A lesson course for every game: steps of text + a live widget + a check + hints.

Board Game Arena's tutorials teach in the order theme → goal → overview →
rules → special rules, one thing at a time, making the learner do each move.
A :class:`Course` is that sequence of :class:`Step` objects with a progress
bar, a Check button, hints on demand and feedback that says why an answer is
wrong.  Checks call the game engines, never rules written here.

>>> done = {"ok": False}
>>> def check():
...     return Feedback(done["ok"], "Well done." if done["ok"] else "Not yet (MT-5).")
>>> step = Step("Try it", "<p>Press the button.</p>", check=check,
...             hints=["The button is below."])
>>> course = Course("Demo", [step, Step("Read", "<p>Just read.</p>")])
>>> course.check().ok, course.feedback_text
(False, 'Not yet (MT-5).')
>>> course.hint(), course.hint()
('The button is below.', 'No more hints for this step.')
>>> done["ok"] = True
>>> course.check().ok, course.progress
(True, (1, 2))
>>> course.next(); course.index, course.check().ok, course.progress
(1, True, (2, 2))

Progress is kept in the browser (a reload, or a new kernel, offers to go on
where the learner was) and reported to ``on_progress`` listeners (a class's
teacher view) as :class:`StepReport` values:

>>> course.stats[0]
StepReport(step=0, title='Try it', passed=True, wrong=1, hints=1)
>>> again = Course("Demo", [Step("Try it", "", check=check), Step("Read", "")])
>>> again.restore({"index": 1, "passed": [0, 1], "wrong": [1, 0], "hints": [1, 0]})
True
>>> again.index, again.progress, again.stats[0].wrong
(1, (2, 2), 1)
>>> again.restore({"index": "junk"})  # what a browser sends back is checked
False

Exercises
---------
A step that asks the learner to do something carries an ``exercise``.  So that
a tutorial can never teach what is false, an exercise says which positions it
scripts and which answers it accepts, and computes the right answers from the
engine and the goal its text states (:class:`Exercise`).  One test runs over
every exercise of every course: each position is read through the engine's own
position checks, and the answers the check accepts are exactly the right ones.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import ipywidgets as w

from tabletop_widgets.core.i18n import Message, _, _l, on_language_change

from .actions import ActionButton
from .browser_store import BrowserStore
from .rule_links import link_rules, link_rules_html

__all__ = ["Course", "Exercise", "Feedback", "Step", "StepReport"]

log = logging.getLogger(__name__)

STYLE = """<style>
.tt-lesson { max-width: 860px; font-family: system-ui, -apple-system, "Segoe UI", Roboto,
  "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans CJK KR", "Noto Sans KR", NanumGothic,
  sans-serif; }
.tt-lesson h3 { margin: 4px 0; }
/* Links look like links (the end's "Next:", a step's links): underlined, in the theme's
   link colour (#1a5fd6 on white is 5.6:1). */
.tt-lesson a, .tt-lesson a:visited {
  color: var(--jp-content-link-color, #1a5fd6); text-decoration: underline; }
.tt-interp { border-left: 4px solid #7a4fd6; padding: 4px 8px; margin: 6px 0;
  background: color-mix(in srgb, #7a4fd6 12%, var(--jp-layout-color0, #fff)); }
.tt-ok { border-left: 4px solid var(--jp-success-color1, #1e7b34); padding: 4px 8px;
  background: color-mix(in srgb, #1e7b34 12%, var(--jp-layout-color0, #fff)); }
.tt-no { border-left: 4px solid var(--jp-error-color1, #b3261e); padding: 4px 8px;
  background: color-mix(in srgb, #b3261e 12%, var(--jp-layout-color0, #fff)); }
.tt-hint { border-left: 4px solid #b07b00; padding: 4px 8px;
  background: color-mix(in srgb, #b07b00 14%, var(--jp-layout-color0, #fff)); }
.tt-resume { border: 1px solid var(--jp-border-color1, #b8b3a6); padding: 6px 10px;
  border-radius: 6px; margin: 6px 0; }
@media (pointer: coarse) { .tt-lesson input, .tt-lesson select { min-height: 40px; } }
</style>"""


@dataclass(frozen=True)
class Feedback:
    """The result of a check: passed or not, and a sentence for the learner (text, or a
    :class:`~tabletop_widgets.core.i18n.Message` that follows the page's language)."""

    ok: bool
    message: str | Message


@dataclass(frozen=True)
class StepReport:
    """How one step went: passed or not, wrong tries, hints taken (for a teacher's view)."""

    step: int
    title: str
    passed: bool
    wrong: int
    hints: int


@runtime_checkable
class Exercise(Protocol):
    """What every exercise of a course tells the tests (and nothing else needs).

    ``game`` is the registry key; ``positions()`` every position the exercise
    scripts (as JSON, each must pass the engine's checks); ``answers()`` every
    answer a learner could give (usually every legal move there); ``accepts(a)``
    what the Check would say of ``a``, without side effects; ``correct()`` the
    answers that achieve the goal the step's text states, computed from the
    engine -- never listed by hand.
    """

    game: str

    def positions(self) -> Sequence[Mapping[str, Any]]: ...

    def answers(self) -> Iterable[Hashable]: ...

    def accepts(self, answer: Hashable) -> bool: ...

    def correct(self) -> set[Hashable]: ...


@dataclass
class Step:
    """One lesson step.

    ``text`` is HTML.  ``widget`` is a widget or a factory called when the
    step is first shown.  ``check`` returns Feedback (or ``(ok, message)``);
    a step without a check (a reading step) passes when the learner goes on from it with Next,
    or when it is the last step and is reached.
    ``interpretations`` lists rules this project had to interpret: they are
    flagged in the text so learners know they differ between rule books.
    ``exercise`` (optional) describes the step for the tests (:class:`Exercise`).
    ``coach`` (free-play steps only: any good move will do) returns ``(game, seat)`` -- the
    position the learner plays now -- so that after a wrong try the course offers the
    coach's hint there (:mod:`.coach`); a goal-based step has none, since the coach's best
    move need not be the step's goal.
    Words (title, text, hints, interpretations) are shown through ``_()``: English message
    ids marked with ``N_`` or :class:`~tabletop_widgets.core.i18n.Message` values are shown
    in the page's language.
    """

    title: str
    text: str
    widget: Any = None
    check: Callable[[], Feedback | tuple[bool, str]] | None = None
    hints: Sequence[str] = ()
    rule: str = ""
    interpretations: Sequence[str] = ()
    exercise: Any = None
    coach: Callable[[], tuple[Any, int] | None] | None = None
    passed: bool = field(default=False, init=False)
    hints_shown: int = field(default=0, init=False)
    wrong: int = field(default=0, init=False)
    _built: Any = field(default=None, init=False, repr=False)

    def built_widget(self) -> Any:
        if self._built is None and self.widget is not None:
            self._built = (
                self.widget()
                if callable(self.widget) and not isinstance(self.widget, w.DOMWidget)
                else self.widget
            )
        return self._built


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "course"


class Course(w.VBox):
    """A sequence of steps with progress, Check / Hint / Back / Next, and feedback.

    ``after``: a (label, link) shown at the last step, e.g. the game's play page.
    ``store_key``: where the browser keeps the learner's place (default from the title).
    """

    def __init__(
        self,
        title: str | Message,
        steps: Sequence[Step],
        *,
        after: tuple[str, str] | None = None,
        store_key: str | None = None,
        **kwargs: Any,
    ) -> None:
        if not steps:
            raise ValueError("a course needs at least one step")
        self.title = title
        self.steps = list(steps)
        self.index = 0
        self.after = after
        self.feedback_text = ""
        self._resume_saved: Any = None
        self._listeners: list[Callable[[StepReport], Any]] = []
        self._progress = w.IntProgress(min=0, max=len(self.steps), layout=w.Layout(width="320px"))
        self._progress_label = w.Label()
        self._resume = w.HBox(layout=w.Layout(display="none", flex_flow="row wrap"))
        self._resume.add_class("tt-resume")
        self._header = w.HTML()
        self._body = w.HTML()
        self._slot = w.Box()
        self._feedback = w.HTML()
        self._after = w.HTML()
        self._check_button = ActionButton(button_style="primary")
        self._hint_button = ActionButton()
        self._back = ActionButton()
        self._next = ActionButton()
        # The coach, offered after a wrong try on a free-play step (made on first use).
        self._coach: Any = None
        self._coach_button = ActionButton(layout=w.Layout(display="none"))
        self._coach_box = w.VBox()
        self._coach_button.on_click(lambda _b: self.ask_coach())
        self._said: tuple[Any, str, str] = ("", "", "")
        self._title_html = w.HTML()
        self._label_buttons()
        self._check_button.on_click(lambda _b: self.check())
        self._hint_button.on_click(lambda _b: self.hint())
        self._back.on_click(lambda _b: self.back())
        self._next.on_click(lambda _b: self.next())
        buttons = w.HBox(
            [self._back, self._check_button, self._hint_button, self._coach_button, self._next],
            layout=w.Layout(flex_flow="row wrap"),
        )
        key_title = title.msgid if isinstance(title, Message) else title
        self.store = BrowserStore(store_key or f"tabletop/course/{_slug(key_title)}")
        self.store.on_restore(self._offer_resume)
        # A class code sends this course's progress to the teacher's grid (classroom/).
        from tabletop_widgets.classroom.course_link import ClassLink

        self.class_link = ClassLink(self)
        super().__init__(
            [
                self._title_html,
                self._resume,
                w.HBox(
                    [self._progress, self._progress_label], layout=w.Layout(flex_flow="row wrap")
                ),
                self._header,
                self._body,
                self._slot,
                buttons,
                self._feedback,
                self._coach_box,
                self._after,
                self.class_link.widget,
                self.store,
            ],
            **kwargs,
        )
        self.add_class("tt-lesson")
        self._show()
        on_language_change(self._follow_language)

    # -- words ------------------------------------------------------------

    def _label_buttons(self) -> None:
        self._title_html.value = (
            STYLE + f"<div class='tt-lesson'><h2>{html.escape(_(self.title))}</h2></div>"
        )
        self._progress.description = _("Progress")
        for button, label, tip in (
            (self._check_button, _("Check"), _("check what you did")),
            (self._hint_button, _("Hint"), _("a hint for this step")),
            (self._back, _("Back"), _("the previous step")),
            (self._next, _("Next"), _("the next step")),
            (self._coach_button, _("Ask the coach"), _("the coach's best moves here")),
        ):
            button.description, button.tooltip = label, tip

    def _follow_language(self, _lang: str) -> None:
        """Say everything again in the new language (the learner's place is unchanged)."""
        self._label_buttons()
        self._draw_step()
        self._update_progress()
        if self._resume.children and self._resume_saved is not None:
            self._offer_resume(self._resume_saved, again=True)
        self._say(*self._said)

    # -- public API (the buttons call these; tests and notebooks may too) --

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def progress(self) -> tuple[int, int]:
        """(steps passed, steps in all)."""
        return sum(s.passed for s in self.steps), len(self.steps)

    @property
    def stats(self) -> list[StepReport]:
        """How every step went so far."""
        return [
            StepReport(i, s.title, s.passed, s.wrong, s.hints_shown)
            for i, s in enumerate(self.steps)
        ]

    def on_progress(self, callback: Callable[[StepReport], Any], remove: bool = False) -> None:
        """Call ``callback(report)`` after every check, hint or step change."""
        if remove:
            self._listeners.remove(callback)
        else:
            self._listeners.append(callback)

    def check(self) -> Feedback:
        """Run the current step's check and show the feedback."""
        step = self.step
        if step.check is None:
            fb = Feedback(True, "")
        else:
            try:
                result = step.check()
                fb = result if isinstance(result, Feedback) else Feedback(*result)
            except Exception:  # a learner's odd input must never show a traceback
                log.exception("lesson check failed")
                fb = Feedback(False, _l("That did not work. Try again, or press Hint."))
        if fb.ok:
            step.passed = True
        else:
            step.wrong += 1
            if step.coach is not None:  # a free-play step: the coach may help now
                self._coach_button.layout.display = None
        self._say(fb.message, "tt-ok" if fb.ok else "tt-no", "yes" if fb.ok else "no")
        self._changed()
        return fb

    def hint(self) -> str:
        """Show the next hint of the current step."""
        step = self.step
        if step.hints_shown < len(step.hints):
            source = step.hints[step.hints_shown]
            step.hints_shown += 1
        else:
            source = _l("No more hints for this step.")
        self._say(source, "tt-hint", "hint")
        self._changed()
        return _(source)

    def ask_coach(self) -> list[Any]:
        """The coach's best moves in the current free-play step's position (if any)."""
        step = self.step
        found = step.coach() if step.coach is not None else None
        if found is None:
            return []
        game, seat = found
        from .coach import Coach

        if self._coach is None or self._coach.info.key != game.key:
            self._coach = Coach(game.key)
            self._coach.switch.layout.display = "none"  # the course's button asks for it
            self._coach.button.layout.display = "none"
        self._coach_box.children = (self._coach.output,)
        return self._coach.show(game, seat, seed=len(game.history))

    def clear_feedback(self) -> None:
        """Take the last check's or hint's message away (an exercise changed since)."""
        if self.feedback_text:
            self._say("", "", "")

    def next(self) -> None:
        if self.index < len(self.steps) - 1:
            if self.step.check is None and not self.step.passed:
                self.step.passed = True  # a reading step counts once read: not on arrival
                self._changed()  # and its report goes out before the learner leaves it
            self.index += 1
            self._show()

    def back(self) -> None:
        if self.index > 0:
            self.index -= 1
            self._show()

    def go(self, index: int) -> None:
        if not 0 <= index < len(self.steps):
            raise IndexError(f"step must be 0 to {len(self.steps) - 1}")
        self.index = index
        self._show()

    def restore(self, saved: Any) -> bool:
        """Go back to a place the browser kept (from :meth:`saved`); False if it is not one."""
        try:
            index, passed, wrong, hints = self._read_saved(saved)
        except (TypeError, ValueError, KeyError):
            return False
        for i, s in enumerate(self.steps):
            s.passed = i in passed or s.passed
            s.wrong, s.hints_shown = wrong[i], min(hints[i], len(s.hints))
        self.go(index)
        return True

    def saved(self) -> dict:
        """The learner's place, as kept in the browser."""
        return {
            "index": self.index,
            "passed": [i for i, s in enumerate(self.steps) if s.passed],
            "wrong": [s.wrong for s in self.steps],
            "hints": [s.hints_shown for s in self.steps],
        }

    def start_again(self) -> None:
        """Forget every step's progress and go to the first step."""
        for s in self.steps:
            s.passed, s.wrong, s.hints_shown = False, 0, 0
        self._resume.layout.display = "none"
        self.go(0)

    # -- keeping the place ----------------------------------------------------

    def _read_saved(self, saved: Any) -> tuple[int, set[int], list[int], list[int]]:
        n = len(self.steps)
        if not isinstance(saved, Mapping):
            raise TypeError("not an object")
        index = saved["index"]
        if type(index) is not int or not 0 <= index < n:
            raise ValueError("index")

        def counts(key: str) -> list[int]:
            values = saved.get(key, [0] * n)
            if not isinstance(values, list) or len(values) != n:
                raise ValueError(key)
            if any(type(v) is not int or not 0 <= v <= 10_000 for v in values):
                raise ValueError(key)
            return values

        passed = saved.get("passed", [])
        if not isinstance(passed, list) or any(
            type(i) is not int or not 0 <= i < n for i in passed
        ):
            raise ValueError("passed")
        return index, set(passed), counts("wrong"), counts("hints")

    def _offer_resume(self, saved: Any, again: bool = False) -> None:
        try:
            index, passed, _w, _h = self._read_saved(saved)
        except (TypeError, ValueError, KeyError):
            return
        if not again and (
            index == 0
            and not passed
            or self.index != 0
            or any(s.passed for s in self.steps if s.check is not None)
        ):
            return
        text = w.HTML(
            html.escape(
                _(
                    "Welcome back: you were at step {n} of {total}.",
                    n=index + 1,
                    total=len(self.steps),
                )
            )
        )
        go_on = ActionButton(description=_("Go on where I was"), button_style="primary")
        restart = ActionButton(description=_("Start from step 1"))
        go_on.on_click(lambda _b: (self.restore(saved), self._hide_resume()))
        restart.on_click(lambda _b: self._confirm_restart(saved))
        self._resume_saved = saved
        self._resume.children = (text, go_on, restart)
        if not again:
            self._resume.layout.display = None

    def _confirm_restart(self, saved: Any) -> None:
        """Starting again forgets the steps done: asked once more, with the way back first."""
        text = w.HTML(html.escape(_("This forgets the steps you have done. Start from step 1?")))
        keep = ActionButton(description=_("No, go on where I was"), button_style="primary")
        forget = ActionButton(description=_("Yes, start from step 1"), button_style="warning")
        keep.on_click(lambda _b: (self.restore(saved), self._hide_resume()))
        forget.on_click(lambda _b: (self._hide_resume(), self.start_again(), self._changed()))
        self._resume.children = (text, keep, forget)

    def _hide_resume(self) -> None:
        self._resume.layout.display = "none"
        self._resume.children = ()
        self._resume_saved = None

    def _keeps_saved_place(self) -> bool:
        """While the learner has not answered "Welcome back", what the browser kept stays
        kept -- unless they have since gone further on this page than it had."""
        saved = getattr(self, "_resume_saved", None)
        if saved is None or self._resume.layout.display == "none":
            return False
        try:
            index, passed, _w, _h = self._read_saved(saved)
        except (TypeError, ValueError, KeyError):
            return False
        now = sum(1 for s in self.steps if s.passed)
        return self.index <= index and now <= len(passed)

    def _changed(self) -> None:
        self._update_progress()
        if not self._keeps_saved_place():
            self.store.save(self.saved())
        report = self.stats[self.index]
        for cb in list(self._listeners):
            try:
                cb(report)
            except Exception:
                log.exception("a progress listener failed")

    # -- drawing ----------------------------------------------------------

    def _say(self, source: Any, cls: str, lead: str) -> None:
        """Show feedback (text or a Message; said again when the language changes); ``lead``
        is ``yes``, ``no``, ``hint`` or empty."""
        self._said = (source, cls, lead)
        text = _(source) if source else ""
        self.feedback_text = text
        body = link_rules(html.escape(text))
        leads = {"yes": _("Yes!"), "no": _("Not yet."), "hint": _("Hint:")}
        head = f"<b>{html.escape(leads[lead])}</b> " if lead in leads else ""
        self._feedback.value = (
            f"<div class='tt-lesson {cls}' role='status'>{head}{body}</div>" if text else ""
        )

    def _update_progress(self) -> None:
        done, total = self.progress
        self._progress.value = done
        self._progress_label.value = _(
            "{done} of {total} steps done · step {n}", done=done, total=total, n=self.index + 1
        )

    def _show(self) -> None:
        step = self.step
        if step.check is None and self.index == len(self.steps) - 1:
            step.passed = True  # the last reading step counts once reached
        self._draw_step()
        built = step.built_widget()
        self._slot.children = (built,) if built is not None else ()
        # A reading step has nothing to check: no Check button (and no Hint without hints).
        self._check_button.layout.display = "none" if step.check is None else None
        self._hint_button.layout.display = None if step.hints else "none"
        self._coach_button.layout.display = "none"  # offered after a wrong try only
        self._coach_box.children = ()
        self._back.disabled = self.index == 0
        self._next.disabled = self.index == len(self.steps) - 1
        self._say("", "", "")
        self._changed()

    def _draw_step(self) -> None:
        """The step's words (header, text, interpretations, the link after the last step)."""
        step = self.step
        rule = f" <small>({link_rules(html.escape(step.rule))})</small>" if step.rule else ""
        self._header.value = (
            f"<div class='tt-lesson'><h3>{self.index + 1}. "
            f"{html.escape(_(step.title))}{rule}</h3></div>"
        )
        ours = html.escape(_("Our interpretation:"))
        interp = "".join(
            f"<div class='tt-interp'><b>{ours}</b> {link_rules(html.escape(_(t)))}</div>"
            for t in step.interpretations
        )
        body = link_rules_html(_(step.text))  # "like MT-1": a link to its paragraph
        self._body.value = f"<div class='tt-lesson'>{body}{interp}</div>"
        last = self.index == len(self.steps) - 1
        nxt = html.escape(_("Next:"))
        self._after.value = (
            f"<p class='tt-lesson'><b>{nxt}</b> "
            f"<a href='{html.escape(self.after[1])}'>{html.escape(_(self.after[0]))}</a></p>"
            if last and self.after
            else ""
        )
