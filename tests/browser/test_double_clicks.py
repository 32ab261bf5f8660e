"""One action per click, in Chromium (issue 16): real double clicks act once, and the
collapsible sections open from the keyboard.

A double click here is Playwright's: two clicks at once, the second sent before the page
has shown what the first did.  What happened is read from the game itself: the play page
saves the game (Save the game) and the test counts the person's moves in the record.
The Python side, button by button: ``tests/test_one_action.py``.
"""

from __future__ import annotations

import base64
import json

import pytest
from browser_harness import MAIN_WIDGET, PageLog, open_notebook, record

from tabletop_widgets.core.records import load_record

pytestmark = pytest.mark.browser

PLAY = {key: f"{key}/play.ipynb" for key in ("matchstick_tycoon", "chinese_ten", "fistful_of_gold")}
#: Long enough for a redraw to come back, and to be sure a dropped click stays dropped.
SETTLE = 1500


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    log = PageLog()
    record(page, log)
    yield page, log
    context.close()


def person_moves(page) -> int:
    """The moves of the person (the first seat) in the game as the kernel has it: saved by
    the page, read back."""
    status = page.locator(".tt-screen-status")
    assert "Saved" not in status.inner_text()  # (an action came since the last save)
    page.locator(".tt-play-screen button:has-text('Save the game')").click()
    page.wait_for_function(
        "() => document.querySelector('.tt-screen-status').innerText.includes('Saved')"
    )
    href = page.locator(".tt-play-screen a.tt-download").get_attribute("href")
    saved = json.loads(base64.b64decode(href.split(",", 1)[1]))
    return load_record(saved).movers.count(0)


def settle(page) -> None:
    page.wait_for_timeout(SETTLE)


def tycoon_double_click(page) -> str:
    """Pass (when following) or Play (when leading), double-clicked."""
    hand = page.locator(".tt-mt-hand-widget")
    if hand.locator("button.tt-mt-pass").count():
        hand.locator("button.tt-mt-pass").dblclick()
        return "pass"
    hand.locator(".tt-mt-values button[data-value]:not([data-value=''])").first.click()
    hand.locator(".tt-mt-plays button").first.wait_for(timeout=15_000)
    hand.locator(".tt-mt-plays button").first.click()
    page.wait_for_selector(".tt-mt-hand-widget button.tt-mt-play:not([disabled])")
    hand.locator("button.tt-mt-play").dblclick()
    return "play"


def chinese_ten_double_click(page) -> str:
    """A capture (a target of the first hand card) or "Lay it down", double-clicked."""
    mine = ".tt-ct-table .tt-ct-mine"
    page.locator(f"{mine} .tt-ct-hand-card").first.click()
    page.wait_for_selector(f"{mine} .tt-ct-hand-card.tt-ct-selected")
    targets = page.locator(".tt-ct-layout-card.tt-ct-target")
    if targets.count():
        targets.first.dblclick()
        return "capture"
    page.locator(".tt-ct-table button.tt-ct-lay").dblclick()
    return "lay"


def fistful_choose(page) -> None:
    """Choose what the round needs (two cards to discard, or one card to play)."""
    table = page.locator(".tt-fg-table").first
    need = 2 if "discard" in table.locator(".tt-fg-where").inner_text().lower() else 1
    for i in range(need):
        card = table.locator("button.tt-fg-choice:not(.tt-fg-illegal)").nth(i)
        name = card.get_attribute("data-card")
        card.click()
        page.wait_for_selector(f".tt-fg-table button.tt-fg-selected[data-card='{name}']")


def fistful_double_click(page) -> str:
    fistful_choose(page)
    page.locator(".tt-fg-table button.tt-fg-confirm").first.dblclick()
    return "confirm"


