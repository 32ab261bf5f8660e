"""The Classroom page: the teacher's rooms and the class's tutorial progress.

One screen (``notebooks/classroom.ipynb``), game-agnostic: the games come from the
registry ``GAMES`` and each game's options from its play page's ``KIT`` (a
:class:`~tabletop_widgets.ui.play_screen.PlayKit`).

* **Open a room**: a game, its options in words, each seat open to a student or a bot of
  a level; the room's code and a link to the game's play page with it
  (``<game>/play.ipynb?room=CODE``) to give the class.
* **Rooms**: every room that has not expired, live (seats taken, moves, over, closed);
  **Watch** shows the table with public information only, big, for the projector (also
  as a link to the play page in watching mode, for a second screen); **Close**; once a
  game is over (or its room closed) **Replay** steps through it and saves its record;
  a seat whose student changed device can be freed.
* **Tutorials**: a class code for the tutorials' *Report my progress to my class*; the
  class as a live grid (students × steps), who has been stuck on one step for long, the
  steps where the class has most trouble, CSV export and clearing.

Everything a student sent (nicknames, step titles) is escaped in this page.  Every word
is in the page's language and said again when it changes (the choices made in the form,
the room watched and the class shown stay as they are).

>>> import tempfile
>>> from tabletop_widgets.classroom import Classroom
>>> from tabletop_widgets.classroom.store import open_store
>>> from tabletop_widgets.core.i18n import set_language
>>> room = Classroom(open_store(f"sqlite:///{tempfile.mkdtemp()}/c.sqlite"))
>>> screen = ClassroomScreen(classroom=room)
>>> screen.game_input.value = "fistful_of_gold"
>>> [d.value for d in screen.seat_inputs]
['open', 'open']
>>> code = screen.open_room(); code == screen.rooms_shown[0]
True
>>> "fistful_of_gold/play.ipynb?room=" + code in screen.opened.value
True
>>> room.join(code, "Ann <b>")
Traceback (most recent call last):
...
tabletop_widgets.classroom.checks.RoomError: A nickname may hold letters, digits, spaces and ...
>>> screen.watch(code); screen.watching.code == code
True
>>> _ = set_language("ca"); screen.open_button.description, screen.game_input.value
('Obre la sala', 'fistful_of_gold')
>>> _ = set_language("en")
"""

from __future__ import annotations

import base64
import html
import logging
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import N_, _, _l, ngettext, on_language_change, pgettext
from tabletop_widgets.core.registry import GAMES, GameInfo
from tabletop_widgets.ui.actions import ActionButton
from tabletop_widgets.ui.browser_store import BrowserStore
from tabletop_widgets.ui.play_screen import LEVEL_WORDS, PlayKit, play_kit
from tabletop_widgets.ui.record_files import download_link
from tabletop_widgets.ui.words import seat_label

from . import checks
from .checks import RoomError
from .page import Loop, page_classroom
from .progress import ClassGrid
from .rooms import Classroom, RoomView
from .store import OPEN, RoomRow

__all__ = ["ClassroomScreen", "classroom_screen", "grid_html", "play_kit"]

log = logging.getLogger(__name__)

#: Seconds between the page's looks at the rooms and the class.
REFRESH_EVERY = 2.0
#: The most rooms listed (newest first).
MAX_ROOMS = 40

STYLE = """<style>
.tt-classroom { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Apple SD Gothic Neo",
  "Malgun Gothic", "Noto Sans CJK KR", "Noto Sans KR", NanumGothic, sans-serif; }
.tt-classroom h1 { font-size: 1.6em; margin: 0.2em 0 0.4em; }
.tt-classroom h2 { margin: 14px 0 4px; }
.tt-classroom h3 { margin: 10px 0 4px; }
.tt-classroom p { max-width: 60em; }
.tt-room-code { font-size: 2.2em; font-weight: 700; letter-spacing: 0.12em;
  font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.tt-room-row { border-top: 1px solid var(--jp-border-color2, #e0ddd3); padding: 4px 0; }
.tt-grid { border-collapse: collapse; margin: 6px 0; }
.tt-grid th, .tt-grid td { border: 1px solid var(--jp-border-color1, #c9c4b6); padding: 3px 6px;
  text-align: center; font-size: 0.92em; }
.tt-grid th.tt-student { text-align: left; }
.tt-grid td.tt-done { background: color-mix(in srgb, #1e7b34 16%, var(--jp-layout-color0, #fff)); }
.tt-grid td.tt-stuck { background: color-mix(in srgb, #b3261e 22%, var(--jp-layout-color0, #fff));
  font-weight: 700; }
.tt-grid td.tt-on { background: color-mix(in srgb, #b07b00 14%, var(--jp-layout-color0, #fff)); }
.tt-grid-scroll { max-width: 100%; overflow-x: auto; }
.tt-classroom a { color: var(--jp-content-link-color, #1a5fb4); text-decoration: underline; }
</style>"""


