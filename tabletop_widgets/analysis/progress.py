"""Progress of a long run: a progress bar in a notebook, nothing in a script; stopping early.

``progress=None`` (the default of every analysis function) shows a bar only in
a Jupyter kernel and only once the run has taken a second; ``True`` shows it at
once there; ``False`` never; a function is called as ``progress(done, total)``
instead.  Outside a notebook nothing is printed.

A run stops early, keeping what it has, when ``cancel.is_set()`` (e.g. a
``threading.Event``) becomes true, when its ``time_limit`` (seconds) is up, or
when the kernel is interrupted (the ■ button): the report then says
``stopped``.  ipywidgets is imported only when a bar is shown; its words are in the
current language (the label is English marked with ``N_``: ``games``, ``playouts``).

>>> seen = []
>>> bar = Progress(lambda done, total: seen.append((done, total)), total=4)
>>> bar.update(2); bar.close(); seen
[(2, 4)]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tabletop_widgets.core.i18n import N_, _, decimal, on_language_change, pgettext

# The stop test lives in core (the search bots use it too); offered from here as before.
from tabletop_widgets.core.stopping import CancelFlag, Stopper

__all__ = ["CancelFlag", "Progress", "Stopper", "in_notebook"]

#: A run that has taken this long gets a bar (with ``progress=None``).
SHOW_AFTER = 1.0
#: The bar is redrawn at most this often (each redraw is a message to the browser).
REDRAW = 0.2
#: The labels the analysis functions give their bars.
LABELS = (N_("games"), N_("playouts"))


def in_notebook() -> bool:
    """True inside a Jupyter kernel (where a widget can be shown)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


class Progress:
    """Reports ``done`` out of ``total`` as ``progress`` asks (see the module docstring)."""

    def __init__(self, progress: Any, total: int, label: str = "") -> None:
        if progress is not None and not isinstance(progress, bool) and not callable(progress):
            raise TypeError(
                "progress is None (a bar in a notebook after a second), True, False or a "
                f"function progress(done, total), not {type(progress).__name__}"
            )
        self.total = total
        self.label = label
        self.t0 = time.perf_counter()
        self._call = progress if callable(progress) and progress is not True else None
        self._show = in_notebook() and progress is not False and self._call is None
        self._after = 0.0 if progress is True else SHOW_AFTER
        self._bar: Any = None
        self._last = 0.0

    def update(self, done: int, note: str = "") -> None:
        """Record progress; draws the bar if it is time to."""
        if self._call is not None:
            self._call(done, self.total)
            return
        if not self._show:
            return
        now = time.perf_counter()
        if self._bar is None:
            if now - self.t0 < self._after:
                return
            self._open()
        if now - self._last >= REDRAW or done >= self.total:
            self._draw(done, note)
            self._last = now

    def _open(self) -> None:
        import ipywidgets as w
        from IPython.display import display

        bar = w.IntProgress(
            min=0, max=max(self.total, 1), description=_(self.label) if self.label else ""
        )
        text = w.Label()
        self._bar = (bar, text)
        self._said: tuple[str, Any] = ("", None)
        bar._tt_progress = self  # the bar on screen keeps its words' source alive
        on_language_change(self._follow_language)
        display(w.HBox([bar, text]))

    def _follow_language(self, _lang: str) -> None:
        """A bar left on screen says its words again in the new language."""
        if self._bar is None:
            return
        bar, _text = self._bar
        bar.description = _(self.label) if self.label else ""
        kind, args = self._said
        if kind == "draw":
            self._draw(*args)
        elif kind == "close":
            self._closed(*args)

    def _draw(self, done: int, note: str) -> None:
        bar, text = self._bar
        self._said = ("draw", (done, note))
        bar.value = min(done, bar.max)
        elapsed = time.perf_counter() - self.t0
        said = _(
            "{done} of {total} ({seconds} s)", done=done, total=self.total, seconds=round(elapsed)
        )
        text.value = said + (" — " + pgettext("analysis", note) if note else "")

    def close(self, note: str = "") -> None:
        """The run is over: the bar shows where it ended."""
        if self._bar is not None:
            self._bar[0].bar_style = "success" if not note else "warning"
            self._closed(note, time.perf_counter() - self.t0)

    def _closed(self, note: str, elapsed: float) -> None:
        bar, text = self._bar
        self._said = ("close", (note, elapsed))
        said = _(
            "{done} of {total} in {seconds} s",
            done=bar.value,
            total=self.total,
            seconds=decimal(elapsed),
        )
        text.value = said + (" — " + pgettext("analysis", note) if note else "")


def run_with(steps: Callable[[], Any], on_interrupt: Callable[[], Any]) -> Any:
    """``steps()``; an interrupt of the kernel (KeyboardInterrupt) returns
    ``on_interrupt()`` instead, so a notebook keeps what was done so far."""
    try:
        return steps()
    except KeyboardInterrupt:
        return on_interrupt()
