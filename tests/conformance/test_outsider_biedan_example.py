"""The outsider's Biedan engine (conformance/examples/outsider_biedan/engine.py), written from the docs alone.

The engine answers every Biedan operation but replay over protocol 3; the suite must pass it on all of them, the
fixture variants' included (biedan/pair-run-top and biedan/straight-bombs pin the two readings it first got wrong or
that the docs left unsaid), and skip only replay and the variants reading combinations.attached_same_rank past 2.
It refuses bad input as protocol 3 says (``"bad_input": true``, its ``ready`` saying ``refuses_bad_input``), so the
scenarios expecting a refusal are asked and pass: the 憋蛋 ones are all of biedan/biedan-guide, 7 when written
(round 2, exchange 2, first_banker 2, settle 1: the four operations run below). Its refusals say what is wrong, not
"bad input" again: the report already says "refused as bad input: ".
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "conformance" / "examples" / "outsider_biedan" / "engine.py"


def test_the_suite_passes_the_outsider_engine_on_biedan(tmp_path):
    out = tmp_path / "report.json"
    ops = [arg for op in ("beats", "legal_play_count", "round", "exchange", "first_banker", "settle")
           for arg in ("--op", f"biedan/{op}")]
    proc = subprocess.run([sys.executable, "-m", "datong_rules.cli.main", "conform", "--impl-cmd",
                           f"{sys.executable} {ENGINE}", *ops, "--json", str(out), "-q"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    report = json.loads(out.read_text(encoding="utf-8"))
    # the scenarios expecting a refusal (7 when written, see the module's docstring) are asked and pass: refused as
    # bad input, neither answered nor skipped as a refusal protocol 2 cannot say
    refusals = [r for r in report["results"] if r["expected"] == {"bad_input": True}]
    assert len(refusals) >= 7 and all(r["status"] == "passed" and r["message"].startswith("refused as bad input: ")
                                      for r in refusals), refusals[:3]
    assert not [r["message"] for r in refusals if "bad input: bad input" in r["message"]]  # said once, by the report
    assert {r["id"].split(".")[2] for r in refusals} == {"round", "exchange", "first-banker", "settle"}
    assert "biedan.biedan-guide.settle.bad-input-out-repeat-001" in {r["id"] for r in refusals}
    results = {r["id"]: r["status"] for r in report["results"] if r not in refusals}
    assert results["biedan.pair-run-top.beats.longer-run-on-run-001"] == "passed"
    assert results["biedan.straight-bombs.beats.flush-on-mixed-same-top-001"] == "passed"
    # the engine predates combinations.attached_same_rank and reads it only up to 2 (it skips 3 and 3_beside_body)
    assert all(v == "passed" or v == "skipped" and (".doudizhu-judger." in k or ".doudizhu-openspiel." in k)
               for k, v in results.items()), \
        sorted(k for k, v in results.items() if v != "passed")
    assert results["biedan.attached-same-rank-one.legal-play-count.four-jacks-two-fives-001"] == "passed"


def ask(*messages):
    """The outsider engine's replies to ``messages`` (JSON lines), each parsed."""
    lines = "".join(json.dumps(m) + "\n" for m in messages)
    proc = subprocess.run([sys.executable, str(ENGINE)], input=lines, capture_output=True, text=True, timeout=60)
    return [json.loads(line) for line in proc.stdout.splitlines()]


def query(qid, op, given):
    return {"type": "query", "id": qid, "variant": "biedan/biedan-guide", "op": f"biedan/{op}", "given": given}


def play(seat, *cards):
    return {"type": "play", "seat": seat, "cards": list(cards)}


def round_of(hand_sizes, leader, *actions):
    return {"hand_sizes": hand_sizes, "leader": leader, "actions": list(actions)}


