"""The app in the browser's language: the landing page opens in French from its address,
in Korean from the browser's Accept-Language header, switches live from the menu (and keeps
the choice in the address and the links), and in the pseudo-language shows no word without
its markers and nothing wider than the screen.  Screenshots go to ``test-artifacts/i18n/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_harness import MAIN_WIDGET, HarnessError, PageLog, open_notebook, record

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "i18n"
READY = MAIN_WIDGET["index.ipynb"]
#: Visible text nodes of the page outside pictures and the language names of the menu.
BARE_TEXT_JS = """() => {
  const root = document.querySelector('#rendered_cells') || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const bare = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('svg, select, style, script')) continue;
    if (!el.getClientRects().length) continue;
    const t = n.textContent.trim();
    if (t && /\\p{L}/u.test(t) && !t.includes('⟦') && !t.includes('⟧')) bare.push(t);
  }
  return bare;
}"""


@pytest.fixture
def visit(browser, app_server):
    """``visit(query, headers, width)`` opens the landing page in a fresh context; yields the
    page and its log."""
    contexts = []

    def go(query: str = "", headers: dict | None = None, width: int = 1280):
        context = browser.new_context(
            viewport={"width": width, "height": 900}, extra_http_headers=headers or {}
        )
        contexts.append(context)
        page = context.new_page()
        # The first page right after the server starts waits for its kernel among ten others.
        page.set_default_navigation_timeout(120_000)
        log = PageLog()
        record(page, log)
        try:
            open_notebook(page, app_server, "index.ipynb" + query, ready=READY)
        except HarnessError as e:
            pytest.fail(str(e))
        page.wait_for_selector(".tt-language-menu select")
        return page, log

    yield go
    for c in contexts:
        c.close()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def link(page, target: str) -> str:
    return page.locator(f"a[href^='{target}']").first.get_attribute("href")


def test_the_address_chooses_french(visit):
    page, log = visit("?lang=fr", headers={"Accept-Language": "ko"})
    page.wait_for_selector("text=Dix chinois")
    text = page.inner_text("#rendered_cells")
    assert "Tutoriel" in text and "Bac à sable" in text and "Apprenez ces jeux" in text
    assert "Learn these card games" not in text
    assert page.eval_on_selector(".tt-language-menu select", "s => s.value") == "fr"
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert link(page, "chinese_ten/tutorial.ipynb") == "chinese_ten/tutorial.ipynb?lang=fr"
    shot(page, "landing-fr.png")
    log.assert_clean()


def test_the_browser_header_chooses_korean(visit):
    page, log = visit(headers={"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"})
    page.wait_for_selector("text=성냥팔이의 대부호")
    text = page.inner_text("#rendered_cells")
    assert "튜토리얼" in text and "샌드박스" in text
    # A header language is not written into links: the next page reads the same header.
    assert link(page, "matchstick_tycoon/play.ipynb") == "matchstick_tycoon/play.ipynb"
    # Korean is drawn with a system font (nothing downloaded), not as empty boxes.
    width = page.evaluate(
        """() => { const c = document.createElement('canvas').getContext('2d');
        c.font = '16px ' + getComputedStyle(document.querySelector('.tt-widget')).fontFamily;
        const none = '\\u{10FFFD}'.repeat(4);  // a code point no font draws: empty boxes
        return [c.measureText('성냥개비').width, c.measureText(none).width]; }"""
    )
    assert width[0] > 0 and width[0] != width[1], width
    shot(page, "landing-ko.png")
    log.assert_clean()


def test_the_menu_switches_the_page_live_and_keeps_the_choice(visit):
    page, log = visit()
    page.wait_for_selector("text=Chinese Ten")
    assert link(page, "chinese_ten/play.ipynb") == "chinese_ten/play.ipynb"
    page.select_option(".tt-language-menu select", "ca")
    page.wait_for_selector("text=Deu xinès")
    page.wait_for_function("() => window.location.search.includes('lang=ca')")
    assert page.inner_text(".tt-language-label") == "Llengua"
    page.wait_for_function(
        "() => document.querySelector(\"a[href^='chinese_ten/play.ipynb']\")"
        ".getAttribute('href').endsWith('?lang=ca')"
    )
    # The kept choice opens the next visit in Catalan.
    page.reload()
    page.wait_for_selector("text=Deu xinès", timeout=90_000)
    log.assert_clean(left_pages=True)


@pytest.mark.parametrize("width", [1280, 800])
def test_the_pseudo_language_leaves_no_word_unmarked_and_nothing_too_wide(visit, width):
    page, log = visit("?lang=xx", width=width)
    page.wait_for_selector("text=⟦", timeout=60_000)
    page.wait_for_timeout(300)
    assert page.evaluate(BARE_TEXT_JS) == []
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1"
    )
    shot(page, f"landing-xx-{width}.png")
    log.assert_clean()
