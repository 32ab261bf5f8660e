"""Every page of the app as a learner meets it, at a laptop's, a tablet's and a phone's width.

One pass per page.  On a laptop (1280 px): the visible text has no programmer text and no
grammar slips, every rule id is a link to its paragraph, nothing sticks out of the screen
or is cut off by its box, every link and anchor leads somewhere real, every text has a
contrast of 4.5:1 or more, every text on a card of a table or hand is 11 px high or more,
every button says what it does (text or aria-label) and no glyph needs an emoji font;
then every language from its menu: a screenshot in French, Korean and Catalan, and in the
pseudo-language (every string wrapped in ⟦ ⟧ and 40 % longer) no visible word without its
markers and nothing too wide or cut off at 1280 and 800 px.  On a phone (390 px, touch),
in English: the same checks, then what a learner does on that kind of page (a tutorial:
every step, and an exercise's Check wrong and right and its Hint; a play page: a move the
rules refuse, a move, a saved game near its end loaded and played to the end; a sandbox:
a move, a refusal, a what-if), the words and rule links read after each action, and the
layout, links, contrast and card texts checked again after them; then a tablet (768 px).
No console error anywhere.  Screenshots go to ``test-artifacts/pages/``.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
from browser_harness import MAIN_WIDGET, HarnessError, PageLog, open_notebook, record
from learner_actions import (
    answer_exercise,
    exercise_step,
    load_record,
    near_the_end,
    next_step,
    person_move,
    press,
    refused_move,
    settle,
    step_number,
)
from learner_checks import (
    LAYOUT_JS,
    LOW_CONTRAST_JS,
    SMALL_CARD_TEXT_JS,
    TEXT_SYMBOLS,
    UNLABELLED_JS,
    UNLINKED_RULES_JS,
    grammar_slips,
    programmer_text,
)

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
PAGES = ["index.ipynb", "classroom.ipynb", *pages()]
#: The smallest text on a card of a table or hand, in CSS pixels, and the least contrast.
CARD_TEXT_PX = 11
CONTRAST = 4.5
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
    """The words as the learner reads them, and the rule ids in them (each a link)."""
    text = visible_text(page)
    found = programmer_text(text) + grammar_slips(text) + page.evaluate(UNLINKED_RULES_JS)
    return [f"{when}: {f}" for f in found]


def glance_findings(page, when: str) -> list[str]:
    """Readable at a glance: contrast, text on cards, buttons that say what they do and no
    glyph that needs an emoji font."""
    found = [f"contrast below {CONTRAST}:1: {x}" for x in page.evaluate(LOW_CONTRAST_JS, CONTRAST)]
    found += [
        f"text on a card below {CARD_TEXT_PX} px: {x}"
        for x in page.evaluate(SMALL_CARD_TEXT_JS, CARD_TEXT_PX)
    ]
    unlabelled = page.evaluate(UNLABELLED_JS, TEXT_SYMBOLS)
    found += [f"a button with no text or label: {x}" for x in unlabelled["buttons"]]
    found += [f"a glyph that needs an emoji font: {x!r}" for x in unlabelled["glyphs"]]
    return [f"{when}: {f}" for f in found[:12]]


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


# -- what a learner does, by kind of page (each yields after an action: the page is read) --


def tutorial_actions(page, key: str):
    """Every step with Next; at the first do-it step: Check before doing anything, a hint,
    the right answer and its Check."""
    exercise, steps, answer = exercise_step(key)
    lesson = ".tt-lesson"
    while True:
        n = step_number(page)
        if n == exercise + 1:
            press(page, f"{lesson} button:text-is('Check')")
            yield f"step {n}, Check before doing anything"
            press(page, f"{lesson} button:text-is('Hint')")
            yield f"step {n}, a hint"
            answer_exercise(page, key, answer)
            yield f"step {n}, the right answer made"
            press(page, f"{lesson} button:text-is('Check')")
            assert page.locator(f"{lesson} .tt-ok").count(), f"step {n}: the right answer failed"
            yield f"step {n}, its Check"
        if n == steps:
            return
        next_step(page)
        yield f"step {n + 1}"


def play_actions(page, key: str):
    """A move the rules refuse and a move on the new game; then a saved game near its end,
    loaded and played to the end (the places, the replay, the review)."""
    refused_move(page, key)
    yield "a move the rules refuse"
    assert person_move(page, key), "no move for the person on a new game"
    yield "a move"
    load_record(page, key, near_the_end(key))
    yield "a saved game near its end, loaded"
    for n in range(1, 16):
        if not person_move(page, key):
            break
        yield f"move {n} of the loaded game"
    assert "Game over" in page.locator(".tt-screen-status").inner_text(), "the game did not end"
    yield "the end of the game"


def sandbox_actions(page, key: str):
    """A move, a refusal, then a small what-if (Fistful: the bots against each other)."""
    if key == "matchstick_tycoon":
        press(page, ".tt-mt-legal-moves button")
        yield "a legal move played"
        press(page, ".lm-TabBar-tab:has-text('Paste JSON')")
        page.locator(".widget-textarea textarea").first.fill('{"players": 2, "hands": [["6"]]}')
        press(page, "button:has-text('Load JSON')")
        yield "a position that is not one"
    elif key == "chinese_ten":
        from tabletop_widgets.games.chinese_ten.screens.sandbox import _example

        elsewhere = str(_example().position.layout[0])  # in nobody's hand
        page.locator(".widget-text input[placeholder^='type a move']").first.fill(elsewhere)
        press(page, "button:text-is('Play')")
        yield "a card that is not in the hand of the seat to move"
    if key in ("matchstick_tycoon", "chinese_ten"):
        page.locator(".widget-inline-hbox:has-text('Playouts per move') input").first.fill("4")
        press(page, "button:text-is('Run')")
        page.wait_for_selector("button:text-is('Run'):not([disabled])", timeout=60_000)
        settle(page)
        yield "a what-if"
    else:
        press(page, "button:has-text('games per pairing')")
        page.wait_for_selector(".fg-results", timeout=60_000)
        settle(page)
        yield "the bots against each other"


ACTIONS = {"tutorial": tutorial_actions, "play": play_actions, "sandbox": sandbox_actions}


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


#: The page's introduction as drawn: its fold (a phone) and its paragraphs.
INTRO_JS = """() => {
  const text = document.querySelector('.tt-intro-text');
  if (!text) return null;
  const more = document.querySelector('.tt-intro-text + .tt-intro-more');
  const shown = (n) => n.getClientRects().length > 0;
  const first = text.firstElementChild;
  return { more: !!more && shown(more), open: !!more && more.open,
           blocks: text.children.length, shown: [...text.children].filter(shown).length,
           cut: !!first && first.scrollHeight > first.clientHeight + 1,
           height: text.getBoundingClientRect().height };
}"""
#: How far down the page the table starts, however far the page was scrolled (Voilà's page
#: scrolls in a box of its own).
BOARD_TOP_JS = """() => {
  const board = document.querySelector('.tt-board');
  let top = board.getBoundingClientRect().top + window.scrollY;
  for (let a = board.parentElement; a; a = a.parentElement) top += a.scrollTop;
  return top;
}"""
#: The most a folded introduction may take on a phone (its first four lines).
FOLDED_PX = 160


def intro_findings(page, where: str, phone: bool, kind: str) -> list[str]:
    """A game page's introduction: whole, with no control, on a wider screen; on a phone a
    long one folds to its first lines with *Read more* (it opens and closes again), and a
    play page's table starts on the first screen."""
    intro = page.evaluate(INTRO_JS)
    if intro is None:
        return []
    found = []
    if not phone:
        if intro["more"] or intro["shown"] != intro["blocks"] or intro["cut"]:
            found.append(f"the introduction is not whole: {intro}")
        return [f"{where}: {f}" for f in found]
    if intro["more"]:
        if intro["open"] or intro["shown"] != 1 or intro["height"] > FOLDED_PX:
            found.append(f"the introduction is not folded to its first lines: {intro}")
        press(page, ".tt-intro-more > summary")
        opened_up = page.evaluate(INTRO_JS)
        if not opened_up["open"] or opened_up["shown"] != opened_up["blocks"] or opened_up["cut"]:
            found.append(f"Read more does not show the whole introduction: {opened_up}")
        press(page, ".tt-intro-more > summary")
        if page.evaluate(INTRO_JS)["open"]:
            found.append("Show less does not fold the introduction again")
    elif intro["height"] > FOLDED_PX:
        found.append(f"a long introduction without Read more: {intro}")
    if kind == "play":
        top = page.evaluate(BOARD_TOP_JS)
        height = page.viewport_size["height"]
        if top >= height:
            found.append(f"the table starts {top:.0f} px down, below the first screen")
    return [f"{where}: {f}" for f in found]


