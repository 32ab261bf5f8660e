"""The words at the top of each A Fistful of Gold page: its title (the landing page's name
for it) and a short introduction, in the page's language.

>>> intro = PageIntro("play", "<p>Play.</p>")
>>> intro.value.startswith("<div class='fg-intro'><h1>A Fistful of Gold — Play</h1>")
True
"""

from __future__ import annotations

from tabletop_widgets.core.i18n import Message
from tabletop_widgets.ui.page_intro import PageIntro as SharedPageIntro

__all__ = ["PageIntro"]

KEY = "fistful_of_gold"


class PageIntro(SharedPageIntro):
    """The page's title and introduction (HTML marked with ``N_``, or a message), said
    again when the language changes."""

    def __init__(self, kind: str, text: str | Message) -> None:
        super().__init__(KEY, kind, text, prefix="fg")