PASS_0 = {"type": "pass", "seat": 0}
H3_HANDS = [["H3", "S4"], ["S5"], ["S6"]]
FULL_HAND = [f"S{r}" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] + \
            [f"H{r}" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10")]  # 22 cards: biedan-guide's cap is 21
THIRD_HOLDS = {"places": {"first": 0, "second": 1, "third": 2}, "banker": 0, "hands": [[], [], ["S3", "H5"]]}

# (id, operation, given, a word of the refusal): every kind biedan-operations calls bad input, worked by hand
BAD = [
    ("lower-case", "classify", {"cards": ["s5"]}, "bad card"),                    # canonical tokens only
    ("token-in-a-choice", "legal_play", {"hand": ["S5"], "table": None, "play": ["X5"]}, "bad card"),
    ("judged-first", "legal_play", {"hand": ["S5", "h6"], "table": None, "play": "pass"}, "bad card"),
    ("named-twice", "card_order", {"cards": ["S5", "S5"]}, "S5 named twice"),
    ("two-hands", "first_banker", {"hands": [["H3", "S4"], ["S4"], ["D5"]]}, "S4 named twice"),
    ("hand-and-egg", "exchange", {**THIRD_HOLDS, "egg": ["S3", "D4", "H6"]}, "S3 named twice"),
    ("hand-and-table", "legal_play", {"hand": ["S5", "S6"], "table": ["S5"], "play": "pass"}, "hand and on the table"),
    ("missing-key", "classify", {}, "missing key 'cards'"),
    ("missing-nested-key", "round", round_of([5, 5, 5], 0, {"type": "play", "cards": ["S5"]}), "missing key 'seat'"),
    ("table-no-combination", "beats", {"table": ["S3", "S5"], "play": ["S9"]}, "table is not a combination"),
    ("passed-leading", "legal_play", {"hand": ["S5"], "table": None, "play": ["S5"], "passed": True}, "passed"),
    ("first-lead-on-table", "legal_play_count", {"hand": ["S5"], "table": ["S3"], "first_lead": True},
     "first_lead"),
    ("hand-too-large", "legal_play_count", {"hand": FULL_HAND, "table": None}, "hand too large"),
    ("out-of-turn", "round", round_of([10, 10, 10], 0, play(0, "S5"), play(2, "S9")), "out of turn"),
    ("leader-passes", "round", round_of([10, 10, 10], 0, PASS_0), "pass by the leader"),
    ("not-beating", "round", round_of([10, 10, 10], 0, play(0, "S9"), play(1, "S5")), "does not beat"),
    ("more-than-held", "round", round_of([1, 5, 5], 0, play(0, "S5", "H5")), "more cards than"),
    ("after-round-over", "round", round_of([5, 5, 5], 0, play(0, "S5"), {"type": "pass", "seat": 1},
                                           {"type": "pass", "seat": 2}, play(0, "S6")), "after the round"),
    ("leader-holds-none", "round", round_of([0, 5, 5], 0, play(0, "S5")), "leader holds no cards"),
    ("hand-already-over", "round", round_of([5, 0, 0], 0, play(0, "S5")), "already over"),
    ("played-twice", "round", round_of([5, 5, 5], 0, play(0, "S5"), play(1, "S9"), play(2, "S9")), "played twice"),
    ("action-names-twice", "round", round_of([5, 5, 5], 0, play(0, "S5", "S5")), "S5 named twice"),
    ("nobody-holds-h3", "first_banker", {"hands": [["S4"], ["S5"], ["S6"]]}, "nobody holds H3"),
    ("egg-not-the-bankers", "first_leader", {"hands": H3_HANDS, "egg": ["S5"]}, "banker does not hold"),
    ("places-repeat", "exchange", {**THIRD_HOLDS, "places": {"first": 0, "second": 0, "third": 2}, "egg": []},
     "three different seats"),
    ("out-twice", "settle", {"banker": 0, "out": [1, 1]}, "seat 1 twice"),  # the first two out: two seats
]


def test_the_outsider_engine_refuses_each_kind_of_bad_input_as_bad_input():
    """biedan-operations calls bad input a bad card token (in any list, judged before anything else), a card named
    twice or in two places in a list that describes cards, a missing key (in a nested object too), a table that is
    no combination, contradictory flags, a hand larger than a seat can hold, and round's and first_banker's,
    first_leader's and exchange's own cases: each is refused with "bad_input": true."""
    ready, *replies = ask({"type": "start", "protocol": 1, "protocols": [1, 2, 3]},
                          *(query(qid, op, given) for qid, op, given, _ in BAD), {"type": "stop"})
    assert ready["type"] == "ready" and ready["protocol"] == 3 and ready["refuses_bad_input"] is True
    assert [r["id"] for r in replies] == [qid for qid, *_ in BAD]
    assert all(r["type"] == "errored" and r["bad_input"] is True and "\n" not in r["message"] for r in replies), \
        [r for r in replies if r["type"] != "errored" or r.get("bad_input") is not True]
    words = {qid: word for qid, _, _, word in BAD}
    assert all(words[r["id"]] in r["message"] for r in replies), [(r["id"], r["message"]) for r in replies]
    assert not [r["message"] for r in replies if r["message"].lower().startswith("bad input")]  # the report says it


def test_the_outsider_engine_answers_a_choice_and_fails_plainly_outside_bad_input():
    """A card named twice in a player's choice is an illegal choice, not bad input (not_in_hand: the play of
    legal_play, the egg of egg, after its count); what the docs do not call bad input (a settle's out of three seats,
    two hands where three are dealt: shapes the schema refuses) is a plain errored, no bad_input."""
    ready, *replies = ask({"type": "start", "protocol": 1, "protocols": [1, 2, 3]},
                          query("good", "classify", {"cards": ["S5"]}),
                          query("play-twice", "legal_play",
                                {"hand": ["S3", "H3"], "table": None, "play": ["S3", "S3"]}),
                          query("egg-twice", "egg", {"hand": ["S3", "H4", "D5", "C6"], "egg": ["S3", "S3", "H4"]}),
                          query("out-of-three", "settle", {"banker": 0, "out": [1, 2, 0]}),
                          query("two-hands", "first_banker", {"hands": [["H3"], ["S4"]]}),
                          {"type": "stop"})
    by_id = {r["id"]: r for r in replies}
    assert by_id["good"]["type"] == "result" and by_id["good"]["answer"]["combination"] == "single"
    assert by_id["play-twice"]["answer"] == {"legal": False, "reason": "not_in_hand"}
    assert by_id["egg-twice"]["answer"] == {"legal": False, "reason": "not_in_hand"}
    for qid in ("out-of-three", "two-hands"):
        assert by_id[qid]["type"] == "errored" and "bad_input" not in by_id[qid], by_id[qid]
