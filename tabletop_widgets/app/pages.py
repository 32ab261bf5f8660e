"""A game's page in the app, the same way for every game: the line of links to the game's
pages, then the page itself.

Each game's ``screens/<kind>.py`` has ``<kind>_page()`` (the tutorial, play and sandbox
pages); the rules page is the same for every game (:func:`.rules_pages.rules_page`).  So
every page notebook (``notebooks/<game>/<kind>.ipynb``) is these two lines::

    from tabletop_widgets.app.language import page
    from tabletop_widgets.app.pages import game_page

    page(game_page("chinese_ten", "play"))
"""

from __future__ import annotations

import importlib
from typing import Any

from tabletop_widgets.core.registry import GAMES

__all__ = ["game_page"]


def game_page(key: str, kind: str, **kwargs: Any) -> Any:
    """Page ``kind`` of game ``key`` (a key of ``GAMES``), under its line of links; keyword
    arguments go to the game's ``<kind>_page``.  ``page.body`` is the game's own page
    (``page.body.screen``, ``.course`` … as each page offers)."""
    if GAMES[key].page(kind) is None:
        raise ValueError(f"{GAMES[key].title} has no {kind} page")
    import ipywidgets as w

    from .nav import page_nav

    if kind == "rules":
        from .rules_pages import rules_page

        body = rules_page(key, **kwargs)
    else:
        module = importlib.import_module(f"tabletop_widgets.games.{key}.screens.{kind}")
        body = getattr(module, f"{kind}_page")(**kwargs)
    page = w.VBox([page_nav(key, kind), body])
    page.body = body
    return page
