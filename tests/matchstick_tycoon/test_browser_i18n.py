"""Matchstick Tycoon in French in the browser: a refusal on the play page reads in French
with its rule id, and the whole tutorial can be completed in French by clicking."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PLAY_FR = "matchstick_tycoon/play.ipynb?lang=fr"
TUTORIAL_FR = "matchstick_tycoon/tutorial.ipynb?lang=fr"


def _lead(page, hand) -> None:
    """Lead with the first play offered (by the Make row: no words needed).  A click that
    lands while the hand is redrawn (a bot's move arriving) is lost: then click again."""
    plays = hand.locator(".tt-mt-plays button")
    for attempt in range(4):
        if plays.count():
            break
        hand.locator(".tt-mt-values button[data-value]:not([data-value=''])").first.click()
        try:
            plays.first.wait_for(timeout=5_000)
        except Exception:
            if attempt == 3:
                raise
    if not hand.locator(".tt-mt-plays button[aria-pressed='true']").count():
        hand.locator(".tt-mt-plays button").first.click()
    page.wait_for_selector(".tt-mt-hand-widget button.tt-mt-play:not([disabled])")
    hand.locator("button.tt-mt-play").click()


LAST_MOVE_NUMBER = (
    "() => { const ns = document.querySelectorAll('.tt-mt-table .tt-mt-log-n');"
    " return ns.length ? parseInt(ns[ns.length - 1].textContent, 10) : 0; }"
)


def _after(page, action) -> None:
    """Do ``action``, then wait until the log's last move number has grown (the log shows
    only its last lines): the next turn is drawn."""
    before = page.evaluate(LAST_MOVE_NUMBER)
    action()
    page.wait_for_function(f"n => ({LAST_MOVE_NUMBER})() > n", arg=before, timeout=30_000)


def test_a_refusal_on_the_play_page_reads_in_french(voila_server, page, page_log, open_page):
    open_page(voila_server(NOTEBOOKS), PLAY_FR, ready=".tt-mt-hand-widget .tt-mt-hand-card")
    page.get_by_role("button", name="Annuler mon dernier coup").wait_for()
    hand = page.locator(".tt-mt-hand-widget").first
    status = hand.locator(".tt-mt-status")
    for _turn in range(40):
        page.wait_for_function(
            "() => { const h = document.querySelector('.tt-mt-hand-widget');"
            " return h.querySelector('button.tt-mt-pass')"
            " || h.querySelector('.tt-mt-values button'); }",
            timeout=30_000,
        )
        if not hand.locator("button.tt-mt-pass").count():
            _after(page, lambda: _lead(page, hand))
            continue
        cards = hand.locator("svg.tt-mt-card[data-index]")
        for i in range(cards.count()):
            cards.nth(i).click()
            page.wait_for_function(
                "() => document.querySelector('.tt-mt-hand-widget .tt-mt-hand-card.tt-mt-selected')"
            )
            said = status.inner_text()
            if "(MT-" in said:
                # Too few cards for the table asks for more; anything else is refused.
                assert re.match(
                    r"(Vous ne pouvez pas jouer cela|Choisissez encore \d+ cartes?)\u00a0:",
                    said,
                ), said
                assert re.search(r"\((MT-\d)\)$", said), said
                assert not re.search(r"\b(cannot|stronger|table holds)\b", said), said
                assert hand.locator("button.tt-mt-play").is_disabled()
                page_log.assert_clean()
                return
            cards.nth(i).click()  # deselect; try the next card
        _after(page, lambda: hand.locator("button.tt-mt-pass").click())
    raise AssertionError("no refused selection met in 40 turns")


def _check(page) -> None:
    page.get_by_role("button", name="Vérifier", exact=True).click()
    page.locator(".tt-lesson.tt-ok").wait_for(timeout=15_000)


def _next(page) -> None:
    page.get_by_role("button", name="Suivant", exact=True).click()
    page.wait_for_timeout(200)


def _make(page, value: str, move: str) -> None:
    """In the exercise's hand: pick ``value`` in Make, the offered play starting ``move``,
    then Play."""
    hand = page.locator(".tt-mt-exercise .tt-mt-hand-widget")
    hand.locator(f".tt-mt-values button[data-value='{value}']").click()
    hand.locator(f".tt-mt-plays button[data-move^='{move}']").first.click()
    page.wait_for_selector(".tt-mt-exercise button.tt-mt-play:not([disabled])")
    hand.locator("button.tt-mt-play").click()
    page.locator(".tt-mt-exercise", has_text="Appuyez sur Vérifier").wait_for()


def _title(page) -> str:
    return page.locator(".tt-lesson h3").first.inner_text()


def test_the_tutorial_can_be_completed_in_french(voila_server, page, page_log, open_page):
    open_page(voila_server(NOTEBOOKS), TUTORIAL_FR, ready=".tt-lesson h3")
    assert "Le thème" in _title(page)
    # Nothing counts as done before the learner did anything.
    page.get_by_text(re.compile(r"étapes réussies\s*:\s*0 sur 16")).wait_for()
    for _read in range(3):  # the theme, the goal, the overview
        _next(page)
    card = page.locator(".tt-mt-card-widget")
    assert "Faire un 8 avec un 6" in _title(page)
    card.locator("[data-segment='b']").click()
    card.locator("[data-segment='b'].tt-mt-stick").wait_for()
    _check(page)
    _next(page)
    card.locator("button.tt-mt-turn").click()
    card.locator("svg.tt-mt-card.tt-mt-is-turned").wait_for()
    _check(page)
    _next(page)
    card.locator("button.tt-mt-turn").click()
    card.locator("svg.tt-mt-card.tt-mt-is-turned").wait_for()
    for segment in "ag":  # each click redraws the card: wait for its stick
        card.locator(f"[data-segment='{segment}']").click()
        card.locator(f"[data-segment='{segment}'].tt-mt-stick").wait_for()
    _check(page)
    _next(page)
    assert "Comment on note les coups" in _title(page)
    _next(page)
    _make(page, "3", "2x3")
    _check(page)
    _next(page)
    _make(page, "9", "1x9")
    _check(page)
    assert "Plus fort que la table" in page.locator(".tt-lesson.tt-ok").inner_text()
    _next(page)
    page.locator(".tt-mt-exercise button.tt-mt-pass").click()
    page.locator(".tt-mt-exercise", has_text="Appuyez sur Vérifier").wait_for()
    _check(page)
    _next(page)
    _make(page, "F", "1xF")
    _check(page)
    _next(page)
    _make(page, "8", "5x8")
    _check(page)
    _next(page)
    _make(page, "7", "5x7")
    _check(page)
    _next(page)
    # An empty hand: no Play / Pass / Clear beside it, only the discard button.
    exercise = page.locator(".tt-mt-exercise")
    assert exercise.locator("button.tt-mt-play").count() == 0
    exercise.get_by_role("button", name="Défausser une allumette").click()
    page.locator(".tt-mt-exercise", has_text="Appuyez sur Vérifier").wait_for()
    _check(page)
    _next(page)
    _make(page, "8", "1x8")
    _check(page)
    assert "première place" in page.locator(".tt-lesson.tt-ok").inner_text()
    _next(page)
    assert "Règles spéciales" in _title(page)
    assert page.get_by_role("button", name="Suivant", exact=True).is_disabled()
    page.get_by_role("link", name="Jouer une partie entière").wait_for()
    page.get_by_text(re.compile(r"étapes réussies\s*:\s*16 sur 16")).wait_for()
    text = page.locator(".tt-lesson").first.inner_text()
    assert not re.search(r"\b(the|and|Press|Check|Next)\b", text), text
    page_log.assert_clean()
