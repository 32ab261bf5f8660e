"""A whole game of A Fistful of Gold against the greedy bot, in Voilà, by clicking only.

The page prints the Python-side game into a label (``.fg-state``), so each
click is checked on both sides: the drawing and the engine's state.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[1]  # one Voilà server for every test notebook
NOTEBOOK = "fistful_of_gold/notebooks/table.ipynb"
READY = ".tt-fg-table .tt-fg-choice"
MAX_CLICKS = 60  # a game needs about 20 human choices; more means the test is stuck


def expect_text(page, selector: str, pattern: str, timeout: float = 15_000) -> None:
    from playwright.sync_api import expect

    expect(page.locator(selector)).to_have_text(re.compile(pattern), timeout=timeout)


def moves(page) -> int:
    text = page.locator(".fg-state").inner_text()
    return int(re.search(r"moves=(\d+)", text).group(1))


def choose_and_confirm(page, table) -> str:
    """Select what the phase asks for (2 or 1 discards, a legal card, a discard back)."""
    confirm = table.locator("button.tt-fg-confirm")
    label = confirm.inner_text()
    title = table.locator(".tt-fg-hand-title").first.inner_text()
    need = int(m.group(1)) if (m := re.search(r"choose (\d) to discard", title)) else 1
    legal = table.locator("button.tt-fg-choice:not(.tt-fg-illegal)")
    for i in range(need):
        legal.nth(i).click()
        page.wait_for_selector(f".tt-fg-table button.tt-fg-choice.tt-fg-selected >> nth={i}")
    before = moves(page)
    confirm.click()
    page.wait_for_function(
        "n => /moves=(\\d+)/.exec(document.querySelector('.fg-state').textContent)[1] > n",
        arg=before,
        timeout=15_000,
    )
    return label


def test_full_game_against_the_bot_by_clicking(voila_server, page, page_log, open_page):
    open_page(voila_server(NOTEBOOKS), NOTEBOOK, ready=READY)
    table = page.locator(".tt-play-screen .tt-fg-table").first
    expect_text(page, ".fg-state", r"moves=1 phase=discard round=1 over=False .* error=-")
    # The bot has discarded in secret: a back marked "chosen", never its cards.
    assert table.locator(".tt-fg-chosen .tt-fg-card[data-card='back']").count() == 1
    assert table.locator(".tt-fg-row .tt-fg-card[data-card^='G']").count() == 0
    assert table.locator("button.tt-fg-confirm").is_disabled()

    labels: list[str] = []
    refused_plus_one = False
    flipped = False
    for _ in range(MAX_CLICKS):
        if table.locator(".tt-fg-result").count():
            break
        illegal = table.locator("button.tt-fg-choice.tt-fg-illegal")
        if not refused_plus_one and illegal.count():
            # The +1 rule (FG-3): Python refuses the card and nothing changes.
            before = page.locator(".fg-state").inner_text()
            illegal.first.click()
            expect_text(page, ".tt-fg-table .tt-error", r"may not play .*\(FG-3\)")
            expect_text(page, ".fg-state", re.escape(before.split(" error=")[0]) + r" error=You")
            assert table.locator("button.tt-fg-choice.tt-fg-selected").count() == 0
            refused_plus_one = True
        labels.append(choose_and_confirm(page, table))
        if labels[-1].endswith("Confirm") and table.locator(".tt-fg-flip").count() == 2:
            flipped = True  # both cards of the duel turned over together
    else:
        pytest.fail("the game did not end within the click budget")

    expect_text(
        page,
        ".fg-state",
        r"over=True winner=[01] decided=(rounds|gold)|over=True "
        r"winner=- decided=draw",
    )
    state = page.locator(".fg-state").inner_text()
    result = table.locator(".tt-fg-result").inner_text()
    assert re.search(r"wins the game|draw", result, re.I)
    assert any(x.endswith("Discard") for x in labels) and any(x.endswith("Confirm") for x in labels)
    assert flipped, "the reveal never animated"
    assert refused_plus_one, "no +1 refusal happened in this seeded game"
    # The round summary: one row per round played, each with a verdict.
    rows = table.locator(".tt-fg-rounds tr[data-round]")
    assert 2 <= rows.count() <= 3
    assert "winner=-" in state or f"{'You' if 'winner=0' in state else 'Greedy bot'} wins" in result
    # The replay stepper appears once the game is over; stepping back redraws its table.
    stepper = page.locator(".tt-play-screen .tt-stepper")
    stepper.wait_for()
    replay = page.locator(".tt-play-screen .tt-fg-table").nth(1)
    expect_text(page, ".tt-play-screen .tt-fg-table >> nth=1 >> .tt-fg-status", r"^Game over")
    stepper.locator("button[aria-label='first position']").click()
    expect_text(page, ".tt-play-screen .tt-stepper .tt-stepper-count", r"^move 0 of \d+")
    expect_text(page, ".tt-play-screen .tt-fg-table >> nth=1 >> .tt-fg-where", r"Round 1: discards")
    assert replay.locator(".tt-fg-row .tt-fg-card").count() == 0
    assert replay.locator("button.tt-fg-choice").count() == 9
    page_log.assert_clean()
