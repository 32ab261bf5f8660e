"""Nothing a learner did is lost on a reload: for every game of the registry, the tutorial
step and a game in progress come back in the new kernel ("Go on where I was", "Go on with
it"), exactly as they were."""

from __future__ import annotations

import pytest
from browser_harness import MAIN_WIDGET, PageLog, open_notebook, record
from learner_actions import BOARD, next_step, person_move, settle, step_number, text_of

from tabletop_widgets.core.registry import BUILTIN, GAMES

pytestmark = pytest.mark.browser

TUTORIALS = [f"{key}/{GAMES[key].page('tutorial').notebook}" for key in BUILTIN]
PLAY_PAGES = [f"{key}/{GAMES[key].page('play').notebook}" for key in BUILTIN]


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log = PageLog()
    record(page, log)
    yield page, log
    context.close()


@pytest.mark.parametrize("notebook", TUTORIALS)
def test_a_reload_mid_tutorial_offers_the_step_the_learner_was_at(app_server, tab, notebook):
    page, log = tab
    open_notebook(page, app_server, notebook, ready=MAIN_WIDGET[notebook])
    settle(page)
    for _ in range(3):
        next_step(page)
    assert step_number(page) == 4
    progress = page.locator(".tt-lesson .widget-label").filter(has_text="steps done").first
    before = page.locator(".tt-lesson h3").first.inner_text(), progress.inner_text()
    page.reload()
    page.wait_for_selector("text=Welcome back: you were at step 4", timeout=120_000)
    page.locator("button:has-text('Go on where I was')").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.tt-lesson .widget-label')]"
        ".some(l => l.textContent.includes('step 4'))"
    )
    settle(page)
    assert step_number(page) == 4
    # The same step, and the steps read before still counted as done.
    assert (page.locator(".tt-lesson h3").first.inner_text(), progress.inner_text()) == before
    log.assert_clean(left_pages=True)


@pytest.mark.parametrize("notebook", PLAY_PAGES)
def test_a_reload_mid_game_brings_the_game_back_as_it_was(app_server, tab, notebook):
    page, log = tab
    key = notebook.split("/")[0]
    open_notebook(page, app_server, notebook, ready=MAIN_WIDGET[notebook])
    settle(page)
    for _ in range(2):  # two moves of the person (and the bots' answers)
        assert person_move(page, key)
    boards = [BOARD[key], ".tt-play-screen .tt-board"]  # Tycoon: its hand and its table
    # Chinese Ten's list of every move stays open once opened, in this page only: a reload
    # opens it closed, as a new page does.
    page.evaluate(
        "() => document.querySelectorAll('details.tt-ct-legal').forEach(d => d.open = false)"
    )
    settle(page)
    before = [text_of(page, b) for b in boards]
    page.reload()
    page.wait_for_selector("text=You have a game in progress here", timeout=120_000)
    page.locator("button:has-text('Go on with it')").click()
    page.wait_for_selector(".tt-screen-status >> text=/Loaded a game at move/", timeout=30_000)
    settle(page)
    assert [text_of(page, b) for b in boards] == before
    log.assert_clean(left_pages=True)
