"""The Biedan hand: deal, first banker by ♥3, the egg, rounds, passes, going out, the hand's end, the exchange and
the bank across a session. Expected values are reasoned from biedan-guide and the variant's options."""

from __future__ import annotations

import random

import pytest
from biedan_helpers import GUIDE, pack_for, split_rest, with_options

from datong_rules.reference_impl.biedan.ops import OPS
from datong_rules.reference_impl.biedan.rules import rules_for
from datong_rules.reference_impl.biedan.state import HandState, IllegalAction, Match

# seat 0 holds H3 (banker), S4 D4 C4 (to bury) and low singles; seat 1 and 2 get the rest
HANDS = split_rest([["H3", "S4", "D4", "C4", "S5", "D6"], ["S6", "H5"], ["D5", "C5"]])


def started(rules=None, hands=HANDS) -> HandState:
    state = HandState(rules or rules_for(GUIDE), pack_for(hands))
    state.apply({"type": "bury", "seat": 0, "cards": ["S4", "D4", "C4"]})
    return state


def test_deal_and_first_banker():
    state = HandState(rules_for(GUIDE), pack_for(HANDS))
    assert [sorted(state.cards_of(s)) for s in range(3)] == [sorted(h) for h in HANDS]
    assert state.banker == 0 and state.phase == "bury" and state.current_player() == 0
    assert OPS["first_banker"](GUIDE, {"hands": HANDS}) == {"banker": 0}


def test_first_banker_is_the_heart_three_holder_whoever_draws_first():
    hands = [HANDS[1], HANDS[2], HANDS[0]]  # H3 now in seat 2's hand
    state = HandState(rules_for(GUIDE), pack_for(hands))
    assert state.banker == 2


def test_bury():
    state = HandState(rules_for(GUIDE), pack_for(HANDS))
    assert state.check({"type": "bury", "seat": 0, "cards": ["S4", "D4"]}) == "wrong_count"
    assert state.check({"type": "bury", "seat": 0, "cards": ["S4", "D4", "S6"]}) == "not_in_hand"
    assert state.check({"type": "bury", "seat": 1, "cards": ["S6", "H5", "D5"]}) == "out_of_turn"
    assert state.check({"type": "pass", "seat": 0}) == "wrong_phase"
    state.apply({"type": "bury", "seat": 0, "cards": ["S4", "D4", "C4"]})
    assert state.sizes == [15, 18, 18] and state.egg == ["S4", "D4", "C4"]
    assert state.phase == "play" and state.current_player() == 0


def test_banker_leads_and_cannot_pass():
    state = started()
    assert state.check({"type": "pass", "seat": 0}) == "must_lead"
    assert state.check({"type": "play", "seat": 1, "cards": ["S6"]}) == "out_of_turn"
    assert state.check({"type": "play", "seat": 0, "cards": ["S6"]}) == "not_in_hand"


@pytest.mark.parametrize("option, leader", [("last_player", 0), ("next_of_last_player", 1)])
def test_next_leader_after_an_unbeaten_play(option, leader):
    state = started(with_options(play__next_leader=option))
    state.apply({"type": "play", "seat": 0, "cards": ["S5"]})
    state.apply({"type": "pass", "seat": 1})
    assert state.current_player() == 2
    state.apply({"type": "pass", "seat": 2})
    assert state.table is None and state.current_player() == leader


@pytest.mark.parametrize("locks, after", [(False, 1), (True, None)])
def test_pass_locks_out(locks, after):
    """0 leads S5, 1 passes, 2 plays a higher single, 0 passes: without the lock seat 1 may play again; with it the
    round is over and seat 2 leads."""
    state = started(with_options(play__pass_locks_out=locks))
    state.apply({"type": "play", "seat": 0, "cards": ["S5"]})
    state.apply({"type": "pass", "seat": 1})
    high = max(state.cards_of(2), key=state.t.card_strength.get)
    state.apply({"type": "play", "seat": 2, "cards": [high]})
    state.apply({"type": "pass", "seat": 0})
    if after is None:
        assert state.table is None and state.current_player() == 2
    else:
        assert state.current_player() == 1 and state.table is not None
        assert state.check({"type": "play", "seat": 1, "cards": ["S6"]}) == "not_higher"


def test_locked_player_may_only_pass():
    state = started(with_options(play__pass_locks_out=True))
    state.apply({"type": "play", "seat": 0, "cards": ["S5"]})
    state.apply({"type": "pass", "seat": 1})
    state.apply({"type": "play", "seat": 2, "cards": [max(state.cards_of(2), key=state.t.card_strength.get)]})
    assert state.current_player() == 0  # seat 1 is skipped while locked
    assert list(state.legal_actions())[0] == {"type": "pass", "seat": 0}


