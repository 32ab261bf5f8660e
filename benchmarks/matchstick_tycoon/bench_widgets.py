"""Browser timings of the card and hand widgets (run by hand, not by the tests).

    .venv/bin/python benchmarks/bench_widgets.py [--clicks 50] [--hands 5]

Same setup as the browser tests (Voilà on 127.0.0.1, headless Chromium from
$TABLETOP_CHROMIUM).  Measured in the page with performance.now():

- click -> redrawn card: from the click on a segment to the animation frame
  after the widget's DOM changed (Python validated the event and sent the
  new state back in between); median and p95 over the clicks;
- first render of a 15-card hand: from the click on "show hand" (Python
  creates the widget) to the frame in which all 15 cards are in the DOM;
- websocket bytes per click, sent and received (kernel status messages
  included, as they are part of the cost).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import (  # noqa: E402
    PageLog,
    launch_chromium,
    open_notebook,
    record,
    start_voila,
    stop_voila,
)

#: Served from here: this game's widget page, and the minimal anywidget page the load
#: test shares (notebooks/baseline.ipynb).
BENCHMARKS = ROOT / "benchmarks"

# Time from a click (capture phase) to the next DOM change under `root` (the
# redraw) and to the animation frame after it (when it can be on screen).
INSTALL = """([rootSel, clickSel]) => {
  const b = window.__bench = {times: [], dom: [], t0: null};
  const root = document.querySelector(rootSel);
  new MutationObserver(() => {
    if (b.t0 === null) return;
    const t0 = b.t0; b.t0 = null;
    b.dom.push(performance.now() - t0);
    requestAnimationFrame(() => b.times.push(performance.now() - t0));
  }).observe(root, {childList: true, subtree: true, attributes: true});
  document.addEventListener("click", (e) => {
    if (e.target.closest(clickSel)) b.t0 = performance.now();
  }, true);
}"""

# Time from the "show hand" click to the frame in which the hand has 15 cards.
HAND = """() => new Promise((resolve) => {
  const t0 = performance.now();
  const done = () => document.querySelectorAll(".tt-mt-hand-widget .tt-mt-hand-card").length === 15;
  const obs = new MutationObserver(() => {
    if (done()) { obs.disconnect(); requestAnimationFrame(() => resolve(performance.now() - t0)); }
  });
  obs.observe(document.body, {childList: true, subtree: true});
  document.querySelector(".show-hand button, button.show-hand").click();
})"""


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def clicks(page, root: str, target: str, n: int) -> tuple[list[float], list[float]]:
    """Click ``target`` n times; times to the next frame and to the DOM update (ms)."""
    page.evaluate(INSTALL, [root, target])
    button = page.locator(target)
    for i in range(n):
        button.click()
        page.wait_for_function(f"window.__bench.times.length > {i}")
    page.wait_for_timeout(300)  # trailing status messages
    return page.evaluate("window.__bench.times"), page.evaluate("window.__bench.dom")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=50)
    ap.add_argument("--hands", type=int, default=5)
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    server = start_voila(BENCHMARKS, Path(tempfile.mkdtemp(prefix="bench-voila-")))
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            log = PageLog()
            record(page, log)
            open_notebook(
                page,
                server,
                "matchstick_tycoon/bench_widgets.ipynb",
                ready=".tt-mt-card-widget .tt-mt-seg",
            )
            page.wait_for_timeout(500)  # let start-up traffic settle
            sent0, recv0 = sum(log.ws_sent), sum(log.ws_received)
            segment_b = ".tt-mt-card-widget .tt-mt-seg[data-segment='b']"
            times, dom = clicks(page, ".tt-mt-card-widget", segment_b, args.clicks)
            sent = (sum(log.ws_sent) - sent0) / args.clicks
            recv = (sum(log.ws_received) - recv0) / args.clicks

            hands = [page.evaluate(HAND) for _ in range(args.hands)]
            # The same measure on a minimal anywidget: what any widget costs here.
            open_notebook(page, server, "notebooks/baseline.ipynb", ready=".baseline button")
            page.wait_for_timeout(500)
            base, base_dom = clicks(page, ".baseline", ".baseline button", args.clicks)
            browser.close()
    finally:
        stop_voila(server)

    for name, xs in (
        ("click -> card redrawn (DOM updated)", dom),
        ("click -> next frame after the redraw", times),
        ("baseline, minimal anywidget: DOM updated", base_dom),
        ("baseline, minimal anywidget: next frame", base),
    ):
        print(
            f"{name} ({len(xs)} clicks): median {statistics.median(xs):.1f} ms, "
            f"p95 {percentile(xs, 0.95):.1f} ms"
        )
    print(
        f"first render of a 15-card hand ({len(hands)} runs): median "
        f"{statistics.median(hands):.1f} ms, min {min(hands):.1f} ms, max {max(hands):.1f} ms"
    )
    print(f"websocket bytes per click: {sent:.0f} sent, {recv:.0f} received")
    try:
        log.assert_clean(left_pages=True)  # leaving a page: Voilà's known shutdown 403
    except AssertionError as e:
        print(f"warning: {e}")


if __name__ == "__main__":
    main()
