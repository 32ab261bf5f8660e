"""Tutorials report to a class: the part of every lesson course that sends its progress to
the teacher's grid.

Every :class:`~tabletop_widgets.ui.course.Course` shows a **Report my progress to my
class** section made here.  A student types the class code the teacher gives (or opens
the tutorial as ``tutorial.ipynb?class=K7QX2M``, which fills it in) and a nickname; from
then on each of the course's progress reports (after every check, hint and step change:
the totals so far) goes to the store with :meth:`~.rooms.Student.report`.  The browser
keeps ``{code, token, nickname}``, so a reload -- or another tutorial on the same device --
goes on reporting under the same name.  A room code works as a class code too.

Nothing is sent until the student joins; nothing of the store is opened before.  A step
is reported with its title as the course gives it (the English of a marked title), so the
teacher's grid says it in the teacher's language, whatever the students'.  The section's
words follow the page's language.

>>> import tempfile
>>> from tabletop_widgets.classroom import Classroom, page
>>> from tabletop_widgets.classroom.store import open_store
>>> from tabletop_widgets.ui.course import Course, Step
>>> room = page.use_classroom(Classroom(open_store(f"sqlite:///{tempfile.mkdtemp()}/c.sqlite")))
>>> code = room.open_class()
>>> course = Course("Chinese Ten — learn by playing", [Step("Pairs", ""), Step("Tens", "")])
>>> course.class_link.game, course.class_link.join(code, "Ann")
('chinese_ten', True)
>>> course.next()
>>> [(r.nickname, r.step, r.title, r.finished is not None) for r in room.progress(code)]
[('Ann', 1, 'Pairs', True), ('Ann', 2, 'Tens', True)]
>>> from tabletop_widgets.core.i18n import set_language
>>> _ = set_language("ko"); course.class_link.stop_button.description
'보내기 멈추기'
>>> _ = set_language("en"); _ = page.use_classroom(None)
"""

from __future__ import annotations

import html
import logging
from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import Message, _, _l, on_language_change
from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.ui.actions import ActionButton
from tabletop_widgets.ui.browser_store import BrowserStore
from tabletop_widgets.ui.lazy import LazySection

from . import checks
from .checks import RoomError
from .page import Loop, on_query, page_classroom
from .rooms import MAX_TITLE, Classroom, Student

__all__ = ["ClassLink", "course_game"]

log = logging.getLogger(__name__)

#: Where the browser keeps the class a student reports to (one for every tutorial).
KEPT_KEY = "tabletop/class"


def course_game(course: Any) -> str | None:
    """The registry key of the game a course teaches: from its exercises, else its title.

    >>> from tabletop_widgets.ui.course import Course, Step
    >>> course_game(Course("A Fistful of Gold — learn to play", [Step("Goal", "")]))
    'fistful_of_gold'
    >>> course_game(Course("Knots", [Step("Reef", "")])) is None
    True
    """
    for step in getattr(course, "steps", ()):
        key = getattr(getattr(step, "exercise", None), "game", None)
        if isinstance(key, str) and key in GAMES:
            return key
    title = getattr(course, "title", "")
    title = (title.msgid if isinstance(title, Message) else str(title)).casefold()
    found = [k for k in GAMES if title.startswith(GAMES[k].title.casefold())]
    return max(found, key=lambda k: len(GAMES[k].title)) if found else None


