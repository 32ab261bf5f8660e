"""The Chinese Ten table in a real browser: a whole 3-player deal against two bots, by clicks.

The page (tests/chinese_ten/notebooks/table.ipynb) prints the Python-side
state into a label, so every check compares the drawing with the game.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[1]  # one Voilà server for every test notebook
NOTEBOOK = "chinese_ten/notebooks/table.ipynb"
READY = ".tt-ct-table .tt-ct-mine .tt-ct-hand-card"
STATE = ".ct-state"
MINE = ".tt-ct-table .tt-ct-mine"
STATE_RE = re.compile(
    r"moves=(\d+) phase=(\w+) to_move=(\w+) points=\[([\d, ]+)\] "
    r"over=(\w+) error=(.*)$"
)


def read_state(page) -> dict:
    text = page.locator(STATE).inner_text()
    m = STATE_RE.search(text)
    assert m, text
    return {
        "moves": int(m[1]),
        "phase": m[2],
        "to_move": m[3],
        "points": [int(x) for x in m[4].split(",")],
        "over": m[5] == "True",
        "error": m[6],
    }


def wait_moves_past(page, n: int) -> None:
    """Wait until Python has recorded more than ``n`` moves."""
    page.wait_for_function(
        """([sel, n]) => {
             const m = document.querySelector(sel).innerText.match(/moves=(\\d+)/);
             return m && Number(m[1]) > n;
           }""",
        arg=[STATE, n],
        timeout=20_000,
    )


def wait_error(page, pattern: str) -> None:
    from playwright.sync_api import expect

    expect(page.locator(".tt-ct-table .tt-error")).to_have_text(re.compile(pattern), timeout=15_000)
    expect(page.locator(STATE)).to_have_text(re.compile("error=" + pattern), timeout=15_000)


def test_full_deal_against_bots_by_clicking(voila_server, page, page_log, open_page):
    open_page(voila_server(NOTEBOOKS), NOTEBOOK, ready=READY)
    page.wait_for_function("document.querySelector('.ct-state')?.innerText.includes('moves=0')")
    s = read_state(page)
    assert (s["phase"], s["to_move"], s["over"]) == ("hand", "0", False)
    # 8 face-up cards in my hand, 8 backs in each bot's hand, 4 layout cards, 24 in the stock.
    assert page.locator(f"{MINE} .tt-ct-hand-card").count() == 8
    assert page.locator(".tt-ct-others .tt-ct-back").count() == 16
    assert page.locator(".tt-ct-layout-card").count() == 4
    assert page.locator(".tt-ct-stock .tt-ct-count").inner_text() == "stock: 24"

    tried_refusals = False
    for _ in range(40):
        s = read_state(page)
        if s["over"]:
            break
        assert s["to_move"] == "0", s  # the bots always finish their turns in Python
        before = s["moves"]
        if s["phase"] == "stock":
            # The turned-up card can take several: click the one to take.
            assert page.locator(".tt-ct-turned-card").count() == 1
            page.locator(".tt-ct-layout-card.tt-ct-target").first.click()
        else:
            page.locator(f"{MINE} .tt-ct-hand-card").first.click()
            page.wait_for_selector(f"{MINE} .tt-ct-hand-card.tt-ct-selected")
            targets = page.locator(".tt-ct-layout-card.tt-ct-target")
            if targets.count():
                if not tried_refusals:
                    tried_refusals = _try_refusals(page, before)
                    if tried_refusals:  # the selection survives a refusal
                        page.wait_for_selector(f"{MINE} .tt-ct-hand-card.tt-ct-selected")
                targets.first.click()
            else:
                page.click(".tt-ct-table button.tt-ct-lay")
        wait_moves_past(page, before)

    s = read_state(page)
    assert s["over"], s
    assert sum(s["points"]) == 240  # every point of a 3-player deal is captured (CT-5)
    assert s["error"] == "-"
    assert tried_refusals
    # The page agrees with Python: empty hands, empty layout and stock, piles with the points.
    assert page.locator(".tt-ct-hand-card, .tt-ct-back").count() == 0
    assert page.locator(".tt-ct-layout-card").count() == 0
    assert page.locator(".tt-ct-stock .tt-ct-count").inner_text() == "stock: 0"
    assert re.search(r"The deal is over: .+ wins?\.", page.locator(".tt-ct-message").inner_text())
    for seat, pts in enumerate(s["points"]):
        label = page.locator(f".tt-ct-pile[data-seat='{seat}'] .tt-ct-pile-label").inner_text()
        assert label.endswith(f"· {pts} pts"), label
    total_row = page.locator(".tt-ct-scores tr").nth(1).inner_text().split()
    assert [int(x) for x in total_row[1:]] == s["points"]
    page_log.assert_clean()


def _try_refusals(page, before: int) -> bool:
    """With a capturing card selected: a non-target layout card and "lay it down" are
    refused, naming the rule, and nothing changes in Python."""
    others = page.locator(".tt-ct-layout-card:not(.tt-ct-target)")
    if not others.count():
        return False
    others.first.click()
    wait_error(page, r".*\(CT-2\)")
    page.click(".tt-ct-table button.tt-ct-lay")
    wait_error(page, r".*capturing is compulsory\. \(CT-3\)")
    assert read_state(page)["moves"] == before
    return True
