"""打墩 Dadun combinations, readings and beating: values reasoned by hand from dadun-guide."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.reference_impl.climbing.cardset import full_pack
from datong_rules.reference_impl.dadun import combinations as cb
from datong_rules.reference_impl.dadun.count import play_classes
from datong_rules.reference_impl.dadun.ops import OPS
from datong_rules.reference_impl.dadun.plays import class_plays
from datong_rules.reference_impl.dadun.rules import rules_with

from test_dadun_lead_classes import VARIANTS

V = "dadun/dadun-guide"


def names(cards, level="2", rules=V):
    return OPS["classify"](rules, {"cards": cards, "level": level})["combinations"]


def beats(table, play, level="2", table_was="follow", rules=V, table_reading=None, play_reading=None):
    t = {"cards": table} | ({"reading": table_reading} if table_reading else {})
    p = {"cards": play} | ({"reading": play_reading} if play_reading else {})
    return OPS["beats"](rules, {"level": level, "table": t, "play": p, "table_was": table_was})


@pytest.mark.parametrize("cards, level, expected", [
    (["S5"], "2", ["single"]),
    (["BJ", "BJ"], "2", ["pair"]),
    (["BJ", "LJ"], "2", []),  # reading dadun-joker-pairs: no mixed joker pair
    (["S6", "S6", "S6"], "2", ["triple", "dun"]),  # reading dadun-dun-also-triple: a dun is also a bare triple
    (["S6", "S6", "S6", "C6", "C6", "C6"], "2", ["bomb", "linked_dun"]),  # six 6s of two suits
    (["S5", "H5", "C5", "D4", "S4"], "2", ["full_house"]),
    (["S5", "H5", "C5", "D7", "S7"], "2", []),  # 55577: pair not adjacent
    (["SA", "HA", "CA", "D2", "S2"], "3", ["full_house"]),  # A adjacent to 2 (inferred)
    (["SA", "H2", "C3", "D4", "S5"], "2", ["straight"]),  # H2 (wild at level 2) stands for itself
    (["SA", "S2", "C3", "D4", "S5"], "3", ["straight"]),  # A low
    (["S10", "SJ", "SQ", "SK", "SA"], "2", ["straight", "straight_flush"]),
    (["SJ", "SQ", "SK", "SA", "S2"], "3", []),  # no wrap
    (["SA", "HA", "S2", "H2", "S3", "H3"], "4", ["pair_run"]),  # AA2233
    (["SQ", "HQ", "CQ", "DQ"], "2", ["bomb"]),
    (["S5", "H5", "C5", "D5", "S6", "H6", "C6", "D6"], "2", ["linked_bomb"]),
    (["S5", "H5", "C5", "D5", "S6", "H6", "C6", "D6", "D6"], "2", []),  # unequal halves (inferred)
    (["SK", "SK", "SK", "DA", "DA", "DA"], "2", ["linked_dun"]),
    (["LJ", "LJ", "LJ", "BJ", "BJ", "BJ"], "2", ["linked_dun"]),
    (["SA", "SA", "SA", "S2", "S2", "S2"], "5", []),  # A does not link to 2 in linked duns (inferred)
])
def test_combinations_of_natural_cards(cards, level, expected):
    assert names(cards, level) == expected


def test_a_wild_heart_completes_the_straight_of_the_text_and_a_bomb():
    # 三.7: at level 8, QQQ + ♥8 is a Q bomb; ♠10 J K A + ♥8 is a ♠10-A straight flush (and a plain straight)
    assert OPS["classify"](V, {"cards": ["SQ", "HQ", "DQ", "H8"], "level": "8"})["readings"] == [
        {"combination": "bomb", "cards": ["SQ", "HQ", "DQ", "HQ"], "size": 4}]
    readings = OPS["classify"](V, {"cards": ["S10", "SJ", "SK", "SA", "H8"], "level": "8"})["readings"]
    assert [(r["combination"], r["cards"][-1]) for r in readings] == [("straight", "HQ"), ("straight_flush", "SQ")]


def test_wild_limits():
    assert names(["H8"], "8") == ["single"]  # a lone wild is the level card
    assert OPS["classify"](V, {"cards": ["H8"], "level": "8"})["readings"][0]["cards"] == ["H8"]
    assert names(["BJ", "H8"], "8") == []  # never paired with a joker
    assert names(["S9", "S9", "H8"], "8") == ["triple"]  # never helps make a dun
    assert names(["H8", "H8", "H8"], "8") == ["triple"]  # three wilds: no dun (wild.three_wilds_dun false)
    r = rules_with(V, {"wild.three_wilds_dun": True})
    assert names(["H8", "H8", "H8"], "8", r) == ["triple", "dun"]
    declared = rules_with(V, {"wild.alone": "declared"})
    assert len(OPS["classify"](declared, {"cards": ["H8"], "level": "8"})["readings"]) == 13


def test_the_level_card_led_and_beating():
    # 三.5 特别说明 at level 8: led 999XX > 888XX; beating 888XX > AAAXX
    assert beats(["S8", "D8", "C8", "S7", "H7"], ["S9", "D9", "C9", "S8", "D8"], "8", "round_opening") == {
        "beats": True}
    assert beats(["SA", "HA", "CA", "SK", "HK"], ["S8", "D8", "C8", "S7", "D7"], "8", "follow") == {"beats": True}
    # a led ♠8 is beaten by a following ♦8 (reading dadun-level-beats-led-level); a following ♠8 (above A) is not
    assert beats(["S8"], ["D8"], "8", "round_opening") == {"beats": True}
    assert beats(["S8"], ["D8"], "8", "follow") == {"beats": False, "reason": "not_higher"}
    no = rules_with(V, {"ranking.level_beats_led_level": False})
    assert beats(["S8"], ["D8"], "8", "round_opening", no) == {"beats": False, "reason": "not_higher"}
    # lead_means hand_opening: a round opening counts the level above A
    hand = rules_with(V, {"ranking.lead_means": "hand_opening"})
    assert beats(["S8"], ["DA"], "8", "round_opening", hand) == {"beats": False, "reason": "not_higher"}
    assert beats(["S8"], ["DA"], "8", "round_opening") == {"beats": True}


def test_full_house_pair_at_face_value_or_promoted():
    # level 4, 55566 beating 55544: face value 6 > 4 (reading dadun-full-house-pair); promoted the pair of 4s is above A
    assert beats(["S5", "H5", "C5", "S4", "D4"], ["D5", "C5", "S5", "S6", "D6"], "4") == {"beats": True}
    promoted = rules_with(V, {"ranking.full_house_pair": "promoted"})
    assert beats(["S5", "H5", "C5", "S4", "D4"], ["D5", "C5", "S5", "S6", "D6"], "4", rules=promoted) == {
        "beats": False, "reason": "not_higher"}


def test_the_bomb_ladder():
    four = ["S7", "H7", "C7", "D7"]
    five = ["S7", "H7", "C7", "D7", "D7"]
    sf = ["S3", "S4", "S5", "S6", "S7"]
    linked4 = ["S5", "H5", "C5", "D5", "S6", "H6", "C6", "D6"]
    six = ["S3", "H3", "C3", "D3", "S3", "H3"]
    assert beats(four, five)["beats"] and beats(five, sf, table_reading=None,
                                                 play_reading={"combination": "straight_flush", "cards": sf})["beats"]
    assert beats(sf, linked4, table_reading={"combination": "straight_flush", "cards": sf})["beats"]
    assert beats(linked4, six)["beats"]  # 6-card bomb > 4+4 linked bomb (三.4)
    seven = ["S2", "H2", "C2", "D2", "S2", "C2", "D2"]  # level 3: seven 2s
    linked5 = ["SK"] * 3 + ["CK"] * 2 + ["SA"] * 3 + ["CA"] * 2
    assert beats(seven, linked5, "3") == {"beats": False, "reason": "not_higher"}  # 7-bomb > 5+5 linked
    assert beats(["SK"] * 3 + ["CK"] * 3 + ["DK"] * 2, ["S4"] * 3 + ["C4"] * 3 + ["D4"] * 3, "3")["beats"]  # 9 > 8
    # a bomb beats an ordinary play; a dun beats every bomb; a linked dun beats a dun
    assert beats(["SA"], four)["beats"]
    assert beats(["SK"] * 3 + ["CK"] * 3 + ["DK"] * 2, ["S3", "S3", "S3"],
                 play_reading={"combination": "dun", "cards": ["S3", "S3", "S3"]})["beats"]
    assert beats(["DA", "DA", "DA"], ["S6", "S6", "S6", "C6", "C6", "C6"],
                 table_reading={"combination": "dun", "cards": ["DA", "DA", "DA"]},
                 play_reading={"combination": "linked_dun", "cards": ["S6", "S6", "S6", "C6", "C6", "C6"]})["beats"]


def test_linked_dun_order():
    def ld(cards):
        return {"combination": "linked_dun", "cards": cards}
    same6 = ["S6"] * 3 + ["C6"] * 3
    six7 = ["S6"] * 3 + ["D7"] * 3
    six5 = ["S5"] * 3 + ["D6"] * 3
    assert beats(same6, six7, "2", table_reading=ld(same6), play_reading=ld(six7))["beats"]  # 666777 > 666666
    assert beats(six5, same6, "2", table_reading=ld(six5), play_reading=ld(same6))["beats"]  # interleaved: 56 < 66
    higher = rules_with(V, {"beating.linked_dun_order": "higher_rank"})
    assert not beats(six5, same6, "2", rules=higher, table_reading=ld(six5), play_reading=ld(same6))["beats"]
    # at level 6, the 66 link is second only to the jokers' (三.2)
    ka = ["SK"] * 3 + ["SA"] * 3
    assert beats(ka, same6, "6", table_reading=ld(ka), play_reading=ld(same6))["beats"]
    jokers = ["LJ"] * 3 + ["BJ"] * 3
    assert beats(same6, jokers, "6", table_reading=ld(same6))["beats"]


def test_triple_run_with_the_ace():
    aaa = ["SA", "HA", "CA", "S2", "H2", "C2", "S3", "H3", "C3"]
    low = ["S2", "D2", "C2", "S3", "D3", "C3", "S4", "D4", "C4"]
    assert beats(aaa, low, "5") == {"beats": True}  # A low: AAA222333 is the lowest
    printed = rules_with(V, {"combinations.triple_run_ace": "printed"})
    assert beats(low, aaa, "5", rules=printed) == {"beats": True}  # AAA222333 > 222333444 as printed
    mid = ["S3", "D3", "C3", "S4", "D4", "C4", "S5", "D5", "C5"]
    assert beats(aaa, mid, "6", rules=printed) == {"beats": True}


def test_pair_run_order():
    assert beats(["SA", "HA", "S2", "C2", "S3", "H3"], ["S2", "H2", "S3", "C3", "S4", "H4"], "5")["beats"]


def test_reasons_of_a_refused_play():
    def lp(hand, action, table=None, level="8", rules=V, **kw):
        return OPS["legal_play"](rules, {"level": level, "hand": hand, "table": table, "action": action, **kw})
    assert lp(["S5"], {"type": "pass"}) == {"legal": False, "reason": "must_lead"}
    assert lp(["S5"], {"type": "play", "cards": ["S6"]})["reason"] == "not_in_hand"
    assert lp(["S5"], {"type": "play", "cards": ["S5"], "reading": {"combination": "single", "cards": ["S6"]}})[
        "reason"] == "bad_reading"
    assert lp(["S9", "S9", "H8"], {"type": "play", "cards": ["S9", "S9", "H8"],
                                   "reading": {"combination": "dun", "cards": ["S9", "S9", "S9"]}})[
        "reason"] == "wild_misuse"
    assert lp(["S6"] * 3, {"type": "play", "cards": ["S6"] * 3})["reason"] == "reading_needed"
    assert lp(["S5", "S6"], {"type": "play", "cards": ["S5", "S6"]})["reason"] == "not_a_combination"
    assert lp(["SA", "DA"], {"type": "play", "cards": ["SA", "DA"]}, {"cards": ["S3"]})["reason"] == "wrong_type"
    locks = rules_with(V, {"play.pass_locks_out": True})
    assert lp(["SA"], {"type": "play", "cards": ["SA"]}, {"cards": ["S3"]}, rules=locks, passed=True)[
        "reason"] == "locked_out"
    assert lp(["SA"], {"type": "play", "cards": ["SA"]}, {"cards": ["S3"]}) == {
        "legal": True, "reading": {"combination": "single", "cards": ["SA"]}}


def test_bad_input_is_one_line():
    with pytest.raises(ValueError, match="not a card"):
        OPS["classify"](V, {"cards": ["s5"]})
    with pytest.raises(ValueError, match="4 times"):
        OPS["classify"](V, {"cards": ["S5"] * 4})
    with pytest.raises(ValueError, match="level"):
        OPS["classify"](V, {"cards": ["S5"], "level": 8})


@settings(derandomize=True, max_examples=150, deadline=None)
@given(st.data())
def test_the_readings_of_some_combinations_are_those_of_every_reading(data):
    """:func:`readings_among` with ``names`` makes only the candidates of those combinations: its readings are
    exactly every reading of those combinations, in the same order (plays of random hands, wild cards often among
    them, on the guide and on fixture variants)."""
    rules = VARIANTS[data.draw(st.integers(0, len(VARIANTS) - 1), label="variant")]
    level = data.draw(st.sampled_from(("2", "5", "10", "A")), label="level")
    wild = cb.wild_card(rules, level)
    pack = full_pack(rules.decks)
    order = data.draw(st.permutations(range(len(pack))), label="deal")
    hand = Counter(pack[i] for i in order[:data.draw(st.integers(8, 30), label="hand size")])
    hand[wild] = max(hand[wild], data.draw(st.integers(0, min(3, pack.count(wild))), label="wild cards"))
    classes = list(play_classes(rules, +hand, level))
    found = classes[data.draw(st.integers(0, len(classes) - 1), label="class")]
    plays = list(class_plays(rules, +hand, level, found))
    played = plays[data.draw(st.integers(0, len(plays) - 1), label="play")][0]
    every = cb.readings(rules, played, level)
    wanted = {found.combination} | data.draw(st.sets(st.sampled_from(rules.catalogue), max_size=2), label="more")
    assert cb.readings_among(rules, played, level, tuple(sorted(wanted))) == [
        r for r in every if r.combination in wanted]
