"""Game records (spec/schema/record.schema.json): writing, schema, replay and verify, the replay operation, and the
``datong-rules play`` / ``verify`` commands."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner

from datong_rules.reference_impl.huolong.ops.hand import op_replay
from datong_rules.cli.main import cli
from datong_rules.reference_impl import records
from datong_rules.reference_impl.huolong.bots import make_bots
from datong_rules.reference_impl.huolong.match import Match

from lifecycle_helpers import DG, LI, OP, random_hand


def match_rec(rules, seed, hands=None):
    match = Match(rules, seed)
    match.play(make_bots("random", random.Random(seed)), hands=hands)
    return match, records.match_record(match)


def hand_rec(rules=LI, seed=2):
    state = random_hand(rules, seed)
    while state.phase != "settled":
        seed += 100
        state = random_hand(rules, seed)
    return state, records.hand_record(state, seed=seed)


def index_of(rec, kind, nth=0):
    return [i for i, a in enumerate(rec["actions"]) if a["type"] == kind][nth]


@pytest.mark.parametrize("rules", [LI, DG, OP])
def test_match_records_validate_and_replay(rules):
    match, rec = match_rec(rules, 4)
    records.validate(json.loads(json.dumps(rec)))
    result = records.verify(rec)
    assert result.accepted, result
    assert result.state.summary() == match.hands[-1].summary()


def test_hand_record_replays_to_the_same_final_state():
    state, rec = hand_rec()
    result = records.verify(rec)
    assert result.accepted
    assert result.state.summary() == state.summary()
    assert result.state.actions == rec["actions"]


def test_illegal_play_is_named_with_index_seat_and_reason():
    """A card whose three copies were all played before action k cannot be in anyone's hand at k."""
    _, rec = hand_rec()
    k = index_of(rec, "play", 100)
    played = Counter(c for a in rec["actions"][:k] if a["type"] == "play" for c in a["cards"])
    gone = next(card for card, n in played.items() if n == 3)
    bad = copy.deepcopy(rec)
    seat = bad["actions"][k]["seat"]
    bad["actions"][k]["cards"][0] = gone
    assert records.verify(bad).answer() == {"accepted": False, "index": k, "seat": seat, "reason": "not_in_hand"}


def test_play_out_of_turn():
    _, rec = hand_rec()
    k = index_of(rec, "play", 5)
    bad = copy.deepcopy(rec)
    bad["actions"][k]["seat"] = (bad["actions"][k]["seat"] + 1) % 4
    answer = records.verify(bad).answer()
    assert (answer["index"], answer["reason"]) == (k, "out_of_turn")


def test_wrong_settlement_is_named():
    _, rec = hand_rec()
    bad = copy.deepcopy(rec)
    bad["actions"][-1]["levels"]["banker_team"] = "A"
    answer = records.verify(bad).answer()
    assert answer == {"accepted": False, "index": len(rec["actions"]) - 1, "seat": None, "reason": "wrong_settlement"}


def test_wrong_declaration_is_named():
    _, rec = hand_rec()
    k = index_of(rec, "declaration")
    bad = copy.deepcopy(rec)
    bad["actions"][k]["trump_suit"] = {"S": "H"}.get(bad["actions"][k]["trump_suit"], "S")
    assert records.verify(bad).answer()["reason"] == "wrong_declaration"


def test_bury_by_another_seat_and_missing_and_extra_actions():
    _, rec = hand_rec()
    k = index_of(rec, "bury")
    bad = copy.deepcopy(rec)
    bad["actions"][k]["seat"] = (bad["actions"][k]["seat"] + 1) % 4
    assert records.verify(bad).answer()["reason"] == "out_of_turn"
    short = copy.deepcopy(rec)
    del short["actions"][-2:]
    answer = records.verify(short).answer()
    assert (answer["index"], answer["reason"]) == (len(short["actions"]), "missing_actions")
    extra = copy.deepcopy(rec)
    extra["actions"].append(copy.deepcopy(rec["actions"][-2]))
    assert records.verify(extra).answer()["index"] == len(rec["actions"])


def test_optional_claims_may_be_left_out():
    """declaration and settle entries are optional; a star-burial pass may be left out."""
    state, rec = hand_rec()
    lean = copy.deepcopy(rec)
    lean["actions"] = [a for a in lean["actions"] if a["type"] not in ("declaration", "settle")
                       and not (a["type"] == "load" and a["count"] == 0)]
    result = records.verify(lean)
    assert result.accepted and result.state.summary() == state.summary()


def test_show_not_held_and_bad_after():
    _, rec = hand_rec()
    bad = copy.deepcopy(rec)
    bad["actions"].insert(0, {"type": "show", "seat": 1, "cards": ["BJ", "BJ"], "after": 5})
    assert records.verify(bad).answer() == {"accepted": False, "index": 0, "seat": 1, "reason": "not_held"}
    bad["actions"][0]["after"] = 500
    assert records.verify(bad).answer()["reason"] == "bad_after"


