"""The card and hand widgets in a real browser, served by Voilà.

Each test clicks or types in Chromium and checks both the drawing and the
Python-side state, which the notebook prints into labels from ``observe``.
The last test renders each front end alone on a stand-in model with traits
missing (a Python None arriving as undefined).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[1]  # one Voilà server for every test notebook
NOTEBOOK = "matchstick_tycoon/notebooks/widgets.ipynb"
# Saved by the test run; copy it to docs/images/ to refresh the README's picture
# (the test never rewrites tracked files).
SCREENSHOT = Path(__file__).resolve().parents[2] / "test-artifacts" / "widgets.png"
READY = ".tt-mt-hand-widget .tt-mt-hand-card"


def expect_text(page, selector: str, pattern: str, timeout: float = 15_000) -> None:
    """Wait until ``selector``'s text matches ``pattern`` (a regex)."""
    from playwright.sync_api import expect

    expect(page.locator(selector)).to_have_text(re.compile(pattern), timeout=timeout)


@pytest.fixture
def widgets_page(voila_server, page, open_page):
    open_page(voila_server(NOTEBOOKS), NOTEBOOK, ready=READY)
    return page


def test_card_click_turn_and_refusal(widgets_page, page_log):
    page = widgets_page
    card = page.locator(".tt-mt-card-widget svg.tt-mt-card")
    assert card.get_attribute("aria-label") == "card 6, upright, acts as 6"
    expect_text(page, ".card-state", r"face=6 turned=False added=- value=6 cost=0 error=-")

    # Lay a stick on the empty segment b: 6 becomes 8.
    page.click(".tt-mt-card-widget .tt-mt-seg[data-segment='b']")
    stick_b = ".tt-mt-card-widget .tt-mt-seg.tt-mt-stick[data-segment='b'] .tt-mt-stick-head"
    page.wait_for_selector(stick_b)
    expect_text(page, ".card-state", r"added=b value=8 cost=1 error=-")
    expect_text(page, ".tt-mt-card-widget .tt-mt-caption", r"acts as 8 · 1 stick")
    assert "stick on b, acts as 8" in card.get_attribute("aria-label")

    # A printed segment is refused, visibly, and nothing else changes.
    page.click(".tt-mt-card-widget .tt-mt-seg[data-segment='a']")
    expect_text(page, ".tt-mt-card-widget .tt-error", r"The top segment is printed")
    expect_text(page, ".card-state", r"added=b value=8 cost=1 error=The top segment is printed")

    # Take the stick back, then turn the card over: 6 reads 9.
    page.click(".tt-mt-card-widget .tt-mt-seg[data-segment='b']")
    expect_text(page, ".card-state", r"turned=False added=- value=6 cost=0 error=-")
    page.click(".tt-mt-card-widget button.tt-mt-turn")
    page.wait_for_selector(".tt-mt-card-widget svg.tt-mt-card.tt-mt-is-turned")
    expect_text(page, ".card-state", r"turned=True added=- value=9 cost=0")
    assert card.get_attribute("aria-label") == "card 6, turned over, acts as 9"
    page_log.assert_clean()


def test_card_keyboard(widgets_page, page_log):
    page = widgets_page
    page.focus(".tt-mt-card-widget svg.tt-mt-card")
    page.keyboard.press("ArrowDown")  # into the segments, at a
    page.keyboard.press("ArrowRight")  # a -> b
    focused = page.evaluate("document.activeElement.getAttribute('data-segment')")
    assert focused == "b"
    page.keyboard.press("Space")
    expect_text(page, ".card-state", r"added=b value=8 cost=1")
    # Focus survives the redraw, so Enter takes the stick back.
    page.keyboard.press("Enter")
    expect_text(page, ".card-state", r"added=- value=6 cost=0")
    page_log.assert_clean()


def test_hand_select_transform_and_play(widgets_page, page_log):
    page = widgets_page
    hand = page.locator(".tt-mt-hand-widget")
    tiles = hand.locator(".tt-mt-hand-card")
    n = tiles.count()
    assert n == 15
    expect_text(page, ".hand-state", rf"selected=- play=- cost=0 cards={n} error=-")

    # Select the first card (a 1) by clicking, then deselect it with the keyboard.
    tiles.nth(0).locator("svg.tt-mt-card").click()
    expect_text(page, ".hand-state", r"selected=0 play=1x1: 1 cost=0")
    assert tiles.nth(0).locator("svg.tt-mt-card").get_attribute("aria-pressed") == "true"
    page.focus(".tt-mt-hand-card >> nth=0 >> svg.tt-mt-card")
    page.keyboard.press("Space")
    expect_text(page, ".hand-state", r"selected=- play=-")

    # Pick a value: cards that can make it are marked; pick a legal play and play it.
    hand.locator(".tt-mt-values button[data-value='8']").click()
    page.wait_for_selector(".tt-mt-hand-card.tt-mt-marked")
    plays = hand.locator(".tt-mt-plays button")
    assert plays.count() >= 1
    move = plays.first.get_attribute("data-move")
    plays.first.click()
    expect_text(page, ".hand-state", rf"play={re.escape(move)} ")
    page.click(".tt-mt-hand-widget button.tt-mt-play")
    expect_text(page, ".played", rf"played: {re.escape(move)}")
    k = int(move.split("x")[0])
    expect_text(page, ".hand-state", rf"selected=- play=- cost=0 cards={n - k} error=-")
    assert hand.locator(".tt-mt-hand-card").count() == n - k
    page_log.assert_clean()


def test_hand_transform_in_browser_and_screenshot(widgets_page, page_log):
    page = widgets_page
    # Card: a stick on b (6 -> 8).
    page.click(".tt-mt-card-widget .tt-mt-seg[data-segment='b']")
    expect_text(page, ".card-state", r"value=8 cost=1")
    # Hand: select the 6 and turn it over, with its 9 showing.
    hand = page.locator(".tt-mt-hand-widget")
    sixes = hand.locator(".tt-mt-hand-card svg.tt-mt-card[aria-label^='card 6,']")
    sixes.first.click()
    expect_text(page, ".hand-state", r"play=1x6: 6 cost=0")
    hand.locator(".tt-mt-hand-card.tt-mt-selected button.tt-mt-turn").click()
    expect_text(page, ".hand-state", r"play=1x9: 6~ cost=0")
    # Add a stick on the turned card: 9 + e = 8.
    hand.locator(".tt-mt-hand-card.tt-mt-selected .tt-mt-seg[data-segment='e']").click()
    expect_text(page, ".hand-state", r"play=1x8: 6\+b cost=1")
    page.wait_for_timeout(400)  # let the turn animation finish before the picture
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    bottom = page.locator(".played").bounding_box()
    clip = {"x": 0, "y": 0, "width": 1200, "height": bottom["y"] + bottom["height"] + 16}
    page.screenshot(path=str(SCREENSHOT), clip=clip)
    assert SCREENSHOT.stat().st_size > 5_000
    page_log.assert_clean()
