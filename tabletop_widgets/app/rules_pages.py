"""The rules page of each game, in the reader's language, from its rules document.

One source: ``games/<game>/rules.md`` (English, readable on its own in the repository).
Its sections start with an anchor named after the rule id::

    <a id="MT-5"></a>
    ## Turns (MT-5)

and interpretations are quoted paragraphs that start with
``> **Our interpretation:**``.  A line ``<!-- picture: NAME -->`` stands for a
picture the game's ``render.rules_picture(NAME)`` draws (pure SVG, from the
engine's own shapes and cards, its words in the current language).

Translation works as documentation tools do (Sphinx, po4a): the document is cut into
pieces — a heading, a paragraph, a list item, a quoted paragraph, a table cell — and
each piece that has words is one message of the game's gettext catalog (``python3 dev.py
i18n`` extracts them; see :func:`extract`).  Anchors, pictures, code spans and cells of
pure notation are kept as they are.  :func:`rules_markdown` puts the document back
together in the current language; :func:`rules_page` is the page's widget.

>>> doc = '# Tiny — the rules\\n\\n<a id="TP-1"></a>\\n## Cards (TP-1)\\n\\n- One card,\\n  two.\\n'
>>> [m for _line, m in messages(doc)]
['Tiny — the rules', 'Cards (TP-1)', 'One card, two.']
>>> print(assemble(doc, str.upper), end="")
# TINY — THE RULES
<BLANKLINE>
<a id="TP-1"></a>
<BLANKLINE>
## CARDS (TP-1)
<BLANKLINE>
- ONE CARD, TWO.
>>> rule_ids(doc)
['TP-1']
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop_widgets.core.i18n import _
from tabletop_widgets.ui.rule_links import link_rules_html

__all__ = [
    "assemble",
    "extract",
    "messages",
    "rule_ids",
    "rules_doc",
    "rules_html",
    "rules_markdown",
    "rules_page",
]

GAMES_DIR = Path(__file__).resolve().parents[1] / "games"
_ANCHOR = re.compile(r'^<a id="([A-Za-z]+-\d+|[a-z][a-z-]*)"></a>\s*$')
_RULE = re.compile(r"^[A-Z]{2}-\d+$")
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_PICTURE = re.compile(r"^<!-- picture: ([a-z0-9_-]+) -->\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")
_ITEM = re.compile(r"^(\s*)([-*]|\d+\.)\s+(.*)$")
_RULER = re.compile(r"^\|[\s|:-]+\|\s*$")  # a table's |---|---| line
_CODE = re.compile(r"`[^`]*`")
#: A piece is worth translating when it has a word (two letters or more) outside code spans.
_WORD = re.compile(r"[^\W\d_]{2,}")


def rules_path(key: str) -> Path:
    """Where game ``key``'s rules document is: ``games/<key>/rules.md``."""
    return GAMES_DIR / key / "rules.md"


def rules_doc(key: str) -> str:
    """The English text of game ``key``'s rules document."""
    return rules_path(key).read_text(encoding="utf-8")


def rule_ids(doc: str) -> list[str]:
    """The rule ids the document has anchors for, in order."""
    ids = [m.group(1) for line in doc.splitlines() if (m := _ANCHOR.match(line))]
    return [i for i in ids if _RULE.match(i)]


# -- the document in pieces ---------------------------------------------------------------


@dataclass(frozen=True)
class _Text:
    """A piece to translate: its message (line breaks as spaces) and its line."""

    message: str
    line: int


Line = list["str | _Text"]


def _piece(text: str, line: int) -> str | _Text:
    text = " ".join(text.split())
    return _Text(text, line) if _WORD.search(_CODE.sub("", text)) else text


def _starts_block(line: str) -> bool:
    return bool(
        not line.strip()
        or _ANCHOR.match(line)
        or _PICTURE.match(line)
        or _HEADING.match(line)
        or _ITEM.match(line)
        or line.startswith(("|", ">"))
    )


