"""Newcomer findings on Matchstick Tycoon's play page, in the browser.

- On a phone (390 × 844) the hand wrapped five cards a row, each row tall with the room
  kept for a Turn button: three rows, and the table and the hand were never on one screen.
  Now the hand's cards share the row down to an eighth of it (a hand of 15: rows of 8 and
  7), with small gaps and no overflow, and the table's seats sit side by side: the table
  and the hand's cards are on one screen.  A laptop keeps its one row of cards.
- A chosen card's Turn button: its word where it fits the narrow card ("Turn"), else a
  turning arrow (French "Retourner" broke inside the button as "Reto/urner"), its name for
  a screen reader and its tooltip still the words.
- The order line ("Order (turned round): weakest", the values, "strongest") left the word
  "strongest" alone on a line: it now stays beside the last value, at 390 and 1280 px.
"""

from __future__ import annotations

import pytest
from browser_harness import PageLog, record

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
PLAY = "matchstick_tycoon/play.ipynb"

#: The hand's cards as laid out: per row, the gaps between neighbours, overflow, and the
#: table's and the hand's boxes (page coordinates).
HAND_JS = """() => {
  const screen = document.querySelector('.tt-play-screen');
  const row = screen.querySelector('.tt-mt-hand-row');
  // Rows by the cards' places in the layout (a chosen card is lifted a little: a transform).
  const tiles = [...row.querySelectorAll('.tt-mt-hand-card')];
  const cards = tiles.map((c) => c.getBoundingClientRect());
  const rows = [];
  tiles.forEach((t, i) => {
    const last = rows[rows.length - 1];
    if (last && last.top === t.offsetTop) last.cards.push(cards[i]);
    else rows.push({top: t.offsetTop, cards: [cards[i]]});
  });
  const gaps = rows.flatMap(({cards: r}) => r.slice(1).map((c, i) => c.x - r[i].right));
  const page = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right,
      width: r.width, height: r.height}; };
  return {
    perRow: rows.map((r) => r.cards.length), gaps, cardWidths: cards.map((c) => c.width),
    rowBox: page(row), rowScroll: row.scrollWidth, rowClient: row.clientWidth,
    cardsRight: Math.max(...cards.map((c) => c.right)),
    table: page(screen.querySelector('.tt-mt-table')),
    hand: page(screen.querySelector('.tt-mt-hand-widget')),
    pageWide: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll('.tt-play-page *')].map((e) => e.getBoundingClientRect())
      .filter((r) => r.width && r.right > window.innerWidth + 1).length,
  };
}"""

#: The order line with ``label`` as its first words (the reversed order's label, or a long
#: translation), as laid out: the lines of each text, and where "strongest" is.
ORDER_JS = """(label) => {
  const wrap = document.querySelector('.tt-play-screen .tt-mt-scale-wrap');
  const [first, scale, last] = wrap.children;
  if (label) first.textContent = label;
  const lines = (el) => { const r = document.createRange(); r.selectNodeContents(el);
    return new Set([...r.getClientRects()].map((q) => Math.round(q.y))).size; };
  const chips = [...scale.children].map((c) => c.getBoundingClientRect());
  const end = chips[chips.length - 1], s = last.getBoundingClientRect();
  return {labelLines: lines(first), strongestLines: lines(last),
    chipRows: new Set(chips.map((c) => Math.round(c.y))).size,
    middle: (s.top + s.bottom) / 2, endTop: end.top, endBottom: end.bottom,
    gap: s.left - end.right, right: Math.max(s.right, end.right),
    wrapRight: wrap.getBoundingClientRect().right,
    chipWidth: Math.min(...chips.map((c) => c.width))};
}"""


def _open(browser, app_server, viewport, touch, lang="en"):
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    log = PageLog()
    record(page, log)
    page.goto(app_server.url(PLAY + ("" if lang == "en" else f"?lang={lang}")))
    status = page.locator(".tt-play-screen .tt-screen-status")
    status.filter(has_text="Your turn" if lang == "en" else "À vous").wait_for(timeout=90_000)
    page.locator(".tt-play-screen .tt-mt-hand-card").first.wait_for()
    return context, page, log


