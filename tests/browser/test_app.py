"""The Voilà app as a class meets it: every page opens clean, links work, nothing leaks.

The server is started exactly as ``python3 dev.py app`` starts it (from the
repository root, so it reads ``voila.json``), with culling shortened so the
test can watch a closed page's kernel go.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from browser_harness import MAIN_WIDGET, open_notebook

from tabletop_widgets.app.landing import pages

PAGES = pages()

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

#: A line of the landing notebook's source that must never reach a browser.
SOURCE_MARKER = "from tabletop_widgets.app.landing import picture_html"


@pytest.fixture
def app(app_server):
    """The app as `python3 dev.py app` serves it (one server for the whole session)."""
    return app_server


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=180) as r:
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


def watch_websockets(page) -> list[str]:
    found: list[str] = []

    def on_ws(ws) -> None:
        m = re.search(r"/api/kernels/([0-9a-f-]{36})/channels", ws.url)
        if m:
            found.append(m.group(1))

    page.on("websocket", on_ws)
    return found


def test_every_linked_page_exists():
    missing = [p for p in PAGES if not (NOTEBOOKS / p).exists()]
    assert not missing, f"the landing page links to missing notebooks: {missing}"


# Every page opening without console errors, non-local requests or a Python error is the
# learner sweep's first check (tests/browser/test_learner_pages.py), in every language.


def test_landing_links_reach_each_notebook(app, page, page_log):
    open_notebook(page, app, "index.ipynb", ready=MAIN_WIDGET["index.ipynb"])
    for target in PAGES:
        link = page.locator(f"a[href='{target}']")
        assert link.count() == 1, target
        assert link.evaluate("a => a.href") == app.url(target)
        status, body = get(app.url(target))  # the page each link reaches renders
        assert status == 200 and "Traceback" not in body, target
    # and following one by clicking, as a learner does
    with page.expect_navigation(wait_until="commit", timeout=120_000):
        page.locator("a[href='matchstick_tycoon/tutorial.ipynb']").click()
    page.wait_for_selector(MAIN_WIDGET["matchstick_tycoon/tutorial.ipynb"], timeout=120_000)
    page_log.assert_clean(left_pages=True)


def test_the_root_address_opens_the_landing_page(app, page, page_log):
    """Students type http://<machine>:8866/ : that is the landing page, not a file list."""
    page.goto(app.base + "/")
    page.wait_for_selector("text=Matchstick Tycoon", timeout=90_000)
    assert page.url.endswith("/voila/render/index.ipynb")
    assert "Voilà Home" not in page.content()
    page_log.assert_clean(left_pages=True)


def test_a_link_to_a_rule_lands_on_its_paragraph(app, page, page_log):
    page.goto(app.url("matchstick_tycoon/rules.ipynb") + "#MT-6")
    page.wait_for_selector("#MT-6", state="attached", timeout=90_000)
    page.wait_for_function(
        "() => { const r = document.getElementById('MT-6').getBoundingClientRect();"
        " return r.top >= -2 && r.top < 150; }",
        timeout=30_000,
    )
    page_log.assert_clean()


def test_a_link_to_a_rule_in_korean_lands_on_its_korean_paragraph(app, page, page_log):
    """Issue 12: the rules pages follow the language (here the address's ?lang=ko)."""
    page.goto(app.url("chinese_ten/rules.ipynb") + "?lang=ko#CT-3")
    page.wait_for_selector("#CT-3", state="attached", timeout=90_000)
    page.wait_for_function(
        "() => { const r = document.getElementById('CT-3').getBoundingClientRect();"
        " return r.top >= -2 && r.top < 150; }",
        timeout=30_000,
    )
    heading = page.locator(".tt-rules-document h2").nth(2).inner_text()
    assert heading.endswith("(CT-3)") and re.search("[\uac00-\ud7a3]", heading), heading
    assert page.evaluate("() => document.documentElement.lang") == "ko"
    page_log.assert_clean()


def test_sources_and_notebooks_cannot_be_downloaded(app):
    status, body = get(app.url("index.ipynb"))
    assert status == 200 and SOURCE_MARKER not in body  # sources stripped
    probes = [
        "/voila/files/index.ipynb",
        "/voila/files/matchstick_tycoon/play.ipynb",
        "/index.ipynb",
        "/files/index.ipynb",
        "/notebooks/index.ipynb",
        "/api/contents/index.ipynb",
        "/voila/api/contents/index.ipynb?content=1",
        "/voila/static/../../notebooks/index.ipynb",
        "/voila/files/%2e%2e/voila.json",
        "/voila/templates/offline/../../../../../notebooks/index.ipynb",
    ]
    for path in probes:
        status, body = get(app.base + path)
        assert SOURCE_MARKER not in body, path
        assert '"cells"' not in body, path
        if path.startswith("/voila/api/contents"):
            assert status != 200 or json.loads(body)["content"] is None, path


