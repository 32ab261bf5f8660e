"""Classroom rooms in browsers (loopback only, bounded): students playing each other at once.

Starts the app as ``python3 dev.py app`` does (``voila.json``; its classroom store in a
temporary data folder, SQLite by default), opens ``--rooms`` rooms (10) of ``--players``
students (3) and gives each student a play page in a browser context of its own (its
own storage, as its own device has) in one headless Chromium.  Every student plays
random legal moves by clicking, after a random think of ``--think-min`` to ``--think``
seconds (1 to 4 s by default: a class at a human pace; ``--think-min 0 --think 0.5`` is a
machine's pace, ten times a class's moves, to load the machine), until the rooms' games end
or ``--max-seconds`` pass.

Every page records, in the page itself, when each move number first appears in its room
line (a ``MutationObserver``, the browser's clock); the mover records when it clicked
the move's last click.  Prints:

* the time from a move's click in one page to its appearance in the others' pages (the
  browser → kernel → engine check → store → the other kernels' notice → their redraw →
  their browser), p50 / p95 / max over every (move, other page) pair; and to its
  appearance in the mover's own page;
* moves lost (a move its page showed as played that is not in the log) or doubled (a
  log line more than the moves played), every log replayed by the engine, every page
  ending with every move, and clicked moves refused (with the reason on the page);
* the store's size per 1,000 moves.

Students take their seats as a reload does: the seat's rejoin key is put in the page's
storage before it opens (joining by nickname is what the browser tests click through).

    python benchmarks/classroom_load.py                       # 10 rooms × 3, SQLite
    python benchmarks/classroom_load.py --rooms 2 --max-seconds 60
    python benchmarks/classroom_load.py --think-min 0 --think 0.5 --reduced-motion
    python benchmarks/classroom_load.py --backend postgresql  # a throw-away PostgreSQL
    python benchmarks/classroom_load.py --game matchstick_tycoon
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from browser_harness import (  # noqa: E402
    APP_NOTEBOOKS,
    CHROMIUM,
    CHROMIUM_ARGS,
    start_voila,
    stop_voila,
)
from load_test import cpu_seconds, kernel_pids  # noqa: E402

from tabletop_widgets.classroom.pgserver import ThrowAwayPostgres  # noqa: E402
from tabletop_widgets.classroom.rooms import Classroom  # noqa: E402
from tabletop_widgets.classroom.store import open_store  # noqa: E402

#: Chromium resolves no host name but 127.0.0.1: no request can leave the machine.
LOOPBACK_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
GAME_OPTIONS = {
    "chinese_ten": lambda players, deals: {"players": players, "target": None, "deals": deals},
    "matchstick_tycoon": lambda players, deals: {"players": players},
}
PAGE_TIMEOUT = 180_000
#: At most this many pages load at the same moment (the rest wait their turn).
LOADING_AT_ONCE = 6
#: How often a student's page looks whether it is its turn (textContent: no layout).
POLL_MS = 200
#: Seconds a student waits for a turn before reading the page again.
WAIT_TURN = 30.0
#: Milliseconds a click waits for the page's answer before the move is tried again.
STEP_TIMEOUT = 5_000


class MissedClick(RuntimeError):
    """A click the page did not answer as expected (it was redrawn meanwhile)."""


#: In every page: when each move number first shows in the room line (browser clock).
SEEN_SCRIPT = """
window.__ttSeen = {};
const ttLook = () => {
  const n = document.querySelector('.tt-room-line [data-moves]');
  if (!n) return;
  const m = n.getAttribute('data-moves');
  if (!(m in window.__ttSeen)) window.__ttSeen[m] = Date.now();
};
new MutationObserver(ttLook).observe(document,
  { subtree: true, childList: true, attributes: true, characterData: true });
