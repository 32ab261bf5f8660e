"""What a classroom page needs from its kernel: one store, the kernel's event loop, and the
page address's query (``?room=K7QX2M``, ``?class=…``).

* :func:`page_classroom` -- the kernel's one :class:`~.rooms.Classroom` (opened on first use,
  so a page that never joins a room never touches the store).
* :class:`Loop` -- hands work from the store's watch thread to the thread the widgets live
  on (the loop ipykernel runs); outside a kernel (tests, scripts) nothing is scheduled and
  the caller refreshes by hand.
* :func:`on_query` -- the query of the page's address, once it is known.  Voilà gives it to
  the kernel in ``QUERY_STRING``; a preheated kernel learns it only when a page takes it
  (the kernel's one reader of it, :mod:`tabletop_widgets.app.request`, hears it), so the
  callback runs on the kernel's loop then: the page is drawn meanwhile.

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

from tabletop_widgets.app import request

from .rooms import Classroom

__all__ = ["Loop", "on_query", "page_classroom", "parse_query", "use_classroom"]

log = logging.getLogger(__name__)

#: Longest query read (a page's own parameters are a few dozen characters).
MAX_QUERY = 2000

_classroom: Classroom | None = None
_classroom_lock = threading.Lock()


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
    when a page takes this preheated kernel (:mod:`tabletop_widgets.app.request` hears it)."""
    if environ is not None or not request.preheated():
        env = os.environ if environ is None else environ
        callback(parse_query(env.get("QUERY_STRING", "")))
        return
    loop = loop or Loop()

    def heard(env: Mapping[str, str]) -> None:
        query = parse_query(env.get("QUERY_STRING", ""))
        if loop.active:
            loop.soon(lambda: callback(query))
        else:
            callback(query)

    request.when_known(heard)
