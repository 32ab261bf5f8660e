"""What a learner must never meet on a page, as checks a browser test runs on every page.

Each check reads the page as the learner sees it (visible text, boxes on the
screen) and returns a list of findings; an empty list is a clean page.

>>> programmer_text("Bea plays 7H. You win!")
[]
>>> programmer_text("legal moves: ['AS', '7H'] for seat 0")
["a Python list: ['AS', '7H']", 'a seat counted from 0: seat 0']
>>> grammar_slips("You wins the game; 3th place; You's hand; the the end; 2nd, 11th")
['You wins', "You's", 'the the', '3th']
"""

from __future__ import annotations

import re

#: Python values, identifiers and code that have no place in a learner's page.
PROGRAMMER = [
    (
        "a Python list",
        re.compile(r"\[(?:'[^'\n]*'|\"[^\"\n]*\")(?:, (?:'[^'\n]*'|\"[^\"\n]*\"))*\]"),
    ),
    ("a Python tuple", re.compile(r"\((?:-?\d+, )+-?\d+\)")),
    ("a seat counted from 0", re.compile(r"\b[Ss]eat 0\b")),
    ("a call in code", re.compile(r"\b[A-Z][A-Za-z]+\([a-z_]+=")),
    ("a Python repr", re.compile(r"\b(?:Move|Card|Play|Discard|Position|Options)\('")),
    ("an identifier with underscores", re.compile(r"\b[a-z]+_[a-z0-9_]+\b")),
    ("a Python literal", re.compile(r"\b(?:True|False)\b")),
    ("a Python error", re.compile(r"\b(?:Traceback|[A-Z][a-z]+(?:Error|Exception))\b")),
    ("an object address", re.compile(r"object at 0x[0-9a-f]+")),
]

#: Slips the words helpers (ui/words.py) exist to prevent.
GRAMMAR = [
    re.compile(
        r"\bYou (?:wins|plays|passes|leads|takes|turns|captures|deals|chooses|discards"
        r"|has|is|was|gets|loses|goes|makes|needs|holds)\b"
    ),
    re.compile(r"\bYou's\b"),
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
    if (p && p !== root && !inScroller) {
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
