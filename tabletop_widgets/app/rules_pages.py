"""The rules page of each game in the app, built from its rules document.

One source: ``docs/<game>_rules.md`` (readable on its own in the repository).
Its sections start with an anchor named after the rule id::

    <a id="MT-5"></a>
    ## Turns (MT-5)

and interpretations are quoted paragraphs that start with
``> **Our interpretation:**``.  A line ``<!-- picture: NAME -->`` stands for a
picture the game's ``render.rules_picture(NAME)`` draws (pure SVG, from the
engine's own shapes and cards).  :func:`rules_notebook` turns the document
into ``notebooks/<game>/rules.ipynb``: Markdown cells only, the pictures
inlined, so Voilà renders the page on the server and ``rules.ipynb#MT-5``
lands on the paragraph.  ``python3 dev.py pages`` writes the notebooks; a
test checks that they match their documents.

>>> doc = '# Tiny — the rules\\n\\nIntro.\\n\\n<a id="TP-1"></a>\\n## Cards (TP-1)\\n\\nText.\\n'
>>> [c["source"].splitlines()[0] for c in rules_notebook_from(doc, lambda name: "")["cells"]]
['# Tiny — the rules', '<a id="TP-1"></a>']
>>> rule_ids(doc)
['TP-1']
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable
from pathlib import Path

from tabletop_widgets.core.registry import BUILTIN

__all__ = ["ROOT", "rule_ids", "rules_doc", "rules_notebook", "rules_notebook_from", "write_all"]

ROOT = Path(__file__).resolve().parents[2]
_ANCHOR = re.compile(r'^<a id="([A-Za-z]+-\d+|[a-z][a-z-]*)"></a>\s*$')
_RULE = re.compile(r"^[A-Z]{2}-\d+$")
_PICTURE = re.compile(r"^<!-- picture: ([a-z0-9_-]+) -->\s*$")


def rules_doc(key: str) -> str:
    """The text of ``docs/<key>_rules.md``."""
    return (ROOT / "docs" / f"{key}_rules.md").read_text(encoding="utf-8")


def rule_ids(doc: str) -> list[str]:
    """The rule ids the document has anchors for, in order."""
    ids = [m.group(1) for line in doc.splitlines() if (m := _ANCHOR.match(line))]
    return [i for i in ids if _RULE.match(i)]


def _cell(lines: list[str]) -> dict:
    text = "\n".join(lines).strip("\n")
    return {
        "cell_type": "markdown",
        "id": f"rules-{len(text)}-{abs(hash(text)) % 10**8}",
        "metadata": {},
        "source": text,
    }


def rules_notebook_from(doc: str, picture: Callable[[str], str]) -> dict:
    """The notebook of one rules document; ``picture(name)`` gives each picture's SVG."""
    cells: list[list[str]] = [[]]
    for line in doc.splitlines():
        if _ANCHOR.match(line) and any(x.strip() for x in cells[-1]):
            cells.append([])
        m = _PICTURE.match(line)
        cells[-1].append(
            f'<div class="tt-rules-picture" role="group">{picture(m.group(1))}</div>' if m else line
        )
    nb_cells = [_cell(c) for c in cells if any(x.strip() for x in c)]
    for i, c in enumerate(nb_cells):
        c["id"] = f"rules-{i:02d}"
    return {
        "cells": nb_cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def rules_notebook(key: str) -> dict:
    """The rules page of game ``key``, pictures drawn by its renderer, with the line of links
    every page of the game has and the page's title."""
    from tabletop_widgets.core.registry import GAMES

    render = importlib.import_module(f"tabletop_widgets.games.{key}.render")
    nb = rules_notebook_from(rules_doc(key), render.rules_picture)
    info = GAMES[key]
    links = " · ".join(
        f"**{p.label}**" if p.kind == "rules" else f"[{p.label}]({p.notebook})" for p in info.pages
    )
    nav = _cell([f"[All games](../index.ipynb) · {info.title}: {links}"])
    nav["id"] = "rules-nav"
    nb["cells"].insert(0, nav)
    nb["metadata"]["title"] = f"{info.title} — rules"
    return nb


def notebook_text(nb: dict) -> str:
    """A notebook as the repository keeps it (one-space indent, a final newline)."""
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def write_all(keys: tuple[str, ...] = BUILTIN) -> list[Path]:
    """Write ``notebooks/<game>/rules.ipynb`` for every game with a rules document."""
    written = []
    for key in keys:
        if not (ROOT / "docs" / f"{key}_rules.md").exists():
            continue
        path = ROOT / "notebooks" / key / "rules.ipynb"
        path.write_text(notebook_text(rules_notebook(key)), encoding="utf-8")
        written.append(path)
    return written
