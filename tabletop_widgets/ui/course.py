"""A lesson framework for every game: steps of text + a live widget + a check + hints.

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
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

__all__ = ["Course", "Feedback", "Step"]

log = logging.getLogger(__name__)

STYLE = """<style>
.tt-lesson { max-width: 860px; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
.tt-lesson h3 { margin: 4px 0; }
.tt-interp { border-left: 4px solid #7a4fd6; background: #f3eeff; padding: 4px 8px; margin: 6px 0; }
.tt-interp b { color: #4b2a99; }
.tt-ok { border-left: 4px solid #1e7b34; background: #e9f7ec; padding: 4px 8px; }
.tt-no { border-left: 4px solid #b3261e; background: #fdecea; padding: 4px 8px; }
.tt-hint { border-left: 4px solid #b07b00; background: #fff6df; padding: 4px 8px; }
</style>"""


@dataclass(frozen=True)
class Feedback:
    """The result of a check: passed or not, and a sentence for the learner."""

    ok: bool
    message: str


@dataclass
class Step:
    """One lesson step.

    ``text`` is HTML.  ``widget`` is a widget or a factory called when the
    step is first shown.  ``check`` returns Feedback (or ``(ok, message)``);
    a step without a check passes once it has been shown (a reading step).
    ``interpretations`` lists rules this project had to interpret: they are
    flagged in the text so learners know they differ between rule books.
    """

    title: str
    text: str
    widget: Any = None
    check: Callable[[], Feedback | tuple[bool, str]] | None = None
    hints: Sequence[str] = ()
    rule: str = ""
    interpretations: Sequence[str] = ()
    passed: bool = field(default=False, init=False)
    hints_shown: int = field(default=0, init=False)
    _built: Any = field(default=None, init=False, repr=False)

    def built_widget(self) -> Any:
        if self._built is None and self.widget is not None:
            self._built = (
                self.widget()
                if callable(self.widget) and not isinstance(self.widget, w.DOMWidget)
                else self.widget
            )
        return self._built


class Course(w.VBox):
    """A sequence of steps with progress, Check / Hint / Back / Next, and feedback."""

    def __init__(self, title: str, steps: Sequence[Step], **kwargs: Any) -> None:
        if not steps:
            raise ValueError("a course needs at least one step")
        self.title = title
        self.steps = list(steps)
        self.index = 0
        self.feedback_text = ""
        self._progress = w.IntProgress(
            min=0, max=len(self.steps), description="Progress", layout=w.Layout(width="320px")
        )
        self._progress_label = w.Label()
        self._header = w.HTML()
        self._body = w.HTML()
        self._slot = w.Box()
        self._feedback = w.HTML()
        self._check_button = w.Button(description="✔ Check", button_style="primary")
        self._hint_button = w.Button(description="💡 Hint")
        self._back = w.Button(description="← Back")
        self._next = w.Button(description="Next →")
        self._check_button.on_click(lambda _: self.check())
        self._hint_button.on_click(lambda _: self.hint())
        self._back.on_click(lambda _: self.back())
        self._next.on_click(lambda _: self.next())
        buttons = w.HBox([self._back, self._check_button, self._hint_button, self._next])
        super().__init__(
            [
                w.HTML(STYLE + f"<div class='tt-lesson'><h2>{html.escape(title)}</h2></div>"),
                w.HBox([self._progress, self._progress_label]),
                self._header,
                self._body,
                self._slot,
                buttons,
                self._feedback,
            ],
            **kwargs,
        )
        self.add_class("tt-lesson")
        self._show()

    # -- public API (the buttons call these; tests and notebooks may too) --

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def progress(self) -> tuple[int, int]:
        """(steps passed, steps in all)."""
        return sum(s.passed for s in self.steps), len(self.steps)

    def check(self) -> Feedback:
        """Run the current step's check and show the feedback."""
        step = self.step
        if step.check is None:
            fb = Feedback(True, "")
        else:
            try:
                result = step.check()
                fb = result if isinstance(result, Feedback) else Feedback(*result)
            except Exception as e:  # a learner's odd input must never show a traceback
                log.exception("lesson check failed")
                fb = Feedback(False, f"That did not work: {e}")
        if fb.ok:
            step.passed = True
        self._say(fb.message, "tt-ok" if fb.ok else "tt-no", ("✔ " if fb.ok else "✘ "))
        self._update_progress()
        return fb

    def hint(self) -> str:
        """Show the next hint of the current step."""
        step = self.step
        if step.hints_shown < len(step.hints):
            text = step.hints[step.hints_shown]
            step.hints_shown += 1
        else:
            text = "No more hints for this step."
        self._say(text, "tt-hint", "💡 ")
        return text

    def next(self) -> None:
        if self.index < len(self.steps) - 1:
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

    # -- drawing ----------------------------------------------------------

    def _say(self, text: str, cls: str, mark: str) -> None:
        self.feedback_text = text
        self._feedback.value = (
            (f"<div class='tt-lesson {cls}' role='status'>{mark}{html.escape(text)}</div>")
            if text
            else ""
        )

    def _update_progress(self) -> None:
        done, total = self.progress
        self._progress.value = done
        self._progress_label.value = f"{done} of {total} steps done · step {self.index + 1}"

    def _show(self) -> None:
        step = self.step
        if step.check is None:
            step.passed = True  # reading steps count once seen
        rule = f" <small>({html.escape(step.rule)})</small>" if step.rule else ""
        self._header.value = (
            f"<div class='tt-lesson'><h3>{self.index + 1}. "
            f"{html.escape(step.title)}{rule}</h3></div>"
        )
        interp = "".join(
            f"<div class='tt-interp'><b>Our interpretation:</b> {html.escape(t)}</div>"
            for t in step.interpretations
        )
        self._body.value = f"<div class='tt-lesson'>{step.text}{interp}</div>"
        built = step.built_widget()
        self._slot.children = (built,) if built is not None else ()
        self._check_button.disabled = step.check is None
        self._hint_button.disabled = not step.hints
        self._back.disabled = self.index == 0
        self._next.disabled = self.index == len(self.steps) - 1
        self._say("", "", "")
        self._update_progress()
