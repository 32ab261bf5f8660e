"""Classroom load test (loopback only, bounded): N people open the play page at once.

Starts the app exactly as ``python3 dev.py app`` does (``voila.json``), opens
N sessions of a notebook at once in headless Chromium, waits until each is
interactive (its table is drawn and a click gets an answer from its kernel),
clicks once in each, then closes them all and watches the kernels being
culled.  Prints: time until all are interactive, failures, the server's and
each kernel's memory, and the time until the closed pages' kernels are gone.

    python benchmarks/load_test.py --sessions 10 30
    python benchmarks/load_test.py --sessions 30 --pool 30   # preheat 30 kernels first
    python benchmarks/load_test.py --sessions 30 --page minimal  # a one-button page instead
    python benchmarks/load_test.py --sessions 30 --renderer-processes 4  # a lighter browser
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    SHUTDOWN_403,  # noqa: F401  (page_load.py takes it from here)
    start_voila,
    stop_voila,
)


@dataclass(frozen=True)
class PageSpec:
    """A page to load: where it is served from, when it is drawn, a click and its answer."""

    folder: str
    notebook: str
    ready: str
    click: str
    answer: str


PAGES = {
    "play": PageSpec(
        "notebooks",
        "matchstick_tycoon/play.ipynb",
        ".tt-mt-table .tt-mt-seat",
        "button:has-text('What can I play?')",
        ".tt-mt-legal-moves button",
    ),
    # One anywidget button: what Voilà itself costs, for comparison.
    "minimal": PageSpec(
        "benchmarks/notebooks",
        "baseline.ipynb",
        ".baseline button",
        ".baseline button",
        "text=count 1",
    ),
}
SESSION_TIMEOUT = 180.0  # seconds; a session slower than this counts as failed
CULL_WAIT = 180.0
#: Chromium resolves no host name but 127.0.0.1: no request can leave the machine.
LOOPBACK_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def browser_cpu() -> float:
    """CPU time of every Chromium process and of Playwright's driver (the load generator)."""
    total = 0.0
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if (proc / "comm").read_text().startswith(("chrom", "node")):
                    total += cpu_seconds(int(proc.name))
            except OSError:
                pass
    return total


