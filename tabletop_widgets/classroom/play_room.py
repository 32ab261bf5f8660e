"""The play screen's room mode: this page plays one seat of a classroom (or watches it).

The play screen (``ui/play_screen.py``) shows a **Play in a classroom** section made
here; a page opened as ``<game>/play.ipynb?room=K7QX2M`` opens it with the code filled
in (``&watch`` watches instead).  Once the page holds a seat, the screen hands its moves
to :class:`RoomMode` instead of playing them on its own game:

* the board shows this seat's view only (``board.show(game, seat)``; a spectator's
  ``seat`` is None); the game is the room's, rebuilt from the store's log;
* a move goes through :meth:`~.rooms.Player.play` with the turn the board showed, so a
  move made for a turn that another page already played is refused, never doubled;
* other seats' moves arrive from the store's watch thread and are drawn on the kernel's
  own thread (:class:`~.page.Loop`); a heartbeat catches anything a notice missed and
  plays a bot whose kernel went away;
* until the student has joined (or the room's table is up, on a watching page), a page
  opened with a room code shows no game of its own under the room's panel, only a line
  saying the game appears once they join; for a code that finds no open room, that line
  offers to play on one's own instead;
* a room of another game is refused before any seat is claimed, with a link to that
  game's play page with the code (:func:`play_link`);
* the page's introduction (:meth:`RoomMode.use_intro`) says what a room page is
  (:data:`ROOM_INTRO`) instead of how to play against bots, while the page is one;
* undo, new game and load are off; save gives the record once the game is over;
* the browser keeps ``{code, token}`` (a :class:`~tabletop_widgets.ui.browser_store.
  BrowserStore`), so a reload -- or a new kernel after a crash or culling -- takes the
  same seat back with the game as it stands;
* every word (the form, the room's line, refusals) is in the page's language and said
  again when it changes.

Everything the page sends (the code, the nickname, the kept token, the moves) is checked
by :mod:`.checks`, the store and the engine; a nickname holds no markup
(:func:`.checks.nickname`), so nothing one student types reaches another's page as HTML.

>>> import tempfile
>>> from tabletop_widgets.classroom import Classroom, page
>>> from tabletop_widgets.classroom.store import open_store
>>> from tabletop_widgets.games.fistful_of_gold.screens.play import play_screen
>>> room = page.use_classroom(Classroom(open_store(f"sqlite:///{tempfile.mkdtemp()}/c.sqlite")))
>>> code = room.open_room("fistful_of_gold", seats=["open", "open"], seed=3).code
>>> ann, bo = play_screen(), play_screen()
>>> ann.room_mode.join(code, "Ann"), bo.room_mode.join(code, "Bo")
(True, True)
>>> ann.room_mode.sync(); ann.names, bo.names    # in a kernel the store's notice syncs
(['You', 'Bo'], ['Ann', 'You'])
>>> _ = ann.play(ann.game.legal_moves(0)[0]); bo.room_mode.sync(); len(bo.game.history)
1
>>> ann.undo()
False
>>> ann.status.value.count("no undo in a classroom")
1
>>> from tabletop_widgets.core.i18n import set_language
>>> _ = set_language("fr"); "Salle " + code in ann.room_mode.line.value, ann.names
(True, ['You', 'Bo'])
>>> _ = set_language("en"); _ = page.use_classroom(None)
"""

from __future__ import annotations

import html
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.i18n import N_, Message, _, _l, ngettext, on_language_change
from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.ui.actions import ActionButton
from tabletop_widgets.ui.browser_store import BrowserStore
from tabletop_widgets.ui.lazy import LazySection
from tabletop_widgets.ui.record_files import download_link
from tabletop_widgets.ui.words import YOU

from . import checks
from .checks import OtherGame, RoomError
from .page import Loop, on_query, page_classroom
from .rooms import BOT_GRACE, Classroom, Player, RoomView

if TYPE_CHECKING:
    from tabletop_widgets.ui.page_intro import PageIntro
    from tabletop_widgets.ui.play_screen import PlayScreen

__all__ = ["HEARTBEAT", "ROOM_INTRO", "WAITING", "RoomMode", "play_link"]

log = logging.getLogger(__name__)