def test_bad_pack_and_wrong_setup():
    _, rec = hand_rec()
    bad = copy.deepcopy(rec)
    bad["pack"][0] = "BJ" if bad["pack"][0] != "BJ" else "LJ"
    assert records.verify(bad).answer() == {"accepted": False, "index": None, "seat": None, "reason": "bad_pack"}
    bad = copy.deepcopy(rec)
    bad["first_drawer"] = 3
    assert records.verify(bad).answer()["reason"] == "wrong_setup"


def test_match_continuity():
    _, rec = match_rec(DG, 6)
    assert len(rec["hands"]) >= 2
    bad = copy.deepcopy(rec)
    bad["hands"][1]["team_levels"] = ["K", "K"]
    answer = records.verify(bad).answer()
    assert (answer["hand"], answer["index"], answer["reason"]) == (1, None, "wrong_setup")
    bad = copy.deepcopy(rec)
    bad["match_winner"] = None if rec["match_winner"] is not None else 0
    assert records.verify(bad).answer()["reason"] == "wrong_setup"


def test_schema_errors_are_one_line():
    _, rec = hand_rec()
    bad = copy.deepcopy(rec)
    bad["actions"][3]["cards"] = ["XX"]
    with pytest.raises(records.RecordError) as err:
        records.verify(bad)
    assert "\n" not in str(err.value) and "actions[3]" in str(err.value)


def test_replay_operation():
    _, rec = hand_rec()
    assert op_replay(LI, {"record": rec}) == {"accepted": True}
    with pytest.raises(ValueError, match="huolong/datong-guide"):  # a record of another variant
        op_replay(DG, {"record": rec})


# ------------------------------------------------------------------ command line

def test_cli_play_prints_a_transcript_and_writes_a_record(tmp_path):
    path = tmp_path / "match.json"
    out = CliRunner().invoke(cli, ["play", "huolong/datong-guide", "--seed", "3", "--hands", "2",
                                   "--record", str(path)])
    assert out.exit_code == 0, out.output
    text = out.output
    for needle in ("Declaration:", "trump suit", "Bury (seat", "Trick  1 (", "Settlement: the attackers made", "Levels:"):
        assert needle in text
    assert any(sym in text for sym in "♠♥♣♦")
    verified = CliRunner().invoke(cli, ["verify", str(path)])
    assert verified.exit_code == 0 and "OK" in verified.output


def test_cli_play_whole_match_greedy():
    out = CliRunner().invoke(cli, ["play", "li-zhijiang", "--seed", "1", "--bots", "greedy"])
    assert out.exit_code == 0, out.output
    assert "Match won by seats" in out.output


def test_cli_verify_names_the_first_illegal_action(tmp_path):
    _, rec = hand_rec()
    k = index_of(rec, "play", 3)
    rec["actions"][k]["seat"] = (rec["actions"][k]["seat"] + 1) % 4
    path = tmp_path / "bad.json"
    records.dump(rec, path)
    out = CliRunner().invoke(cli, ["verify", str(path)])
    assert out.exit_code == 1
    assert f"{path}: action {k} (seat {rec['actions'][k]['seat']}): out_of_turn" in out.output


def test_cli_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    out = CliRunner().invoke(cli, ["verify", str(bad)])
    assert out.exit_code == 2 and out.output.count("\n") == 1 and "bad JSON" in out.output
    out = CliRunner().invoke(cli, ["play", "huolong/nope"])
    assert out.exit_code == 2 and "error:" in out.output and "Traceback" not in out.output
    out = CliRunner().invoke(cli, ["play", "huolong/base"])
    assert out.exit_code == 2 and "abstract" in out.output


def test_li_later_hand_without_the_match_suit_is_a_setup_error():
    """declaration.scope match: a later hand's record must carry the kept trump suit."""
    _, rec = match_rec(LI, 6, hands=2)
    hand = copy.deepcopy(next(h for h in rec["hands"] if h["hand_number"] == 2))
    assert hand["trump_suit"] in ("S", "H", "C", "D")
    assert records.verify(hand).accepted
    hand["trump_suit"] = None
    assert records.verify(hand).answer() == {"accepted": False, "index": None, "seat": None, "reason": "wrong_setup"}


def test_cli_verify_match_record_names_the_hand(tmp_path):
    _, rec = match_rec(DG, 6)
    k = index_of(rec["hands"][1], "play", 0)
    rec["hands"][1]["actions"][k]["cards"] = []
    path = tmp_path / "match.json"
    records.dump(rec, path)
    out = CliRunner().invoke(cli, ["verify", str(path)])
    assert out.exit_code == 1
    assert f"{path}: hands[1] action {k} (seat {rec['hands'][1]['actions'][k]['seat']}): empty_play" in out.output
