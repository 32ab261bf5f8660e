"""Matchstick Tycoon's game end on the replay, on a laptop's page too (the page's first
screen, every game's, is tested in tests/browser/test_first_screen.py).

Newcomer finding: the replay's last move showed "The table is empty." instead of the play
that ended the game."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PLAY = "matchstick_tycoon/play.ipynb"


def open_play(page, server) -> None:
    page.goto(server.url(PLAY))
    page.wait_for_selector(".tt-mt-table .tt-mt-seat", timeout=90_000)


def test_the_replays_last_move_shows_the_play_that_ended_the_game(page, page_log):
    """The replay's table at the game's last move: the cards of the play that ended it on
    the felt, who played them and went out, and that the game is over and who won."""
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.games.matchstick_tycoon.screens.play import play_screen

    from .test_browser import _draw_alone

    with language("en"):
        for seed in range(1, 60):
            screen = play_screen(seats=["person", "easy", "medium"], seed=seed)
            screen.autoplay()
            if screen.game.history[-1].kind == "play":
                break
        g = screen.game
        screen.replay.go(len(g.history))
        winner = screen.names[g.result.ranking[0]]
    _draw_alone(page, [screen.replay_board.table])
    table = page.locator(".tt-drawn-0 .tt-mt-table")
    felt = table.locator(".tt-mt-felt")
    assert felt.locator("svg.tt-mt-card").count() == g.history[-1].count
    assert "The table is empty." not in felt.inner_text()
    assert " and went out" in felt.inner_text() and g.history[-1].text in felt.inner_text()
    said = "Game over: you won." if winner == "You" else f"Game over: {winner} won."
    assert table.locator(".tt-mt-message").inner_text().startswith(said)
    page_log.assert_clean()


def test_a_laptops_replay_stays_whole_and_its_last_move_says_the_end(voila_server, browser):
    """At 1280 × 800 the page's grid (the coach beside the table) leaves the end's replay
    whole: its stepper over its table, across the page.  Its last move shows how the game
    ended (the last play's cards, or the last stick discarded) and who won, not "The table
    is empty."."""
    from browser_harness import PageLog, record

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    log = PageLog()
    record(page, log)
    try:
        open_play(page, voila_server(NOTEBOOKS))
        page.get_by_role("button", name="New game", exact=True).click()
        person = page.locator(".tt-new-game select:has(option:checked:text-is('Person'))")
        person.first.wait_for(timeout=20_000)
        person.select_option(label="Bot, easy")  # bots alone: the game plays to its end
        page.get_by_role("button", name="Start the new game").click()
        page.get_by_text("Replay the game").first.wait_for(timeout=60_000)
        page.locator(".tt-stepper-moves button[data-move]").last.click()
        page.wait_for_function(
            "() => /^move (\\d+) of \\1$/.test("
            "document.querySelector('.tt-stepper-count').textContent.trim())"
        )
        replay = page.locator(".tt-mt-table").last
        felt = replay.locator(".tt-mt-felt")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.tt-mt-table')].pop()"
            ".querySelector('.tt-mt-message').textContent.startsWith('Game over: ')"
        )
        assert "The table is empty." not in felt.inner_text()
        assert "went out" in felt.inner_text()
        assert " won. Places: 1st " in replay.locator(".tt-mt-message").inner_text()
        stepper = page.locator(".tt-stepper").bounding_box()
        table = replay.bounding_box()
        assert stepper["y"] + stepper["height"] <= table["y"] + 1, (stepper, table)
        assert table["width"] > 900  # across the page, not in the table's column
        log.assert_clean()
    finally:
        context.close()
