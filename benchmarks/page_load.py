"""One person opens the play page: how long until it is interactive (loopback only).

Starts the app exactly as ``python3 dev.py app`` does (``voila.json``, a
preheated kernel per notebook) and measures, from the moment the browser
navigates, the first byte, the ``load`` event, the table drawn and the answer
to a first click ("interactive").  Each figure is the median of ``--repeats``
loads, with the server and its kernels idle before each one:

- **fresh profile → play page**: nothing cached, so the browser fetches and
  compiles Voilà's whole JupyterLab front end (~5 MB, ~100 requests) first;
- **fresh profile → minimal page**: the same for ``benchmarks/notebooks/baseline.ipynb``
  (one anywidget button), which is Voilà's own floor on this machine;
- **landing page → play page**: how students arrive; the front end is already in
  the browser's cache from the landing page.
- **the landing page in a language** (front end cached, a preheated kernel each time):
  English, ``?lang=fr`` and ``Accept-Language: ko``, until it is drawn in that language,
  then until the language menu has switched it to Catalan; the same for Chinese Ten's
  rules page (its whole document) with ``?lang=fr``.  The preheated kernel has run
  the page and waits for the request (``app/language.py``); the language costs what is
  left after it.

    python benchmarks/page_load.py --repeats 7
    python benchmarks/page_load.py --landing --repeats 7   # the landing page's rows only
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

from load_test import (
    CHROMIUM,
    CHROMIUM_ARGS,
    LOOPBACK_ONLY,
    PAGES,
    ROOT,
    SHUTDOWN_403,
    PageSpec,
    kernel_pids,
    settle,
    start_voila,
    stop_voila,
)

from tabletop_widgets.app.serving import REFILL_QUIET  # noqa: E402

PHASES = ("first_byte", "loaded", "ready", "interactive")


def load_once(browser, server, spec: PageSpec, via_landing: bool) -> dict:
    """Open one page in a new browser profile; the phases in seconds from navigation."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on(
        "request",
        lambda r: (
            None
            if urlparse(r.url).hostname in (None, "127.0.0.1")
            else errors.append(f"non-local request {r.url}")
        ),
    )
    try:
        if via_landing:
            page.goto(server.url("index.ipynb"))
            page.wait_for_selector("a[href*='play.ipynb']", timeout=60_000)
            settle(server, expect=len(kernel_pids(server.process.pid)))
        t0 = time.perf_counter()
        page.goto(server.url(spec.notebook), wait_until="commit")
        out = {"first_byte": time.perf_counter() - t0}
        page.wait_for_load_state("load")
        out["loaded"] = time.perf_counter() - t0
        page.wait_for_selector(spec.ready, timeout=60_000)
        out["ready"] = time.perf_counter() - t0
        page.click(spec.click)
        page.wait_for_selector(spec.answer, timeout=60_000)
        out["interactive"] = time.perf_counter() - t0
        if via_landing and SHUTDOWN_403 in errors:  # leaving a Voilà page (see README)
            errors.remove(SHUTDOWN_403)
        out["errors"] = errors
        return out
    finally:
        context.close()


#: Pages opened in a language: (row, notebook, query, headers, drawn in it, drawn in Catalan).
LANDINGS = (
    ("landing page, English", "index.ipynb", "", {}, "text=Chinese Ten", "text=Deu xinès"),
    ("landing page, ?lang=fr", "index.ipynb", "?lang=fr", {}, "text=Dix chinois", "text=Deu xinès"),
    (
        "landing page, Accept-Language ko",
        "index.ipynb",
        "",
        {"Accept-Language": "ko-KR,ko"},
        "text=차이니즈 텐",
        "text=Deu xinès",
    ),
    (
        "Chinese Ten rules, ?lang=fr",
        "chinese_ten/rules.ipynb",
        "?lang=fr",
        {},
        "h1:has-text('Dix chinois — les règles')",
        "h1:has-text('Deu xinès — les regles')",
    ),
)


def landing_once(
    context, server, notebook: str, query: str, headers: dict, drawn: str, catalan: str
) -> dict:
    """Open a page in a language; the phases in seconds from navigation."""
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_extra_http_headers(headers)
    try:
        t0 = time.perf_counter()
        page.goto(server.url(notebook + query), wait_until="commit")
        out = {"first_byte": time.perf_counter() - t0}
        page.wait_for_load_state("load")
        out["loaded"] = time.perf_counter() - t0
        page.wait_for_selector(drawn, timeout=60_000)
        out["ready"] = time.perf_counter() - t0
        page.select_option(".tt-language-menu select", "ca")
        page.wait_for_selector(catalan, timeout=60_000)
        out["interactive"] = time.perf_counter() - t0
        out["errors"] = errors
        return out
    finally:
        page.close()


def preheated(server) -> None:
    """Wait until the pool has a preheated kernel again: the app refills a pool once no page
    has been loading for ``REFILL_QUIET`` seconds, then the new kernel runs the page."""
    time.sleep(REFILL_QUIET + 2)
    settle(server, expect=0)


def measure_landings(browser, server, repeats: int) -> None:
    """Each row: a fresh page in one browser profile (the front end cached), a preheated
    kernel each time (the pool refilled and the server idle before each load)."""
    context = browser.new_context()
    try:
        landing_once(context, server, *LANDINGS[0][1:])  # fills the browser cache
        for title, *row in LANDINGS:
            runs = []
            for _ in range(repeats):
                preheated(server)
                runs.append(landing_once(context, server, *row))
            report(title, runs, ("drawn in it", "switched by the menu"))
    finally:
        context.close()


def measure(browser, server, spec: PageSpec, via_landing: bool, repeats: int) -> list[dict]:
    runs = []
    for _ in range(repeats):
        settle(server, expect=len(kernel_pids(server.process.pid)))
        runs.append(load_once(browser, server, spec, via_landing))
    return runs


def report(title: str, runs: list[dict], words: tuple[str, str] = ("drawn", "interactive")) -> None:
    med = {p: statistics.median(r[p] for r in runs) for p in PHASES}
    inter = sorted(r["interactive"] for r in runs)
    drawn = sorted(r["ready"] for r in runs)
    errors = [e for r in runs for e in r["errors"]]
    print(
        f"{title:<34}: {words[0]} median {med['ready']:.2f} s "
        f"(min {drawn[0]:.2f}, max {drawn[-1]:.2f}), {words[1]} {med['interactive']:.2f} s "
        f"(min {inter[0]:.2f}, max {inter[-1]:.2f}); first byte {med['first_byte']:.2f}, "
        f"loaded {med['loaded']:.2f}; console errors {len(errors)}"
    )
    for e in sorted(set(errors)):
        print(f"    {errors.count(e)} x {e[:150]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--landing", action="store_true", help="only the landing page's rows")
    args = ap.parse_args()
    if not 1 <= args.repeats <= 30:
        sys.exit("bounded: 1 to 30 repeats")
    from playwright.sync_api import sync_playwright

    log_dir = Path(tempfile.mkdtemp(prefix="tabletop-pageload-"))
    play, minimal = PAGES["play"], PAGES["minimal"]
    app = start_voila(ROOT / play.folder, log_dir, app_config=True)
    bare = None if args.landing else start_voila(ROOT / minimal.folder, log_dir, app_config=True)
    try:
        for server, spec in ((app, play), (bare, minimal)):
            if server is not None:  # pools full
                settle(server, expect=len(list((ROOT / spec.folder).glob("**/*.ipynb"))))
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, LOOPBACK_ONLY]
            )
            measure_landings(browser, app, args.repeats)
            if args.landing:
                browser.close()
                return
            report("fresh profile -> play page", measure(browser, app, play, False, args.repeats))
            report(
                "fresh profile -> minimal page",
                measure(browser, bare, minimal, False, args.repeats),
            )
            report("landing page -> play page", measure(browser, app, play, True, args.repeats))
            browser.close()
    finally:
        stop_voila(app)
        if bare is not None:
            stop_voila(bare)
    print(
        f"(median of {args.repeats} loads each; server idle before each; "
        f"browser and server on the same machine)"
    )


if __name__ == "__main__":
    main()
