"""Candidate moves and what their playouts gave: the ranking, best first, with intervals.

Every playout of a candidate gives the seat a win share, a place and a score
(:class:`~.result.Result`).  Playout ``i`` of every candidate is played on the
same re-deal with the same bots (common random numbers), so two candidates
are compared over the playouts both have (a candidate pruned early has fewer:
the first ones), and the difference to the best comes with its own, much
narrower, paired interval.  The search (:mod:`.search`) and the what-if
analysis (:mod:`tabletop_widgets.analysis.whatif`) both report this way.

>>> r = RankedMoves.of(("a", "b"), (([1.0, 0.0, 1.0], [1.0, 2.0, 1.0], [1.0, 0.0, 1.0]),
...                                 ([0.0, 0.0, 1.0], [2.0, 2.0, 1.0], [0.0, 0.0, 1.0])))
>>> [c.move for c in r], r.best.win.mean, round(r.candidate("b").versus_best.mean, 3)
(['a', 'b'], 0.6666666666666666, -0.333)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .i18n import N_
from .stats import Estimate, mean_estimate, share_estimate

__all__ = [
    "MEASURES",
    "MEASURE_NAMES",
    "Candidate",
    "ExactRanking",
    "RankedMoves",
    "Values",
    "by_value",
    "gap",
    "same_shown",
    "shown_figure",
]

#: What a playout can be measured by, and whether more is better.
MEASURES = {"win": True, "place": False, "score": True}
#: Each measure's name (English marked for the catalogs: shown with ``_()``).
MEASURE_NAMES = {"win": N_("win share"), "place": N_("mean place"), "score": N_("mean score")}

#: The playouts of one move: the seat's (win shares, places, scores), playout by playout.
Values = tuple[list[float], list[float], list[float]]

_INDEX = {"win": 0, "place": 1, "score": 2}


def check_measure(measure: Any) -> str:
    """``measure`` checked: ``"win"``, ``"place"`` or ``"score"``."""
    if measure not in MEASURES:
        raise ValueError(f"measure is one of {', '.join(MEASURES)}, not {measure!r}")
    return measure


@dataclass(frozen=True)
class Candidate:
    """One candidate move and how it did so far.

    Fields:

    * ``move``: The move (``str(move)`` is its notation).
    * ``playouts``: Playouts of this move so far.
    * ``win``: The seat's share of wins (a shared win counts a fraction), Wilson interval.
    * ``place``: The seat's mean place (1 the best), t interval.
    * ``score``: The seat's mean score at the horizon (Chinese Ten's deal: its points), t
      interval.
    * ``versus_best``: This move minus the best move on the report's measure, over the same
      re-deals (paired), with its t interval; 0 for the best move itself.
    * ``measure``: The report's measure: ``"win"``, ``"place"`` or ``"score"``.
    """

    move: Any
    playouts: int
    win: Estimate
    place: Estimate
    score: Estimate
    versus_best: Estimate
    measure: str = "win"

    @property
    def value(self) -> Estimate:
        """The estimate of the report's measure."""
        return getattr(self, self.measure)

    @property
    def could_be_best(self) -> bool:
        """True if its paired difference to the best move includes 0: the playouts so
        far cannot tell it from the best."""
        return self.versus_best.contains(0.0)

    def __str__(self) -> str:
        return f"{self.move}: {MEASURE_NAMES[self.measure]} {self._shown(self.value)}"

    def _shown(self, e: Estimate) -> str:
        return e.percent() if self.measure == "win" else str(e)


def _bounds(measure: str) -> tuple[float, float]:
    # A difference of win shares lies in [-1, 1]; places and scores are unbounded here.
    return (-1.0, 1.0) if measure == "win" else (-math.inf, math.inf)


