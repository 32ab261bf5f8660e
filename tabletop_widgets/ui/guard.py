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

``keep`` saves what the callback may change and returns the function that
puts it back after an unexpected exception; ``expected`` exceptions are the
caller's to handle (a table shows a refused move itself) and pass through:

>>> moves = []
>>> def keep():
...     saved = list(moves)
...     return lambda: moves.__setitem__(slice(None), saved)
>>> @friendly(said.append, expected=(ValueError,), keep=keep)
... def half_done(fail):
...     moves.append("half")
...     raise fail
>>> half_done(RuntimeError("bug")), moves, said[-1][:36]
(None, [], 'Something went wrong (RuntimeError: ')
>>> half_done(ValueError("refused"))
Traceback (most recent call last):
ValueError: refused
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from typing import Any

from tabletop_widgets.core.i18n import _

__all__ = ["friendly", "rewind"]

log = logging.getLogger(__name__)


def friendly(
    report: Callable[[str], Any],
    *,
    expected: tuple[type[BaseException], ...] = (),
    keep: Callable[[], Callable[[], Any]] | None = None,
) -> Callable[[Callable], Callable]:
    """Decorator: run a callback; an unexpected exception becomes ``report(sentence)``.

    ``expected``: exception types re-raised unchanged.  ``keep()`` runs before
    the callback and returns a ``restore()`` that runs after an unexpected
    exception, before ``report`` (a failing restore is logged, not raised).
    """

    def wrap(fn: Callable) -> Callable:
        name = getattr(fn, "__name__", fn)

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            restore = None
            try:
                if keep is not None:
                    restore = keep()
                return fn(*args, **kwargs)
            except expected:
                raise
            except Exception as e:
                log.exception("widget callback %s failed", name)
                if restore is not None:
                    try:
                        restore()
                    except Exception:
                        log.exception("could not put the screen back after %s failed", name)
                report(
                    _(
                        "Something went wrong ({kind}: {detail}). "
                        "Try again, or start again from the top.",
                        kind=type(e).__name__,
                        detail=str(e)[:120],
                    )
                )
                return None

        return run

    return wrap


def rewind(game: Any, moves: Sequence[Any]) -> None:
    """Put ``game`` back to the history ``moves`` it had: undo what came after,
    replay what was taken back.  Uses only the engine's ``history``/``undo``/``play``.

    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> g = ChineseTen.new(players=2, seed=1, target=None)
    >>> _ = g.play(g.legal_moves()[0]); before = g.history; _ = g.play(g.legal_moves()[0])
    >>> rewind(g, before); g.history == before
    True
    >>> _ = g.undo(); rewind(g, before); g.history == before
    True
    """
    moves = tuple(moves)
    while game.history != moves[: len(game.history)]:
        game.undo()
    for move in moves[len(game.history) :]:
        game.play(move)
