"""The shared store: one interface, two back-ends (SQLite, PostgreSQL), chosen by a URL.

Every page has its own kernel, so a room lives here, where every kernel reads and
writes it: the room's setup and seats, an append-only log of its moves, and the
tutorial progress of a class.  What is in the store is all there is: a reload, a new
kernel or a restarted server finds every room as it was.

* ``sqlite:///relative/path.sqlite`` or ``sqlite:////absolute/path.sqlite`` -- the
  embedded default (WAL mode; other kernels notice a change by polling, every
  ``?poll=`` seconds, 0.02 unless set);
* ``postgresql://user@host/db`` (any libpq URL; a Unix socket as ``?host=/dir``) --
  for a class spread over several machines; changes are pushed with LISTEN/NOTIFY.

The setting is ``TABLETOP_CLASSROOM`` (the URL).  Without it: a SQLite file
``classroom.sqlite`` in ``TABLETOP_DATA`` (the app command sets it to the
repository's ``.tabletop-data``), else in the user's data folder.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = open_store(f"sqlite:///{folder}/demo.sqlite")
>>> code = store.create_room("tiny", {"players": 2}, 7, ["open", "easy"], keep=None)
>>> store.append_move(code, 1, 1, "play 3", None)   # a bot seat's move: no token
'ok'
>>> store.append_move(code, 1, 1, "play 4", None)   # that turn is taken
'taken'
>>> [(m.seq, m.seat, m.move) for m in store.moves(code)]
[(1, 1, 'play 3')]
>>> store.close()

The methods take and give plain values (codes, seat indexes from 0, move text,
times in seconds since the epoch) and report outcomes as short status words; the
room layer (:mod:`.rooms`) turns those into the sentences a learner reads.
"""

from __future__ import annotations

import os
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

__all__ = [
    "OPEN",
    "ClassRow",
    "LoggedMove",
    "ProgressRow",
    "RoomRow",
    "SeatRow",
    "Store",
    "StudentRow",
    "Subscription",
    "default_url",
    "open_store",
]

#: The kind of a seat that a student may take (the others are bot levels).
OPEN = "open"
URL_SETTING = "TABLETOP_CLASSROOM"
DATA_SETTING = "TABLETOP_DATA"


# -- rows ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatRow:
    """One seat of a room: ``kind`` is :data:`OPEN` or a bot level; ``nickname`` and
    ``taken`` say who holds an open seat (the token itself never leaves the store)."""

    seat: int
    kind: str
    nickname: str | None = None
    taken: bool = False
    claimed: float | None = None
    seen: float | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind != OPEN


@dataclass(frozen=True)
class RoomRow:
    """A room as stored.  ``active``: its last activity (a move, a seat taken, a student
    still there); ``keep``: seconds it is kept after that (None: until it is deleted);
    ``version`` counts changes to the seats and the room itself; ``moves`` is the number
    of moves in its log."""

    code: str
    game: str
    options: Mapping[str, Any]
    seed: int
    seats: tuple[SeatRow, ...]
    created: float
    active: float
    keep: float | None
    closed: float | None
    version: int
    moves: int

    def expired(self, now: float | None = None) -> bool:
        """True once the room has stood unused for longer than it is kept."""
        now = time.time() if now is None else now
        return self.keep is not None and now > self.active + self.keep


@dataclass(frozen=True)
class ClassRow:
    """A class: a code students type into a tutorial, so the teacher sees their progress."""

    code: str
    created: float
    active: float
    keep: float | None

    def expired(self, now: float | None = None) -> bool:
        now = time.time() if now is None else now
        return self.keep is not None and now > self.active + self.keep


@dataclass(frozen=True)
class LoggedMove:
    """One line of a room's log: move number ``seq`` (from 1), by ``seat``, at ``at``."""

    seq: int
    seat: int
    move: str
    at: float


@dataclass(frozen=True)
class StudentRow:
    nickname: str
    joined: float
    seen: float