def raw_session(url: str, messages: list[dict], wait: float) -> list[dict]:
    """Send messages on a kernel websocket of our own (in a thread: Playwright's sync
    API owns this thread's event loop) and collect what comes back."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _raw_session(url, messages, wait)).result()


async def _raw_session(url: str, messages: list[dict], wait: float) -> list[dict]:
    from tornado.websocket import websocket_connect

    conn = await websocket_connect(url)
    for m in messages:
        await conn.write_message(json.dumps(m))
    got = []
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            msg = await asyncio.wait_for(conn.read_message(), timeout=0.5)
        except asyncio.TimeoutError:
            continue
        if msg is None:
            break
        if isinstance(msg, str):
            got.append(json.loads(msg))
    conn.close()
    return got


def _message(msg_type: str, content: dict, channel: str = "shell") -> dict:
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": "test",
            "session": uuid.uuid4().hex,
            "version": "5.3",
            "date": "",
        },
        "parent_header": {},
        "metadata": {},
        "content": content,
        "channel": channel,
        "buffers": [],
    }


def _open_with_kernel(app, page, notebook: str, ready: str) -> str:
    found = watch_websockets(page)
    open_notebook(page, app, notebook, ready=ready)
    deadline = time.monotonic() + 20
    while not found and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert found, "the page opened no kernel websocket"
    return found[-1]


def test_code_sent_over_the_kernel_websocket_is_not_executed(app, page, tmp_path):
    play = "matchstick_tycoon/play.ipynb"
    kernel = _open_with_kernel(app, page, play, MAIN_WIDGET[play])
    proof = tmp_path / "executed"
    code = f"open({str(proof)!r}, 'w').write('x')"
    ws = app.base.replace("http", "ws") + f"/api/kernels/{kernel}/channels"
    replies = raw_session(
        ws,
        [
            _message(
                "execute_request",
                {
                    "code": code,
                    "silent": False,
                    "store_history": False,
                    "user_expressions": {},
                    "allow_stdin": False,
                    "stop_on_error": True,
                },
            )
        ],
        wait=4,
    )
    assert not proof.exists(), "the kernel ran code sent from a browser"
    assert not any(r.get("msg_type") == "execute_reply" for r in replies)


def test_forged_widget_state_from_the_browser_is_refused(app, page, page_log):
    kernel = _open_with_kernel(app, page, "matchstick_tycoon/play.ipynb", ".tt-mt-hand-widget")
    before = page.locator(".tt-mt-hand-widget").inner_text()
    ws = app.base.replace("http", "ws") + f"/api/kernels/{kernel}/channels"
    # Ask the kernel for its widget comms, as a browser may, then forge a state
    # update for each: every project widget must refuse it.
    replies = raw_session(
        ws, [_message("comm_info_request", {"target_name": "jupyter.widget"})], wait=3
    )
    comms = next(r["content"]["comms"] for r in replies if r.get("msg_type") == "comm_info_reply")
    assert comms, "the page's kernel has no widget comms"
    forged = [
        _message(
            "comm_msg",
            {
                "comm_id": cid,
                "data": {
                    "method": "update",
                    "state": {"cards": ["9", "9"], "_view": {"cards": []}},
                    "buffer_paths": [],
                },
            },
        )
        for cid in comms
    ]
    raw_session(ws, forged, wait=2)
    page.wait_for_selector(
        ".tt-mt-hand-widget .tt-error:has-text('Refused a direct change')", timeout=15_000
    )
    after = page.locator(".tt-mt-hand-widget").inner_text()
    refusal = page.locator(".tt-mt-hand-widget .tt-error").inner_text()
    assert after.replace(refusal, "").strip() == before.strip()  # the hand is unchanged
    page_log.assert_clean()


def test_closed_pages_kernels_are_culled(app, browser):
    context = browser.new_context()
    page = context.new_page()
    kernel = _open_with_kernel(app, page, "index.ipynb", MAIN_WIDGET["index.ipynb"])
    status, _ = get(app.base + f"/api/kernels/{kernel}")
    assert status == 200
    context.close()  # closing the page does not shut the kernel down; culling must
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status, _ = get(app.base + f"/api/kernels/{kernel}")
        if status == 404:
            break
        time.sleep(1)
    assert status == 404, "the closed page's kernel was never culled"
    assert f"({kernel}) with 0 connections" in app.log()


def test_app_config_has_the_settings_the_classroom_needs():
    cfg = json.loads((ROOT / "voila.json").read_text())
    vc = cfg["VoilaConfiguration"]
    assert vc["strip_sources"] and not vc["show_tracebacks"] and vc["preheat_kernel"]
    assert vc["template"] == "offline"
    assert cfg["VoilaExecutor"]["iopub_timeout"] >= 30  # the 4 s default drops widgets under load
    assert cfg["MappingKernelManager"]["cull_idle_timeout"] > 0
    # Kernels talk over Unix sockets: TCP ports picked for dozens of kernels starting at
    # once can collide ("Address already in use"; seen in the load test).
    assert cfg["KernelManager"]["transport"] == "ipc"


def test_app_kernels_use_unix_sockets(app):
    log = app.log_path.read_text(errors="replace")
    assert "Kernel started" in log
    assert "running over TCP" not in log


def test_pages_show_their_widgets_under_cpu_load(app, page, page_log):
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        time.sleep(1)
        open_notebook(
            page, app, "matchstick_tycoon/play.ipynb", ready=".tt-mt-seat", timeout=120_000
        )
    finally:
        for h in hogs:
            h.kill()
            h.wait()
    page_log.assert_clean()
