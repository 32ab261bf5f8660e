"""Matchstick Tycoon in the Voilà-served play notebook: a whole game by clicking, the stepper."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PLAY = "matchstick_tycoon/play.ipynb"
MAX_TURNS = 400


def wait_for_change(page, read, before, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if read() != before:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the page did not react within {timeout} s")


def test_whole_three_player_game_by_clicking_then_replay(voila_server, page, page_log, open_page):
    open_page(voila_server(NOTEBOOKS), PLAY, ready=".tt-table .tt-seat")
    seats = page.locator(".tt-table .tt-seat")
    assert seats.count() == 3
    status = page.locator(".tt-screen-status")
    hand = page.locator(".tt-hand-widget")

    def state() -> tuple[str, int]:
        return status.inner_text(), page.locator(".tt-table .tt-log li").count()

    for _ in range(MAX_TURNS):
        if status.inner_text().startswith("Game over"):
            break
        before = state()
        discard = page.get_by_role("button", name="Discard a stick")
        if discard.is_visible():
            discard.click()
        elif hand.locator("button.tt-pass").count():
            hand.locator("button.tt-pass").click()  # following: passing is always allowed
        else:  # leading: choose a value, then one of its plays, then Play
            hand.locator(".tt-values button[data-value]:not([data-value=''])").first.click()
            hand.locator(".tt-plays button").first.wait_for(timeout=15_000)
            hand.locator(".tt-plays button").first.click()
            page.wait_for_selector(".tt-hand-widget button.tt-play:not([disabled])")
            hand.locator("button.tt-play").click()
        wait_for_change(page, state, before)
    else:
        raise AssertionError("the game did not end")

    # The final places, from Python's game state, are on the page.
    assert re.match(r"Game over\. 1st: .+; 2nd: .+; 3rd: .+\.", status.inner_text())
    page.get_by_text("Replay the game").first.wait_for()
    assert page.locator(".tt-stepper").count() == 1

    # The stepper: jump to move 3, step back with the keyboard, autoplay forward.
    stepper = page.locator(".tt-stepper")
    count = stepper.locator(".tt-stepper-count")
    total = int(re.search(r"of (\d+)", count.inner_text()).group(1))
    stepper.locator("button[data-move='3']").click()
    page.wait_for_function(
        "() => document.querySelector('.tt-stepper-count').textContent.startsWith('move 3 ')"
    )
    stepper.focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "() => document.querySelector('.tt-stepper-count').textContent.startsWith('move 2 ')"
    )
    # the position view under the stepper follows: two moves in its log
    views = page.locator(".tt-table")
    page.wait_for_function(
        "() => { const t = document.querySelectorAll('.tt-table');"
        " return t[t.length - 1].querySelectorAll('.tt-log li').length === 2; }"
    )
    stepper.locator("button[aria-label='autoplay']").click()
    page.wait_for_function(
        "() => { const m = document.querySelector('.tt-stepper-count').textContent"
        ".match(/move (\\d+)/); return m && Number(m[1]) >= 4; }",
        timeout=15_000,
    )
    stepper.locator("button[aria-label='pause']").click()
    assert total > 10 and views.count() == 2
    page_log.assert_clean()
