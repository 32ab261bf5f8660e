"""The rules pages in every language: the same document, rule by rule, in the reader's words.

Each rules document (``games/<game>/rules.md``) is English; its pieces are messages of the
game's catalog (the catalog tests check that every one is translated).  Here: put back
together in each language, a page keeps every anchor, picture, link target, code span
(notation is never translated), table shape and marked interpretation of the English.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tabletop_widgets.app.rules_pages import messages, rule_ids, rules_doc, rules_markdown
from tabletop_widgets.core.i18n import LANGUAGES, PSEUDO, SOURCE, _, language
from tabletop_widgets.core.registry import BUILTIN

CODES = [c for c in LANGUAGES if c != SOURCE] + [PSEUDO]
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
TARGET = re.compile(r"\]\(([^()\s]*)\)")
CODE = re.compile(r"`[^`]*`")


def shape(md: str) -> dict:
    """What a translation must keep of a page."""
    lines = md.splitlines()
    return {
        "anchors": ANCHOR.findall(md),
        "targets": Counter(TARGET.findall(md)),
        "code": Counter(CODE.findall(md)),
        "pictures": md.count('<div class="tt-rules-picture"'),
        "tables": [line.count("|") for line in lines if line.startswith("|")],
        "headings": [re.sub(r"[^#].*", "", x) for x in lines if x.startswith("#")],
        "rule headings": [
            m.group(1) for x in lines if (m := re.match(r"#+ .*\(([A-Z]{2}-\d+)\)", x))
        ],
        "quotes": sum(1 for x in lines if x.startswith("> ")),
    }


@pytest.fixture(scope="module", params=BUILTIN)
def english(request) -> tuple[str, str, dict]:
    with language(SOURCE):
        md = rules_markdown(request.param)
    return request.param, md, shape(md)


@pytest.mark.parametrize("code", CODES)
def test_every_language_keeps_the_shape_of_the_page(english, code):
    key, md, wanted = english
    with language(code):
        page = rules_markdown(key)
    got = shape(page)
    for what in wanted:
        assert got[what] == wanted[what], f"{key} in {code}: the {what} differ"
    assert "<!-- picture:" not in page
    assert wanted["rule headings"] == rule_ids(rules_doc(key))


@pytest.mark.parametrize("code", [c for c in CODES if c != PSEUDO])
def test_every_interpretation_is_marked_in_the_readers_words(english, code):
    key, md, _shape = english
    count = md.count("> **Our interpretation:**")
    assert count >= 3
    with language(code):
        label = _("Our interpretation:")
        page = rules_markdown(key)
    assert page.count(f"> **{label}**") == count, (key, code, label)


@pytest.mark.parametrize("code", [c for c in CODES if c != PSEUDO])
def test_no_english_sentence_is_left(english, code):
    key, md, _shape = english
    with language(code):
        page = rules_markdown(key)
    # A sentence of the English (ten words or more) never reappears whole in a translation.
    for _line, message in messages(rules_doc(key)):
        if len(message.split()) >= 10:
            assert message not in page, (key, code, message)


def test_the_page_widget_follows_the_language():
    from tabletop_widgets.app.pages import game_page

    page = game_page("chinese_ten", "rules")
    nav, doc = page.children
    assert "<h1>Chinese Ten — the rules</h1>" in doc.html and 'id="CT-3"' in doc.html
    with language("fr"):
        assert "<h1>" in doc.html and "Chinese Ten — the rules" not in doc.html
        assert 'id="CT-3"' in doc.html and "Règles" in nav.value
    assert "<h1>Chinese Ten — the rules</h1>" in doc.html


@pytest.mark.parametrize("key", BUILTIN)
def test_the_rules_say_game_number_as_the_screens_do(key):
    """The screens call the number that deals a game its "game number": the rules pages
    (their words, not the notation's code) and the sandboxes say so too, never "seed"."""
    words = re.sub(r"```.*?```|`[^`]*`", "", rules_markdown(key), flags=re.S)
    assert not re.search(r"\bseeds?\b", words, flags=re.I), key


def test_the_chinese_ten_sandbox_says_game_number():
    from tabletop_widgets.games.chinese_ten.screens import sandbox
    from tests.widget_texts import shown

    texts = [s.text for s in shown(sandbox.sandbox_page())]
    assert "Game number" in texts and not any(re.search(r"\bSeed\b", t) for t in texts)
