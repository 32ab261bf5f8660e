"""Keep a page's state in the browser, so a reload or a new kernel gets it back.

A :class:`BrowserStore` is an invisible widget that keeps one JSON value in
the browser's ``localStorage`` under ``key``.  When the page opens, the
browser sends back what it holds (``on_restore`` callbacks get it once);
:meth:`save` writes a new value.  What comes back is untrusted: the screen
reads it through the engines' record and position checks like any input.

>>> store = BrowserStore("tabletop/demo")
>>> got = []
>>> store.on_restore(got.append)
>>> store.dispatch({"type": "restored", "data": '{"step": 3}'}), got
(True, [{'step': 3}])
>>> store.dispatch({"type": "restored", "data": '{"step": 9}'}), got  # only once
(True, [{'step': 3}])
>>> store.save({"step": 4}); store.value
'{"step":4}'
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import traitlets

from tabletop_widgets.core.i18n import _l

from .event_widget import EventWidget, Refused, handles, widget_css, widget_esm

__all__ = ["MAX_STORED", "BrowserStore"]

log = logging.getLogger(__name__)

#: The most a page keeps (a long match record is well under this).
MAX_STORED = 400_000


class BrowserStore(EventWidget):
    """One JSON value in ``localStorage[key]``; ``save(value)``, ``clear()``, ``on_restore``."""

    _esm = widget_esm(__package__, "browser_store.js")
    _css = widget_css(__package__, "browser_store.css")

    key = traitlets.Unicode(read_only=True).tag(sync=True)
    value = traitlets.Unicode("", read_only=True).tag(sync=True)
    #: Counts saves, so the browser writes even when the text is unchanged.
    writes = traitlets.Int(0, read_only=True).tag(sync=True)

    def __init__(self, key: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_trait("key", key)
        self._restore_callbacks: list[Callable[[Any], Any]] = []
        self.restored = False

    def on_restore(self, callback: Callable[[Any], Any], remove: bool = False) -> None:
        """Call ``callback(value)`` once, when the page sends what it kept (None if nothing)."""
        if remove:
            self._restore_callbacks.remove(callback)
        else:
            self._restore_callbacks.append(callback)

    def save(self, value: Any) -> None:
        """Keep ``value`` (JSON-ready) in the browser."""
        text = json.dumps(value, separators=(",", ":"))
        if len(text) > MAX_STORED:
            log.warning("%s: %d characters are too many to keep", self.key, len(text))
            return
        self._apply({"value": text, "writes": self.writes + 1})

    def clear(self) -> None:
        """Forget what the browser keeps."""
        self._apply({"value": "", "writes": self.writes + 1})

    @handles("restored", data=str, max_text=MAX_STORED)
    def _on_restored(self, data: str) -> None:
        if self.restored:
            return None
        self.restored = True
        value = None
        if data:
            try:
                value = json.loads(data)
            except json.JSONDecodeError:
                raise Refused(_l("The saved state in this browser could not be read.")) from None
        for cb in list(self._restore_callbacks):
            self._run_callback(cb, value)
        return None