def _table_row(line: str, number: int) -> Line:
    if _RULER.match(line):
        return [line.strip()]
    row: Line = ["|"]
    for cell in line.strip().strip("|").split("|"):
        row += [" ", _piece(cell, number), " |"]
    return row


def _lines(doc: str) -> Iterator[Line]:
    """The document as lines of literal text and pieces to translate; a paragraph, a list
    item or a quote becomes one line.  Anchors get a blank line after them (a lone HTML tag
    would otherwise swallow the heading under it, as CommonMark reads it)."""
    lines = doc.splitlines()
    i = 0
    while i < len(lines):
        line, number = lines[i], i + 1
        i += 1
        if not line.strip():
            yield [""]
        elif _ANCHOR.match(line):
            yield [line.strip()]
            if i < len(lines) and lines[i].strip():
                yield [""]
        elif _PICTURE.match(line):
            yield [line.strip()]
        elif m := _HEADING.match(line):
            yield [m.group(1) + " ", _piece(m.group(2), number)]
        elif line.startswith("|"):
            yield _table_row(line, number)
        elif line.startswith(">"):
            quote = [line[1:]]
            while i < len(lines) and lines[i].startswith(">"):
                quote.append(lines[i][1:])
                i += 1
            yield ["> ", _piece(" ".join(quote), number)]
        elif m := _ITEM.match(line):
            item = [m.group(3)]
            while i < len(lines) and lines[i].startswith(" ") and not _starts_block(lines[i]):
                item.append(lines[i])
                i += 1
            yield [f"{m.group(1)}{m.group(2)} ", _piece(" ".join(item), number)]
        else:
            text = [line]
            while i < len(lines) and not _starts_block(lines[i]):
                text.append(lines[i])
                i += 1
            yield [_piece(" ".join(text), number)]


def messages(doc: str) -> list[tuple[int, str]]:
    """The document's messages, with the line each starts on, in order."""
    return [(p.line, p.message) for row in _lines(doc) for p in row if isinstance(p, _Text)]


def assemble(
    doc: str, translate: Callable[[str], str], picture: Callable[[str], str] | None = None
) -> str:
    """The document with each message through ``translate``; with ``picture``, each
    picture line becomes its drawing (a block of its own)."""
    out = []
    for row in _lines(doc):
        text = "".join(translate(p.message) if isinstance(p, _Text) else p for p in row)
        m = _PICTURE.match(text)
        if m and picture is not None:
            text = f'<div class="tt-rules-picture" role="group">{picture(m.group(1))}</div>'
        out.append(text)
    return "\n".join(out).strip("\n") + "\n"


def extract(
    fileobj: Any, keywords: Any, comment_tags: Any, options: dict
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel extractor of a rules document (``babel.cfg``: ``[rules: …/rules.md]``)."""
    doc = fileobj.read().decode("utf-8")
    for line, message in messages(doc):
        yield line, None, message, ["rules page: Markdown; keep links, ** and `code` as they are"]


# -- the page -----------------------------------------------------------------------------


def _render(key: str) -> Any:
    return importlib.import_module(f"tabletop_widgets.games.{key}.render")


def rules_markdown(key: str) -> str:
    """Game ``key``'s rules document in the current language, pictures drawn."""
    return assemble(rules_doc(key), _, _render(key).rules_picture)


def rules_html(key: str) -> str:
    """Game ``key``'s rules as HTML, in the current language."""
    import mistune

    to_html = mistune.create_markdown(escape=False, plugins=["table"])
    # A rule cited in another's words links to its paragraph (the headings are those).
    return link_rules_html(str(to_html(rules_markdown(key))), "", keep=_HEADINGS)


def rules_page(key: str) -> Any:
    """The rules of game ``key`` as a page's widget, in the current language (the app's
    page puts the line of links above it: :func:`.pages.game_page`)."""
    from functools import partial

    from tabletop_widgets.ui.rules_document import RulesDocument

    return RulesDocument(partial(rules_html, key))
