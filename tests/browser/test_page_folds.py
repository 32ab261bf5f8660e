"""The play page on a phone, as a newcomer met it: the introduction's *Read more* stays
open when the page draws the introduction again (a new language), and the button that
loads a saved game says its words only (it said "Load a saved game (0)")."""

from __future__ import annotations

from pathlib import Path

from browser_harness import PageLog, open_notebook, record
from learner_actions import settle

APP = Path(__file__).resolve().parents[2] / "notebooks"
OPEN = "() => [...document.querySelectorAll('details.tt-intro-more')].map((d) => d.open)"


def test_read_more_stays_as_the_learner_left_it_when_the_page_changes_language(
    voila_server, browser
):
    from playwright.sync_api import expect

    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        log = PageLog()
        record(page, log)
        open_notebook(page, voila_server(APP), "fistful_of_gold/play.ipynb", ".tt-board")
        load = page.locator(".tt-play-screen .tt-file-button button")
        expect(load).to_have_text("Load a saved game")  # no count of the files chosen
        summary = page.locator(".tt-intro-more > summary")
        expect(page.locator(".tt-intro-more .tt-when-closed")).to_have_text("Read more")
        assert page.evaluate(OPEN) == [False]
        summary.click()
        assert page.evaluate(OPEN) == [True]
        page.select_option(".tt-language-menu select", "fr")
        expect(load).not_to_have_text("Load a saved game")  # the page is in French now
        settle(page)
        assert "Read more" not in page.locator(".tt-intro-more").inner_text()
        assert page.evaluate(OPEN) == [True]  # drawn again, open as the learner left it
        assert "(" not in load.inner_text()
        summary.click()  # closed: it stays closed
        page.select_option(".tt-language-menu select", "en")
        expect(load).to_have_text("Load a saved game")
        settle(page)
        assert page.evaluate(OPEN) == [False]
        log.assert_clean()
    finally:
        context.close()
