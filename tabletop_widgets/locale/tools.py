"""The catalogs' tools (development only; they need Babel, a test dependency).

``python3 dev.py i18n`` runs :func:`main`: **extract** every marked string of the package
(``babel.cfg``) into ``tabletop_widgets.pot``, **update** each language's ``.po`` from it
(new messages arrive untranslated, changed ones fuzzy), regenerate the pseudo-language
``xx`` and **compile** every ``.po`` into the ``.mo`` the package ships.  The tests use
:func:`extract`, :func:`compiled` and :func:`problems` to check that every catalog is
complete and every ``.mo`` up to date.

The same by hand, with Babel's command line (from the repository's root)::

    pybabel extract -F babel.cfg -k _l -k _nl:1,2 -k N_plural:1,2 \\
        -o tabletop_widgets/locale/tabletop_widgets.pot .
    pybabel update -D tabletop_widgets -d tabletop_widgets/locale \\
        -i tabletop_widgets/locale/tabletop_widgets.pot
    pybabel compile -D tabletop_widgets -d tabletop_widgets/locale
"""

from __future__ import annotations

import ast
import io
import re
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tabletop_widgets.core.i18n import DOMAIN, LANGUAGES, PSEUDO, SOURCE, pseudo

ROOT = Path(__file__).resolve().parents[2]
LOCALE = Path(__file__).resolve().parent
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
#: The translated languages (English is the source, xx is generated).
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
#: Extraction keywords beyond Babel's defaults (``_``, ``ngettext``, ``pgettext``, ``N_`` …).
KEYWORDS = {"_l": None, "_nl": (1, 2), "N_plural": (1, 2)}
#: A placeholder of a message: ``{name}``.
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})")
#: Fixed dates for the headers, so running the tools twice changes nothing.
EPOCH = datetime(2026, 1, 1, tzinfo=timezone.utc)


# -- extraction -----------------------------------------------------------------------------


