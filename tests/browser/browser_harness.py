"""Voilà + headless Chromium, shared by the browser tests and the widget benchmark.

``start_voila(notebook_dir, log_dir)`` runs Voilà on a free 127.0.0.1 port
with the project's ``offline`` template (Voilà's lab template without its CDN
stylesheets); ``launch_chromium(playwright)`` starts ``$TABLETOP_CHROMIUM``
(default ``/usr/bin/chromium``); ``record(page, log)`` aborts and records any
request that is not for 127.0.0.1 and collects console errors and websocket
frame sizes in a :class:`PageLog`.

Example::

    server = start_voila(Path("tests/browser/notebooks"), Path("/tmp"))
    with sync_playwright() as pw:
        page = launch_chromium(pw).new_page()
        log = PageLog()
        record(page, log)
        open_notebook(page, server, "widgets.ipynb", ready=".tt-mt-card-widget")
    stop_voila(server)
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from tabletop_widgets.core.registry import BUILTIN, GAMES

ROOT = Path(__file__).resolve().parents[2]
#: Holds voila/templates/offline.
JUPYTER_SHARE = ROOT / "share" / "jupyter"
CHROMIUM = os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LOCAL_HOSTS = {"127.0.0.1"}
#: The console line of Voilà 0.5's refused kernel shutdown when a page is left (see
#: PageLog.assert_clean).
SHUTDOWN_403 = "Failed to load resource: the server responded with a status of 403 (Forbidden)"
STARTUP_TIMEOUT = 90
#: The app's notebooks and what shows that each page's main widget is there: a game's
#: pages by their kind (every game's table has the class tt-board; a sandbox may show a
#: chart instead), so a new game's pages need nothing here.
APP_NOTEBOOKS = ROOT / "notebooks"
READY_BY_KIND = {
    "tutorial": ".tt-lesson .widget-button",
    "play": ".tt-board",
    "sandbox": ".tt-board, .jp-OutputArea-output img",
    "rules": ".tt-rules-document h2",
}
MAIN_WIDGET = {
    "index.ipynb": ".tt-picture svg",
    "classroom.ipynb": ".tt-classroom .widget-button",
    **{
        f"{key}/{page.notebook}": READY_BY_KIND[page.kind]
        for key in BUILTIN
        for page in GAMES[key].pages
    },
}
#: Short cull times, so the tests see closed pages' kernels freed.
CULL = ("--MappingKernelManager.cull_idle_timeout=3", "--MappingKernelManager.cull_interval=1")


class HarnessError(RuntimeError):
    """The server or the browser could not be started (tests turn this into a failure)."""


@dataclass
class VoilaServer:
    """A running Voilà server; ``url(notebook)`` is a notebook's page."""

    base: str
    port: int
    process: subprocess.Popen
    log_path: Path
    prefix: str = "/voila/render/"
    #: Settings given to the server (and its kernels) on top of this process's environment.
    env: dict[str, str] = field(default_factory=dict)

    def url(self, notebook: str) -> str:
        return f"{self.base}{self.prefix}{notebook}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]


#: The start of the widgets' own console warning for a text the page was not sent (ttText):
#: a word missing from a page, so the tests count it as an error.
MISSING_TEXT = "tabletop widget: no text"


def _is_error(message) -> bool:
    return message.type == "error" or (
        message.type == "warning" and message.text.startswith(MISSING_TEXT)
    )