"""
#: The page's state: the moves its room line shows and its status line.
STATE_JS = """() => {
  const n = document.querySelector('.tt-room-line [data-moves]');
  const s = document.querySelector('.tt-play-screen > .tt-screen-status');
  return { moves: n ? Number(n.getAttribute('data-moves')) : -1,
           status: s ? s.textContent.trim() : '' };
}"""
#: Waits (in the page) until it is this seat's turn at ``moves`` moves, or the game ends.
TURN_JS = """([moves]) => {
  const n = document.querySelector('.tt-room-line [data-moves]');
  const s = document.querySelector('.tt-play-screen > .tt-screen-status');
  if (!n || !s) return false;
  const text = s.textContent.trim();
  return text.startsWith('Game over') ||
         (Number(n.getAttribute('data-moves')) >= moves && text.endsWith('Your turn.'));
}"""
#: After a move's click: "played" once the page shows one move more, "refused" if it says
#: why not (an error line), else false (keep waiting).
OUTCOME_JS = """([moves]) => {
  const n = document.querySelector('.tt-room-line [data-moves]');
  if (n && Number(n.getAttribute('data-moves')) > moves) return 'played';
  const said = [...document.querySelectorAll('.tt-play-screen .tt-error')];
  if (said.some((e) => e.textContent.trim() && e.offsetParent !== null)) return 'refused';
  return false;
}"""
#: Click a random one of the elements ``selector`` finds; returns the click's time.
CLICK_JS = """([selector, pick]) => {
  const all = [...document.querySelectorAll(selector)];
  if (!all.length) return null;
  const el = all[Math.floor(pick * all.length)];
  const t = Date.now();
  el.click();
  return t;
}"""


# -- random legal moves by clicking ----------------------------------------------------------


async def click(page, selector: str, rng: random.Random) -> float | None:
    return await page.evaluate(CLICK_JS, [selector, rng.random()])


async def move_chinese_ten(page, rng: random.Random) -> float | None:
    """A random card of the hand, then a random capture it offers or laying it down; or a
    random capture for a turned-up card that waits for its choice."""
    table = ".tt-play-screen .tt-ct-table"
    target = f"{table} .tt-ct-layout-card.tt-ct-target"
    if await page.locator(target).count():
        return await click(page, target, rng)
    await click(page, f"{table} .tt-ct-mine .tt-ct-hand-card", rng)
    try:
        await page.wait_for_selector(
            f"{table} .tt-ct-mine .tt-ct-hand-card.tt-ct-selected", timeout=STEP_TIMEOUT
        )
    except Exception:
        error = await page.locator(f"{table} .tt-error").all_inner_texts()
        raise MissedClick(f"no card selected ({' '.join(error)[:80]})") from None
    if await page.locator(target).count():
        return await click(page, target, rng)
    return await click(page, f"{table} button.tt-ct-lay", rng)


async def move_tycoon(page, rng: random.Random) -> float | None:
    """Discard a stick with an empty hand; when following, pass half the time; else a
    random value, a random play of it, then Play."""
    screen = ".tt-play-screen"
    hand = f"{screen} .tt-mt-hand-widget"
    discard = page.locator(f"{screen} .tt-mt-discard")
    if await discard.count() and await discard.first.is_visible():
        return await click(page, f"{screen} .tt-mt-discard", rng)
    values = f"{hand} .tt-mt-values button[data-value]:not([data-value=''])"
    if await page.locator(f"{hand} button.tt-mt-pass").count() and (
        rng.random() < 0.5 or not await page.locator(values).count()
    ):
        return await click(page, f"{hand} button.tt-mt-pass", rng)
    await click(page, values, rng)
    try:
        await page.wait_for_selector(f"{hand} .tt-mt-plays button", timeout=STEP_TIMEOUT)
        await click(page, f"{hand} .tt-mt-plays button", rng)
        await page.wait_for_selector(
            f"{hand} button.tt-mt-play:not([disabled])", timeout=STEP_TIMEOUT
        )
    except Exception:
        raise MissedClick("the hand was redrawn under the value or play chosen") from None
    return await click(page, f"{hand} button.tt-mt-play", rng)


MOVES = {"chinese_ten": move_chinese_ten, "matchstick_tycoon": move_tycoon}


# -- the students -----------------------------------------------------------------------------


async def open_student(
    browser, server, game: str, code: str, token: str, gate, motion: str
) -> dict:
    context = await browser.new_context(
        viewport={"width": 1280, "height": 900}, reduced_motion=motion
    )
    kept = json.dumps({"code": code, "token": token})
    await context.add_init_script(
        f"localStorage.setItem('tabletop/room/{game}', {json.dumps(kept)});\n" + SEEN_SCRIPT
    )
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    loads = 0
    async with gate:
        for attempt in range(2):  # a page that never draws is loaded again, once
            loads += 1
            try:
                await page.goto(server.url(f"{game}/play.ipynb?room={code}"), timeout=PAGE_TIMEOUT)
                await page.wait_for_selector(".tt-room-line [data-moves]", timeout=PAGE_TIMEOUT)
                break
            except Exception:
                if attempt:
                    raise
    return {
        "code": code,
        "context": context,
        "page": page,
        "errors": errors,
        "clicks": [],
        "refused": [],
        "unknown": [],
        "retries": 0,
        "loads": loads,
    }


async def play(
    student: dict, game: str, rng: random.Random, think: tuple[float, float], deadline: float
):
    """Wait for this seat's turn, think, play a random legal move by clicking; until over."""
    page = student["page"]
    moves = 0
    while time.time() < deadline:
        wait = min(WAIT_TURN, max(1.0, deadline - time.time()))
        try:
            await page.wait_for_function(TURN_JS, arg=[moves], polling=POLL_MS, timeout=wait * 1000)
        except Exception:  # no turn for a long while (a refusal?): read the page again
            state = await page.evaluate(STATE_JS)
            if state["moves"] < moves:
                student["errors"].append(f"move {moves}: never shown")
            moves = max(0, state["moves"])
            continue
        state = await page.evaluate(STATE_JS)
        if state["status"].startswith("Game over"):
            break
        moves = state["moves"]
        await asyncio.sleep(rng.uniform(*think))
        try:
            at = await MOVES[game](page, rng)
        except MissedClick:  # the page was redrawn under the click: look again
            student["retries"] += 1
            continue
        except Exception as e:
            student["errors"].append(f"move {moves + 1}: {type(e).__name__}: {str(e)[:100]}")
            continue
        if at is None:
            continue
        outcome = await _outcome(page, moves)
        student["clicks" if outcome == "played" else outcome].append(at)
        if outcome == "played":
            moves += 1


