"""The catalogs' tools (development only; they need Babel, a test dependency).

There is one catalog per **domain**: the shared one (``locale/tabletop_widgets.po``: the
app, the shared widgets) and one per game, beside its code
(``games/<game>/locale/<lang>/LC_MESSAGES/<game>.po``); a message goes to the catalog of
the files that use it (shared code wins).  At run time the catalogs of a language are
chained (:func:`tabletop_widgets.core.i18n.catalog`).

``python3 dev.py i18n`` runs :func:`main`: **extract** every marked string of the package
(``babel.cfg``) into each domain's ``.pot``, **update** each language's ``.po`` from it
(new messages arrive untranslated, changed ones fuzzy; a message that moved between
catalogs keeps its translation), regenerate the pseudo-language ``xx`` and **compile**
every ``.po`` into the ``.mo`` the package ships.  The tests use :func:`extract_all`,
:func:`compiled` and :func:`problems` to check that every catalog is complete and every
``.mo`` up to date.

The shared catalog by hand, with Babel's command line (from the repository's root)::

    pybabel extract -F babel.cfg -k _l -k _nl:1,2 -k N_plural:1,2 \\
        -o tabletop_widgets/locale/tabletop_widgets.pot .
    pybabel compile -D tabletop_widgets -d tabletop_widgets/locale
"""

from __future__ import annotations

import ast
import copy
import io
import re
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Any

from tabletop_widgets.core.i18n import DOMAIN, GAMES_DIR, LANGUAGES, PSEUDO, SOURCE, pseudo

ROOT = Path(__file__).resolve().parents[2]
LOCALE = Path(__file__).resolve().parent
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
#: The translated languages (English is the source, xx is generated).
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
#: Extraction keywords beyond Babel's defaults (``_``, ``ngettext``, ``pgettext``, ``N_`` …).
KEYWORDS = {"_l": None, "_nl": (1, 2), "N_plural": (1, 2), "NC_": ((1, "c"), 2)}
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


def domain_of(filename: str) -> str:
    """The catalog a source file's messages go to: its game's, else the shared one.

    >>> domain_of("tabletop_widgets/games/chinese_ten/rules.py")
    'chinese_ten'
    >>> domain_of("tabletop_widgets/ui/stepper.py")
    'tabletop_widgets'
    """
    parts = Path(filename).parts
    if len(parts) > 3 and parts[:2] == ("tabletop_widgets", "games"):
        return parts[2]
    return DOMAIN


def game_domains() -> list[str]:
    """The games that have a folder (each gets a catalog of its own)."""
    return sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())


def extract(domain: str = DOMAIN) -> Any:
    """The messages of one catalog's source files, as a Babel catalog (its template)."""
    return extract_all()[domain]


@cache
def _extracted() -> tuple:
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    method_map, options_map = _mapping()
    keywords = {**DEFAULT_KEYWORDS, **KEYWORDS}
    return tuple(
        extract_from_dir(
            ROOT,
            method_map,
            options_map,
            keywords=keywords,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
            directory_filter=lambda d: not Path(d).name.startswith(".") and Path(d).name != "tests",
        )
    )


def extract_all() -> dict[str, Any]:
    """Every catalog's template, by domain (the shared one and each game's).

    A message that shared code uses too, or that two games use, goes to the shared catalog
    only: the catalogs of a language are chained at run time, so a message has one
    translation whichever game shows it (two games' catalogs must not disagree)."""
    from babel.messages.catalog import Catalog

    def empty() -> Any:
        return Catalog(
            project="tabletop-widgets",
            creation_date=EPOCH,
            revision_date=EPOCH,
            fuzzy=False,
            charset="utf-8",
        )

    found = _extracted()
    users: dict[tuple, set[str]] = {}
    for f, _, m, _, c in found:
        users.setdefault((m, c), set()).add(domain_of(f))
    shared_ids = {key for key, ds in users.items() if DOMAIN in ds or len(ds) > 1}
    out = {DOMAIN: empty(), **{g: empty() for g in game_domains()}}
    for filename, lineno, message, comments, context in found:
        domain = domain_of(filename)
        if domain != DOMAIN and (message, context) in shared_ids:
            domain = DOMAIN
        out[domain].add(
            message, None, [(filename, lineno)], auto_comments=comments, context=context
        )
    return out


# -- catalogs ---------------------------------------------------------------------------------


