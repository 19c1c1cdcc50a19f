"""The statistics of ``datong-rules simulate``, from sums only (so that shards merge): 95 % confidence intervals of a
rate (Wilson score interval) and of a mean (normal approximation), and the difference of two variants with a
two-sided test (two-proportion z test for rates, Welch's test for means, both with the normal distribution, which
the counts of a simulation — hundreds of hands or more — make exact enough).

Every function takes counts and sums (``n``, ``total`` = sum of the observations, ``squares`` = sum of their
squares) and returns plain floats; an interval is ``(low, high)``; None where the data cannot give one (no
observation, or one observation for a mean).
"""

from __future__ import annotations

import math
from statistics import NormalDist

LEVEL = 0.95
"""The confidence level of every interval."""

ALPHA = 0.05
"""A difference is ``significant`` when its p-value is below this."""

_STANDARD = NormalDist()
Z = _STANDARD.inv_cdf(1 - (1 - LEVEL) / 2)
"""The two-sided critical value of the standard normal distribution for :data:`LEVEL` (1.959964…)."""

Interval = tuple[float, float]


def wilson(successes: float, n: int, z: float = Z) -> Interval | None:
    """The Wilson score interval of a rate: ``successes`` of ``n`` observations (0 or 1 each).

    Returns:
        ``(low, high)`` within [0, 1], or None when ``n`` is 0.
    """
    if n <= 0:
        return None
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends: none or all of the observations
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


def variance(n: int, total: float, squares: float) -> float | None:
    """The sample variance (denominator ``n - 1``) from the count, sum and sum of squares; None below 2 observations."""
    if n < 2:
        return None
    return max(squares - total * total / n, 0.0) / (n - 1)


def mean_interval(n: int, total: float, squares: float, z: float = Z) -> Interval | None:
    """The normal-approximation interval of a mean, ``mean ± z · sd / √n``; None below 2 observations."""
    var = variance(n, total, squares)
    if var is None:
        return None
    mean, half = total / n, z * math.sqrt(var / n)
    return (mean - half, mean + half)


def _p_value(difference: float, se: float) -> float:
    """Two-sided p-value of ``difference`` for a normal statistic of standard error ``se`` (1.0 when ``se`` is 0
    and the difference is 0; 0.0 when ``se`` is 0 and it is not)."""
    if se == 0:
        return 1.0 if difference == 0 else 0.0
    return 2 * (1 - _STANDARD.cdf(abs(difference) / se))


def rate_difference(k1: float, n1: int, k0: float, n0: int, z: float = Z) -> tuple[float, Interval, float] | None:
    """Rate 1 minus rate 0 (``k1/n1 - k0/n0``): the difference, its interval (unpooled standard error) and the
    two-sided p-value of the two-proportion z test (pooled standard error). None when either ``n`` is 0."""
    if n1 <= 0 or n0 <= 0:
        return None
    p1, p0 = k1 / n1, k0 / n0
    difference = p1 - p0
    half = z * math.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
    pooled = (k1 + k0) / (n1 + n0)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n0))
    return difference, (difference - half, difference + half), _p_value(difference, se)


def mean_difference(sums1: tuple[int, float, float], sums0: tuple[int, float, float],
                    z: float = Z) -> tuple[float, Interval, float] | None:
    """Mean 1 minus mean 0, each given as ``(n, total, squares)``: the difference, its interval and the two-sided
    p-value of Welch's test (unequal variances). None when either has fewer than 2 observations."""
    var1, var0 = variance(*sums1), variance(*sums0)
    if var1 is None or var0 is None:
        return None
    difference = sums1[1] / sums1[0] - sums0[1] / sums0[0]
    se = math.sqrt(var1 / sums1[0] + var0 / sums0[0])
    return difference, (difference - z * se, difference + z * se), _p_value(difference, se)