async def _outcome(page, moves: int) -> str:
    """What became of a move clicked at ``moves`` moves: ``played`` (the page shows it),
    ``refused`` (the page says why), or ``unknown`` (neither within WAIT_TURN)."""
    try:
        handle = await page.wait_for_function(
            OUTCOME_JS, arg=[moves], polling=POLL_MS // 4, timeout=WAIT_TURN * 1000
        )
        return await handle.json_value()
    except Exception:
        return "unknown"


def _children() -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            found.setdefault(ppid, []).append(int(proc.name))
    return found


def _cpu(server) -> dict[str, float]:
    """CPU used so far by the server, its kernels, and this benchmark's own browser and
    driver (its processes only: the machine is shared)."""
    pid = server.process.pid
    tree = _children()
    mine, todo = [], [p for p in tree.get(os.getpid(), []) if p != pid]
    while todo:
        p = todo.pop()
        mine.append(p)
        todo += tree.get(p, [])
    driver = [p for p in mine if _name(p).startswith("node")]
    browser = [p for p in mine if p not in driver]
    parts = {kind: 0.0 for kind in [*BROWSER_PARTS.values(), "browser: other"]}
    for p in browser:
        parts[BROWSER_PARTS.get(_chromium_type(p), "browser: other")] += cpu_seconds(p)
    return {
        "server": cpu_seconds(pid),
        "kernels": sum(cpu_seconds(k) for k in kernel_pids(pid)),
        "browser": sum(cpu_seconds(p) for p in browser),
        **parts,
        "test driver": sum(cpu_seconds(p) for p in driver) + time.process_time(),
    }


#: Chromium's processes by their ``--type``: where the browser's time goes.
BROWSER_PARTS = {
    "renderer": "browser: pages",
    "gpu-process": "browser: compositor",
    "": "browser: main process",
}