#: The New game form's drop-downs whose chosen words do not fit in their box (a drop-down
#: shows one line: what does not fit is cut off), measured in the drop-down's own font;
#: and its buttons whose words overflow them (Catalan's Start button was cut).
CUT_CHOICES_JS = """() => {
  const pen = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const s of document.querySelectorAll('.tt-new-game select')) {
    if (!s.getClientRects().length || s.selectedIndex < 0) continue;
    const st = getComputedStyle(s);
    pen.font = `${st.fontStyle} ${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const text = s.options[s.selectedIndex].text;
    const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
    const need = pen.measureText(text).width;
    if (need > room + 1) cut.push(`${text.trim()}: ${Math.round(need)} px in ${room} px`);
  }
  for (const b of document.querySelectorAll('.tt-new-game .widget-button')) {
    if (b.getClientRects().length && b.scrollWidth > b.clientWidth + 1)
      cut.push(`${b.innerText.trim()}: ${b.scrollWidth} px in ${b.clientWidth} px`);
  }
  return cut;
}"""


def form_findings(page, where: str) -> list[str]:
    """The New game form opened: every choice shown whole (Matchstick Tycoon's "Deal" was
    cut off on a phone); then closed again, as the page opened."""
    toggle = page.get_by_role("button", name="New game", exact=True)
    press(page, toggle)
    page.wait_for_selector(".tt-new-game select")
    found = [f"{where}: a choice cut off in New game: {x}" for x in page.evaluate(CUT_CHOICES_JS)]
    press(page, toggle)
    return found


