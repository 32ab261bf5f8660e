"""Every page of the app as a learner meets it, at a laptop's, a tablet's and a phone's width.

One pass per page over three widths (1280, 768 and 390 px, the two small ones
with touch): the visible text has no programmer text and no grammar slips
(before and after a few actions), nothing sticks out of the screen or is cut
off by its box, every control is big enough to tap on a touch screen, and
every link and anchor leads somewhere real.  Screenshots go to
``test-artifacts/pages/``.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urldefrag, urljoin

import pytest
from browser_harness import MAIN_WIDGET, HarnessError, PageLog, open_notebook, record
from learner_checks import LAYOUT_JS, grammar_slips, programmer_text

from tabletop_widgets.app.landing import pages

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "pages"
WIDTHS = ((1280, 900, False), (768, 1024, True), (390, 844, True))
PAGES = ["index.ipynb", *pages()]
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
        elif frag and not re.search(rf"""id=["']{re.escape(frag)}["']""", body):
            found.append(f"no anchor #{frag} on {url[len(app_base) :]}")
    return found


def act(page, kind: str) -> None:
    for selector in ACTIONS.get(kind, []):
        target = page.locator(selector).first
        if target.count() and target.is_visible() and target.is_enabled():
            target.click()
            page.wait_for_timeout(300)


@pytest.mark.parametrize("notebook", PAGES)
def test_a_page_as_a_learner_meets_it(app_server, browser, notebook):
    kind = "index" if notebook == "index.ipynb" else notebook.split("/")[1].split(".")[0]
    findings: list[str] = []
    for width, height, touch in WIDTHS:
        context = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
        )
        page = context.new_page()
        log = PageLog()
        record(page, log)
        try:
            open_notebook(page, app_server, notebook, ready=MAIN_WIDGET[notebook])
            page.wait_for_timeout(400)
            where = f"{width} px"
            findings += text_findings(page, where)
            layout = page.evaluate(LAYOUT_JS, 40 if touch else 0)
            findings += [f"{where}: wider than the screen: {x}" for x in layout["wide"][:5]]
            findings += [f"{where}: cut off by its box: {x}" for x in layout["clipped"][:5]]
            if touch:
                findings += [f"{where}: too small to tap: {x}" for x in layout["small"][:8]]
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            shot = ARTIFACTS / f"{notebook.replace('/', '-').removesuffix('.ipynb')}-{width}.png"
            page.screenshot(path=str(shot), full_page=True)
            if width == 1280:
                findings += link_findings(page, app_server.base)
                act(page, kind)
                findings += text_findings(page, f"{where}, after a few actions")
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
