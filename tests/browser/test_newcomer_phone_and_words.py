"""Newcomer findings, in the browser.

- On a phone (390 × 844) the navigation at the top of every game page wrapped onto several
  ragged lines.  Now it is two rows that read as one: the way back and the game's name,
  then the game's pages as a row of tabs sharing the width (the page shown marked under
  its name); a laptop keeps one line.
- Matchstick Tycoon's play page opened with a bot's cards on the table before the learner
  did anything: the first leader is drawn (MT-4), and the status line now says who it was.
- A Fistful of Gold's replay, on a French page, showed each move's notation in English
  ("green 2") beside the French words: the list now shows the words alone, in any language.
- A finished Matchstick Tycoon game's ``game.widget()`` says the game is over and the places.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_harness import PageLog, record

from tabletop_widgets.core.registry import BUILTIN, GAMES

pytestmark = pytest.mark.browser

TEST_NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
DRAWN = "first: who starts is drawn at random (MT-4)"

#: The navigation's rows as the page lays them out: the first row's items, the pages' row
#: and its items, each item's box.
NAV_JS = """() => {
  const nav = document.querySelector('.tt-nav');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, right: r.right, bottom: r.bottom, height: r.height}; };
  const row = nav.querySelector('.tt-nav-pages');
  return {
    nav: box(nav),
    head: [...nav.children].filter((e) => e !== row && e.tagName !== 'STYLE'
      && e.getClientRects().length > 0).map((e) => ({...box(e), text: e.textContent})),
    row: {...box(row), scroll: row.scrollWidth, client: row.clientWidth},
    tabs: [...row.children].map((e) => ({...box(e), text: e.textContent,
      current: e.getAttribute('aria-current')})),
    pageWide: document.documentElement.scrollWidth,
  };
}"""


def _context(browser, viewport, touch):
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    log = PageLog()
    record(page, log)
    return context, page, log


def _check_phone_nav(nav: dict, where: str) -> None:
    assert nav["nav"]["right"] <= 390 and nav["pageWide"] <= 390, where
    # Row one: the way back and the game's name, side by side; the name without the colon
    # that announced the pages beside it on a wide screen (they are on the row below).
    assert not any(h["text"].strip().endswith(":") for h in nav["head"]), (where, nav["head"])
    middles = [(h["y"] + h["bottom"]) / 2 for h in nav["head"]]
    assert max(middles) - min(middles) <= 2, (where, nav["head"])
    # Row two: every page of the game on one line, under row one, no sideways scroll.
    tabs = nav["tabs"]
    assert len(tabs) == 4, where
    assert len({round(t["y"]) for t in tabs}) == 1, (where, tabs)
    assert tabs[0]["y"] >= max(h["bottom"] for h in nav["head"]) - 1, where
    assert nav["row"]["scroll"] <= nav["row"]["client"] + 1, (where, nav["row"])
    assert all(t["height"] >= 44 for t in tabs), (where, [t["height"] for t in tabs])
    assert tabs[0]["x"] <= nav["head"][0]["x"] + 1 and tabs[-1]["right"] >= 390 - 20, where
    assert [t["current"] for t in tabs].count("page") == 1, where
    assert nav["nav"]["height"] <= 110, (where, nav["nav"]["height"])


def test_the_nav_fits_a_phone_on_every_page_of_the_three_games(app_server, browser):
    context, page, log = _context(browser, PHONE, True)
    seen = []
    try:
        for key in BUILTIN:
            for p in GAMES[key].pages:
                where = f"{key}/{p.notebook}"
                page.goto(app_server.url(where))
                page.locator(".tt-nav .tt-nav-pages b").wait_for(timeout=90_000)
                nav = page.evaluate(NAV_JS)
                _check_phone_nav(nav, where)
                current = next(t for t in nav["tabs"] if t["current"])
                seen.append((where, current["text"]))
        assert len(seen) == 12, seen
        # French names are longer ("Bac à sable"): still one row of tabs.
        page.goto(app_server.url("fistful_of_gold/sandbox.ipynb?lang=fr"))
        page.locator(".tt-nav .tt-nav-pages b", has_text="Bac à sable").wait_for(timeout=90_000)
        _check_phone_nav(page.evaluate(NAV_JS), "sandbox, fr")
        page.screenshot(path=str(Path(app_server.log_path).parent / "nav-phone-fr.png"))
        log.assert_clean(left_pages=True)
    finally:
        context.close()
    # A laptop: the whole navigation on one line, as before.
    context, page, log = _context(browser, LAPTOP, False)
    try:
        page.goto(app_server.url("chinese_ten/rules.ipynb"))
        page.locator(".tt-nav .tt-nav-pages b").wait_for(timeout=90_000)
        nav = page.evaluate(NAV_JS)
        middles = [(b["y"] + b["bottom"]) / 2 for b in nav["head"] + nav["tabs"]]
        assert max(middles) - min(middles) <= 2 and nav["nav"]["height"] <= 48, nav
        # The name announces the pages beside it, with its colon ("Chinese Ten:").
        assert [h["text"] for h in nav["head"]] == ["All games", "Chinese Ten:"], nav["head"]
        log.assert_clean(left_pages=True)
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_tycoon_play_page_says_who_played_first(app_server, browser, viewport):
    touch = viewport is PHONE
    context, page, log = _context(browser, viewport, touch)
    try:
        page.goto(app_server.url("matchstick_tycoon/play.ipynb"))
        status = page.locator(".tt-play-screen .tt-screen-status")
        status.filter(has_text="Your turn").wait_for(timeout=90_000)
        said = status.inner_text()
        # The page deals a new game at open (a number drawn at random): whoever was drawn
        # to lead first, the line says it -- a bot that has played already, or you.
        assert re.match(r"New game \(game number \d+\)\. ", said), said
        on_felt = page.locator(".tt-play-screen .tt-mt-felt .tt-mt-felt-text").count()
        if on_felt:
            assert re.search(r"\(bot, \w+\) played " + re.escape(DRAWN), said), said
        else:
            assert "You play " + DRAWN in said, said
        assert said.endswith("Your turn.")
        # The words are on the first screen, with the rule's link.
        box = status.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
        link = status.locator("a", has_text="MT-4")
        assert link.get_attribute("href").endswith("rules.ipynb#MT-4")
        log.assert_clean()
    finally:
        context.close()


def test_fistfuls_replay_names_moves_in_the_pages_language_with_no_english_chip(
    voila_server, browser
):
    server = voila_server(TEST_NOTEBOOKS)
    context, page, log = _context(browser, PHONE, True)
    try:
        page.goto(server.url("finished_games.ipynb?lang=fr"))
        moves = page.locator(".tt-stepper-moves button[data-move]")
        moves.first.wait_for(timeout=90_000)
        third = page.locator(".tt-stepper-moves button[data-move='3']")
        third.click()
        page.locator(".tt-stepper-moves button.tt-current[data-move='3']").wait_for()
        # The move shown in French words, with no notation beside it and no tooltip.
        assert page.locator(".tt-stepper-notation").count() == 0
        assert third.get_attribute("title") is None
        texts = moves.all_inner_texts()
        assert all(not re.search(r"\b(pink|green) [1-8D]\b", t) for t in texts), texts[:4]
        assert any(re.search(r"(rose|vert)", t) for t in texts), texts[:4]
        # The finished Tycoon game's widget below says the end, in French too.
        message = page.locator(".tt-mt-message").last
        assert re.match(r"Partie terminée\s*: .+ a gagné\. Classement", message.inner_text())
        # The language changes: the list speaks English, still with no chip.
        page.select_option(".tt-language-menu select", "en")
        page.locator(".tt-stepper-moves button[data-move='1']", has_text="discarded").wait_for(
            timeout=20_000
        )
        third.click()
        assert page.locator(".tt-stepper-notation").count() == 0
        assert re.match(
            r"Game over: Seat \d won\. Places: 1st Seat \d, 2nd Seat \d, 3rd Seat \d\.",
            message.inner_text(),
        )
        log.assert_clean()
    finally:
        context.close()