def test_first_lead_must_contain_heart_three():
    rules = with_options(play__first_lead_with_banker_card=True)
    state = started(rules)
    assert state.check({"type": "play", "seat": 0, "cards": ["S5"]}) == "must_contain_card"
    assert state.check({"type": "play", "seat": 0, "cards": ["H3"]}) is None
    assert all("H3" in a["cards"] for a in state.legal_actions())
    rng = random.Random(4)
    assert all("H3" in state.random_action(rng)["cards"] for _ in range(50))
    buried = HandState(rules, pack_for(HANDS))
    buried.apply({"type": "bury", "seat": 0, "cards": ["H3", "D4", "C4"]})
    assert buried.check({"type": "play", "seat": 0, "cards": ["S5"]}) is None  # the ♥3 was buried
    assert OPS["first_leader"](rules, {"hands": HANDS, "egg": ["H3", "D4", "C4"]}) == {"leader": 0,
                                                                                        "must_contain": None}
    assert OPS["first_leader"](rules, {"hands": HANDS}) == {"leader": 0, "must_contain": "H3"}


ROUND = {"hand_sizes": [1, 5, 5], "leader": 0}


@pytest.mark.parametrize("option", ["last_player", "next_of_last_player"])
def test_wind_after_going_out(option):
    """Seat 0 plays its last card, nobody beats: seat 1 (its next player) leads under both readings (biedan-next-leader)."""
    rules = with_options(play__next_leader=option)
    answer = OPS["round"](rules, {**ROUND, "actions": [{"type": "play", "seat": 0, "cards": ["S3"]},
                                                       {"type": "pass", "seat": 1}, {"type": "pass", "seat": 2}]})
    assert answer == {"over": True, "hand_over": False, "to_act": None, "table": None, "next_leader": 1, "out": [0]}


def test_round_with_a_player_out():
    """Seat 2 is out: after seat 0's play only seat 1 has to pass."""
    given = {"hand_sizes": [5, 5, 0], "leader": 0,
             "actions": [{"type": "play", "seat": 0, "cards": ["S3"]}, {"type": "pass", "seat": 1}]}
    assert OPS["round"](GUIDE, given)["next_leader"] == 0
    assert OPS["round"](with_options(play__next_leader="next_of_last_player"), given)["next_leader"] == 1
    mid = OPS["round"](GUIDE, {**given, "actions": given["actions"][:1]})
    assert (mid["over"], mid["to_act"], mid["table"]) == (False, 1, ["S3"])


def test_hand_ends_when_one_player_is_left():
    answer = OPS["round"](GUIDE, {"hand_sizes": [1, 1, 5], "leader": 0, "actions": [
        {"type": "play", "seat": 0, "cards": ["S3"]}, {"type": "play", "seat": 1, "cards": ["S4"]}]})
    assert answer == {"over": True, "hand_over": True, "to_act": None, "table": None, "next_leader": None,
                      "out": [0, 1]}


@pytest.mark.parametrize("given, words", [
    ({"hand_sizes": [5, 5, 5], "leader": 0, "actions": [{"type": "pass", "seat": 0}]}, "cannot pass"),
    ({"hand_sizes": [5, 5, 5], "leader": 0, "actions": [{"type": "play", "seat": 1, "cards": ["S3"]}]},
     "not to act"),
    ({"hand_sizes": [5, 5, 5], "leader": 0, "actions": [{"type": "play", "seat": 0, "cards": ["S5"]},
                                                        {"type": "play", "seat": 1, "cards": ["S4"]}]},
     "does not beat"),
])
def test_round_bad_input(given, words):
    with pytest.raises(ValueError, match=words):
        OPS["round"](GUIDE, given)


def test_exchange_end_of_hand_example():
    """The example of the operations doc: banker 0 first, seat 1 second, seat 2 third holding SA HA D5 C9."""
    answer = OPS["exchange"](GUIDE, {"places": {"first": 0, "second": 1, "third": 2}, "banker": 0,
                                     "hands": [[], [], ["SA", "HA", "D5", "C9"]], "egg": ["S3", "H4", "D6"]})
    assert [(m["step"], m["from"], m["to"], m["ranks"]) for m in answer["moves"]] == [
        ("draw", 2, 0, ["A"]), ("take_egg", None, 2, ["6", "4", "3"]), ("hand_over", 2, 1, ["A", "9", "5"]),
        ("return", 1, 2, ["A", "9", "5"])]
    assert answer["counts"] == [1, 0, 6]


