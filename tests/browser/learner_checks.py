"""What a learner must never meet on a page, as checks the learner sweeps run on every page.

Each check reads the page as the learner sees it (visible text, boxes on the
screen) and returns a list of findings; an empty list is a clean page.  The
browser sweep (test_learner_pages.py) runs them on the rendered pages; the Python
sweep (tests/test_learner_screens.py) on every text the widgets would show.

>>> programmer_text("Bea plays 7H. You win!")
[]
>>> programmer_text("legal moves: ['AS', '7H'] for seat 0")
["a Python list: ['AS', '7H']", 'a seat counted from 0: seat 0']
>>> for f in programmer_text("totals: (12, 30.5) after hands[3], `GAMES`, FistfulPlay("):
...     print(f)
a Python tuple: (12, 30.5)
a call in code: FistfulPlay(
an index into a list: hands[3]
code in backticks: `GAMES`
>>> for f in programmer_text("the winner is None; dynamite_counts_as green7 is True"):
...     print(f)
an identifier with underscores: dynamite_counts_as
an identifier glued to a number: green7
a Python value in a sentence: is None
a Python value in a sentence: is True
>>> programmer_text("None of the cards (3 sticks) beat card(s): 2x8, 6~, 0+g; Step 1 of 12")
[]
>>> grammar_slips("You wins the game; 3th place; You's hand; the the end; 2nd, 11th")
['You wins', "You's", 'the the', '3th']
>>> grammar_slips("Bea (bot) play a 7; Seat 2 have 3 cards; Cal passes; Bea and Cal win")
['Bea (bot) play', 'Seat 2 have']
>>> grammar_slips("Bea (bot, hard) play a 7; Cal (bot, easy) plays a 9")
['Bea (bot, hard) play']
"""

from __future__ import annotations

import re

#: A value as Python prints it: a quoted string, a number, None, True or False.
_ITEM = r"(?:'[^'\n]*'|\"[^\"\n]*\"|-?\d+(?:\.\d+)?|None|True|False)"
_QUOTED = r"(?:'[^'\n]*'|\"[^\"\n]*\")"

#: Python values, identifiers and code that have no place in a learner's page.
PROGRAMMER = [
    # (A number and its interval, "41% [30%, 52%]" or "1.5 [1, 2]", is not a list.)
    ("a Python list", re.compile(rf"(?<![\d%] )\[(?:{_QUOTED}|{_ITEM}(?:, ?{_ITEM})+)\]")),
    ("a Python tuple", re.compile(rf"\((?:{_ITEM}, ?)+{_ITEM}?\)")),
    ("a Python dict", re.compile(rf"\{{{_QUOTED}: ")),
    ("a seat counted from 0", re.compile(r"\b(?:[Ss]eats?|[Pp]layers?) 0\b")),
    ("a call in code", re.compile(r"\b[A-Za-z_][A-Za-z0-9_.]*\((?!s\))(?=[\w'\")\n]|$)")),
    ("a Python repr", re.compile(r"\b(?:Move|Card|Play|Discard|Position|Options)\('")),
    ("an index into a list", re.compile(r"\b[A-Za-z_]\w*\[-?\d+\]")),
    ("code in backticks", re.compile(r"`[^`\n]+`")),
    ("an identifier with underscores", re.compile(r"\b[A-Za-z]+_\w+")),
    ("an identifier glued to a number", re.compile(r"\b[a-z]{2,}\d+\b")),
    ("a camelCase identifier", re.compile(r"\b[a-z]+[A-Z][a-z]+\w*")),
    # None, True and False after a word, a colon or '=' (at a sentence's start they are words).
    (
        "a Python value in a sentence",
        re.compile(r"(?:\b\w+ ?[:=]? ?|[:=(] ?)(?:None|True|False)\b"),
    ),
    ("a float with many digits", re.compile(r"\b\d+\.\d{5,}\b")),
    ("a Python error", re.compile(r"\b(?:Traceback|[A-Z][a-z]+(?:Error|Exception))\b")),
    ("an object address", re.compile(r"object at 0x[0-9a-f]+")),
]

#: The names the pages give bots and seats (a verb after them agrees: "Bea plays").
_OTHERS = (
    r"(?:(?:Ada|Bea|Cal|Dee|Eli|Fay|Gus|Hal)(?: \(bot(?:, (?:easy|medium|hard))?\))?|Seat \d+)"
)
#: Verbs in the forms that agree with "you" and not with a name ("Bea play" is a slip).
_BASE_VERBS = (
    "play|pass|win|lead|take|turn|capture|deal|choose|discard|have|are|were|get|lose|go|make"
    "|need|hold|beat"
)

