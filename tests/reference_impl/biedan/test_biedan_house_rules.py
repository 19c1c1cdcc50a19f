"""The house rules of 憋蛋 that are no reading of the text: must beat when able (play.pass only_when_unable) and a
target tally that ends the match (match.target). Expected values reasoned from the rule texts."""

from __future__ import annotations

import random

import pytest
from biedan_helpers import pack_for, split_rest, with_options

from datong_rules.reference_impl import records as envelope
from datong_rules.reference_impl.biedan import records
from datong_rules.reference_impl.biedan.bots import GreedyBot, RandomBot
from datong_rules.reference_impl.biedan.ops import OPS
from datong_rules.reference_impl.biedan.state import HandState, Match, match_over

MUST_BEAT = with_options(play__pass="only_when_unable")
# seat 0 holds H3 (banker) and leads S5; seat 1 holds the BJ (can beat a 5); seat 2 holds only low cards after it
HANDS = split_rest([["H3", "S4", "D4", "C4", "S5", "D6"], ["BJ", "H5"], ["D5", "C5"]])


def _after_lead(rules):
    state = HandState(rules, pack_for(HANDS))
    state.apply({"type": "bury", "seat": 0, "cards": ["S4", "D4", "C4"]})
    state.apply({"type": "play", "seat": 0, "cards": ["S5"]})
    return state


def test_a_player_able_to_beat_may_not_pass():
    state = _after_lead(MUST_BEAT)
    assert state.current_player() == 1
    assert state.check({"type": "pass", "seat": 1}) == "must_beat"
    assert {"type": "pass", "seat": 1} not in list(state.legal_actions())
    rng = random.Random(0)
    assert all(state.random_action(rng)["type"] == "play" for _ in range(50))
    assert _after_lead(with_options()).check({"type": "pass", "seat": 1}) is None  # the guide: always


def test_a_locked_out_player_may_pass_though_able():
    rules = with_options(play__pass="only_when_unable", play__pass_locks_out=True)
    answer = OPS["legal_play"](rules, {"hand": ["BJ", "S4"], "table": ["H5"], "play": "pass", "passed": True})
    assert answer == {"legal": True}
    assert OPS["legal_play_count"](rules, {"hand": ["BJ", "S4"], "table": ["H5"], "passed": True}) == {
        "count": 1, "plays": 0, "pass": True}


@pytest.mark.parametrize("bot", [GreedyBot, RandomBot])
def test_bots_never_pass_when_able_and_the_match_replays(bot):
    match = Match(MUST_BEAT, 5)
    rng = random.Random(5)
    match.play([bot(rng) for _ in range(3)], hands=2)
    passes = [a for state in match.states for a in state.actions if a["type"] == "pass"]
    assert passes  # the replay below judges each pass by play.pass (must_beat when the seat could beat)
    assert records.replay(envelope.match_record(match), MUST_BEAT).answer() == {"accepted": True}


@pytest.mark.parametrize("target, hands, tally, over", [
    (None, 5, [5, 0, -5], False), (None, 6, [0, 0, 0], True),
    (3, 2, [2, 0, -2], False), (3, 3, [3, 0, -3], True), (3, 4, [4, -1, -3], True),
    (-2, 2, [1, 0, -1], False), (-2, 2, [0, 0, -2], True), (-2, 6, [0, 0, 0], True)])
def test_match_over_by_hands_or_target(target, hands, tally, over):
    rules = with_options(match__target="none" if target is None else target)
    assert match_over(rules, hands, tally) is over


def test_a_match_to_a_target_ends_early_and_its_record_says_so():
    rules = with_options(match__target=1)  # the first of the first hand reaches 1
    match = Match(rules, 3)
    match.play([GreedyBot(random.Random(3)) for _ in range(3)])
    assert len(match.results) == 1 and match.over and max(match.tally) == 1
    assert match.winners == [match.results[0]["places"]["first"]]
    record = envelope.match_record(match)
    assert record["match_over"] is True
    assert records.replay(record, rules).answer() == {"accepted": True}
    guide = with_options()  # six hands, no target: one hand does not end the session
    assert records.replay(record, guide).answer()["reason"] == "result_mismatch"


def test_a_record_going_on_after_the_target_is_refused():
    rules = with_options(match__target=1)
    longer = Match(with_options(), 3)  # the guide plays on: two hands
    longer.play([GreedyBot(random.Random(3)) for _ in range(3)], hands=2)
    record = envelope.match_record(longer)
    record.pop("match_over")
    answer = records.replay(record, rules).answer()
    assert answer["accepted"] is False and answer["reason"] == "result_mismatch" and answer["hand"] == 1


def test_the_greedy_bot_plays_attached_plays_and_its_match_replays():
    """Under the attached plays of Dou Dizhu the greedy bot leads them (a triple with one sheds more cards than the
    bare triple), and every one of its plays is legal: the match record replays."""
    from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants
    from datong_rules.reference_impl.biedan.combinations import readings
    from datong_rules.reference_impl.biedan.rules import rules_for

    rules = rules_for(load_fixture_variants(find_variant_files())["biedan/attachments"])
    match = Match(rules, 1)
    match.play([GreedyBot(random.Random(1)) for _ in range(3)])
    kinds = {readings(state.t, a["cards"])[0].combination for state in match.states for a in state.actions
             if a["type"] == "play"}
    assert {"triple_with_single", "triple_with_pair"} & kinds, kinds
    assert records.replay(envelope.match_record(match), rules).answer() == {"accepted": True}
