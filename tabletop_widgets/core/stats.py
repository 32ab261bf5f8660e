"""Small confidence-interval helpers (standard library only: no scipy import cost), and the
:class:`Estimate` (a mean with its interval) that searches and reports give.

>>> lo, hi = wilson_interval(8, 10)
>>> round(lo, 3), round(hi, 3)
(0.49, 0.943)
>>> round(t_quantile(0.975, 10), 3)
2.228
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import NamedTuple


def z_quantile(p: float) -> float:
    """The standard normal quantile (``z_quantile(0.975)`` is about 1.96)."""
    return NormalDist().inv_cdf(p)


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile: exact for 1 and 2 degrees of freedom, else the
    Cornish-Fisher expansion around the normal quantile: from 3 degrees of
    freedom on it is within 0.004 of the exact value for a 95% interval and
    within 0.05 for a 99% one (the error shrinks fast as ``df`` grows)."""
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = z_quantile(p)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion; (0, 1) when there is no data."""
    if n <= 0:
        return 0.0, 1.0
    z = z_quantile(0.5 + confidence / 2)
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    # min/max: rounding must not push the bounds past p at p = 0 or 1
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def mean_interval(
    total: float, total_sq: float, n: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Mean, and its t interval, from a sum and a sum of squares.

    With fewer than two values the interval is infinite.

    >>> [round(x, 3) for x in mean_interval(6, 14, 3)]  # the values 1, 2, 3
    [2.0, -0.484, 4.484]
    """
    if n <= 0:
        return math.nan, -math.inf, math.inf
    mean = total / n
    if n < 2:
        return mean, -math.inf, math.inf
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    half = t_quantile(0.5 + confidence / 2, n - 1) * math.sqrt(var / n)
    return mean, mean - half, mean + half


class Estimate(NamedTuple):
    """A mean with its confidence interval (``low`` to ``high``).

    Fields:

    * ``mean``: The mean (NaN without data).
    * ``low``: The lower bound of the interval.
    * ``high``: The upper bound of the interval.
    """

    mean: float
    low: float
    high: float

    def contains(self, value: float) -> bool:
        """True if ``value`` lies in the interval (the data cannot rule it out)."""
        return self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{_num(self.mean)} [{_num(self.low)}, {_num(self.high)}]"

    def __repr__(self) -> str:
        # Four significant digits: the interval's width is far coarser than that.
        return f"Estimate(mean={self.mean:.4g}, low={self.low:.4g}, high={self.high:.4g})"

    def percent(self) -> str:
        """The estimate of a share as percentages: ``31% [28%, 33%]``."""
        return f"{_pct(self.mean)} [{_pct(self.low)}, {_pct(self.high)}]"


def _num(x: float) -> str:
    if math.isnan(x):
        return "–"
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    return f"{x:.3g}" if abs(x) < 100 else f"{x:.0f}"


def _pct(x: float) -> str:
    """A share in whole percent; near 0 with one decimal, so a bound just below 0 does not
    read as 0% (nor a tiny one as "-0%").

    >>> _pct(0.314), _pct(-0.003), _pct(-1e-9), _pct(float("nan"))
    ('31%', '-0.3%', '0%', '–')
    """
    if math.isnan(x):
        return "–"
    if abs(x) < 0.0005:
        return "0%"
    return f"{x:.1%}" if abs(x) < 0.005 else f"{x:.0%}"


def share_estimate(values: Sequence[float], confidence: float) -> Estimate:
    """A share (wins count 1, shared wins a fraction) with its Wilson interval."""
    n = len(values)
    if not n:
        return Estimate(math.nan, 0.0, 1.0)
    total = math.fsum(values)
    return Estimate(total / n, *wilson_interval(total, n, confidence))


def mean_estimate(
    values: Sequence[float],
    confidence: float,
    least: float = -math.inf,
    most: float = math.inf,
) -> Estimate:
    """A mean with its t interval (infinite with fewer than two values), the interval
    clipped to the values possible (``least`` to ``most``: a place is at least 1).

    >>> mean_estimate([1, 1, 2], 0.95, least=1).low
    1
    """
    total = math.fsum(values)
    total_sq = math.fsum(v * v for v in values)
    mean, low, high = mean_interval(total, total_sq, len(values), confidence)
    return Estimate(mean, max(least, low), min(most, high))
