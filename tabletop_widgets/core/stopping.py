"""When a long run should stop: a cancel flag is set or a time limit is up.

>>> import threading
>>> flag = threading.Event()
>>> stop = Stopper(flag, None)
>>> stop(), flag.set(), stop()
(False, None, True)
"""

from __future__ import annotations

import time
from typing import Protocol

__all__ = ["CancelFlag", "Stopper"]


class CancelFlag(Protocol):
    """Anything with ``is_set()``, e.g. a ``threading.Event``."""

    def is_set(self) -> bool: ...


class Stopper:
    """Whether a run should stop now: a cancel flag or a time limit."""

    def __init__(self, cancel: CancelFlag | None, time_limit: float | None) -> None:
        if cancel is not None and not callable(getattr(cancel, "is_set", None)):
            raise TypeError(
                "cancel is something with is_set() (a threading.Event), "
                f"not {type(cancel).__name__}"
            )
        if time_limit is not None and (
            isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
        ):
            raise TypeError(f"time_limit is a number of seconds, not {type(time_limit).__name__}")
        if time_limit is not None and time_limit <= 0:
            raise ValueError(f"time_limit must be more than 0 seconds, not {time_limit}")
        self.cancel = cancel
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit

    def __call__(self) -> bool:
        if self.cancel is not None and self.cancel.is_set():
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline
