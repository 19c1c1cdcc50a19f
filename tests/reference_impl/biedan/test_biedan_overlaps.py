"""House catalogues whose entries overlap, bombs of two combinations, and a house without an egg: what 憋蛋 Biedan's
engine lists, counts, judges and records there. Expected values are reasoned by hand from
docs/implementers/biedan-operations.md (a set of cards two entries read is played as its first reading; bombs
compare by their number of cards, then, of two combinations, their tops by ``ranking.single_order``; with
``egg.count: 0`` the hand has no bury)."""

from __future__ import annotations

import itertools
import random

import pytest
from biedan_helpers import pack_for, split_rest, with_options

from datong_rules.reference_impl import records as envelope
from datong_rules.reference_impl.biedan import records
from datong_rules.reference_impl.biedan.bots import RandomBot
from datong_rules.reference_impl.biedan.combinations import classify, readings, table_for
from datong_rules.reference_impl.biedan.ops import OPS, legal_plays
from datong_rules.reference_impl.biedan.state import HandState, Match, play_reason
from datong_rules.reference_impl.variant import load_variant

GUIDE_CATALOGUE = load_variant("biedan/biedan-guide").rule("combinations.catalogue")
"""single, pair, triple, bomb (4), straight (3+), pair_run (2+ pairs), rocket."""
LUCKY = {"name": "lucky_threes", "shape": "fixed_set", "cards": ["S3", "H3"], "tier": "top"}
TWIN = {"name": "twin", "shape": "same_rank", "size": 2, "tier": "bomb"}
DRAGON = {"name": "dragon", "shape": "sequence", "unit": 1, "min_length": 6, "tier": "bomb"}


def _catalogue(extra: dict, at: int):
    entries = list(GUIDE_CATALOGUE)
    entries.insert(at, extra)
    return with_options(combinations__catalogue=entries)


HOUSES = {
    "lucky-after-pair": _catalogue(LUCKY, 7),  # [S3, H3] reads pair first: the top-tier set is never played
    "lucky-first": _catalogue(LUCKY, 0),  # [S3, H3] reads lucky_threes first: only that set of the 3s is top tier
    "twin-after-pair": _catalogue(TWIN, 7),  # every pair reads pair first: a twin bomb is never played
    "dragon-first": _catalogue(DRAGON, 4),  # a run of 6 or more reads dragon (a bomb) first, never straight
}


def _count(rules, hand, table):
    return OPS["legal_play_count"](rules, {"hand": hand, "table": table})


@pytest.mark.parametrize("house, table, expected", [
    # S3 H3 C3 on a pair of 9s: the pairs of 3s are not higher; [S3, H3] is a pair first (its lucky reading is
    # never played): no play, pass only
    ("lucky-after-pair", ["S9", "H9"], {"count": 1, "plays": 0, "pass": True}),
    # lucky first: [S3, H3] is the top-tier set and beats the pair; S3 C3 and H3 C3 are pairs, not higher: 1 play
    ("lucky-first", ["S9", "H9"], {"count": 2, "plays": 1, "pass": True}),
    # twin after pair: every pair of 3s is a pair first, not higher than 99: no play
    ("twin-after-pair", ["S9", "H9"], {"count": 1, "plays": 0, "pass": True}),
    # leading with S3 H3 C3 in every house: 3 singles, the 3 two-card sets once each (pair or lucky), 1 triple: 7
    ("lucky-after-pair", None, {"count": 7, "plays": 7, "pass": False}),
    ("lucky-first", None, {"count": 7, "plays": 7, "pass": False}),
    ("twin-after-pair", None, {"count": 7, "plays": 7, "pass": False}),
])
def test_a_set_two_entries_read_is_counted_once_as_its_first_reading(house, table, expected):
    rules = HOUSES[house]
    hand = ["S3", "H3", "C3"]
    assert _count(rules, hand, table) == expected
    listed = legal_plays(rules, hand, readings(table_for(rules), table)[0] if table else None)
    assert len(listed) == expected["plays"]
    reading = readings(table_for(rules), table)[0] if table else None
    legal = [list(c) for n in (1, 2, 3) for c in itertools.combinations(hand, n)
             if play_reason(table_for(rules), hand, reading, list(c)) is None]
    assert sorted(map(sorted, listed)) == sorted(map(sorted, legal))  # listing = brute force by legal_play