#: Slips the words helpers (ui/words.py) exist to prevent.
GRAMMAR = [
    re.compile(
        r"\bYou (?:wins|plays|passes|leads|takes|turns|captures|deals|chooses|discards"
        r"|has|is|was|gets|loses|goes|makes|needs|holds|beats)\b"
    ),
    # A name then a verb in the form for "you", where no "let" or "watch" comes before, nor
    # another name ("Bea and Cal win").
    re.compile(rf"(?<!\blet )(?<!\bwatch )(?<!\band )(?<!, )\b{_OTHERS} (?:{_BASE_VERBS})\b"),
    re.compile(r"\b(?:You|you)'s\b"),
    re.compile(r"\bYou, you\b"),
    re.compile(r"\((\w+)\) \(\1\)"),
    re.compile(r"\b([A-Za-z]{2,}) \1\b"),
]
ORDINAL = re.compile(r"\b(\d+)(st|nd|rd|th)\b")


def programmer_text(text: str) -> list[str]:
    """Findings of programmer text in ``text`` (what the learner reads)."""
    found = []
    for what, pattern in PROGRAMMER:
        for m in pattern.finditer(text):
            found.append(f"{what}: {m.group(0)[:60]}")
    return found


def grammar_slips(text: str) -> list[str]:
    """Grammar slips in ``text``: verbs after "You", wrong ordinals, doubled words."""
    from tabletop_widgets.ui.words import ordinal

    found = [m.group(0) for p in GRAMMAR for m in p.finditer(text)]
    found += [m.group(0) for m in ORDINAL.finditer(text) if ordinal(int(m.group(1))) != m.group(0)]
    return found


#: Runs in the page: visible elements that stick out of the viewport or are clipped by a
#: parent that hides its overflow, and controls smaller than a fingertip.
LAYOUT_JS = """(minTarget) => {
  const vw = document.documentElement.clientWidth;
  const root = document.querySelector('#rendered_cells') || document.body;
  const visible = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const scrolls = (el) => { const s = getComputedStyle(el);
    return /(auto|scroll)/.test(s.overflowX) && el.scrollWidth > el.clientWidth; };
  const name = (el) => (el.className && typeof el.className === 'string'
    ? el.tagName.toLowerCase() + '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.')
    : el.tagName.toLowerCase()) + ' "' + (el.innerText || el.getAttribute('aria-label') || '')
    .trim().slice(0, 30) + '"';
  const wide = [], clipped = [], small = [];
  for (const el of root.querySelectorAll('*')) {
    if (!visible(el) || el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    let inScroller = false;
    for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
      if (scrolls(a)) { inScroller = true; break; }
    }
    const r = el.getBoundingClientRect();
    if (!inScroller && r.right > vw + 1 && el.children.length === 0) wide.push(name(el));
    const p = el.parentElement;
    // A folded introduction (a phone) cuts its first paragraph on purpose, with an
    // ellipsis and "Read more" under it.
    const folded = el.closest('.tt-intro-text:has(+ .tt-intro-more:not([open]))');
    if (p && p !== root && !inScroller && !folded) {
      const s = getComputedStyle(p);
      if (/(hidden|clip)/.test(s.overflowX + s.overflowY) && (el.innerText || '').trim()) {
        const q = p.getBoundingClientRect();
        if (r.right > q.right + 2 || r.bottom > q.bottom + 2) clipped.push(name(el));
      }
    }
    const tag = el.tagName.toLowerCase();
    // Links inside running text are exempt (as in WCAG's target size rule).
    const inline = tag === 'a'
      && (el.closest('p, li, td') || getComputedStyle(el).display === 'inline');
    const control = tag === 'button' || tag === 'select' || tag === 'input' && el.type !== 'hidden'
      || el.getAttribute('role') === 'button' || tag === 'a' && !inline;
    // A checkbox is tapped through its label: measure the box holding both.
    const holder = /^(checkbox|radio)$/.test(el.type || '')
      && el.closest('label, .widget-checkbox, .widget-inline-hbox');
    const box = holder ? holder.getBoundingClientRect() : r;
    if (control && !el.disabled && (box.height < minTarget - 0.5 || box.width < minTarget - 0.5)) {
      small.push(name(el) + ` ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return { wide, clipped, small };
}"""


# -- rule ids ------------------------------------------------------------------------------