class RankedMoves:
    """Moves and their playout values, ranked: the shared part of every move report.

    A subclass (a frozen dataclass) has the fields ``moves`` (the candidates in the order
    given), ``measure``, ``confidence``, ``_values`` (one :data:`Values` per move) and
    ``_counts`` (playouts per move; the first ``n`` values count).  Iterating gives the
    candidates, best first.
    """

    moves: tuple[Any, ...]
    measure: str
    confidence: float
    _values: tuple[Values, ...]
    _counts: tuple[int, ...]

    @staticmethod
    def of(moves: Sequence[Any], values: Sequence[Values], measure: str = "win") -> RankedMoves:
        """A plain ranking of ``moves`` from their ``values`` (every value counts)."""
        return _Ranking(
            tuple(moves), measure, 0.95, tuple(values), tuple(len(v[0]) for v in values)
        )

    @cached_property
    def candidates(self) -> tuple[Candidate, ...]:
        """The candidates, best first (by the measure, then the other measures; the order
        given breaks exact ties)."""
        key = _INDEX[self.measure]
        sign = -1 if MEASURES[self.measure] else 1
        raw = [
            (move, n, values[0][:n], values[1][:n], values[2][:n], self._tier(i))
            for i, (move, values, n) in enumerate(
                zip(self.moves, self._values, self._counts, strict=True)
            )
        ]

        def order(r: tuple) -> tuple:
            n = r[1]
            if not n:
                return (1, 0, 0.0, 0.0, 0.0)
            return (0, r[5], sign * sum(r[2 + key]) / n, sum(r[3]) / n, -sum(r[2]) / n)

        raw.sort(key=order)
        best = raw[0][2 + key] if raw else []
        out = []
        for move, n, win, place, score, _tier in raw:
            mine = (win, place, score)[key]
            m = min(len(mine), len(best))
            diffs = [mine[i] - best[i] for i in range(m)]
            out.append(
                Candidate(
                    move,
                    n,
                    share_estimate(win, self.confidence),
                    mean_estimate(place, self.confidence, least=1),
                    mean_estimate(score, self.confidence),
                    Estimate(0.0, 0.0, 0.0)
                    if mine is best
                    else mean_estimate(diffs, self.confidence, *_bounds(self.measure)),
                    self.measure,
                )
            )
        return tuple(out)

    def _tier(self, i: int) -> int:
        """Move ``i``'s tier: a lower tier ranks first whatever the means (a search ranks
        the moves it kept in longer first); the same for all here."""
        return 0

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self.candidates)

    def __len__(self) -> int:
        return len(self.moves)

    @property
    def best(self) -> Candidate:
        """The best candidate so far."""
        return self.candidates[0]

    @property
    def playouts(self) -> int:
        """Playouts so far over all candidates."""
        return sum(self._counts)

    def candidate(self, move: Any) -> Candidate:
        """The candidate of ``move`` (a move or its notation)."""
        for c in self.candidates:
            if c.move == move or str(c.move) == str(move):
                return c
        tried = ", ".join(str(m) for m in self.moves[:6]) + (", …" if len(self.moves) > 6 else "")
        raise KeyError(f"{move} is not one of the candidates ({tried})")

    def difference(self, a: Any, b: Any, measure: str | None = None) -> Estimate:
        """Move ``a`` minus move ``b`` (moves or their notation) on ``measure`` (the
        report's by default), paired over the re-deals both were played on, with its t
        interval: "is ``a`` better than ``b``?" is "does the interval lie above 0?"
        (below, for places)."""
        measure = check_measure(measure or self.measure)
        k = _INDEX[measure]
        index = {m: i for i, m in enumerate(self.moves)}
        i, j = (index[self.candidate(x).move] for x in (a, b))
        n = min(self._counts[i], self._counts[j])
        va, vb = self._values[i][k], self._values[j][k]
        return mean_estimate([va[t] - vb[t] for t in range(n)], self.confidence, *_bounds(measure))


@dataclass(frozen=True)
class _Ranking(RankedMoves):
    moves: tuple[Any, ...]
    measure: str
    confidence: float
    _values: tuple[Values, ...]
    _counts: tuple[int, ...]