def _chromium_type(pid: int) -> str:
    try:
        # Chromium rewrites its processes' titles: the arguments may be one string.
        args = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()
    except OSError:
        return "?"
    kinds = [a.decode()[7:] for a in args if a.startswith(b"--type=")]
    return kinds[0] if kinds else ""


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text()
    except OSError:
        return ""


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


async def run(server, url: str, args) -> bool:
    from playwright.async_api import async_playwright

    teacher = Classroom(open_store(url))
    empty_size = teacher.store.size_bytes()
    seats = []
    for r in range(args.rooms):
        options = GAME_OPTIONS[args.game](args.players, args.deals)
        view = teacher.open_room(args.game, options, seats=["open"] * args.players, seed=100 + r)
        for s in range(args.players):
            seats.append((view.code, s, teacher.join(view.code, f"S{r + 1} {s + 1}", seat=s).token))
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(
            executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, LOOPBACK_ONLY]
        )
        gate = asyncio.Semaphore(LOADING_AT_ONCE)
        motion = "reduce" if args.reduced_motion else "no-preference"
        t0 = time.time()
        students = await asyncio.gather(
            *(
                open_student(browser, server, args.game, code, tok, gate, motion)
                for code, _s, tok in seats
            )
        )
        loaded = time.time() - t0
        for st, (_code, seat, _tok) in zip(students, seats, strict=True):
            st["seat"] = seat
        again = sum(st["loads"] > 1 for st in students)
        print(
            f"{len(students)} pages open and seated in {loaded:.1f} s"
            f" ({again} loaded a second time)",
            flush=True,
        )
        cpu0 = _cpu(server)
        t1 = time.time()
        deadline = t1 + args.max_seconds
        await asyncio.gather(
            *(
                play(st, args.game, random.Random(i), (args.think_min, args.think), deadline)
                for i, st in enumerate(students)
            )
        )
        took = time.time() - t1
        cpu = {k: v - cpu0[k] for k, v in _cpu(server).items()}
        print(
            "  CPU while playing (core-seconds): "
            + ", ".join(f"{k} {v:.0f}" for k, v in cpu.items())
            + f" of {took * (os.cpu_count() or 1):.0f} available",
            flush=True,
        )
        await asyncio.sleep(2)  # the last moves reach every page
        for st in students:
            st["seen"] = {
                int(k): v for k, v in (await st["page"].evaluate("() => window.__ttSeen")).items()
            }
            st["final"] = (await st["page"].evaluate(STATE_JS))["moves"]
        await browser.close()
    return report(teacher, students, took, empty_size, args)


