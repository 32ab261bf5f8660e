"""One click, one action: a double click on any control of the app acts once.

Many people double-click buttons out of habit.  The browser then sends two clicks, and
acting on both acts twice: **Undo my last move** takes back two moves, the tutorial's
**Next** skips a step and marks it read, **Pass** passes twice (the bots answer at once,
so the second click lands on the next turn).  Every control of the app that acts is an
*action*: the ipywidgets buttons, made as :class:`ActionButton` (the Tycoon sandbox's
list of moves as :class:`ActionToggleButtons`), and the tables' events that act on the
game (``EventWidget.versioned_events``: Play, Pass, a capture, Confirm …, and a section's
header).  Two guards, one in the page and one in the kernel, see that each acts once:

* **In the page**, a :class:`ClickGuard` (every page of the app has one:
  ``app.language.page`` adds it) drops the second click of a double click on an action
  before it is sent: the browser counts the clicks of a double click (``event.detail``),
  by the person's own double-click speed, however fast the kernel answered the first.
* **In the kernel**, the one :data:`GATE` drops a click made **before the page had shown
  what the last action did** -- a second click while the kernel was still working on the
  first (the bots thinking, a slow network).  The guard answers every action with a
  receipt: after each action its number goes to the page, which sends it straight back
  once it has every change that action made (a kernel's messages arrive in order); a
  click that comes before that receipt was made on the page as it was before.  Without a
  guard on the page (a notebook of one's own, Python tests), a click that arrives less
  than :attr:`ActionGate.QUEUED` seconds after the last action ended waited while the
  kernel worked on it, and is dropped.  A click on a button that was disabled or hidden
  meanwhile is dropped too.

A table's event also carries the version of the position it was made for; one made for
an earlier version is dropped by the table itself (:mod:`.event_widget`).

Python's own ``button.click()`` is not the browser's and is never dropped; tests send
what the browser sends (``{"event": "click"}``):

>>> made = []
>>> undo = ActionButton(description="Undo")
>>> undo.on_click(lambda _b: made.append("undo"))
>>> click = {"method": "custom", "content": {"event": "click"}}  # what the browser sends
>>> from_browser = lambda b: b._handle_msg({"content": {"data": click}, "buffers": []})
>>> GATE.reset()
>>> from_browser(undo); from_browser(undo)  # the second came while the first was handled
>>> made
['undo']
>>> guard = ClickGuard()  # on the page: it answers every action
>>> _ = guard.dispatch({"type": "shown"}), guard.dispatch({"type": "received", "n": guard.sent})
>>> from_browser(undo); made  # the page showed the last undo: this click is acted on
['undo', 'undo']
>>> from_browser(undo); made  # ... and this one was made before it showed that one
['undo', 'undo']
>>> undo.click(); made  # Python's click
['undo', 'undo', 'undo']
"""

from __future__ import annotations

import logging
import math
import time
import weakref
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import traitlets

from .event_widget import EventWidget, handles, widget_css, widget_esm

__all__ = [
    "ACTION_CLASS",
    "GATE",
    "ActionButton",
    "ActionGate",
    "ActionToggleButtons",
    "ClickGuard",
]

log = logging.getLogger(__name__)

#: The CSS class of an action in the page (a widget's front end may mark an element with
#: the ``data-tt-action`` attribute instead): the page's guard drops a double click's second.
ACTION_CLASS = "tt-action"


class ActionGate:
    """Whether a click from the browser is acted on (see the module docstring).  One per
    kernel: :data:`GATE`."""

    #: Seconds: without a guard on the page, a click arriving this soon after the last
    #: action ended waited while the kernel worked on it (made on the page as it was): the
    #: kernel reads a waiting message at once, and a page needs longer to show an action
    #: and send a click made on what it shows.
    QUEUED = 0.03
    #: Seconds: a receipt that has not come this long after an action was lost (a page
    #: whose guard went away); clicks are then acted on again.
    PATIENCE = 3.0

    def __init__(self) -> None:
        self._guards: weakref.WeakSet[ClickGuard] = weakref.WeakSet()
        self.reset()

    def reset(self) -> None:
        """Forget every action (a new page, or a test)."""
        #: Actions acted on so far, and the last of them the page has sent a receipt for.
        self.count = 0
        self.received = 0
        #: Views of a :class:`ClickGuard` on the page now.
        self.views = 0
        self._ended = -math.inf

    def admit(self) -> bool:
        """Whether to act on a click from the browser now."""
        since = time.monotonic() - self._ended
        if self.views > 0:
            # Made before the page showed what the last action did (unless its receipt
            # was lost).
            return self.received >= self.count or since >= self.PATIENCE
        return since >= self.QUEUED  # else it waited while the kernel worked on the last one

    def acted(self) -> None:
        """An admitted click was acted on: the page is behind until it sends its receipt."""
        self.count += 1
        self._ended = time.monotonic()
        for guard in list(self._guards):
            guard.set_trait("sent", self.count)

    def receipt(self, n: int) -> None:
        """The page has every change up to action ``n``."""
        self.received = max(self.received, min(n, self.count))

    def run(self, action: Callable[[], Any], what: object = "") -> bool:
        """Act on a click (``action()``) unless it is dropped; True if acted on."""
        if not self.admit():
            log.info("dropped a click on %s: the page had not shown the last action", what)
            return False
        try:
            action()
        finally:
            self.acted()
        return True


#: The kernel's one gate (Voilà gives every page its own kernel).
GATE = ActionGate()


class ActionButton(w.Button):
    """An ipywidgets button whose click acts once (a double click too): the one kind of
    button the app makes.  Use it as ``w.Button``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class(ACTION_CLASS)

    def _handle_button_msg(self, _widget: Any, content: dict, buffers: Any) -> None:
        if content.get("event", "") != "click":
            return
        if self.disabled or self.layout.display == "none":
            log.info("dropped a click on a button no longer shown: %r", self.description)
            return
        GATE.run(self.click, repr(self.description))


class ActionToggleButtons(w.ToggleButtons):
    """ToggleButtons whose every pick acts (a legal move): a pick goes through the page's
    guard and the :data:`GATE` like a button's click; a dropped one is taken back on the
    page."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class(ACTION_CLASS)

    def _handle_msg(self, msg: dict) -> None:
        data = msg.get("content", {}).get("data", {})
        state = data.get("state") if isinstance(data, dict) else None
        if not (data.get("method") == "update" and isinstance(state, dict) and "index" in state):
            super()._handle_msg(msg)
            return
        pick = super()._handle_msg
        if not GATE.run(lambda: pick(msg), "a move"):
            self.send_state("index")  # the page shows the pick it made: show Python's again


class ClickGuard(EventWidget):
    """The page's guard (invisible): it drops the second click of a double click on an
    action before it is sent, and answers every action with a receipt (it sends back each
    change of ``sent`` as soon as it has it).  ``app.language.page`` shows one."""

    _esm = widget_esm(__package__, "actions.js")
    _css = widget_css(__package__, "actions.css")

    #: The number of the last action whose changes were sent to the page.
    sent = traitlets.Int(0, read_only=True).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        GATE._guards.add(self)
        self.set_trait("sent", GATE.count)

    @handles("shown")
    def _on_shown(self) -> None:
        GATE.views += 1

    @handles("gone")
    def _on_gone(self) -> None:
        GATE.views = max(0, GATE.views - 1)

    @handles("received", n=int)
    def _on_received(self, n: int) -> None:
        GATE.receipt(n)
