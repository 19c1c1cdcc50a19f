"""Combinations (rule id combinations.catalogue) and the effective suit of a group of cards."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.cards import BIG_JOKER as BJ
from datong_rules.reference_impl.cards import SMALL_JOKER as LJ
from datong_rules.reference_impl.huolong.combinations import classify, play_suit
from datong_rules.reference_impl.huolong.ranking import Ranking
from datong_rules.reference_impl.huolong.rules import RulesError, rules_for, rules_with

VARIANTS = ["huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (["H5"], "single"),
        (["H5", "H5"], "pair"),            # 对: two cards of the same suit and rank (li-zhijiang 一.三.4)
        (["CK", "CK", "CK"], "meteor"),    # 流星: three identical cards
        ([BJ, BJ, BJ], "meteor"),          # 三张大王也是流星 (datong-guide 二.1 包括大小王)
        ([LJ, LJ], "pair"),
        (["H5", "S5"], None),              # same rank, different suits: not a pair
        ([BJ, LJ], None),                  # the two jokers are not a pair
        (["H5", "H6"], None),
        (["D9"] * 4, None),                # no combination of four
        ([], None),
    ],
)
def test_combinations_catalogue(variant, cards, expected):
    """combinations.catalogue: single, pair, meteor of identical cards only (li-zhijiang 一.三.4)."""
    rk = Ranking(rules_for(variant), "3", "H")
    assert classify(rk, cards) == expected


def test_combinations_catalogue_house_variant_can_add_one():
    """combinations.catalogue: the catalogue is data — a house variant adding four identical cards gets it."""
    catalogue = [
        {"name": "single", "size": 1, "identical": True},
        {"name": "pair", "size": 2, "identical": True},
        {"name": "meteor", "size": 3, "identical": True},
        {"name": "comet", "size": 4, "identical": True},
    ]
    rules = rules_with("huolong/datong-guide", {"combinations.catalogue": catalogue})
    rk = Ranking(rules, "3", "H")
    assert classify(rk, ["D9"] * 4) == "comet"


def test_combinations_catalogue_unsupported_entry_is_refused():
    """combinations.catalogue: an entry that is not identical cards is refused with the rule id."""
    catalogue = [{"name": "single", "size": 1, "identical": True}, {"name": "run", "size": 2, "identical": False}]
    with pytest.raises(RulesError, match="combinations.catalogue"):
        rules_with("huolong/datong-guide", {"combinations.catalogue": catalogue})


def test_effective_suit_of_a_group():
    """follow.follow_suit (all trumps are one suit): level 10, hearts trump."""
    rk = Ranking(rules_for("huolong/li-zhijiang"), "10", "H")
    assert play_suit(rk, ["S10", "S10"]) == "trump"   # off-suit level cards are trumps
    assert play_suit(rk, ["H4", BJ]) == "trump"
    assert play_suit(rk, ["SA", "SA"]) == "S"
    assert play_suit(rk, ["SA", "S10"]) == "mixed"
    assert play_suit(rk, ["SA", "DA"]) == "mixed"