def report(teacher: Classroom, students: list[dict], took: float, empty_size: int, args) -> bool:
    others, own = [], []
    lost = doubled = 0
    replays = every_page = True
    total = 0
    over = 0
    for code in sorted({st["code"] for st in students}):
        room = [st for st in students if st["code"] == code]
        log = teacher.store.moves(code)
        total += len(log)
        # Each seat's played clicks, in order, are its log lines, in order.
        clicks: dict[int, float] = {}
        for st in room:
            mine = [m.seq for m in log if m.seat == st["seat"]]
            lost += max(0, len(st["clicks"]) - len(mine))
            doubled += max(0, len(mine) - len(st["clicks"]))
            clicks.update(zip(mine, st["clicks"], strict=False))
        doubled += len(log) - len({m.seq for m in log})
        try:
            view = teacher.watch(code)
            replays &= [str(m) for m in view.game.history] == [m.move for m in log]
            over += view.game.is_over
        except Exception:
            replays = False
        every_page &= all(st["final"] == len(log) for st in room)
        for m in log:
            at = clicks.get(m.seq)
            if at is None:
                continue
            for st in room:
                shown = [t for n, t in st["seen"].items() if n >= m.seq]
                if shown:
                    (own if st["seat"] == m.seat else others).append(min(shown) - at)
    size = teacher.store.size_bytes()
    ms = lambda v: f"{v:.0f} ms"  # noqa: E731
    errors = [e for st in students for e in st["errors"]]
    print(
        f"{len(students)} students in {args.rooms} rooms played {total} moves in {took:.1f} s"
        f" ({over} of {args.rooms} games over)"
    )
    print(
        f"  move clicked in one page → shown in the others: p50 {ms(percentile(others, 0.5))},"
        f" p95 {ms(percentile(others, 0.95))}, max {ms(max(others, default=float('nan')))}"
        f" ({len(others)} samples; mean {ms(statistics.fmean(others) if others else 0)})"
    )
    print(
        f"  … and in the mover's own page: p50 {ms(percentile(own, 0.5))},"
        f" p95 {ms(percentile(own, 0.95))}"
    )
    print(
        f"  moves lost {lost}, doubled {doubled}; every log replays: {replays};"
        f" every page shows every move: {every_page}"
    )
    per_1000 = (size - empty_size) / max(total, 1) * 1000 / 1024
    print(f"  store: {size / 1024:.0f} KiB, {per_1000:.1f} KiB per 1,000 moves")
    refused = sum(len(st["refused"]) for st in students)
    unknown = sum(len(st["unknown"]) for st in students)
    print(f"  clicked moves refused with a reason: {refused}; without an answer: {unknown}")
    retries = sum(st["retries"] for st in students)
    print(f"  clicks tried again (the table was redrawn under the click): {retries}")
    if errors:
        print(f"  page errors: {len(errors)}, e.g. {errors[:3]}")
    teacher.store.close()
    return lost == doubled == 0 and replays and every_page


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=10)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--game", choices=sorted(GAME_OPTIONS), default="chinese_ten")
    ap.add_argument("--deals", type=int, default=2, help="deals per Chinese Ten game")
    ap.add_argument("--think", type=float, default=4.0, help="longest think before a move (s)")
    ap.add_argument("--think-min", type=float, default=1.0, help="shortest think (s)")
    ap.add_argument("--max-seconds", type=float, default=120, help="bound on the playing")
    ap.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    ap.add_argument(
        "--reduced-motion",
        action="store_true",
        help="pages ask for reduced motion (no card animations: 30 pages animating in one "
        "browser without a GPU is the machine's load, not the room's)",
    )
    ap.add_argument(
        "--pool",
        type=int,
        default=0,
        help="preheat this many play-page kernels (default: the app's pool of 1; 30 kernels "
        "preheating at once on 2 cores time out in Voilà's executor)",
    )
    args = ap.parse_args()
    log_dir = Path(tempfile.mkdtemp(prefix="tt-classroom-load-"))
    extra: tuple[str, ...] = ()
    if args.pool:
        pool = {f"{args.game}/play.ipynb": {"pool_size": args.pool}}
        extra = ("--VoilaKernelManager.kernel_pools_config=" + json.dumps(pool),)
    pg = ThrowAwayPostgres(durable=True).start() if args.backend == "postgresql" else None
    try:
        if pg is not None:
            url = pg.url()
            env = {"TABLETOP_CLASSROOM": url}
        else:
            (log_dir / "data").mkdir()
            env = {"TABLETOP_DATA": str(log_dir / "data")}
            url = f"sqlite:///{log_dir / 'data' / 'classroom.sqlite'}"
        print(
            f"{args.rooms} rooms × {args.players} students, {args.game}, {args.backend},"
            f" think {args.think_min:g}–{args.think:g} s, one Chromium"
            f"{' (reduced motion)' if args.reduced_motion else ''}, {os.cpu_count()} cores",
            flush=True,
        )
        server = start_voila(APP_NOTEBOOKS, log_dir, extra_args=extra, app_config=True, env=env)
        try:
            _wait_for_pool(server, args.pool or 1)
            ok = asyncio.run(run(server, url, args))
        finally:
            stop_voila(server)
    finally:
        if pg is not None:
            pg.stop()
    return 0 if ok else 1


def _wait_for_pool(server, n: int, timeout: float = 300) -> None:
    """Wait until the preheated kernels are ready (a class arriving at a warm server)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if f"is filled with {n} kernel(s)" in server.log_path.read_text(errors="replace"):
            return
        time.sleep(1)
    print("  (the kernel pool was not full in time: some pages start their kernel)")


if __name__ == "__main__":
    sys.exit(main())