def test_a_run_an_earlier_bomb_entry_reads_is_listed_once_as_that_bomb():
    # dragon (6+ runs, a bomb) before straight: S3..S8 leads as 4 three-runs, 3 four-runs, 2 five-runs (straights)
    # and one six-run (a dragon, listed once), plus 6 singles: 6 + 4 + 3 + 2 + 1 = 16
    rules = HOUSES["dragon-first"]
    hand = ["S3", "H4", "C5", "D6", "S7", "H8"]
    assert _count(rules, hand, None) == {"count": 16, "plays": 16, "pass": False}
    # over a straight 4-5-6-7-8 (top 8): no five-run tops above 8 in 3..8; the six-run is a dragon (a bomb, beats an
    # ordinary play): 1 play
    assert _count(rules, hand, ["D4", "S5", "H6", "C7", "D8"]) == {"count": 2, "plays": 1, "pass": True}
    assert OPS["legal_play"](rules, {"hand": hand, "table": ["D4", "S5", "H6", "C7", "D8"], "play": hand}) == {
        "legal": True}


def test_a_random_match_under_a_claiming_fixed_set_replays():
    rules = HOUSES["lucky-first"]
    match = Match(rules, 3)
    match.play([RandomBot(random.Random(3)) for _ in range(3)], hands=2)
    assert records.replay(envelope.match_record(match), rules).answer() == {"accepted": True}


