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

Everything a student sent (nicknames, step titles) is escaped in this page.

>>> import tempfile
>>> from tabletop_widgets.classroom import Classroom
>>> from tabletop_widgets.classroom.store import open_store
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
"""

from __future__ import annotations

import base64
import html
import importlib
import logging
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.registry import GAMES, GameInfo
from tabletop_widgets.ui.browser_store import BrowserStore
from tabletop_widgets.ui.move_list_board import MoveListBoard
from tabletop_widgets.ui.play_screen import PlayKit
from tabletop_widgets.ui.record_files import download_link
from tabletop_widgets.ui.stepper import ReplayStepper
from tabletop_widgets.ui.words import plural, seat_label

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
LEVEL_WORDS = {"easy": "Bot, easy", "medium": "Bot, medium", "hard": "Bot, hard"}

STYLE = """<style>
.tt-classroom h2 { margin: 14px 0 4px; }
.tt-classroom h3 { margin: 10px 0 4px; }
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


# -- the games ---------------------------------------------------------------------------


def play_kit(key: str) -> PlayKit:
    """A game's play kit (its table and options): its play page's ``KIT``, or a plain
    move-list board for a game without one."""
    try:
        module = importlib.import_module(f"tabletop_widgets.games.{key}.screens.play")
        kit = getattr(module, "KIT", None)
        if isinstance(kit, PlayKit):
            return kit
    except ImportError:
        pass
    return PlayKit(key, MoveListBoard)


def _roomy_games() -> list[GameInfo]:
    """The games a room can be opened for: those with a play page."""
    return [info for info in GAMES.values() if info.page("play") is not None]


def _play_link(key: str, code: str, *, watch: bool = False) -> str:
    return f"{key}/play.ipynb?room={code}" + ("&watch=1" if watch else "")


# -- the grid ----------------------------------------------------------------------------


