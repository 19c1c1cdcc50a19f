"""One play of a 打墩 Dadun play class drawn without listing (:func:`.plays.class_play`, the random bot's second
draw) is drawn uniformly among the class's plays (:func:`.plays.class_plays`): a class whose parts may take wild
cards, more of them than the hand holds in some choices (seeded draws, Pearson's statistic)."""

from __future__ import annotations

import random
from collections import Counter

from datong_rules.reference_impl.dadun.count import play_classes
from datong_rules.reference_impl.dadun.plays import class_play, class_plays
from datong_rules.reference_impl.dadun.rules import rules_for

DRAWS_PER_PLAY = 200

BOUND = 75.0
"""Pearson's statistic with 27 degrees of freedom stays below 75 with probability above 1 - 1e-5 for a uniform
sampler (the 0.99999 quantile is about 66): generous for a fixed seed, far below a biased sampler's."""


def _straight_3_to_7():
    """The guide at level 2 (wild H2): a hand holding two wild cards and, of the straight 3 4 5 6 7, two 3s, two 4s,
    no 5, one 6 and two 7s; its class of that straight."""
    rules = rules_for("dadun/dadun-guide")
    hand = Counter(["S3", "D3", "S4", "C4", "S6", "D7", "H7", "H2", "H2"])
    found = next(c for c in play_classes(rules, hand, "2")
                 if c.combination == "straight" and c.stood == ("H3", "H4", "H5", "H6", "H7"))
    return rules, hand, found


def test_the_class_has_the_plays_reckoned_by_hand():
    # the 5 is always a wild card; the other wild card may stand in for nothing (2 x 2 x 1 x 2 = 8 plays), for the
    # 3 (2 x 2 = 4), the 4 (2 x 2 = 4), the 6 (2 x 2 x 2 = 8) or the 7 (2 x 2 = 4): 28 plays
    rules, hand, found = _straight_3_to_7()
    listed = list(class_plays(rules, hand, "2", found))
    assert found.ways == len(listed) == len(set(listed)) == 28


def test_a_play_of_a_class_is_drawn_uniformly():
    rules, hand, found = _straight_3_to_7()
    listed = list(class_plays(rules, hand, "2", found))
    rng = random.Random(7)
    n = DRAWS_PER_PLAY * len(listed)
    drawn = Counter(class_play(rules, hand, "2", found, rng) for _ in range(n))
    assert set(drawn) == set(listed)
    statistic = sum((drawn[play] - DRAWS_PER_PLAY) ** 2 / DRAWS_PER_PLAY for play in listed)
    assert statistic < BOUND
