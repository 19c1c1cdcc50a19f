"""The same-rank policy's plays (reference_impl/dadun/same_rank_plays.py) keep what they read (per rules object, shared by the
levels); their choices must be those of reading and judging the cards every time. Compared here with a plain
statement of the same choices built on ``readings`` and ``beats`` alone, over many hands, tables and levels, one
SameRankPlays memory used throughout (so entries made at one level are met at others)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from datong_rules.reference_impl.cards import ALL_CARDS
from datong_rules.reference_impl.climbing.cardset import FACES, full_pack, rank_of
from datong_rules.reference_impl.dadun import combinations as cb
from datong_rules.reference_impl.dadun.same_rank_plays import Tally, same_rank_plays
from datong_rules.reference_impl.dadun.rules import rules_for, rules_from_variant
from datong_rules.reference_impl.variant.resolve import open_variant

RANKS = list(FACES) + ["LJ", "BJ"]


def plain_lead(rules, hand, level, rng):
    """The lead as stated: a random copy of the hand in string order; every natural copy of its rank (2 to 15 cards)
    as its first pair, triple or bomb reading, else the card alone."""
    card = rng.choice(sorted(hand.elements()))
    wild = cb.wild_card(rules, level)
    if card != wild:
        same = sorted(c for c in hand.elements() if rank_of(c) == rank_of(card) and c != wild)
        if 2 <= len(same) <= 15:
            for reading in cb.readings(rules, same, level):
                if reading.combination in ("pair", "triple", "bomb"):
                    return tuple(same), reading
    return (card,), cb.reading_of(rules, "single", (card,), level)


def plain_follow(rules, hand, level, table, table_was):
    """The follow as stated: ranks weakest first when beating; of each, its first copies in string order, as many as
    the table's; their first reading of the table's combination that beats it."""
    if table.combination not in ("single", "pair", "triple"):
        return None
    for rank in sorted(RANKS, key=lambda r: cb.power(r, level, True)):
        cards = sorted(c for c in hand.elements() if rank_of(c) == rank)[:table.count]
        if len(cards) < table.count:
            continue
        for reading in cb.readings(rules, cards, level):
            if reading.combination == table.combination and cb.beats(rules, reading, table, level, table_was) is None:
                return tuple(cards), reading
    return None


def _tables(rules, level, rng):
    """Single, pair and triple tables of random ranks (wild cards among them at times), and a bomb."""
    out = []
    for size, name in ((1, "single"), (2, "pair"), (3, "triple"), (4, "bomb")):
        rank = rng.choice(RANKS)
        tokens = [c for c in ALL_CARDS if rank_of(c) == rank]
        cards = [rng.choice(tokens) for _ in range(size)]
        found = [r for r in cb.readings(rules, cards, level) if r.combination == name]
        if found:
            out.append(found[0])
    return out


@pytest.mark.parametrize("variant", ["dadun/dadun-guide", "docs/examples/dadun-guandan.yaml"])
def test_the_random_plays_are_those_of_reading_and_judging_every_time(variant):
    if variant.endswith(".yaml"):  # a house file (level cards above A in every lead, the joker bomb)
        rules = rules_from_variant(open_variant(str(Path(__file__).resolve().parents[3] / variant)))
    else:
        rules = rules_for(variant)
    rng = random.Random(7)
    compared = 0
    for _ in range(150):
        level = rng.choice(FACES)
        pack = full_pack(rules.decks)
        rng.shuffle(pack)
        hand = Counter(pack[:rng.randrange(1, 42)])
        seed = rng.random()
        assert same_rank_plays(rules, level).lead(Tally(hand), random.Random(seed)) == plain_lead(
            rules, hand, level, random.Random(seed))
        for table in _tables(rules, level, rng):
            for was in ("hand_opening", "round_opening", "follow"):
                assert same_rank_plays(rules, level).follow(Tally(hand), table, was) == plain_follow(
                    rules, hand, level, table, was), (level, sorted(hand.elements()), table, was)
                compared += 1
    assert compared > 300


def test_a_tally_follows_its_hand():
    hand = Counter({"S9": 2, "H9": 1, "BJ": 1, "C2": 3})
    tally = Tally(hand)
    tally.remove(["S9", "BJ", "C2"])
    assert hand == Counter({"S9": 1, "H9": 1, "C2": 2})
    assert "BJ" not in hand  # no card counted zero times
    assert tally.ranks[FACES.index("9")] == 2 and tally.ranks[FACES.index("2")] == 2 and tally.ranks[-1] == 0
    assert sum(tally.cards) == 4
