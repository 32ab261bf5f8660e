"""What a classroom page needs from its kernel: one store, the kernel's event loop, and the
page address's query (``?room=K7QX2M``, ``?class=…``).

* :func:`page_classroom` -- the kernel's one :class:`~.rooms.Classroom` (opened on first use,
  so a page that never joins a room never touches the store).
* :class:`Loop` -- hands work from the store's watch thread to the thread the widgets live
  on (the loop ipykernel runs); outside a kernel (tests, scripts) nothing is scheduled and
  the caller refreshes by hand.
* :func:`on_query` -- the query of the page's address, once it is known.  Voilà gives it to
  the kernel in ``QUERY_STRING``; a preheated kernel learns it only when a page takes it
  (``voila.utils.get_query_string`` waits for that), so it is read in a thread and the
  callback runs on the kernel's loop: the page is drawn meanwhile, as a preheated page is.

>>> parse_query("room=k7qx-2m&class=&x=1&room=ZZZZZZ")
{'room': 'k7qx-2m', 'x': '1'}
>>> got = []
>>> on_query(got.append, environ={"QUERY_STRING": "room=ABCDEF"}); got
[{'room': 'ABCDEF'}]
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from .rooms import Classroom

__all__ = ["Loop", "on_query", "page_classroom", "parse_query", "use_classroom"]

log = logging.getLogger(__name__)

#: Longest query read (a page's own parameters are a few dozen characters).
MAX_QUERY = 2000
#: How long a preheated kernel waits for its page's address before giving up (seconds).
QUERY_WAIT = 3600.0

_classroom: Classroom | None = None
_classroom_lock = threading.Lock()
_query: dict[str, str] | None = None
_query_waiters: list[tuple[Callable[[dict[str, str]], Any], Loop]] = []
_query_lock = threading.Lock()


def page_classroom() -> Classroom:
    """The kernel's classroom (the store ``TABLETOP_CLASSROOM`` names), made on first use."""
    global _classroom
    with _classroom_lock:
        if _classroom is None:
            _classroom = Classroom()
        return _classroom


def use_classroom(classroom: Classroom | None) -> Classroom | None:
    """Make ``classroom`` the kernel's (tests and scripts; None: the setting's, on next use)."""
    global _classroom
    with _classroom_lock:
        _classroom = classroom
    return classroom


class Loop:
    """The kernel's event loop, caught where a page is built (a cell runs on it).

    :meth:`soon` runs a function there from any thread, once per burst of calls
    (several change notices before it runs make one refresh); :meth:`later` after a
    delay.  Without a running loop (not in a kernel) both do nothing: ``active`` is False.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        if loop is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        self.loop = loop
        self._pending: set[Callable[[], Any]] = set()
        self._lock = threading.Lock()

    @property
    def active(self) -> bool:
        return self.loop is not None and not self.loop.is_closed()

    def soon(self, fn: Callable[[], Any]) -> None:
        """Run ``fn()`` on the loop soon (thread-safe); calls made before it runs merge."""
        if not self.active:
            return
        with self._lock:
            if fn in self._pending:
                return
            self._pending.add(fn)
        try:
            self.loop.call_soon_threadsafe(self._run, fn)  # type: ignore[union-attr]
        except RuntimeError:  # the loop closed: the kernel is going away
            with self._lock:
                self._pending.discard(fn)

    def later(self, seconds: float, fn: Callable[[], Any]) -> asyncio.TimerHandle | None:
        """Run ``fn()`` on the loop after ``seconds`` (call from the loop's own thread)."""
        if not self.active:
            return None
        return self.loop.call_later(seconds, self._run_guarded, fn)  # type: ignore[union-attr]

    def _run(self, fn: Callable[[], Any]) -> None:
        with self._lock:
            self._pending.discard(fn)
        self._run_guarded(fn)

    @staticmethod
    def _run_guarded(fn: Callable[[], Any]) -> None:
        try:
            fn()
        except Exception:  # a page's refresh must never kill the kernel's loop
            log.exception("a classroom page refresh failed")


def parse_query(text: str) -> dict[str, str]:
    """The page's parameters: the first value of each name, empty ones left out."""
    found: dict[str, str] = {}
    for name, value in parse_qsl(text[:MAX_QUERY], keep_blank_values=False):
        found.setdefault(name, value)
    return found


def on_query(
    callback: Callable[[dict[str, str]], Any],
    *,
    loop: Loop | None = None,
    environ: Mapping[str, str] | None = None,
) -> None:
    """Call ``callback(parameters)`` once the page's query is known: at once when the kernel
    was started for the page (or outside Voilà: no parameters), else on the kernel's loop
    when a page takes this preheated kernel."""
    env = os.environ if environ is None else environ
    if environ is not None or env.get("VOILA_PREHEAT") != "True" or "QUERY_STRING" in env:
        callback(parse_query(env.get("QUERY_STRING", "")))
        return
    loop = loop or Loop()
    with _query_lock:
        if _query is not None:
            known = _query
        else:
            known = None
            _query_waiters.append((callback, loop))
            if len(_query_waiters) == 1:
                threading.Thread(target=_wait_for_query, name="tabletop-query", daemon=True).start()
    if known is not None:
        callback(known)


def _wait_for_query() -> None:
    """In a thread: wait for the page's request (Voilà's helper), or for another reader of
    it (the page's language) to have put it in the environment."""
    got = threading.Event()

    def ask() -> None:
        try:
            from voila.utils import get_query_string

            get_query_string()
        except Exception:
            log.warning("could not read the page's address", exc_info=True)
        got.set()

    threading.Thread(target=ask, name="tabletop-query-ask", daemon=True).start()
    waited = 0.0
    while not got.wait(0.2) and "QUERY_STRING" not in os.environ and waited < QUERY_WAIT:
        waited += 0.2
    _deliver(parse_query(os.environ.get("QUERY_STRING", "")))


def _deliver(query: dict[str, str]) -> None:
    global _query
    with _query_lock:
        _query = query
        waiters = list(_query_waiters)
        _query_waiters.clear()
    for callback, loop in waiters:
        if loop.active:
            loop.soon(lambda cb=callback: cb(query))
        else:
            callback(query)