#: A rule id as the pages write them (MT-5, CT-3, FG-12).
RULE_ID = re.compile(r"\b([A-Z]{2})-(\d+)\b")
_TOKEN = re.compile(r"<(/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)", flags=re.S)
_HREF = re.compile(r"""href\s*=\s*["']([^"']*)["']""")
_UNREAD = {"svg", "style", "script", "title"}


def unlinked_rules(
    markup: str, games: dict[str, str] | None = None, *, unread: frozenset[str] = frozenset()
) -> list[str]:
    """Rule ids in an HTML fragment's words that are not a link to their paragraph: each
    must sit inside ``<a href="…rules.ipynb#ID">`` (the rules page beside the page, or the
    game's own, ``../<game>/rules.ipynb``).  ``games``: rule prefix → game key, to check
    that a link goes to its own game's rules page.  ``unread``: elements whose words are not
    checked (the headings of a rules page are the rules' paragraphs themselves).

    >>> unlinked_rules('Not allowed (<a href="rules.ipynb#MT-5">MT-5</a>); like MT-1')
    ['MT-1 is not a link to its rule']
    >>> unlinked_rules('<a href="rules.ipynb#MT-4">MT-5</a> <a id="MT-5"></a>')
    ['MT-5 links to rules.ipynb#MT-4']
    >>> unlinked_rules('<a href="../chinese_ten/rules.ipynb#MT-2">MT-2</a>', {"MT": "tycoon"})
    ['MT-2 links to ../chinese_ten/rules.ipynb#MT-2']
    """
    found: list[str] = []
    links: list[str | None] = []  # the hrefs of the <a> elements we are in
    skipping = 0
    for close, tag, attrs, text in _TOKEN.findall(markup):
        tag = tag.lower()
        if (tag in _UNREAD or tag in unread) and not attrs.rstrip().endswith("/"):
            skipping += -1 if close else 1
        elif tag == "a" and not attrs.rstrip().endswith("/"):
            if close:
                if links:
                    links.pop()
            else:
                m = _HREF.search(attrs)
                links.append(m.group(1) if m else None)
        elif text and not skipping:
            href = next((h for h in reversed(links) if h), None)
            for m in RULE_ID.finditer(text):
                found += _rule_link_finding(m.group(0), m.group(1), href, games)
    return found


def _rule_link_finding(rule: str, prefix: str, href: str | None, games) -> list[str]:
    if href is None:
        return [f"{rule} is not a link to its rule"]
    page, _, anchor = href.partition("#")
    if anchor != rule or not (page == "" or page.endswith("rules.ipynb")):
        return [f"{rule} links to {href}"]
    folder = page.rsplit("/", 2)[-2] if page.count("/") else None
    if games and folder not in (None, "", ".") and games.get(prefix) not in (None, folder):
        return [f"{rule} links to {href}"]
    return []


#: Runs in the page: rule ids in visible text that are not inside a link to their paragraph
#: (a link whose address ends with ``rules.ipynb#ID``, or ``#ID`` on the rules page).  The
#: headings of a rules page are the paragraphs themselves.
UNLINKED_RULES_JS = """() => {
  const root = document.querySelector('#rendered_cells') || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('svg, style, script') || !el.getClientRects().length) continue;
    if (el.closest('h1, h2, h3, h4') && el.closest('.tt-rules-document')) continue;
    for (const m of n.textContent.matchAll(/\\b[A-Z]{2}-\\d+\\b/g)) {
      const a = el.closest('a[href]');
      const href = a ? a.getAttribute('href') : '';
      const [page, anchor] = href.split('#');
      const ok = a && anchor === m[0] && (page === '' || /rules\\.ipynb$/.test(page));
      if (!ok) out.push(m[0] + (a ? ' links to ' + href : ' is not a link to its rule')
        + ' in "' + n.textContent.trim().slice(0, 60) + '"');
    }
  }
  return out;
}"""


# -- readable at a glance --------------------------------------------------------------------

