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

__all__ = ["LazySection"]


class LazySection(w.Accordion):
    """An Accordion with one section, filled by ``build()`` when first opened."""

    def __init__(self, title: str, build: Callable[[], Sequence[w.Widget]], **kwargs: Any):
        self._build = build
        self._body = w.VBox()
        self.built = False
        super().__init__([self._body], titles=(title,), **kwargs)
        self.selected_index = None
        self.observe(self._on_open, "selected_index")

    def ensure(self) -> None:
        """Build the contents now (for code that needs them before anyone opens it)."""
        if not self.built:
            self.built = True
            self._body.children = tuple(self._build())

    def _on_open(self, change: dict) -> None:
        if change["new"] is not None:
            self.ensure()