def opened(browser, server, notebook: str, width: int, height: int, touch: bool):
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
    )
    page = context.new_page()
    log = PageLog()
    record(page, log)
    open_notebook(page, server, notebook, ready=MAIN_WIDGET[notebook])
    page.wait_for_timeout(400)
    return context, page, log


@pytest.mark.parametrize("notebook", PAGES)
def test_a_page_as_a_learner_meets_it(app_server, browser, notebook):
    """One pass per page: a laptop (the words, the links, what reads at a glance, then every
    language from the menu), then a phone (the same, then a learner's actions, each read;
    the layout, links and glance checked again after them), then a tablet."""
    kind = notebook.split("/")[-1].removesuffix(".ipynb")  # index, classroom, tutorial, …
    key = notebook.split("/")[0]
    findings: list[str] = []
    context = None
    try:
        context, page, log = opened(browser, app_server, notebook, 1280, 900, touch=False)
        findings += text_findings(page, "1280 px")
        findings += layout_findings(page, "1280 px", touch=False)
        findings += glance_findings(page, "1280 px")
        findings += intro_findings(page, "1280 px", phone=False, kind=kind)
        shoot(page, notebook, "1280")
        findings += link_findings(page, app_server.base)
        findings += language_findings(page, notebook)
        log.assert_clean()
        context.close()

        context, page, log = opened(browser, app_server, notebook, 390, 844, touch=True)
        findings += text_findings(page, "390 px")
        findings += layout_findings(page, "390 px", touch=True)
        shoot(page, notebook, "390")
        findings += intro_findings(page, "390 px", phone=True, kind=kind)
        if kind == "play":
            findings += form_findings(page, "390 px")
        if kind in ACTIONS:
            for when in ACTIONS[kind](page, key):
                findings += text_findings(page, f"390 px, after {when}")
            where = "390 px, after the actions"
            findings += layout_findings(page, where, touch=True)
            findings += glance_findings(page, where)
            findings += [f"{where}: {f}" for f in link_findings(page, app_server.base)]
            shoot(page, notebook, "390-after")
        page.set_viewport_size({"width": 768, "height": 1024})
        page.wait_for_timeout(300)
        findings += text_findings(page, "768 px")
        findings += layout_findings(page, "768 px", touch=True)
        shoot(page, notebook, "768")
        log.assert_clean()
    except HarnessError as e:
        pytest.fail(str(e))
    finally:
        if context is not None:
            context.close()
    assert not findings, f"{notebook}:\n" + "\n".join(dict.fromkeys(findings))


#: A page with one of each mistake the page checks look for, and the same things done right.
SPECIMEN = """<div id="rendered_cells">
  <p style="color:#999">pale words</p><p style="color:#222">dark words</p>
  <div class="tt-board"><svg width="60" viewBox="0 0 120 40"><text y="20" font-size="12">7</text>
    <text y="38" font-size="30">8</text></svg>
    <div title="the seven of hearts"><svg width="20" viewBox="0 0 120 40">
      <text y="20" font-size="12">7</text></svg></div></div>
  <button></button><button aria-label="next step"><i></i></button><button>Play</button>
  <p>Done \u2705 \u2714</p>
  <p>Not allowed (MT-5); see <a href="rules.ipynb#MT-2">MT-2</a> and
     <a href="rules.ipynb#MT-4">MT-3</a></p>
</div>"""


def test_the_page_checks_find_what_they_look_for(browser):
    """The checks that run in the page find each kind of mistake (and nothing else)."""
    page = browser.new_page()
    try:
        page.set_content(SPECIMEN)
        assert [x.split('"')[1] for x in page.evaluate(LOW_CONTRAST_JS, CONTRAST)] == ["pale words"]
        small = page.evaluate(SMALL_CARD_TEXT_JS, CARD_TEXT_PX)
        assert len(small) == 1 and '"7" 6.0 px' in small[0], small
        unlabelled = page.evaluate(UNLABELLED_JS, TEXT_SYMBOLS)
        assert len(unlabelled["buttons"]) == 1 and unlabelled["glyphs"] == ["\u2705"]
        rules = page.evaluate(UNLINKED_RULES_JS)
        assert [r.split(" in ")[0] for r in rules] == [
            "MT-5 is not a link to its rule",
            "MT-3 links to rules.ipynb#MT-4",
        ]
    finally:
        page.close()


def test_relative_links_resolve_like_the_browser():
    assert urljoin("http://h/voila/render/a/play.ipynb", "rules.ipynb#X-1").endswith(
        "/voila/render/a/rules.ipynb#X-1"
    )
