"""A long document in the page's language (a game's rules), said again when it changes.

The HTML comes from ``draw()``, called again after every language change.  In Voilà the
page's address may end in a rule's anchor (``rules.ipynb#MT-5``, the links of refusals and
lessons): the front end scrolls to it once the document is drawn, as the browser would
for a page written in HTML.

>>> doc = RulesDocument(lambda: "<h2 id='X-1'>One</h2>")
>>> doc.html
"<h2 id='X-1'>One</h2>"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from .event_widget import EventWidget, widget_css, widget_esm

__all__ = ["RulesDocument"]


class RulesDocument(EventWidget):
    """An HTML document drawn by ``draw()`` in the current language.  Trait: ``html``."""

    _esm = widget_esm(__package__, "rules_document.js")
    _css = widget_css(__package__, "rules_document.css")

    html = traitlets.Unicode(read_only=True).tag(sync=True)

    def __init__(self, draw: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._draw = draw
        self.set_trait("html", draw())

    def language_changed(self) -> None:
        self.set_trait("html", self._draw())
