"""The points docs/implementers/biedan-operations.md decides for implementers (repeated cards, contradictory flags,
the replay record format, card-token case): each one as the engine must do it. Expected values are reasoned from
the doc, not taken from a run."""

from __future__ import annotations

import copy
import json
import random

import pytest

from datong_rules.reference_impl import records as envelope
from datong_rules.reference_impl.biedan import records
from datong_rules.reference_impl.biedan.bots import make_bots
from datong_rules.reference_impl.biedan.ops import OPS
from datong_rules.reference_impl.biedan.state import Match

from biedan_helpers import GUIDE, with_options


@pytest.fixture(scope="module")
def match_record() -> dict:
    """A whole biedan-guide session (seed 1, random bots) as written by ``datong-rules play``."""
    match = Match(GUIDE, 1)
    match.play(make_bots("random", random.Random(1)))
    return json.loads(envelope.dumps(envelope.match_record(match)))


def _answer(record: dict) -> dict:
    return records.replay(record).answer()


# ----------------------------------------------------------------------------------------------- replay
def test_result_card_lists_compare_as_multisets(match_record):
    record = copy.deepcopy(match_record)
    result = record["hands"][0]["result"]
    assert len(result["egg"]) == 3 and any(len(m["cards"]) > 1 for m in result["moves"])  # orders that can differ
    result["egg"].reverse()
    for move in result["moves"]:
        move["cards"].reverse()
    assert _answer(record) == {"accepted": True}


def test_result_mismatch_has_no_index_nor_seat(match_record):
    record = copy.deepcopy(match_record)
    result = record["hands"][0]["result"]
    result["banker_kept"] = not result["banker_kept"]
    assert _answer(record) == {"accepted": False, "index": None, "seat": None, "reason": "result_mismatch", "hand": 0}
    record = copy.deepcopy(match_record)
    egg = record["hands"][0]["result"]["egg"]
    egg[0] = next(c for c in record["hands"][0]["pack"] if c not in egg)  # another card: a different multiset
    assert _answer(record)["reason"] == "result_mismatch"


def test_result_card_tokens_in_any_case(match_record):
    record = copy.deepcopy(match_record)
    result = record["hands"][0]["result"]
    result["egg"] = [c.lower() for c in result["egg"]]
    assert _answer(record) == {"accepted": True}


def _first_give(record: dict) -> tuple[dict, int]:
    actions = record["hands"][0]["actions"]
    index = next(i for i, a in enumerate(actions) if a["type"] == "give")
    return actions[index], index


def test_give_of_the_wrong_number_of_cards_is_wrong_count(match_record):
    record = copy.deepcopy(match_record)
    give, index = _first_give(record)  # the draw (end_of_hand): one card, from the third to the first
    assert len(give["cards"]) == 1 and give["seat"] == record["hands"][0]["result"]["places"]["third"]
    give["cards"] = give["cards"] * 2  # two cards (the same one twice): the count is judged first
    assert _answer(record) == {"accepted": False, "index": index, "seat": give["seat"], "reason": "wrong_count",
                               "hand": 0}


def test_later_hand_with_previous_null_is_wrong_banker(match_record):
    record = copy.deepcopy(match_record)
    assert record["hands"][1]["previous"] is not None  # biedan-guide is end_of_hand: previous is written anyway
    record["hands"][1]["previous"] = None
    assert _answer(record) == {"accepted": False, "index": None, "seat": None, "reason": "wrong_banker", "hand": 1}


def test_lone_hand_with_malformed_previous_is_wrong_banker(match_record):
    hand = copy.deepcopy(match_record["hands"][1])
    hand["previous"]["places"] = {"first": 0, "second": 0, "third": 1}  # not three different seats
    rules = with_options(exchange__timing="after_next_deal")
    assert records.replay(hand, rules).answer() == {"accepted": False, "index": None, "seat": None,
                                                    "reason": "wrong_banker"}


def test_incomplete_index_is_the_number_of_actions_and_seat_null(match_record):
    hand = copy.deepcopy(match_record["hands"][0])
    del hand["actions"][-1]
    assert records.replay(hand).answer() == {"accepted": False, "index": len(hand["actions"]), "seat": None,
                                             "reason": "incomplete"}


def test_empty_play_is_judged_after_phase_and_turn(match_record):
    hand = copy.deepcopy(match_record["hands"][0])
    actions = hand["actions"]
    assert actions[0]["type"] == "bury"
    banker = actions[0]["seat"]
    hand["actions"] = [{"type": "play", "seat": banker, "cards": []}] + actions[1:]
    assert records.replay(hand).answer()["reason"] == "wrong_phase"  # a play before the bury
    other = (banker + 1) % 3
    hand["actions"] = [actions[0], {"type": "play", "seat": other, "cards": []}]
    assert records.replay(hand).answer() == {"accepted": False, "index": 1, "seat": other, "reason": "out_of_turn"}
    hand["actions"] = [actions[0], {"type": "play", "seat": banker, "cards": []}]
    assert records.replay(hand).answer() == {"accepted": False, "index": 1, "seat": banker, "reason": "empty_play"}