def extract_registry(
    fileobj: Any, keywords: Any, comment_tags: Any, options: dict
) -> Iterator[tuple[int, str | None, Any, list[str]]]:
    """Babel extractor for a game's ``__init__.py``: its marked strings, plus the literal
    ``title`` and ``pitch`` of ``GameInfo(...)`` and the label and blurb of ``Page(...)``."""
    from babel.messages.extract import extract_python

    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    tree = ast.parse(source.decode("utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id == "GameInfo":
            values = [k.value for k in node.keywords if k.arg in ("title", "pitch")]
        elif node.func.id == "Page":
            values = node.args[1:3] + [
                k.value for k in node.keywords if k.arg in ("label", "blurb")
            ]
        else:
            continue
        for v in values:
            if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value:
                yield v.lineno, None, v.value, ["registry entry"]


def _mapping() -> tuple[list, dict]:
    from babel.messages.frontend import parse_mapping_cfg

    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        return parse_mapping_cfg(f, "babel.cfg")


def extract() -> Any:
    """Every message of the package's source, as a Babel catalog (the template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    method_map, options_map = _mapping()
    keywords = {**DEFAULT_KEYWORDS, **KEYWORDS}
    catalog = Catalog(
        project="tabletop-widgets",
        creation_date=EPOCH,
        revision_date=EPOCH,
        fuzzy=False,
        charset="utf-8",
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        ROOT,
        method_map,
        options_map,
        keywords=keywords,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
        directory_filter=lambda d: not Path(d).name.startswith(".") and Path(d).name != "tests",
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


# -- catalogs ---------------------------------------------------------------------------------


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def read(code: str) -> Any:
    from babel.messages.pofile import read_po

    with open(po_path(code), "rb") as f:
        return read_po(f, locale=None if code == PSEUDO else code, domain=DOMAIN)


def _write_po(catalog: Any, path: Path) -> None:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())


def compiled(code: str) -> bytes:
    """The ``.mo`` that the ``.po`` of ``code`` compiles to."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, read(code), use_fuzzy=False)
    return out.getvalue()


def update(template: Any, code: str) -> None:
    """Bring the ``.po`` of ``code`` in line with the template (a new one if missing)."""
    from babel.messages.catalog import Catalog

    path = po_path(code)
    if path.exists():
        catalog = read(code)
    else:
        catalog = Catalog(locale=code, domain=DOMAIN, project="tabletop-widgets")
    catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
    catalog.obsolete.clear()  # removed messages go: the history is in git
    catalog.creation_date = catalog.revision_date = EPOCH
    catalog.fuzzy = False
    _write_po(catalog, path)


def make_pseudo(template: Any) -> None:
    """The pseudo-language: every message of the template through :func:`pseudo`."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(domain=DOMAIN, project="tabletop-widgets", fuzzy=False)
    catalog.language_team = "pseudo-language (generated)"
    for m in template:
        if not m.id:
            continue
        string = tuple(pseudo(x) for x in m.id) if m.pluralizable else pseudo(m.id)
        catalog.add(m.id, string, context=m.context)
    catalog.creation_date = catalog.revision_date = EPOCH
    _write_po(catalog, po_path(PSEUDO))


def write_template(template: Any) -> None:
    _write_po(template, TEMPLATE)


def compile_all() -> None:
    for code in (*TRANSLATED, PSEUDO):
        data = compiled(code)
        path = mo_path(code)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)


# -- checks (the tests and ``dev.py i18n`` report these) ------------------------------------


def placeholders(text: str) -> set[str]:
    """The named placeholders of a message.

    >>> sorted(placeholders("{name} plays {card} ({{literal}})"))
    ['card', 'name']
    """
    return {m.group(1) for m in PLACEHOLDER.finditer(text)}


def allowed_same(code: str) -> set[str]:
    """The messages the glossary of ``code`` allows to stay as in English (names, notation):
    the lines of its "Kept as in English" list, each a message in backquotes."""
    path = LOCALE / code / "glossary.md"
    if not path.exists():
        return set()
    text = path.read_text(encoding="utf-8")
    part = text.split("## Kept as in English", 1)[-1] if "## Kept as in English" in text else ""
    part = part.split("\n## ", 1)[0]
    return set(re.findall(r"^- `([^`]+)`", part, flags=re.M))


def problems(code: str, template: Any) -> list[str]:
    """What is missing or wrong in the catalog of ``code`` against the source's messages."""
    catalog = read(code)
    same_ok = allowed_same(code)
    out: list[str] = []
    for m in template:
        if not m.id:
            continue
        found = catalog.get(m.id, context=m.context)
        name = m.id if isinstance(m.id, str) else m.id[0]
        if found is None:
            out.append(f"{code}: missing {name!r}")
            continue
        if found.fuzzy:
            out.append(f"{code}: fuzzy (check it, then remove the flag) {name!r}")
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if not all(strings) or not strings:
            out.append(f"{code}: untranslated {name!r}")
            continue
        wanted = set().union(*(placeholders(i) for i in ids))
        for s in strings:
            got = placeholders(s)
            # A plural form may leave out {n} (Korean has one form; "one card" spells it).
            if got - wanted or (wanted - {"n"}) - got:
                out.append(f"{code}: placeholders {sorted(got)} != {sorted(wanted)} in {name!r}")
        if code != PSEUDO and strings[0] == ids[0] and ids[0] not in same_ok:
            out.append(f"{code}: same as English (glossary does not allow it) {name!r}")
    return out


def main(argv: list[str]) -> int:
    template = extract()
    write_template(template)
    for code in TRANSLATED:
        update(template, code)
    make_pseudo(template)
    compile_all()
    todo = [p for code in TRANSLATED for p in problems(code, template)]
    print(f"{len(template)} messages; {len(todo)} to translate or check")
    for line in todo[:200]:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
