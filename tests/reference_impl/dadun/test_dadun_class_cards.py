"""打墩 plays of a class worked out part by part (:func:`.plays.class_cards`, what the listing and
:func:`.plays.class_plays` run through) are exactly the plays made choice by choice (:func:`.plays._play_of` of each
choice of :func:`.plays._within`), in the same order: random hands with wild cards, levels and every fixture variant
of 打墩 (wild-card, catalogue and linking options), and a class whose parts do not lay its cards out in order (read
play by play)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants
from datong_rules.reference_impl.climbing.cardset import full_pack
from datong_rules.reference_impl.dadun.combinations import wild_card
from datong_rules.reference_impl.dadun.count import PlayClass, play_classes
from datong_rules.reference_impl.dadun.plays import (_choices, _class_reading, _laid_out, _play_of, _within,
                                                     class_plays)
from datong_rules.reference_impl.dadun.rules import rules_for, rules_from_variant


def _variants() -> dict:
    fixtures = load_fixture_variants(find_variant_files())
    out = {"dadun/dadun-guide": rules_for("dadun/dadun-guide")}
    out.update({name: rules_from_variant(v) for name, v in sorted(fixtures.items()) if name.startswith("dadun/")})
    return out


VARIANTS = _variants()


def _choice_by_choice(rules, hand: Counter, level: str, found: PlayClass) -> list:
    """The plays of ``found`` as :func:`_play_of` makes them, one choice of the parts at a time."""
    wild = wild_card(rules, level)
    fields, may_go = _class_reading(rules, level, found)
    made = (_play_of(rules, level, wild, found, choice, fields, may_go)
            for choice in _within([_choices(hand, part) for part in found.parts], wild, hand.get(wild, 0)))
    return [play for play in made if play is not None]


def _hand(rules, rng: random.Random, level: str) -> Counter:
    """A 打墩-sized hand of ``rules``' pack, with one to three wild cards of ``level`` (when the pack holds them)."""
    pack = full_pack(rules.decks)
    rng.shuffle(pack)
    wild = wild_card(rules, level)
    hand = Counter(c for c in pack[:24] if c != wild)
    hand[wild] = min(rng.randint(1, 3), pack.count(wild))
    return hand


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_class_s_plays_are_those_made_choice_by_choice(name):
    rules = VARIANTS[name]
    rng = random.Random(name)
    checked = 0
    for _ in range(3):
        level = rng.choice(("2", "5", "Q", "A"))
        hand = _hand(rules, rng, level)
        for found in play_classes(rules, hand, level):
            wild = wild_card(rules, level)
            assert _laid_out(hand, found, wild, hand[wild]) is not None, found  # the fast way, not the other
            assert list(class_plays(rules, hand, level, found)) == _choice_by_choice(rules, hand, level, found), found
            checked += 1
    assert checked > 50


def test_a_class_whose_parts_are_not_in_order_is_read_play_by_play():
    # a full house 33344 whose parts come pair first: the parts no longer lay out its cards (the pair's run would be
    # 3s), so its plays are made choice by choice; the same plays (in the order of the parts given)
    rules = VARIANTS["dadun/dadun-guide"]
    hand = Counter({"S3": 2, "C3": 1, "D4": 1, "H2": 1, "S9": 1})
    found = next(c for c in play_classes(rules, hand, "2")
                 if c.combination == "full_house" and c.stood == ("H3", "H3", "H3", "H4", "H4"))
    swapped = found._replace(parts=found.parts[::-1])
    assert _laid_out(hand, swapped, "H2", 1) is None
    plays = list(class_plays(rules, hand, "2", swapped))
    # S3 S3 C3 D4 + the wild as a 4: the one full house of these cards
    assert plays == _choice_by_choice(rules, hand, "2", swapped)
    assert [cards for cards, _ in plays] == [("S3", "S3", "H2", "C3", "D4")]
    assert set(plays) == set(class_plays(rules, hand, "2", found))


def test_a_part_s_choices_come_most_natural_cards_first_then_by_the_copies_of_each_card():
    # two 5s of clubs, one of diamonds, one of spades; a part of two cards, one at least natural: both natural first
    # (by the clubs taken, most first, then the diamonds), then one natural card and a wild
    part = (("C5", "D5", "S5"), 2, 1)
    assert _choices(Counter({"C5": 2, "D5": 1, "S5": 1, "H2": 1}), part) == (
        (("C5", "C5"), 0), (("C5", "D5"), 0), (("C5", "S5"), 0), (("D5", "S5"), 0),
        (("C5",), 1), (("D5",), 1), (("S5",), 1))
