"""The random bot's draw of a 打墩 Dadun play without listing (:meth:`LeadClasses.draw`, :func:`.plays.class_play`)
equals its plain definition on random hands, levels, tables and play sequences (Hypothesis, derandomized), on the
guide and on fixture variants whose wild-card and catalogue options make other units: the class drawn is the one
of the plays listed class by class (:func:`play_classes`, beating the table when there is one) at the place of the
same random number; a unit's classes are all of its span's combination; a part's choices counted by sub-multiset
arithmetic are those listed, in the same order (the memo of two generations they use:
tests/reference_impl/test_recent_memo.py)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from datong_rules.reference_impl.climbing.cardset import full_pack
from datong_rules.reference_impl.dadun import combinations as cb
from datong_rules.reference_impl.dadun.count import SHAPES, _Hand, play_classes, unit_spans, units_by_card
from datong_rules.reference_impl.dadun.lead_classes import LeadClasses
from datong_rules.reference_impl.dadun.plays import (_by_wilds, _choices, _drawable, _nth_sub, _submultisets,
                                                     class_play, class_plays)

from test_dadun_lead_classes import FIXTURES, VARIANTS


def _deal(data) -> tuple:
    """A variant, a level and a hand of it (wild cards often)."""
    rules = VARIANTS[data.draw(st.integers(0, len(VARIANTS) - 1), label="variant")]
    level = data.draw(st.sampled_from(("2", "5", "8", "A")), label="level")
    wild = cb.wild_card(rules, level)
    pack = full_pack(rules.decks)
    order = data.draw(st.permutations(range(len(pack))), label="deal")
    hand = Counter(pack[i] for i in order[:data.draw(st.integers(6, 40), label="hand size")])
    hand[wild] = max(hand[wild], data.draw(st.integers(0, min(3, pack.count(wild))), label="wild cards"))
    return rules, level, +hand


def _plain(classes: list, total_others: int, number: float):
    """The class at the place ``int(number * total_others)`` of the plays taken class by class, or None past them."""
    i = int(number * total_others)
    for found in classes:
        if i < found.ways:
            return found
        i -= found.ways
    return None


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.data())
def test_the_class_drawn_is_the_plain_one_at_the_same_number(data):
    rules, level, hand = _deal(data)
    kept = LeadClasses(rules, hand, level)
    for _ in range(data.draw(st.integers(1, 8), label="plays")):
        if not hand:
            break
        fresh = list(play_classes(rules, hand, level))
        seed = data.draw(st.integers(0, 2 ** 16), label="seed")
        if fresh and data.draw(st.booleans(), label="follow"):  # a table: one of the hand's own plays
            found = fresh[data.draw(st.integers(0, len(fresh) - 1), label="table class")]
            table = list(class_plays(rules, hand, level, found))[0][1]
            was = data.draw(st.sampled_from(("hand_opening", "round_opening", "follow")), label="table_was")
            beating = list(play_classes(rules, hand, level, table, was))
            total = sum(c.ways for c in beating)
            assert kept.draw(table, was, 1, random.Random(seed)) == _plain(beating, total + 1,
                                                                          random.Random(seed).random())
            assert kept.beating(table, was) == beating
        else:
            total = sum(c.ways for c in fresh)
            others = data.draw(st.integers(0, 1), label="others")
            expected = _plain(fresh, total + others, random.Random(seed).random()) if total + others else None
            assert kept.draw(None, "round_opening", others, random.Random(seed)) == expected
        held = sorted(hand.elements())
        cards = [held[i] for i in data.draw(st.sets(st.integers(0, len(held) - 1), min_size=1, max_size=5),
                                             label="cards")]
        for card in cards:
            hand[card] -= 1
            if not hand[card]:
                del hand[card]
        kept.remove(cards)


@settings(derandomize=True, max_examples=40, deadline=None)
@given(st.data())
def test_every_class_of_a_unit_is_of_its_span_combination(data):
    rules, level, hand = _deal(data)
    view = _Hand(rules, hand, level, None, "round_opening")
    for shape in SHAPES:
        keys, _ = units_by_card(shape, view)
        spans, span_of = unit_spans(shape, view, keys)
        assert [i for _, first, last in spans for i in range(first, last)] == list(range(len(keys)))
        for i, key in enumerate(keys):
            assert spans[span_of[i]][1] <= i < spans[span_of[i]][2]
            for found in shape.make(view, key):
                assert found.combination == spans[span_of[i]][0], (shape.name, key, found)


@settings(derandomize=True, max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(("C7", "D7", "H7", "S7")), st.integers(1, 3), min_size=0, max_size=4),
       st.integers(0, 6))
def test_the_nth_sub_multiset_is_the_nth_listed(counts, k):
    listed = list(_submultisets(counts, k))
    cards = tuple(sorted(counts))
    assert [_nth_sub(cards, tuple(counts[c] for c in cards), k, j) for j in range(len(listed))] == listed


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.data())
def test_the_choices_counted_are_those_listed(data):
    rules, level, hand = _deal(data)
    wild = cb.wild_card(rules, level)
    wilds = hand.get(wild, 0)
    for found in play_classes(rules, hand, level):
        for part in found.parts:
            sizes, need, cards, counts, groups = _drawable(hand, part, wild, wilds)
            listed = _by_wilds(_choices(hand, part), wild, wilds)
            assert list(sizes) == [len(group) for group in listed]
            if groups is None:
                assert [[(_nth_sub(cards, counts, need - u, j), u) for j in range(n)]
                        for u, n in enumerate(sizes)] == listed


def test_a_dun_of_wild_cards_is_drawn_from_its_listed_choices():
    # the three-wilds-dun fixture at level 2: three H2 are a dun of their own (the part's token is the wild card)
    rules = VARIANTS[1 + FIXTURES.index("three-wilds-dun")]  # VARIANTS: the guide, then FIXTURES
    hand = Counter({"H2": 3, "S9": 1})
    found = next(c for c in play_classes(rules, hand, "2") if c.combination == "dun")
    assert found.stood == ("H2", "H2", "H2")
    assert class_play(rules, hand, "2", found, random.Random(1)) in list(class_plays(rules, hand, "2", found))

