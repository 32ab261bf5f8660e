"""Every page of the app as a learner meets it, at a laptop's, a tablet's and a phone's width.

One pass per page over three widths (1280, 768 and 390 px, the two small ones
with touch): the visible text has no programmer text and no grammar slips
(before and after a few actions), nothing sticks out of the screen or is cut
off by its box, every control is big enough to tap on a touch screen, and
every link and anchor leads somewhere real.  Then, on the same page, every
language from its menu: a screenshot in French, Korean and Catalan, and in the
pseudo-language (every string wrapped in ⟦ ⟧ and 40 % longer) no visible word
without its markers and nothing too wide or cut off at 1280 and 800 px.  No
console error anywhere.  Screenshots go to ``test-artifacts/pages/``.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
from browser_harness import MAIN_WIDGET, HarnessError, PageLog, open_notebook, record
from learner_checks import LAYOUT_JS, grammar_slips, programmer_text

from tabletop_widgets.app.landing import pages
from tabletop_widgets.app.rules_pages import rules_doc
from tabletop_widgets.core.i18n import LANGUAGES, PSEUDO, SOURCE

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "pages"
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
#: Visible text with a letter and without the pseudo-language's markers.  Pictures (SVG:
#: card faces, charts), the language menu's own names, and what is never translated --
#: card values, move notation, rule ids, numbers -- are left out.
BARE_TEXT_JS = """() => {
  const root = document.querySelector('#rendered_cells') || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const kept = /^[\\s\\d.,:;·×+~()\\[\\]%/–—-]*$|^([A-Z]{2}-\\d+[,;\\s]*)+$/;
  const bare = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    const skipped = 'svg, select, style, script, code, kbd, .tt-notation, [translate=no]';
    if (!el || el.closest(skipped)) continue;
    if (!el.getClientRects().length) continue;
    const t = n.textContent.trim();
    // A node inside a marked sentence (after a tag) has accented letters but no marker:
    // bare means English left -- a run of four plain letters -- and no marker.
    if (t && /[A-Za-z]{4,}/.test(t) && !t.includes('⟦') && !t.includes('⟧') && !kept.test(t))
      bare.push(t);
  }
  return bare;
}"""
WIDTHS = ((1280, 900, False), (768, 1024, True), (390, 844, True))
PAGES = ["index.ipynb", "classroom.ipynb", *pages()]
#: A few things a learner does on each kind of page before the text is read again.
ACTIONS = {
    "tutorial": [
        "button:has-text('Next')",
        "button:has-text('Next')",
        "button:has-text('Hint')",
        "button:has-text('Check')",
    ],
    "play": [".tt-new-game .jupyter-widget-Collapse-header, .tt-new-game .lm-AccordionPanel-title"],
    "sandbox": [],
    "rules": [],
    "index": [],
}
_fetched: dict[str, tuple[int, str]] = {}


def fetch(url: str) -> tuple[int, str]:
    """Status and body of ``url`` (cached: every page links to the same few)."""
    if url not in _fetched:
        try:
            with urllib.request.urlopen(url, timeout=180) as r:
                _fetched[url] = (r.status, r.read().decode(errors="replace"))
        except urllib.error.HTTPError as e:
            _fetched[url] = (e.code, "")
    return _fetched[url]


def visible_text(page) -> str:
    return page.evaluate(
        "() => (document.querySelector('#rendered_cells') || document.body).innerText"
    )


def text_findings(page, when: str) -> list[str]:
    text = visible_text(page)
    return [f"{when}: {f}" for f in programmer_text(text) + grammar_slips(text)]


def link_findings(page, app_base: str) -> list[str]:
    """Every link of the page reaches a page of the app that renders, and its anchor exists."""
    found = []
    hrefs = page.evaluate(
        "() => [...document.querySelectorAll('#rendered_cells a[href]')].map(a => a.href)"
    )
    for href in sorted(set(hrefs)):
        url, frag = urldefrag(href)
        if not url.startswith(app_base):
            if not url.startswith(("data:", "mailto:")):
                found.append(f"a link leaves the app: {href}")
            continue
        if url.rstrip("/") == page.url.split("#")[0].rstrip("/"):
            if frag and not page.locator(f"[id='{frag}']").count():
                found.append(f"no anchor #{frag} on this page")
            continue
        status, body = fetch(url)
        if status != 200:
            found.append(f"dead link ({status}): {href}")
        elif (
            frag
            and frag not in drawn_anchors(url)
            and not re.search(rf"""id=["']{re.escape(frag)}["']""", body)
        ):
            found.append(f"no anchor #{frag} on {url[len(app_base) :]}")
    return found