@dataclass(frozen=True)
class ProgressRow:
    """One student's one tutorial step: when it was first shown (``started``), last
    reported (``updated``) and finished (None: not yet), with wrong tries and hints."""

    code: str
    nickname: str
    game: str
    step: int
    title: str
    started: float
    updated: float
    finished: float | None
    wrong: int
    hints: int

    def seconds(self, now: float | None = None) -> float:
        """Time on the step: until it was finished, or until ``now`` if it is not."""
        end = self.finished if self.finished is not None else (time.time() if now is None else now)
        return max(0.0, end - self.started)


# -- change notices -----------------------------------------------------------------------


class Subscription:
    """A callback subscribed to one room's changes; :meth:`cancel` stops it."""

    def __init__(self, store: Store, code: str, callback: Callable[[str, int, int], Any]) -> None:
        self.store, self.code, self.callback = store, code, callback

    def cancel(self) -> None:
        self.store._unsubscribe(self)


class _Watch:
    """The subscriptions of one store and the thread that feeds them (started on demand).

    A back-end supplies ``_watch_loop(stop, watch)``: it runs in the thread and calls
    ``watch.changed(codes)`` when rooms may have changed (and for ``watch.take_new()``);
    their stamps (version, moves) are then read and the callbacks of the rooms that moved
    on are called.  A new subscription is checked once soon after it is made, so its
    callback may come once without a change.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.lock = threading.Lock()
        self.subs: dict[str, list[Subscription]] = {}
        self.stamps: dict[str, tuple[int, int]] = {}
        self.new: set[str] = set()
        self.thread: threading.Thread | None = None
        self.stop = threading.Event()

    def add(self, sub: Subscription) -> None:
        with self.lock:
            self.subs.setdefault(sub.code, []).append(sub)
            self.new.add(sub.code)
            if self.thread is None or not self.thread.is_alive():
                self.stop = threading.Event()
                self.thread = threading.Thread(
                    target=self._run, args=(self.stop,), name="tabletop-room-watch", daemon=True
                )
                self.thread.start()

    def remove(self, sub: Subscription) -> None:
        with self.lock:
            subs = self.subs.get(sub.code, [])
            if sub in subs:
                subs.remove(sub)
            if not subs:
                self.subs.pop(sub.code, None)
                self.stamps.pop(sub.code, None)
            if not self.subs:
                self.stop.set()
                self.thread = None

    def codes(self) -> list[str]:
        with self.lock:
            return list(self.subs)

    def take_new(self) -> set[str]:
        """The rooms subscribed to since the last call (checked once at once)."""
        with self.lock:
            new, self.new = self.new, set()
            return new

    def changed(self, codes: Iterable[str]) -> None:
        """Read the stamps of ``codes`` and call the callbacks of those that moved on."""
        wanted = [c for c in codes if c in self.subs]
        if not wanted:
            return
        stamps = self.store.stamps(wanted)
        for code in wanted:
            stamp = stamps.get(code, (-1, -1))
            with self.lock:
                if self.stamps.get(code) == stamp:
                    continue
                self.stamps[code] = stamp
                subs = list(self.subs.get(code, ()))
            for sub in subs:
                try:
                    sub.callback(code, *stamp)
                except Exception:  # a page's callback must not stop the others' notices
                    import logging

                    logging.getLogger(__name__).exception("room callback failed")

    def _run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                self.store._watch_loop(stop, self)
            except Exception:  # the store went away for a moment: try again shortly
                import logging

                logging.getLogger(__name__).warning("room watch restarting", exc_info=True)
                stop.wait(0.5)


# -- the interface --------------------------------------------------------------------------


class Store(ABC):
    """What every back-end offers.  Thread-safe: one store may serve a kernel's threads.

    Times default to now; statuses are short words (``"ok"``, ``"taken"`` …) listed
    with each method.
    """

    url: str

    def __init__(self) -> None:
        self._watch = _Watch(self)

    # rooms
    @abstractmethod
    def create_room(
        self,
        game: str,
        options: Mapping[str, Any],
        seed: int,
        seats: Sequence[str],
        keep: float | None,
        now: float | None = None,
    ) -> str:
        """Store a new room (each seat :data:`OPEN` or a bot level); returns its fresh code."""

    @abstractmethod
    def room(self, code: str) -> RoomRow | None:
        """The room with ``code``, or None."""

    @abstractmethod
    def rooms(self, include_closed: bool = False) -> list[RoomRow]:
        """Every room, newest first."""

    @abstractmethod
    def stamps(self, codes: Sequence[str]) -> dict[str, tuple[int, int]]:
        """``code → (version, moves)`` of the rooms that exist: cheap, for noticing changes."""

    @abstractmethod
    def close_room(self, code: str, now: float | None = None) -> bool:
        """Close a room (no more joining or moves; its log stays); False if already closed."""

    @abstractmethod
    def delete_room(self, code: str) -> bool:
        """Remove a room, its seats, its log and the progress reported under its code."""

    @abstractmethod
    def purge(self, now: float | None = None) -> int:
        """Remove the rooms and classes that have expired; returns how many."""

    # seats
    @abstractmethod
    def claim_seat(
        self,
        code: str,
        seat: int | None,
        nickname: str,
        token_hash: str,
        now: float | None = None,
    ) -> tuple[str, int | None]:
        """Give ``seat`` (None: the first free open one) to a student.  Status: ``ok``,
        ``missing`` (no room), ``closed``, ``no-seat`` (no such seat), ``bot`` (a bot's
        seat), ``taken``, ``full`` (no open seat free), ``name`` (nickname in use)."""

    @abstractmethod
    def find_seat(self, token_hash: str, code: str | None = None) -> tuple[str, int] | None:
        """The room and seat a token holds (in room ``code`` if given), or None."""

    @abstractmethod
    def seen(self, code: str, seat: int, now: float | None = None) -> None:
        """Note that the holder of a seat is still there (keeps the room alive)."""

    @abstractmethod
    def free_seat(self, code: str, seat: int, now: float | None = None) -> bool:
        """Let another student take ``seat`` (its old token no longer plays it)."""

    @abstractmethod
    def leave_seat(self, code: str, seat: int, token_hash: str, now: float | None = None) -> bool:
        """The holder of ``token_hash`` gives ``seat`` up: as :meth:`free_seat`, but only
        for the token that holds the seat (a student's page frees its own seat, no other)."""

    # moves
    @abstractmethod
    def append_move(
        self,
        code: str,
        seq: int,
        seat: int,
        move: str,
        token_hash: str | None,
        now: float | None = None,
    ) -> str:
        """Append move number ``seq`` for ``seat``: by the holder of ``token_hash``, or by the
        seat's bot when it is None.  Status: ``ok``, ``taken`` (that number is in the log:
        another move won the race), ``seat`` (the token does not hold the seat, or the seat
        is not a bot's), ``closed``, ``missing``."""

    @abstractmethod
    def moves(self, code: str, after: int = 0) -> list[LoggedMove]:
        """The room's moves numbered above ``after``, in order."""

    # classes and progress
    @abstractmethod
    def create_class(self, keep: float | None, now: float | None = None) -> str:
        """A new class code (never equal to a room's)."""

    @abstractmethod
    def get_class(self, code: str) -> ClassRow | None: ...

    @abstractmethod
    def join_class(
        self, code: str, nickname: str, token_hash: str, now: float | None = None
    ) -> str:
        """A student joins class (or room) ``code``.  Status: ``ok``, ``missing``,
        ``closed``, ``name`` (another student holds that nickname there)."""

    @abstractmethod
    def find_student(self, code: str, token_hash: str) -> str | None:
        """The nickname a token holds in class ``code``, or None."""

    @abstractmethod
    def students(self, code: str) -> list[StudentRow]: ...

    @abstractmethod
    def report(
        self,
        code: str,
        nickname: str,
        token_hash: str,
        game: str,
        step: int,
        title: str,
        finished: bool,
        wrong: int,
        hints: int,
        now: float | None = None,
    ) -> str:
        """Record a student's step (counts are totals so far: a repeated report changes
        nothing; they never go down; finished stays finished).  Status: ``ok``,
        ``student`` (the token holds no nickname in ``code``)."""

    @abstractmethod
    def progress(self, code: str) -> list[ProgressRow]:
        """Every step reported in class ``code``, by nickname, game and step."""

    @abstractmethod
    def clear_progress(self, code: str) -> int:
        """Forget the class's reports and nicknames; returns how many reports went."""

    # change notices
    def subscribe(self, code: str, callback: Callable[[str, int, int], Any]) -> Subscription:
        """Call ``callback(code, version, moves)`` from a background thread whenever room
        ``code`` changes (a move, a seat taken or freed, closed), and possibly once soon
        after subscribing.  The callback should be quick: hand the work to the page's own
        thread (e.g. the kernel's event loop) rather than draw from the watch thread."""
        sub = Subscription(self, code, callback)
        self._watch.add(sub)
        return sub

    def _unsubscribe(self, sub: Subscription) -> None:
        self._watch.remove(sub)

    def wait(self, code: str, moves: int, timeout: float) -> int:
        """Block until room ``code`` has more than ``moves`` moves, or ``timeout`` seconds;
        returns the number of moves then."""
        got = threading.Event()
        sub = self.subscribe(code, lambda _c, _v, n: got.set() if n > moves else None)
        try:
            if self.stamps([code]).get(code, (0, 0))[1] <= moves:
                got.wait(timeout)
        finally:
            sub.cancel()
        return self.stamps([code]).get(code, (0, 0))[1]

    @abstractmethod
    def _watch_loop(self, stop: threading.Event, watch: _Watch) -> None:
        """Run until ``stop`` is set, calling ``watch.changed(codes)`` on changes."""

    # sizes and the end
    @abstractmethod
    def size_bytes(self) -> int:
        """Bytes the store takes on disk (for the benchmark's size per 1,000 moves)."""

    def close(self) -> None:
        """Stop the watch thread and close the connections."""
        with self._watch.lock:
            self._watch.subs.clear()
            self._watch.stop.set()
            self._watch.thread = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- choosing a back-end -------------------------------------------------------------------


def default_url() -> str:
    """The store the setting names: ``$TABLETOP_CLASSROOM``, else a SQLite file in
    ``$TABLETOP_DATA``, else in the user's data folder."""
    url = os.environ.get(URL_SETTING, "").strip()
    if url:
        return url
    folder = os.environ.get(DATA_SETTING, "").strip()
    if not folder:
        base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
        folder = str(Path(base) / "tabletop-widgets")
    return "sqlite:///" + str(Path(folder).resolve() / "classroom.sqlite")


def open_store(url: str | None = None) -> Store:
    """The store ``url`` names (default: :func:`default_url`).

    >>> open_store("mysql://x")
    Traceback (most recent call last):
    ...
    ValueError: the classroom store is sqlite:///… or postgresql://…, not 'mysql://x'
    """
    url = url or default_url()
    scheme = urlsplit(url).scheme
    if scheme == "sqlite":
        from .sqlite import SQLiteStore

        path, options = _sqlite_path(url)
        return SQLiteStore(path, poll=float(options.get("poll", 0.02)))
    if scheme in ("postgresql", "postgres"):
        from .postgres import PostgresStore

        return PostgresStore(url)
    raise ValueError(f"the classroom store is sqlite:///… or postgresql://…, not {url!r}")


def _sqlite_path(url: str) -> tuple[Path, dict[str, str]]:
    """``sqlite:///a/b.sqlite?poll=0.01`` → (Path('a/b.sqlite'), {'poll': '0.01'}).

    >>> _sqlite_path("sqlite:////tmp/x.sqlite?poll=0.01")
    (PosixPath('/tmp/x.sqlite'), {'poll': '0.01'})
    """
    rest = url[len("sqlite:///") :] if url.startswith("sqlite:///") else ""
    path, _, query = rest.partition("?")
    if not path or path == ":memory:":
        raise ValueError(f"a SQLite store is a file shared by kernels: sqlite:///path, not {url!r}")
    options = {k: v[-1] for k, v in parse_qs(query).items()}
    return Path(path), options
