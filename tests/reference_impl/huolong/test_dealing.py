"""Shuffling and dealing (rule ids deck.decks, deck.jokers_per_deck, deal.method, deal.hand_size, deal.bottom_size,
deal.first_drawer)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from datong_rules.reference_impl.cards import build_deck
from datong_rules.reference_impl.huolong.dealing import check_pack, deal, first_drawer, new_pack, seat_of

from datong_rules.reference_impl.huolong.rules import RulesError, rules_for, rules_with

from lifecycle_helpers import LI, VARIANTS, full_pack


@pytest.mark.parametrize("variant", VARIANTS)
def test_pack_is_three_full_decks(variant):
    """deck.decks = 3, deck.jokers_per_deck = 2 (li-zhijiang 一.二): 162 cards, 3 copies of each of 54."""
    pack = new_pack(rules_for(variant), random.Random(7))
    assert len(pack) == 162
    counts = Counter(pack)
    assert len(counts) == 54 and set(counts.values()) == {3}
    assert counts["BJ"] == 3 and counts["LJ"] == 3


def test_shuffle_is_reproducible_by_seed():
    assert new_pack(LI, random.Random(42)) == new_pack(LI, random.Random(42))
    assert new_pack(LI, random.Random(42)) != new_pack(LI, random.Random(43))


def test_one_card_each_in_turn_from_the_first_drawer():
    """deal.method one_card_each_in_turn: card i goes to seat (first + i) mod 4; 39 each; the last 6 are the bottom."""
    pack = full_pack(LI, ["S3", "H4", "C5", "D6", "S7"], bottom=["HA", "HK", "HQ", "HJ", "H10", "H9"])
    dealt = deal(LI, pack, first=2)
    assert dealt.hands[2]["S3"] >= 1 and dealt.hands[3]["H4"] >= 1
    assert dealt.hands[0]["C5"] >= 1 and dealt.hands[1]["D6"] >= 1
    assert [sum(h.values()) for h in dealt.hands] == [39, 39, 39, 39]
    assert dealt.bottom == ("HA", "HK", "HQ", "HJ", "H10", "H9")
    for i in range(156):
        assert seat_of(LI, 2, i) == (2 + i) % 4
    everything = sum(dealt.hands, Counter()) + Counter(dealt.bottom)
    assert everything == Counter(build_deck(3))


def test_each_seat_gets_every_fourth_card():
    pack = full_pack(LI, seed=3)
    dealt = deal(LI, pack, first=1)
    for seat in range(4):
        assert dealt.hands[seat] == Counter(pack[(seat - 1) % 4:156:4])


def test_first_drawer():
    """deal.first_drawer {first_hand: 0, later_hands: banker} (inferred in base.yaml)."""
    assert first_drawer(LI, 1, None) == 0
    assert first_drawer(LI, 2, 3) == 3
    assert first_drawer(LI, 5, 1) == 1


def test_check_pack():
    pack = full_pack(LI)
    assert check_pack(LI, pack) is None
    assert "161 cards" in check_pack(LI, pack[:-1])
    assert "extra" in check_pack(LI, pack[:-1] + ["BJ"])


def test_wrong_pack_size_is_refused():
    with pytest.raises(ValueError, match="162"):
        deal(LI, ["S3"] * 10, first=0)


def test_deal_method_comes_from_the_variant_itself_and_an_unsupported_one_is_refused():
    """deal.method is read from the resolved variant (an in-memory house variant's own value, not its base's);
    a method the engine cannot deal is refused when the rules are built, in one line naming the rule id."""
    assert LI.deal_method == "one_card_each_in_turn"
    with pytest.raises(RulesError) as err:
        rules_with("huolong/datong-guide", {"deal.method": "three_cards_at_a_time"})
    message = str(err.value)
    assert message.startswith("deal.method: ") and "'three_cards_at_a_time'" in message
    assert "\n" not in message
