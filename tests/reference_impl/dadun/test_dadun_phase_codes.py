"""打墩 Dadun: the codes of actions that belong to no part of the hand (``wrong_phase``: any action after the hand is
over, a ``bury``, which no part of a 打墩 hand takes), in ``check`` and in ``replay``; and the table's
``describe_selection`` during the tribute phase (the cards selected are the ``give`` of the step due)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from datong_rules.reference_impl import records
from datong_rules.reference_impl.dadun import bots
from datong_rules.reference_impl.dadun.records import replay
from datong_rules.reference_impl.dadun.rules import rules_for, rules_from_variant
from datong_rules.reference_impl.dadun.state import Match, new_hand
from datong_rules.reference_impl.variant.resolve import open_variant
from datong_rules.rulebook.explain import describe_selection

V = "dadun/dadun-guide"
HOUSE = open_variant(str(Path(__file__).resolve().parents[3] / "docs/examples/dadun-guandan.yaml"))


def _played_out(seed: int):
    """A hand of the guide played to its end by random bots."""
    rng = random.Random(seed)
    state = new_hand(rules_for(V), rng)
    while not state.is_terminal():
        state.apply(state.random_action(rng))
    return state


def test_any_action_after_the_hand_is_over_is_wrong_phase():
    state = _played_out(3)
    last = state.actions[-1]["seat"]
    for seat in range(4):  # the seat that played last and every other: no seat acts any more
        assert state.check({"type": "pass", "seat": seat}) == "wrong_phase"
    assert state.check({"type": "play", "seat": last, "cards": ["S3"]}) == "wrong_phase"
    assert state.check({"type": "play", "seat": last, "cards": []}) == "wrong_phase"
    assert state.check({"type": "give", "seat": 0, "to": 1, "cards": ["S3"]}) == "wrong_phase"
    assert state.check({"type": "pass", "seat": 0, "extra": 1}) == "bad_action"  # not the notation: said first


def test_a_bury_is_wrong_phase_in_play_and_in_the_tribute():
    state = new_hand(rules_for(V), random.Random(4))
    seat = state.current_player()
    card = sorted(state.hands[seat])[0]
    assert state.check({"type": "bury", "seat": seat, "cards": [card]}) == "wrong_phase"
    tribute = _tribute_state()
    step = tribute.tribute_step
    card = sorted(tribute.hands[step.giver])[0]
    assert tribute.check({"type": "bury", "seat": step.giver, "cards": [card]}) == "wrong_phase"
    assert tribute.check({"type": "pass", "seat": step.giver}) == "tribute_first"  # a play or pass: as before


def test_replay_refuses_an_action_after_the_end_as_wrong_phase():
    state = _played_out(5)
    body = records.hand_record(state)
    n = len(body["actions"])
    body["actions"].append({"type": "pass", "seat": 1})
    answer = replay(json.loads(json.dumps(body)), rules_for(V)).answer()
    assert answer == {"accepted": False, "index": n, "seat": 1, "reason": "wrong_phase"}


def _tribute_state():
    """A hand whose tribute phase is under way (docs/examples/dadun-guandan.yaml: Guandan's tribute; the hand after
    one greedy hand)."""
    rules = rules_from_variant(HOUSE)
    for seed in range(20):
        match = Match(rules, seed)
        match.play([bots.BOTS["greedy"](random.Random(i)) for i in range(4)], hands=1)
        state = match.new_hand()
        if state.tribute_step is not None:
            return state
    raise AssertionError("no seed gives a tribute that is not resisted")


def test_describe_selection_during_the_tribute_is_the_give_due():
    state = _tribute_state()
    step = state.tribute_step
    assert step.kind == "tribute"  # the givers give first
    giver, receiver, wild = step.giver, step.receiver, "H" + state.level
    # the giver's hand, made known: a big joker, an ace, a 3 and the wild card (kept: never a tribute). The highest
    # card by ranking.power_order is the big joker, so it is the only tribute allowed.
    state.hands[giver] = Counter({"BJ": 1, "SA": 1, "S3": 1, wild: 1})
    legal = describe_selection(state, giver, ["BJ"], "en", HOUSE)
    assert legal["legal_now"] is True and legal["refusal"] is None
    assert legal["actions"] == [{"type": "give", "seat": giver, "to": receiver, "cards": ["BJ"]}]
    assert legal["combination"] is None and "Tribute to" in legal["readings"][0]
    lower = describe_selection(state, giver, ["SA"], "en", HOUSE)
    assert lower["legal_now"] is False and lower["actions"] == []
    assert lower["refusal"]["reason"] == "tribute_not_highest"
    assert describe_selection(state, giver, [wild], "en", HOUSE)["refusal"]["reason"] == "tribute_not_highest"
    assert describe_selection(state, giver, ["BJ", "S3"], "en", HOUSE)["refusal"]["reason"] == "wrong_count"
    other = (giver + 1) % 4
    assert describe_selection(state, other, ["S3"], "en", HOUSE)["refusal"]["reason"] == "out_of_turn"
    zh = describe_selection(state, giver, ["BJ"], "zh", HOUSE)
    assert zh["legal_now"] is True and "进贡给" in zh["readings"][0]