def _tag(tag: str, msgid: str) -> str:
    """A message (marked with ``N_``) in the current language, escaped, in an HTML element.

    >>> _tag("h3", N_("Rooms"))
    '<h3>Rooms</h3>'
    """
    return f"<{tag}>{html.escape(_(msgid))}</{tag}>"


def _html(msgid: str, /, **parts: str) -> str:
    """A message in the current language, escaped, with ``parts`` (HTML made here: a link,
    a code) put in its placeholders -- so a translation may move the link in its sentence.

    >>> _html(N_("Press {button} now."), button="<b>Run</b>")
    'Press <b>Run</b> now.'
    """
    return html.escape(_(msgid)).format(**parts)


# -- the games ---------------------------------------------------------------------------


def _roomy_games() -> list[GameInfo]:
    """The games a room can be opened for: those with a play page."""
    return [info for info in GAMES.values() if info.page("play") is not None]


def _play_link(key: str, code: str, *, watch: bool = False) -> str:
    return f"{key}/play.ipynb?room={code}" + ("&watch=1" if watch else "")


def _game_title(key: str) -> str:
    return _(GAMES[key].title) if key in GAMES else key


def _level_words(kind: str) -> str:
    return _(LEVEL_WORDS[kind]) if kind in LEVEL_WORDS else _("Bot, {level}", level=kind)


def _moves_so_far(moves: int) -> str:
    return ngettext("{n} move so far", "{n} moves so far", moves)


# -- the grid ----------------------------------------------------------------------------