def drawn_anchors(url: str) -> set[str]:
    """The anchors a page draws in the browser, not in its HTML: a rules page's are its
    document's (tests/browser/test_app.py follows one to its paragraph)."""
    m = re.search(r"/([a-z_]+)/rules\.ipynb$", urlparse(url).path)
    return set(re.findall(r'<a id="([^"]+)"></a>', rules_doc(m.group(1)))) if m else set()


def act(page, kind: str) -> None:
    for selector in ACTIONS.get(kind, []):
        target = page.locator(selector).first
        if target.count() and target.is_visible() and target.is_enabled():
            target.click()
            page.wait_for_timeout(300)


def layout_findings(page, where: str, touch: bool) -> list[str]:
    layout = page.evaluate(LAYOUT_JS, 40 if touch else 0)
    found = [f"{where}: wider than the screen: {x}" for x in layout["wide"][:5]]
    found += [f"{where}: cut off by its box: {x}" for x in layout["clipped"][:5]]
    if touch:
        found += [f"{where}: too small to tap: {x}" for x in layout["small"][:8]]
    return found


def shoot(page, notebook: str, suffix: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = f"{notebook.replace('/', '-').removesuffix('.ipynb')}-{suffix}.png"
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def choose_language(page, code: str) -> None:
    """Pick ``code`` in the page's language menu and wait until the page has followed (the
    menu offers the pseudo-language only once it is chosen: the test adds its option)."""
    page.evaluate(
        """c => { const s = document.querySelector('.tt-language-menu select');
                 if (![...s.options].some(o => o.value === c)) s.add(new Option(c, c)); }""",
        code,
    )
    page.select_option(".tt-language-menu select", code)
    page.wait_for_function("c => window.location.search.includes('lang=' + c)", arg=code)
    if code == PSEUDO:
        page.wait_for_function(
            "() => (document.querySelector('#rendered_cells') || document.body)"
            ".innerText.includes('⟦')"
        )
    page.wait_for_timeout(600)  # the last widgets' new words arrive


def language_findings(page, notebook: str) -> list[str]:
    """Every language from the menu, live: each page shot in fr, ko and ca; in the
    pseudo-language no visible word without its markers and nothing too wide or cut off,
    at 1280 and 800 px."""
    found: list[str] = []
    for code in TRANSLATED:
        choose_language(page, code)
        shoot(page, notebook, code)
    choose_language(page, PSEUDO)
    for width in (1280, 800):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        where = f"{PSEUDO} at {width} px"
        found += [f"{where}: not translated: {t!r}" for t in page.evaluate(BARE_TEXT_JS)[:8]]
        found += layout_findings(page, where, touch=False)
        shoot(page, notebook, f"{PSEUDO}-{width}")
    return found


@pytest.mark.parametrize("notebook", PAGES)
def test_a_page_as_a_learner_meets_it(app_server, browser, notebook):
    """One pass per page: a laptop (1280 px: the words, the links, a few actions, then
    every language from the menu), then a touch screen (390 and 768 px)."""
    kind = notebook.split("/")[-1].removesuffix(".ipynb")  # index, classroom, tutorial, …
    findings: list[str] = []
    for (width, height, touch), then in (((1280, 900, False), None), ((390, 844, True), 768)):
        context = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
        )
        page = context.new_page()
        log = PageLog()
        record(page, log)
        try:
            open_notebook(page, app_server, notebook, ready=MAIN_WIDGET[notebook])
            page.wait_for_timeout(400)
            for shown in (width, then):
                if shown is None:
                    continue
                if shown != width:
                    page.set_viewport_size({"width": shown, "height": 1024})
                    page.wait_for_timeout(300)
                where = f"{shown} px"
                findings += text_findings(page, where)
                findings += layout_findings(page, where, touch)
                shoot(page, notebook, str(shown))
            if not touch:
                findings += link_findings(page, app_server.base)
                act(page, kind)
                findings += text_findings(page, f"{width} px, after a few actions")
                findings += language_findings(page, notebook)
            log.assert_clean()
        except HarnessError as e:
            pytest.fail(str(e))
        finally:
            context.close()
    assert not findings, f"{notebook}:\n" + "\n".join(dict.fromkeys(findings))


def test_relative_links_resolve_like_the_browser():
    assert urljoin("http://h/voila/render/a/play.ipynb", "rules.ipynb#X-1").endswith(
        "/voila/render/a/rules.ipynb#X-1"
    )
