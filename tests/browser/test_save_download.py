"""Save the game downloads the file at once, in Chromium, and the link stays as a link.

A learner clicks "Save the game" and expects the browser to save the file: the click is
enough (Playwright's download event).  The file is the record "Load a saved game" takes
back, each save is a download of its own, and a redraw does not download again.  The
"Download the file" link beside the button stays for a browser that blocks such a
download: underlined, in the link colour, reached with the keyboard.
The Python side: ``tests/ui/test_record_files.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_harness import MAIN_WIDGET, PageLog, open_notebook, record

from tabletop_widgets.core.records import load_record

pytestmark = pytest.mark.browser

PLAY = "fistful_of_gold/play.ipynb"
SAVE = ".tt-play-screen button:has-text('Save the game')"
LINK = ".tt-play-screen a.tt-download"
STATUS = ".tt-screen-status"


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, accept_downloads=True)
    page = context.new_page()
    log = PageLog()
    record(page, log)
    yield page, log
    context.close()


def status_says(page, words: str) -> None:
    page.wait_for_function(
        "(words) => document.querySelector('.tt-screen-status').innerText.includes(words)",
        arg=words,
    )


def discard_two(page) -> None:
    """The person's first move: two cards to discard, confirmed."""
    table = page.locator(".tt-fg-table").first
    for i in range(2):
        card = table.locator("button.tt-fg-choice:not(.tt-fg-illegal)").nth(i)
        name = card.get_attribute("data-card")
        card.click()
        page.wait_for_selector(f".tt-fg-table button.tt-fg-selected[data-card='{name}']")
    table.locator("button.tt-fg-confirm").click()
    page.wait_for_function(
        "() => !document.querySelector('.tt-fg-table .tt-fg-where').innerText.toLowerCase()"
        ".includes('discard')",
        timeout=15_000,
    )


def test_save_downloads_the_game_and_the_link_stays_a_link(app_server, tab, tmp_path: Path):
    page, log = tab
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    open_notebook(page, app_server, PLAY, ready=MAIN_WIDGET[PLAY])
    discard_two(page)

    # One click on Save: the browser downloads the file by itself.
    with page.expect_download(timeout=15_000) as info:
        page.locator(SAVE).click()
    download = info.value
    assert download.suggested_filename.startswith("fistful_of_gold-game-")
    assert download.suggested_filename.endswith(".json")
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["game"] == "fistful_of_gold"
    assert load_record(data).movers.count(0) == 1  # the person's discard
    status_says(page, "Saved")

    # The fallback link: visible, underlined, in the link colour, reached with Tab.
    link = page.locator(LINK)
    assert link.is_visible() and link.inner_text() == "Download the file"
    style = link.evaluate(
        "(a) => { const s = getComputedStyle(a), body = getComputedStyle(document.body);"
        " return {line: s.textDecorationLine, colour: s.color, text: body.color}; }"
    )
    assert "underline" in style["line"]
    assert style["colour"] != style["text"], style
    page.locator(SAVE).focus()
    page.keyboard.press("Tab")
    assert link.evaluate("(a) => document.activeElement === a")
    # Its file is the same record.
    assert link.get_attribute("download") == download.suggested_filename

    # A moment later: still one download (nothing redrawn starts it again).
    page.wait_for_timeout(1500)
    assert len(downloads) == 1

    # "Load a saved game" takes the file back.
    with page.expect_file_chooser() as chooser:
        page.locator(".tt-play-screen .tt-file-button button").click()
    chooser.value.set_files(str(saved))
    status_says(page, f"Loaded a game at move {len(data['moves'])}.")

    # Saving again (the same game) is a download of its own.
    with page.expect_download(timeout=15_000) as again:
        page.locator(SAVE).click()
    second = tmp_path / "again.json"
    again.value.save_as(second)
    assert json.loads(second.read_text(encoding="utf-8"))["moves"] == data["moves"]
    assert len(downloads) == 2
    log.assert_clean()
