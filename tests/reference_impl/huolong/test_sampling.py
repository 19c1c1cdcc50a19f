"""The random policy draws uniformly: every distinct sub-multiset (:func:`sampling.random_multiset`), every legal
play (:func:`follow.random_legal_play`) and every legal bury (:func:`burying.random_bury`) equally likely.

Each test draws from a seeded source, so it is deterministic; the frequencies are compared with the uniform one by a
chi-square statistic held below a generous bound (its degrees of freedom plus six standard deviations), and every
draw is checked to be one of the multisets counted by hand or listed by :func:`follow.legal_plays`.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement
from math import sqrt

import pytest

from datong_rules.reference_impl.cards import parse_hand, sort_cards
from datong_rules.reference_impl.huolong import follow, sampling
from datong_rules.reference_impl.huolong.burying import check_bury, random_bury
from datong_rules.reference_impl.huolong.follow import legal_plays, random_legal_play
from datong_rules.reference_impl.huolong.ranking import Ranking
from datong_rules.reference_impl.huolong.rules import rules_for, rules_with

DG = rules_for("huolong/datong-guide")
LI = rules_for("huolong/li-zhijiang")
PAIRS = rules_with("huolong/datong-guide", {"follow.meteor_obliges_pair": True})


def assert_uniform(draws: list[tuple[str, ...]], expected: set[tuple[str, ...]]) -> None:
    """Every draw is expected, every expected multiset is drawn, and the counts fit a uniform draw."""
    counts = Counter(draws)
    assert set(counts) == expected
    mean = len(draws) / len(expected)
    chi2 = sum((counts[m] - mean) ** 2 / mean for m in expected)
    df = len(expected) - 1
    assert chi2 < df + 6 * sqrt(2 * df), (chi2, df)


def multisets(items, size, points=None, cap=None) -> set[tuple[str, ...]]:
    """The distinct sub-multisets by brute force (sorted tuples)."""
    tokens = sorted(c for c, k in items for _ in range(k))
    return {combo for combo in combinations_with_replacement(sorted(dict(items)), size)
            if all(combo.count(c) <= tokens.count(c) for c in combo)
            and (cap is None or sum(points[c] for c in combo) <= cap)}


ITEMS = [("S3", 3), ("S5", 2), ("S10", 1), ("SK", 2), ("SA", 1)]
POINTS = {"S3": 0, "S5": 5, "S10": 10, "SK": 10, "SA": 0}


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_random_multiset_is_uniform(size):
    rng = random.Random(size)
    expected = multisets(ITEMS, size)
    draws = [tuple(sorted(sampling.random_multiset(ITEMS, size, rng))) for _ in range(200 * len(expected))]
    assert_uniform(draws, expected)


@pytest.mark.parametrize("tries", [sampling.REJECTION_TRIES, 0])
def test_random_multiset_under_a_point_cap_is_uniform(tries, monkeypatch):
    # tries 0: every draw is the exact count's, the path taken when the cap rejects too many samples
    monkeypatch.setattr(sampling, "REJECTION_TRIES", tries)
    rng = random.Random(7)
    expected = multisets(ITEMS, 4, POINTS, 15)
    draws = [tuple(sorted(sampling.random_multiset(ITEMS, 4, rng, points=POINTS, max_points=15)))
             for _ in range(200 * len(expected))]
    assert_uniform(draws, expected)


def test_random_multiset_refuses_what_cannot_be_drawn():
    with pytest.raises(ValueError):
        sampling.random_multiset([("S3", 1)], 2, random.Random(0))
    with pytest.raises(ValueError):
        sampling.random_multiset([("SK", 2)], 2, random.Random(0), points=POINTS, max_points=5)


SITUATIONS = {
    "lead": (DG, "S3 S3 S3 S5 S5 HA BJ", []),
    "follow a pair": (DG, "S3 S3 S3 S5 S5 S9 HA", [["S7", "S7"]]),
    "follow a meteor": (DG, "S3 S3 S5 S5 S9 SQ HA HA", [["S7", "S7", "S7"]]),
    "short of the led suit": (DG, "S3 H4 H4 H4 C9 CK D10", [["S7", "S7", "S7"]]),
    "a meteor owes a pair": (PAIRS, "S3 S3 S5 S9 SQ HA HA", [["S7", "S7", "S7"]]),
}


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_random_legal_play_is_uniform_over_the_legal_plays(name):
    rules, hand_text, trick = SITUATIONS[name]
    ranking = Ranking(rules, "8", "D")
    hand = parse_hand(hand_text)
    expected = set(legal_plays(rules, ranking, hand, trick))
    rng = random.Random(11)
    draws = [tuple(sort_cards(random_legal_play(rules, ranking, hand, trick, rng)))
             for _ in range(200 * len(expected))]
    assert_uniform(draws, expected)


def test_random_lead_is_uniform_when_the_leads_are_listed(monkeypatch):
    # no rejection draw left: the leads are listed (the path of a hand with few cards that make a combination)
    monkeypatch.setattr(follow, "LEAD_TRIES", 0)
    test_random_legal_play_is_uniform_over_the_legal_plays("lead")


def test_random_bury_is_uniform_and_legal():
    # li-zhijiang buries side cards only, at most 40 points: a hand with 8 side cards (4 of them with points)
    ranking = Ranking(LI, "8", "D")
    hand = parse_hand("S5 S5 S10 SK S3 S4 S4 H6 D2 D3 D4 D5 D6 D7 D9 D10 DJ DQ DK DA BJ LJ")
    rng = random.Random(3)
    side = [(c, k) for c, k in hand.items() if not ranking.trump_of[c]]
    expected = multisets(side, 6, LI.point_map, 40)
    draws = [tuple(sorted(random_bury(LI, ranking, hand, rng))) for _ in range(200 * len(expected))]
    assert all(check_bury(LI, ranking, hand, list(d)) is None for d in set(draws))
    assert_uniform(draws, expected)


def test_below_pick_shuffle_and_sample_draw_as_the_random_module():
    # the same numbers from the same generator state as randrange, choice, shuffle and sample, for sizes around powers
    # of two and both ways sample draws (a pool: populations up to its threshold; a set of indices: larger ones), and
    # the generator left in the same state; a subclass of Random is asked itself
    class Shifted(random.Random):
        def randrange(self, *args, **kwargs):
            return 0

    ours, theirs = random.Random(11), random.Random(11)
    for n in [1, 2, 3, 7, 8, 9, 21, 22, 31, 32, 33, 157, 400] * 20:
        assert sampling.below(ours, n) == theirs.randrange(n)
        items = list(range(100, 100 + n))
        assert sampling.pick(ours, items) == theirs.choice(items)
        mine, yours = list(items), list(items)
        sampling.shuffle(ours, mine)
        theirs.shuffle(yours)
        assert mine == yours
        for k in (0, 1, 2, 3, 6, 8, min(n, 30), n):
            if k <= n:
                assert sampling.sample(ours, items, k) == theirs.sample(items, k)
    assert ours.random() == theirs.random()
    assert sampling.below(Shifted(1), 50) == 0
    with pytest.raises(ValueError):
        sampling.below(random.Random(1), 0)
    with pytest.raises(IndexError):
        sampling.pick(random.Random(1), [])
    with pytest.raises(ValueError):
        sampling.sample(random.Random(1), [1, 2], 3)
