"""The statistics of ``datong-rules simulate`` against values worked by hand (textbook formulas, computed here with
pencil-and-paper arithmetic in the comments) and against published examples (Newcombe 1998, Table II)."""

from __future__ import annotations

import math

import pytest

from datong_rules.simulate import stats
from datong_rules.simulate.stats import Sums


def test_the_critical_value_is_the_95_percent_one():
    assert stats.Z == pytest.approx(1.959964, abs=1e-6)


def test_wilson_interval_of_none_of_ten():
    # 0 of 10: the interval is [0, z²/(n + z²)] = [0, 3.8415/13.8415]
    low, high = stats.wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(3.841459 / 13.841459, abs=1e-6)


def test_wilson_interval_of_half():
    # 5 of 10: centre 0.5; half width z/(1 + z²/n) · √(p(1-p)/n + z²/4n²) = 1.41603 · √(0.025 + 0.0096036) = 0.26341
    low, high = stats.wilson(5, 10)
    assert (low, high) == (pytest.approx(0.23659, abs=1e-4), pytest.approx(0.76341, abs=1e-4))


def test_a_design_effect_shrinks_the_sample_wilson_sees():
    # 10 of 20 at a design effect of 2 is the interval of 5 of 10
    assert stats.wilson(10, 20, deff=2.0) == pytest.approx(stats.wilson(5, 10))


def test_no_observation_gives_no_interval():
    assert stats.wilson(0, 0) is None
    assert stats.mean_interval(Sums.independent(1, 3.0, 9.0)) is None
    assert stats.rate_difference(Sums.independent(0, 0), Sums.independent(2, 1)) is None
    assert stats.mean_difference(Sums.independent(1, 1.0, 1.0), Sums.independent(5, 5.0, 7.0)) is None


def test_mean_interval_of_independent_observations():
    # observations 1, 2, 3, 4: mean 2.5, sample variance 5/3, half width z · √(5/3 / 4)
    low, high = stats.mean_interval(Sums.independent(4, 10.0, 30.0))
    half = stats.Z * math.sqrt(5 / 3 / 4)
    assert (low, high) == (pytest.approx(2.5 - half), pytest.approx(2.5 + half))


def test_clustered_variance_of_two_matches_worked_by_hand():
    # match A: hands won 1, 1, 1 (y = 3, m = 3); match B: 0 (y = 0, m = 1). r = 3/4.
    # Σ(y - r·m)² = (3 - 2.25)² + (0 - 0.75)² = 0.5625 + 0.5625 = 1.125; × K/(K-1) = 2, ÷ n² = 16: 0.140625
    sums = Sums(n=4, total=3, squares=3, clusters=2, mm=9 + 1, ym=9 + 0, yy=9 + 0)
    assert stats.clustered_variance(sums) == pytest.approx(0.140625)
    # as 4 independent hands: s² = n·p(1-p)/(n-1) = 4 · 0.1875/3 = 0.25, s²/n = 0.0625; design effect 0.140625/0.0625
    assert stats.design_effect(sums) == pytest.approx(2.25)
    assert stats.rate_interval(sums) == pytest.approx(stats.wilson(3, 4, deff=2.25))


def test_one_observation_per_cluster_is_the_ordinary_variance():
    # 1, 2, 3, 4 each its own match: K/(K-1)·Σ(y - 2.5)²/n² = 4/3 · 5/16 = 5/12 = s²/n with s² = 5/3
    sums = Sums.independent(4, 10.0, 30.0)
    assert stats.clustered_variance(sums) == pytest.approx(5 / 12)
    assert stats.design_effect(sums) == 1.0


def test_newcombes_hybrid_score_interval_reproduces_his_table():
    # Newcombe (1998), Statistics in Medicine 17:873, Table II, method 10: 56/70 − 48/80 → [0.0524, 0.3339]
    low, high = stats.newcombe(56, 70, 48, 80)
    assert (low, high) == (pytest.approx(0.0524, abs=1e-4), pytest.approx(0.3339, abs=1e-4))
    # 9/10 − 3/10 → [0.1705, 0.8090]
    low, high = stats.newcombe(9, 10, 3, 10)
    assert (low, high) == (pytest.approx(0.1705, abs=1e-4), pytest.approx(0.8090, abs=1e-4))