def test_exchange_banker_extra_card():
    """extra_card: a banker who is second (and so holds the third's cards after the hand-over) pays one more."""
    rules = with_options(exchange__banker_tribute="extra_card")
    answer = OPS["exchange"](rules, {"places": {"first": 1, "second": 0, "third": 2}, "banker": 0,
                                     "hands": [[], [], ["SK", "S3", "H4", "D5", "C6", "S7"]],
                                     "egg": ["D8", "D9", "D10"]})
    steps = [(m["step"], m["from"], m["to"], m["ranks"]) for m in answer["moves"]]
    # draw K; egg to 2; 2 hands over 3 4 5 6 7 to 0; 0 returns the worst three 3 4 5; 0 pays its best (7) to 1
    assert steps == [("draw", 2, 1, ["K"]), ("take_egg", None, 2, ["10", "9", "8"]),
                     ("hand_over", 2, 0, ["7", "6", "5", "4", "3"]), ("return", 0, 2, ["5", "4", "3"]),
                     ("banker_extra", 0, 1, ["7"])]
    assert answer["counts"] == [1, 2, 6]


def test_exchange_after_next_deal_in_a_session():
    """after_next_deal: after the deal of hand 2 the first of hand 1 receives two cards (20), the others give one
    (17 each); then the banker buries three."""
    rules = with_options(exchange__timing="after_next_deal")
    match = Match(rules, seed=11)
    rng = random.Random(11)
    state = match.new_hand()
    while not state.is_terminal():
        state.apply(state.random_action(rng))
    result = match.finish_hand(state)
    assert all(m["step"] != "take_egg" for m in result["moves"]) and result["moves"] == []
    nxt = match.new_hand()
    assert nxt.phase == "exchange"
    first, second, third = (result["places"][p] for p in ("first", "second", "third"))
    best_third = max(nxt.t.card_strength[c] for c in nxt.cards_of(third))
    assert nxt.current_player() == first  # the first picks from the third's best cards
    assert nxt.check({"type": "give", "seat": third, "to": first,
                      "cards": [min(nxt.cards_of(third), key=nxt.t.card_strength.get)]}) in ("not_best", None)
    while nxt.phase == "exchange":
        nxt.apply(nxt.random_action(rng))
    assert nxt.moves[0]["step"] == "draw" and nxt.t.card_strength[nxt.moves[0]["cards"][0]] == best_third
    expected = [0, 0, 0]
    expected[first], expected[second], expected[third] = 20, 17, 17
    assert nxt.sizes == expected and nxt.phase == "bury" and nxt.banker == result["next_banker"]


@pytest.mark.parametrize("option, expect", [("first_out", "first"), ("banker_next_player", "next")])
def test_bank_passes(option, expect):
    rules = with_options(banker__next_when_lost=option)
    assert OPS["settle"](rules, {"banker": 0, "out": [0, 2]}) == {
        "places": {"first": 0, "second": 2, "third": 1}, "banker_kept": True, "next_banker": 0}
    answer = OPS["settle"](rules, {"banker": 0, "out": [2, 0]})
    assert answer["banker_kept"] is False
    assert answer["next_banker"] == (2 if expect == "first" else 1)


def test_match_keeps_or_passes_the_bank():
    match = Match(GUIDE, seed=3)
    rng = random.Random(3)
    bankers = []
    while not match.over:
        state = match.new_hand()
        bankers.append(state.banker)
        assert state.banker_by_card == (len(bankers) == 1)
        while not state.is_terminal():
            state.apply(state.random_action(rng))
        result = match.finish_hand(state)
        assert result["next_banker"] == (state.banker if result["places"]["first"] == state.banker
                                         else result["places"]["first"])
    assert len(match.results) == 6
    assert bankers[1:] == [r["next_banker"] for r in match.results[:-1]]


def test_illegal_action_changes_nothing():
    state = started()
    before = state.summary()
    with pytest.raises(IllegalAction) as info:
        state.apply({"type": "play", "seat": 0, "cards": ["S5", "D6"]})
    assert info.value.reason == "not_a_combination" and state.summary() == before


def test_a_declared_reading_must_be_what_the_cards_are():
    state = started()
    play = {"type": "play", "seat": 0, "cards": ["S5"]}
    assert state.check({**play, "reading": {"combination": "single", "cards": ["S5"]}}) is None
    assert state.check({**play, "reading": {"combination": "single"}}) == "bad_action"  # reading needs its cards
    assert state.check({"type": "play", "seat": 0, "cards": ["♠5"]}) is None  # symbols on input, canonical inside
    assert state.check({"type": "play", "seat": 0, "cards": []}) == "empty_play"
    assert state.check({"type": "jump", "seat": 0}) == "bad_action"
    assert state.check({**play, "reading": {"combination": "pair", "cards": ["S5"]}}) == "not_a_combination"
    assert state.check({**play, "reading": {"combination": "single", "cards": ["S6"]}}) == "not_a_combination"
