"""Nothing a learner did is lost on a reload: the tutorial step and a game in progress come
back in the new kernel ("Go on where I was", "Go on with it")."""

from __future__ import annotations

import re

import pytest
from browser_harness import MAIN_WIDGET, PageLog, open_notebook, record

pytestmark = pytest.mark.browser


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log = PageLog()
    record(page, log)
    yield page, log
    context.close()


def step_label(page) -> str:
    return page.locator(".tt-lesson .widget-label").filter(has_text="steps done").first.inner_text()


def test_a_reload_mid_tutorial_offers_the_step_the_learner_was_at(app_server, tab):
    page, log = tab
    notebook = "chinese_ten/tutorial.ipynb"
    open_notebook(page, app_server, notebook, ready=MAIN_WIDGET[notebook])
    for _ in range(3):
        page.locator(".tt-lesson button:has-text('Next')").first.click()
        page.wait_for_timeout(200)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.tt-lesson .widget-label')]"
        ".some(l => l.textContent.includes('step 4'))"
    )
    page.reload()
    page.wait_for_selector("text=Welcome back: you were at step 4", timeout=120_000)
    page.locator("button:has-text('Go on where I was')").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.tt-lesson .widget-label')]"
        ".some(l => l.textContent.includes('step 4'))"
    )
    assert re.search(r"step 4\b", step_label(page))
    log.assert_clean(left_pages=True)


def test_a_reload_mid_game_offers_the_game_in_progress(app_server, tab):
    page, log = tab
    notebook = "fistful_of_gold/play.ipynb"
    open_notebook(page, app_server, notebook, ready=MAIN_WIDGET[notebook])
    table = page.locator(".tt-fg-table").first
    for card in ("pink 1", "pink 2"):  # discard two cards: a move of the person
        table.locator(f"button.tt-fg-choice[data-card='{card}']").click()
    table.locator("button.tt-fg-confirm").click()
    page.wait_for_selector(".tt-fg-table .tt-fg-status >> text=/duel 1/i", timeout=30_000)
    page.reload()
    page.wait_for_selector("text=You have a game in progress here", timeout=120_000)
    page.locator("button:has-text('Go on with it')").click()
    page.wait_for_selector(".tt-fg-table .tt-fg-status >> text=/duel 1/i", timeout=30_000)
    assert page.locator(".tt-fg-table .tt-fg-discards .tt-fg-card").count() >= 2
    log.assert_clean(left_pages=True)
