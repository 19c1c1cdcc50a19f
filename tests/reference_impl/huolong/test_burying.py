"""Burying the bottom (rule ids bury.count, bury.cards, bury.max_points, bury.unmet_limits, bury.big_jokers).

li-zhijiang 一.六.4: the banker exchanges 6 side cards, at most 40 points; datong-guide and online-platform: no limit.
Hands are small multisets here (the operation allows any size).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from datong_rules.reference_impl.cards import parse_hand
from datong_rules.reference_impl.huolong.burying import (
    BIG_JOKER_CODE, NOT_IN_HAND, NOT_SIDE_CARD, TOO_MANY_POINTS, WRONG_COUNT, check_bury, legal_buries,
    limits_can_be_met, random_bury,
)
from datong_rules.reference_impl.huolong.dealing import deal, new_pack
from datong_rules.reference_impl.huolong.ranking import Ranking

from lifecycle_helpers import DG, LI, OP

LI_H3 = Ranking(LI, "3", "H")   # level 3, hearts trump
DG_H3 = Ranking(DG, "3", "H")


def bury(rules, ranking, hand, cards):
    return check_bury(rules, ranking, parse_hand(hand), cards.split())


HAND = "S4 S6 S7 S8 S9 SQ C4 C6 D7 D8 SK S10 DK C10 S5 H4 S3 D2 BJ LJ"


@pytest.mark.parametrize(("cards", "reason"), [
    ("S4 S6 S7 S8 S9", WRONG_COUNT),                    # bury.count 6
    ("S4 S6 S7 S8 S9 SQ C4", WRONG_COUNT),
    ("S4 S6 S7 S8 S9 SJ", NOT_IN_HAND),
    ("S4 S4 S7 S8 S9 SQ", NOT_IN_HAND),                 # one S4 only
    ("S4 S6 S7 S8 S9 BJ", BIG_JOKER_CODE),              # bury.big_jokers star_burial_only
    ("S4 S6 S7 S8 S9 H4", NOT_SIDE_CARD),               # bury.cards side_only: a trump-suit card
    ("S4 S6 S7 S8 S9 S3", NOT_SIDE_CARD),               # an off-suit level card is a trump
    ("S4 S6 S7 S8 S9 D2", NOT_SIDE_CARD),               # a 2 is always trump
    ("S4 S6 S7 S8 S9 LJ", NOT_SIDE_CARD),
    ("SK S10 DK C10 S9 S8", None),                      # exactly 40 points
    ("SK S10 DK C10 S5 S8", TOO_MANY_POINTS),           # 45 points > bury.max_points 40
    ("S4 S6 S7 S8 S9 SQ", None),
])
def test_li_bury_limits(cards, reason):
    assert bury(LI, LI_H3, HAND, cards) == reason


def test_li_reason_order_big_joker_before_side_card_before_points():
    """The first reason that applies, in the order of the bury operation."""
    assert bury(LI, LI_H3, HAND, "BJ H4 SK S10 DK C10") == BIG_JOKER_CODE
    assert bury(LI, LI_H3, HAND, "H4 SK S10 DK C10 S5") == NOT_SIDE_CARD


def test_li_unmet_side_limit_lifts_it():
    """bury.unmet_limits any_bury (inferred): fewer than 6 side cards → any 6 cards but big jokers."""
    hand = "S4 S6 S7 S8 S9 H4 H5 H6 S3 BJ"
    ranking = LI_H3
    assert not limits_can_be_met(LI, ranking, parse_hand(hand))
    assert bury(LI, ranking, hand, "S4 S6 S7 S8 S9 H4") is None
    assert bury(LI, ranking, hand, "S4 S6 S7 S8 S9 BJ") == BIG_JOKER_CODE


def test_li_unmet_point_limit_lifts_it():
    """Only point cards on the side: the cheapest 6 side cards hold more than 40 points → the limit is lifted."""
    hand = "SK SK S10 C10 D10 DK H4"   # six side cards, 60 points
    assert not limits_can_be_met(LI, LI_H3, parse_hand(hand))
    assert bury(LI, LI_H3, hand, "SK SK S10 C10 D10 DK") is None
    assert limits_can_be_met(LI, LI_H3, parse_hand("S5 S5 C5 D5 SK S10 H4"))  # exactly 40: met


def test_dg_and_op_bury_anything_but_big_jokers():
    """bury.cards any, bury.max_points null (inferred: the article and the page set no limit)."""
    for rules in (DG, OP):
        ranking = Ranking(rules, "3", "H")
        assert bury(rules, ranking, HAND, "H4 S3 D2 LJ SK S10") is None
        assert bury(rules, ranking, HAND, "SK S10 DK C10 S5 S4") is None
        assert bury(rules, ranking, HAND, "SK S10 DK C10 S5 BJ") == BIG_JOKER_CODE


@pytest.mark.parametrize("rules", [LI, DG, OP])
def test_random_bury_is_legal(rules):
    rng = random.Random(5)
    for seed in range(30):
        dealt = deal(rules, new_pack(rules, random.Random(seed)), 0)
        hand = dealt.hands[0] + Counter(dealt.bottom)
        ranking = Ranking(rules, "3", "SHCD"[seed % 4])
        pick = random_bury(rules, ranking, hand, rng)
        assert check_bury(rules, ranking, hand, pick) is None


def test_legal_buries_are_exactly_the_legal_multisets():
    hand = parse_hand("S4 S4 S5 SK C10 C6 D7 H4 BJ")
    found = list(legal_buries(LI, LI_H3, hand))
    assert len(found) == len(set(found))
    brute = {tuple(sorted(c)) for c in combinations(sorted(hand.elements()), 6)
             if check_bury(LI, LI_H3, hand, list(c)) is None}
    assert set(found) == brute
    # side cards only: S4 S4 S5 SK C10 C6 D7 (H4 is trump, BJ never), 25 points in all, so every 6 of
    # these 7 is legal; leaving out one S4, or S5, SK, C10, C6 or D7: 6 distinct buries
    assert len(brute) == 6