#: Seconds between a room page's own looks at the store (notices do the rest).
HEARTBEAT = BOT_GRACE + 0.5
#: The seat kind of a seat played from another page (the play screen's people are "person").
ELSEWHERE = "room"
PERSON = "person"
#: What the play screen asks for that a room does not do, as whole sentences.
REFUSED = {
    "undo": N_("There is no undo in a classroom."),
    "new game": N_("There is no new game in a classroom."),
    "loading a saved game": N_("A saved game cannot be loaded in a classroom."),
}


#: What the room's line says before the student has joined, the page's own game hidden.
WAITING = {
    "join": N_("The game appears here once you join the room."),
    "watch": N_("The room's table appears here in a moment."),
    "no room": N_("Type another code above, or play a game on your own instead."),
}

#: The play page's introduction while the page is a room's (every game's play page says
#: these, not its own "you play against bots" words): joining a seat, or watching.
ROOM_INTRO = {
    "join": N_(
        "<p>You are joining a room your teacher opened: type your nickname and press "
        "<b>Join the room</b>, then play the others from your own device, each at a seat of "
        "the same table. If the page reloads, your seat comes back.</p>"
    ),
    "playing": N_(
        "<p>You are playing in a room your teacher opened, at your own seat of the table: "
        "your moves appear on the other players' pages, and theirs on yours. If the page "
        "reloads, your seat comes back.</p>"
    ),
    "watch": N_(
        "<p>This is the class's view of a room your teacher opened, for the board or a "
        "projector: the table as everyone may see it, without anyone's hand. It follows the "
        "moves as the students play them; nothing is played from this page.</p>"
    ),
}
#: The link to the room's own game, under the refusal of another game's room.
ELSEWHERE_LINK = {
    "join": N_("Go to {game} to join room {code}"),
    "watch": N_("Go to {game} to watch room {code}"),
}


def play_link(game: str, code: str, *, watch: bool = False) -> str | None:
    """Game ``game``'s play page with room ``code``, relative to a game's page as the
    navigation line's links are (``../fistful_of_gold/play.ipynb?room=K7QX2M``); None for
    a game without a play page.

    >>> play_link("fistful_of_gold", "K7QX2M", watch=True)
    '../fistful_of_gold/play.ipynb?room=K7QX2M&watch=1'
    """
    info = GAMES.get(game)
    page = info.page("play") if info is not None else None
    if page is None:
        return None
    return f"../{game}/{page.notebook}?room={code}" + ("&watch=1" if watch else "")


def _later(message: str | Message) -> Any:
    """What the play screen's status line says again in a new language."""
    return lambda: str(message)


