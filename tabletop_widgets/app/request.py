"""The page request a preheated kernel is waiting for: one reader per kernel.

Voilà runs a preheated page before anyone asks for it; when a page request takes the
kernel, Voilà sends the request's variables (``QUERY_STRING``, ``HTTP_ACCEPT_LANGUAGE`` …)
on the websocket ``voila/query/<kernel id>``.  Voilà keeps *one* listener per kernel id:
a second connection replaces the first, which then never hears the request.  So every
part of a page that needs the request (its language, its room or class code) asks this
module, which opens that connection once and shares what it heard.

* :func:`wait` blocks until the request is known (a page's cell builds its screen, then
  waits here, as ``voila.utils.wait_for_request`` does).
* :func:`when_known` calls back once it is known, without blocking (from the reader's
  thread, or at once).

Outside a preheated kernel (a kernel started for its page, JupyterLab, tests) the request
is known from the start: both return at once.  ``voila`` itself is not imported: its
``utils`` module loads Voilà's whole server (about 60 MB and seconds in every kernel).

>>> import os
>>> got = []
>>> when_known(got.append, environ={"QUERY_STRING": "lang=fr"}); got
[{'QUERY_STRING': 'lang=fr'}]
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["preheated", "wait", "when_known"]

log = logging.getLogger(__name__)

_lock = threading.Lock()
_heard = threading.Event()
_reader: threading.Thread | None = None
_callbacks: list[Callable[[Mapping[str, str]], Any]] = []


def preheated(environ: Mapping[str, str] | None = None) -> bool:
    """True in a preheated Voilà kernel that has not heard its request yet."""
    env = os.environ if environ is None else environ
    return env.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in env and not _heard.is_set()


def _query_url() -> str:
    """Voilà's address where a preheated kernel hears its request (as ``voila.utils``)."""
    env = os.environ.get
    server_url = env("VOILA_SERVER_URL", "/")
    return (
        f"{env('VOILA_WS_PROTOCOL', 'ws')}://{env('VOILA_APP_IP', '127.0.0.1')}:"
        f"{env('VOILA_APP_PORT', '8866')}{env('VOILA_WS_BASE_URL', server_url)}"
        f"voila/query/{env('VOILA_KERNEL_ID', '')}"
    )


async def _receive() -> str | None:
    import websockets  # Voilà's own dependency; only a preheated kernel needs it

    try:
        async with websockets.connect(_query_url(), open_timeout=10) as ws:
            return await ws.recv()
    except (OSError, TimeoutError, websockets.WebSocketException):
        log.warning("no request info from %s", _query_url())
        return None


def _read() -> None:
    """The reader thread: hear the request once, put it in ``os.environ``, call back."""
    try:
        info = asyncio.run(_receive())
        if info:
            for key, value in json.loads(info).items():
                if isinstance(key, str) and isinstance(value, str):
                    os.environ[key] = value
    except Exception:  # the page still works, without its request's settings
        log.exception("could not read the page's request")
    with _lock:
        _heard.set()
        callbacks = list(_callbacks)
        _callbacks.clear()
    for callback in callbacks:
        _call(callback, os.environ)


def _call(callback: Callable[[Mapping[str, str]], Any], environ: Mapping[str, str]) -> None:
    try:
        callback(environ)
    except Exception:
        log.exception("a page request callback failed")


def _start_reader() -> None:
    global _reader
    if _reader is None:
        _reader = threading.Thread(target=_read, name="tabletop-request", daemon=True)
        _reader.start()


def wait(timeout: float | None = None) -> bool:
    """Block until the page's request is known (at once outside a preheated kernel).
    False if ``timeout`` seconds passed first."""
    with _lock:
        if not preheated():
            return True
        _start_reader()
    return _heard.wait(timeout)


def when_known(
    callback: Callable[[Mapping[str, str]], Any], *, environ: Mapping[str, str] | None = None
) -> None:
    """Call ``callback(environ)`` once the page's request is known: at once when it is
    (or with ``environ`` given), else from the reader's thread when a page takes the kernel."""
    if environ is not None:
        _call(callback, environ)
        return
    with _lock:
        waiting = preheated()
        if waiting:
            _callbacks.append(callback)
            _start_reader()
    if not waiting:
        _call(callback, os.environ)
