"""Reusable browser-test fixtures (any game, the app): Voilà, Chromium, a recorded page.

- ``voila_server(notebook_dir)``: factory fixture; starts one Voilà server per
  directory for the session on a free 127.0.0.1 port, stops them at the end.
- ``browser``: headless Chromium (``$TABLETOP_CHROMIUM``); if it cannot be
  launched the test FAILS, it is never skipped.
- ``page`` / ``page_log``: a fresh page whose requests outside 127.0.0.1 are
  aborted and recorded, with its console errors and websocket frame sizes;
  end a test with ``page_log.assert_clean()``.
- ``open_page(server, notebook, ready)``: load a notebook and wait for a selector.

Example::

    @pytest.mark.browser
    def test_it(voila_server, page, page_log, open_page):
        open_page(voila_server(NOTEBOOKS), "widgets.ipynb", ready=".tt-mt-card-widget")
        page.click(".tt-mt-turn")
        page_log.assert_clean()
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))

from browser_harness import (  # noqa: E402
    APP_NOTEBOOKS,
    CULL,
    HarnessError,
    PageLog,
    VoilaServer,
    launch_chromium,
    open_notebook,
    record,
    start_voila,
    stop_voila,
)


@pytest.fixture(scope="session")
def voila_server() -> Iterator[Callable[[Path], VoilaServer]]:
    """Factory: ``voila_server(notebook_dir)`` -> a running server (one per directory)."""
    servers: dict[Path, VoilaServer] = {}
    log_dir = Path(tempfile.mkdtemp(prefix="tabletop-voila-"))

    def get(notebook_dir: Path) -> VoilaServer:
        key = Path(notebook_dir).resolve()
        if key not in servers:
            try:
                servers[key] = start_voila(key, log_dir)
            except HarnessError as e:
                pytest.fail(str(e))
        return servers[key]

    yield get
    for server in servers.values():
        stop_voila(server)


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium for the session; a launch failure fails the test."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        try:
            b = launch_chromium(pw)
        except HarnessError as e:
            pytest.fail(str(e))
        yield b
        b.close()


@pytest.fixture
def _recorded(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    log = PageLog()
    record(page, log)
    yield page, log
    context.close()


@pytest.fixture
def page(_recorded):
    """A fresh, recorded Chromium page."""
    return _recorded[0]


@pytest.fixture
def page_log(_recorded) -> PageLog:
    """What ``page`` did; call ``page_log.assert_clean()`` at the end of a test."""
    return _recorded[1]


@pytest.fixture
def open_page(page) -> Callable[..., None]:
    """``open_page(server, notebook, ready=selector)``: load it and wait for ``ready``."""

    def go(server: VoilaServer, notebook: str, ready: str, timeout: float = 90_000) -> None:
        try:
            open_notebook(page, server, notebook, ready, timeout)
        except HarnessError as e:
            pytest.fail(str(e))

    return go


@pytest.fixture(scope="session")
def app_server() -> Iterator[VoilaServer]:
    """The app as ``python3 dev.py app`` serves it (its voila.json, the root redirect, a data
    folder of its own for the classroom's store: ``server.env["TABLETOP_DATA"]``), with
    short cull times; one server for the whole session."""
    log_dir = Path(tempfile.mkdtemp(prefix="tabletop-app-"))
    data = log_dir / "data"
    data.mkdir()
    try:
        server = start_voila(
            APP_NOTEBOOKS,
            log_dir,
            extra_args=CULL,
            app_config=True,
            env={"TABLETOP_DATA": str(data)},
        )
    except HarnessError as e:
        pytest.fail(str(e))
    yield server
    stop_voila(server)