def test_an_action_without_a_valid_seat_is_refused_with_seat_null(match_record):
    hand = copy.deepcopy(match_record["hands"][0])
    hand["actions"][1]["seat"] = 7  # not a seat 0-2: not in the notation
    assert records.replay(hand).answer() == {"accepted": False, "index": 1, "seat": None, "reason": "bad_action"}


# ----------------------------------------------------------------------------------------------- operations
def test_a_play_naming_a_card_twice_is_not_in_hand():
    assert OPS["legal_play"](GUIDE, {"hand": ["S5", "H5"], "table": None, "play": ["S5", "S5"]}) == {
        "legal": False, "reason": "not_in_hand"}
    assert OPS["egg"](GUIDE, {"hand": ["S3", "C4", "D5"], "egg": ["S3", "S3", "C4"]}) == {
        "legal": False, "reason": "not_in_hand"}
    assert OPS["egg"](GUIDE, {"hand": ["S3", "C4", "D5"], "egg": ["S3", "S3"]}) == {
        "legal": False, "reason": "wrong_count"}


@pytest.mark.parametrize("op, given, words", [
    ("legal_play", {"hand": ["S5"], "table": None, "play": ["S5"], "passed": True}, "passed"),
    ("legal_play", {"hand": ["S5"], "table": ["D4"], "play": ["S5"], "first_lead": True}, "first_lead"),
    ("legal_play", {"hand": ["S5", "D4"], "table": ["D4"], "play": ["S5"]}, "D4 also in given.table"),
    ("legal_play", {"hand": ["S5", "S5"], "table": None, "play": ["S5"]}, "twice"),
    ("legal_play_count", {"hand": ["S5"], "table": None, "passed": True}, "passed"),
    ("legal_play_count", {"hand": ["S5"], "table": ["D4"], "first_lead": True}, "first_lead"),
    ("legal_play_count", {"hand": ["S5", "D4"], "table": ["D4"]}, "also in"),
    ("beats", {"table": ["D4"], "play": ["D4"]}, "also in"),
    ("round", {"hand_sizes": [5, 5, 5], "leader": 0, "actions": [
        {"type": "play", "seat": 0, "cards": ["S5"]}, {"type": "play", "seat": 1, "cards": ["S5"]}]}, "earlier play"),
    ("exchange", {"places": {"first": 0, "second": 1, "third": 2}, "banker": 0, "hands": [[], [], ["SA", "D5"]],
                  "egg": ["D5", "S3", "H4"]}, "D5 also in given.hands"),
    ("first_leader", {"hands": [["H3", "S4"], ["S5"], ["S6"]], "egg": ["S5"]}, "banker"),
    ("first_banker", {"hands": [["H3", "S4"], ["S4"], ["S6"]]}, "another hand"),
])
def test_contradictory_or_impossible_input_is_a_one_line_error(op, given, words):
    with pytest.raises(ValueError) as err:
        OPS[op](GUIDE, given)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_locked_out_follower_may_only_pass():
    rules = with_options(play__pass_locks_out=True)
    assert OPS["legal_play_count"](rules, {"hand": ["SK"], "table": ["D4"], "passed": True}) == {
        "count": 1, "plays": 0, "pass": True}
    assert OPS["legal_play"](rules, {"hand": ["SK"], "table": ["D4"], "play": "pass", "passed": True}) == {
        "legal": True}


def test_egg_is_not_looked_at_after_the_next_deal():
    rules = with_options(exchange__timing="after_next_deal")
    # third (2) holds SA and D5: the draw takes the best card, SA; no second card moves; egg unchecked
    answer = OPS["exchange"](rules, {"places": {"first": 0, "second": 1, "third": 2}, "banker": 0,
                                     "hands": [[], [], ["SA", "D5"]], "egg": ["D5"]})
    assert answer == {"moves": [{"step": "draw", "from": 2, "to": 0, "count": 1, "ranks": ["A"]}],
                      "counts": [1, 0, 1]}


def test_round_table_keeps_the_order_of_the_play():
    answer = OPS["round"](GUIDE, {"hand_sizes": [5, 5, 5], "leader": 0, "actions": [
        {"type": "play", "seat": 0, "cards": ["D7", "S5", "H6"]}]})
    assert answer["table"] == ["D7", "S5", "H6"] and answer["to_act"] == 1


def test_card_tokens_in_any_case_are_read():
    assert OPS["classify"](GUIDE, {"cards": ["s5", "s6", "s7"]})["readings"] == [
        {"combination": "straight", "top": "7", "length": 3, "flush": True}]
    assert OPS["legal_play"](GUIDE, {"hand": ["h10", "st"], "table": ["d9"], "play": ["sT"]}) == {"legal": True}
