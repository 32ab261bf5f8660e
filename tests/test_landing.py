"""The landing page shows every game of the registry with the registry's words, in the
page's language, from the landing notebook's one code cell."""

from __future__ import annotations

from pathlib import Path

import nbformat

from tabletop_widgets.app.landing import LandingPage, landing_html, links_html, pages, picture_html
from tabletop_widgets.core.i18n import language
from tabletop_widgets.core.registry import BUILTIN, GAMES

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def test_the_landing_notebook_is_one_code_cell_that_builds_the_page():
    nb = nbformat.read(NOTEBOOKS / "index.ipynb", as_version=4)
    assert [c.cell_type for c in nb.cells] == ["code"]
    assert "page(LandingPage())" in nb.cells[0].source


def test_the_landing_page_lists_every_game_as_the_registry_does():
    page = LandingPage()
    text = "".join(h.value for h in page.children)
    for key in BUILTIN:
        info = GAMES[key]
        assert info.title in text and info.pitch in text, key
        assert links_html(info) in text, key
        for p in info.pages:
            assert f"href='{key}/{p.notebook}'" in text
    # teachers find the classroom page from here (rooms, class codes)
    assert "href='classroom.ipynb'" in text and (NOTEBOOKS / "classroom.ipynb").exists()


def test_the_landing_page_follows_the_language():
    page = LandingPage()
    with language("fr"):
        text = "".join(h.value for h in page.children)
        assert "Dix chinois" in text and "Tutoriel" in text and "Bac à sable" in text
        assert "Learn these card games" not in text
    with language("ko"):
        assert "성냥팔이의 대부호" in "".join(h.value for h in page.children)
    assert "Learn these card games" in "".join(h.value for h in page.children)


def test_every_linked_page_exists_and_every_game_has_a_picture():
    assert all((NOTEBOOKS / p).exists() for p in pages())
    for key in BUILTIN:
        assert "<svg" in picture_html(key)
    page = landing_html()
    assert all(GAMES[k].title in page for k in BUILTIN)


def test_the_cards_in_the_pictures_follow_the_language_too():
    page = LandingPage()
    with language("fr"):
        fistful = page._games["fistful_of_gold"].value
        assert "fin de manche" in fistful and "ends round" not in fistful


def _luminance(hex_colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_page_links_look_like_links_and_are_easy_to_read():
    """The Tutorial, Play, Sandbox and Rules links are in a link colour, underlined, with
    at least 4.5:1 contrast on the games' background (WCAG AA)."""
    import re

    from tabletop_widgets.app.landing import _STYLE

    rule = re.search(r"\.tt-landing a \{([^}]*)\}", _STYLE)
    assert rule, _STYLE
    body = rule.group(1)
    assert "text-decoration: underline" in body
    link = re.search(r"color: var\(--jp-content-link-color, (#[0-9a-fA-F]{6})\)", body)
    assert link, body
    background = re.search(r"background: var\(--jp-layout-color1, (#[0-9a-fA-F]{6})\)", _STYLE)
    assert background
    lighter, darker = sorted(
        (_luminance(background.group(1)), _luminance(link.group(1))), reverse=True
    )
    assert (lighter + 0.05) / (darker + 0.05) >= 4.5
    # and every link of the page is one such link (inside the page's block)
    page = landing_html()
    assert page.count("<a ") == page.split("<div class='tt-landing'>", 1)[1].count("<a ")