class RoomMode:
    """The room section of one play screen and, once joined, the seat it plays."""

    def __init__(self, screen: PlayScreen, *, classroom: Classroom | None = None) -> None:
        self.screen = screen
        self._classroom = classroom
        self.loop = Loop()
        self.view: RoomView | None = None
        self._drawn_turn = 0
        self._drawn: tuple = ()
        self._heartbeat: Any = None
        self._query: dict[str, str] | None = None
        self._kept: Any = None
        self._restored = False
        self._decided = False
        self._form_status: tuple[Any, bool, Any] = ("", True, None)
        #: The page's introduction (:meth:`use_intro`) and which of :data:`ROOM_INTRO` it
        #: says (None: the page's own).
        self.intro: PageIntro | None = None
        self.about: Any = None
        self._intro_kind: str | None = None
        #: What the line says while the page waits for the student to join (None: not
        #: waiting; the page's own game is hidden while it waits).
        self._waiting: str | None = None
        self.kept = BrowserStore(f"tabletop/room/{screen.info.key}")
        self.kept.on_restore(self._on_restored)
        self.line = w.HTML()
        self.line.add_class("tt-room-line")
        # Its own width under the line, not the panel's (a box stretches its children).
        self.alone_button = ActionButton(
            layout=w.Layout(width="auto", align_self="flex-start", display="none")
        )
        self.alone_button.add_class("tt-room-alone")
        self.alone_button.on_click(self._guard(lambda _: self.play_alone()))
        self._label_alone()
        self.section = LazySection(_l("Play in a classroom"), self._build_form)
        self.section.add_class("tt-room-section")
        self.widget = w.VBox([self.section, self.line, self.alone_button, self.kept])
        on_query(self._on_query, loop=self.loop)
        on_language_change(self._follow_language)

    @property
    def classroom(self) -> Classroom:
        if self._classroom is None:
            self._classroom = page_classroom()
        return self._classroom

    @property
    def active(self) -> bool:
        """True while this page plays a seat of a room or watches one."""
        return self.view is not None

    @property
    def seat(self) -> int | None:
        return None if self.view is None else self.view.seat

    # -- the form ---------------------------------------------------------------------

    def _build_form(self) -> list[w.Widget]:
        self.code_input = w.Text(style={"description_width": "initial"})
        self.nick_input = w.Text(style={"description_width": "initial"})
        self.join_button = join = ActionButton(button_style="primary")
        self.watch_button = watch = ActionButton()
        self.leave_button = ActionButton()
        join.on_click(
            self._guard(lambda _: self.join(self.code_input.value, self.nick_input.value))
        )
        watch.on_click(self._guard(lambda _: self.watch(self.code_input.value)))
        self.leave_button.on_click(self._guard(lambda _: self.leave()))
        self.form_status = w.HTML()
        self.form_help = w.HTML()
        self.form = w.HBox(
            [self.code_input, self.nick_input, join, watch],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.leave_button.layout.display = "none"
        self._label_form()
        return [self.form_help, self.form, self.leave_button, self.form_status]

    def _label_form(self) -> None:
        """The form's words in the current language (what was typed stays)."""
        self.code_input.description = _("Room code")
        self.code_input.placeholder = _("like K7QX2M")
        self.nick_input.description = _("Your nickname")
        self.nick_input.placeholder = _("1 to 20 letters")
        self.join_button.description = _("Join the room")
        self.watch_button.description = _("Watch the game")
        self.watch_button.tooltip = _("see the table, no hand")
        self.leave_button.description = _("Leave the room")
        self.leave_button.tooltip = _("play here on your own again")
        help_text = _(
            "Your teacher gives you a room code. Type it with a nickname: you take a "
            "free seat and play the others from your own device."
        )
        self.form_help.value = f"<p>{html.escape(help_text)}</p>"

    def use_intro(self, intro: PageIntro, about: Any = None) -> None:
        """Let this page's introduction say what a room page is while the page is one (a
        page of a room is not one against bots); ``about``, a widget telling what the page
        offers on its own (New game, Undo, Save), is hidden meanwhile."""
        self.intro, self.about = intro, about
        self._say_intro(self._intro_kind)

    def _say_intro(self, kind: str | None) -> None:
        """The introduction for ``kind`` ("join", "playing", "watch"; None: the page's own)."""
        self._intro_kind = kind
        if self.intro is not None:
            self.intro.show(ROOM_INTRO[kind] if kind else None)
        if self.about is not None:
            self.about.layout.display = "none" if kind else None

    def _label_alone(self) -> None:
        self.alone_button.description = _("Play on your own")
        self.alone_button.tooltip = _("a game against bots on this page, not in the room")

    def _follow_language(self, _lang: str) -> None:
        """Say the form, its last sentence and the room's line again in the new language."""
        self._label_alone()
        if self.section.built:
            self._label_form()
            self._form_say(*self._form_status)
        if self.view is not None:
            self._write_line()
        elif self._waiting is not None:
            self._wait(self._waiting)

    def _guard(self, fn: Any) -> Any:
        def run(arg: Any) -> None:
            try:
                fn(arg)
            except RoomError as e:
                self._form_say(e.message, ok=False)
            except Exception:  # never a traceback on a learner's page
                log.exception("room form action failed")
                self._form_say(_l("That did not work; try again."), ok=False)

        return run

    def _form_say(
        self, text: str | Message, ok: bool = True, link: tuple[str, Message] | None = None
    ) -> None:
        """Show ``text`` (a message is said again in a new language) under the form, with
        ``link`` (an address made here and its words) after it."""
        self.section.ensure()
        self._form_status = (text, ok, link)
        shown = html.escape(str(text))
        if shown and link is not None:
            href, words = link
            shown += (
                f" <a class='tt-room-elsewhere' href='{html.escape(href)}'>"
                f"{html.escape(str(words))}</a>"
            )
        kind = "ok" if ok else "error"
        self.form_status.value = (
            f"<div role='status' class='tt-line tt-{kind}'>{shown}</div>" if shown else ""
        )

    def _refused(self, error: RoomError, *, watch: bool = False) -> None:
        """Say why the room was refused; another game's room links to that game's page."""
        link = None
        if isinstance(error, OtherGame):
            href = play_link(error.game, error.code, watch=watch)
            if href is not None:
                words = _l(
                    ELSEWHERE_LINK["watch" if watch else "join"],
                    game=_l(GAMES[error.game].title),
                    code=error.code,
                )
                link = (href, words)
        self._form_say(error.message, ok=False, link=link)

    def _open_form(self, code: str = "") -> None:
        self.section.ensure()
        self.section.selected_index = 0
        if code:
            self.code_input.value = code

    # -- before joining: no game of the page's own --------------------------------------

    def _wait(self, words: str) -> None:
        """Hide the page's own game and say ``words`` (a :data:`WAITING` key) where the
        room's game will be: the student came to play in the room, not against bots."""
        self._waiting = words
        self.screen.show_own_game(False)
        said = html.escape(_(WAITING[words]))
        self.line.value = f"<div class='tt-line tt-room-waiting' role='status'>{said}</div>"
        self.alone_button.layout.display = None if words == "no room" else "none"

    def _stop_waiting(self, *, keep_line: bool = False) -> None:
        """Show the table again (the student joined -- the room's game is on it, its line
        written: ``keep_line`` -- or chose to play alone)."""
        if self._waiting is None:
            return
        self._waiting = None
        if not keep_line:
            self.line.value = ""
        self.alone_button.layout.display = "none"
        self.screen.show_own_game(True)

    def play_alone(self) -> None:
        """Play on this page against bots instead (the room's code found no open room)."""
        self._stop_waiting()
        self._say_intro(None)
        self._form_say("")

    # -- joining ----------------------------------------------------------------------

    def join(self, code: object, nickname: object) -> bool:
        """Take the first free seat of room ``code`` as ``nickname``; False (and why, on the
        page) if refused."""
        try:
            player = self.classroom.join(
                checks.room_code(code), checks.nickname(nickname), game=self.screen.info.key
            )
        except RoomError as e:
            self._refused(e)
            return False
        self.kept.save({"code": player.code, "token": player.token})
        self._enter(player)
        return True

    def watch(self, code: object) -> bool:
        """Watch room ``code``: the table with public information only."""
        try:
            view = self.classroom.watch(checks.room_code(code), game=self.screen.info.key)
        except RoomError as e:
            self._refused(e, watch=True)
            return False
        self._enter(view)
        return True

    def rejoin(self, kept: object) -> bool:
        """Take back the seat the browser kept (``{code, token}``); False if it is gone."""
        if not isinstance(kept, Mapping):
            return False
        try:
            player = self.classroom.rejoin(
                kept.get("token"), kept.get("code"), game=self.screen.info.key
            )
        except RoomError as e:
            self.kept.clear()
            self._form_say(e.message, ok=False)
            return False
        if player.closed:
            self.kept.clear()
            player.close()
            return False
        self._enter(player)
        return True

    def leave(self) -> None:
        """Stop playing the room here and give the seat up (the page's token proves it holds
        it), so the student -- or another -- may take it again; the page plays on its own
        again."""
        was = self.view
        freed = False
        if isinstance(was, Player):
            try:
                freed = was.leave()
            except RoomError:  # the room is gone: nothing left to free
                freed = False
        self._stop()
        self.kept.clear()
        screen = self.screen
        screen.room = None
        for part in (screen.setup, screen.undo_button, screen.upload):
            part.layout.display = None
        screen.board.interactive = True  # a closed room or a watching page made it a view
        self.line.value = ""
        self.section.layout.display = None
        self.form.layout.display = None
        self.form_help.layout.display = None
        self.leave_button.layout.display = "none"
        self._say_intro(None)
        screen.new_game()  # its redraw offers the coach again
        if was is None:
            return
        if freed:
            self._form_say(_l("You left room {code}; your seat is free again.", code=was.code))
        else:
            self._form_say(_l("You left room {code}.", code=was.code))

    # -- what the page asked for: ?room=CODE, and a seat kept in the browser ------------

    def _on_query(self, query: dict[str, str]) -> None:
        self._query = query
        if query.get("room") and not self.active:
            # At once, before anything is looked up: a room's page is not a game against
            # bots, so no such game shows, not even for the moment a look-up takes.
            kind = "watch" if query.get("watch") else "join"
            self._say_intro(kind)
            self._wait(kind)
        self._decide()

    def _on_restored(self, kept: Any) -> None:
        self._kept, self._restored = kept, True
        self._decide()

    def _decide(self) -> None:
        """Once both are known: rejoin the kept seat (a reload), else fill in ?room=.  A
        watching page needs no kept seat: it watches as soon as the address is known."""
        if self._decided or self._query is None or self.active:
            return
        watching = bool(self._query.get("room") and self._query.get("watch"))
        if not self._restored and not watching:
            return
        self._decided = True
        wanted = self._query.get("room")
        try:
            wanted = checks.room_code(wanted) if wanted else None
        except RoomError as e:
            self._open_form()
            self._form_say(e.message, ok=False)
            self._wait("no room")
            return
        if wanted is not None and watching:  # the projector's page
            if not self.watch(wanted):  # said why under the form: offer a game alone
                self._open_form(wanted)
                self._wait("no room")
            return
        kept = self._kept if isinstance(self._kept, Mapping) else None
        if kept and (wanted is None or kept.get("code") == wanted) and self.rejoin(kept):
            return
        if wanted is None:
            return
        self._open_form(wanted)
        try:
            self.classroom.check_room(wanted, self.screen.info.key)
        except RoomError as e:  # no such room, closed, another game's: say so, offer a game alone
            self._refused(e)
            self._wait("no room")
            return
        self._form_say(_l("Type your nickname and press Join the room."))

    # -- in the room ------------------------------------------------------------------

    def _enter(self, view: RoomView) -> None:
        self._stop()
        self.view = view
        screen = self.screen
        playing = isinstance(view, Player)
        self._say_intro("playing" if playing else "watch")
        screen.room = self
        screen._hide_resume()
        for part in (screen.setup, screen.undo_button, screen.upload):
            part.layout.display = "none"
        # The coach is off in a classroom (students play each other): no Hint, no switch.
        screen.coach.set_available(False, _("There are no hints in a classroom."))
        self._open_form()
        # The join form and its help are done with; a watching page (the projector) shows
        # no room form at all -- nobody joins or leaves a seat from it.
        self.form.layout.display = "none"
        self.form_help.layout.display = "none"
        self.leave_button.layout.display = None if playing else "none"
        self.section.layout.display = None if playing else "none"
        self._form_say("")
        self._adopt()
        # Only now, the room's game drawn and its line written, does a waiting page show
        # its table: the browser never paints the page's own game in between.
        self._stop_waiting(keep_line=True)
        view.on_change(lambda: self.loop.soon(self.sync))
        self._beat()

    def _adopt(self) -> None:
        """Point the screen at the room's game, seats and names."""
        view, screen = self.view, self.screen
        assert view is not None
        screen.game = view.game
        screen.bots = {}
        screen.paused = None
        screen.continue_button.layout.display = "none"
        screen.replay = screen.replay_board = None
        screen._after.children = ()
        screen.download.value = ""
        self._set_names()
        screen.gate.show_all()
        self.redraw()

    def _set_names(self) -> None:
        """The seats' names (the bots' in the current language; this seat is You)."""
        view, screen = self.view, self.screen
        assert view is not None
        names = list(view.names)
        if view.seat is not None:
            names[view.seat] = YOU
        screen.seat_kinds = [
            PERSON if s == view.seat else ELSEWHERE for s in range(view.game.players)
        ]
        if names != screen.names:
            screen.names = names
            screen.board.names = names
            screen.gate.names = names

    def follow_names(self) -> None:
        """The play screen's language changed: the seats' names again (a bot's mark)."""
        if self.view is not None:
            self._set_names()

    def _stop(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            self._heartbeat = None
        if self.view is not None:
            self.view.close()
            self.view = None

    def _beat(self) -> None:
        self._heartbeat = self.loop.later(HEARTBEAT, self._beat_and_sync)

    def _beat_and_sync(self) -> None:
        if self.view is None:
            return
        self.sync()
        self._beat()

    def sync(self) -> None:
        """Catch up with the store (on the kernel's thread) and draw what changed."""
        view = self.view
        if view is None:
            return
        waiting = self._still_choosing()
        try:
            new = view.refresh()
        except RoomError as e:
            self.screen._say(_later(e.message), ok=False)
            return
        self._set_names()
        if new and waiting is not None and waiting == self._still_choosing():
            # Only others chose meanwhile and this seat's choice is as it was (a game of
            # simultaneous choices): keep the board, and what the learner is selecting;
            # the move stays tagged with the turn the board shows (Player.play allows it).
            self._drawn = self._stamp()
            self._say_turn()
            return
        if new or self._stamp() != self._drawn:
            self.redraw()

    def _still_choosing(self) -> tuple | None:
        """This seat's legal moves while it is to choose (None otherwise)."""
        view = self.view
        if not isinstance(view, Player) or not view.my_turn:
            return None
        return tuple(map(str, view.legal_moves()))

    def _stamp(self) -> tuple:
        view = self.view
        assert view is not None
        return (len(view.game.history), view.closed, tuple(view.names))

    def redraw(self) -> None:
        """Draw the room's game from this page's seat (the screen calls this in room mode)."""
        view, screen = self.view, self.screen
        if view is None:
            return
        game = view.game
        over = game.is_over
        # Only a seat of an open room plays from this table: a watching page's and a closed
        # room's table is a view (no prompt to play, no moves offered, clicks refused).
        screen.board.interactive = isinstance(view, Player) and not view.closed
        screen._shown = (view.seat, over)
        # A copy: the room's game moves on as notices come, the board only when redrawn
        # (so a choice being made survives other seats' moves; see sync).
        screen.board.show(game.copy(), view.seat, reveal=over)
        self._drawn_turn = len(game.history)
        self._drawn = self._stamp()
        if over:
            self._write_line()
            screen._show_end()
        else:
            self._say_turn()

    def _write_line(self) -> None:
        """Room K7QX2M · the game · who you are here · the moves so far."""
        view, screen = self.view, self.screen
        assert view is not None
        game = view.game
        moves = len(game.history)
        if view.seat is not None:
            label = screen.kit.labels(game.players)[view.seat]
            nick = view.row.seats[view.seat].nickname or ""
            who = _("you play {seat} as {nick}", seat=label, nick=nick)
        else:
            who = _("you are watching")
        parts = (
            _("Room {code}", code=view.code),
            _(view.info.title),
            who,
            ngettext("{n} move so far", "{n} moves so far", moves),
        )
        self.line.value = (
            f"<div class='tt-line' data-room='{view.code}' data-moves='{moves}'>"
            f"{' · '.join(html.escape(p) for p in parts)}</div>"
        )

    def _say_turn(self) -> None:
        view, screen = self.view, self.screen
        assert view is not None
        game = view.game
        self._write_line()
        if view.closed:
            screen._say(_later(_l("The teacher closed this room: no more moves.")), ok=False)
            return
        if game.is_over:
            return

        def turn() -> str:
            pause = screen.kit.pause(game, screen.names) if screen.kit.pause else None
            if view.seat is None:
                # The table says who is to play; a watching page says it once, there.
                return str(pause or "")
            text = screen._turn_text()
            return f"{pause} {text}" if pause else text

        screen._say(turn)

    # -- what the screen hands over -----------------------------------------------------

    def play(self, move: Any) -> Any:
        """This seat's move, tagged with the turn the board showed; refusals are said."""
        view = self.view
        if not isinstance(view, Player):
            raise IllegalMoveError("", _l("You are watching this room; join it to play."))
        try:
            written = view.play(move, turn=self._drawn_turn)
        except IllegalMoveError:
            self.redraw()
            raise
        except RoomError as e:
            self.redraw()
            self.screen._say(_later(e.message), ok=False)
            return None
        self.redraw()
        return written[0].move if written else None

    def refuse(self, what: str) -> bool:
        """Say that ``what`` is not done in a room (undo, a new game, loading a file)."""
        said = REFUSED.get(what, N_("That is not done in a classroom."))
        self.screen._say(lambda: _(said), ok=False)
        return False

    def save(self) -> dict | None:
        """The room's record once the game is over, offered as a file."""
        view = self.view
        assert view is not None
        try:
            record = view.record()
        except RoomError as e:
            self.screen._say(_later(e.message), ok=False)
            return None
        name = f"{view.info.key}-room-{view.code}"
        self.screen.download.value = download_link(record, name + ".json", N_("Download the file"))
        self.screen._say(
            lambda: _(
                "Saved. If your browser does not download the file by itself, "
                "use the link next to the button."
            )
        )
        return record

    def restore(self) -> None:
        """After an unexpected failure: read the room again from the store."""
        view = self.view
        if view is None:
            return
        fresh = (
            Player(self.classroom, view.code, view.seat, view.token)
            if isinstance(view, Player)
            else RoomView(self.classroom, view.code)
        )
        self._enter(fresh)
