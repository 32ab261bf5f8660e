"""The title and introduction at the top of each Matchstick Tycoon page, in the page's
language (the landing page's names for the game and the page).

>>> intro = PageIntro("play", "<p>Play.</p>")
>>> intro.value.startswith("<div class='mt-intro'><h1>Matchstick Tycoon — Play</h1>")
True
"""

from __future__ import annotations

from tabletop_widgets.core.i18n import Message
from tabletop_widgets.ui.page_intro import PageIntro as SharedPageIntro

__all__ = ["PageIntro"]

KEY = "matchstick_tycoon"


class PageIntro(SharedPageIntro):
    """The page's title and introduction (HTML marked with ``N_``, or a message), said
    again when the language changes."""

    def __init__(self, kind: str, text: str | Message) -> None:
        super().__init__(KEY, kind, text, prefix="mt")
