"""Students at their own devices, in a test: each :class:`Tab` is a page of the app in a
browser context of its own (its own storage, as another device has), unless two tabs
share one (one student with two tabs open).

Used by the browser tests of the classroom and by ``benchmarks/classroom_load.py``.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from browser_harness import MAIN_WIDGET, PageLog, record

ROOM_LINE = ".tt-room-line [data-moves]"
#: The room's panel: what a page opened with a room code shows before the student joins
#: (its own table is hidden until then).
ROOM_PANEL = ".tt-room-section"
WAITING_LINE = ".tt-room-line .tt-room-waiting"
STATUS = ".tt-play-screen > .tt-screen-status"
VIEWPORT = {"width": 1280, "height": 1000}
#: Each game's table on its play page.
TABLE = {
    "chinese_ten": ".tt-play-screen .tt-ct-table",
    "fistful_of_gold": ".tt-play-screen .tt-fg-table",
    "matchstick_tycoon": ".tt-play-screen .tt-mt-table",
}
#: Looks at every frame the browser paints, from the page's first: was the page's table
#: shown while no room's game was on the page (its line with ``data-moves``)?  A room's
#: page must never show a game of its own, not even for a moment.
_OWN_TABLE_WATCH = """(() => {
  const table = %s;
  const look = () => {
    const t = document.querySelector(table);
    if (t && t.getClientRects().length && !document.querySelector("%s")) {
      window.__ttOwnTableShown = true;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


@dataclass
class Tab:
    """One open page and what it logged."""

    page: Any
    log: PageLog
    context: Any

    def moves(self) -> int:
        """The moves this page shows (-1 before it shows a room)."""
        node = self.page.locator(ROOM_LINE)
        if not node.count():
            return -1
        return int(node.first.get_attribute("data-moves") or -1)

    def status(self) -> str:
        node = self.page.locator(STATUS)
        return node.first.inner_text().strip() if node.count() else ""

    def my_turn(self) -> bool:
        return self.status().endswith("Your turn.")

    def over(self) -> bool:
        return self.status().startswith("Game over")

    def wait_moves(self, n: int, timeout: float = 15.0) -> float:
        """Wait until the page shows ``n`` moves; returns the seconds waited."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.moves() >= n:
                return time.monotonic() - start
            self.page.wait_for_timeout(20)
        raise AssertionError(f"the page shows {self.moves()} moves, not {n}: {self.status()}")


def new_context(browser, **kwargs: Any):
    return browser.new_context(viewport=VIEWPORT, **kwargs)


def watch_own_table(context, game: str) -> None:
    """Record, in every page ``context`` opens from now on, whether ``game``'s table was
    ever painted before a room's game was on the page (:func:`own_table_shown`)."""
    context.add_init_script(_OWN_TABLE_WATCH % (json.dumps(TABLE[game]), ROOM_LINE))


def own_table_shown(page) -> bool:
    """The page painted its own table while no room's game was on it (see
    :func:`watch_own_table`)."""
    return bool(page.evaluate("() => window.__ttOwnTableShown === true"))


def open_tab(context, url: str, ready: str, timeout: float = 120_000) -> Tab:
    page = context.new_page()
    log = PageLog()
    record(page, log)
    page.goto(url)
    page.wait_for_selector(ready, timeout=timeout)
    return Tab(page, log, context)


def play_url(server, game: str, code: str, *, watch: bool = False) -> str:
    return server.url(f"{game}/play.ipynb?room={code}" + ("&watch=1" if watch else ""))


def join(context, server, game: str, code: str, nickname: str) -> Tab:
    """A student opens the play page with the room's code, types a nickname and joins."""
    tab = open_tab(context, play_url(server, game, code), ROOM_PANEL)
    page = tab.page
    page.wait_for_selector("text=Type your nickname and press Join the room", timeout=60_000)
    page.fill(".tt-room-section input[placeholder='1 to 20 letters']", nickname)
    page.click(".tt-room-section button:has-text('Join the room')")
    page.wait_for_selector(ROOM_LINE, timeout=30_000)
    return tab


def watch(context, server, game: str, code: str) -> Tab:
    """A page watching the room (the projector): ``?room=CODE&watch=1``."""
    tab = open_tab(
        context, play_url(server, game, code, watch=True), MAIN_WIDGET[f"{game}/play.ipynb"]
    )
    tab.page.wait_for_selector(ROOM_LINE, timeout=60_000)
    return tab


# -- one move by clicking, for each game -----------------------------------------------------


def move_fistful(page) -> None:
    """Select what the phase asks for (2 or 1 discards, a legal card, a discard back), confirm."""
    table = page.locator(".tt-play-screen .tt-fg-table").first
    title = table.locator(".tt-fg-hand-title").first.inner_text()
    need = int(m.group(1)) if (m := re.search(r"choose (\d) cards? to discard", title)) else 1
    legal = table.locator("button.tt-fg-choice:not(.tt-fg-illegal)")
    for i in range(need):
        legal.nth(i).click()
        table.locator("button.tt-fg-choice.tt-fg-selected").nth(i).wait_for(timeout=10_000)
    table.locator("button.tt-fg-confirm:not([disabled])").click(timeout=10_000)


def move_chinese_ten(page) -> None:
    """Take the first capture offered (a turned-up card that can take several, or the first
    card of the hand), else lay the card down."""
    table = page.locator(".tt-play-screen .tt-ct-table").first
    targets = table.locator(".tt-ct-layout-card.tt-ct-target")
    if targets.count():  # the turned-up card waits for its choice
        targets.first.click()
        return
    table.locator(".tt-ct-mine .tt-ct-hand-card").first.click()
    table.locator(".tt-ct-mine .tt-ct-hand-card.tt-ct-selected").wait_for(timeout=10_000)
    page.wait_for_timeout(50)
    if targets.count():
        targets.first.click()
    else:
        table.locator("button.tt-ct-lay").click()


def move_tycoon(page) -> None:
    """Discard a stick with an empty hand, pass when following, else lead the first play."""
    screen = page.locator(".tt-play-screen").first
    hand = screen.locator(".tt-mt-hand-widget").first
    discard = screen.get_by_role("button", name="Discard a stick")
    # The status line can say "Your turn" a moment before the hand becomes editable: wait
    # for the hand's Play button (or the discard) so a follower's Pass is not missed.
    for _ in range(750):
        if hand.locator("button.tt-mt-play").count() or (
            discard.count() and discard.first.is_visible()
        ):
            break
        page.wait_for_timeout(20)
    if discard.count() and discard.first.is_visible():
        discard.first.click()
    elif hand.locator("button.tt-mt-pass").count():
        hand.locator("button.tt-mt-pass").click()
    else:
        hand.locator(".tt-mt-values button[data-value]:not([data-value=''])").first.click()
        hand.locator(".tt-mt-plays button").first.wait_for(timeout=15_000)
        hand.locator(".tt-mt-plays button").first.click()
        hand.locator("button.tt-mt-play:not([disabled])").wait_for(timeout=15_000)
        hand.locator("button.tt-mt-play").click()


MOVE = {
    "fistful_of_gold": move_fistful,
    "chinese_ten": move_chinese_ten,
    "matchstick_tycoon": move_tycoon,
}


def hidden_cards(game) -> set[str]:
    """What no spectator may see: every hand, and a duel's secret choices and discards.

    Cards as each table names them in ``data-card`` (``7H``; ``P5`` in A Fistful of Gold).
    """
    key = game.key
    if key == "chinese_ten":
        return {str(c) for s in range(game.players) for c in game.hand(s)}
    if key == "fistful_of_gold":
        found = set()
        for s in range(game.players):
            obs = game.observation(s)
            cards = [*obs.hand, *obs.discards]
            mine = obs.my_choice
            if mine is not None:
                cards += list(getattr(mine, "cards", ()) or (mine.card,))
            found |= {c.short for c in cards} | {str(c) for c in cards}
        return found
    raise ValueError(key)


def shown_cards(page, table: str) -> set[str]:
    """The ``data-card`` values drawn in the first ``table`` of the page."""
    return set(
        page.locator(table)
        .first.locator("[data-card]")
        .evaluate_all("nodes => nodes.map(n => n.getAttribute('data-card'))")
    )


# -- a kernel's websocket, as a forger would use it ------------------------------------------


def kernel_ids(page) -> list[str]:
    """Start recording the kernel websockets ``page`` opens (call before it loads)."""
    found: list[str] = []

    def on_ws(ws) -> None:
        m = re.search(r"/api/kernels/([0-9a-f-]{36})/channels", ws.url)
        if m:
            found.append(m.group(1))

    page.on("websocket", on_ws)
    return found


def message(msg_type: str, content: dict) -> dict:
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": "forger",
            "session": uuid.uuid4().hex,
            "version": "5.3",
            "date": "",
        },
        "parent_header": {},
        "metadata": {},
        "content": content,
        "channel": "shell",
        "buffers": [],
    }


def raw_session(url: str, messages: list[dict], wait: float) -> list[dict]:
    """Send messages on a kernel websocket of our own (in a thread: Playwright's sync API
    owns this thread's event loop) and collect what comes back."""
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


def forge_events(server, kernel: str, events: list[dict]) -> None:
    """Send ``events`` to every widget of ``kernel``'s page, as a forged browser would."""
    ws = server.base.replace("http", "ws") + f"/api/kernels/{kernel}/channels"
    replies = raw_session(ws, [message("comm_info_request", {"target_name": "jupyter.widget"})], 3)
    comms = next(r["content"]["comms"] for r in replies if r.get("msg_type") == "comm_info_reply")
    forged = [
        message("comm_msg", {"comm_id": cid, "data": {"method": "custom", "content": e}})
        for e in events
        for cid in comms
    ]
    raw_session(ws, forged, 2)
