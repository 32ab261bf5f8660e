"""Which language a page of the app opens in: the address, else the browser, else English.

Every page's one code cell builds its screen, then calls :func:`page` (or
:func:`page_language` itself)::

    from tabletop_widgets.app.language import page
    from tabletop_widgets.games.matchstick_tycoon.screens.play import play_screen

    page(play_screen(seats=["person", "easy", "medium"]))

With preheated kernels Voilà runs the page before anyone asks for it.  The imports and the
screen are built then (the slow part); :func:`page_language` waits for the request
(as ``voila.utils.wait_for_request`` does), reads ``?lang=`` and the ``Accept-Language``
header (``VoilaConfiguration.http_header_envs`` in ``voila.json`` passes it to the kernel)
and switches the live widgets, which costs a few milliseconds.  In JupyterLab there is no
request: the current language stays (``tabletop_widgets.set_language("ko")`` sets it).

>>> resolve("lang=fr", "ko-KR,ko;q=0.9")
('fr', 'url')
>>> resolve("", "ko-KR,ko;q=0.9,en;q=0.8")
('ko', 'header')
>>> resolve("lang=klingon", "de-DE, ca;q=0.5")
('ca', 'header')
>>> resolve("lang=&x=1", "*")
('en', 'default')
"""

from __future__ import annotations

import logging
import os
import re
from typing import Any
from urllib.parse import parse_qs

from tabletop_widgets.app import request
from tabletop_widgets.core.i18n import SOURCE, get_language, normalize, set_language

__all__ = ["page", "page_language", "parse_accept_language", "resolve", "wait_for_request"]

log = logging.getLogger(__name__)

#: What the last call of :func:`page_language` found: (code, "url" | "header" | "default").
_resolved: tuple[str, str] | None = None


def parse_accept_language(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header that the app has, best first.

    >>> parse_accept_language("ca-ES;q=0.4, fr-CH, fr;q=0.9, de;q=0.7, *;q=0.5")
    ['fr', 'ca']
    >>> parse_accept_language("ko;q=0, en"), parse_accept_language("ko;;q=x")
    (['en'], [])
    """
    found: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "")[:1000].split(",")):
        tag, *params = (p.strip() for p in part.split(";"))
        q = 1.0
        for p in params:
            m = re.fullmatch(r"q=([01](?:\.\d{0,3})?)", p)
            if p.startswith("q="):
                q = float(m.group(1)) if m else 0.0
        code = normalize(tag)
        if code is not None and q > 0:
            found.append((-q, i, code))
    out: list[str] = []
    for _q, _i, code in sorted(found):
        if code not in out:
            out.append(code)
    return out


def resolve(query: str | None, accept_language: str | None) -> tuple[str, str]:
    """The page's language and where it came from: the ``lang`` parameter of the address,
    else the browser's preferred languages, else English.  Junk is ignored, never an error."""
    values = parse_qs(query or "", keep_blank_values=True).get("lang", [])
    for value in values:
        code = normalize(value)
        if code is not None:
            return code, "url"
    header = parse_accept_language(accept_language)
    if header:
        return header[0], "header"
    return SOURCE, "default"


def _in_voila() -> bool:
    return "VOILA_PREHEAT" in os.environ or "QUERY_STRING" in os.environ


def page_language() -> str:
    """Set the page's language from its request (waiting for it in a preheated kernel) and
    return it; outside Voilà, the current language."""
    global _resolved
    if _resolved is not None:
        return get_language()
    if not _in_voila():
        return get_language()
    if os.environ.get("VOILA_PREHEAT") == "True":
        try:
            wait_for_request()
        except Exception:  # no request info: the page still works, in the default language
            log.exception("could not read the page's request")
    code, source = resolve(os.environ.get("QUERY_STRING"), os.environ.get("HTTP_ACCEPT_LANGUAGE"))
    _resolved = (code, source)
    set_language(code)
    return code


def wait_for_request() -> None:
    """In a preheated kernel, wait until a page request takes it; its variables
    (``QUERY_STRING``, ``HTTP_ACCEPT_LANGUAGE`` …) are then in ``os.environ``.  The one
    reader of the kernel's request is :mod:`tabletop_widgets.app.request` (Voilà hands the
    request to one listener per kernel; the page's room or class code waits there too)."""
    request.wait()


def page(screen: Any) -> Any:
    """The page: the language menu above ``screen`` (built before the request arrives), in
    the language of the request, and the page's click guard (a double click acts once:
    :mod:`tabletop_widgets.ui.actions`)."""
    import ipywidgets as w

    from tabletop_widgets.ui.actions import ClickGuard
    from tabletop_widgets.ui.language_menu import LanguageMenu

    menu = LanguageMenu()
    page_language()
    menu.pin(_resolved is not None and _resolved[1] == "url")
    box = w.VBox([menu, screen, ClickGuard()])
    box.add_class("tt-page")
    return box
