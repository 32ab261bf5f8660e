"""Rooms: one game shared by the kernels of several pages, kept in the shared store.

A room is its setup (game, options, seed, seats) plus an append-only log of moves.
Every kernel rebuilds the game from the two with the engine contract, checks each move
with the engine before it writes it, and appends it as move number *n*; the log's key
(room, n) lets only one move take a turn.

* The teacher's page: :meth:`Classroom.open_room` (a code to give the class),
  :meth:`Classroom.close_room`, :meth:`Classroom.free_seat`, :meth:`Classroom.rooms`.
* A student's page: :meth:`Classroom.join` (a nickname, a seat or the first free one)
  gives a :class:`Player` holding a **rejoin token** -- the page keeps it in the browser
  (``ui.browser_store``) and a reload or a new kernel calls :meth:`Classroom.rejoin`
  with it, getting the seat back with the game exactly as it stands.
* The projector: :meth:`Classroom.watch` gives a :class:`RoomView` without a seat
  (``seat`` None: draw the table with public information only).

Bots.  A room's bots move from one place: the kernel that wrote the move that made
it a bot's turn plays the bots straight after it (the room's opener, when a bot moves
first).  Should that kernel die in between, any kernel of the room that sees the bot
still to move :data:`BOT_GRACE` seconds after the last move plays it.  A bot's choice
is seeded by the room's seed and the move number, so every kernel would choose the same
move, and the log's key lets only one of them write it: a bot move is never doubled.

>>> import tempfile
>>> from tabletop_widgets.classroom.store import open_store
>>> room = Classroom(open_store(f"sqlite:///{tempfile.mkdtemp()}/c.sqlite"))
>>> teacher = room.open_room("fistful_of_gold", seats=["open", "easy"], seed=3)
>>> ann = room.join(teacher.code, "Ann")
>>> ann.seat, ann.names
(0, ['Ann', 'Bea (bot)'])
>>> played = ann.play(ann.legal_moves()[0])
>>> again = room.rejoin(ann.token)        # a reload: a new kernel, the same seat
>>> again.seat, again.game.history == ann.game.history
(0, True)
>>> try:
...     room.join(teacher.code, "ann")
... except RoomError as e:
...     print(str(e).replace(teacher.code, "CODE"))
Someone in room CODE is already called ann; choose another nickname.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop_widgets.core.bots import make_bot
from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.core.i18n import N_, Message, _l, _nl, after_colon
from tabletop_widgets.core.playout import bot_move
from tabletop_widgets.core.registry import GAMES, GameInfo
from tabletop_widgets.ui.words import bot_name, seat_label

from . import checks
from .checks import OtherGame, RoomError, TurnTaken
from .progress import ClassGrid, class_grid, export_csv
from .store import OPEN, LoggedMove, ProgressRow, RoomRow, Store, Subscription, open_store

__all__ = [
    "BOT_GRACE",
    "DEFAULT_KEEP",
    "Classroom",
    "Player",
    "RoomView",
    "Student",
]

#: How long a room or class is kept after its last activity (seconds): a week.
DEFAULT_KEEP = 7 * 24 * 3600.0
#: After this many seconds without a move, any kernel of a room plays a stalled bot.
BOT_GRACE = 2.0
#: A seat's holder is marked as still there at most this often (seconds).
SEEN_EVERY = 30.0
#: Bots' names, seat by seat, as the play screen names them.
MAX_SEED = 2**31 - 1
MAX_KEEP = 366 * 24 * 3600.0
MAX_STEP = 1000
MAX_COUNT = 100_000
MAX_TITLE = 120

#: What the store's answers to a claim and to a move mean, as messages (said in the page's
#: language when shown): ``{code}`` the room, ``{number}`` a seat counted from 1.
_CLAIM_WORDS = {
    "missing": N_("There is no room {code}; check the code on the board."),
    "closed": N_("Room {code} is closed."),
    "no-seat": N_("There is no seat {number} in room {code}."),
    "bot": N_("Seat {number} is played by a bot; choose another seat."),
    "taken": N_("Seat {number} is taken; choose a free seat."),
    "full": N_("Every seat in room {code} is taken; you can still watch the game."),
    "name": N_("Someone in room {code} is already called {nick}; choose another nickname."),
}
_APPEND_WORDS = {
    "missing": N_("Room {code} is no longer there."),
    "closed": N_("Room {code} is closed: no more moves."),
    "seat": N_("{seat} is no longer yours (the teacher may have freed it); join again."),
}
#: The counts a tutorial report carries, each with its refusal.
_COUNT_WORDS = {
    "step": N_("A step number is a whole number from {low} to {high}."),
    "wrong tries": N_("The number of wrong tries is a whole number from {low} to {high}."),
    "hints": N_("The number of hints is a whole number from {low} to {high}."),
}


class Classroom:
    """Rooms and classes in one store (default: the store the setting names)."""

    def __init__(self, store: Store | str | None = None) -> None:
        self.store = store if isinstance(store, Store) else open_store(store)

    # -- the teacher --------------------------------------------------------------------

    def open_room(
        self,
        game: str,
        options: Mapping[str, Any] | None = None,
        *,
        seats: Sequence[str],
        seed: int | None = None,
        keep: float | None = DEFAULT_KEEP,
    ) -> RoomView:
        """Open a room of ``game`` with ``options``; each seat ``"open"`` (for a student)
        or a bot level of the game (``"easy"`` …).  Returns the opener's view (no seat),
        with any bot that moves first already moved."""
        info = _game_info(game)
        seed = random.randrange(MAX_SEED) if seed is None else _seed(seed)
        try:
            start = info.engine.new(seed=seed, **dict(options or {}))
        except PositionError as e:
            # As the play page's New game form says it: the option as labelled, never the
            # engine's field name, and the choices that would make a game.
            raise RoomError(_option_refusal(info, e, dict(options or {}))) from None
        except TypeError as e:
            raise RoomError(
                _l(
                    "Those options do not make a game of {game}: {reason}",
                    game=_l(info.title),
                    reason=after_colon(str(e)),
                )
            ) from None
        kinds = _seat_kinds(info, seats, start.players)
        keep = _keep(keep)
        self.store.purge()
        code = self.store.create_room(info.key, start.options.to_json(), seed, kinds, keep)
        view = RoomView(self, code)
        view.play_bots()
        return view

    def close_room(self, code: str) -> bool:
        """No more joining or moves in room ``code`` (its record stays until it expires)."""
        return self.store.close_room(checks.room_code(code))

    def free_seat(self, code: str, seat: int) -> bool:
        """Let another student take ``seat`` of room ``code`` (its old token stops working)."""
        row = self._row(checks.room_code(code))
        return self.store.free_seat(row.code, checks.seat_number(seat, len(row.seats)))

    def leave_seat(self, code: str, seat: int, token: str) -> bool:
        """Give up ``seat`` of room ``code`` held by ``token`` (a student leaving frees their
        own seat, so they or another may take it again); False if the token does not hold
        it (the teacher freed it meanwhile, or the token is not the seat's)."""
        row = self._row(checks.room_code(code))
        seat = checks.seat_number(seat, len(row.seats))
        return self.store.leave_seat(row.code, seat, checks.hash_token(checks.token(token)))

    def rooms(self) -> list[RoomRow]:
        """The open rooms that have not expired, newest first."""
        now = time.time()
        return [r for r in self.store.rooms() if not r.expired(now)]

    def purge(self) -> int:
        """Remove the rooms and classes that have expired; returns how many went."""
        return self.store.purge()

    # -- students in rooms ----------------------------------------------------------------

    def join(
        self, code: str, nickname: str, seat: int | None = None, *, game: str | None = None
    ) -> Player:
        """Take ``seat`` (None: the first free one) of room ``code`` as ``nickname``; with
        ``game``, a room of another game is refused (:class:`OtherGame`) before any seat is
        claimed -- a page of one game cannot draw another's table."""
        code = checks.room_code(code)
        nick = checks.nickname(nickname)
        row = self._row(code, game)
        if seat is not None:
            seat = checks.seat_number(seat, len(row.seats))
        token = checks.new_token()
        status, got = self.store.claim_seat(code, seat, nick, checks.hash_token(token))
        if status != "ok" or got is None:
            number = seat + 1 if seat is not None else ""
            raise RoomError(Message(_CLAIM_WORDS[status], code=code, number=number, nick=nick))
        return Player(self, code, got, token)

    def check_room(self, code: str, game: str | None = None) -> str:
        """``code`` checked: a room a student may join now (it exists, has not expired, plays
        ``game`` if given and is open); RoomError saying which it is not (:class:`OtherGame`
        for another game's room).  Nothing is claimed."""
        code = checks.room_code(code)
        if self._row(code, game).closed is not None:
            raise RoomError(Message(_CLAIM_WORDS["closed"], code=code))
        return code

    def rejoin(self, token: str, code: str | None = None, *, game: str | None = None) -> Player:
        """The seat ``token`` holds (in room ``code`` if given, of ``game`` if given), with
        the game as it stands."""
        tok = checks.token(token)
        code = checks.room_code(code) if code is not None else None
        found = self.store.find_seat(checks.hash_token(tok), code)
        if found is None:
            raise RoomError(
                _l(
                    "That seat is no longer kept for you (the teacher may have freed it); "
                    "join again with your nickname."
                )
            )
        if game is not None:
            self._row(found[0], game)
        return Player(self, found[0], found[1], tok)

    def watch(self, code: str, *, game: str | None = None) -> RoomView:
        """A spectator's view of room ``code`` (for the projector): public information only;
        with ``game``, a room of another game is refused (:class:`OtherGame`)."""
        code = checks.room_code(code)
        if game is not None:
            self._row(code, game)
        return RoomView(self, code)

    # -- classes and tutorial progress ---------------------------------------------------

    def open_class(self, keep: float | None = DEFAULT_KEEP) -> str:
        """A class code: students who open a tutorial with it report their progress."""
        self.store.purge()
        return self.store.create_class(_keep(keep))

    def join_class(self, code: str, nickname: str) -> Student:
        """Join class (or room) ``code`` as ``nickname`` to report tutorial progress."""
        code = checks.room_code(code, "class")
        nick = checks.nickname(nickname)
        token = checks.new_token()
        status = self.store.join_class(code, nick, checks.hash_token(token))
        if status == "missing":
            raise RoomError(
                _l("There is no class or room {code}; check the code on the board.", code=code)
            )
        if status == "closed":
            raise RoomError(_l("Room {code} is closed.", code=code))
        if status == "name":
            raise RoomError(
                _l(
                    "Someone in class {code} is already called {nick}; choose another nickname.",
                    code=code,
                    nick=nick,
                )
            )
        return Student(self, code, nick, token)

    def rejoin_class(self, code: str, token: str) -> Student:
        """The nickname ``token`` holds in class ``code`` (after a reload or a new kernel)."""
        code = checks.room_code(code, "class")
        tok = checks.token(token)
        nick = self.store.find_student(code, checks.hash_token(tok))
        if nick is None:
            raise RoomError(_forgotten(code))
        return Student(self, code, nick, tok)

    def progress(self, code: str) -> list[ProgressRow]:
        """Every step reported in class ``code``."""
        return self.store.progress(checks.room_code(code, "class"))

    def grid(self, code: str, *, now: float | None = None, **options: Any) -> ClassGrid:
        """The class as the teacher's grid shows it (see :func:`.progress.class_grid`)."""
        code = checks.room_code(code, "class")
        names = [s.nickname for s in self.store.students(code)]
        return class_grid(code, self.store.progress(code), names, now=now, **options)

    def export_csv(self, code: str) -> str:
        """The class's progress as CSV text (one line per student and step)."""
        return export_csv(self.progress(code))

    def clear_progress(self, code: str) -> int:
        """Forget class ``code``'s reports and nicknames; returns how many reports went."""
        return self.store.clear_progress(checks.room_code(code, "class"))

    # -- helpers --------------------------------------------------------------------------

    def _row(self, code: str, game: str | None = None) -> RoomRow:
        """Room ``code``'s row; RoomError if it is gone, :class:`OtherGame` if it does not
        play ``game`` (when given)."""
        row = self.store.room(code)
        if row is None or row.expired():
            raise RoomError(Message(_CLAIM_WORDS["missing"], code=code))
        if game is not None and row.game != game:
            raise OtherGame(
                _l(
                    "Room {code} plays {game}, not {here}.",
                    code=code,
                    game=_l(_game_info(row.game).title),
                    here=_l(_game_info(game).title),
                ),
                code,
                row.game,
            )
        return row


class RoomView:
    """One kernel's copy of a room: the room's row, its game rebuilt from the log, and
    :meth:`refresh` to catch up.  Without a seat it is a spectator's view.

    ``game`` is for drawing (``board.show(view.game, view.seat)``); moves go through
    :meth:`Player.play`, never to ``game.play``.
    """

    seat: int | None = None

    def __init__(self, classroom: Classroom, code: str) -> None:
        self.classroom = classroom
        self.store = classroom.store
        self.code = code
        self._lock = threading.RLock()
        self._subs: list[Subscription] = []
        self.row = classroom._row(code)
        self._last_at = self.row.created
        self.info: GameInfo = _game_info(self.row.game)
        self.game = self.info.engine.new(seed=self.row.seed, **dict(self.row.options))
        self._apply(self.store.moves(code))

    # -- what the page draws --------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The number of moves so far: the turn a move chosen now is tagged with."""
        return len(self.game.history)

    @property
    def closed(self) -> bool:
        return self.row.closed is not None

    @property
    def names(self) -> list[str]:
        """Each seat's name: the student's nickname, a bot's name, or Seat n while free."""
        return [
            bot_name(s.seat) if s.is_bot else (s.nickname or seat_label(s.seat))
            for s in self.row.seats
        ]

    @property
    def free_seats(self) -> list[int]:
        return [s.seat for s in self.row.seats if not s.is_bot and not s.taken]

    def observation(self) -> Any:
        """What this page's seat may see (``game.observation(seat)``); None for a spectator,
        who sees only public information (draw with ``seat`` None)."""
        return None if self.seat is None else self.game.observation(self.seat)

    def record(self) -> dict[str, Any]:
        """The room's game as a record (for the replay stepper and saving), once the game is
        over or the room closed: before that it would show every hidden card."""
        if not (self.game.is_over or self.closed):
            raise RoomError(_l("The game's record is ready when the game is over."))
        kinds = ["person" if s.kind == OPEN else s.kind for s in self.row.seats]
        return self.game.to_record(meta={"room": self.code, "seats": kinds, "names": self.names})

    # -- keeping up -----------------------------------------------------------------------

    def refresh(self) -> list[LoggedMove]:
        """Catch up with the store: the new moves (applied to ``game``, oldest first), the
        seats and whether the room closed; plays a bot that stalled."""
        with self._lock:
            new = self._catch_up()
            self._after_refresh()
            if self._bot_stalled():
                new += self.play_bots()
            return new

    def wait(self, timeout: float) -> list[LoggedMove]:
        """Block until a move comes (or ``timeout`` seconds), then :meth:`refresh`."""
        self.store.wait(self.code, self.turn, timeout)
        return self.refresh()

    def on_change(self, callback: Callable[[], Any]) -> Subscription:
        """Call ``callback()`` from the store's watch thread when the room changes (a move,
        a seat, closing).  It should only schedule :meth:`refresh` on the page's thread."""
        sub = self.store.subscribe(self.code, lambda _code, _version, _moves: callback())
        self._subs.append(sub)
        return sub

    def close(self) -> None:
        """Stop the change notices of this view (the room itself stays)."""
        for sub in self._subs:
            sub.cancel()
        self._subs.clear()

    # -- bots -----------------------------------------------------------------------------

    def play_bots(self, max_moves: int = 10_000) -> list[LoggedMove]:
        """Play every bot whose turn it is, until a student must move (or the game ends)."""
        played: list[LoggedMove] = []
        with self._lock:
            for _ in range(max_moves):
                seat = self._bot_to_move()
                if seat is None or self.closed:
                    break
                move = str(bot_move(self.game, seat, self._bot(seat)))
                seq = self.turn + 1
                now = time.time()
                status = self.store.append_move(self.code, seq, seat, move, None, now)
                if status == "ok":
                    self.game.play(move, seat)
                    played.append(LoggedMove(seq, seat, move, now))
                elif status == "taken":  # another kernel wrote it (the same move): catch up
                    self._catch_up()
                else:
                    self._reload_row()
                    break
        return played

    def _bot_to_move(self) -> int | None:
        if self.game.is_over:
            return None
        kinds = self.row.seats
        return next((s for s in self.game.current_players() if kinds[s].is_bot), None)

    def _bot(self, seat: int) -> Any:
        """The bot of ``seat`` for this move: seeded by the room and the move number, so any
        kernel that plays it chooses the same move."""
        name = self.info.levels[self.row.seats[seat].kind]
        seed = (self.row.seed * 1_000_003 + self.turn * 101 + seat) % (MAX_SEED + 1)
        return make_bot(name, self.info.bots, seed=seed)

    def _bot_stalled(self) -> bool:
        if self._bot_to_move() is None or self.closed:
            return False
        last = self._last_at if self.turn else self.row.created
        return time.time() - last > BOT_GRACE

    # -- reading the store ----------------------------------------------------------------

    def _catch_up(self) -> list[LoggedMove]:
        stamp = self.store.stamps([self.code]).get(self.code)
        if stamp is None:
            raise RoomError(Message(_APPEND_WORDS["missing"], code=self.code))
        version, moves = stamp
        if version != self.row.version:
            self._reload_row()
        new = self.store.moves(self.code, after=self.turn) if moves > self.turn else []
        self._apply(new)
        return new

    def _reload_row(self) -> None:
        row = self.store.room(self.code)
        if row is None:
            raise RoomError(Message(_APPEND_WORDS["missing"], code=self.code))
        self.row = row

    def _apply(self, moves: Sequence[LoggedMove]) -> None:
        for m in moves:
            if m.seq != self.turn + 1:
                raise RoomError(
                    _l(
                        "Room {code}'s log skips from move {last} to {seq}.",
                        code=self.code,
                        last=self.turn,
                        seq=m.seq,
                    )
                )
            try:
                self.game.play(m.move, m.seat)
            except IllegalMoveError as e:
                raise RoomError(
                    _l(
                        "Room {code}'s move {seq} no longer replays ({reason}); "
                        "the teacher can close the room.",
                        code=self.code,
                        seq=m.seq,
                        reason=e,
                    )
                ) from None
            self._last_at = m.at

    def _after_refresh(self) -> None:
        """Hook for players (mark the seat as still held)."""

    def __repr__(self) -> str:
        who = "spectator" if self.seat is None else seat_label(self.seat)
        return f"<{type(self).__name__} {self.code} {self.info.title}, {who}, {self.turn} moves>"


class Player(RoomView):
    """A seat of a room held by this page: its ``token`` (keep it in the browser; it gets
    the seat back after a reload), :meth:`play` and :meth:`legal_moves`."""

    def __init__(self, classroom: Classroom, code: str, seat: int, token: str) -> None:
        self.seat = seat
        self.token = token
        self._hash = checks.hash_token(token)
        self._seen = 0.0
        super().__init__(classroom, code)

    @property
    def nickname(self) -> str:
        return self.row.seats[self.seat].nickname or seat_label(self.seat)

    def leave(self) -> bool:
        """Give this seat up (:meth:`Classroom.leave_seat`) and stop following the room."""
        try:
            return self.classroom.leave_seat(self.code, self.seat, self.token)
        finally:
            self.close()

    @property
    def my_turn(self) -> bool:
        return self.seat in self.game.current_players() and not self.closed

    def legal_moves(self) -> tuple:
        return self.game.legal_moves(self.seat) if not self.closed else ()

    def play(self, move: Any, turn: int | None = None) -> list[LoggedMove]:
        """Play ``move`` (text or a move object) for this seat; ``turn`` is the number of
        moves the page had seen when the move was chosen (default: now).

        The move stands if nobody moved for this seat since ``turn`` and the engine allows
        it now (in a game of simultaneous choices another seat's move may come first).
        Returns the moves written: this one and the bots' after it.  Refusals (an illegal
        move names its rule; :class:`TurnTaken` when another page played this seat first)
        change nothing but bring the game up to date.
        """
        if isinstance(move, str) and len(move) > checks.MAX_MOVE_TEXT:
            raise IllegalMoveError("notation", _l("That is not a move of this game."))
        with self._lock:
            self._catch_up()
            if self.closed:
                raise RoomError(Message(_APPEND_WORDS["closed"], code=self.code))
            since = self._turn_tag(turn)
            for _ in range(100):
                if self.seat in self.game.movers[since:]:
                    raise TurnTaken(
                        _l(
                            "Another page played for your seat first; the table shows the "
                            "game as it stands."
                        )
                    )
                canonical = self.game.verify(move, self.seat)
                seq, now = self.turn + 1, time.time()
                status = self.store.append_move(
                    self.code, seq, self.seat, str(canonical), self._hash, now
                )
                if status == "ok":
                    self.game.play(canonical, self.seat)
                    self._last_at = now
                    mine = LoggedMove(seq, self.seat, str(canonical), now)
                    return [mine, *self.play_bots()]
                if status != "taken":
                    self._reload_row()
                    raise RoomError(
                        Message(_APPEND_WORDS[status], code=self.code, seat=_seat_words(self.seat))
                    )
                self._catch_up()  # another move took that number: look again
            raise TurnTaken(_l("The table is too busy; try the move again."))

    def _turn_tag(self, turn: int | None) -> int:
        if turn is None:
            return self.turn
        if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= self.turn:
            raise RoomError(_l("That move was made for a turn this game has not had."))
        return turn

    def _after_refresh(self) -> None:
        now = time.time()
        if now - self._seen > SEEN_EVERY and not self.closed:
            self._seen = now
            self.store.seen(self.code, self.seat, now)


class Student:
    """A nickname in a class (or room), reporting tutorial steps; keep ``token`` in the
    browser to report again after a reload (:meth:`Classroom.rejoin_class`)."""

    def __init__(self, classroom: Classroom, code: str, nickname: str, token: str) -> None:
        self.classroom, self.code, self.nickname, self.token = classroom, code, nickname, token

    def report(
        self,
        game: str,
        step: int,
        title: str,
        *,
        finished: bool = False,
        wrong: int = 0,
        hints: int = 0,
    ) -> None:
        """Report tutorial ``step`` (numbered from 1) of ``game``: shown (the first report
        starts its clock), ``finished``, with ``wrong`` tries and ``hints`` so far."""
        info = _game_info(game)
        step = _count(step, "step", 1, MAX_STEP)
        wrong = _count(wrong, "wrong tries", 0, MAX_COUNT)
        hints = _count(hints, "hints", 0, MAX_COUNT)
        title = _title(title)
        status = self.classroom.store.report(
            self.code,
            self.nickname,
            checks.hash_token(self.token),
            info.key,
            step,
            title,
            bool(finished),
            wrong,
            hints,
        )
        if status != "ok":
            raise RoomError(_forgotten(self.code))


# -- words ----------------------------------------------------------------------------------


def _forgotten(code: str) -> Message:
    return _l(
        "Your name is no longer kept in class {code} (the teacher may have cleared it); "
        "join again with your nickname.",
        code=code,
    )


def _seat_words(seat: int) -> Message:
    """A seat as people count it, said in the language of the moment it is shown."""
    return _l("Seat {number}", number=seat + 1)


def _option_refusal(info: GameInfo, error: PositionError, options: dict[str, Any]) -> Message:
    """An engine's refusal of a room's options in words, as the game's play kit says it."""
    from tabletop_widgets.ui.play_screen import play_kit  # widgets: only when refusing

    return play_kit(info.key).option_refusal(error, options)


# -- checks of the teacher's choices --------------------------------------------------------


def _game_info(game: object) -> GameInfo:
    if not isinstance(game, str) or game not in GAMES:
        raise RoomError(_l("There is no game called {name} here.", name=repr(str(game)[:40])))
    return GAMES[game]


def _seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RoomError(_l("A game number is a whole number from 0 to {high}.", high=MAX_SEED))
    return seed


def _keep(keep: object) -> float | None:
    if keep is None:
        return None
    if isinstance(keep, bool) or not isinstance(keep, int | float) or not 0 < keep <= MAX_KEEP:
        raise RoomError(
            _l("A room is kept for a number of seconds, up to a year (or until closed).")
        )
    return float(keep)


def _seat_kinds(info: GameInfo, seats: Sequence[str], players: int) -> list[str]:
    kinds = list(seats)
    if len(kinds) != players:
        raise RoomError(
            _nl(
                "This game of {game} has {n} seat, not {given}.",
                "This game of {game} has {n} seats, not {given}.",
                players,
                game=_l(info.title),
                given=len(kinds),
            )
        )
    for s, kind in enumerate(kinds):
        if kind != OPEN and kind not in info.levels:
            raise RoomError(
                _l(
                    "{seat} is open or a bot ({levels}), not {kind}.",
                    seat=_seat_words(s),
                    levels=", ".join(info.levels),
                    kind=repr(kind),
                )
            )
    if OPEN not in kinds:
        raise RoomError(_l("A room needs at least one seat open to students."))
    return kinds


def _count(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RoomError(Message(_COUNT_WORDS[what], low=low, high=high))
    return value


def _title(text: object) -> str:
    if not isinstance(text, str):
        raise RoomError(_l("A step's title is text."))
    title = " ".join("".join(c for c in text if c.isprintable()).split())
    if not title or len(title) > MAX_TITLE:
        raise RoomError(_l("A step's title is 1 to {high} characters.", high=MAX_TITLE))
    return title
