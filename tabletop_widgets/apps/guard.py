"""Friendly errors for widget callbacks: a sentence on the page, the traceback in the log.

ipywidgets prints a callback's traceback into the kernel's output, which a
Voilà page cannot show; a learner would see a button that does nothing.
Screens wrap their callbacks with :func:`friendly` instead.

>>> said = []
>>> @friendly(said.append)
... def broken(_):
...     raise KeyError("x")
>>> broken(None)
>>> said
["Something went wrong (KeyError: 'x'). Try again, or start again from the top."]
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

__all__ = ["friendly"]

log = logging.getLogger(__name__)


def friendly(report: Callable[[str], Any]) -> Callable[[Callable], Callable]:
    """Decorator: run a callback; an unexpected exception becomes ``report(sentence)``."""

    def wrap(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as e:
                log.exception("widget callback %s failed", getattr(fn, "__name__", fn))
                report(f"Something went wrong ({type(e).__name__}: {str(e)[:120]}). "
                       "Try again, or start again from the top.")
                return None

        return run

    return wrap
