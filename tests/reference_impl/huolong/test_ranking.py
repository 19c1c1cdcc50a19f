"""Card ranking (rule ids ranking.*, trumps.*): expected orders worked by hand from the sources."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.reference_impl.cards import ALL_CARDS, SMALL_JOKER, SUITS, build_deck
from datong_rules.reference_impl.huolong.ranking import Ranking
from datong_rules.reference_impl.huolong.rules import RulesError, rules_for

VARIANTS = ["huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform"]
LI = rules_for("huolong/li-zhijiang")
LJ = SMALL_JOKER
SPADE_JACK = "SJ"


@pytest.mark.parametrize("variant", VARIANTS)
def test_ranking_trump_order_level_3_hearts(variant):
    """ranking.trump_order: li-zhijiang 一.三.1 with its own example 一.二 (level 3, hearts trump):
    大王 小王 主3 副3 主2 副2 then A K Q J 10 … 4 of hearts."""
    rk = Ranking(rules_for(variant), "3", "H")
    cards = ["H4", "HA", "D2", "H2", "C3", "S3", "H3", LJ, "BJ", "HK", "H10", "H5"]
    assert rk.order(cards) == [
        ["BJ"], [LJ], ["H3"], ["S3", "C3"], ["H2"], ["D2"], ["HA"], ["HK"], ["H10"], ["H5"], ["H4"],
    ]


def test_ranking_trump_order_level_10_online_platform_example():
    """ranking.trump_order and ranking.plain_order: online-platform 【牌的大小顺序】 (level 10; diamonds trump here):
    trumps 大王,小王,主10,副10,主2,副2,A,K,Q,J,9…3; side A,K,Q,J,9…3 (no 10)."""
    rk = Ranking(rules_for("huolong/online-platform"), "10", "D")
    trumps = ["BJ", LJ, "D10", "C10", "D2", "H2", "DA", "DK", "DQ", "DJ", "D9", "D3"]
    assert rk.order(trumps) == [[c] for c in trumps]
    side = ["HA", "HK", "HQ", "HJ", "H9", "H8", "H7", "H6", "H5", "H4", "H3"]
    assert rk.order(side) == [[c] for c in side]


def test_operations_doc_example():
    """ranking.trump_order: the card_order example of docs/implementers/operations.md (level 10, hearts)."""
    rk = Ranking(LI, "10", "H")
    assert rk.order(["S10", "C10", "H10", "H2", "D2", "SA"]) == [["H10"], ["S10", "C10"], ["H2"], ["D2"], ["SA"]]


def test_ranking_plain_order_side_suit_without_level_rank():
    """ranking.plain_order: li-zhijiang 一.三.2, side cards A K Q J 10 … 3; at level 10 the 10s are trumps."""
    rk = Ranking(LI, "10", "H")
    side = ["C3", "C9", "CJ", "CQ", "CK", "CA", "C4"]
    assert rk.order(side) == [["CA"], ["CK"], ["CQ"], ["CJ"], ["C9"], ["C4"], ["C3"]]
    assert rk.is_trump("C10") and rk.suit_of("C10") == "trump"


def test_equal_classes_off_suit_level_and_off_suit_two():
    """ranking.trump_order: li-zhijiang 一.二 不同花色的不分大小 — the three off-suit level cards are equal,
    and so are the three off-suit 2s."""
    rk = Ranking(LI, "7", "D")
    assert rk.strength("S7") == rk.strength("H7") == rk.strength("C7") < rk.strength("D7")
    assert rk.strength("S2") == rk.strength("H2") == rk.strength("C2") < rk.strength("D2")
    assert rk.strength("S7") > rk.strength("D2")  # 变主要比常主2大


def test_trumps_beat_side():
    """ranking.trumps_beat_side: li-zhijiang 一.三.3 主要比副大 — the weakest trump beats the best side card."""
    rk = Ranking(LI, "3", "H")
    weakest_trump = min((c for c in ALL_CARDS if rk.is_trump(c)), key=rk.strength)
    assert weakest_trump == "H4"
    assert all(rk.strength("H4") > rk.strength(c) for c in ALL_CARDS if not rk.is_trump(c))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", ["3", "10", "A"])
def test_trump_count_63_of_162(variant, level):
    """trumps.*: the sources' arithmetic check — with level and trump suit fixed there are 63 trumps and 99 side cards."""
    rk = Ranking(rules_for(variant), level, "C")
    deck = build_deck(3)
    assert sum(rk.is_trump(c) for c in deck) == 63
    assert sum(not rk.is_trump(c) for c in deck) == 99


def test_no_trump_suit_yet():
    """trumps.permanent, trumps.level_rank: before a trump suit is fixed only jokers, 2s and level cards are
    trumps (li-zhijiang 一.二: 常主 18 cards, 变主 the level cards); all level cards equal, all 2s equal."""
    rk = Ranking(LI, "5", None)
    deck = build_deck(3)
    assert sum(rk.is_trump(c) for c in deck) == 18 + 12
    assert rk.order(["S5", "H5", "C5", "D5", "S2", "D2", "BJ", LJ, "SA", "HA"]) == [
        ["BJ"], [LJ], ["S5", "H5", "C5", "D5"], ["S2", "D2"], ["SA", "HA"],
    ]
    assert rk.suit_of("HA") == "H" and rk.suit_of("H5") == "trump"


def test_suit_of_effective_suit():
    """ranking (effective suit): trumps are one suit; a trump-suit plain card is 'trump', others their suit."""
    rk = Ranking(LI, "3", "S")
    assert [rk.suit_of(c) for c in ["SA", "HA", "H3", "D2", "BJ", "C4"]] == ["trump", "H", "trump", "trump", "trump", "C"]


def test_bad_level_or_suit_is_refused():
    """levels.order: 2 is never a level (li-zhijiang 一.一); a bad suit is refused."""
    with pytest.raises(RulesError):
        Ranking(LI, "2", "H")
    with pytest.raises(RulesError):
        Ranking(LI, "3", "X")


@settings(max_examples=200, deadline=None)
@given(
    level=st.sampled_from(LI.level_order),
    trump=st.sampled_from([None, *SUITS]),
    cards=st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=25),
)
def test_order_is_a_total_preorder_consistent_with_strength(level, trump, cards):
    """ranking.*: order() partitions the distinct cards into groups of equal strength, strictly decreasing."""
    rk = Ranking.get(LI, level, trump)
    groups = rk.order(cards)
    assert sorted(c for g in groups for c in g) == sorted(set(cards))
    strengths = [{rk.strength(c) for c in g} for g in groups]
    assert all(len(s) == 1 for s in strengths)
    flat = [s.pop() for s in strengths]
    assert flat == sorted(flat, reverse=True) and len(set(flat)) == len(flat)
    # trumps are above every side card, and a side card's strength depends on its rank only
    for a in set(cards):
        for b in set(cards):
            if rk.is_trump(a) and not rk.is_trump(b):
                assert rk.strength(a) > rk.strength(b)
            if not rk.is_trump(a) and not rk.is_trump(b) and a[1:] == b[1:]:
                assert rk.strength(a) == rk.strength(b)


def test_jack_of_spades_is_a_side_card():
    """ranking.plain_order: the jack of spades is a plain spade between Q and 10 (li-zhijiang 一.三.2)."""
    rk = Ranking(LI, "3", "H")
    assert not rk.is_trump(SPADE_JACK)
    assert rk.order(["SQ", SPADE_JACK, "S10"]) == [["SQ"], [SPADE_JACK], ["S10"]]