#: Runs in the page: every visible SVG text inside a game's table or hand, and its height on
#: the screen (the font size in the SVG's units times the drawing's scale), when it is
#: below ``minPx``.  Thumbnails that carry their cards in words as a tooltip (a captured
#: pile: ``title`` on the fan) are the exception the issue allows.
SMALL_CARD_TEXT_JS = """(minPx) => {
  const root = document.querySelector('#rendered_cells') || document.body;
  const out = [];
  const holders = '.tt-board, .tt-mt-hand-widget, .tt-mt-card-widget';
  const tooltip = (t, holder) => {
    for (let e = t.parentElement; e && e !== holder; e = e.parentElement) {
      if (!(e instanceof SVGElement) && (e.getAttribute('title') || '').trim()) return true;
    }
    return false; };
  for (const t of root.querySelectorAll('svg text')) {
    const holder = t.closest(holders);
    if (!holder || !t.textContent.trim() || !t.getClientRects().length) continue;
    if (tooltip(t, holder)) continue;
    const style = getComputedStyle(t);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const m = t.getScreenCTM();
    if (!m) continue;
    const px = parseFloat(style.fontSize) * Math.hypot(m.c, m.d);
    if (px < minPx - 0.05) {
      const where = (holder.className.baseVal ?? holder.className).split(' ')
        .filter(c => c.startsWith('tt-')).slice(-1)[0];
      out.push(`${where}: "${t.textContent.trim().slice(0, 20)}" ${px.toFixed(1)} px`);
    }
  }
  return [...new Set(out)];
}"""

#: Runs in the page: for every element with its own visible text, its colour and the colour
#: behind it (the backgrounds of its ancestors composited) and their contrast ratio, when
#: below ``minRatio`` (texts of disabled controls are exempt, as in WCAG).
LOW_CONTRAST_JS = """(minRatio) => {
  const root = document.querySelector('#rendered_cells') || document.body;
  // Any CSS colour (rgb(), color(srgb …) from color-mix(), names) as [r, g, b, alpha].
  const parse = (c) => {
    const n = (c.match(/-?[\\d.]+(?:e-?\\d+)?/g) || []).map(Number);
    if (c.startsWith('color(srgb')) return [n[0] * 255, n[1] * 255, n[2] * 255, n[3] ?? 1];
    if (c.startsWith('rgb')) return [n[0], n[1], n[2], n[3] ?? 1];
    const ctx = (window.__ttInk ??= document.createElement('canvas').getContext('2d'));
    ctx.clearRect(0, 0, 1, 1); ctx.fillStyle = c; ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255]; };
  const over = (top, under) => { const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]); };
  const behind = (el) => { const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let color = [255, 255, 255, 1];
    for (const c of layers.reverse()) color = over(c, color);
    return color; };
  const lum = (c) => { const f = (v) => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    if (el instanceof SVGElement || el.closest('svg')) continue;  // cards are paper
    const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
    if (!own.length || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || +style.opacity === 0) continue;
    if (el.closest('button:disabled, [aria-disabled=true], :disabled')) continue;
    const bg = behind(el), fg = over(parse(style.color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < minRatio) out.push(`"${own.map(n => n.textContent.trim()).join(' ').slice(0, 30)}"`
      + ` ${ratio.toFixed(2)}:1 (${style.color} on rgb(${bg.slice(0, 3).map(Math.round)}))`);
  }
  return [...new Set(out)];
}"""

#: The symbols the pages may show: each is in the usual text fonts (DejaVu Sans, Noto
#: Sans), so no emoji font is needed to see it.
TEXT_SYMBOLS = "⚠✓✔✗✘♠♥♦♣♤♡♢♧▲▼▶◀■□●○★☆↑↓←→↔×·…–—−≥≤≈∞"

#: Runs in the page: buttons with neither visible text nor an aria-label, and visible
#: characters that need an emoji font (pictographs, emoji variation selectors) other than
#: ``allowed``.
UNLABELLED_JS = """(allowed) => {
  const root = document.querySelector('#rendered_cells') || document.body;
  // (A closed <details> keeps its boxes but hides its content: checkVisibility sees that.)
  const shown = (el) => (el.checkVisibility ? el.checkVisibility({ checkVisibilityCSS: true })
    : el.getClientRects().length > 0) && getComputedStyle(el).visibility !== 'hidden';
  const buttons = [];
  for (const b of root.querySelectorAll('button, [role=button], input[type=button]')) {
    if (!shown(b)) continue;
    const label = (b.innerText || b.value || '').trim() || (b.getAttribute('aria-label') || '')
      .trim() || (b.getAttribute('aria-labelledby') ? 'labelled' : '');
    if (!label) buttons.push(b.outerHTML.slice(0, 80));
  }
  const emoji = /[\\p{Extended_Pictographic}\\u{FE0F}\\u{2300}-\\u{23FF}\\u{2B00}-\\u{2BFF}]/u;
  const glyphs = new Set();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('style, script') || !shown(el)) continue;
    for (const ch of n.textContent) if (emoji.test(ch) && !allowed.includes(ch)) glyphs.add(ch);
  }
  return { buttons, glyphs: [...glyphs] };
}"""
