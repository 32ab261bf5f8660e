"""A whole game of A Fistful of Gold against the greedy bot, in Voilà, by clicking only.

The page prints the Python-side game into a label (``.fg-state``), so each
click is checked on both sides: the drawing and the engine's state.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_harness import PageLog, record

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[1]  # one Voilà server for every test notebook
APP = Path(__file__).resolve().parents[2] / "notebooks"  # the app's own pages
NOTEBOOK = "fistful_of_gold/notebooks/table.ipynb"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
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
    need = int(m.group(1)) if (m := re.search(r"choose (\d) cards? to discard", title)) else 1
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
    # The bot has discarded in secret: its two cards face down, "discard chosen", never
    # their faces.
    assert table.locator(".tt-fg-chosen .tt-fg-card[data-card='back']").count() == 2
    assert table.locator(".tt-fg-chosen .tt-fg-slot-label").inner_text() == "discard chosen"
    assert table.locator(".tt-fg-row .tt-fg-card[data-card^='G']").count() == 0
    assert table.locator("button.tt-fg-confirm").is_disabled()

    labels: list[str] = []
    refused_plus_one = False
    flipped = False
    hinted = False
    # The end is said once, in the screen's status line (not again on the table).
    over = page.locator(".tt-play-screen .tt-screen-status", has_text="Game over")
    for _ in range(MAX_CLICKS):
        if over.count():
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
        if not hinted and "duel" in table.locator(".tt-fg-where").inner_text():
            # The coach: its best cards now, each with a win chance and a reason.
            page.locator(".tt-play-screen .tt-coach-panel button", has_text="Hint").click()
            hints = page.locator(".tt-play-screen .tt-coach-hints li")
            hints.first.wait_for(timeout=30_000)
            assert 1 <= hints.count() <= 3
            assert re.search(r"^Your \w+ — win chance \d+\s%", hints.first.inner_text())
            hinted = True
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
    result = over.inner_text()
    assert re.search(r"wins? the game|draw", result, re.I)
    assert table.locator(".tt-fg-result").count() == 0 and "Game over" not in table.inner_text()
    assert any(x.endswith("Discard") for x in labels) and any(x.endswith("Confirm") for x in labels)
    assert flipped, "the reveal never animated"
    assert refused_plus_one, "no +1 refusal happened in this seeded game"
    # The round summary: one row per round played, each with a verdict.
    rows = table.locator(".tt-fg-rounds tr[data-round]")
    assert 2 <= rows.count() <= 3
    assert (
        "winner=-" in state
        or ("You win" if "winner=0" in state else "Bea (bot, medium) wins") in result
    )
    # The replay stepper appears once the game is over, at the game's start (the table
    # above keeps the end); stepping redraws its table.
    stepper = page.locator(".tt-play-screen .tt-stepper")
    stepper.wait_for()
    replay = page.locator(".tt-play-screen .tt-fg-table").nth(1)
    expect_text(page, ".tt-play-screen .tt-stepper .tt-stepper-count", r"^move 0 of \d+")
    stepper.locator("button[data-focus='last']").click()
    expect_text(page, ".tt-play-screen .tt-stepper .tt-stepper-count", r"^move (\d+) of \1$")
    # At its end the replay's table says nothing of the result: the status line says it.
    expect_text(page, ".tt-play-screen .tt-fg-table >> nth=1 >> .tt-fg-status", r"^$")
    stepper.locator("button[data-focus='first']").click()
    expect_text(page, ".tt-play-screen .tt-stepper .tt-stepper-count", r"^move 0 of \d+")
    expect_text(page, ".tt-play-screen .tt-fg-table >> nth=1 >> .tt-fg-where", r"Round 1: discards")
    assert replay.locator(".tt-fg-row .tt-fg-card").count() == 0
    assert replay.locator("button.tt-fg-choice").count() == 9
    assert hinted, "the coach was never asked"
    # The replay's list heads each round as the table names it (and the review's chart draws
    # a line where each starts).
    headings = page.locator(".tt-play-screen .tt-stepper-moves .tt-stepper-heading")
    assert headings.all_inner_texts()[:2] == ["Round 1", "Round 2"]
    # The review: every decision marked; a click on a point of the chart moves the stepper.
    page.locator(".tt-play-screen button", has_text="Review my game").click()
    review = page.locator(".tt-play-screen .tt-review")
    expect_text(page, ".tt-play-screen .tt-review-state", r"^Done\.", 60_000)
    marks = review.locator(".tt-review-chart [id^='tt-mark-']")
    assert marks.count() >= 5
    mark = marks.nth(3)
    index = int(mark.get_attribute("id").rsplit("-", 1)[1])
    mark.click()
    expect_text(page, ".tt-play-screen .tt-stepper .tt-stepper-count", rf"^move {index} of \d+")
    # Named as the person counts their moves, and as the game does: by the detail, or by
    # the mark's button highlighted just above it (the detail then does not repeat it).
    expect_text(
        page,
        ".tt-play-screen .tt-review-detail",
        rf"^(Your move \d+ \(move {index + 1} of the game\): you chose “|You chose “)",
    )
    if page.locator(".tt-play-screen .tt-review-detail").inner_text().startswith("You chose"):
        picked = review.locator(".tt-review-picked")
        assert picked.count() == 1
        assert f"(move {index + 1} of the game)" in picked.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    review.screenshot(path=str(ARTIFACTS / "fistful-review.png"))
    # What the figures mean, said once under the summary.
    assert "Win chance: how often you would win" in review.locator(".tt-review-about").inner_text()
    _the_review_on_a_phone(page, review)
    page_log.assert_clean()


#: The review's chart as the page shows it: its layout, the size of each word on the screen
#: (matplotlib draws words as glyphs scaled to their size: ``scale(size / 100)``, in the
#: chart's units, which the page scales to fit), and the width of each mark's target.
CHART_SIZES = r"""() => {
  const box = document.querySelector('.tt-play-screen .tt-review-svg');
  const svg = box.querySelector('svg');
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const text = [...svg.querySelectorAll('g[transform*="scale("]')].map((g) =>
    parseFloat(/scale\(([\d.]+)/.exec(g.getAttribute('transform'))[1]) * 100 * k);
  const targets = [...svg.querySelectorAll('.tt-review-target')].map((c) => {
    const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); });
  const marks = svg.querySelectorAll('.tt-review-mark').length;
  return { layout: box.dataset.layout, text, targets, marks };
}"""


def _the_review_on_a_phone(page, review) -> None:
    """The same review at 390 × 844: the chart drawn for the phone (words 11 px or more on
    the screen, where the wide chart's were 6 px; every mark a target 24 px or more), and
    a marked move's better move shown on the replay's table, far above the button: the
    page scrolls the replay into view and its caption says what the table shows."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector(".tt-play-screen .tt-review-svg[data-layout='narrow']")
    page.wait_for_function(
        "() => document.querySelectorAll('.tt-play-screen .tt-review-target').length > 0"
    )
    sizes = page.evaluate(CHART_SIZES)
    assert sizes["text"] and min(sizes["text"]) >= 11, sizes
    assert len(sizes["targets"]) == sizes["marks"] and min(sizes["targets"]) >= 24, sizes
    review.screenshot(path=str(ARTIFACTS / "fistful-review-390.png"))
    marked = review.locator(
        ".widget-button.tt-review-inaccuracy, .widget-button.tt-review-mistake, "
        ".widget-button.tt-review-blunder"
    )
    assert marked.count() > 0, "this seeded game has no marked move"
    marked.first.click()
    # A pick brings the replay (above the chart) into view, its caption saying what it shows.
    in_view = """() => { const r = document.querySelector('.tt-play-screen .tt-stepper')
                     .getBoundingClientRect();
                   return r.top >= 0 && r.top <= innerHeight * 0.6; }"""
    page.wait_for_function(in_view, timeout=10_000)
    expect_text(page, ".tt-play-screen .tt-stepper-note", r"^The table shows the cards ")
    # The replay's table only shows: no greyed Confirm and Clear as if a move were awaited.
    assert page.locator(".tt-play-screen .tt-fg-table >> nth=1 >> .tt-fg-bar").count() == 0
    better = review.locator("button", has_text="Show the better move on the table")
    better.wait_for()
    better.click()
    # The table says it shows the coach's move, at its top where the learner looks at the
    # cards; the replay's caption over its buttons does not say it again (it was said twice,
    # one above the other).
    expect_text(
        page,
        ".tt-play-screen .tt-fg-table >> nth=1 >> .tt-fg-status",
        r"^The table shows the coach's move, “",
    )
    page.wait_for_function(in_view, timeout=10_000)
    expect(page.locator(".tt-play-screen .tt-stepper-note")).to_have_count(0)
    said = 'document.body.innerText.split("The table shows the coach\'s move").length - 1'
    assert page.evaluate(f"() => {said}") == 1
    page.screenshot(path=str(ARTIFACTS / "fistful-better-move-390.png"))
    review.locator("button", has_text="Show the position before your move").click()
    expect_text(page, ".tt-play-screen .tt-stepper-note", r"^The table shows the cards ")
    # Stepped away from the decision picked, the review's words follow the replay: another
    # decision of the learner's is named by its own move, any other move is said to be
    # none of theirs; never the words of the move picked before.
    count = ".tt-play-screen .tt-stepper .tt-stepper-count"
    before = int(re.match(r"move (\d+)", page.locator(count).inner_text()).group(1))
    page.locator(".tt-play-screen .tt-stepper button[aria-label='step forward']").click()
    expect_text(page, count, rf"^move {before + 1} of \d+")
    expect_text(
        page,
        ".tt-play-screen .tt-review-detail",
        rf"^(Your move \d+ \(move ({before + 1}|{before + 2}) of the game\): you chose “"
        rf"|You chose “)",
    )
    # One step on from the move picked, the table shows the cards just after it, and
    # the words stay that move's (they once said "no move of yours" there).
    expect_text(
        page, ".tt-play-screen .tt-stepper-note", r"^The table shows the cards just (after|before)"
    )


# -- the app's pages on a phone, by taps (issue 16: readable, nothing cut off, touch) -------

#: Elements wider than the viewport or sticking out of it, as "tag.class [left,right] text".
OVERFLOW = """() => {
  const vw = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.height && (r.right > vw + 1 || r.left < -1))
      out.push(`${el.tagName}.${el.getAttribute('class')} [${r.left|0},${r.right|0}]`);
  }
  return out;
}"""
#: Text drawn on the cards smaller than 11 px, and controls of the table under 40 px.
SMALL = """() => {
  const out = [];
  for (const t of document.querySelectorAll('.tt-fg-table svg text, .tt-lesson svg text')) {
    const size = parseFloat(t.getAttribute('font-size')) * t.ownerSVGElement.getScreenCTM().a;
    if (t.getBoundingClientRect().height && size < 11) out.push(`${t.textContent} ${size}`);
  }
  const controls = '.tt-fg-table button, .tt-fg-table summary, .fg-switch select, .fg-again';
  for (const b of document.querySelectorAll(controls)) {
    const r = b.getBoundingClientRect();
    if (r.width && (r.width < 40 || r.height < 40)) out.push(`${b.textContent} ${r.height}`);
  }
  return out;
}"""

#: Words of the table's headers drawn on more than one line ("Rou" / "nd"), each with the
#: tops of its lines: a word's text range has one rectangle per line it is drawn on.
BROKEN_WORDS = """() => {
  const out = [];
  for (const th of document.querySelectorAll('.tt-fg-rounds th')) {
    for (const node of th.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width)
          .map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(`${m[0]} ${[...tops]}`);
      }
    }
  }
  return out;
}"""


@pytest.fixture
def phone(browser):
    """A page 390 px wide with touch, recorded like ``page`` (no animation: sizes are read
    while cards would still be turning over)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, reduced_motion="reduce"
    )
    page = context.new_page()
    log = PageLog()
    record(page, log)
    yield page, log
    context.close()


def tap_cards(page, *cards: str) -> None:
    table = page.locator(".tt-fg-table").first
    for card in cards:
        table.locator(f"button.tt-fg-choice[data-card='{card}']").tap()
        page.wait_for_selector(f".tt-fg-table button.tt-fg-selected[data-card='{card}']")


def confirm(page) -> None:
    before = page.locator(".tt-fg-table .tt-fg-status").first.inner_text()
    page.locator(".tt-fg-table button.tt-fg-confirm").first.tap()
    page.wait_for_function(
        "b => document.querySelector('.tt-fg-table .tt-fg-status').textContent !== b",
        arg=before,
        timeout=15_000,
    )


#: Longer than a double tap (Chromium: 300 ms) or a double click (500 ms).
DOUBLE_TAP = 600


def lesson_button(page, name: str):
    return page.locator(f".tt-lesson .widget-button:has-text('{name}')").first


def next_step(page, times: int = 1) -> None:
    """Tap Next, each time once the page shows the step it led to, and not as a double
    tap (a second tap on the same spot within the browser's double-tap time is one: the
    page acts on the first only)."""
    for _ in range(times):
        before = page.locator(".tt-lesson h3").first.inner_text()
        lesson_button(page, "Next").tap()
        page.wait_for_function(
            "b => document.querySelector('.tt-lesson h3').innerText !== b", arg=before
        )
        page.wait_for_timeout(DOUBLE_TAP)


def test_tutorial_on_a_phone_by_taps(voila_server, phone):
    page, log = phone
    from browser_harness import open_notebook

    server = voila_server(APP)
    open_notebook(page, server, "fistful_of_gold/tutorial.ipynb", ".tt-lesson .widget-button")
    heading = page.locator(".tt-lesson h3").first
    next_step(page, 2)
    expect_text(page, ".tt-lesson h3 >> nth=0", r"^3\. Your nine cards")
    page.locator(".fg-switch").first.wait_for()  # the lesson's own table is drawn
    expect_text(page, ".tt-fg-table .tt-fg-where", r"Round 1: discards")
    page.wait_for_timeout(500)
    assert page.evaluate(OVERFLOW) == [] and page.evaluate(SMALL) == []
    # The switch of the reading speaks the learner's words.
    assert "The 7s and 8s" in page.locator(".fg-switch").first.inner_text()
    tap_cards(page, "pink 1", "pink 2")
    expect_text(page, ".tt-fg-about", r"^To discard: pink 1 and pink 2\.$")
    confirm(page)
    lesson_button(page, "Check").tap()
    expect_text(page, ".tt-lesson .tt-ok", r"You discarded pink 1 and pink 2")
    # The +1 rule: the 5 is refused with its rule, linked to the rules page.
    next_step(page, 4)
    expect_text(page, ".tt-lesson h3 >> nth=0", r"^7\. The \+1 rule")
    expect_text(page, ".tt-fg-table .tt-fg-where", r"duel 2 of 6")  # this lesson's table
    # The greyed 5 says why under the hand before any tap (a phone has no tooltip).
    expect_text(page, ".tt-fg-table .tt-fg-greyed", r"may not play 5 now\. \(FG-3\)")
    # A tap on it marks that line, and the reason is not said a second time (the error
    # line said it again).
    page.locator(".tt-fg-table button.tt-fg-choice[data-card='pink 5']").tap()
    tapped = ".tt-fg-table .tt-fg-greyed-why.tt-fg-tapped"
    expect_text(page, tapped, r"may not play 5 now\. \(FG-3\)")
    page.wait_for_timeout(500)
    assert page.locator(".tt-fg-table").first.inner_text().count("may not play 5 now") == 1
    link = page.locator(f"{tapped} a.tt-rule-link")
    assert link.get_attribute("href") == "rules.ipynb#FG-3"
    tap_cards(page, "pink 6")
    confirm(page)
    lesson_button(page, "Check").tap()
    expect_text(page, ".tt-lesson .tt-ok", r"Well played within the \+1 rule")
    assert page.evaluate(OVERFLOW) == [] and page.evaluate(SMALL) == []
    assert "(pink) (pink)" not in page.inner_text("body")
    # A reload keeps the place.
    page.reload()
    page.wait_for_selector(".tt-lesson .widget-button")
    page.locator(".tt-resume .widget-button:has-text('Go on where I was')").tap()
    expect_text(page, ".tt-lesson h3 >> nth=0", r"^7\. The \+1 rule")
    assert heading.count() == 1
    log.assert_clean(left_pages=True)


def test_play_page_on_a_phone_by_taps(voila_server, phone):
    page, log = phone
    from browser_harness import open_notebook

    server = voila_server(APP)
    open_notebook(page, server, "fistful_of_gold/play.ipynb", ".tt-fg-table .tt-fg-choice")
    assert page.evaluate(OVERFLOW) == [] and page.evaluate(SMALL) == []
    # The table of gold in each round: its headers wrap between words only.
    assert page.locator(".tt-fg-rounds th[scope='col']").count() == 5
    assert page.evaluate(BROKEN_WORDS) == []
    tap_cards(page, "pink 1", "pink 2")
    confirm(page)
    legal = page.locator(".tt-fg-table button.tt-fg-choice:not(.tt-fg-illegal)").first
    tap_cards(page, legal.get_attribute("data-card"))
    confirm(page)
    expect_text(page, ".tt-fg-table .tt-fg-where", r"duel 2 of 6")
    assert page.evaluate(OVERFLOW) == [] and page.evaluate(SMALL) == []
    # The New game form: every reading in words, nothing cut off at the right.
    page.get_by_role("button", name="New game", exact=True).tap()
    page.locator(".tt-new-game select").first.wait_for()
    assert page.evaluate(OVERFLOW) == []
    form = page.locator(".tt-new-game").inner_text()
    # The main choices show; the rule readings wait under "More rules" (issue 16).
    assert "More rules" in form and "Cards between rounds" not in form
    page.get_by_role("button", name="More rules", exact=True).tap()
    page.locator(".tt-more-options select").first.wait_for()
    form = page.locator(".tt-new-game").inner_text()
    # (The seats may now say "Bot, hard": the hard bot plans the whole round.)
    assert "Cards between rounds" in form and "_" not in form
    assert page.evaluate(OVERFLOW) == []
    log.assert_clean()


def test_play_page_in_french_refuses_in_french(voila_server, page, page_log):
    """Issue 12: the play page opened with ?lang=fr says an illegal move's refusal in French,
    with its rule id; the greyed card says why under the buttons at once (issue 16)."""
    from browser_harness import open_notebook

    server = voila_server(APP)
    open_notebook(page, server, "fistful_of_gold/play.ipynb?lang=fr", ".tt-fg-table .tt-fg-choice")
    expect_text(page, ".fg-intro h1", r"A Fistful of Gold — Jouer")
    expect_text(page, ".tt-fg-table button.tt-fg-confirm", r"^Défausser$")
    table = page.locator(".tt-fg-table").first
    width = table.bounding_box()["width"]
    for card in ("pink 1", "pink 2"):
        page.locator(f".tt-fg-table button.tt-fg-choice[data-card='{card}']").click()
        page.wait_for_selector(f".tt-fg-table button.tt-fg-selected[data-card='{card}']")
    page.locator(".tt-fg-table button.tt-fg-confirm").click()
    expect_text(page, ".tt-fg-table .tt-fg-where", r"duel 1 sur 6")
    page.locator(".tt-fg-table button.tt-fg-choice[data-card='pink 4']").click()
    page.wait_for_selector(".tt-fg-table button.tt-fg-selected[data-card='pink 4']")
    page.locator(".tt-fg-table button.tt-fg-confirm").click()
    expect_text(page, ".tt-fg-table .tt-fg-where", r"duel 2 sur 6")
    page.locator(".tt-fg-table button.tt-fg-choice[data-card='pink 5']").click()
    expect_text(
        page,
        ".tt-fg-table .tt-error",
        r"Vous avez joué 4 au dernier duel, vous ne pouvez donc pas jouer 5 maintenant\. \(FG-3\)",
    )
    # said once, on the error line (the line above it does not repeat it)
    assert "Vous avez joué 4" not in page.locator(".tt-fg-table .tt-fg-about").inner_text()
    # The board keeps its width from one state to the next (issue 16).
    assert abs(table.bounding_box()["width"] - width) < 1
    page_log.assert_clean()


def test_the_first_tap_after_going_on_with_a_game_counts(voila_server, page, page_log):
    """Issue 16: after a reload and "Go on with it", the first tap on a card selects it."""
    from browser_harness import open_notebook

    server = voila_server(APP)
    open_notebook(page, server, "fistful_of_gold/play.ipynb", ".tt-fg-table .tt-fg-choice")
    for card in ("pink 1", "pink 2"):
        page.locator(f".tt-fg-table button.tt-fg-choice[data-card='{card}']").click()
        page.wait_for_selector(f".tt-fg-table button.tt-fg-selected[data-card='{card}']")
    page.locator(".tt-fg-table button.tt-fg-confirm").click()
    expect_text(page, ".tt-fg-table .tt-fg-where", r"duel 1 of 6")
    page.reload()
    # Tap at once: the tap may leave from the hand drawn before the resumed game arrives.
    page.locator(".tt-resume .widget-button:has-text('Go on with it')").click()
    page.locator(".tt-fg-table button.tt-fg-choice[data-card='pink 3']").click()
    expect_text(page, ".tt-fg-table .tt-fg-where", r"duel 1 of 6")
    page.wait_for_selector(".tt-fg-table button.tt-fg-selected[data-card='pink 3']", timeout=5_000)
    page_log.assert_clean(left_pages=True)


def test_sandbox_and_tutorial_pages_open_in_korean(voila_server, page, page_log):
    """Issue 12: the sandbox page (a screen now, its intro in Python) and the tutorial open in
    Korean with system fonts and no console error; the titles are the landing page's names."""
    from browser_harness import open_notebook

    server = voila_server(APP)
    open_notebook(page, server, "fistful_of_gold/sandbox.ipynb?lang=ko", ".fg-sandbox img")
    expect_text(page, ".fg-intro h1", r"^A Fistful of Gold — 샌드박스$")
    assert "결투의 보상 행렬" in page.inner_text(".fg-sandbox")
    open_notebook(
        page, server, "fistful_of_gold/tutorial.ipynb?lang=ko", ".tt-lesson .widget-button"
    )
    expect_text(page, ".fg-intro h1", r"^A Fistful of Gold — 튜토리얼$")
    expect_text(page, ".tt-lesson h3 >> nth=0", r"한낮의 결투")
    page_log.assert_clean(left_pages=True)


def _draw_table_alone(page, table, refusal: str, width: int) -> None:
    """``table``'s front end alone in a page ``width`` px wide, its model standing in for
    Python: each "select" sent is recorded (``window.ttSent``) and answered as Python
    answers it here, with ``refusal`` on the error line."""
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    traits = {k: getattr(table, k) for k in ("_texts", "view", "faces", "card_width", "error")}
    traits["interactive"] = table.interactive
    page.set_viewport_size({"width": width, "height": 900})
    page.set_content(
        "<html><head><meta name='viewport' content='width=device-width'></head>"
        "<body style='margin: 0'><div id='a'></div></body></html>"
    )
    page.add_style_tag(content=FistfulOfGoldTable._css)
    page.add_script_tag(
        type="module", content=FistfulOfGoldTable._esm + "\nwindow.ttRender = render;"
    )
    page.wait_for_function("typeof window.ttRender === 'function'")
    page.evaluate(
        """([traits, refusal]) => {
            const changed = [];
            window.ttSent = [];
            const model = {
              get: (k) => traits[k], off: () => {},
              on: (name, f) => { if (name === 'change') changed.push(f); },
              send: (msg) => {
                window.ttSent.push(msg);
                if (msg.type === 'select') {
                  traits.error = refusal;
                  for (const f of changed) f();
                }
              },
            };
            window.ttRender({ model, el: document.getElementById('a') });
        }""",
        [traits, refusal],
    )


def test_a_greyed_card_tapped_says_why_once(browser, page, page_log):
    """Newcomer finding: on a touch screen, after tapping a greyed card its reason was shown
    twice: on the line under the hand (there before the tap) and again on the error line
    (Python's refusal of the selection).  A tap marks the line under the hand and asks
    nothing of Python; with a mouse (no line under the hand: the tooltip said it) the
    click is refused by Python and the error line says why -- once either way."""
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    game = FistfulOfGold.new()
    for move in ("discard pink 1 pink 2", "discard green 1 green 2", "pink 4", "green 3"):
        game.play(move)
    table = FistfulOfGoldTable(game, seat=0, names=["You", "Ada (bot)"])
    greyed = [c for c in table.view["choices"] if not c["legal"]]
    assert [c["card"] for c in greyed] == ["pink 5"]
    why = greyed[0]["why"]
    # What Python says to that selection (a copy: the table drawn is not changed).
    probe = FistfulOfGoldTable(game, seat=0, names=["You", "Ada (bot)"])
    index = [c["card"] for c in probe.view["choices"]].index("pink 5")
    assert not probe.dispatch({"type": "select", "index": index, "card": "pink 5"})
    refusal = probe.error
    assert why in refusal
    card = ".tt-fg-table button.tt-fg-choice[data-card='pink 5']"
    said = """(why) => {
        const text = document.querySelector('.tt-fg-table').innerText;
        return text.split(why).length - 1;
    }"""

    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        touch = phone.new_page()
        touch_log = PageLog()
        record(touch, touch_log)
        _draw_table_alone(touch, table, refusal, 390)
        assert touch.evaluate(said, why) == 1  # under the hand, before any tap
        touch.locator(card).tap()
        touch.wait_for_timeout(300)  # a refusal sent to Python would be back by now
        assert touch.evaluate(said, why) == 1
        touch.wait_for_selector(".tt-fg-greyed-why.tt-fg-tapped")
        assert touch.evaluate("window.ttSent") == []
        assert touch.locator(".tt-fg-table .tt-error").is_hidden()
        tapped = touch.locator(".tt-fg-greyed-why.tt-fg-tapped")
        assert tapped.inner_text() == f"Not allowed now: {why}"
        assert tapped.locator("a.tt-rule-link").get_attribute("href") == "rules.ipynb#FG-3"
        # A legal card tapped after it goes to Python as before (the mark goes).
        touch.locator(".tt-fg-table button.tt-fg-choice[data-card='pink 6']").tap()
        touch.wait_for_function("window.ttSent.length === 1")
        assert touch.evaluate("window.ttSent[0].card") == "pink 6"
        touch_log.assert_clean()
    finally:
        phone.close()

    _draw_table_alone(page, table, refusal, 1280)
    assert page.evaluate(said, why) == 0  # the tooltip says it where a mouse hovers
    page.locator(card).click()
    expect_text(page, ".tt-fg-table .tt-error", re.escape(refusal))
    assert page.evaluate(said, why) == 1
    assert [m["type"] for m in page.evaluate("window.ttSent")] == ["select"]
    page_log.assert_clean()


def test_the_better_move_on_the_table_reads_as_not_played(browser, page, page_log):
    """Newcomer finding: the review's better move drawn on the replay table read as a real
    result (the round's end, rounds won, the round's row).  The table says first that it
    was not played, says what it would do as what would happen, hides rounds won."""
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    game = FistfulOfGold.new(seed=1)
    while len(game.position.past) < 1:
        game.play(game.legal_moves()[0])
    table = FistfulOfGoldTable(names=["You", "Bea (bot, medium)"], interactive=False)
    table.show_what_if(game, 0, "The coach's move, not played in this game.")
    _draw_table_alone(page, table, "", 700)
    first = page.locator(".tt-fg-table > *").first
    assert first.inner_text() == "The coach's move, not played in this game."
    end = page.locator(".tt-fg-round-end.tt-fg-what-if").inner_text()
    assert end.startswith("With the better move, round 1 would end: ")
    assert page.locator(".tt-fg-wins").count() == 0
    row = page.locator("tr[data-round='1'].tt-fg-what-if").inner_text()
    assert "With the better move (not played): " in row
    assert "rounds won" not in page.locator(".tt-fg-table").inner_text()
    page_log.assert_clean()
