"""The statistics of ``datong-rules simulate``, from sums only (so that shards merge).

The hands of one match are not independent (the same players, levels and banker carry over), so every interval and
test treats a match as a cluster of observations: the variance of a rate or mean is the cluster-robust variance of a
ratio estimator (:func:`clustered_variance`, the linearisation of Cochran, *Sampling Techniques*, 1977, §6.4), from
sums that add across shards. From it:

* a rate's interval is Wilson's score interval at the effective sample size ``n / deff`` (:func:`wilson`; the design
  effect ``deff`` of :func:`design_effect`, at least 1, as Korn & Graubard 1998 advise), never zero-width at 0 % or
  100 %;
* a mean's interval is the normal one with the clustered standard error (:func:`mean_interval`);
* the difference of two rates has Newcombe's hybrid score interval (method 10 of Newcombe 1998, from the two Wilson
  intervals: :func:`newcombe`), not zero-width when both rates are 0, and the two-proportion z test with the pooled
  rate, each side's variance scaled by its design effect (:func:`rate_difference`);
* the difference of two means has the normal interval and Welch's z test with the clustered standard errors
  (:func:`mean_difference`);
* p-values are computed with the complementary error function (no underflow to 0 above z = 8) and shown as
  ``< 0.0001`` below that (:func:`format_p`); the secondary tests of a comparison are adjusted by Holm's step-down
  method (:func:`holm`).

Every function returns plain floats; an interval is ``(low, high)``; None where the data cannot give one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

LEVEL = 0.95
"""The confidence level of every interval."""

ALPHA = 0.05
"""A difference is ``significant`` when its p-value (Holm-adjusted for a secondary one) is below this."""

SMALLEST_P_SHOWN = 1e-4
"""p-values below this are shown as ``< 0.0001`` (:func:`format_p`)."""

_STANDARD = NormalDist()
Z = _STANDARD.inv_cdf(1 - (1 - LEVEL) / 2)
"""The two-sided critical value of the standard normal distribution for :data:`LEVEL` (1.959964…)."""

Interval = tuple[float, float]


@dataclass(frozen=True)
class Sums:
    """The mergeable sums of one measure (or one rule's firings) over clusters (matches).

    Attributes:
        n: observations (hands or matches where the measure applies).
        total: the sum of the observations (a rate's successes).
        squares: the sum of their squares.
        clusters: the clusters (matches) observed, those without an observation of this measure included.
        mm: the sum over clusters of (observations in the cluster)².
        ym: the sum over clusters of (the cluster's total × its observations).
        yy: the sum over clusters of (the cluster's total)².

    With one observation per cluster (``mm = clusters = n``, ``ym = total``, ``yy = squares``) every clustered
    figure equals the ordinary one.
    """

    n: int
    total: float
    squares: float
    clusters: int
    mm: float
    ym: float
    yy: float

    @classmethod
    def independent(cls, n: int, total: float, squares: float | None = None) -> Sums:
        """The sums of ``n`` independent observations (each its own cluster); ``squares`` defaults to ``total``
        (observations of 0 or 1)."""
        sq = total if squares is None else squares
        return cls(n, total, sq, n, n, total, sq)

    @property
    def mean(self) -> float | None:
        """The rate or mean, None without observations."""
        return self.total / self.n if self.n else None


def clustered_variance(sums: Sums) -> float | None:
    """The variance of the estimate ``total / n`` when clusters are sampled independently:
    ``K/(K-1) · Σ(yᵢ - r·mᵢ)² / n²`` with ``r = total / n`` (``K`` clusters, ``yᵢ`` and ``mᵢ`` each cluster's total
    and count). None below 2 clusters or without observations."""
    if sums.n <= 0 or sums.clusters < 2:
        return None
    r = sums.total / sums.n
    spread = max(sums.yy - 2 * r * sums.ym + r * r * sums.mm, 0.0)
    return sums.clusters / (sums.clusters - 1) * spread / (sums.n * sums.n)


def variance(n: int, total: float, squares: float) -> float | None:
    """The sample variance (denominator ``n - 1``) from the count, sum and sum of squares; None below 2 observations."""
    if n < 2:
        return None
    return max(squares - total * total / n, 0.0) / (n - 1)


def design_effect(sums: Sums) -> float:
    """How much the clustering widens the variance: the clustered variance over that of as many independent
    observations (``s²/n``, ``s²`` the sample variance; for a rate ``s² = n·p(1-p)/(n-1)``), so that it is exactly 1
    with one observation per cluster; at least 1, and 1 where either variance is 0 or unknown."""
    clustered = clustered_variance(sums)
    s2 = variance(sums.n, sums.total, sums.squares)
    if clustered is None or not s2:
        return 1.0
    return max(1.0, clustered / (s2 / sums.n))


def wilson(successes: float, n: float, z: float = Z, deff: float = 1.0) -> Interval | None:
    """The Wilson score interval of a rate: ``successes`` of ``n`` observations (0 or 1 each), at the effective
    sample size ``n / deff`` (``deff`` the design effect, 1 for independent observations).

    Returns:
        ``(low, high)`` within [0, 1], or None when ``n`` is 0.
    """
    if n <= 0:
        return None
    p = successes / n
    n = n / deff
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    low = 0.0 if p <= 0 else max(0.0, centre - half)  # exact ends: none or all of the observations
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return (low, high)


def rate_interval(sums: Sums, z: float = Z) -> Interval | None:
    """A rate's clustered Wilson interval (:func:`wilson` at the design effect of ``sums``); None without
    observations."""
    return wilson(sums.total, sums.n, z, design_effect(sums))


def mean_interval(sums: Sums, z: float = Z) -> Interval | None:
    """A mean's interval ``mean ± z · se`` with the clustered standard error; None below 2 clusters."""
    var = clustered_variance(sums)
    if var is None:
        return None
    mean, half = sums.total / sums.n, z * math.sqrt(var)
    return (mean - half, mean + half)


def p_value(difference: float, se: float) -> float:
    """Two-sided p-value of ``difference`` for a normal statistic of standard error ``se``: ``erfc(|z|/√2)``, exact
    far into the tail (1.0 when ``se`` is 0 and the difference is 0; 0.0 when ``se`` is 0 and it is not)."""
    if se == 0:
        return 1.0 if difference == 0 else 0.0
    return math.erfc(abs(difference) / se / math.sqrt(2))


def newcombe(k1: float, n1: float, k0: float, n0: float, z: float = Z, deff1: float = 1.0,
             deff0: float = 1.0) -> Interval | None:
    """Newcombe's hybrid score interval of ``k1/n1 - k0/n0`` (method 10 of Newcombe 1998, *Statistics in Medicine*
    17:873): with ``(l, u)`` each rate's Wilson interval, ``d - √((p1-l1)² + (u0-p0)²)`` to ``d + √((u1-p1)² +
    (p0-l0)²)``. None when either ``n`` is 0."""
    one, zero = wilson(k1, n1, z, deff1), wilson(k0, n0, z, deff0)
    if one is None or zero is None:
        return None
    p1, p0 = k1 / n1, k0 / n0
    d = p1 - p0
    return (d - math.hypot(p1 - one[0], zero[1] - p0), d + math.hypot(one[1] - p1, p0 - zero[0]))


def rate_difference(one: Sums, zero: Sums, z: float = Z) -> tuple[float, Interval, float] | None:
    """Rate 1 minus rate 0: the difference, Newcombe's interval (:func:`newcombe`, each rate at its design effect)
    and the two-sided p-value of the two-proportion z test (pooled rate; each side's ``1/n`` scaled by its design
    effect). None when either has no observation."""
    if one.n <= 0 or zero.n <= 0:
        return None
    deff1, deff0 = design_effect(one), design_effect(zero)
    interval = newcombe(one.total, one.n, zero.total, zero.n, z, deff1, deff0)
    assert interval is not None
    difference = one.total / one.n - zero.total / zero.n
    pooled = (one.total + zero.total) / (one.n + zero.n)
    se = math.sqrt(max(pooled * (1 - pooled), 0.0) * (deff1 / one.n + deff0 / zero.n))
    return difference, interval, p_value(difference, se)


def mean_difference(one: Sums, zero: Sums, z: float = Z) -> tuple[float, Interval, float] | None:
    """Mean 1 minus mean 0: the difference, its normal interval and the two-sided p-value of Welch's z test, with
    the clustered standard errors. None when either has fewer than 2 clusters."""
    var1, var0 = clustered_variance(one), clustered_variance(zero)
    if var1 is None or var0 is None:
        return None
    difference = one.total / one.n - zero.total / zero.n
    se = math.sqrt(var1 + var0)
    return difference, (difference - z * se, difference + z * se), p_value(difference, se)


def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values (Holm 1979), in the order given; None entries are left out of the family
    and stay None. With the ``m`` p-values sorted ascending, the ``i``-th (from 1) is adjusted to
    ``max over j ≤ i of min(1, (m - j + 1) · p₍ⱼ₎)``; a test is significant at level α when its adjusted p is below
    α, which holds the chance of any false finding in the family at most α."""
    order = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    m = len(order)
    out: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def format_p(p: float | None) -> str:
    """A p-value for reading: ``< 0.0001`` below :data:`SMALLEST_P_SHOWN`, else two significant digits (``0.014``,
    ``0.5``); ``—`` for None."""
    if p is None:
        return "—"
    if p < SMALLEST_P_SHOWN:
        return "< 0.0001"
    return f"{p:.2g}"
