"""Every text a page's widgets would show a learner, read in Python (no browser).

:func:`shown` walks a widget and its children and returns :class:`Shown` items: the
words of HTML and Label values (SVG pictures, styles and scripts left out), button and
field labels, placeholders, tooltips, dropdown and toggle choices, tab and accordion
titles, output areas, and the words an anywidget table or hand sends its front end
(its ``_texts`` and the sentences in its synced traits).  The learner sweep
(tests/test_learner_screens.py) runs the browser sweep's checks on them after every
move of whole games, every tutorial step and the sandboxes' actions.

>>> import ipywidgets as w
>>> box = w.VBox([w.HTML("<p>See <a href='rules.ipynb#MT-5'>MT-5</a>.</p>"),
...               w.Button(description="Play", tooltip="play it")])
>>> [(s.text, s.html is not None) for s in shown(box)]
[('See MT-5 .', True), ('Play', False), ('play it', False)]
"""

from __future__ import annotations

import html as html_module
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

#: Widgets that show nothing (what the browser keeps for the page).
UNSEEN = {"BrowserStore"}
#: Synced traits of an anywidget that carry no words (code, pictures, geometry, ids).
NOT_WORDS_TRAITS = {
    "_esm",
    "_css",
    "_geometry",
    "_faces",
    "faces",
    "_card_names",
    "layout",
    "_dom_classes",
    "tabbable",
    "tooltip",
    "_turn_events",
    "comm",
    "keys",
}
#: Keys inside an anywidget's traits whose one-word values are words (a name, a status);
#: other one-word values are codes (a card "7H", a phase "hand", a value "8").
WORD_KEYS = re.compile(r"(name|label|words|message|status|title|error|text|caption|heading)s?$")
#: Keys whose values are never shown as words (notation, codes, pictures).
CODE_KEYS = {"svg", "face", "code", "card", "cards", "hand", "pile", "layout", "turned", "value"}
SKIPPED_HTML = re.compile(
    r"<style\b.*?</style>|<script\b.*?</script>|<svg\b.*?</svg>", flags=re.S | re.I
)
TAG = re.compile(r"<[^>]+>")
#: What shows nothing (an empty HTML widget's placeholder is a zero-width space).
BLANK = " \t\n\u200b"
INLINE = re.compile(r"</?(?:b|i|em|strong|code|kbd|small|u|sup|sub|abbr|mark)\b[^>]*>", re.I)


@dataclass(frozen=True)
class Shown:
    """One text on the page: where it is (widget class and field), the words as read, and
    the HTML it came from (None for plain text)."""

    where: str
    text: str
    html: str | None = None


def visible_words(markup: str) -> str:
    """The words of an HTML fragment as the learner reads them (pictures left out)."""
    text = SKIPPED_HTML.sub(" ", markup)
    text = re.sub(r"<br\s*/?>|</p>|</li>|</h\d>|</div>|</tr>", "\n", text, flags=re.I)
    text = INLINE.sub("", text)  # <b>T</b>en is one word; other elements are apart
    text = html_module.unescape(TAG.sub(" ", text))
    return re.sub(r"[ \t]+", " ", text).strip()


def _strings(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if str(k) not in CODE_KEYS:
                yield from _strings(v, str(k))
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v, key)


def _anywidget_texts(widget: Any) -> Iterator[Shown]:
    name = type(widget).__name__
    for trait in widget.keys:
        if trait in NOT_WORDS_TRAITS or trait.startswith(("_model_", "_view_")):
            continue
        for key, s in _strings(getattr(widget, trait, None), trait):
            s = s.strip()
            if not s or s.startswith("<svg"):
                continue
            if not re.search(r"\s", s) and not WORD_KEYS.search(key):
                continue  # one word under a code's key: a code, not a sentence
            if "<" in s and ">" in s:
                yield Shown(f"{name}.{key}", visible_words(s), s)
            else:
                yield Shown(f"{name}.{key}", s)


def _own(widget: Any) -> Iterator[Shown]:
    name = type(widget).__name__
    if isinstance(widget, w.HTML | w.HTMLMath):
        if widget.value:
            yield Shown(name, visible_words(widget.value), widget.value)
    elif isinstance(widget, w.Label):
        yield Shown(name, widget.value)
    if name in UNSEEN:
        return
    if hasattr(widget, "_esm") and hasattr(widget, "keys"):
        yield from _anywidget_texts(widget)
        return
    for attr in ("description", "placeholder", "tooltip"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value.strip(BLANK):
            yield Shown(f"{name}.{attr}", value)
    labels = getattr(widget, "_options_labels", None)
    if labels:
        yield from (Shown(f"{name}.option", str(label)) for label in labels)
    titles = getattr(widget, "titles", None)
    if titles:
        yield from (Shown(f"{name}.title", str(t)) for t in titles if t)
    if isinstance(widget, w.Output):
        for out in widget.outputs:
            data = out.get("data", {})
            if "text/html" in data:
                yield Shown("Output", visible_words(data["text/html"]), data["text/html"])
            elif "text/plain" in data and "image/png" not in data:
                yield Shown("Output", data["text/plain"])
            elif "text" in out:
                yield Shown("Output.stream", out["text"])


def shown(widget: Any) -> list[Shown]:
    """Every text ``widget`` and its children would show (hidden ones too: they are shown
    once something changes)."""
    out: list[Shown] = []
    todo = [widget]
    seen: set[int] = set()
    while todo:
        x = todo.pop(0)
        if id(x) in seen or x is None:
            continue
        seen.add(id(x))
        out += [s for s in _own(x) if s.text.strip(BLANK)]
        todo.extend(getattr(x, "children", ()) or ())
    return out