PAIR_RUN_BOMBS_TWO_LOW = with_options(
    combinations__catalogue=[dict(e, tier="bomb") if e["name"] == "pair_run" else e for e in GUIDE_CATALOGUE],
    ranking__sequence_order=["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])
"""Pair runs are bombs and runs may start at the 2: a rank's place in sequence_order (2 at place 0, 3 at 1 …) is one
above its strength in single_order (3 weakest at 0), so comparing a run's place with a bomb's strength is wrong by
one: a bomb one rank above a run's top would lose to it."""


def test_a_set_is_read_by_its_ranks_and_one_suit_where_no_fixed_set_names_a_suited_card():
    # classify remembers first readings by ranks and one suit or not (Table.by_ranks): in the guide, 3 4 5 of three
    # suits is a plain straight and S3 S4 S5 a flush straight, whichever is asked first; two sets of the same ranks
    # in other suits and orders read alike; the rocket is its two jokers
    t = table_for(with_options())
    assert t.by_ranks
    mixed, flush = classify(t, ["S3", "H4", "C5"]), classify(t, ["S3", "S4", "S5"])
    assert (mixed.combination, mixed.flush, flush.combination, flush.flush) == ("straight", False, "straight", True)
    assert classify(t, ["D5", "H4", "S3"]) == mixed and classify(t, ["H5", "H3", "H4"]) == flush
    assert classify(t, ["LJ", "BJ"]).combination == "rocket" and classify(t, ["S3", "S5", "S6"]) is None
    # a fixed set of suited cards (S3 H3 first): the pair of 3s in other suits stays a pair, read card by card
    lucky = table_for(HOUSES["lucky-first"])
    assert not lucky.by_ranks
    assert [classify(lucky, c).combination for c in (["S3", "H3"], ["C3", "D3"], ["H3", "S3"])] == \
        ["lucky_threes", "pair", "lucky_threes"]


@pytest.mark.parametrize("play, table, expected", [
    # 6666 on 4455 (top 5): four cards each, 6 above 5 by single_order: beats
    (["S6", "H6", "C6", "D6"], ["S4", "H4", "S5", "H5"], {"beats": True}),
    # 5555 on 3344 (top 4): 5 above 4: beats
    (["S5", "H5", "C5", "D5"], ["S3", "H3", "S4", "H4"], {"beats": True}),
    # 4444 on 2233: the run's top is the 3 (the last of its ranks in sequence_order), below 4: beats
    (["S4", "H4", "C4", "D4"], ["S2", "H2", "S3", "H3"], {"beats": True}),
    # 4444 on 5566 (top 6): 4 below 6: not higher
    (["S4", "H4", "C4", "D4"], ["S5", "H5", "S6", "H6"], {"beats": False, "reason": "not_higher"}),
    # 3344 (top 4) on 5555: 4 below 5: not higher; 5566 (top 6) on 4444: beats
    (["S3", "H3", "S4", "H4"], ["S5", "H5", "C5", "D5"], {"beats": False, "reason": "not_higher"}),
    (["S5", "H5", "S6", "H6"], ["S4", "H4", "C4", "D4"], {"beats": True}),
])
def test_bombs_of_two_combinations_compare_their_tops_by_single_order(play, table, expected):
    assert OPS["beats"](PAIR_RUN_BOMBS_TWO_LOW, {"play": play, "table": table}) == expected
    t = table_for(PAIR_RUN_BOMBS_TWO_LOW)
    legal = play_reason(t, play, readings(t, table)[0], play) is None
    assert legal == expected["beats"]


def test_listing_follows_the_same_bomb_scale():
    rules = PAIR_RUN_BOMBS_TWO_LOW
    t = table_for(rules)
    # on 4455 (top 5): the hand's 6666 beats (6 above 5); K and 2 make no run; singles and pairs are ordinary: 1
    hand = ["S6", "H6", "C6", "D6", "SK", "H2"]
    table = ["S4", "H4", "S5", "H5"]
    assert _count(rules, hand, table) == {"count": 2, "plays": 1, "pass": True}
    assert legal_plays(rules, hand, readings(t, table)[0]) == [["S6", "H6", "C6", "D6"]]
    # on 3344 (top 4): the pair-run bomb 5566 (top 6) beats; no four of a rank, no other run: 1 play
    hand = ["C5", "D5", "C6", "D6", "SK"]
    assert legal_plays(rules, hand, readings(t, ["S3", "H3", "S4", "H4"])[0]) == [["C5", "D5", "C6", "D6"]]


def test_with_no_egg_the_hand_has_no_bury_and_the_record_verifies():
    rules = with_options(egg__count=0)
    state = HandState(rules, pack_for(split_rest([["H3"], [], []])))
    # the banker (holder of H3, seat 0) leads at once: the play phase, nothing buried
    assert (state.phase, state.current_player(), state.egg) == ("play", 0, [])
    assert state.check({"type": "bury", "seat": 0, "cards": []}) == "bad_action"
    assert state.check({"type": "play", "seat": 0, "cards": ["H3"]}) is None
    assert OPS["facts"](rules, {})["banker_cards_after_bury"] == 18
    match = Match(rules, 1)
    match.play([RandomBot(random.Random(1)) for _ in range(3)], hands=2)
    assert not any(a["type"] == "bury" for s in match.states for a in s.actions)
    assert records.replay(envelope.match_record(match), rules).answer() == {"accepted": True}


def test_with_no_egg_and_the_exchange_after_the_next_deal_the_play_starts_after_the_exchange():
    rules = with_options(egg__count=0, exchange__timing="after_next_deal")
    match = Match(rules, 2)
    match.play([RandomBot(random.Random(2)) for _ in range(3)], hands=2)
    second = match.states[1]
    kinds = [a["type"] for a in second.actions]
    assert "bury" not in kinds and kinds[0] == "give"  # the exchange of the last hand's places, then play at once
    assert records.replay(envelope.match_record(match), rules).answer() == {"accepted": True}


AIRPLANE = ["S3", "H3", "C3", "S4", "H4", "C4", "S5", "H5", "C5", "D10", "DJ", "DQ"]
"""3-4-5 triples with a 10, J and Q: an airplane with singles of three triples, top 5."""
FOUR_TRIPLES = ["S6", "H6", "C6", "S7", "H7", "C7", "S8", "H8", "C8", "S9", "H9", "C9"]
"""Three each of 6 to 9: a run of four triples, and with 3_beside_body also 6-7-8 with three 9s (top 8) and 7-8-9
with three 6s (top 9)."""


def _doudizhu(value):
    """The Dou Dizhu fixture's combinations with ``combinations.attached_same_rank`` = ``value``."""
    from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants

    fixture = load_fixture_variants(find_variant_files())["biedan/doudizhu-judger"]
    return with_options(**{f"combinations__{r}": fixture.rule(f"combinations.{r}")
                           for r in ("catalogue", "attachments", "flush")}, combinations__attached_same_rank=value)


def test_wings_beside_the_body_play_as_the_reading_that_beats():
    """combinations.attached_same_rank: 3_beside_body: the four triples are played on the airplane as their first
    reading that beats it (6-7-8 with the three 9s, top 8): a round accepts them, a record may declare them an
    airplane with singles but not a run of triples; leading, they are their first reading, the run. Under the value
    3 they are a run only: a round refuses them on the airplane (bad input: they do not beat it)."""
    from datong_rules.reference_impl.biedan.combinations import play_reading
    from datong_rules.reference_impl.biedan.state import reading_reason

    actions = [{"type": "play", "seat": 0, "cards": AIRPLANE}, {"type": "play", "seat": 1, "cards": FOUR_TRIPLES}]
    given = {"hand_sizes": [15, 15, 5], "leader": 0, "actions": actions}
    beside, apart = _doudizhu("3_beside_body"), _doudizhu(3)
    assert OPS["round"](beside, given)["table"] == FOUR_TRIPLES
    with pytest.raises(ValueError, match="does not beat the table"):
        OPS["round"](apart, given)
    t = table_for(beside)
    table = readings(t, AIRPLANE)[0]
    reading, reason = play_reading(t, FOUR_TRIPLES, table)
    assert (reading.combination, reading.top, reading.length, reason) == ("airplane_with_singles", "8", 3, None)
    assert play_reading(t, FOUR_TRIPLES, None)[0].combination == "triple_run"
    declared = {"type": "play", "seat": 1, "cards": FOUR_TRIPLES}
    assert reading_reason(t, {**declared, "reading": {"combination": "airplane_with_singles"}}, table) is None
    assert reading_reason(t, {**declared, "reading": {"combination": "triple_run"}}, table) == "not_a_combination"
    assert reading_reason(t, {**declared, "reading": {"combination": "triple_run"}}, None) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_plays_of_hands_with_wings_beside_the_body_are_legal(seed):
    """Random plays (the state's uniform draw of a legal action) of whole hands under the 3_beside_body rules: each
    passes the state's own check, and the hand ends."""
    from datong_rules.reference_impl.biedan.state import new_hand

    rng = random.Random(seed)
    state = new_hand(_doudizhu("3_beside_body"), rng)
    for _ in range(400):
        if state.phase == "over":
            break
        action = state.random_action(rng)
        assert state.check(action) is None, action
        state.apply(action)
    assert state.phase == "over"


def test_the_table_names_wings_beside_the_body_as_played():
    """The table app's selection hook names four triples in a run as the combination they are played as: on the
    airplane an airplane with singles (the reading that beats it), leading a run of triples (the first reading)."""
    from types import SimpleNamespace

    from datong_rules.reference_impl.biedan.selection import selector

    rules = _doudizhu("3_beside_body")
    t = table_for(rules)
    select = selector({})
    on_airplane = SimpleNamespace(phase="play", t=t, table=readings(t, AIRPLANE)[0])
    leading = SimpleNamespace(phase="play", t=t, table=None)
    assert select(on_airplane, 1, FOUR_TRIPLES)[0]["combination"]["en"] == "airplane_with_singles"
    assert select(leading, 1, FOUR_TRIPLES)[0]["combination"]["en"] == "triple_run"
