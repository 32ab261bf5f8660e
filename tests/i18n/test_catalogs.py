"""The catalogs: every message of the source translated in every language, placeholders
intact, nothing left as English unless the language's glossary allows it, and every
shipped .mo compiled from its .po as it is now (run ``python3 dev.py i18n`` to fix)."""

from __future__ import annotations

import pytest

from tabletop_widgets.core.i18n import LANGUAGES, PSEUDO, SOURCE, catalog
from tabletop_widgets.locale import tools

TRANSLATED = [c for c in LANGUAGES if c != SOURCE]


@pytest.fixture(scope="module")
def template():
    return tools.extract()


def test_the_template_holds_the_source_messages(template):
    from babel.messages.pofile import read_po

    with open(tools.TEMPLATE, "rb") as f:
        written = {m.id for m in read_po(f) if m.id}
    found = {m.id for m in template if m.id}
    assert found == written, "the .pot is stale: run python3 dev.py i18n"
    # The shared layers and the registry's words are in it.
    assert "Undo my last move" in found and "Matchstick Tycoon" in found
    assert ("{n} move played.", "{n} moves played.") in found


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(template, code):
    assert tools.problems(code, template) == []


def test_the_pseudo_language_has_every_message_wrapped(template):
    xx = tools.read(PSEUDO)
    for m in template:
        if not m.id:
            continue
        found = xx.get(m.id, context=m.context)
        assert found is not None, m.id
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        for s in strings:
            assert s.startswith("⟦") and s.endswith("⟧"), s
    assert tools.problems(PSEUDO, template) == []


@pytest.mark.parametrize("code", [*TRANSLATED, PSEUDO])
def test_the_shipped_mo_is_compiled_from_the_po(code):
    assert tools.mo_path(code).read_bytes() == tools.compiled(code), (
        f"{code}: the .mo is stale: run python3 dev.py i18n"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_has_a_glossary_that_allows_only_what_it_lists(code):
    text = (tools.LOCALE / code / "glossary.md").read_text(encoding="utf-8")
    assert "## Kept as in English" in text
    allowed = tools.allowed_same(code)
    assert allowed and all(a for a in allowed)
    # What the glossary allows is really in the source (no stale exceptions).
    ids = {m.id for m in tools.extract() if m.id and isinstance(m.id, str)}
    assert allowed <= ids, allowed - ids


def test_plural_forms_follow_each_language():
    # French: 0 and 1 are singular; Korean has one form; Catalan: 0 is plural.
    fr, ko, ca = catalog("fr"), catalog("ko"), catalog("ca")
    one, many = "{n} move played.", "{n} moves played."
    assert fr.ngettext(one, many, 0) == "{n} coup joué."
    assert fr.ngettext(one, many, 2) == "{n} coups joués."
    assert ko.ngettext(one, many, 1) == ko.ngettext(one, many, 5)
    assert ca.ngettext(one, many, 0) == "{n} jugades fetes."
    assert ca.ngettext(one, many, 1) == "{n} jugada feta."


def test_placeholders_are_read_as_translators_write_them():
    assert tools.placeholders("{name} plays {card}") == {"name", "card"}
    assert tools.placeholders("{{literal}} {n:>3}") == {"n"}
