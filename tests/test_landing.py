"""The landing notebook shows every game of the registry with the registry's words."""

from __future__ import annotations

from pathlib import Path

import nbformat

from tabletop_widgets.app.landing import landing_html, links_markdown, pages, picture_html
from tabletop_widgets.core.registry import BUILTIN, GAMES

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def test_the_landing_notebook_lists_every_game_as_the_registry_does():
    nb = nbformat.read(NOTEBOOKS / "index.ipynb", as_version=4)
    markdown = [c.source.strip() for c in nb.cells if c.cell_type == "markdown"]
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    for key in BUILTIN:
        info = GAMES[key]
        assert links_markdown(info) in markdown, key
        assert f"## {info.title}\n\n{info.pitch}" in markdown, key
        assert f'picture_html("{key}")' in code


def test_every_linked_page_exists_and_every_game_has_a_picture():
    assert all((NOTEBOOKS / p).exists() for p in pages())
    for key in BUILTIN:
        assert "<svg" in picture_html(key)
    page = landing_html()
    assert all(GAMES[k].title in page for k in BUILTIN)