class ClassLink:
    """The class section of one course (``widget``), and the student it reports as."""

    def __init__(self, course: Any, *, classroom: Classroom | None = None) -> None:
        self.course = course
        self.game = course_game(course)
        self._classroom = classroom
        self.student: Student | None = None
        self._query: dict[str, str] | None = None
        self._kept: Any = None
        self._restored = False
        self._decided = False
        self._status: tuple[Any, bool] = ("", True)
        self.kept = BrowserStore(KEPT_KEY)
        self.kept.on_restore(self._on_restored)
        self.section = LazySection(_l("Report my progress to my class"), self._build)
        self.section.add_class("tt-class-section")
        self.widget = w.VBox([self.section, self.kept])
        if self.game is None:  # not a game's tutorial: nothing to report
            self.widget.layout.display = "none"
            return
        course.on_progress(self.report)
        on_query(self._on_query, loop=Loop())
        on_language_change(self._follow_language)

    @property
    def classroom(self) -> Classroom:
        if self._classroom is None:
            self._classroom = page_classroom()
        return self._classroom

    def _build(self) -> list[w.Widget]:
        self.code_input = w.Text(style={"description_width": "initial"})
        self.nick_input = w.Text(style={"description_width": "initial"})
        self.join_button = ActionButton(button_style="primary")
        self.join_button.on_click(
            lambda _: self._safely(self.code_input.value, self.nick_input.value)
        )
        self.stop_button = ActionButton()
        self.stop_button.on_click(lambda _: self.stop())
        self.stop_button.layout.display = "none"
        self.form = w.HBox(
            [self.code_input, self.nick_input, self.join_button],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.status = w.HTML()
        self.help = w.HTML()
        self._label()
        return [self.help, self.form, self.stop_button, self.status]

    def _label(self) -> None:
        """The section's words in the current language (what was typed stays)."""
        self.code_input.description = _("Class code")
        self.code_input.placeholder = _("like K7QX2M")
        self.nick_input.description = _("Your nickname")
        self.nick_input.placeholder = _("1 to 20 letters")
        self.join_button.description = _("Report to my class")
        self.stop_button.description = _("Stop reporting")
        help_text = _(
            "In a class? Type the code your teacher gives and a nickname: your teacher then "
            "sees which steps you have done, and where you are stuck."
        )
        self.help.value = f"<p>{html.escape(help_text)}</p>"

    def _follow_language(self, _lang: str) -> None:
        if self.section.built:
            self._label()
            self._say(*self._status)

    def _say(self, text: str | Message, ok: bool = True) -> None:
        """Show ``text`` (a message is said again in a new language) in the section."""
        self.section.ensure()
        self._status = (text, ok)
        shown = str(text)
        kind = "ok" if ok else "error"
        self.status.value = (
            f"<div role='status' class='tt-line tt-{kind}'>{html.escape(shown)}</div>"
            if shown
            else ""
        )

    def _safely(self, code: object, nickname: object) -> None:
        try:
            self.join(code, nickname)
        except Exception:  # never a traceback on a learner's page
            log.exception("joining a class failed")
            self._say(_l("That did not work; try again."), ok=False)

    # -- joining ----------------------------------------------------------------------

    def join(self, code: object, nickname: object) -> bool:
        """Report to class ``code`` as ``nickname`` from now on; False (and why) if refused."""
        try:
            student = self.classroom.join_class(checks.room_code(code, "class"), nickname)
        except RoomError as e:
            self._say(e.message, ok=False)
            return False
        self.kept.save({"code": student.code, "token": student.token})
        self._joined(student)
        return True

    def rejoin(self, kept: object) -> bool:
        """Report again under the name the browser kept; False if the class forgot it."""
        if not isinstance(kept, Mapping):
            return False
        try:
            student = self.classroom.rejoin_class(kept.get("code"), kept.get("token"))
        except RoomError as e:
            self.kept.clear()
            self._say(e.message, ok=False)
            return False
        self._joined(student)
        return True

    def stop(self) -> None:
        """Stop reporting (the teacher keeps what was sent)."""
        self.student = None
        self.kept.clear()
        self.form.layout.display = None
        self.stop_button.layout.display = "none"
        self._say(_l("Your progress is no longer sent to the class."))

    def _joined(self, student: Student) -> None:
        self.student = student
        self.section.ensure()
        self.section.selected_index = 0
        self.form.layout.display = "none"
        self.stop_button.layout.display = None
        self._say(
            _l(
                "Your progress goes to class {code} as {nick}.",
                code=student.code,
                nick=student.nickname,
            )
        )
        self.course._changed()  # report the step the student is on now

    # -- what the page asked for -------------------------------------------------------

    def _on_query(self, query: dict[str, str]) -> None:
        self._query = query
        self._decide()

    def _on_restored(self, kept: Any) -> None:
        self._kept, self._restored = kept, True
        self._decide()

    def _decide(self) -> None:
        if self._decided or self._query is None or not self._restored or self.student:
            return
        self._decided = True
        wanted = self._query.get("class") or self._query.get("room")
        try:
            wanted = checks.room_code(wanted, "class") if wanted else None
        except RoomError as e:
            self.section.selected_index = 0
            self._say(e.message, ok=False)
            return
        kept = self._kept if isinstance(self._kept, Mapping) else None
        if kept and (wanted is None or kept.get("code") == wanted) and self.rejoin(kept):
            return
        if wanted:
            self.section.ensure()
            self.section.selected_index = 0
            self.code_input.value = wanted
            self._say(_l("Type your nickname and press Report to my class."))

    # -- reports ------------------------------------------------------------------------

    def report(self, step: Any) -> None:
        """Send one of the course's progress reports (a ``StepReport``) to the class."""
        student = self.student
        if student is None or self.game is None:
            return
        title = " ".join(_source(step.title).split())[:MAX_TITLE] or f"Step {step.step + 1}"
        try:
            student.report(
                self.game,
                step.step + 1,
                title,
                finished=step.passed,
                wrong=step.wrong,
                hints=step.hints,
            )
        except RoomError as e:  # the teacher cleared the class: stop, and say so
            self.student = None
            self.kept.clear()
            self.form.layout.display = None
            self.stop_button.layout.display = "none"
            self._say(e.message, ok=False)


def _source(title: Any) -> str:
    """A step's title as the course wrote it: a marked title's English (the teacher's page
    says it in its own language), else the text shown.

    >>> _source("Pairs"), _source(_l("Pairs")), _source(_l("Step {n}", n=2))
    ('Pairs', 'Pairs', 'Step 2')
    """
    if isinstance(title, Message):
        return title.msgid if not title.params else title.render("en")
    return str(title)
