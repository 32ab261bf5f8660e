"""A collapsible section whose widgets are only made when it is first opened.

Every widget made in the kernel becomes a model the page must create when it
loads, opened or not; a page with fewer models loads faster (the classroom
load test counts).  Settings panels that most people never open are built
on first use instead.

>>> import ipywidgets as w
>>> made = []
>>> section = LazySection("Settings", lambda: made.append(1) or [w.Label("hi")])
>>> made, section.built
([], False)
>>> section.selected_index = 0  # the learner opens it
>>> made, section.built
([1], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import Message, on_language_change

__all__ = ["LazySection"]


class LazySection(w.Accordion):
    """An Accordion with one section, filled by ``build()`` when first opened.

    ``title`` may be a :class:`~tabletop_widgets.core.i18n.Message`: it follows the
    language.  Contents already built are the builder's to translate (a screen rebuilds
    them on a language change with :meth:`rebuild`)."""

    def __init__(
        self, title: str | Message, build: Callable[[], Sequence[w.Widget]], **kwargs: Any
    ):
        self._build = build
        self._title = title
        self._body = w.VBox()
        self.built = False
        super().__init__([self._body], titles=(str(title),), **kwargs)
        self.selected_index = None
        self.observe(self._on_open, "selected_index")
        on_language_change(self._follow_language)

    def rebuild(self) -> None:
        """Build the contents again (if they were built), e.g. in a new language."""
        if self.built:
            self._body.children = tuple(self._build())

    def _follow_language(self, _lang: str) -> None:
        self.titles = (str(self._title),)

    def ensure(self) -> None:
        """Build the contents now (for code that needs them before anyone opens it)."""
        if not self.built:
            self.built = True
            self._body.children = tuple(self._build())

    def _on_open(self, change: dict) -> None:
        if change["new"] is not None:
            self.ensure()
