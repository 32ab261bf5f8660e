"""A collapsible section whose widgets are only made when it is first opened.

Every widget made in the kernel becomes a model the page must create when it
loads, opened or not; a page with fewer models loads faster (the classroom
load test counts).  Settings panels that most people never open are built
on first use instead.

Its header is a real button (:class:`SectionToggle`): Tab reaches it, Enter or
Space opens and closes it, and it says whether it is open (``aria-expanded``).

>>> import ipywidgets as w
>>> made = []
>>> section = LazySection("Settings", lambda: made.append(1) or [w.Label("hi")])
>>> made, section.built, section.toggle.expanded
([], False, False)
>>> section.toggle.dispatch({"type": "toggle"})  # the learner opens it
True
>>> made, section.built, section.selected_index, section.toggle.expanded
([1], True, 0, True)
>>> section.selected_index = None  # code closes it
>>> section.toggle.expanded, section._body.layout.display
(False, 'none')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w
import traitlets

from tabletop_widgets.core.i18n import Message

from .event_widget import EventWidget, handles, next_version, widget_css, widget_esm

__all__ = ["LazySection", "SectionToggle"]


class SectionToggle(EventWidget):
    """The header of a collapsible section: a button with the section's title (``title``
    may be a :class:`~tabletop_widgets.core.i18n.Message`: it follows the language).
    A ``toggle`` event opens or closes it; it carries the version the page showed, so the
    second click of a double click does not close what the first opened."""

    _esm = widget_esm(__package__, "lazy.js")
    _css = widget_css(__package__, "lazy.css")
    versioned_events = frozenset({"toggle"})

    #: Whether the section is open (the button's ``aria-expanded``).
    expanded = traitlets.Bool(False, read_only=True).tag(sync=True)

    def __init__(self, title: str | Message, **kwargs: Any) -> None:
        self._title = title
        super().__init__(**kwargs)
        self.version = next_version()

    @property
    def title(self) -> str:
        """The title in the current language."""
        return str(self._title)

    def build_texts(self) -> dict[str, str]:
        return {**super().build_texts(), "title": self.title}

    def set_open(self, value: bool) -> None:
        """Open (True) or close the section."""
        if value != self.expanded:
            self._apply({"expanded": value, "version": next_version()})

    @handles("toggle")
    def _on_toggle(self) -> dict:
        return {"expanded": not self.expanded, "version": next_version()}


class LazySection(w.VBox):
    """A section with a header button, filled by ``build()`` when first opened.

    ``selected_index`` is 0 while it is open and None while it is closed (as an
    Accordion's); set it to open or close the section from code.  ``title`` may be a
    :class:`~tabletop_widgets.core.i18n.Message`: it follows the language.  Contents
    already built are the builder's to translate (a screen rebuilds them on a language
    change with :meth:`rebuild`)."""

    selected_index = traitlets.Int(None, allow_none=True)

    def __init__(
        self, title: str | Message, build: Callable[[], Sequence[w.Widget]], **kwargs: Any
    ):
        self._build = build
        self.built = False
        self.toggle = SectionToggle(title)
        self._body = w.VBox(layout=w.Layout(display="none"))
        self._body.add_class("tt-section-body")
        super().__init__([self.toggle, self._body], **kwargs)
        self.add_class("tt-section")
        self.toggle.observe(self._on_toggle, "expanded")
        self.observe(self._on_open, "selected_index")

    @property
    def title(self) -> str:
        """The title in the current language."""
        return self.toggle.title

    def rebuild(self) -> None:
        """Build the contents again (if they were built), e.g. in a new language."""
        if self.built:
            self._body.children = tuple(self._build())

    def ensure(self) -> None:
        """Build the contents now (for code that needs them before anyone opens it)."""
        if not self.built:
            self.built = True
            self._body.children = tuple(self._build())

    def _on_toggle(self, change: dict) -> None:
        self.selected_index = 0 if change["new"] else None

    def _on_open(self, change: dict) -> None:
        is_open = change["new"] is not None
        if is_open:
            self.ensure()
        self._body.layout.display = None if is_open else "none"
        self.toggle.set_open(is_open)