def test_the_hand_is_compact_on_a_phone_and_shares_the_screen_with_the_table(app_server, browser):
    context, page, log = _open(browser, app_server, PHONE, True)
    try:
        hand = page.evaluate(HAND_JS)
        n = sum(hand["perRow"])
        assert n >= 14, hand["perRow"]  # the usual deal: 15 cards at 3 players
        # Eight cards a row (was five): two rows for the whole hand.
        assert hand["perRow"][0] == 8 and len(hand["perRow"]) == 2, hand["perRow"]
        assert all(0 <= g <= 4 for g in hand["gaps"]), hand["gaps"]  # no large gaps
        assert min(hand["cardWidths"]) >= 40, hand["cardWidths"]
        # Nothing overflows: not the row, not the page.
        assert hand["rowScroll"] <= hand["rowClient"] + 1, hand
        assert hand["cardsRight"] <= hand["rowBox"]["right"] + 1, hand
        assert hand["pageWide"] <= PHONE["width"] and hand["wide"] == 0, hand
        # The cards' two rows are about half the height three rows of five took (463 px).
        assert hand["rowBox"]["height"] <= 260, hand["rowBox"]
        # The table, from its seats, and the hand's cards on one screen.
        assert hand["rowBox"]["bottom"] - hand["table"]["top"] <= PHONE["height"], hand
        # A chosen card's Turn button: a 40 px touch target, inside its card's column.
        page.locator(".tt-play-screen .tt-mt-hand-card svg.tt-mt-card").nth(1).click()
        turn = page.locator(".tt-play-screen .tt-mt-hand-card .tt-mt-turn")
        turn.wait_for()
        box = turn.bounding_box()
        assert box["height"] >= 40 and box["width"] >= 40, box
        tile = page.locator(".tt-play-screen .tt-mt-hand-card").nth(1).bounding_box()
        assert (
            box["x"] >= tile["x"] - 3 and box["x"] + box["width"] <= tile["x"] + tile["width"] + 3
        )
        after = page.evaluate(HAND_JS)
        assert after["perRow"] == hand["perRow"] and after["wide"] == 0, after
        log.assert_clean()
    finally:
        context.close()


def test_a_laptop_keeps_the_hand_on_one_row(app_server, browser):
    context, page, log = _open(browser, app_server, LAPTOP, False)
    try:
        hand = page.evaluate(HAND_JS)
        assert len(hand["perRow"]) == 1, hand["perRow"]
        assert min(hand["cardWidths"]) >= 44, hand["cardWidths"]
        assert hand["rowScroll"] <= hand["rowClient"] + 1, hand
        log.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_strongest_is_never_alone_on_the_order_line(app_server, browser, viewport):
    context, page, log = _open(browser, app_server, viewport, viewport is PHONE)
    try:
        labels = [None, "Order (turned round): weakest", "Ordre (inversé) : le plus faible"]
        for label in labels:
            line = page.evaluate(ORDER_JS, label)
            where = (viewport["width"], label, line)
            assert line["labelLines"] == 1 and line["strongestLines"] == 1, where
            # "strongest" on the line of the last value, just after it.
            assert line["endTop"] - 2 <= line["middle"] <= line["endBottom"] + 2, where
            assert 0 <= line["gap"] <= 12, where
            assert line["chipRows"] == 1 and line["right"] <= line["wrapRight"] + 1, where
            assert line["chipWidth"] >= 12, where
        log.assert_clean()
    finally:
        context.close()


def test_a_turn_word_too_wide_for_a_phone_s_card_gives_way_to_its_sign(app_server, browser):
    seen = {}
    for lang in ("en", "fr"):
        context, page, log = _open(browser, app_server, PHONE, True, lang)
        try:
            page.locator(".tt-play-screen .tt-mt-hand-card svg.tt-mt-card").nth(1).click()
            turn = page.locator(".tt-play-screen .tt-mt-hand-card .tt-mt-turn")
            turn.wait_for()
            page.wait_for_function(
                "() => { const b = document.querySelector('.tt-play-screen .tt-mt-turn');"
                " return b && b.scrollWidth <= b.clientWidth + 1; }"
            )
            box = turn.bounding_box()
            tile = page.locator(".tt-play-screen .tt-mt-hand-card").nth(1).bounding_box()
            assert box["x"] >= tile["x"] - 1, (lang, box, tile)
            assert box["x"] + box["width"] <= tile["x"] + tile["width"] + 1, (lang, box, tile)
            seen[lang] = (
                turn.inner_text().strip(),
                turn.get_attribute("aria-label"),
                "tt-mt-turn-short" in (turn.get_attribute("class") or ""),
                # What the sign means: a phone has no tooltip to say it.
                page.locator(".tt-play-screen .tt-mt-turn-help").is_visible(),
                page.locator(".tt-play-screen .tt-mt-turn-help").text_content(),
            )
            log.assert_clean()
        finally:
            context.close()
    assert seen["en"][0] == "Turn" and not seen["en"][2], seen
    assert seen["fr"][0] == "\u21bb" and seen["fr"][2], seen
    assert seen["fr"][1].startswith("Retourner"), seen
    assert not seen["en"][3] and seen["fr"][3], seen
    assert "\u21bb" in seen["fr"][4] and "retourne" in seen["fr"][4], seen
