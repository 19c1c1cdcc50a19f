"""The statistics of ``datong-rules simulate`` against values worked by hand (textbook formulas, computed here with
pencil-and-paper arithmetic in the comments)."""

from __future__ import annotations

import math

import pytest

from datong_rules.simulate import stats


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


def test_no_observation_gives_no_interval():
    assert stats.wilson(0, 0) is None
    assert stats.mean_interval(1, 3.0, 9.0) is None
    assert stats.rate_difference(1, 0, 1, 2) is None
    assert stats.mean_difference((1, 1.0, 1.0), (5, 5.0, 7.0)) is None


def test_mean_interval_from_sums():
    # observations 1, 2, 3, 4: mean 2.5, sample variance 5/3, half width z · √(5/3 / 4)
    low, high = stats.mean_interval(4, 10.0, 30.0)
    half = stats.Z * math.sqrt(5 / 3 / 4)
    assert (low, high) == (pytest.approx(2.5 - half), pytest.approx(2.5 + half))


def test_two_proportion_z_test():
    # 60/100 against 50/100: pooled 0.55, se √(0.55 · 0.45 · 0.02) = 0.070356, z = 1.4213, two-sided p = 0.1552
    difference, (low, high), p_value = stats.rate_difference(60, 100, 50, 100)
    assert difference == pytest.approx(0.10)
    assert p_value == pytest.approx(0.1552, abs=1e-3)
    half = stats.Z * math.sqrt(0.6 * 0.4 / 100 + 0.5 * 0.5 / 100)  # unpooled: 1.96 · 0.069282 = 0.13579
    assert (low, high) == (pytest.approx(0.10 - half), pytest.approx(0.10 + half))


def test_welch_test_of_two_means():
    # sample 1: 2, 4, 6, 8 (mean 5, variance 20/3); sample 0: 1, 2, 3 (mean 2, variance 1)
    # se = √(20/3/4 + 1/3) = √2 = 1.41421, z = 3/√2 = 2.1213, two-sided p = 0.0339
    difference, (low, high), p_value = stats.mean_difference((4, 20.0, 120.0), (3, 6.0, 14.0))
    assert difference == pytest.approx(3.0)
    assert p_value == pytest.approx(0.0339, abs=1e-3)
    assert high - low == pytest.approx(2 * stats.Z * math.sqrt(2))


def test_equal_certain_rates_do_not_differ():
    difference, _interval, p_value = stats.rate_difference(10, 10, 20, 20)
    assert difference == 0 and p_value == 1.0
