"""The 打墩 lead-class counter kept while a hand plays (:class:`LeadClasses`) equals the classes worked out from
scratch (:func:`play_classes`) after every play, wild cards included, and so do the classes it finds beating a
table: random hands, levels and play sequences (Hypothesis, derandomized), on the guide and on fixture variants
whose wild-card and catalogue options make other units."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants
from datong_rules.reference_impl.climbing.cardset import FACES, full_pack
from datong_rules.reference_impl.dadun import combinations as cb
from datong_rules.reference_impl.dadun.count import SHAPES, _Hand, play_classes, shape_classes
from datong_rules.reference_impl.dadun.lead_classes import LeadClasses
from datong_rules.reference_impl.dadun.plays import class_plays
from datong_rules.reference_impl.dadun.rules import rules_for, rules_from_variant

FIXTURES = ("wild-alone-declared", "only-wilds-declared", "three-wilds-dun", "full-house-any-pair",
            "runs-skip-level", "skip-level-ace-two", "joker-bomb", "wild-for-jokers")
"""Fixture variants (conformance/scenarios/dadun/variants) whose options change which units a hand has."""


def _variants() -> list:
    fixtures = load_fixture_variants(find_variant_files())
    return [rules_for("dadun/dadun-guide")] + [rules_from_variant(fixtures[f"dadun/{name}"]) for name in FIXTURES]


VARIANTS = _variants()


def _remove(hand: Counter, cards) -> None:
    for card in cards:
        hand[card] -= 1
        if not hand[card]:
            del hand[card]


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.data())
def test_the_kept_lead_classes_equal_the_classes_worked_out_afresh(data):
    rules = VARIANTS[data.draw(st.integers(0, len(VARIANTS) - 1), label="variant")]
    level = data.draw(st.sampled_from(("2", "5", "8", "A")), label="level")
    wild = cb.wild_card(rules, level)
    pack = full_pack(rules.decks)
    order = data.draw(st.permutations(range(len(pack))), label="deal")
    size = data.draw(st.integers(8, 40), label="hand size")
    hand = Counter(pack[i] for i in order[:size])
    wilds = data.draw(st.integers(0, min(3, pack.count(wild))), label="wild cards")
    hand[wild] = max(hand[wild], wilds)  # hands with wild cards often
    hand = +hand
    kept = LeadClasses(rules, hand, level)
    for step in range(data.draw(st.integers(1, 12), label="plays")):
        if not hand:
            break
        if data.draw(st.booleans(), label="look"):  # some plays are not looked at before the next: changes pile up
            fresh = list(play_classes(rules, hand, level))
            assert kept.classes() == fresh
            assert kept.total == sum(found.ways for found in fresh)
            if fresh:  # a table: one of the hand's plays (its cards as played, wild cards standing in)
                found = fresh[data.draw(st.integers(0, len(fresh) - 1), label="table class")]
                plays = list(class_plays(rules, hand, level, found))
                table = plays[data.draw(st.integers(0, len(plays) - 1), label="table play")][1]
                was = data.draw(st.sampled_from(("hand_opening", "round_opening", "follow")), label="table_was")
                assert kept.beating(table, was) == list(play_classes(rules, hand, level, table, was))
        classes = kept.classes()
        if classes and data.draw(st.integers(0, 3), label="kind of play"):  # a legal play, its cards taken out
            found = classes[data.draw(st.integers(0, len(classes) - 1), label="class")]
            plays = list(class_plays(rules, hand, level, found))
            cards = plays[data.draw(st.integers(0, len(plays) - 1), label="play")][0]
        else:  # any cards of the hand (a wild card among them when drawn)
            held = sorted(hand.elements())
            cards = [held[i] for i in data.draw(st.sets(st.integers(0, len(held) - 1), min_size=1, max_size=6),
                                                 label="cards")]
        _remove(hand, cards)
        kept.remove(cards)
    assert kept.classes() == list(play_classes(rules, hand, level))


def test_a_played_wild_card_is_counted_again():
    # a hand of two wild cards and a 7 (the guide: a wild card alone is the level card): after one wild card goes,
    # the pair of wild cards and the triple of 7s (the 7 and two wild cards) are gone; the wild card alone, the 7
    # and the pair of 7s (the 7 and the wild card) remain
    rules = rules_for("dadun/dadun-guide")
    hand = Counter({"H2": 2, "S7": 1})
    kept = LeadClasses(rules, hand, "2")
    before = {(found.combination, found.stood) for found in kept.classes()}
    assert {("pair", ("H2", "H2")), ("triple", ("H7", "H7", "H7"))} <= before
    _remove(hand, ["H2"])
    kept.remove(["H2"])
    after = {(found.combination, found.stood) for found in kept.classes()}
    assert after == {("single", ("S7",)), ("single", ("H2",)), ("pair", ("H7", "H7"))}


@pytest.mark.parametrize("i", [-1, 3])
def test_a_play_beyond_the_plays_is_refused(i):
    kept = LeadClasses(rules_for("dadun/dadun-guide"), Counter({"S7": 1, "C7": 1}), "2")
    assert kept.total == 3  # S7, C7, the pair
    with pytest.raises(IndexError):
        kept.pick(i)


@settings(derandomize=True, max_examples=40, deadline=None)
@given(st.data())
def test_a_representative_names_one_combination_within_a_shape(data):
    # LeadClasses.beating remembers, per shape, whether a class beats a table by the class's representative alone:
    # two classes of one shape with one representative must then be of one combination (a triple and a dun of the
    # same cards, or a straight and a straight flush, are of different shapes)
    rules = VARIANTS[data.draw(st.integers(0, len(VARIANTS) - 1), label="variant")]
    level = data.draw(st.sampled_from(("2", "5", "8", "A")), label="level")
    pack = full_pack(rules.decks)
    order = data.draw(st.permutations(range(len(pack))), label="deal")
    hand = Counter(pack[i] for i in order[:data.draw(st.integers(8, 40), label="hand size")])
    view = _Hand(rules, hand, level, None, "round_opening")
    for shape in SHAPES:
        named: dict[tuple[str, ...], str] = {}
        for found in shape_classes(shape, view):
            assert named.setdefault(found.stood, found.combination) == found.combination, (shape.name, found)


@settings(derandomize=True, max_examples=40, deadline=None)
@given(st.data())
def test_a_counted_unit_makes_the_classes_it_counted(data):
    # LeadClasses counts the units of a shape with count_of and makes their classes only when read, from the count
    # (build), comparing a unit's class with a table by its key's last item: the count must be the plays of the
    # unit's classes, the class made from it the one the shape makes, with the key's last item as representative
    rules = VARIANTS[data.draw(st.integers(0, len(VARIANTS) - 1), label="variant")]
    level = data.draw(st.sampled_from(("2", "5", "8", "A")), label="level")
    wild = cb.wild_card(rules, level)
    pack = full_pack(rules.decks)
    order = data.draw(st.permutations(range(len(pack))), label="deal")
    hand = Counter(pack[i] for i in order[:data.draw(st.integers(8, 40), label="hand size")])
    hand[wild] = max(hand[wild], data.draw(st.integers(0, 3), label="wild cards"))
    view = _Hand(rules, +hand, level, None, "round_opening")
    counted = [shape for shape in SHAPES if shape.count_of is not None]
    assert {shape.name for shape in counted} == {"full_houses", "runs", "flushes"}
    for shape in counted:
        keys = [key for key, _ in shape.units(view)]
        counts = [shape.count_of(view, key) for key in keys]
        if shape.count_at_once is not None:
            assert shape.count_at_once(view, keys) == counts
        for key, count in zip(keys, counts):
            made = shape.make(view, key)
            assert count == sum(found.ways for found in made)
            assert len(made) <= 1 and all(found.stood == key[-1] for found in made)
            assert shape.build is not None and shape.build(view, key, count) == made