@dataclass
class PageLog:
    """What a page did: console errors, page errors, blocked requests, websocket bytes."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    ws_sent: list[int] = field(default_factory=list)
    ws_received: list[int] = field(default_factory=list)
    failed: list[tuple[int, str]] = field(default_factory=list)

    def assert_clean(self, *, left_pages: bool = False) -> None:
        """No console error, no uncaught exception, no request outside 127.0.0.1.

        ``left_pages``: the test navigated away from a Voilà page.  On leaving,
        Voilà's page asks the server to shut its kernel down without an XSRF
        token and gets a 403 (Voilà 0.5; culling frees the kernel instead);
        that one refusal, and its console line, are expected then.
        """
        assert not self.blocked, f"requests outside 127.0.0.1: {self.blocked}"
        assert not self.page_errors, f"uncaught page errors: {self.page_errors}"
        errors = list(self.console_errors)
        if left_pages:
            shutdowns = [
                u for code, u in self.failed if code == 403 and "/voila/api/shutdown/" in u
            ]
            for _ in shutdowns:
                if SHUTDOWN_403 in errors:
                    errors.remove(SHUTDOWN_403)
            assert len(shutdowns) == len(self.failed), f"failed requests: {self.failed}"
        assert not errors, f"console errors: {errors}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_up(server: VoilaServer) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise HarnessError(
                f"The server exited with {server.process.returncode}:\n{server.log()}"
            )
        try:
            with urllib.request.urlopen(server.base + "/", timeout=2):
                return
        except urllib.error.HTTPError:
            return  # it answers; the status does not matter here
        except OSError:
            time.sleep(0.25)
    raise HarnessError(f"The server did not start within {STARTUP_TIMEOUT} s:\n{server.log()}")


def start_voila(
    notebook_dir: Path,
    log_dir: Path,
    extra_args: tuple[str, ...] = (),
    app_config: bool = False,
    env: dict[str, str] | None = None,
) -> VoilaServer:
    """Start Voilà on a free 127.0.0.1 port serving ``notebook_dir``; wait until it answers.

    With ``app_config`` it runs from the repository root, so it reads the app's
    ``voila.json`` exactly as ``python3 dev.py app`` does (preheated kernels,
    culling, the offline template); otherwise it runs with a neutral config.  ``env``:
    settings for the server and its kernels (e.g. the classroom's ``TABLETOP_DATA``).
    """
    port = _free_port()
    notebook_dir = Path(notebook_dir).resolve()  # the server may run in another folder
    extra_env = dict(env or {})
    env = {**os.environ, **extra_env}
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(JUPYTER_SHARE), env.get("JUPYTER_PATH", "")) if p
    )
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    log_path = Path(log_dir) / f"voila-{port}.log"
    cmd = [
        sys.executable,
        "-m",
        "tabletop_widgets.app.server" if app_config else "voila",
        str(notebook_dir),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--ServerApp.ip=127.0.0.1",
    ]
    if not app_config:
        # Under CPU load the default 4 s IOPub timeout can drop widget output.
        cmd += ["--template=offline", "--VoilaExecutor.iopub_timeout=30"]
    cmd += list(extra_args)
    cwd = ROOT if app_config else Path(log_dir)  # voila.json is read from the cwd
    with open(log_path, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = VoilaServer(f"http://127.0.0.1:{port}", port, proc, log_path, env=extra_env)
    try:
        _wait_until_up(server)
    except HarnessError:
        stop_voila(server)
        raise
    return server


def start_lab(notebook_dir: Path, log_dir: Path, *, theme: str = "JupyterLab Dark") -> VoilaServer:
    """Start JupyterLab on a free 127.0.0.1 port with ``theme``, no token, the app object
    exposed (``window.jupyterapp``) so a test can run commands; wait until it answers.
    ``server.url(nb)`` is then ``/lab/tree/<nb>``."""
    port = _free_port()
    settings = Path(log_dir) / f"lab-settings-{port}"
    theme_file = settings / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings"
    theme_file.parent.mkdir(parents=True, exist_ok=True)
    theme_file.write_text(json.dumps({"theme": theme}))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    log_path = Path(log_dir) / f"lab-{port}.log"
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={Path(notebook_dir).resolve()}",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={settings}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=",
        "--LabServerApp.extension_manager=readonly",
        "--ServerApp.terminals_enabled=False",
        "--allow-root",
    ]
    with open(log_path, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=log_dir, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = VoilaServer(f"http://127.0.0.1:{port}", port, proc, log_path, prefix="/lab/tree/")
    try:
        _wait_until_up(server)
    except HarnessError:
        stop_voila(server)
        raise
    return server


def stop_voila(server: VoilaServer) -> None:
    """Stop the server this harness started (its own process only)."""
    if server.process.poll() is not None:
        return
    server.process.terminate()
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=5)


def launch_chromium(playwright):
    """Headless Chromium from ``$TABLETOP_CHROMIUM``; HarnessError if it cannot start."""
    try:
        return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception as e:
        raise HarnessError(
            f"cannot launch Chromium at {CHROMIUM} (set TABLETOP_CHROMIUM): {e}"
        ) from e


def _size(payload: str | bytes) -> int:
    return len(payload.encode() if isinstance(payload, str) else payload)


def record(page, log: PageLog) -> None:
    """Abort and record requests outside 127.0.0.1; record console and websocket traffic."""

    def route(r) -> None:
        url = r.request.url
        if url.startswith(("data:", "blob:")) or urlparse(url).hostname in LOCAL_HOSTS:
            r.continue_()
        else:
            log.blocked.append(url)
            r.abort()

    page.route("**/*", route)
    page.on("request", lambda r: log.requests.append(r.url))
    page.on("console", lambda m: log.console_errors.append(m.text) if _is_error(m) else None)
    page.on("pageerror", lambda e: log.page_errors.append(str(e)))
    page.on("response", lambda r: log.failed.append((r.status, r.url)) if r.status >= 400 else None)

    def on_ws(ws) -> None:
        ws.on("framesent", lambda p: log.ws_sent.append(_size(p)))
        ws.on("framereceived", lambda p: log.ws_received.append(_size(p)))

    page.on("websocket", on_ws)


def open_notebook(
    page, server: VoilaServer, notebook: str, ready: str, timeout: float = 90_000
) -> None:
    """Load a notebook's page and wait for ``ready`` (a CSS selector) to appear."""
    page.goto(server.url(notebook))
    try:
        page.wait_for_selector(ready, timeout=timeout)
    except Exception as e:
        raise HarnessError(
            f"{ready} never appeared in {notebook}; Voilà log:\n{server.log()}"
        ) from e


def start_a_match_of_bots_alone(page) -> None:
    """On Chinese Ten's play page: New game, 2 players, a match to 500 points, both seats
    easy bots, Start."""
    from playwright.sync_api import expect

    page.get_by_role("button", name="New game", exact=True).click()
    page.locator(".tt-new-game select").first.wait_for()
    page.locator(".tt-new-game select").nth(0).select_option(label="2")
    # The seats' rows are made again for 2 players: pick a seat from the new ones only.
    seats = page.locator(".tt-new-game select:has(option:text-is('Person'))")
    expect(seats).to_have_count(2)
    length = page.locator(".tt-new-game select:has(option:text-is('A match to 500 points'))")
    length.select_option(label="A match to 500 points")
    person = page.locator(".tt-new-game select:has(option:checked:text-is('Person'))")
    expect(person).to_have_count(1)
    person.select_option(label="Bot, easy")
    page.get_by_role("button", name="Start the new game").click()