def test_the_difference_of_two_zero_rates_is_not_zero_width():
    # 0/10 − 0/20: [−u₀, u₁] with the Wilson upper ends z²/(n + z²): 3.8415/23.8415 = 0.1611 and 3.8415/13.8415 = 0.2775
    low, high = stats.newcombe(0, 10, 0, 20)
    assert (low, high) == (pytest.approx(-0.1611, abs=1e-4), pytest.approx(0.2775, abs=1e-4))
    difference, interval, p_value = stats.rate_difference(Sums.independent(10, 0), Sums.independent(20, 0))
    assert difference == 0 and p_value == 1.0 and interval[0] < 0 < interval[1]


def test_two_proportion_z_test():
    # 60/100 against 50/100: pooled 0.55, se √(0.55 · 0.45 · 0.02) = 0.070356, z = 1.4213, two-sided p = 0.1552
    difference, (low, high), p_value = stats.rate_difference(Sums.independent(100, 60), Sums.independent(100, 50))
    assert difference == pytest.approx(0.10)
    assert p_value == pytest.approx(0.1552, abs=1e-3)
    # Newcombe: Wilson 60/100 [0.5020, 0.6906], 50/100 [0.4038, 0.5962]:
    # 0.1 − √(0.0980² + 0.0962²) = −0.0373; 0.1 + √(0.0906² + 0.0962²) = 0.2321
    assert (low, high) == (pytest.approx(-0.0373, abs=2e-4), pytest.approx(0.2321, abs=2e-4))


def test_welch_test_of_two_means():
    # sample 1: 2, 4, 6, 8 (mean 5, variance 20/3); sample 0: 1, 2, 3 (mean 2, variance 1)
    # se = √(20/3/4 + 1/3) = √2 = 1.41421, z = 3/√2 = 2.1213, two-sided p = 0.0339
    difference, (low, high), p_value = stats.mean_difference(Sums.independent(4, 20.0, 120.0),
                                                             Sums.independent(3, 6.0, 14.0))
    assert difference == pytest.approx(3.0)
    assert p_value == pytest.approx(0.0339, abs=1e-3)
    assert high - low == pytest.approx(2 * stats.Z * math.sqrt(2))


def test_equal_certain_rates_do_not_differ():
    difference, _interval, p_value = stats.rate_difference(Sums.independent(10, 10), Sums.independent(20, 20))
    assert difference == 0 and p_value == 1.0


def test_p_values_far_in_the_tail_do_not_underflow():
    # z = 10: the two-sided p is erfc(10/√2) = 1.5240e-23; 2·(1 − Φ(10)) would be exactly 0 in doubles
    assert stats.p_value(10.0, 1.0) == pytest.approx(1.5240e-23, rel=1e-3)
    assert stats.format_p(1.5e-23) == "< 0.0001"
    assert stats.format_p(0.0) == "< 0.0001"
    assert stats.format_p(0.00012) == "0.00012"
    assert stats.format_p(0.0142) == "0.014"
    assert stats.format_p(None) == "—"


def test_holm_on_a_small_family():
    # sorted: 0.005 · 4 = 0.02; 0.01 · 3 = 0.03; 0.03 · 2 = 0.06; 0.04 · 1 = 0.04, raised to the running 0.06
    assert stats.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # None is left out of the family (m = 2): 0.2 · 2 = 0.4, 0.6 · 1 = 0.6; capped at 1
    assert stats.holm([0.6, None, 0.2]) == [pytest.approx(0.6), None, pytest.approx(0.4)]
    assert stats.holm([0.7, 0.9]) == [1.0, 1.0]
    assert stats.holm([]) == []
