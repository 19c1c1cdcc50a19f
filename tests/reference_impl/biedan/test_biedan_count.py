"""Listing, counting and brute force agree (perft-like): for random small hands and tables, under every value of the
rules that shape plays, the legal plays the engine lists (:func:`legal_plays`, the state's ``legal_actions``) are
exactly the card sets among all subsets of the hand that ``legal_play`` accepts, each once, and ``legal_play_count``
counts them."""

from __future__ import annotations

import itertools
import random

import pytest
from biedan_helpers import with_options

from datong_rules.reference_impl.biedan.combinations import readings, table_for
from datong_rules.reference_impl.biedan.ops import OPS, legal_plays
from datong_rules.reference_impl.biedan.state import play_reason
from datong_rules.reference_impl.cards import ALL_CARDS

EITHER_END = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]

VARIANTS = {
    "guide": {},
    "ace-either-end": {"ranking__sequence_order": EITHER_END},
    "bombs-same-type": {"beating__bombs_beat_ordinary": False},
    "flush-same-ranks": {"combinations__flush_reach": "same_ranks"},
}
"""Rule values that change which card sets are plays or which beat (the others change no listing)."""

# a deck's cards with many of a few ranks, so that hands hold pairs, triples, bombs and runs
RICH = [c for c in ALL_CARDS if c[1:] in ("A", "2", "3", "4", "5", "K", "Q") or c in ("BJ", "LJ")]


def _brute(t, hand: list[str], table: list[str] | None) -> set[frozenset[str]]:
    reading = readings(t, table)[0] if table else None
    return {frozenset(cards) for n in range(1, len(hand) + 1) for cards in itertools.combinations(hand, n)
            if play_reason(t, hand, reading, list(cards)) is None}


def _cases(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(RICH, 14)
        hand, rest = cards[:9], cards[9:]
        table = None
        if rng.random() < 0.7:
            for size in (3, 2, 1, 4, 5):
                found = [list(c) for c in itertools.combinations(rest, size) if readings(T_GUIDE, list(c))]
                if found:
                    table = rng.choice(found)
                    break
        yield hand, table


T_GUIDE = table_for(with_options())


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_listing_counting_and_brute_force_agree(name):
    rules = with_options(**VARIANTS[name])
    t = table_for(rules)
    checked = 0
    for hand, table in _cases(sum(map(ord, name)), 25):
        if table is not None and not readings(t, table):
            continue  # a table that is no combination under these rules
        listed = legal_plays(rules, hand, readings(t, table)[0] if table else None)
        as_sets = [frozenset(cards) for cards in listed]
        assert len(as_sets) == len(set(as_sets)), "a play listed twice"
        assert set(as_sets) == _brute(t, hand, table), (hand, table)
        counted = OPS["legal_play_count"](rules, {"hand": hand, "table": table})
        assert counted["plays"] == len(as_sets)
        checked += 1
    assert checked >= 15


def test_either_end_lists_low_and_high_runs_and_never_round_the_corner():
    rules = with_options(ranking__sequence_order=EITHER_END)
    t = table_for(rules)
    hand = ["SA", "H2", "D3", "SQ", "HK"]
    runs = {frozenset(p) for p in legal_plays(rules, hand, None) if len(p) >= 3}
    assert runs == {frozenset(["SA", "H2", "D3"]), frozenset(["SQ", "HK", "SA"])}  # no K-A-2, no Q-K-A-2-3
    assert runs == {s for s in _brute(t, hand, None) if len(s) >= 3}