def folder(domain: str = DOMAIN) -> Path:
    """Where a domain's catalogs live: the shared ``locale/`` or ``games/<game>/locale/``."""
    return LOCALE if domain == DOMAIN else GAMES_DIR / domain / "locale"


def template_path(domain: str = DOMAIN) -> Path:
    return folder(domain) / f"{domain}.pot"


def po_path(code: str, domain: str = DOMAIN) -> Path:
    return folder(domain) / code / "LC_MESSAGES" / f"{domain}.po"


def mo_path(code: str, domain: str = DOMAIN) -> Path:
    return po_path(code, domain).with_suffix(".mo")


def read(code: str, domain: str = DOMAIN) -> Any:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(code, domain)
    if not path.exists():
        return Catalog(locale=None if code == PSEUDO else code, domain=domain)
    with open(path, "rb") as f:
        return read_po(f, locale=None if code == PSEUDO else code, domain=domain)


def _write_po(catalog: Any, path: Path) -> None:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())


def compiled(code: str, domain: str = DOMAIN) -> bytes:
    """The ``.mo`` that the ``.po`` of ``code`` compiles to."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, read(code, domain), use_fuzzy=False)
    return out.getvalue()


def known_translations(code: str) -> dict:
    """Every finished translation ``code`` has in any catalog, so a message that moves from
    one catalog to another (shared ↔ a game's) keeps its translation."""
    known: dict = {}
    for domain in (DOMAIN, *game_domains()):
        for m in read(code, domain):
            if m.id and m.string and not m.fuzzy and all(m.string):
                known.setdefault((m.id, m.context), m.string)
    return known


def update(template: Any, code: str, domain: str = DOMAIN, known: dict | None = None) -> None:
    """Bring the ``.po`` of ``code`` in line with the template (a new one if missing)."""
    from babel.messages.catalog import Catalog

    path = po_path(code, domain)
    if path.exists():
        catalog = read(code, domain)
    else:
        catalog = Catalog(locale=code, domain=domain, project="tabletop-widgets")
    # Babel keeps the template's own Message objects for new messages: give it a copy, so
    # filling one language's strings below never leaks into the next language.
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=False, update_header_comment=False)
    catalog.obsolete.clear()  # removed messages go: the history is in git
    for m in catalog:
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.id and (m.fuzzy or not all(strings)):
            string = (known or {}).get((m.id, m.context))
            if string:
                m.string = string
                m.flags.discard("fuzzy")
    catalog.creation_date = catalog.revision_date = EPOCH
    catalog.fuzzy = False
    _write_po(catalog, path)


def make_pseudo(template: Any, domain: str = DOMAIN) -> None:
    """The pseudo-language: every message of the template through :func:`pseudo`."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(domain=domain, project="tabletop-widgets", fuzzy=False)
    catalog.language_team = "pseudo-language (generated)"
    for m in template:
        if not m.id:
            continue
        string = tuple(pseudo(x) for x in m.id) if m.pluralizable else pseudo(m.id)
        catalog.add(m.id, string, context=m.context)
    catalog.creation_date = catalog.revision_date = EPOCH
    _write_po(catalog, po_path(PSEUDO, domain))


def write_template(template: Any, domain: str = DOMAIN) -> None:
    _write_po(template, template_path(domain))


def compile_all(domain: str = DOMAIN) -> None:
    for code in (*TRANSLATED, PSEUDO):
        data = compiled(code, domain)
        path = mo_path(code, domain)
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


def problems(code: str, template: Any, domain: str = DOMAIN) -> list[str]:
    """What is missing or wrong in the catalog of ``code`` against the source's messages."""
    catalog = read(code, domain)
    same_ok = allowed_same(code)
    out: list[str] = []
    for m in template:
        if not m.id:
            continue
        found = catalog.get(m.id, context=m.context)
        name = m.id if isinstance(m.id, str) else m.id[0]
        if found is None:
            out.append(f"{code}: missing ({domain}) {name!r}")
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
    templates = extract_all()
    known = {code: known_translations(code) for code in TRANSLATED}
    todo: list[str] = []
    for domain, template in templates.items():
        write_template(template, domain)
        for code in TRANSLATED:
            update(template, code, domain, known[code])
        make_pseudo(template, domain)
        compile_all(domain)
        todo += [p for code in TRANSLATED for p in problems(code, template, domain)]
    total = sum(len(t) for t in templates.values())
    print(f"{total} messages in {len(templates)} catalogs; {len(todo)} to translate or check")
    for line in todo[:200]:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
