"""Readings and the beat relation of Biedan (biedan-guide 三.2, 三.3), expected values reasoned from the source."""

from __future__ import annotations

import pytest
from biedan_helpers import GUIDE, with_options

from datong_rules.reference_impl.biedan.combinations import beat_reason, readings, table_for
from datong_rules.reference_impl.biedan.rules import rules_for

T = table_for(rules_for(GUIDE))


def reading(cards: str, t=T):
    found = readings(t, cards.split())
    assert len(found) <= 1, "one deck: at most one reading"
    return found[0] if found else None


@pytest.mark.parametrize("cards, name, top, length, flush", [
    ("H5", "single", "5", 1, False),
    ("BJ", "single", "BJ", 1, False),
    ("D7 C7", "pair", "7", 1, False),
    ("S8 H8 C8", "triple", "8", 1, False),
    ("SQ HQ CQ DQ", "bomb", "Q", 1, False),
    ("S3 H4 D5", "straight", "5", 3, False),
    ("S7 S8 S9 S10 SJ", "straight", "J", 5, True),
    ("H10 DJ CQ SK HA", "straight", "A", 5, False),
    ("S3 H3 S4 H4", "pair_run", "4", 2, False),
    ("S7 H7 S8 H8 S9 H9", "pair_run", "9", 3, False),
    ("BJ LJ", "rocket", "BJ", 1, False),
])
def test_readings(cards, name, top, length, flush):
    r = reading(cards)
    assert (r.combination, r.top, r.length, r.flush) == (name, top, length, flush)


@pytest.mark.parametrize("cards", [
    "SK HA D2",          # 2 never joins a straight (biedan-guide 三.2)
    "SA S2 S3",          # no wrap
    "SQ SK SA BJ",       # jokers never join
    "S3 H4",             # two cards are no straight
    "S3 H3",             # fine as pair -> tested elsewhere; here a pair of 3 with a 4:
])
def test_no_straight(cards):
    r = reading(cards)
    assert r is None or r.combination == "pair"


@pytest.mark.parametrize("cards", ["BJ LJ S3", "S3 H3 S4", "S2 H2 S3 H3", "S3 S4 S6", "S3 H3 C3 S4", "LJ H2"])
def test_not_a_combination(cards):
    assert reading(cards) is None


@pytest.mark.parametrize("table, play, reason", [
    ("S5", "H6", None),
    ("S6", "H6", "not_higher"),
    ("H2", "LJ", None),
    ("LJ", "BJ", None),
    ("SA HA", "S2 H2", None),
    ("S3 H4 D5", "C4 D5 S6 H7", "wrong_count"),
    ("S3 H4 D5", "S4 H4", "wrong_type"),
    ("S9 H9 C9", "S3 H3 C3 D3", None),       # bomb on a triple (reading biedan-bombs-beat-ordinary)
    ("S3 H3 C3 D3", "SK HK CK", "wrong_type"),
    ("S3 H3 C3 D3", "S4 H4 C4 D4", None),
    ("SA HA CA DA", "BJ LJ", None),
    ("BJ LJ", "S2 H2 C2 D2", "wrong_type"),
    ("S5 H6 D7", "C5 C6 C7", None),          # flush beats the same mixed ranks (biedan-guide 三.2)
    ("C5 C6 C7", "S5 H6 D7", "not_higher"),
    ("S9 H10 DJ", "C5 C6 C7", None),         # any_ranks: a flush beats a higher mixed straight
    ("C5 C6 C7", "S9 H10 DJ", "not_higher"),
    ("C5 C6 C7", "H6 H7 H8", None),          # flush against flush by top
])
def test_beats_guide(table, play, reason):
    assert beat_reason(T, reading(table), reading(play)) == reason


def test_bombs_same_type_only():
    t = table_for(with_options(beating__bombs_beat_ordinary=False))
    assert beat_reason(t, reading("S9 H9 C9", t), reading("S3 H3 C3 D3", t)) == "wrong_type"
    assert beat_reason(t, reading("S3 H3 C3 D3", t), reading("S4 H4 C4 D4", t)) is None
    assert beat_reason(t, reading("S9", t), reading("BJ LJ", t)) is None  # the rocket still beats anything


def test_flush_same_ranks():
    t = table_for(with_options(combinations__flush_reach="same_ranks"))
    assert beat_reason(t, reading("S5 H6 D7", t), reading("C5 C6 C7", t)) is None
    assert beat_reason(t, reading("S9 H10 DJ", t), reading("C5 C6 C7", t)) == "not_higher"
    assert beat_reason(t, reading("C5 C6 C7", t), reading("S9 H10 DJ", t)) is None
    assert beat_reason(t, reading("C5 C6 C7", t), reading("S5 H6 D7", t)) == "not_higher"