def kernel_pids(server_pid: int) -> list[int]:
    """The server's kernel processes (its ipykernel children)."""
    out = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            cmd = (proc / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == server_pid and b"ipykernel" in cmd:
            out.append(int(proc.name))
    return out


async def one_session(browser, url: str, spec: PageSpec, t0: float, shared) -> dict:
    context = shared or await browser.new_context()
    page = await context.new_page()
    errors: list[str] = []
    all_messages: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("console", lambda m: all_messages.append(f"{m.type}: {m.text[:200]}"))

    # The browser cannot resolve any host but 127.0.0.1 (see LOOPBACK_ONLY), so nothing
    # leaves the machine; requests are only watched, not intercepted: intercepting each
    # one through Playwright would load the two cores with work no student's browser does.
    page.on(
        "request",
        lambda r: (
            None
            if urlparse(r.url).hostname in (None, "127.0.0.1")
            else errors.append(f"non-local request {r.url}")
        ),
    )
    result = {
        "ok": False,
        "ready": None,
        "interactive": None,
        "errors": errors,
        "context": None if shared else context,
        "page": page,
    }
    try:
        await page.goto(url, timeout=SESSION_TIMEOUT * 1000, wait_until="commit")
        result["first_byte"] = time.perf_counter() - t0
        await page.wait_for_load_state("load", timeout=SESSION_TIMEOUT * 1000)
        result["loaded"] = time.perf_counter() - t0
        await page.wait_for_selector(spec.ready, timeout=SESSION_TIMEOUT * 1000)
        result["ready"] = time.perf_counter() - t0
        # Interactive: a click reaches the kernel and its answer comes back.
        await page.click(spec.click)
        await page.wait_for_selector(spec.answer, timeout=SESSION_TIMEOUT * 1000)
        result["interactive"] = time.perf_counter() - t0
        result["ok"] = not errors
    except Exception as e:  # a failed session is a figure, not a crash
        result["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:160]}"
        if os.environ.get("LOAD_TEST_DEBUG"):
            shot = Path(tempfile.gettempdir()) / f"load-fail-{id(page)}.png"
            await page.screenshot(path=str(shot))
            result["error"] += f" (screenshot {shot}; console {all_messages[-5:]})"
    return result


async def run(
    n: int, server, spec: PageSpec, pool: int, isolated: bool, renderer_processes: int
) -> dict:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        args = [*CHROMIUM_ARGS, LOOPBACK_ONLY]
        if renderer_processes:
            args.append(f"--renderer-process-limit={renderer_processes}")
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=args)
        # One browser profile for all sessions (like tabs) shares the HTTP and
        # compiled-code caches, so the one test machine does not also pay for
        # 30 browsers' start-up work that real students' own machines would do.
        shared = None if isolated else await browser.new_context()
        spid = server.process.pid
        cpu0 = cpu_seconds(spid) + sum(cpu_seconds(p) for p in kernel_pids(spid))
        t0 = time.perf_counter()
        results = await asyncio.gather(
            *(one_session(browser, server.url(spec.notebook), spec, t0, shared) for _ in range(n))
        )
        all_in = time.perf_counter() - t0
        kernels = kernel_pids(spid)
        mem = {"server_mb": rss_mb(spid), "kernel_mb": [rss_mb(p) for p in kernels]}
        cpu = {
            "server": cpu_seconds(spid) + sum(cpu_seconds(p) for p in kernels) - cpu0,
            "browser": browser_cpu(),
        }
        for r in results:
            await r.pop("page").close()
            context = r.pop("context")
            if context is not None:
                await context.close()
        await browser.close()
    closed = time.perf_counter()
    deadline = closed + CULL_WAIT
    left = len(kernel_pids(server.process.pid))
    while time.perf_counter() < deadline:
        left = len(kernel_pids(server.process.pid))
        if left <= pool:
            break
        await asyncio.sleep(1)
    return {
        "results": results,
        "all_in": all_in,
        "mem": mem,
        "cpu": cpu,
        "kernels_open": len(kernels),
        "kernels_left": left,
        "pooled": pool,
        "cull_s": time.perf_counter() - closed,
    }


def settle(server, expect: int, quiet: float = 3.0, limit: float = 240.0) -> None:
    """Wait until ``expect`` kernels run and the server and kernels have been idle
    for ``quiet`` seconds (the pools are full)."""
    deadline = time.monotonic() + limit
    last, idle_since = -1.0, time.monotonic()
    while time.monotonic() < deadline:
        pids = [server.process.pid, *kernel_pids(server.process.pid)]
        used = sum(cpu_seconds(p) for p in pids)
        if used - last > 0.05 * len(pids):
            idle_since = time.monotonic()
        last = used
        if len(pids) - 1 >= expect and time.monotonic() - idle_since >= quiet:
            return
        time.sleep(0.5)


def report(n: int, spec: PageSpec, r: dict) -> None:
    res = r["results"]
    ok = [x for x in res if x["ok"]]
    inter = [x["interactive"] for x in ok]
    km = r["mem"]["kernel_mb"]
    print(f"\n{n} sessions of {spec.notebook}")
    print(
        f"  all interactive after : {max(inter) if len(ok) == n else float('nan'):.1f} s "
        f"(median {statistics.median(inter) if inter else float('nan'):.1f} s)"
    )
    for phase in ("first_byte", "loaded", "ready", "interactive"):
        xs = [x[phase] for x in res if x.get(phase) is not None]
        if xs:
            print(
                f"  {phase:<22}: min {min(xs):5.1f} s, median {statistics.median(xs):5.1f} s, "
                f"max {max(xs):5.1f} s"
            )
    print(f"  failures              : {n - len(ok)}")
    for x in res:
        if not x["ok"]:
            print(f"    - {x.get('error') or x['errors'][:2]}")
    print(
        f"  CPU used meanwhile    : server and kernels {r['cpu']['server']:.0f} s, "
        f"browser {r['cpu']['browser']:.0f} s "
        f"(of {(os.cpu_count() or 1) * r['all_in']:.0f} core-seconds)"
    )
    print(f"  server memory         : {r['mem']['server_mb']:.0f} MB")
    if km:
        print(
            f"  kernels               : {r['kernels_open']} running, "
            f"{statistics.median(km):.0f} MB median, {max(km):.0f} MB max each"
        )
    print(
        f"  after closing pages   : {r['kernels_left']} kernels left after "
        f"{r['cull_s']:.0f} s (culling; the full pools hold {r['pooled']})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sessions", type=int, nargs="+", default=[10, 30])
    ap.add_argument(
        "--page",
        choices=sorted(PAGES),
        default="play",
        help="the play page, or a one-button anywidget page for comparison",
    )
    ap.add_argument("--pool", type=int, default=1, help="preheated kernels for the notebook")
    ap.add_argument(
        "--isolated",
        action="store_true",
        help="a separate browser profile per session (no shared cache)",
    )
    ap.add_argument(
        "--renderer-processes",
        type=int,
        default=0,
        metavar="N",
        help="let Chromium use at most N renderer processes for all the tabs, so "
        "tabs share compiled JavaScript and the load generator leaves more of "
        "the machine to the server (default: Chromium's own, one per tab)",
    )
    ap.add_argument(
        "--cull",
        type=int,
        default=60,
        help="cull_idle_timeout for this run (s); shorter than a page's load "
        "under this load would cull kernels of pages still loading",
    )
    args = ap.parse_args()
    if max(args.sessions) > 40:
        sys.exit("bounded: at most 40 sessions")
    log_dir = Path(tempfile.mkdtemp(prefix="tabletop-load-"))
    spec = PAGES[args.page]
    extra = (
        f"--MappingKernelManager.cull_idle_timeout={args.cull}",
        "--MappingKernelManager.cull_interval=2",
        "--Voila.log_format=%(asctime)s %(message)s",
    )  # times in the server log
    if args.pool != 1:
        pools = json.dumps({spec.notebook: {"pool_size": args.pool}})
        extra += (f"--VoilaKernelManager.kernel_pools_config={pools}",)
    for n in args.sessions:
        server = start_voila(ROOT / spec.folder, log_dir, extra_args=extra, app_config=True)
        try:
            pages = len(
                [
                    p
                    for p in (ROOT / spec.folder).rglob("*.ipynb")
                    if ".ipynb_checkpoints" not in p.parts
                ]
            )
            settle(server, expect=pages - 1 + args.pool)  # pools full, as before a class
            pool = len(kernel_pids(server.process.pid))
            report(
                n,
                spec,
                asyncio.run(run(n, server, spec, pool, args.isolated, args.renderer_processes)),
            )
        finally:
            stop_voila(server)
    print(f"\n(machine: {os.cpu_count()} cores; browser and server on the same machine)")


if __name__ == "__main__":
    main()
