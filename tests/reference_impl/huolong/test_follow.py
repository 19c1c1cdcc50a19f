"""Lead and follow legality (rule ids lead.one_combination, follow.same_count, follow.follow_suit, follow.shape).

Expected counts are worked by hand; plays are multisets, so copies from different decks count once.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.reference_impl.cards import BIG_JOKER as BJ
from datong_rules.reference_impl.cards import SUITS, build_deck, sort_cards
from datong_rules.reference_impl.huolong.follow import check_play, legal_plays, random_legal_play
from datong_rules.reference_impl.huolong.ranking import Ranking
from datong_rules.reference_impl.huolong.rules import rules_for, rules_with

LI = rules_for("huolong/li-zhijiang")
DG = rules_for("huolong/datong-guide")
HOUSE = rules_with("huolong/datong-guide", {"follow.shape": "match_when_held"}, "huolong/house-match-shape")


def H(*cards: str) -> Counter:
    return Counter(cards)


def plays(rules, rk, hand, trick):
    return legal_plays(rules, rk, hand, trick)


def play_set(rules, rk, hand, trick) -> set:
    """The legal plays as a set (their order in the list is not part of the contract)."""
    found = legal_plays(rules, rk, hand, trick)
    assert len(found) == len(set(found))
    return set(found)


# ---------------------------------------------------------------- reason codes, in the order of the ops doc

def test_reason_empty_play():
    """legal_play reason order: empty_play first."""
    rk = Ranking(LI, "3", "H")
    assert check_play(LI, rk, H("H5"), [], []) == "empty_play"


def test_reason_not_in_hand_before_wrong_count():
    """legal_play reason order: not_in_hand (two H5 held once) comes before wrong_count."""
    rk = Ranking(LI, "3", "H")
    assert check_play(LI, rk, H("H5", "C4"), [["C9"]], ["H5", "H5"]) == "not_in_hand"


@pytest.mark.parametrize("play", [["H5", "H6"], ["D9"] * 4, ["H5", "S5"]])
def test_lead_one_combination(play):
    """lead.one_combination: a lead is a single, a pair or a meteor alone (datong-guide 三.3: 首家可以单独出流星、对和单牌)."""
    rk = Ranking(LI, "3", "H")
    hand = H("H5", "H6", "S5", "D9", "D9", "D9", "D9")
    assert check_play(LI, rk, hand, [], play) == "not_a_combination"


def test_lead_one_combination_counts():
    """lead.one_combination: hand {H5×2, S4, BJ×3} has 6 distinct leads: H5, H5H5, S4, BJ, BJBJ, BJBJBJ."""
    rk = Ranking(LI, "3", "H")
    hand = H("H5", "H5", "S4", BJ, BJ, BJ)
    assert play_set(LI, rk, hand, []) == {("H5",), ("H5", "H5"), ("S4",), (BJ,), (BJ, BJ), (BJ, BJ, BJ)}


def test_follow_same_count():
    """follow.same_count: a follower plays as many cards as were led (li-zhijiang 一.六.6)."""
    rk = Ranking(LI, "3", "H")
    hand = H("C4", "C7", "CA")
    assert check_play(LI, rk, hand, [["C9", "C9"]], ["C4"]) == "wrong_count"
    assert check_play(LI, rk, hand, [["C9", "C9"]], ["C4", "C7", "CA"]) == "wrong_count"
    assert check_play(LI, rk, hand, [["C9", "C9"]], ["C4", "C7"]) is None


def test_follow_suit_as_far_as_possible_partial():
    """follow.follow_suit: holding 1 club against a led pair of clubs, the club must be played, the other card is free
    (datong-guide 三.3: 有红桃必须先出红桃; 没有时可以用主牌杀掉或垫其他花色牌)."""
    rk = Ranking(LI, "3", "H")
    hand = H("C4", "D6", "D6", BJ)
    trick = [["C9", "C9"]]
    assert check_play(LI, rk, hand, trick, ["D6", "D6"]) == "must_follow_suit"
    assert check_play(LI, rk, hand, trick, ["C4", "D6"]) is None
    assert check_play(LI, rk, hand, trick, ["C4", BJ]) is None
    # legal: C4 + one of {D6, BJ}: 2 distinct plays
    assert play_set(LI, rk, hand, trick) == {("C4", "D6"), ("C4", BJ)}


def test_follow_suit_enough_cards_shape_free():
    """follow.follow_suit, follow.shape free: 3 clubs held against a led pair: any 2 of them (datong-guide 三.3:
    其他方可随意出相同花色的牌). {C4, C7, CA} → C4C7, C4CA, C7CA."""
    rk = Ranking(DG, "3", "H")
    hand = H("C4", "C7", "CA", "D6", "D6", BJ)
    assert len(plays(DG, rk, hand, [["C9", "C9"]])) == 3
    assert check_play(DG, rk, hand, [["C9", "C9"]], ["C7", "D6"]) == "must_follow_suit"


def test_follow_suit_copies_count_once():
    """legal_play_count: plays are multisets: {C4×2, C7} against a led pair of clubs gives C4C4 and C4C7 only."""
    rk = Ranking(DG, "3", "H")
    assert play_set(DG, rk, H("C4", "C4", "C7", "D6"), [["C9", "C9"]]) == {("C4", "C4"), ("C4", "C7")}


def test_follow_void_meteor_mixed():
    """follow.follow_suit: one club against a led meteor of clubs: C4 plus any two others — D3D3, D3S5, D3H6(trump),
    S5H6: 4 plays."""
    rk = Ranking(DG, "3", "H")
    hand = H("C4", "D3", "D3", "S5", "H6")
    assert len(plays(DG, rk, hand, [["C9"] * 3])) == 4


def test_follow_suit_trumps_are_one_suit():
    """follow.follow_suit: all trumps are one suit — level 10, hearts trump: a led big joker must be followed by
    a trump; S10 (off-suit level card) and D2 are trumps, SA is not."""
    rk = Ranking(LI, "10", "H")
    hand = H("S10", "SA", "D2", "C5")
    assert check_play(LI, rk, hand, [[BJ]], ["SA"]) == "must_follow_suit"
    assert play_set(LI, rk, hand, [[BJ]]) == {("S10",), ("D2",)}


def test_follow_suit_level_card_is_not_its_side_suit():
    """follow.follow_suit: at level 10 (hearts trump) S10 is a trump, so a player holding only S10 and D3 is void in
    spades when SA is led: ruff with S10 or discard D3."""
    rk = Ranking(LI, "10", "H")
    assert play_set(LI, rk, H("S10", "D3"), [["SA"]]) == {("S10",), ("D3",)}


# ---------------------------------------------------------------- follow.shape: match_when_held (house option)

def test_follow_shape_free_in_source_variants():
    """follow.shape: free in all source variants (datong-guide 三.3): two odd clubs may follow a pair."""
    for variant in ("huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform"):
        rules = rules_for(variant)
        assert rules.follow_shape == "free"
        rk = Ranking(rules, "3", "H")
        assert check_play(rules, rk, H("C4", "C4", "C7", "CA"), [["C9", "C9"]], ["C7", "CA"]) is None


def test_follow_shape_match_when_held_pair():
    """follow.shape match_when_held (house): holding the pair C4C4, a follower of a led pair of clubs must play it."""
    rk = Ranking(HOUSE, "3", "H")
    hand = H("C4", "C4", "C7", "CA")
    trick = [["C9", "C9"]]
    assert check_play(HOUSE, rk, hand, trick, ["C7", "CA"]) == "must_follow_shape"
    assert check_play(HOUSE, rk, hand, trick, ["C4", "C7"]) == "must_follow_shape"
    assert check_play(HOUSE, rk, hand, trick, ["C4", "C4"]) is None
    assert play_set(HOUSE, rk, hand, trick) == {("C4", "C4")}
    assert len(plays(DG, rk, hand, trick)) == 4  # free: C4C4 C4C7 C4CA C7CA


def test_follow_shape_match_when_held_meteor_holds_a_pair():
    """follow.shape match_when_held (house): three C4 contain a pair, so C4C4 is forced against a led pair."""
    rk = Ranking(HOUSE, "3", "H")
    hand = H("C4", "C4", "C4", "C7")
    assert check_play(HOUSE, rk, hand, [["C9", "C9"]], ["C4", "C7"]) == "must_follow_shape"
    assert play_set(HOUSE, rk, hand, [["C9", "C9"]]) == {("C4", "C4")}


def test_follow_shape_match_when_held_only_in_led_suit():
    """follow.shape match_when_held (house): a pair of another suit does not oblige; a void player is free."""
    rk = Ranking(HOUSE, "3", "H")
    assert check_play(HOUSE, rk, H("C7", "CA", "D3", "D3"), [["C9", "C9"]], ["C7", "CA"]) is None
    assert play_set(HOUSE, rk, H("D3", "D3", "S4"), [["C9", "C9"]]) == {("S4", "D3"), ("D3", "D3")}
    # a led meteor, clubs held only as pairs: no meteor held, any three clubs
    assert play_set(HOUSE, rk, H("C4", "C4", "C5", "C5"), [["C9"] * 3]) == {("C4", "C4", "C5"), ("C4", "C5", "C5")}


def test_follow_shape_match_when_held_trump_pair():
    """follow.shape match_when_held (house): trumps are one suit — level 3, hearts trump, a trump pair led: the
    off-suit level pair S3S3 must be played."""
    rk = Ranking(HOUSE, "3", "H")
    hand = H("S3", "S3", "H4", "D2")
    assert check_play(HOUSE, rk, hand, [["H9", "H9"]], ["H4", "D2"]) == "must_follow_shape"
    assert check_play(HOUSE, rk, hand, [["H9", "H9"]], ["S3", "S3"]) is None


def test_must_follow_suit_comes_before_must_follow_shape():
    """legal_play reason order: must_follow_suit before must_follow_shape."""
    rk = Ranking(HOUSE, "3", "H")
    assert check_play(HOUSE, rk, H("C4", "C4", "D3"), [["C9", "C9"]], ["C4", "D3"]) == "must_follow_suit"


# ---------------------------------------------------------------- random plays

def test_random_legal_play_reaches_every_legal_play():
    """random_legal_play can produce every kind of legal play: follow, ruff, discard, mixed."""
    rng = random.Random(7)
    rk = Ranking(DG, "3", "H")
    cases = [
        (H("C4", "D3", "D3", "S5", "H6"), [["C9"] * 3]),   # mixed: C4 + ruff/discard cards
        (H("D3", "D3", "H6", "H6", BJ), [["C9", "C9"]]),    # void: ruff pair, discard pair, mixed
        (H("C4", "C4", "C7", "CA"), [["C9", "C9"]]),        # follow
        (H("C4", "C4", "C7", BJ, BJ, BJ), []),              # leads
    ]
    for hand, trick in cases:
        expected = set(plays(DG, rk, hand, trick))
        seen = {tuple(sort_cards(random_legal_play(DG, rk, hand, trick, rng))) for _ in range(3000)}
        assert seen == expected


# ---------------------------------------------------------------- properties

PACK = build_deck(3)


@st.composite
def situations(draw):
    rules = draw(st.sampled_from([LI, DG, HOUSE]))
    level = draw(st.sampled_from(rules.level_order))
    trump = draw(st.sampled_from([None, *SUITS]))
    cards = draw(st.lists(st.integers(0, len(PACK) - 1), min_size=1, max_size=14, unique=True))
    hand = Counter(PACK[i] for i in cards)
    if draw(st.booleans()):
        trick: list[list[str]] = []
    else:
        lead_card = draw(st.sampled_from(PACK))
        trick = [[lead_card] * draw(st.integers(1, 3))]
    return rules, Ranking.get(rules, level, trump), hand, trick


@settings(max_examples=300, deadline=None)
@given(situations())
def test_legal_plays_are_exactly_the_plays_check_play_accepts(situation):
    """lead.*, follow.*: legal_plays is sound and complete against check_play (brute force over all multisets)."""
    rules, rk, hand, trick = situation
    found = plays(rules, rk, hand, trick)
    assert len(found) == len(set(found))
    assert all(check_play(rules, rk, hand, trick, list(p)) is None for p in found)
    sizes = [len(trick[0])] if trick else sorted(rules.combo_by_size)
    brute = set()
    for n in sizes:
        for combo in combinations_with_replacement(sorted(hand), n):
            if not Counter(combo) - hand and check_play(rules, rk, hand, trick, list(combo)) is None:
                brute.add(tuple(sort_cards(combo)))
    assert brute == set(found)
    if sum(hand.values()) >= (len(trick[0]) if trick else 1):
        assert found  # every player with enough cards has a legal play


@settings(max_examples=300, deadline=None)
@given(situations(), st.integers(0, 2**32))
def test_random_legal_play_is_always_legal(situation, seed):
    """follow.*: random_legal_play always passes check_play."""
    rules, rk, hand, trick = situation
    if trick and sum(hand.values()) < len(trick[0]):
        return
    rng = random.Random(seed)
    for _ in range(5):
        play = random_legal_play(rules, rk, hand, trick, rng)
        assert check_play(rules, rk, hand, trick, play) is None
