"""legal_play_count cross-checked by brute force: every sub-multiset of a small hand, each read by classify, each
reading that may be played counted once(full 40-card hands cannot be worked by hand)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from datong_rules.reference_impl.climbing.cardset import full_pack
from datong_rules.reference_impl.dadun.ops import OPS
from datong_rules.reference_impl.dadun.rules import rules_for, rules_with

V = "dadun/dadun-guide"


def brute_force(rules, hand: list[str], level: str, table: dict | None = None, table_was: str = "follow") -> int:
    """Count (cards multiset, reading) pairs by enumerating every sub-multiset of ``hand``."""
    counts = Counter(hand)
    cards = sorted(counts)
    total = 0
    for take in product(*[range(counts[c] + 1) for c in cards]):
        play = [c for c, k in zip(cards, take) for _ in range(k)]
        if not play:
            continue
        readings = OPS["classify"](rules, {"cards": play, "level": level})["readings"]
        for reading in readings:
            if table is None:
                total += 1
            elif OPS["beats"](rules, {"level": level, "table": table, "play": {
                    "cards": play, "reading": {"combination": reading["combination"], "cards": reading["cards"]}},
                    "table_was": table_was})["beats"]:
                total += 1
    return total


def engine(rules, hand, level, table=None, table_was="follow"):
    given = {"hand": hand, "level": level, "table": table, "table_was": table_was}
    return OPS["legal_play_count"](rules, given)["plays"]


def test_three_identical_cards_make_four_plays():
    # single, pair, triple and dun of S6 (identical copies make one play each)
    assert OPS["legal_play_count"](V, {"hand": ["S6", "S6", "S6"]}) == {
        "count": 4, "plays": 4, "pass": False, "by_combination": {"single": 1, "pair": 1, "triple": 1, "dun": 1}}


def test_a_spade_run_by_hand():
    # 5 singles + 34567 as a straight and as a straight flush = 7; following a ♦2 single: singles 3-7 and the
    # straight flush (a bomb beats an ordinary play) = 6 plays, and the pass
    hand = ["S3", "S4", "S5", "S6", "S7"]
    assert engine(rules_for(V), hand, "2") == 7 == brute_force(rules_for(V), hand, "2")
    assert OPS["legal_play_count"](V, {"hand": hand, "table": {"cards": ["D2"]}, "table_was": "round_opening"})[
        "count"] == 7


HANDS = [
    ["S8", "H8", "H8", "C8", "D8", "S9", "S9", "S10", "SJ", "SQ", "BJ", "BJ"],
    ["S5", "S5", "S5", "C5", "C5", "C5", "D6", "D6", "H8", "LJ", "H7", "S4"],
    ["SA", "HA", "S2", "D2", "S3", "C3", "S4", "H8", "H8", "H8", "SK", "DK", "CQ"],
]


@pytest.mark.parametrize("hand", HANDS)
@pytest.mark.parametrize("level", ["8", "5"])
def test_engine_count_equals_brute_force_on_small_hands(hand, level):
    rules = rules_for(V)
    assert engine(rules, hand, level) == brute_force(rules, hand, level)


@pytest.mark.parametrize("table", [{"cards": ["S7"]}, {"cards": ["S6", "C6"]},
                                   {"cards": ["D7", "D7", "D7", "S7"]}])
def test_engine_count_equals_brute_force_when_following(table):
    rules = rules_for(V)
    for hand in HANDS:
        assert engine(rules, hand, "8", table) == brute_force(rules, hand, "8", table)


@pytest.mark.parametrize("overrides", [{"wild.alone": "declared"}, {"wild.only_wilds": "declared"},
                                       {"combinations.dun_also_triple": False},
                                       {"combinations.flush_also_straight": False},
                                       {"wild.three_wilds_dun": True},
                                       {"combinations.ace_two_link": "every_linked_shape"}])
def test_engine_count_equals_brute_force_for_other_option_values(overrides):
    rules = rules_with(V, overrides)
    for hand in HANDS:
        assert engine(rules, hand, "8") == brute_force(rules, hand, "8")


def test_random_hands_of_fourteen_cards():
    rules = rules_for(V)
    rng = random.Random(7)
    for _ in range(3):
        pack = full_pack(3)
        rng.shuffle(pack)
        hand = pack[:14] + ["H2"]
        hand = [c for c in hand if Counter(hand)[c] <= 3]
        assert engine(rules, hand, "2") == brute_force(rules, hand, "2")


def test_counting_agrees_with_listing_on_full_hands():
    # full 40-card hands are too big for the brute-force counter: compare the counting (legal_play_count) with the
    # listing of every play (legal_actions' generator), both leading and following
    from datong_rules.reference_impl.dadun.combinations import reading_of
    from datong_rules.reference_impl.dadun.count import count_plays
    from datong_rules.reference_impl.dadun.plays import legal_plays
    rules = rules_for(V)
    rng = random.Random(11)
    for level in ("2", "9"):
        pack = full_pack(3)
        rng.shuffle(pack)
        hand = Counter(pack[:40])
        assert sum(count_plays(rules, hand, level).values()) == len(legal_plays(rules, hand, level))
        table = reading_of(rules, "pair", ("S9", "D9"), level)
        assert sum(count_plays(rules, hand, level, table, "follow").values()) == len(
            legal_plays(rules, hand, level, table, "follow"))


@pytest.mark.parametrize("overrides", [{}, {"wild.alone": "declared", "wild.only_wilds": "declared",
                                            "wild.for_jokers": "allowed"},
                                       {"combinations.flush_also_straight": False, "wild.three_wilds_dun": True,
                                        "combinations.dun_also_triple": False}])
def test_every_class_lists_as_many_plays_as_it_counts(overrides):
    # the counter (multiset arithmetic) and the generator (card sets read one by one) agree class by class
    from datong_rules.reference_impl.dadun.count import play_classes
    from datong_rules.reference_impl.dadun.plays import class_plays
    rules = rules_with(V, overrides) if overrides else rules_for(V)
    rng = random.Random(13)
    pack = full_pack(3)
    rng.shuffle(pack)
    hand = Counter(pack[:24] + ["H2", "H2"])
    hand = Counter({card: min(n, 3) for card, n in hand.items()})
    for found in play_classes(rules, hand, "2"):
        assert len(list(class_plays(rules, hand, "2", found))) == found.ways, found


ACE_TWO_HAND = ["SA", "SA", "SA", "HA", "CA", "DA", "S2", "S2", "S2", "H2", "C2", "D2", "H5"]
"""A and 2 duns, four-card A and 2 bombs and a wild at level 5: every A–2 linked shape [combinations.ace_two_link]."""


@pytest.mark.parametrize("value", ["full_house", "every_linked_shape"])
def test_ace_two_link_counted_listed_and_brute_forced_alike(value):
    # both values of the A–2 link: the counter, the listing class by class and the brute force agree, and
    # every_linked_shape adds linked duns and linked bombs joining A and 2 (none with full_house)
    from datong_rules.reference_impl.dadun.count import count_plays, play_classes
    from datong_rules.reference_impl.dadun.plays import class_plays
    rules = rules_with(V, {"combinations.ace_two_link": value})
    hand = Counter(ACE_TWO_HAND)
    assert engine(rules, ACE_TWO_HAND, "5") == brute_force(rules, ACE_TWO_HAND, "5")
    for found in play_classes(rules, hand, "5"):
        assert len(list(class_plays(rules, hand, "5", found))) == found.ways, found
    ace_two = [found for found in play_classes(rules, hand, "5")
               if found.combination in ("linked_dun", "linked_bomb") and {c[-1] for c in found.stood} == {"A", "2"}]
    assert bool(ace_two) == (value == "every_linked_shape")
    assert count_plays(rules, hand, "5")["full_house"] > 0


# -- the house rules of play: lead_means none, runs_skip_level skipped, the joker bomb ---------------------------
def _joker_bomb_overrides() -> dict:
    """The bundled catalogue and ladder extension with the joker bomb added on top (as fixture dadun/joker-bomb)."""
    from datong_rules.reference_impl.variant import load_variant
    base = load_variant(V)
    catalogue = list(base.rule("combinations.catalogue")) + [
        {"name": "joker_bomb", "shape": "fixed_set", "cards": ["BJ", "BJ", "LJ", "LJ"], "tier": "bomb", "key": "ladder"}]
    ladder = list(base.rule("beating.bomb_ladder_extension")) + [{"combination": "joker_bomb", "size": 4}]
    return {"combinations.catalogue": catalogue, "beating.bomb_ladder_extension": ladder}


HOUSE_HANDS = [
    ["S5", "H6", "C7", "D9", "S10", "SJ", "H8", "D8", "S8"],
    ["S7", "S7", "S7", "D9", "D9", "D9", "S10", "S10", "S10", "H8"],
    ["BJ", "BJ", "LJ", "LJ", "LJ", "H8", "S8", "SA", "DA"],
    ["SA", "H3", "C4", "D5", "S6", "H2", "S2", "S2", "C3", "C3"],
]
"""Small hands for the house rules: runs and links over the 8 (level 8) and over the 2 (level 2), four jokers."""


@pytest.mark.parametrize("overrides", [{"ranking.lead_means": "none"}, {"combinations.runs_skip_level": "skipped"},
                                       "joker_bomb"])
@pytest.mark.parametrize("level", ["8", "2"])
def test_house_rules_counted_listed_and_brute_forced_alike(overrides, level):
    # every house value: the counter, the listing class by class and the brute force agree, leading and following
    from datong_rules.reference_impl.dadun.count import play_classes
    from datong_rules.reference_impl.dadun.plays import class_plays
    rules = rules_with(V, _joker_bomb_overrides() if overrides == "joker_bomb" else overrides)
    for hand in HOUSE_HANDS:
        assert engine(rules, hand, level) == brute_force(rules, hand, level), hand
        for table, was in (({"cards": ["S8"]}, "hand_opening"), ({"cards": ["D2", "C2"]}, "round_opening"),
                           ({"cards": ["SA", "HA", "CA", "DA"]}, "follow")):
            assert engine(rules, hand, level, table, was) == brute_force(rules, hand, level, table, was), (hand, table)
        for found in play_classes(rules, Counter(hand), level):
            assert len(list(class_plays(rules, Counter(hand), level, found))) == found.ways, found


def test_house_rules_add_the_plays_they_name():
    # the plays each house value adds or takes away, counted by hand on the hands above
    from datong_rules.reference_impl.dadun.count import count_plays
    guide = rules_for(V)
    skipped = rules_with(V, {"combinations.runs_skip_level": "skipped"})
    jokers = rules_with(V, _joker_bomb_overrides())
    # level 8, 5-6-7-9-10-J of mixed suits: 5679(10) and 679(10)J jump the 8 when skipped; no straight by face value
    gap_run = Counter(["S5", "H6", "C7", "D9", "S10", "CJ"])
    assert count_plays(guide, gap_run, "8")["straight"] == 0
    assert count_plays(skipped, gap_run, "8")["straight"] == 2
    # level 8, duns 777, 999, 101010: linked 7-9 and 9-10 when skipped; 9-10 only by face value
    assert count_plays(guide, Counter(HOUSE_HANDS[1]), "8")["linked_dun"] == 1
    assert count_plays(skipped, Counter(HOUSE_HANDS[1]), "8")["linked_dun"] == 2
    # two BJ and three LJ: one joker bomb (identical copies: one play)
    assert count_plays(jokers, Counter(HOUSE_HANDS[2]), "8")["joker_bomb"] == 1
    assert count_plays(guide, Counter(HOUSE_HANDS[2]), "8")["joker_bomb"] == 0


def _full_house(**fields) -> list[dict]:
    """The guide's catalogue with the full house's fields changed."""
    from datong_rules.reference_impl.variant import load_variant

    return [dict(e, **fields) if e["name"] == "full_house" else e
            for e in load_variant(V).rule("combinations.catalogue")]


JOKER_PAIRS = {"ace": ["K"], "jokers": "as_pair"}
FULL_HOUSES = {
    "any-pair": {"combinations.catalogue": _full_house(pair="any_rank")},
    "any-pair-jokers": {"combinations.catalogue": _full_house(pair="any_rank"),
                        "combinations.full_house_adjacency": JOKER_PAIRS},
    "triple-only": {"combinations.catalogue": _full_house(key="triple_power")},
    "guandan": {"combinations.catalogue": _full_house(pair="any_rank", key="triple_power"),
                "combinations.full_house_adjacency": JOKER_PAIRS},
}
"""Every value of the full house's pair (adjacent_rank: the guide; any_rank, with or without a pair of jokers) and
compare key ([triple_power, pair]: the guide; triple_power)."""


@pytest.mark.parametrize("name", sorted(FULL_HOUSES))
@pytest.mark.parametrize("table", [None, {"cards": ["S4", "S4", "D4", "S3", "D3"]}, {"cards": ["SQ", "SQ", "DQ", "SK", "HK"]}])
def test_full_house_options_count_list_and_brute_force_alike(name, table):
    from datong_rules.reference_impl.dadun.count import count_plays
    from datong_rules.reference_impl.dadun.ops import _hand_and_table
    from datong_rules.reference_impl.dadun.plays import legal_plays

    rules = rules_with(V, FULL_HOUSES[name])
    for hand in HANDS:
        assert engine(rules, hand, "8", table) == brute_force(rules, hand, "8", table), (name, hand)
        reading = _hand_and_table(rules, {"hand": [], "table": table, "level": "8"})[2]
        assert sum(count_plays(rules, Counter(hand), "8", reading, "follow").values()) == len(
            legal_plays(rules, Counter(hand), "8", reading, "follow"))


def brute_force_by_key(rules, hand: list[str], level: str, table: dict | None = None) -> int:
    """Count distinct (cards multiset, combination, compare key) plays by enumerating every sub-multiset."""
    from datong_rules.reference_impl.dadun.combinations import reading_of

    counts = Counter(hand)
    cards = sorted(counts)
    seen = set()
    for take in product(*[range(counts[c] + 1) for c in cards]):
        play = [c for c, k in zip(cards, take) for _ in range(k)]
        if not play:
            continue
        for reading in OPS["classify"](rules, {"cards": play, "level": level})["readings"]:
            if table is None or OPS["beats"](rules, {"level": level, "table": table, "play": {
                    "cards": play, "reading": {"combination": reading["combination"], "cards": reading["cards"]}},
                    "table_was": "follow"})["beats"]:
                key = reading_of(rules, reading["combination"], tuple(reading["cards"]), level).key
                seen.add((tuple(play), reading["combination"], key))
    return len(seen)


@pytest.mark.parametrize("name", ["guide", "guandan", "only-wilds-declared"])
@pytest.mark.parametrize("table", [None, {"cards": ["S4", "C4", "D4", "S3", "C3"]}])
def test_counting_by_compare_key_equals_brute_force(name, table):
    """legal_play_count with distinct: key counts each card set once per combination and compare key."""
    overrides = {"guide": {}, "guandan": FULL_HOUSES["guandan"], "only-wilds-declared": {"wild.only_wilds": "declared"}}
    rules = rules_with(V, overrides[name])
    for hand in HANDS + [["S5", "C5", "D5", "H2", "H2", "S9"]]:
        level = "2" if "H2" in hand else "8"
        by_key = OPS["legal_play_count"](rules, {"hand": hand, "level": level, "table": table, "distinct": "key"})
        assert by_key["plays"] == brute_force_by_key(rules, hand, level, table), (name, hand)
        assert by_key["plays"] <= engine(rules, hand, level, table)


def _two_decks():
    from datong_rules.reference_impl.variant import load_variant

    catalogue = [e for e in load_variant(V).rule("combinations.catalogue") if e["name"] not in ("dun", "linked_dun")]
    return rules_with(V, {"deck.decks": 2, "deal.hand_sizes": [27, 27, 27, 27], "combinations.catalogue": catalogue})


@pytest.mark.parametrize("table", [None, {"cards": ["S7"]}, {"cards": ["D7", "D7", "C7", "S7"]}])
def test_two_decks_count_list_and_brute_force_alike(table):
    """deck.decks: 2: at most two copies of a card in a hand, two wilds, no dun."""
    from datong_rules.reference_impl.dadun.count import count_plays
    from datong_rules.reference_impl.dadun.ops import _hand_and_table
    from datong_rules.reference_impl.dadun.plays import legal_plays

    rules = _two_decks()
    hands = [[c for i, c in enumerate(h) if h[:i].count(c) < 2] for h in HANDS]  # at most two copies of a card
    for hand in hands:
        assert engine(rules, hand, "8", table) == brute_force(rules, hand, "8", table), hand
        reading = _hand_and_table(rules, {"hand": [], "table": table, "level": "8"})[2]
        assert sum(count_plays(rules, Counter(hand), "8", reading, "follow").values()) == len(
            legal_plays(rules, Counter(hand), "8", reading, "follow"))


def test_two_decks_refuse_duns_and_a_three_joker_resistance():
    from datong_rules.reference_impl.dadun.rules import RulesError

    with pytest.raises(RulesError, match="dun, linked_dun need three identical cards, which 2 decks do not hold"):
        rules_with(V, {"deck.decks": 2, "deal.hand_sizes": [27, 27, 27, 27]})
    tribute = {"from": "last_out", "wild": "kept", "resist_big_jokers": 3, "return_at_most": "10", "lead": "giver"}
    with pytest.raises(RulesError, match="resist_big_jokers = 3 big jokers, but 2 decks hold 2"):
        rules_with(V, {"deck.decks": 2, "deal.hand_sizes": [27, 27, 27, 27], "settlement.tribute": tribute,
                       "combinations.catalogue": [
                           {"name": "single", "shape": "same_rank", "size": 1, "tier": "ordinary", "key": "power"}]})
    with pytest.raises(ValueError, match="S6"):
        OPS["classify"](_two_decks(), {"cards": ["S6", "S6", "S6"], "level": "2"})


def _every_reading(rules, hand: list[str], level: str) -> set:
    """(cards, combination, stood-for cards) of every sub-multiset of ``hand`` and each of its readings."""
    from datong_rules.reference_impl.climbing.cardset import sort_cards
    from datong_rules.reference_impl.dadun.combinations import readings
    counts = Counter(hand)
    cards = sorted(counts)
    out = set()
    for take in product(*[range(counts[c] + 1) for c in cards]):
        play = tuple(sort_cards([c for c, k in zip(cards, take) for _ in range(k)]))
        if play:
            out.update((play, r.combination, tuple(r.cards)) for r in readings(rules, play, level))
    return out


@pytest.mark.parametrize("overrides", [{}, {"wild.alone": "declared", "wild.only_wilds": "declared",
                                            "wild.for_jokers": "allowed"},
                                       {"combinations.flush_also_straight": False, "wild.three_wilds_dun": True,
                                        "combinations.dun_also_triple": False}, "joker_bomb"])
def test_the_listed_plays_are_every_sub_multiset_read_every_way(overrides):
    # the plays made class by class (each reading built from what the wilds lack, checked as a declared reading)
    # are exactly the readings of every sub-multiset of the hand: the same cards, combinations and stood-for cards
    from datong_rules.reference_impl.dadun.plays import iter_plays
    rules = rules_with(V, _joker_bomb_overrides() if overrides == "joker_bomb" else overrides)
    rng = random.Random(17)
    hands = [h + ["H2", "H2"] for h in HOUSE_HANDS[:2]] + [HOUSE_HANDS[2] + ["H2"], ["S3", "S3", "S3", "H2", "H2",
                                                                                        "H2", "BJ", "LJ"]]
    for _ in range(3):
        pack = [c for c in full_pack(3) if c[-1] in "34567" or c == "H2"]
        rng.shuffle(pack)
        hands.append(pack[:11])
    for hand in hands:
        listed = [(cards, r.combination, tuple(r.cards)) for cards, r in iter_plays(rules, Counter(hand), "2")]
        assert len(listed) == len(set(listed)) and set(listed) == _every_reading(rules, hand, "2"), hand