def _minutes(seconds: float) -> str:
    m = int(seconds // 60)
    return "under a minute" if m < 1 else plural(m, "minute")


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
        return "<p>No student has joined this class yet.</p>"
    if not grid.steps:
        names = ", ".join(html.escape(n) for n in grid.students)
        return f"<p>Joined: {names}. No step reported yet.</p>"
    head = "".join(
        f"<th scope='col' title='{html.escape(_game_title(s.game))}'>"
        f"{s.step}. {html.escape(s.title)}</th>"
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
    return (
        "<div class='tt-grid-scroll'><table class='tt-grid'>"
        f"<tr><th class='tt-student'>Student</th>{head}</tr>{''.join(rows)}</table></div>"
    )


def _cell_html(cell: Any) -> str:
    if cell is None:
        return "<td></td>"
    extra = []
    if cell.wrong:
        extra.append(plural(cell.wrong, "wrong try", "wrong tries"))
    if cell.hints:
        extra.append(plural(cell.hints, "hint"))
    detail = f"<br><small>{', '.join(extra)}</small>" if extra else ""
    if cell.finished:
        return f"<td class='tt-done'>done{detail}</td>"
    if cell.stuck:
        return f"<td class='tt-stuck'>stuck, {_minutes(cell.seconds)}{detail}</td>"
    return f"<td class='tt-on'>on it, {_minutes(cell.seconds)}{detail}</td>"


def stuck_html(grid: ClassGrid) -> str:
    if not grid.stuck:
        return "<p>Nobody has been stuck on a step for long.</p>"
    items = "".join(
        f"<li><b>{html.escape(s.nickname)}</b>: {html.escape(_game_title(s.game))}, step "
        f"{s.step} ({html.escape(s.title)}), for {_minutes(s.seconds)}</li>"
        for s in grid.stuck
    )
    return f"<ul class='tt-stuck-list'>{items}</ul>"


def hardest_html(grid: ClassGrid, top: int = 5) -> str:
    if not grid.hardest:
        return "<p>No wrong tries or hints yet.</p>"
    items = "".join(
        f"<li>{html.escape(_game_title(s.game))}, step {s.step} ({html.escape(s.title)}): "
        f"{plural(s.wrong, 'wrong try', 'wrong tries')} and {plural(s.hints, 'hint')} from "
        f"{plural(s.reached, 'student')}</li>"
        for s in grid.hardest[:top]
    )
    return f"<ol class='tt-hardest'>{items}</ol>"


def _game_title(key: str) -> str:
    return GAMES[key].title if key in GAMES else key


def _csv_link(text: str, filename: str) -> str:
    data = base64.b64encode(text.encode("utf-8")).decode()
    return (
        f"<a class='tt-download' download='{html.escape(filename)}' "
        f"href='data:text/csv;charset=utf-8;base64,{data}'>Download the CSV file</a>"
    )


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
        self.watching: RoomView | None = None
        self._watch_board: Any = None
        self.class_code: str | None = None
        self._grid_shown = ""
        self.kept = BrowserStore("tabletop/classroom/teacher")
        self.kept.on_restore(self._on_restored)
        self.status = w.HTML()
        super().__init__(
            [
                w.HTML(STYLE + "<h2>Rooms: students play each other</h2>"),
                *self._build_open_form(),
                w.HTML("<h3>Rooms</h3>"),
                self._build_rooms(),
                w.HTML("<h2>Tutorials: follow your class</h2>"),
                *self._build_class(),
                self.status,
                self.kept,
            ]
        )
        self.add_class("tt-classroom")
        self._tick_handle: Any = None

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

    def _say(self, text: str, ok: bool = True) -> None:
        kind = "ok" if ok else "error"
        self.status.value = (
            f"<div role='status' class='tt-line tt-{kind}'>{html.escape(text)}</div>"
            if text
            else ""
        )

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            try:
                fn(*args)
            except RoomError as e:
                self._say(str(e), ok=False)
            except Exception as e:  # never a traceback on the page
                log.exception("classroom page action failed")
                self._say(f"That did not work ({type(e).__name__}); try again.", ok=False)

        return run

    # -- opening a room -----------------------------------------------------------------

    def _build_open_form(self) -> list[w.Widget]:
        games = _roomy_games()
        self.game_input = w.Dropdown(
            options=[(g.title, g.key) for g in games],
            value=games[0].key if games else None,
            description="Game",
        )
        self.option_box = w.VBox()
        self.seat_box = w.VBox()
        self.option_inputs: dict[str, w.Dropdown] = {}
        self.seat_inputs: list[w.Dropdown] = []
        self.game_input.observe(self._guard(lambda _: self._game_chosen()), "value")
        open_button = w.Button(description="Open the room", button_style="success")
        open_button.on_click(self._guard(lambda _: self.open_room()))
        self.opened = w.HTML()
        self._game_chosen()
        return [
            w.HTML(
                "<p>Choose a game and who sits where. Each seat is open to a student or "
                "played by a bot. Students open the game's play page with the room's code "
                "and take the free seats from their own devices.</p>"
            ),
            self.game_input,
            self.option_box,
            self.seat_box,
            open_button,
            self.opened,
        ]

    @property
    def kit(self) -> PlayKit:
        return play_kit(self.game_input.value)

    def _game_chosen(self) -> None:
        kit = self.kit
        self.option_inputs = {}
        for f in kit.options:
            d = w.Dropdown(
                options=[(label, i) for i, (label, _v) in enumerate(f.choices)],
                value=f.index_of({}),
                description=f.label,
                style={"description_width": "initial"},
                tooltip=f.help,
                layout=w.Layout(width="auto", max_width="100%"),
            )
            if f.name == "players":
                d.observe(self._guard(lambda _: self._seat_rows()), "value")
            self.option_inputs[f.name] = d
        self.option_box.children = tuple(self.option_inputs.values())
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
        choices = [("Open to a student", OPEN)] + [
            (LEVEL_WORDS.get(k, f"Bot, {k}"), k) for k in info.levels
        ]
        old = [d.value for d in self.seat_inputs]
        self.seat_inputs = [
            w.Dropdown(
                options=choices,
                value=old[s] if s < len(old) else OPEN,
                description=labels[s],
                layout=w.Layout(width="300px"),
            )
            for s in range(players)
        ]
        self.seat_box.children = tuple(self.seat_inputs)

    def open_room(self) -> str | None:
        """Open a room with the form's choices; returns its code (None if refused)."""
        kit = self.kit
        options = self._options()
        if kit.check is not None and (why := kit.check(options)):
            self._say(why, ok=False)
            return None
        try:
            view = self.classroom.open_room(
                kit.key, options, seats=[d.value for d in self.seat_inputs]
            )
        except RoomError as e:
            self._say(str(e), ok=False)
            return None
        code, title = view.code, view.info.title
        self.views[code] = view
        link = _play_link(kit.key, code)
        self.opened.value = (
            f"<div class='tt-line tt-ok'>Room for {html.escape(title)}: "
            f"<span class='tt-room-code' data-code='{code}'>{code}</span><br>"
            f"Students open <a href='{link}' target='_blank'>the {html.escape(title)} play page "
            f"with this code</a> (or the play page from the start page, then type the code "
            f"under <i>Play in a class room</i>).</div>"
        )
        self._say("")
        self.refresh()
        return code

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
        if not rows:
            self.room_list.children = (w.HTML("<p>No rooms yet.</p>"),)
            return
        self.room_list.children = tuple(self._room_row(r, views[r.code]) for r in rows)

    def _room_row(self, row: RoomRow, view: RoomView | None) -> w.Widget:
        title = _game_title(row.game)
        names = view.names if view is not None else [seat_label(s.seat) for s in row.seats]
        seats = ", ".join(
            html.escape(n) + ("" if s.is_bot or s.taken else " (free)")
            for s, n in zip(row.seats, names, strict=False)
        )
        if row.closed is not None:
            state = "closed"
        elif view is not None and view.game.is_over:
            state = "game over"
        else:
            state = plural(row.moves, "move") + " so far"
        text = w.HTML(
            f"<span class='tt-room' data-code='{row.code}'><b>{row.code}</b> · "
            f"{html.escape(title)} · {seats} · {state}</span>"
        )
        buttons = [
            self._button("Watch", lambda: self.watch(row.code), "the table, for a projector")
        ]
        if view is not None and (view.game.is_over or row.closed is not None):
            buttons.append(self._button("Replay", lambda: self.replay(row.code), "step through it"))
        if row.closed is None:
            close = self._button("Close", lambda: self.close_room(row.code), "no more moves")
            buttons.append(close)
        box = w.HBox([text, *buttons], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        box.add_class("tt-room-row")
        return box

    def _button(self, label: str, action: Callable[[], Any], tip: str) -> w.Button:
        b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
        b.on_click(self._guard(lambda _: action()))
        return b

    def close_room(self, code: str) -> None:
        """Close room ``code``: no more joining or moves; it can be replayed and saved."""
        self.classroom.close_room(code)
        self._say(f"Room {checks.room_code(code)} is closed.")
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
        stop = self._button("Stop watching", self._stop_watching, "hide the table")
        link = _play_link(view.info.key, view.code, watch=True)
        projector = w.HTML(
            f"<a href='{link}' target='_blank'>Open this table on its own page</a> "
            "(for a projector or a second screen)"
        )
        free = self._free_seat_row(view)
        self.panel.children = (self._watch_title, board, w.HBox([stop, projector]), free)
        self._draw_watch()

    def _free_seat_row(self, view: RoomView) -> w.Widget:
        taken = [s for s in view.row.seats if not s.is_bot and s.taken]
        if not taken:
            return w.HTML("")
        names = view.names
        pick = w.Dropdown(
            options=[(f"{seat_label(s.seat)}: {names[s.seat]}", s.seat) for s in taken],
            description="A student changed device?",
            style={"description_width": "initial"},
        )
        free = self._button(
            "Free the seat", lambda: self.free_seat(view.code, pick.value), "another can take it"
        )
        return w.HBox([pick, free], layout=w.Layout(flex_flow="row wrap"))

    def free_seat(self, code: str, seat: int) -> None:
        """Let another student (or the same on another device) take ``seat`` of ``code``."""
        if self.classroom.free_seat(code, seat):
            self._say(f"{seat_label(seat)} of room {code} is free: the student can join again.")
        self.refresh()
        if self.watching is not None and self.watching.code == code:
            self.watch(code)

    def _stop_watching(self) -> None:
        if self.watching is not None:
            self.watching.close()
        self.watching = self._watch_board = None
        self.panel.children = ()

    def _sync_watch(self) -> None:
        view = self.watching
        if view is None or self._watch_board is None:
            return
        try:
            view.refresh()
        except RoomError as e:
            self._say(str(e), ok=False)
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
        state = "game over" if over else plural(moves, "move") + " so far"
        if view.closed:
            state += ", closed"
        self._watch_title.value = (
            f"<h3 class='tt-watching' data-code='{view.code}' data-moves='{moves}'>"
            f"Room {view.code}: {html.escape(view.info.title)}, {state}</h3>"
        )

    def replay(self, code: str) -> None:
        """Step through room ``code``'s finished (or closed) game; save its record."""
        self._stop_watching()
        view = self.classroom.watch(code)
        record = view.record()  # refuses while the game is on: it would show every hand
        kit = play_kit(view.info.key)
        board = kit.board(names=view.names, interactive=False)
        stepper = ReplayStepper(
            view.game,
            title=f"Room {view.code}",
            view=lambda g: board.show(g, None, reveal=True),
        )
        link = download_link(record, f"{view.info.key}-room-{view.code}.json", "Save the game")
        stop = self._button("Close the replay", self._stop_watching, "hide it")
        self.panel.children = (
            w.HTML(f"<h3>Replay of room {view.code}: {html.escape(view.info.title)}</h3>"),
            stepper,
            board,
            w.HBox([w.HTML(link), stop], layout=w.Layout(align_items="center")),
        )

    # -- the class ------------------------------------------------------------------------

    def _build_class(self) -> list[w.Widget]:
        new = self._button("New class code", self.new_class, "a code for the tutorials")
        self.class_input = w.Text(description="Class code", placeholder="like K7QX2M")
        show = self._button("Show", lambda: self.show_class(self.class_input.value), "its grid")
        self.class_title = w.HTML()
        self.grid = w.HTML()
        self.stuck = w.HTML()
        self.hardest = w.HTML()
        self.csv = w.HTML()
        export = self._button("Export as CSV", self.export_csv, "a spreadsheet file")
        self.clear_button = self._button("Clear the class", self.ask_clear, "forget it all")
        self.confirm = w.HBox()
        self.class_tools = w.HBox(
            [export, self.csv, self.clear_button, self.confirm],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.class_view = w.VBox(
            [
                self.class_title,
                self.grid,
                w.HTML("<h3>Stuck for long</h3>"),
                self.stuck,
                w.HTML("<h3>Where the class has most trouble</h3>"),
                self.hardest,
                self.class_tools,
            ],
            layout=w.Layout(display="none"),
        )
        return [
            w.HTML(
                "<p>Students type a class code under <i>Report my progress to my class</i> in "
                "a tutorial (or open it with the code in its link); the grid shows each "
                "student's steps as they go. A room's code works as a class code too.</p>"
            ),
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
            raise RoomError(f"There is no class or room {code}.")
        self.class_code = code
        self.kept.save({"class": code})
        self.confirm.children = ()
        self.csv.value = ""
        self.class_view.layout.display = None
        links = "".join(
            f" <a href='{g.key}/tutorial.ipynb?class={code}' target='_blank'>"
            f"{html.escape(g.title)}</a>"
            for g in GAMES.values()
            if g.page("tutorial") is not None
        )
        self.class_title.value = (
            f"<p>Class <span class='tt-room-code' data-class='{code}'>{code}</span><br>"
            f"Tutorials with this code:{links}</p>"
        )
        self._grid_shown = ""
        self._refresh_grid()

    def _refresh_grid(self) -> None:
        if self.class_code is None:
            return
        grid = self.classroom.grid(self.class_code)
        shown = grid_html(grid) + stuck_html(grid) + hardest_html(grid)
        if shown == self._grid_shown:
            return
        self._grid_shown = shown
        self.grid.value = grid_html(grid)
        self.stuck.value = stuck_html(grid)
        self.hardest.value = hardest_html(grid)

    def export_csv(self) -> str:
        """The class's progress as CSV, offered as a file."""
        if self.class_code is None:
            raise RoomError("Show a class first.")
        text = self.classroom.export_csv(self.class_code)
        self.csv.value = _csv_link(text, f"class-{self.class_code}.csv")
        return text

    def ask_clear(self) -> None:
        if self.class_code is None:
            raise RoomError("Show a class first.")
        yes = self._button("Yes, clear it", self.clear, "forget every nickname and step")
        no = self._button("Keep it", lambda: setattr(self.confirm, "children", ()), "keep it")
        self.confirm.children = (
            w.HTML(f"Forget every nickname and step of class {self.class_code}?"),
            yes,
            no,
        )

    def clear(self) -> int:
        """Forget the class's nicknames and reports (after the teacher said yes)."""
        if self.class_code is None:
            raise RoomError("Show a class first.")
        gone = self.classroom.clear_progress(self.class_code)
        self.confirm.children = ()
        self.csv.value = ""
        self._say(f"Class {self.class_code} is cleared ({plural(gone, 'report')} forgotten).")
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


def _over(view: RoomView | None) -> bool:
    return view is not None and view.game.is_over


def classroom_screen(**kwargs: Any) -> ClassroomScreen:
    """The Classroom page (keyword arguments as :class:`ClassroomScreen`)."""
    return ClassroomScreen(**kwargs)
