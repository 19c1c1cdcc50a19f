"""打墩 Dadun between hands: the tribute (settlement.tribute), Guandan's A rule (match.end) and level gains by the
partner's place (settlement.levels) — every value played, bad values refused in one line, records verified."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from datong_rules.reference_impl import records
from datong_rules.reference_impl.dadun import bots, tribute
from datong_rules.reference_impl.dadun.ops import OPS
from datong_rules.reference_impl.dadun.records import replay
from datong_rules.reference_impl.dadun.rules import RulesError, rules_with
from datong_rules.reference_impl.dadun.state import Match

V = "dadun/dadun-guide"
GUANDAN = {"from": "last_out", "wild": "kept", "resist_big_jokers": 3, "return_at_most": "10", "lead": "giver"}
OTHER = {"from": "losing_side", "wild": "given", "resist_big_jokers": 2, "return_at_most": "10", "lead": "marked_card"}
A_RULE = {"must_play": "A", "win": "partner_not_last", "failures_at_a": 3}
BY_PLACE = {"partner_third": 2, "partner_last": 1}


def _rules(name: str, **overrides):
    return rules_with(V, overrides, f"dadun/{name}")


@pytest.mark.parametrize("value, words", [
    ({**GUANDAN, "lead": "winner"}, "settlement.tribute"),
    ({**GUANDAN, "from": "anyone"}, "settlement.tribute"),
    ({**GUANDAN, "return_at_most": "11"}, "settlement.tribute"),
    ("always", "settlement.tribute"),
])
def test_a_tribute_the_engine_does_not_play_is_refused_in_one_line(value, words):
    with pytest.raises(RulesError) as err:
        _rules("bad", **{"settlement.tribute": value})
    assert words in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("value", [{"must_play": "A", "win": "reach_a"}, {**A_RULE, "failures_at_a": 0},
                                   {**A_RULE, "failures_at_a": "3"}])
def test_a_match_end_the_engine_does_not_play_is_refused_in_one_line(value):
    with pytest.raises(RulesError) as err:
        _rules("bad", **{"match.end": value})
    assert "match.end" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("failures", [[1], [0, -1], "0,0", [0, True]])
def test_settle_refuses_bad_a_failures(failures):
    given = {"levels": ["A", "9"], "level": "A", "finish": [0, 1, 3], "captured": [160, 20, 0, 60],
             "a_failures": failures}
    with pytest.raises(ValueError, match="a_failures must be two counts"):
        OPS["settle"](_rules("a-rule", **{"match.end": A_RULE}), given)


def test_settle_answers_places_in_every_variant():
    answer = OPS["settle"](V, {"finish": [2, 1, 0], "captured": [0, 0, 0, 0]})
    assert answer["places"] == [3, 2, 1, 4] and "tribute" not in answer and "a_failures" not in answer


def test_equal_tributes_go_in_play_order_from_the_first_out():
    """Two givers with the same highest rank: the first giver in play order after the first-out gives to it."""
    rules = _rules("t", **{"settlement.tribute": GUANDAN})
    hands = [Counter(), Counter({"SA": 1, "S3": 1}), Counter(), Counter({"HA": 1, "D4": 1})]
    steps = tribute.steps(rules, hands, "5", {"givers": [3, 1], "receivers": [2, 0]})
    assert [(s.kind, s.giver, s.receiver) for s in steps] == [
        ("tribute", 3, 2), ("tribute", 1, 0), ("return", 2, 3), ("return", 0, 1)]
    hands[1]["BJ"] = 1  # now seat 1's tribute is the larger: it goes to the first-out
    steps = tribute.steps(rules, hands, "5", {"givers": [3, 1], "receivers": [2, 0]})
    assert [(s.giver, s.receiver) for s in steps[:2]] == [(3, 0), (1, 2)]


def test_a_return_is_the_lowest_card_when_none_is_ten_or_lower():
    rules = _rules("t", **{"settlement.tribute": GUANDAN})
    assert tribute.return_cards(rules, Counter({"SK": 1, "HJ": 2, "BJ": 1}), "5") == ["HJ"]
    assert tribute.return_cards(rules, Counter({"SK": 1, "H10": 1, "D2": 1}), "5") == ["D2", "H10"]


@pytest.mark.parametrize("value", [GUANDAN, OTHER])
def test_the_tribute_phase_offers_only_give_actions_and_bad_roles_are_wrong_setup(value):
    rules = _rules("t", **{"settlement.tribute": value})
    match = Match(rules, 5)
    match.play([bots.BOTS["greedy"](random.Random(i)) for i in range(4)], hands=1)
    state = match.new_hand()
    assert state.previous["givers"] and state.tribute is not None
    if state.tribute_step is not None:
        actions = list(state.legal_actions())
        assert actions and all(a["type"] == "give" and a["seat"] == state.current_player() for a in actions)
    body = records.hand_record(state)
    body["previous"] = dict(body["previous"], givers=[0, 2], receivers=[0, 1])  # a seat both gives and receives
    answer = replay(json.loads(json.dumps(body)), rules).answer()
    assert answer["reason"] == "wrong_setup" and answer["index"] is None


@pytest.mark.parametrize("overrides", [
    {"settlement.tribute": GUANDAN},
    {"settlement.tribute": OTHER},
    {"match.end": A_RULE},
    {"settlement.levels": BY_PLACE, "settlement.partners_first_second": {"winner": "first_side", "levels": 3}},
    {"settlement.tribute": GUANDAN, "match.end": A_RULE, "settlement.levels": BY_PLACE},
], ids=["tribute-guandan", "tribute-other", "a-rule", "by-place", "all"])
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_bots_play_each_value_to_the_match_result_and_the_record_verifies(overrides, bot):
    rules = _rules("house", **overrides)
    match = Match(rules, 2)
    match.play([bots.BOTS[bot](random.Random(i)) for i in range(4)])
    assert match.over
    record = json.loads(records.dumps(records.match_record(match)))
    records.validate(record)
    assert replay(record, rules).answer() == {"accepted": True}
    hands = record["hands"]
    if "settlement.tribute" in overrides:
        assert all(h["previous"]["givers"] for h in hands[1:])
        assert any(a["type"] == "give" for h in hands for a in h["actions"])
    if "settlement.levels" in overrides:
        assert all(h["result"]["winner"] == h["result"]["first_team"] for h in hands)
    if "match.end" in overrides:
        assert all("a_failures" in h and "a_failures" in h["result"] for h in hands)
        last = hands[-1]["result"]
        if match.winner is not None:
            assert last["pattern"] != "14+23" and last["winner"] == last["first_team"]


def test_a_give_in_a_variant_without_tribute_is_no_tribute_now():
    match = Match(V, 1)
    state = match.new_hand()
    seat = state.current_player()
    assert state.check({"type": "give", "seat": seat, "to": (seat + 1) % 4, "cards": ["S3"]}) == "no_tribute_now"


def test_the_house_values_show_on_the_options_and_players_pages_in_both_languages():
    from datong_rules.reference_impl.variant import load_variant, open_variant
    from datong_rules.rulebook.options_page import options_page
    from datong_rules.rulebook.pages import VariantDoc
    from datong_rules.rulebook.player_page import player_page
    from datong_rules.rulebook.site import load_house_docs

    root = Path(__file__).resolve().parents[3]
    schema = json.loads((root / "spec/schema/games/dadun/rules.schema.json").read_text(encoding="utf-8"))
    guide = [VariantDoc.from_data(V, load_variant(V).data)]
    house = [d for d in load_house_docs() if d.id == "dadun/dadun-guandan"]
    variant = open_variant(str(root / "docs/examples/dadun-guandan.yaml"))
    doc = VariantDoc.from_data(variant.id, variant.data)
    words = {"zh": ("进贡的一方手里有两张大王就抗贡", "同伴不是末游，才算过A", "同伴是三游升两级"),
             "en": ("A giving side holding both big jokers resists", "with the partner not last",
                    "two levels when the partner is third")}
    for lang, texts in words.items():
        options = options_page("dadun", guide, schema, lang, house)
        players = player_page(doc, lang, [])
        for text in texts:
            assert text in options and text in players, (lang, text)


def test_a_recorded_result_may_leave_out_places_but_not_give_wrong_ones():
    """Records of kit 0.1 give results without ``places``: still accepted; wrong places are a result mismatch."""
    match = Match(V, 4)
    match.play([bots.BOTS["greedy"](random.Random(i)) for i in range(4)], hands=1)
    record = json.loads(records.dumps(records.hand_record(match.hands[0])))
    places = record["result"].pop("places")
    assert replay(record, None).answer() == {"accepted": True}
    record["result"]["places"] = places[::-1]
    assert replay(record, None).answer()["reason"] == "result_mismatch"


@pytest.mark.parametrize("captured, before, words", [
    ([200, 60, 20, 30], 0, "together at most the pack's 300"),  # 310 points: the pack of three decks holds 300
    ([100, -5, 0, 0], 0, "each at least 0"),
    ([100, 20, 40, 60], 45, "seat 2) captured 40"),  # the first-out's partner took 40 in the whole hand
    ([100, 20, 40, 60], -5, "expected 0 … 40"),
])
def test_settle_refuses_points_no_hand_can_capture(captured, before, words):
    given = {"finish": [0, 1, 3], "captured": captured, "first_partner_before": before}
    with pytest.raises(ValueError) as err:
        OPS["settle"](V, given)
    assert words in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("given, words", [
    ({"cutter": 1, "marked_card": "S5", "previous": {"first_out": 2, "last_out": 3}},
     "cutter 1 is not the previous hand's first-out (seat 2)"),  # the previous first-out cuts [cut.later_hands]
    ({"cutter": 2, "marked_card": "S5", "previous": {"first_out": 2, "last_out": 2}}, "is also the previous"),
])
def test_deal_order_refuses_a_later_hand_that_contradicts_itself(given, words):
    with pytest.raises(ValueError) as err:
        OPS["deal_order"](V, given)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_deal_order_of_a_later_hand_the_previous_first_out_cut():
    # the previous last-out (seat 3) draws first whatever the marked card [cut.later_hands]
    answer = OPS["deal_order"](V, {"cutter": 2, "marked_card": "S5", "previous": {"first_out": 2, "last_out": 3}})
    assert answer["first_drawer"] == 3 and answer["count"] is None


def test_a_record_whose_first_hand_is_not_at_the_start_level_is_refused(tmp_path):
    from click.testing import CliRunner

    from datong_rules.cli.main import cli
    path = tmp_path / "hand.json"
    played = CliRunner().invoke(cli, ["play", "dadun/dadun-guide", "--seed", "1", "--hands", "1", "--record",
                                      str(path)])
    assert played.exit_code == 0, played.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["hands"][0]["previous"] is None and record["hands"][0]["levels"] == ["2", "2"]
    record["hands"][0]["levels"] = ["3", "2"]  # a first hand: both teams start at 2 [levels.start]
    path.write_text(json.dumps(record), encoding="utf-8")
    verified = CliRunner().invoke(cli, ["verify", str(path)])
    assert verified.exit_code == 1 and "wrong_setup" in verified.output + verified.stderr
    assert "both teams at 2 [levels.start]" in verified.output + verified.stderr


def test_with_a_at_the_own_level_a_hand_is_owned_by_the_last_winners_and_only_they_pass_a():
    """match.end.at: own_level_a: every later hand's ``previous`` names its level's owner, the last hand's winners;
    the record verifies; in the hands played with both teams at A, none ended the match for a team that did not own
    the level, and such a hand was reached (seed 7)."""
    rules = _rules("house", **{"match.end": {**A_RULE, "at": "own_level_a"}})
    match = Match(rules, 7)
    match.play([bots.BOTS["greedy"](random.Random(i)) for i in range(4)])
    record = json.loads(records.dumps(records.match_record(match)))
    records.validate(record)
    assert replay(record, rules).answer() == {"accepted": True}
    hands = record["hands"]
    assert all(h["previous"]["level_owner"] == before["result"]["winner"] for before, h in zip(hands, hands[1:]))
    both_at_a = [h for h in hands if h["levels"] == ["A", "A"]]
    assert both_at_a
    assert all(not h["result"]["match_over"] or h["result"]["winner"] == h["previous"]["level_owner"] for h in both_at_a)


NO_POINTS = {"points.cards": "none", "settlement.levels": BY_PLACE,
             "settlement.partners_first_second": {"winner": "first_side", "levels": 3}}


def test_without_card_points_a_match_is_settled_by_places_and_its_record_verifies():
    rules = _rules("no-points", **NO_POINTS)
    match = Match(rules, 3)
    match.play([bots.BOTS["greedy"](random.Random(i)) for i in range(4)])
    record = json.loads(records.dumps(records.match_record(match)))
    records.validate(record)
    assert replay(record, rules).answer() == {"accepted": True}
    results = [h["result"] for h in record["hands"]]
    assert all(r["scores"] is None and r["full"] is None and r["winner"] == r["first_team"] for r in results)
    assert all(not any(h["result"]["captured"]) for h in record["hands"])
    facts = OPS["facts"](rules, {})
    assert (facts["point_cards"], facts["point_total"], facts["thresholds"]) == (None, None, None)


def test_no_card_points_needs_levels_by_place_and_no_captured_points():
    with pytest.raises(RulesError, match="points.cards: none needs settlement.levels by place"):
        _rules("no-points-by-score", **{"points.cards": "none"})
    rules = _rules("no-points", **NO_POINTS)
    with pytest.raises(ValueError, match=r"captured points \[10, 0, 0, 0\] in a variant whose cards have no points"):
        OPS["settle"](rules, {"finish": [0, 1, 2], "captured": [10, 0, 0, 0]})
    with pytest.raises(ValueError, match="captured must be 4 point counts"):
        OPS["settle"](_rules("points"), {"finish": [0, 1, 2]})
