"""A game of bots alone on a play page, in Voilà: the page stays live while they play.

The bots play one move per turn of the kernel's loop (``PlayScreen.stop_bots``): a click
on **Stop the bots** reaches the kernel between two moves and halts them there.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_harness import open_notebook, start_a_match_of_bots_alone

pytestmark = pytest.mark.browser

APP = Path(__file__).resolve().parents[2] / "notebooks"
MINE = ".tt-ct-table .tt-ct-mine"


def test_a_match_of_bots_alone_stops_at_a_click_and_plays_on_at_continue(
    voila_server, page, page_log
):
    """Every seat a bot, a match to 500 points (about a minute): Stop the bots halts them
    after the move shown; the table keeps that position, the status line says it was
    stopped and where the match stands, New game works again; Continue plays on.  On a
    laptop (1280 x 800) Continue shows where Stop the bots was, on the first screen (it
    was under the table)."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 800})
    open_notebook(page, voila_server(APP), "chinese_ten/play.ipynb", f"{MINE} .tt-ct-hand-card")
    start_a_match_of_bots_alone(page)
    status = page.locator(".tt-play-screen .tt-screen-status")
    expect(status).to_contain_text("The bots are playing the whole game.", timeout=20_000)
    expect(status).to_contain_text("or when you stop them.")
    stop = page.get_by_role("button", name="Stop the bots")
    expect(stop).to_be_enabled()
    was = stop.bounding_box()
    log = page.locator(".tt-play-screen .tt-ct-log li[value]")
    expect(log.nth(2)).to_be_attached(timeout=20_000)  # a few moves played, one by one
    stop.click()
    expect(status).to_contain_text(
        re.compile(r"You stopped the bots after move (\d+)\. Deal \d of a match to 500 points"),
        timeout=10_000,
    )
    stopped = int(re.search(r"after move (\d+)", status.inner_text())[1])
    expect(stop).to_be_hidden()
    go_on = page.get_by_role("button", name="Continue")
    expect(go_on).to_be_visible()
    at = go_on.bounding_box()
    assert abs(at["y"] - was["y"]) <= 4 and abs(at["x"] - was["x"]) <= 4, (was, at)
    assert at["y"] >= 0 and at["y"] + at["height"] <= 800, at  # on the first screen
    page.wait_for_timeout(1500)  # the bots would have made three moves by now
    assert int(re.search(r"after move (\d+)", status.inner_text())[1]) == stopped
    # the table shows the position stopped at: its log ends with that move's number
    numbers = [int(v) for v in log.evaluate_all("els => els.map(e => e.value)")]
    assert numbers and numbers[-1] == stopped
    expect(page.locator(".tt-play-screen .tt-stepper")).to_have_count(0)  # not over
    # New game works again; Continue lets the bots play on
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page.get_by_role("button", name="Start the new game")).to_be_enabled()
    page.get_by_role("button", name="Continue").click()
    expect(status).to_contain_text("The bots are playing the whole game.", timeout=10_000)
    expect(page.get_by_role("button", name="Stop the bots")).to_be_visible()
    page.get_by_role("button", name="Stop the bots").click()
    expect(status).to_contain_text("You stopped the bots after move", timeout=10_000)
    page_log.assert_clean()
