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
    open_page(voila_server(NOTEBOOKS), PLAY, ready=".tt-mt-table .tt-mt-seat")
    seats = page.locator(".tt-mt-table .tt-mt-seat")
    assert seats.count() == 3
    status = page.locator(".tt-screen-status")
    hand = page.locator(".tt-mt-hand-widget")

    def state() -> tuple[str, int]:
        return status.inner_text(), page.locator(".tt-mt-table .tt-mt-log li").count()

    for _ in range(MAX_TURNS):
        if status.inner_text().startswith("Game over"):
            break
        before = state()
        discard = page.get_by_role("button", name="Discard a stick")
        if not hand.is_visible() and not discard.is_visible():
            page.wait_for_timeout(200)  # the game just ended: the hand is put away
            continue
        if discard.is_visible():
            discard.click()
        elif hand.locator("button.tt-mt-pass").count():
            hand.locator("button.tt-mt-pass").click()  # following: passing is always allowed
        else:  # leading: choose a value, then one of its plays, then Play
            hand.locator(".tt-mt-values button[data-value]:not([data-value=''])").first.click()
            hand.locator(".tt-mt-plays button").first.wait_for(timeout=15_000)
            hand.locator(".tt-mt-plays button").first.click()
            page.wait_for_selector(".tt-mt-hand-widget button.tt-mt-play:not([disabled])")
            hand.locator("button.tt-mt-play").click()
        wait_for_change(page, state, before)
    else:
        raise AssertionError("the game did not end")

    # The final places, from Python's game state, are on the page.
    assert re.match(r"Game over\. 1st: .+; 2nd: .+; 3rd: .+\.", status.inner_text())
    page.get_by_text("Replay the game").first.wait_for()
    assert page.locator(".tt-stepper").count() == 1

    # The stepper: jump to move 3, step back with the keyboard, autoplay forward.
    stepper = page.locator(".tt-stepper")
    count = stepper.locator(".tt-stepper-count")
    total = int(re.search(r"of (\d+)", count.inner_text()).group(1))
    # The list says each move in words, with who made it; its notation is the tooltip.
    first = stepper.locator("button[data-move='1']")
    assert re.fullmatch(
        r"1\. .+ (played .+|passed and took a stick|discarded a stick)\.", first.inner_text()
    ), first.inner_text()
    assert re.fullmatch(r"\dx\w: .+|pass|discard", first.get_attribute("title"))
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
    views = page.locator(".tt-mt-table")
    page.wait_for_function(
        "() => { const t = document.querySelectorAll('.tt-mt-table');"
        " return t[t.length - 1].querySelectorAll('.tt-mt-log li').length === 2; }"
    )
    # and your hand at that move, face up, with nothing to choose or play
    held = page.locator(".tt-mt-hand-widget").last
    held.locator(".tt-mt-hand-card").first.wait_for()
    assert held.locator(".tt-mt-hand-card").count() >= 10  # 15 dealt, one play at most
    assert held.locator("button, svg[aria-pressed]").count() == 0
    stepper.locator("button[data-focus='play']").click()
    page.wait_for_function(
        "() => { const m = document.querySelector('.tt-stepper-count').textContent"
        ".match(/move (\\d+)/); return m && Number(m[1]) >= 4; }",
        timeout=15_000,
    )
    stepper.locator("button[data-focus='play']").click()
    assert total > 10 and views.count() == 2
    page_log.assert_clean()


TUTORIAL = "matchstick_tycoon/tutorial.ipynb"


def go_to_step(page, title: str) -> None:
    for _ in range(20):
        if title in page.locator(".tt-lesson h3").first.inner_text():
            return
        page.get_by_role("button", name="Next").click()
        page.wait_for_timeout(300)
    raise AssertionError(f"no step {title!r}")


def test_tutorial_card_stays_put_and_no_stale_message(voila_server, page, page_log, open_page):
    """Step 4: a refusal under the card does not move it; a check's message goes when the
    card changes (the old "The card shows 9" stayed while the card showed 6)."""
    open_page(voila_server(NOTEBOOKS), TUTORIAL, ready=".tt-lesson h3")
    go_to_step(page, "Make an 8 from a 6")
    card = page.locator(".tt-mt-card-widget svg.tt-mt-card").first
    before = card.bounding_box()
    page.locator(".tt-mt-card-widget [data-segment='a']").first.click()  # printed: refused
    page.wait_for_selector(".tt-mt-card-widget .tt-error:not([hidden])")
    assert "top segment is printed" in page.locator(".tt-mt-card-widget .tt-error").inner_text()
    assert card.bounding_box() == before
    page.locator(".tt-mt-card-widget button.tt-mt-turn").click()
    page.get_by_role("button", name="Check").click()
    page.get_by_text("The card shows 9, not 8").wait_for()
    page.locator(".tt-mt-card-widget button.tt-mt-turn").click()
    page.get_by_text("The card shows 9, not 8").wait_for(state="detached")
    # The keyboard way in is told on the page.
    assert "↑ steps into its segments" in page.locator(".tt-mt-card-widget").inner_text()
    page_log.assert_clean()