def slow_double_click_on_pass(page, made: int) -> None:
    """A slow double click on Pass: its second click comes after the page has drawn the
    next turn (the bots answer at once), on the Pass button again.  Still one pass.
    (Leading, the person plays until the table holds a play to pass on.)"""
    passing = page.locator(".tt-mt-hand-widget button.tt-mt-pass")
    for _ in range(8):
        if page.locator(".tt-screen-status").inner_text().startswith("Game over"):
            return
        if passing.count():
            box = passing.bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_timeout(400)  # the page shows the next turn
            page.mouse.down(click_count=2)
            page.mouse.up(click_count=2)
            settle(page)
            assert person_moves(page) == made + 1
            return
        tycoon_double_click(page)  # (plays)
        settle(page)
        made += 1
        assert person_moves(page) == made
    raise AssertionError("the person never had a play to pass on")


DOUBLE_CLICK = {
    "matchstick_tycoon": tycoon_double_click,
    "chinese_ten": chinese_ten_double_click,
    "fistful_of_gold": fistful_double_click,
}


@pytest.mark.parametrize("key", ["matchstick_tycoon", "chinese_ten"])
def test_a_double_click_on_a_game_action_plays_once(app_server, tab, key):
    page, log = tab
    open_notebook(page, app_server, PLAY[key], ready=MAIN_WIDGET[PLAY[key]])
    settle(page)
    action = DOUBLE_CLICK[key](page)
    settle(page)
    assert person_moves(page) == 1, action
    if key == "matchstick_tycoon":
        slow_double_click_on_pass(page, made=1)
    log.assert_clean()


def test_new_game_opens_from_the_keyboard_and_confirm_and_undo_act_once(app_server, tab):
    """A Fistful of Gold play page: Tab from the top of the page reaches New game, Enter
    opens it and closes it; a double click on Confirm plays once, on Undo takes back one."""
    page, log = tab
    notebook = PLAY["fistful_of_gold"]
    open_notebook(page, app_server, notebook, ready=MAIN_WIDGET[notebook])
    toggle = page.get_by_role("button", name="New game", exact=True)
    assert toggle.get_attribute("aria-expanded") == "false"
    page.locator("body").click(position={"x": 2, "y": 2})  # focus starts at the top
    for _ in range(60):
        page.keyboard.press("Tab")
        if toggle.evaluate("b => b === document.activeElement"):
            break
    else:
        raise AssertionError("Tab never reached New game")
    page.keyboard.press("Enter")
    page.locator(".tt-new-game select").first.wait_for(state="visible", timeout=15_000)
    assert toggle.get_attribute("aria-expanded") == "true"
    assert toggle.evaluate("b => b === document.activeElement")  # focus stays on it
    assert "Start the new game" in page.locator(".tt-new-game").inner_text()
    page.keyboard.press("Enter")
    page.locator(".tt-new-game select").first.wait_for(state="hidden", timeout=15_000)
    # Confirm (the discard, then a duel's card), double-clicked: one move each.
    fistful_double_click(page)
    settle(page)
    assert person_moves(page) == 1
    fistful_double_click(page)
    settle(page)
    assert person_moves(page) == 2
    page.locator(".tt-play-screen button:has-text('Undo my last move')").dblclick()
    settle(page)
    assert person_moves(page) == 1
    log.assert_clean()


def test_a_double_click_on_next_moves_one_step(app_server, tab):
    page, log = tab
    notebook = "chinese_ten/tutorial.ipynb"
    open_notebook(page, app_server, notebook, ready=MAIN_WIDGET[notebook])
    heading = page.locator(".tt-lesson h3").first
    assert heading.inner_text().startswith("1.")
    following = page.locator(".tt-lesson button:has-text('Next')").first
    following.dblclick()
    page.wait_for_function("() => document.querySelector('.tt-lesson h3').innerText[0] !== '1'")
    settle(page)
    assert heading.inner_text().startswith("2."), heading.inner_text()
    # Two single clicks at once, both sent (no double click for the page's guard): the
    # kernel acts on the first and drops the second, made before the page showed it.
    following.evaluate("b => { b.click(); b.click(); }")
    page.wait_for_function("() => document.querySelector('.tt-lesson h3').innerText[0] !== '2'")
    settle(page)
    assert heading.inner_text().startswith("3."), heading.inner_text()
    log.assert_clean()
