"""Level changes (rule ids levels.order, levels.stop_levels, levels.past_last_level)."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.huolong.levels import advance
from datong_rules.reference_impl.huolong.rules import RulesError, rules_for

LI = rules_for("huolong/li-zhijiang")   # stop levels J and A; attackers at J/A frozen (一.六.8)
DG = rules_for("huolong/datong-guide")  # stop level A only (inferred); attackers advance
OP = rules_for("huolong/online-platform")


@pytest.mark.parametrize(
    ("level", "steps", "expected"),
    [
        ("3", 1, ("4", False)),
        ("3", 0, ("3", False)),
        ("9", 3, ("J", False)),    # 9 → 10 → J: stops at J (遇J不过)
        ("10", 1, ("J", False)),
        ("10", 7, ("J", False)),
        ("J", 1, ("Q", False)),    # leaving J is allowed
        ("J", 4, ("A", False)),    # Q K A: stops at A
        ("K", 3, ("A", False)),
        ("A", 1, ("A", True)),     # levels.past_last_level: match won
        ("A", 6, ("A", True)),
    ],
)
def test_levels_stop_levels_li_zhijiang_banker(level, steps, expected):
    """levels.stop_levels: li-zhijiang 一.六.8 遇J，A不过 — a jump stops at J or A."""
    assert advance(LI, level, steps, as_attackers=False) == expected


@pytest.mark.parametrize("level", ["J", "A"])
def test_levels_stop_levels_li_zhijiang_attackers_frozen(level):
    """levels.stop_levels attackers_advance false: li-zhijiang 一.六.8 对家在J，A时，在任何情况下都不可升级."""
    assert advance(LI, level, 1, as_attackers=True) == (level, False)
    assert advance(LI, level, 7, as_attackers=True) == (level, False)


def test_levels_stop_levels_li_zhijiang_attackers_elsewhere():
    """levels.stop_levels: attackers below J advance normally and also stop at J."""
    assert advance(LI, "5", 1, as_attackers=True) == ("6", False)
    assert advance(LI, "9", 4, as_attackers=True) == ("J", False)


@pytest.mark.parametrize("rules", [DG, OP])
def test_levels_stop_levels_a_only(rules):
    """levels.stop_levels: datong-guide and online-platform stop jumps at A only; J is passed through; attackers at A
    gain nothing (升到A，成功后: A is won as the banker team)."""
    assert advance(rules, "9", 3, as_attackers=False) == ("Q", False)
    assert advance(rules, "10", 7, as_attackers=False) == ("A", False)
    assert advance(rules, "A", 2, as_attackers=False) == ("A", True)   # shutout at A: passes A
    assert advance(rules, "A", 1, as_attackers=True) == ("A", False)   # attackers_advance: false (A won as banker)
    assert advance(rules, "J", 1, as_attackers=True) == ("Q", False)


def test_levels_order_bad_input():
    """levels.order: an unknown level or a negative step count is refused."""
    with pytest.raises(RulesError):
        advance(LI, "2", 1, as_attackers=False)
    with pytest.raises(RulesError):
        advance(LI, "3", -1, as_attackers=False)