@dataclass(frozen=True)
class ExactRanking:
    """Moves ranked by values a model works out exactly (no playouts: no intervals), with
    the interface of a search's report (``best``, ``candidate()``, iterating best first),
    so the coach and the review read both alike.

    ``values``: each move's value on ``measure`` (a win chance for ``"win"``); ``work``
    and ``deals`` are 0 (nothing was played out); ``legal``: the legal moves counted.

    >>> r = ExactRanking(("a", "b", "c"), (0.4, 0.6, 0.6))
    >>> [c.move for c in r], r.best.value.mean, r.candidate("a").versus_best.mean
    (['b', 'c', 'a'], 0.6, -0.2)
    >>> r.candidate("c").could_be_best, r.candidate("a").could_be_best
    (True, False)
    """

    moves: tuple[Any, ...]
    values: tuple[float, ...]
    measure: str = "win"
    legal: int = 0
    work: int = 0
    deals: int = 0
    done: bool = True
    stopped: bool = False

    @cached_property
    def candidates(self) -> tuple[Candidate, ...]:
        """The moves, best first (the order given breaks ties)."""
        sign = -1 if MEASURES[self.measure] else 1
        ranked = sorted(
            zip(self.moves, self.values, strict=True), key=lambda mv: sign * round(mv[1], 9)
        )
        best = ranked[0][1] if ranked else 0.0
        out = []
        for move, v in ranked:
            point = Estimate(v, v, v)
            diff = round(v - best, 9)
            out.append(
                Candidate(move, 0, point, point, point, Estimate(diff, diff, diff), self.measure)
            )
        return tuple(out)

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self.candidates)

    def __len__(self) -> int:
        return len(self.moves)

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    def candidate(self, move: Any) -> Candidate:
        """The candidate of ``move`` (a move or its notation)."""
        for c in self.candidates:
            if c.move == move or str(c.move) == str(move):
                return c
        tried = ", ".join(str(m) for m in self.moves[:6]) + (", …" if len(self.moves) > 6 else "")
        raise KeyError(f"{move} is not one of the candidates ({tried})")


def by_value(ranking: Any) -> list[Candidate]:
    """The candidates of ``ranking`` (a search's report or an :class:`ExactRanking`), best
    first by their value on its measure -- the estimate a learner is shown -- ties (and
    candidates without a value or a finite interval yet, last) in the report's order.
    The coach's hints and the review's "best move" both read this order, so they agree.

    >>> r = RankedMoves.of(("a", "b"), (([0.0, 1.0], [2.0, 1.0], [0.0, 1.0]),
    ...                                 ([1.0, 1.0], [1.0, 1.0], [1.0, 1.0])))
    >>> [c.move for c in by_value(r)]
    ['b', 'a']
    """
    more = MEASURES[ranking.measure]

    def key(c: Candidate) -> tuple[bool, float]:
        # A value without a finite interval (one playout) is no estimate yet: last.
        m, low, high = c.value
        if math.isnan(m) or not (math.isfinite(low) and math.isfinite(high)):
            return (True, 0.0)
        return (False, -m if more else m)

    return sorted(ranking, key=key)


def gap(ranking: Any, better: Any, worse: Any) -> Estimate:
    """How much ``better`` (a move) is worth more than ``worse`` on the ranking's measure (for
    places: fewer places), paired over the same re-deals with its interval when the values
    come from playouts; exact when they were worked out.

    >>> gap(ExactRanking(("a", "b"), (0.25, 0.75)), "b", "a")
    Estimate(mean=0.5, low=0.5, high=0.5)
    """
    a, b = ranking.candidate(better), ranking.candidate(worse)
    if a.move == b.move:
        return Estimate(0.0, 0.0, 0.0)
    if not hasattr(ranking, "difference"):  # worked out exactly: no interval
        d = round(a.value.mean - b.value.mean, 9)
        d = d if MEASURES[ranking.measure] else -d
        return Estimate(d, d, d)
    if MEASURES[ranking.measure]:
        return ranking.difference(a.move, b.move)
    return ranking.difference(b.move, a.move)


def shown_figure(value: float, measure: str) -> str:
    """``value`` rounded as a learner is shown it (the coach's and the review's figures): a
    win chance in whole percent, expected points whole, a place to one decimal (with the
    decimal point; the page writes its language's mark).

    >>> shown_figure(0.4633, "win"), shown_figure(12.6, "score"), shown_figure(2.54, "place")
    ('46', '13', '2.5')
    """
    check_measure(measure)
    if measure == "win":
        return str(round(100 * value))
    if measure == "score":
        return str(round(value))
    return f"{value:.1f}"


def same_shown(a: float, b: float, measure: str) -> bool:
    """True if ``a`` and ``b`` are shown as the same figure once rounded: words beside them
    must not call one better (a learner reads 46 % and 46 % as the same).

    >>> same_shown(0.4633, 0.4583, "win"), same_shown(0.4651, 0.4649, "win")
    (True, False)
    """
    return shown_figure(a, measure) == shown_figure(b, measure)
