"""Every game's play page has one shape (ui/play_screen.css), swept here page by page with
the session's one browser.

Newcomer findings: at 1280 × 800, after New game and a Hint, the introduction and the
hints filled the first screen and the table and the hand were below it (Matchstick Tycoon's
hand on two rows, one card alone on the second; Chinese Ten's board at 814 px, A Fistful of
Gold's at 822 px).  Now, on a laptop, once the learner has started playing the
introduction folds to two lines with "Read more", the coach sits beside the table with its
best move alone, and the table and the hand are on the first screen.  On a phone the parts
stay one under the other, the coach's best move alone over the table, nothing wider than
the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: A game number where you play first, in each game's default seats.
SEED = "12345"
#: Each game's table (the whole widget), the part where the cards are played, the
#: learner's hand, and the cards of that hand.
PARTS = {
    "matchstick_tycoon": (
        ".tt-mt-table",
        ".tt-mt-felt",
        ".tt-mt-hand-row",
        ".tt-mt-hand-card svg.tt-mt-card",
    ),
    "chinese_ten": (
        ".tt-ct-table",
        ".tt-ct-centre",
        ".tt-ct-mine .tt-ct-hand",
        ".tt-ct-mine .tt-ct-hand img",
    ),
    "fistful_of_gold": (".tt-fg-table", ".tt-fg-felt", ".tt-fg-hand", ".tt-fg-hand .tt-fg-card"),
}
#: Whether the game's coach writes its moves' notation after their words.
NOTATION = {"matchstick_tycoon": True, "chinese_ten": True, "fistful_of_gold": False}
#: Boxes of the parts of the page, as the viewport sees them (the page scrolled to its top).
BOXES_JS = """([table, felt, hand, cards]) => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, right: r.right, bottom: r.bottom, width: r.width}; };
  const one = (s) => { const e = document.querySelector('.tt-play-screen ' + s);
    return e ? box(e) : null; };
  return {
    table: one(table), felt: one(felt), hand: one(hand),
    cards: [...document.querySelectorAll('.tt-play-screen ' + cards)].map(box),
    coach: one('.tt-coach-panel'),
    best: box(document.querySelector('.tt-coach-hints li')),
    wide: [...document.querySelectorAll('.tt-widget, .tt-widget *, .tt-play-page *')]
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width && r.right > window.innerWidth + 1).length,
  };
}"""


def _open(browser, server, game: str, width: int, height: int):
    from browser_harness import PageLog, record

    touch = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
    )
    page = context.new_page()
    log = PageLog()
    record(page, log)
    page.goto(server.url(f"{game}/play.ipynb"))
    page.locator(".tt-play-screen .tt-coach-panel button", has_text="Hint").wait_for(timeout=90_000)
    page.locator(f".tt-play-screen {PARTS[game][2]}").wait_for(timeout=30_000)
    return context, page, log


def _new_game_and_hint(page) -> None:
    """New game (a set game number), Start, then Hint on your turn; the page at its top."""
    from playwright.sync_api import expect

    page.get_by_role("button", name="New game", exact=True).click()
    number = page.locator(".tt-new-game input[type=text]").last
    number.wait_for(timeout=20_000)
    number.fill(SEED)
    page.get_by_role("button", name="Start the new game").click()
    status = page.locator(".tt-screen-status")
    expect(status).to_contain_text(f"game number {SEED}", timeout=20_000)
    expect(status).to_contain_text("Your turn", timeout=30_000)
    page.locator(".tt-play-screen .tt-coach-panel button", has_text="Hint").click()
    page.locator(".tt-coach-hints li").first.wait_for(timeout=30_000)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(300)


@pytest.mark.parametrize("game", list(PARTS))
def test_the_table_and_the_hand_are_on_a_laptops_first_screen_and_a_phone_keeps_one_column(
    voila_server, browser, game
):
    from playwright.sync_api import expect

    server = voila_server(NOTEBOOKS)
    # A laptop.
    context, page, log = _open(browser, server, game, 1280, 800)
    try:
        more = page.locator(".tt-play-page .tt-intro-more summary")
        expect(more).to_be_hidden()  # before the learner plays: the whole introduction
        # ... and the hand on the first screen all the same (Fistful's, to discard from,
        # was below its edge: the introduction's lines were 28 px apart, and the empty
        # row of the learner's duel cards kept its room; Matchstick Tycoon's introduction
        # was longer, and its hand's cards ended 70 px below the edge).
        bottoms = page.evaluate(
            "(s) => [...document.querySelectorAll('.tt-play-screen ' + s)]"
            ".map((e) => e.getBoundingClientRect().bottom)",
            PARTS[game][3],
        )
        assert bottoms and max(bottoms) <= 800, (game, bottoms)
        _new_game_and_hint(page)
        expect(more).to_be_visible()  # once a game has started: two lines, Read more
        expect(more.locator(".tt-when-closed")).to_have_text("Read more")
        b = page.evaluate(BOXES_JS, list(PARTS[game]))
        for part in ("felt", "hand"):
            assert b[part]["y"] >= 0 and b[part]["bottom"] <= 800, (game, part, b[part])
        assert b["cards"], game
        assert all(c["bottom"] <= 800 and c["right"] <= 1280 for c in b["cards"]), game
        # The coach beside the table, its best move on the first screen, the rest folded.
        assert b["coach"]["x"] >= b["table"]["right"], (game, b["coach"], b["table"])
        assert b["coach"]["y"] < b["felt"]["bottom"], (game, b["coach"], b["felt"])
        assert b["best"]["bottom"] <= 800, (game, b["best"])
        hints = page.locator(".tt-coach-hints li")
        expect(hints.nth(1)).to_be_hidden()
        expect(page.locator(".tt-coach-head")).to_be_hidden()
        why = page.locator(".tt-coach-more summary .tt-when-closed")
        expect(why).to_have_text("Why, and the other moves")
        why.click()
        expect(hints.nth(1)).to_be_visible()
        # Each move in words, in bold; its notation after it, small, where the game has one.
        notation = page.locator(".tt-coach-hints li > b + code.tt-coach-notation")
        if NOTATION[game]:
            expect(notation.first).to_be_visible()
            assert notation.first.evaluate("(e) => getComputedStyle(e).fontWeight") == "400"
        else:
            expect(notation).to_have_count(0)
        assert b["wide"] == 0, game
        if game == "matchstick_tycoon":  # the hand on one row, its cards still readable
            assert len({round(c["y"]) for c in b["cards"]}) == 1, [c["y"] for c in b["cards"]]
            assert min(c["width"] for c in b["cards"]) >= 40
        text = page.locator(".tt-play-page .tt-intro-text")
        folded = text.bounding_box()["height"]
        assert folded <= 80, folded  # two lines
        more.click()  # Read more opens the whole introduction again
        expect(more.locator(".tt-when-open")).to_have_text("Show less")
        assert text.bounding_box()["height"] > folded + 20
        log.assert_clean()
    finally:
        context.close()
    # A phone.
    context, page, log = _open(browser, server, game, 390, 844)
    try:
        _new_game_and_hint(page)
        b = page.evaluate(BOXES_JS, list(PARTS[game]))
        assert b["wide"] == 0, game
        assert all(c["right"] <= 390 for c in b["cards"]), game
        # One column: the coach as wide as the table, over it (not beside it), the best
        # move alone; the hand follows the table.
        assert b["coach"]["bottom"] <= b["table"]["y"] + 1, (game, b["coach"], b["table"])
        assert abs(b["coach"]["x"] - b["table"]["x"]) <= 2, (game, b["coach"], b["table"])
        expect(page.locator(".tt-coach-hints li").nth(1)).to_be_hidden()
        assert b["hand"]["y"] >= b["felt"]["y"], game
        log.assert_clean()
    finally:
        context.close()


def test_chinese_tens_hand_is_on_a_laptops_first_screen_with_two_and_four_players(
    voila_server, browser
):
    """With two players the hand holds 12 cards: the 12th went alone onto a second row and
    the hand ended at 812 px; with four, the three others' boxes took two rows (802 px).
    Now the 12 cards share one row, each over the next one's white edge, and the others sit
    side by side: the hand ends on the first screen of a 1280 × 800 laptop."""
    from playwright.sync_api import expect

    server = voila_server(NOTEBOOKS)
    context, page, log = _open(browser, server, "chinese_ten", 1280, 800)
    try:
        for players, cards in (("2", 12), ("4", 6)):
            page.get_by_role("button", name="New game", exact=True).click()
            page.locator(".tt-new-game select").first.select_option(players)
            page.locator(".tt-new-game input[type=text]").last.fill(SEED)
            page.get_by_role("button", name="Start the new game").click()
            status = page.locator(".tt-screen-status")
            expect(status).to_contain_text("Your turn", timeout=30_000)
            expect(page.locator(".tt-ct-mine .tt-ct-hand img")).to_have_count(cards)
            page.locator(".tt-play-screen .tt-coach-panel button", has_text="Hint").click()
            page.locator(".tt-coach-hints li").first.wait_for(timeout=30_000)
            page.evaluate("() => window.scrollTo(0, 0)")
            b = page.evaluate(BOXES_JS, list(PARTS["chinese_ten"]))
            assert len({round(c["y"]) for c in b["cards"]}) == 1, (players, b["cards"])
            assert b["hand"]["bottom"] <= 800, (players, b["hand"])
            # Each card shows its corner: the next card covers its white edge only.
            xs = [c["x"] for c in b["cards"]]
            steps = [x2 - x1 for x1, x2 in zip(xs, xs[1:], strict=False)]
            assert min(steps) >= 0.9 * b["cards"][0]["width"], steps
        log.assert_clean()
    finally:
        context.close()
