"""The catalogs: every message of the source translated in every language, placeholders
intact, nothing left as English unless the language's glossary allows it, and every
shipped .mo compiled from its .po as it is now (run ``python3 dev.py i18n`` to fix)."""

from __future__ import annotations

import pytest

from tabletop_widgets.core.i18n import LANGUAGES, PSEUDO, SOURCE, catalog
from tabletop_widgets.locale import tools

TRANSLATED = [c for c in LANGUAGES if c != SOURCE]


DOMAINS = [tools.DOMAIN, *tools.game_domains()]


@pytest.fixture(scope="module")
def templates():
    return tools.extract_all()


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_holds_the_source_messages(templates, domain):
    from babel.messages.pofile import read_po

    with open(tools.template_path(domain), "rb") as f:
        written = {m.id for m in read_po(f) if m.id}
    found = {m.id for m in templates[domain] if m.id}
    assert found == written, f"{domain}: the .pot is stale: run python3 dev.py i18n"


def test_each_message_is_in_the_catalog_of_the_code_that_uses_it(templates):
    shared = {m.id for m in templates[tools.DOMAIN]}
    assert "Undo my last move" in shared
    assert ("{n} move played.", "{n} moves played.") in shared
    # A game's registry words are in its own catalog (a fourth game touches no shared one).
    assert "Matchstick Tycoon" in {m.id for m in templates["matchstick_tycoon"]}
    assert "Matchstick Tycoon" not in shared


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(templates, code, domain):
    assert tools.problems(code, templates[domain], domain) == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_pseudo_language_has_every_message_wrapped(templates, domain):
    xx = tools.read(PSEUDO, domain)
    for m in templates[domain]:
        if not m.id:
            continue
        found = xx.get(m.id, context=m.context)
        assert found is not None, m.id
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        for s in strings:
            assert s.startswith("⟦") and s.endswith("⟧"), s
    assert tools.problems(PSEUDO, templates[domain], domain) == []


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("code", [*TRANSLATED, PSEUDO])
def test_the_shipped_mo_is_compiled_from_the_po(code, domain):
    assert tools.mo_path(code, domain).read_bytes() == tools.compiled(code, domain), (
        f"{code} ({domain}): the .mo is stale: run python3 dev.py i18n"
    )


def test_a_language_reads_every_catalog_at_once():
    from tabletop_widgets.core.i18n import _, language

    with language("ko"):
        assert _("Matchstick Tycoon") == "성냥팔이의 대부호"  # the game's catalog
        assert _("Undo my last move") != "Undo my last move"  # the shared one


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_has_a_glossary_that_allows_only_what_it_lists(code):
    text = (tools.LOCALE / code / "glossary.md").read_text(encoding="utf-8")
    assert "## Kept as in English" in text
    allowed = tools.allowed_same(code)
    assert allowed and all(a for a in allowed)
    # What the glossary allows is really in the source (no stale exceptions).
    ids = {m.id for t in tools.extract_all().values() for m in t if m.id and isinstance(m.id, str)}
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


def test_no_two_catalogs_hold_the_same_message(templates):
    """A language's catalogs are chained at run time, so a message in two catalogs would
    read as the first catalog says wherever it is shown (a Matchstick Tycoon page said A
    Fistful of Gold's words): a message two games use lives in the shared catalog."""
    seen: dict = {}
    for domain, template in templates.items():
        for m in template:
            if m.id:
                seen.setdefault((m.id if isinstance(m.id, str) else m.id[0], m.context), []).append(
                    domain
                )
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}


def test_every_marked_string_of_the_source_is_in_a_catalog():
    """A string marked in the code but missed by the extraction (Babel does not read every
    nesting of calls) would stay English in every language: each literal given to a marking
    function is a message of some catalog."""
    import ast

    marks = {"_", "N_", "_l", "ngettext", "_nl", "N_plural"}
    ids = {
        m.id if isinstance(m.id, str) else m.id[0] for t in tools.extract_all().values() for m in t
    }
    missing = []
    for path in sorted((tools.ROOT / "tabletop_widgets").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            at = 1 if node.func.id in ("pgettext", "NC_") else 0 if node.func.id in marks else None
            if at is None or len(node.args) <= at:
                continue
            arg = node.args[at]
            if (
                isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and arg.value not in ids
            ):
                missing.append(f"{path.relative_to(tools.ROOT)}:{node.lineno} {arg.value!r}")
    assert not missing, "\n".join(missing)
