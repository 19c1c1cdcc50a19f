"""Card points and the bottom (rule ids points.card_points, bottom.multiplier, bottom.dig)."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.cards import BIG_JOKER as BJ
from datong_rules.reference_impl.cards import SMALL_JOKER as LJ
from datong_rules.reference_impl.cards import build_deck
from datong_rules.reference_impl.huolong.rules import rules_for
from datong_rules.reference_impl.huolong.scoring import bottom_award, card_points

VARIANTS = ["huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform"]
BOTTOM = ["D5", "DK", "C10", "S3", "S4", "H6"]  # 5 + 10 + 10 = 25 points


@pytest.mark.parametrize("variant", VARIANTS)
def test_points_card_points_pack_total_300(variant):
    """points.card_points: 12 fives, 12 tens, 12 kings: 60 + 120 + 120 = 300 (li-zhijiang 一.四)."""
    assert card_points(rules_for(variant), build_deck(3)) == 300


def test_points_card_points_values():
    """points.card_points: 5 → 5, 10 → 10, K → 10, everything else (jokers included) 0."""
    rules = rules_for("huolong/li-zhijiang")
    assert [card_points(rules, [c]) for c in ["H5", "S10", "CK", "DA", "HQ", "S2", BJ, LJ]] == [5, 10, 10, 0, 0, 0, 0, 0]


@pytest.mark.parametrize(
    ("variant", "dug_award"),
    [
        ("huolong/li-zhijiang", 25),     # 一.六.4: the bottom's points are added (×1)
        ("huolong/datong-guide", 50),    # 三.4: 底牌的分数都只翻两倍 (×2, whatever the last trick's size)
        ("huolong/online-platform", 25),  # 【抠底：】: added (×1)
    ],
)
def test_bottom_multiplier(variant, dug_award):
    """bottom.multiplier, bottom.dig: dug → points × multiplier to the attackers; held → nothing."""
    rules = rules_for(variant)
    assert bottom_award(rules, BOTTOM, dug=True) == (25, dug_award)
    assert bottom_award(rules, BOTTOM, dug=False) == (25, 0)