def _minutes(seconds: float) -> str:
    m = int(seconds // 60)
    return _("under a minute") if m < 1 else ngettext("{n} minute", "{n} minutes", m)


def _wrong(n: int) -> str:
    return ngettext("{n} wrong try", "{n} wrong tries", n)


def _hints(n: int) -> str:
    return ngettext("{n} hint", "{n} hints", n)


def grid_html(grid: ClassGrid) -> str:
    """The class as an HTML table (students × steps), every student's text escaped.

    >>> from tabletop_widgets.classroom.progress import class_grid
    >>> from tabletop_widgets.classroom.store import ProgressRow
    >>> rows = [ProgressRow("K7QX2M", "Ann", "chinese_ten", 1, "<i>Pairs</i>", 0, 30, 30, 1, 0)]
    >>> text = grid_html(class_grid("K7QX2M", rows, ["Ann", "Bo"], now=60))
    >>> "<i>" in text, "&lt;i&gt;Pairs&lt;/i&gt;" in text, text.count("<tr")
    (False, True, 3)
    """
    if not grid.students:
        return _tag("p", N_("No student has joined this class yet."))
    if not grid.steps:
        names = pgettext("list separator", ", ").join(grid.students)
        joined = _("Joined: {names}. No step reported yet.", names=names)
        return f"<p>{html.escape(joined)}</p>"
    head = "".join(
        f"<th scope='col' title='{html.escape(_game_title(s.game))}'>"
        f"{s.step}. {html.escape(_(s.title))}</th>"
        for s in grid.steps
    )
    rows = []
    for name in grid.students:
        cells = []
        for s in grid.steps:
            cell = grid.cell(name, s.game, s.step)
            cells.append(_cell_html(cell))
        rows.append(
            f"<tr><th scope='row' class='tt-student'>{html.escape(name)}</th>{''.join(cells)}</tr>"
        )
    student = html.escape(_("Student"))
    return (
        "<div class='tt-grid-scroll'><table class='tt-grid'>"
        f"<tr><th class='tt-student'>{student}</th>{head}</tr>{''.join(rows)}</table></div>"
    )


def _cell_html(cell: Any) -> str:
    if cell is None:
        return "<td></td>"
    extra = []
    if cell.wrong:
        extra.append(_wrong(cell.wrong))
    if cell.hints:
        extra.append(_hints(cell.hints))
    sep = pgettext("list separator", ", ")
    detail = f"<br><small>{html.escape(sep.join(extra))}</small>" if extra else ""
    if cell.finished:
        done = _("done")
        return f"<td class='tt-done'>{html.escape(done)}{detail}</td>"
    if cell.stuck:
        text = _("stuck, {time}", time=_minutes(cell.seconds))
        return f"<td class='tt-stuck'>{html.escape(text)}{detail}</td>"
    text = _("on it, {time}", time=_minutes(cell.seconds))
    return f"<td class='tt-on'>{html.escape(text)}{detail}</td>"


def stuck_html(grid: ClassGrid) -> str:
    if not grid.stuck:
        return _tag("p", N_("Nobody has been stuck on a step for long."))
    items = "".join(
        f"<li><b>{html.escape(s.nickname)}</b>: "
        + html.escape(
            _(
                "{game}, step {step} ({title}), for {time}",
                game=_game_title(s.game),
                step=s.step,
                title=_(s.title),
                time=_minutes(s.seconds),
            )
        )
        + "</li>"
        for s in grid.stuck
    )
    return f"<ul class='tt-stuck-list'>{items}</ul>"


def hardest_html(grid: ClassGrid, top: int = 5) -> str:
    if not grid.hardest:
        return _tag("p", N_("No wrong tries or hints yet."))
    items = "".join(
        "<li>"
        + html.escape(
            _(
                "{game}, step {step} ({title}): {wrong} and {hints} from {students}",
                game=_game_title(s.game),
                step=s.step,
                title=_(s.title),
                wrong=_wrong(s.wrong),
                hints=_hints(s.hints),
                students=ngettext("{n} student", "{n} students", s.reached),
            )
        )
        + "</li>"
        for s in grid.hardest[:top]
    )
    return f"<ol class='tt-hardest'>{items}</ol>"


def _csv_link(text: str, filename: str) -> str:
    data = base64.b64encode(text.encode("utf-8")).decode()
    label = html.escape(_("Download the CSV file"))
    return (
        f"<a class='tt-download' download='{html.escape(filename)}' "
        f"href='data:text/csv;charset=utf-8;base64,{data}'>{label}</a>"
    )


def _close(widgets: Any) -> None:
    """Close widgets the page no longer shows (and their children), so they do not pile up
    in the kernel as the room list redraws."""
    for widget in widgets:
        _close(getattr(widget, "children", ()))
        w.Widget.close(widget)


# -- the screen --------------------------------------------------------------------------


class ClassroomScreen(w.VBox):
    """The whole Classroom page (see the module docstring)."""

    def __init__(
        self, *, classroom: Classroom | None = None, refresh_every: float = REFRESH_EVERY
    ) -> None:
        self._classroom = classroom
        self.refresh_every = refresh_every
        self.loop = Loop()
        self.views: dict[str, RoomView] = {}
        self.rooms_shown: list[str] = []
        self._rooms_stamp: tuple = ()
        self._room_rows: list[RoomRow] | None = None
        self._retired_rows: tuple = ()
        self.watching: RoomView | None = None
        self._watch_board: Any = None
        self._panel_state: tuple = ()
        self._opened: tuple[str, str] | None = None
        self.class_code: str | None = None
        self._grid: ClassGrid | None = None
        self._grid_shown = ""
        self._csv_text: str | None = None
        self._status: tuple[Any, bool] = ("", True)
        self._open_said: tuple[Any, bool] = ("", True)
        self._relabelling = False
        self._labelled: list[tuple[w.Button, str, str]] = []
        self.kept = BrowserStore("tabletop/classroom/teacher")
        self.kept.on_restore(self._on_restored)
        self.status = w.HTML()
        self.intro = w.HTML()
        self._rooms_heading = w.HTML()
        self._list_heading = w.HTML()
        self._class_heading = w.HTML()
        super().__init__(
            [
                self.intro,
                self._rooms_heading,
                *self._build_open_form(),
                self._list_heading,
                self._build_rooms(),
                self._class_heading,
                *self._build_class(),
                self.status,
                self.kept,
            ]
        )
        self.add_class("tt-classroom")
        self._tick_handle: Any = None
        self._words()
        on_language_change(self._follow_language)

    def start(self) -> None:
        """Show the rooms and keep the page live (once a browser shows the page: a notebook
        run headless never opens the store)."""
        if self._tick_handle is None:
            self.refresh()
            self._tick_handle = self.loop.later(self.refresh_every, self._tick) or True

    @property
    def classroom(self) -> Classroom:
        if self._classroom is None:
            self._classroom = page_classroom()
        return self._classroom

    # -- words ----------------------------------------------------------------------------

    def _words(self) -> None:
        """The page's fixed words, in the current language."""
        title = html.escape(_("Classroom"))
        intro = html.escape(
            _(
                "For teachers. Rooms: open a room for a game, give the class its code, and "
                "students play each other from their own devices; watch any table on the "
                "projector, replay a finished game and save it. Tutorials: give the class a "
                "code and follow who has done which step, who is stuck, and where the class "
                "has most trouble."
            )
        )
        private = html.escape(_("Nicknames only, no accounts; everything stays on this server."))
        self.intro.value = f"{STYLE}<h1>{title}</h1><p>{intro}</p><p>{private}</p>"
        self._rooms_heading.value = _tag("h2", N_("Rooms: students play each other"))
        self._list_heading.value = _tag("h3", N_("Rooms"))
        self._class_heading.value = _tag("h2", N_("Tutorials: follow your class"))
        self._open_help.value = "<p>{}</p>".format(
            html.escape(
                _(
                    "Choose a game and who sits where. Each seat is open to a student or "
                    "played by a bot. Students open the game's play page with the room's code "
                    "and take the free seats from their own devices."
                )
            )
        )
        section = _tag("i", N_("Report my progress to my class"))
        self._class_help.value = "<p>{}</p>".format(
            _html(
                N_(
                    "Students type a class code under {section} in a tutorial (or open it with "
                    "the code in its link); the grid shows each student's steps as they go. A "
                    "room's code works as a class code too."
                ),
                section=section,
            )
        )
        self.game_input.description = _("Game")
        self.class_input.description = _("Class code")
        self.class_input.placeholder = _("like K7QX2M")
        for button, label, tip in self._labelled:
            button.description, button.tooltip = _(label), _(tip) if tip else ""
        self._stuck_heading.value = _tag("h3", N_("Stuck for long"))
        self._hardest_heading.value = _tag("h3", N_("Where the class has most trouble"))

    def _follow_language(self, _lang: str) -> None:
        """Say everything again in the new language; what was chosen and shown stays."""
        self._words()
        self._relabel_games()
        self._game_chosen(keep=True)
        self._draw_opened()
        self._draw_rooms()
        self._draw_panel()
        if self.class_code is not None:
            self._draw_class_title()
            self._draw_grid()
            if self._csv_text is not None:
                self.csv.value = _csv_link(self._csv_text, f"class-{self.class_code}.csv")
            if self.confirm.children:
                self.ask_clear()
        self._say(*self._status)
        self._say_open(*self._open_said)

    def _say(self, text: Any, ok: bool = True) -> None:
        """Show ``text`` in the status line: a string, a message, or a function giving the
        text (a message and a function are said again when the language changes)."""
        self._status = (text, ok)
        self.status.value = _line(text, ok)

    def _say_open(self, text: Any, ok: bool = True) -> None:
        """What became of the last *Open the room*, right under the button (as ``_say``)."""
        self._open_said = (text, ok)
        self.open_status.value = _line(text, ok)

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            try:
                fn(*args)
            except RoomError as e:
                self._say(e.message, ok=False)
            except Exception:  # never a traceback on the page
                log.exception("classroom page action failed")
                self._say(_l("That did not work; try again."), ok=False)

        return run

    def _button(
        self, label: str, action: Callable[[], Any], tip: str = "", *, keep: bool = False
    ) -> w.Button:
        """A button with an ``N_`` label and tooltip; ``keep``: one of the page's fixed
        buttons, relabelled when the language changes (the others are drawn again)."""
        b = ActionButton(
            description=_(label), tooltip=_(tip) if tip else "", layout=w.Layout(width="auto")
        )
        b.on_click(self._guard(lambda _b: action()))
        if keep:
            self._labelled.append((b, label, tip))
        return b

    # -- opening a room -----------------------------------------------------------------

    def _build_open_form(self) -> list[w.Widget]:
        games = _roomy_games()
        self.game_input = w.Dropdown(
            options=[(_(g.title), g.key) for g in games],
            value=games[0].key if games else None,
        )
        self.option_box = w.VBox()
        self.seat_box = w.VBox()
        self.option_inputs: dict[str, w.Dropdown] = {}
        self.seat_inputs: list[w.Dropdown] = []
        self.game_input.observe(self._guard(lambda _c: self._game_chosen()), "value")
        self.open_button = self._button(N_("Open the room"), self.open_room, keep=True)
        self.open_button.button_style = "success"
        self.open_status = w.HTML()  # a refusal, right under the button
        self.opened = w.HTML()
        self._open_help = w.HTML()
        self._game_chosen()
        return [
            self._open_help,
            self.game_input,
            self.option_box,
            self.seat_box,
            self.open_button,
            self.open_status,
            self.opened,
        ]

    def _relabel_games(self) -> None:
        """The games' names in the new language, the game chosen kept."""
        value = self.game_input.value
        self._relabelling = True
        try:
            self.game_input.options = [(_(g.title), g.key) for g in _roomy_games()]
            self.game_input.value = value
        finally:
            self._relabelling = False

    @property
    def kit(self) -> PlayKit:
        return play_kit(self.game_input.value)

    def _game_chosen(self, keep: bool = False) -> None:
        """The chosen game's options (in the page's language), then its seats; ``keep``:
        the same game in a new language, each option keeping its choice."""
        if self._relabelling:
            return
        kit = self.kit
        old = list(self.option_inputs.values())
        chosen = {k: d.value for k, d in self.option_inputs.items()} if keep else {}
        self.option_inputs = {}
        for f in kit.options:
            d = w.Dropdown(
                options=[(_(label), i) for i, (label, _v) in enumerate(f.choices)],
                value=chosen.get(f.name, f.index_of({})),
                description=_(f.label),
                style={"description_width": "initial"},
                tooltip=_(f.help) if f.help else "",
                layout=w.Layout(width="auto", max_width="100%"),
            )
            if f.name == "players":
                d.observe(self._guard(lambda _c: self._seat_rows()), "value")
            self.option_inputs[f.name] = d
        self.option_box.children = tuple(self.option_inputs.values())
        _close(old)
        self._seat_rows()

    def _options(self) -> dict[str, Any]:
        kit = self.kit
        options: dict[str, Any] = dict(kit.fixed)
        for f in kit.options:
            options.update(f.engine_options(f.choices[self.option_inputs[f.name].value][1]))
        return options

    def _seat_rows(self) -> None:
        kit, info = self.kit, GAMES[self.game_input.value]
        players = (
            self._options().get("players") or info.engine.new(seed=1, **self._options()).players
        )
        labels = kit.labels(players)
        choices = [(_("Open to a student"), OPEN)] + [(_level_words(k), k) for k in info.levels]
        before = self.seat_inputs
        old = [d.value for d in before]
        self.seat_inputs = [
            w.Dropdown(
                options=choices,
                value=old[s] if s < len(old) else OPEN,
                description=labels[s],
                layout=w.Layout(width="300px", max_width="100%"),
            )
            for s in range(players)
        ]
        self.seat_box.children = tuple(self.seat_inputs)
        _close(before)

    def open_room(self) -> str | None:
        """Open a room with the form's choices; returns its code (None if refused)."""
        kit = self.kit
        options = self._options()
        # The engine's refusal in the form's words (the option as labelled, what would work).
        if (why := kit.refusal(options)) is not None:
            self._say_open(why, ok=False)
            return None
        try:
            view = self.classroom.open_room(
                kit.key, options, seats=[d.value for d in self.seat_inputs]
            )
        except RoomError as e:
            self._say_open(e.message, ok=False)
            return None
        code = view.code
        self.views[code] = view
        self._opened = (kit.key, code)
        self._draw_opened()
        self._say_open("")
        self._say("")
        self.refresh()
        return code

    def _draw_opened(self) -> None:
        if self._opened is None:
            return
        key, code = self._opened
        title = _game_title(key)
        link = _play_link(key, code)
        anchor = "<a href='{}' target='_blank'>{}</a>".format(
            link, html.escape(_("the play page of {game} with this code", game=title))
        )
        section = _tag("i", N_("Play in a classroom"))
        room = _html(N_("Room for {game}:"), game=html.escape(title))
        students = _html(
            N_(
                "Students open {link} (or the play page from the start page, then type the code "
                "under {section})."
            ),
            link=anchor,
            section=section,
        )
        self.opened.value = (
            f"<div class='tt-line tt-ok'>{room} "
            f"<span class='tt-room-code' data-code='{code}'>{code}</span><br>{students}</div>"
        )

    # -- the rooms ------------------------------------------------------------------------

    def _build_rooms(self) -> w.Widget:
        self.room_list = w.VBox()
        self.panel = w.VBox()
        return w.VBox([self.room_list, self.panel])

    def refresh(self) -> None:
        """Look at the store again: the rooms, the watched table, the class grid."""
        self._refresh_rooms()
        self._sync_watch()
        self._refresh_grid()

    def _tick(self) -> None:
        try:
            self.refresh()
        finally:
            self._tick_handle = self.loop.later(self.refresh_every, self._tick)

    def _rows(self) -> list[RoomRow]:
        now = time.time()
        rows = [r for r in self.classroom.store.rooms(include_closed=True) if not r.expired(now)]
        return rows[:MAX_ROOMS]

    def _view(self, code: str) -> RoomView | None:
        view = self.views.get(code)
        try:
            if view is None:
                view = self.views[code] = self.classroom.watch(code)
            else:
                view.refresh()  # also plays a bot whose students' kernels went away
        except RoomError:
            self.views.pop(code, None)
            return None
        return view

    def _refresh_rooms(self) -> None:
        rows = self._rows()
        for gone in set(self.views) - {r.code for r in rows}:  # expired: forget them
            del self.views[gone]
        views = {r.code: self._view(r.code) for r in rows}
        stamp = tuple(
            (r.code, r.version, r.moves, r.closed is not None, _over(views[r.code])) for r in rows
        )
        if stamp == self._rooms_stamp:
            return
        self._rooms_stamp = stamp
        self.rooms_shown = [r.code for r in rows]
        self._room_rows = rows
        self._draw_rooms()

    def _draw_rooms(self) -> None:
        """The room list from the rows last read (no look at the store)."""
        rows = self._room_rows
        if rows is None:
            return
        # The rows drawn before stay open one more redraw: a click on them may be on its way.
        _close(self._retired_rows)
        self._retired_rows = self.room_list.children
        if not rows:
            self.room_list.children = (w.HTML(_tag("p", N_("No rooms yet."))),)
        else:
            self.room_list.children = tuple(self._room_row(r, self.views.get(r.code)) for r in rows)

    def _room_row(self, row: RoomRow, view: RoomView | None) -> w.Widget:
        title = _game_title(row.game)
        names = view.names if view is not None else [seat_label(s.seat) for s in row.seats]
        seats = pgettext("list separator", ", ").join(
            n if s.is_bot or s.taken else _("{name} (free)", name=n)
            for s, n in zip(row.seats, names, strict=False)
        )
        if row.closed is not None:
            state = _("closed")
        elif view is not None and view.game.is_over:
            state = _("game over")
        else:
            state = _moves_so_far(row.moves)
        text = w.HTML(
            f"<span class='tt-room' data-code='{row.code}'><b>{row.code}</b> · "
            f"{html.escape(title)} · {html.escape(seats)} · {html.escape(state)}</span>"
        )
        buttons = [
            self._button(
                N_("Watch"), lambda: self.watch(row.code), N_("the table, for a projector")
            )
        ]
        if view is not None and (view.game.is_over or row.closed is not None):
            buttons.append(
                self._button(N_("Replay"), lambda: self.replay(row.code), N_("step through it"))
            )
        if row.closed is None:
            close = self._button(
                N_("Close"), lambda: self.close_room(row.code), N_("no more moves")
            )
            buttons.append(close)
        box = w.HBox([text, *buttons], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        box.add_class("tt-room-row")
        return box

    def close_room(self, code: str) -> None:
        """Close room ``code``: no more joining or moves; it can be replayed and saved."""
        self.classroom.close_room(code)
        self._say(_l("Room {code} is closed.", code=checks.room_code(code)))
        self.refresh()

    def watch(self, code: str) -> None:
        """Show room ``code``'s table with public information only, live."""
        self._stop_watching()
        view = self.classroom.watch(code)
        kit = play_kit(view.info.key)
        board = kit.board(names=view.names, interactive=False)
        self.watching, self._watch_board = view, board
        view.on_change(lambda: self.loop.soon(self._sync_watch))
        self._watch_title = w.HTML()
        self._panel_state = ("watch", view, board)
        self._draw_panel()

    def _draw_panel(self) -> None:
        """The watched table or the replay, its words in the current language."""
        if not self._panel_state:
            return
        kind, view, board, *more = self._panel_state
        old = [c for c in self.panel.children if c is not board and c not in more]
        if kind == "watch":
            stop = self._button(N_("Stop watching"), self._stop_watching, N_("hide the table"))
            link = _play_link(view.info.key, view.code, watch=True)
            anchor = "<a href='{}' target='_blank'>{}</a>".format(
                link, html.escape(_("Open this table on its own page"))
            )
            projector = w.HTML(
                _html(N_("{link} (for a projector or a second screen)"), link=anchor)
            )
            free = self._free_seat_row(view)
            self.panel.children = (self._watch_title, board, w.HBox([stop, projector]), free)
            self._draw_watch()
            old = [c for c in old if c is not self._watch_title]
        else:
            stepper, record = more
            board.names = view.names
            name = f"{view.info.key}-room-{view.code}.json"
            link = download_link(record, name, N_("Save the game"))
            stop = self._button(N_("Close the replay"), self._stop_watching, N_("hide it"))
            heading = _("Replay of room {code}: {game}", code=view.code, game=_(view.info.title))
            self.panel.children = (
                w.HTML(f"<h3>{html.escape(heading)}</h3>"),
                stepper,
                board,
                w.HBox([w.HTML(link), stop], layout=w.Layout(align_items="center")),
            )
        _close(old)

    def _free_seat_row(self, view: RoomView) -> w.Widget:
        taken = [s for s in view.row.seats if not s.is_bot and s.taken]
        if not taken:
            return w.HTML("")
        names = view.names
        pick = w.Dropdown(
            options=[
                (_("{seat}: {name}", seat=seat_label(s.seat), name=names[s.seat]), s.seat)
                for s in taken
            ],
            description=_("A student changed device?"),
            style={"description_width": "initial"},
        )
        free = self._button(
            N_("Free the seat"),
            lambda: self.free_seat(view.code, pick.value),
            N_("another can take it"),
        )
        return w.HBox([pick, free], layout=w.Layout(flex_flow="row wrap"))

    def free_seat(self, code: str, seat: int) -> None:
        """Let another student (or the same on another device) take ``seat`` of ``code``."""
        if self.classroom.free_seat(code, seat):
            self._say(
                _l(
                    "{seat} of room {code} is free: the student can join again.",
                    seat=_l("Seat {number}", number=seat + 1),
                    code=code,
                )
            )
        self.refresh()
        if self.watching is not None and self.watching.code == code:
            self.watch(code)

    def _stop_watching(self) -> None:
        if self.watching is not None:
            self.watching.close()
        self.watching = self._watch_board = None
        self._panel_state = ()
        old = self.panel.children
        self.panel.children = ()
        _close(old)

    def _sync_watch(self) -> None:
        view = self.watching
        if view is None or self._watch_board is None:
            return
        try:
            view.refresh()
        except RoomError as e:
            self._say(e.message, ok=False)
            self._stop_watching()
            return
        self._draw_watch()

    def _draw_watch(self) -> None:
        view, board = self.watching, self._watch_board
        assert view is not None
        if board.names != view.names:
            board.names = view.names
        over = view.game.is_over
        board.show(view.game, None, reveal=over)
        moves = len(view.game.history)
        state = _("game over") if over else _moves_so_far(moves)
        if view.closed:
            state = _("{state}, closed", state=state)
        heading = _(
            "Room {code}: {game}, {state}", code=view.code, game=_(view.info.title), state=state
        )
        self._watch_title.value = (
            f"<h3 class='tt-watching' data-code='{view.code}' data-moves='{moves}'>"
            f"{html.escape(heading)}</h3>"
        )

    def replay(self, code: str) -> None:
        """Step through room ``code``'s finished (or closed) game; save its record."""
        self._stop_watching()
        view = self.classroom.watch(code)
        record = view.record()  # refuses while the game is on: it would show every hand
        kit = play_kit(view.info.key)
        board = kit.board(names=view.names, interactive=False)
        # The moves in the game's words, as on the play page (a Fistful room listed them in
        # English notation whatever the page's language).
        stepper = kit.replay(
            view.game,
            view.names,
            title=_l("Room {code}", code=view.code),
            view=lambda g: board.show(g, None, reveal=True),
        )
        self._panel_state = ("replay", view, board, stepper, record)
        self._draw_panel()

    # -- the class ------------------------------------------------------------------------

    def _build_class(self) -> list[w.Widget]:
        new = self._button(
            N_("New class code"), self.new_class, N_("a code for the tutorials"), keep=True
        )
        self.class_input = w.Text()
        show = self._button(
            N_("Show"), lambda: self.show_class(self.class_input.value), N_("its grid"), keep=True
        )
        self.class_title = w.HTML()
        self.grid = w.HTML()
        self.stuck = w.HTML()
        self.hardest = w.HTML()
        self.csv = w.HTML()
        self._class_help = w.HTML()
        self._stuck_heading = w.HTML()
        self._hardest_heading = w.HTML()
        export = self._button(
            N_("Export as CSV"), self.export_csv, N_("a spreadsheet file"), keep=True
        )
        self.clear_button = self._button(
            N_("Clear the class"), self.ask_clear, N_("forget it all"), keep=True
        )
        self.confirm = w.HBox()
        self.class_tools = w.HBox(
            [export, self.csv, self.clear_button, self.confirm],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.class_view = w.VBox(
            [
                self.class_title,
                self.grid,
                self._stuck_heading,
                self.stuck,
                self._hardest_heading,
                self.hardest,
                self.class_tools,
            ],
            layout=w.Layout(display="none"),
        )
        return [
            self._class_help,
            w.HBox([new, self.class_input, show], layout=w.Layout(flex_flow="row wrap")),
            self.class_view,
        ]

    def new_class(self) -> str:
        """A fresh class code, shown with its (empty) grid."""
        code = self.classroom.open_class()
        self.show_class(code)
        return code

    def show_class(self, code: object) -> None:
        """Show class (or room) ``code``'s grid, live."""
        code = checks.room_code(code, "class")
        store = self.classroom.store
        if store.get_class(code) is None and store.room(code) is None:
            raise RoomError(_l("There is no class or room {code}.", code=code))
        self.class_code = code
        self.kept.save({"class": code})
        self.confirm.children = ()
        self.csv.value = ""
        self._csv_text = None
        self.class_view.layout.display = None
        self._draw_class_title()
        self._grid = None
        self._grid_shown = ""
        self._refresh_grid()

    def _draw_class_title(self) -> None:
        code = self.class_code
        links = "".join(
            f" <a href='{g.key}/tutorial.ipynb?class={code}' target='_blank'>"
            f"{html.escape(_(g.title))}</a>"
            for g in GAMES.values()
            if g.page("tutorial") is not None
        )
        span = f"<span class='tt-room-code' data-class='{code}'>{code}</span>"
        heading = _html(N_("Class {code}"), code=span)
        tutorials = _("Tutorials with this code:")
        self.class_title.value = f"<p>{heading}<br>{html.escape(tutorials)}{links}</p>"

    def _refresh_grid(self) -> None:
        if self.class_code is None:
            return
        self._grid = self.classroom.grid(self.class_code)
        self._draw_grid()

    def _draw_grid(self) -> None:
        """The grid last read (no look at the store), said in the current language."""
        grid = self._grid
        if grid is None:
            return
        parts = grid_html(grid), stuck_html(grid), hardest_html(grid)
        shown = "".join(parts)
        if shown == self._grid_shown:
            return
        self._grid_shown = shown
        self.grid.value, self.stuck.value, self.hardest.value = parts

    def export_csv(self) -> str:
        """The class's progress as CSV (in the page's language), offered as a file."""
        if self.class_code is None:
            raise RoomError(_l("Show a class first."))
        text = self._csv_text = self.classroom.export_csv(self.class_code)
        self.csv.value = _csv_link(text, f"class-{self.class_code}.csv")
        return text

    def ask_clear(self) -> None:
        if self.class_code is None:
            raise RoomError(_l("Show a class first."))
        yes = self._button(N_("Yes, clear it"), self.clear, N_("forget every nickname and step"))
        no = self._button(
            N_("Keep it"), lambda: setattr(self.confirm, "children", ()), N_("keep it")
        )
        question = _("Forget every nickname and step of class {code}?", code=self.class_code)
        old = self.confirm.children
        self.confirm.children = (w.HTML(html.escape(question)), yes, no)
        _close(old)

    def clear(self) -> int:
        """Forget the class's nicknames and reports (after the teacher said yes)."""
        if self.class_code is None:
            raise RoomError(_l("Show a class first."))
        code = self.class_code
        gone = self.classroom.clear_progress(code)
        self.confirm.children = ()
        self.csv.value = ""
        self._csv_text = None
        self._say(
            lambda: ngettext(
                "Class {code} is cleared ({n} report forgotten).",
                "Class {code} is cleared ({n} reports forgotten).",
                gone,
                code=code,
            )
        )
        self._grid_shown = ""
        self._refresh_grid()
        return gone

    def _on_restored(self, kept: Any) -> None:
        """The page is in a browser: go live; after a reload, show the class the teacher was
        following."""
        self.start()
        if isinstance(kept, dict) and self.class_code is None and kept.get("class"):
            try:
                self.show_class(kept["class"])
            except RoomError:
                self.kept.clear()


def _line(text: Any, ok: bool) -> str:
    """A status line's HTML: ``text`` a string, a message, or a function giving the text."""
    shown = text() if callable(text) else str(text)
    kind = "ok" if ok else "error"
    return (
        f"<div role='status' class='tt-line tt-{kind}'>{html.escape(shown)}</div>" if shown else ""
    )


def _over(view: RoomView | None) -> bool:
    return view is not None and view.game.is_over


def classroom_screen(**kwargs: Any) -> ClassroomScreen:
    """The Classroom page (keyword arguments as :class:`ClassroomScreen`)."""
    return ClassroomScreen(**kwargs)
