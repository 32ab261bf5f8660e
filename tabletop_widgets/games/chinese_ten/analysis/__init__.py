"""Chinese Ten analysis: what only this game needs on top of :mod:`tabletop_widgets.analysis`.

* :func:`deal_horizon` -- a what-if playout stops at the end of the deal being
  played and measures the seat's points there (``GameInfo.horizons["deal"]``,
  the game's default: a match to 1,000 points is many deals away);
* :mod:`.scoring` -- the ace of spades in either scoring (who captured it, and
  what it was worth), from simulated deals;
* :mod:`.plots` -- match totals, the scoring comparison (matplotlib, on demand).

>>> from tabletop_widgets.games.chinese_ten import ChineseTen
>>> g = ChineseTen.new(players=3, seed=2)
>>> stop = deal_horizon(g)
>>> stop(g) is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop_widgets.core.result import Result

__all__ = ["deal_horizon", "deal_result"]


def deal_result(points: tuple[int, ...]) -> Result:
    """A deal's points as a result: places by points (ties share), scores the points.

    >>> deal_result((40, 95, 40)).places
    (2, 1, 2)
    """
    order = sorted(set(points), reverse=True)
    groups = [[s for s, p in enumerate(points) if p == best] for best in order]
    return Result.from_order(groups, points)


def deal_horizon(game: Any) -> Callable[[Any], Result | None]:
    """``stop(g)``: the result of the deal being played in ``game`` once it is over in
    ``g``, None while it goes on."""
    deal = game.deal_number

    def stop(g: Any) -> Result | None:
        if g.deal_number == deal and not g.is_over:
            return None
        return deal_result(g.deal_points[deal])

    return stop
