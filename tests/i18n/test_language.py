"""Which language a page opens in: the address beats the browser's header, which beats
English; junk falls back; the page helper reads the request Voilà passes to the kernel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop_widgets.app import language as page_lang
from tabletop_widgets.app import request as page_request
from tabletop_widgets.app.language import page, page_language, parse_accept_language, resolve
from tabletop_widgets.core.i18n import get_language, set_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("query", "header", "expected"),
    [
        ("lang=fr", "ko-KR,ko;q=0.9", ("fr", "url")),
        ("x=1&lang=ca", None, ("ca", "url")),
        ("lang=KO", "fr", ("ko", "url")),
        ("lang=xx", "fr", ("xx", "url")),
        ("", "ko-KR,ko;q=0.9,en;q=0.8", ("ko", "header")),
        (None, "de-DE,de;q=0.9,ca;q=0.8,fr;q=0.7", ("ca", "header")),
        ("lang=tlh", "fr-CH", ("fr", "header")),
        ("lang=<script>", None, ("en", "default")),
        ("lang=", "", ("en", "default")),
        ("lang=de&lang=ko", None, ("ko", "url")),
        ("", "*", ("en", "default")),
        ("%%%", "q=;;,", ("en", "default")),
        (None, None, ("en", "default")),
    ],
)
def test_the_address_beats_the_header_beats_english(query, header, expected):
    assert resolve(query, header) == expected


def test_accept_language_is_read_by_quality_and_order():
    assert parse_accept_language("en;q=0.1, ko;q=0.8, fr;q=0.8") == ["ko", "fr", "en"]
    assert parse_accept_language("fr;q=0, ca") == ["ca"]
    assert parse_accept_language("x" * 5000) == []


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(page_lang, "_resolved", None)
    monkeypatch.setattr(page_request, "_heard", __import__("threading").Event())
    monkeypatch.setattr(page_request, "_reader", None)
    for name in ("VOILA_PREHEAT", "QUERY_STRING", "HTTP_ACCEPT_LANGUAGE"):
        # set first, so monkeypatch restores the variable even when the request's reader
        # (not monkeypatch) writes it
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    return monkeypatch


def test_in_a_notebook_the_current_language_stays(fresh):
    set_language("ca")
    assert page_language() == "ca" and get_language() == "ca"


def test_a_voila_request_sets_the_language(fresh):
    fresh.setenv("QUERY_STRING", "lang=ko")
    fresh.setenv("HTTP_ACCEPT_LANGUAGE", "fr")
    assert page_language() == "ko" and get_language() == "ko"


def test_the_page_helper_puts_the_menu_above_the_screen_and_pins_an_address_language(fresh):
    import ipywidgets as w

    fresh.setenv("QUERY_STRING", "lang=fr")
    from tabletop_widgets.ui.actions import ClickGuard

    box = page(w.Label("screen"))
    menu, screen, guard = box.children
    assert menu.language == "fr" and menu.pinned and screen.value == "screen"
    assert isinstance(guard, ClickGuard)  # so a double click acts once


def test_a_header_language_is_not_pinned_into_links(fresh):
    import ipywidgets as w

    fresh.setenv("QUERY_STRING", "")
    fresh.setenv("HTTP_ACCEPT_LANGUAGE", "ca-ES,ca;q=0.9")
    menu = page(w.Label("x")).children[0]
    assert menu.language == "ca" and not menu.pinned


def test_a_preheated_kernel_waits_for_the_request_before_choosing(fresh):
    waited = []

    def wait(timeout=None):
        waited.append(True)
        fresh.setenv("QUERY_STRING", "lang=ca")
        return True

    fresh.setattr(page_request, "wait", wait)
    fresh.setenv("VOILA_PREHEAT", "True")
    assert page_language() == "ca" and waited == [True]
    assert page_language() == "ca" and waited == [True]  # once per kernel


def test_voila_passes_the_accept_language_header_to_the_kernel():
    config = json.loads((ROOT / "voila.json").read_text())
    assert "Accept-Language" in config["VoilaConfiguration"]["http_header_envs"]


def test_the_request_is_read_from_voilas_query_socket(fresh):
    """The kernel side of Voilà's request hand-over, against a stand-in of its socket."""
    import asyncio
    import threading

    import websockets

    sent = {"QUERY_STRING": "lang=ko", "HTTP_ACCEPT_LANGUAGE": "fr", "X": 1}
    ready, paths = threading.Event(), []

    async def serve():
        async def handler(ws):
            paths.append(ws.request.path)
            await ws.send(json.dumps(sent))

        async with websockets.serve(handler, "127.0.0.1", 0) as server:
            fresh.setenv("VOILA_APP_PORT", str(server.sockets[0].getsockname()[1]))
            ready.set()
            await asyncio.sleep(5)

    threading.Thread(target=lambda: asyncio.run(serve()), daemon=True).start()
    assert ready.wait(10)
    fresh.setenv("VOILA_PREHEAT", "True")
    fresh.setenv("VOILA_KERNEL_ID", "k-1")
    assert page_language() == "ko"
    assert paths == ["/voila/query/k-1"]
    assert "X" not in __import__("os").environ  # only text values are taken


def test_the_language_and_the_room_code_share_one_reader_of_the_request(fresh):
    """Voilà hands a preheated kernel's request to one listener per kernel (a second
    connection replaces the first, which then waits for ever): the page's language and its
    room code must both hear it from the one connection."""
    import asyncio
    import threading

    import websockets

    from tabletop_widgets.classroom.page import Loop, on_query

    connections = []
    ready = threading.Event()

    async def serve():
        async def handler(ws):
            connections.append(ws.request.path)
            await asyncio.sleep(0.3)  # the page request arrives a little later
            await ws.send(json.dumps({"QUERY_STRING": "lang=fr&room=ABCDEF"}))

        async with websockets.serve(handler, "127.0.0.1", 0) as server:
            fresh.setenv("VOILA_APP_PORT", str(server.sockets[0].getsockname()[1]))
            ready.set()
            await asyncio.sleep(5)

    threading.Thread(target=lambda: asyncio.run(serve()), daemon=True).start()
    assert ready.wait(10)
    fresh.setenv("VOILA_PREHEAT", "True")
    fresh.setenv("VOILA_KERNEL_ID", "k-2")
    rooms = []
    no_loop = Loop()
    no_loop.loop = None  # call back from the reader's thread (no kernel loop in a test)
    on_query(rooms.append, loop=no_loop)  # the room mode asks first, without blocking
    assert page_language() == "fr"
    for _ in range(50):
        if rooms:
            break
        __import__("time").sleep(0.05)
    assert rooms == [{"lang": "fr", "room": "ABCDEF"}]
    assert connections == ["/voila/query/k-2"]