def test_tutorial_at_phone_width(voila_server, browser):
    """390 px with touch: the order bar shows every value, nothing is wider than the screen,
    and a step's move can be made by taps (Make → a play → Play)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        page.goto(voila_server(NOTEBOOKS).url(TUTORIAL))
        page.wait_for_selector(".tt-lesson h3", timeout=90_000)
        go_to_step(page, "Beat a play")
        scale = page.locator(".tt-mt-exercise .tt-mt-scale span")
        scale.first.wait_for()
        assert scale.count() == 16
        for i in range(16):
            box = scale.nth(i).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, i
        wide = page.evaluate(
            """() => [...document.querySelectorAll('.tt-widget, .tt-widget *')]
              .map((e) => e.getBoundingClientRect()).filter((r) => r.width && r.right > 391)
              .length"""
        )
        assert wide == 0
        small = page.evaluate(
            """() => [...document.querySelectorAll('.tt-mt-exercise button')]
              .map((e) => e.getBoundingClientRect())
              .filter((r) => r.width && (r.width < 40 || r.height < 40)).length"""
        )
        assert small == 0
        hand = page.locator(".tt-mt-exercise .tt-mt-hand-widget")
        hand.locator(".tt-mt-values button[data-value='9']").tap()
        hand.locator(".tt-mt-plays button").first.tap()
        page.wait_for_selector(".tt-mt-exercise button.tt-mt-play:not([disabled])")
        hand.locator("button.tt-mt-play").tap()
        page.get_by_text("Press Check, or Start again").wait_for()
        page.get_by_role("button", name="Check").tap()
        page.get_by_text("Stronger than the table").wait_for()
    finally:
        context.close()


def test_play_keyboard_few_tab_stops_and_focus_stays(voila_server, page, page_log, open_page):
    """From a card of the hand to Play in a few Tab stops; after Play the focus stays in the
    hand (it used to fall back to the page)."""
    open_page(voila_server(NOTEBOOKS), PLAY, ready=".tt-mt-hand-widget .tt-mt-hand-card")
    hand = page.locator(".tt-mt-hand-widget")
    values = hand.locator(".tt-mt-values button[data-value]:not([data-value=''])")
    # Each page deals a fresh game: pass until this seat has a value it can play.
    log = page.locator(".tt-mt-table .tt-mt-log li")
    for _ in range(30):
        page.wait_for_function(
            "() => { const h = document.querySelector('.tt-mt-hand-widget');"
            " return h.querySelector('button.tt-mt-pass')"
            " || h.querySelector(\".tt-mt-values button[data-value]:not([data-value=''])\"); }",
            timeout=30_000,
        )
        if values.count():
            break
        before = log.count()
        hand.locator("button.tt-mt-pass").click()
        wait_for_change(page, log.count, before)
    values.first.click()
    hand.locator(".tt-mt-plays button").first.click()
    page.wait_for_selector(".tt-mt-hand-widget button.tt-mt-play:not([disabled])")
    hand.locator("svg.tt-mt-card").first.focus()
    selected = hand.locator(".tt-mt-hand-card.tt-mt-selected").count()
    stops = 0
    while stops < 40:
        page.keyboard.press("Tab")
        stops += 1
        if page.evaluate("() => document.activeElement.getAttribute('data-focus')") == "play":
            break
    # a Turn button per selected card, the value row, the play row, Play
    assert stops <= selected + 3, stops
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.tt-mt-hand-widget').contains(document.activeElement)"
        " && document.activeElement.getAttribute('data-focus') !== 'play'"
    )
    assert "Keyboard:" in hand.inner_text()
    page_log.assert_clean()


def _draw_alone(page, widgets: list) -> None:
    """The front ends of ``widgets`` (Python widgets) drawn one under the other in a blank
    page, each from a model holding its synced state as Python has it now."""
    import json

    page.set_content("<html><body style='width: 900px'></body></html>")
    for i, widget in enumerate(widgets):
        state = json.loads(json.dumps(widget.get_state(), default=str))
        page.add_style_tag(content=widget._css)
        page.add_script_tag(type="module", content=widget._esm + f"\nwindow.ttRender{i} = render;")
        page.wait_for_function(f"typeof window.ttRender{i} === 'function'")
        page.evaluate(
            f"""(traits) => {{
                const el = document.createElement('div');
                el.className = 'tt-drawn-{i}';
                document.body.appendChild(el);
                const model = {{ get: (k) => traits[k], on: () => {{}}, off: () => {{}},
                                 send: () => {{}} }};
                window.ttRender{i}({{ model, el }});
            }}""",
            state,
        )


def test_the_better_move_on_the_replay_is_drawn_as_the_better_move(page, page_log):
    """Newcomer findings, "Show the better move" in the review: the replay's table said
    "You played …" for the coach's move, which was not played, and the hand under it
    "Not your turn: …", as if the replay waited for a move.  Drawn from the page's own
    state after "Show the better move": the felt and the last line of the log say your
    better move, not played; nothing says "You played" of it or "Not your turn"."""
    from tabletop_widgets.core.i18n import language

    from .helpers import showing_a_better_move

    with language("en"):
        screen, _panel, index, best = showing_a_better_move()
    board = screen.replay_board
    _draw_alone(page, [board.table, board.hand])
    table = page.locator(".tt-drawn-0 .tt-mt-table")
    last = table.locator(".tt-mt-log li").last
    assert "tt-mt-log-not-played" in last.get_attribute("class")
    assert last.inner_text() == f"{index + 1}. Your better move, not played: {best}"
    felt = table.locator(".tt-mt-felt-text").inner_text()
    assert felt.startswith("Your better move, not played: ") and f"({best.text})" in felt
    assert "not played" in table.locator(".tt-mt-message").inner_text()
    drawn = page.locator("body").inner_text()
    assert "You played" not in drawn and "Not your turn" not in drawn
    assert page.locator(".tt-drawn-1 .tt-mt-hand-card").count() > 0  # your hand, shown
    page_log.assert_clean()
