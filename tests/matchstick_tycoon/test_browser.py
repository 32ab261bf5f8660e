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
    message = page.locator(".tt-table .tt-message").first
    page.get_by_role("button", name="What can I play?").click()

    def state() -> tuple[str, int]:
        return message.inner_text(), page.locator(".tt-table .tt-log li").count()

    for _ in range(MAX_TURNS):
        text = message.inner_text()
        if text.startswith("Game over"):
            break
        moves = page.locator(".tt-legal-moves button")
        moves.first.wait_for(timeout=30_000)
        before = state()
        moves.first.click()
        wait_for_change(page, state, before)
    else:
        raise AssertionError("the game did not end")

    # The final ranking, from Python's game state, is on the page.
    assert re.match(r"Game over — 1\. .+, 2\. .+, 3\. .+", message.inner_text())
    ranking = page.locator("ol >> nth=-1")
    page.get_by_text("Final ranking").wait_for()
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
    assert total > 10 and views.count() == 2 and ranking.count() == 1
    page_log.assert_clean()
