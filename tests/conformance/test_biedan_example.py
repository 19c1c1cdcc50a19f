"""The Python example of a climbing-game engine (conformance/examples/biedan/impl.py), protocol 2.

Two layers, as for the Node.js example: a direct protocol test with answers worked by hand from biedan/biedan-guide
(and from the fixture variants' other readings, carried in ``variant_rules``), and the real thing: the example run
through ``datong-rules conform --impl-cmd`` on the bundled suite, where it passes every scenario of its three
operations, the fixture variants' included, and is skipped on the rest.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IMPL = ROOT / "conformance" / "examples" / "biedan" / "impl.py"
START = {"type": "start", "protocol": 1, "protocols": [1, 2], "suite": "datong-rules", "suite_version": "0.1.0"}


def talk(messages: list[dict]) -> tuple[list[dict], int]:
    text = "".join(json.dumps(m) + "\n" for m in messages)
    proc = subprocess.run([sys.executable, str(IMPL)], input=text, capture_output=True, text=True, timeout=30)
    return [json.loads(line) for line in proc.stdout.splitlines()], proc.returncode


def query(qid: str, op: str, given: dict, variant: str = "biedan/biedan-guide", rules: dict | None = None) -> dict:
    message = {"type": "query", "id": qid, "variant": variant, "op": f"biedan/{op}", "given": given}
    if rules is not None:
        message["variant_rules"] = {"id": variant, "rules": rules}
    return message


# (id, op, given, fixture rules or None, expected answer): worked by hand from spec/biedan/biedan-guide.yaml.
CASES = [
    ("order", "card_order", {"cards": ["D3", "BJ", "S2", "H3", "CA"]}, None,
     {"order": [["BJ"], ["S2"], ["CA"], ["H3", "D3"]]}),
    ("straight", "classify", {"cards": ["S5", "S6", "S7"]}, None,
     {"combination": "straight", "readings": [{"combination": "straight", "top": "7", "length": 3, "flush": True}]}),
    ("no-two-in-straights", "classify", {"cards": ["SK", "HA", "D2"]}, None, {"combination": None, "readings": []}),
    ("rocket", "classify", {"cards": ["BJ", "LJ"]}, None,
     {"combination": "rocket", "readings": [{"combination": "rocket", "top": "BJ", "length": 1, "flush": False}]}),
    ("bomb-on-pair", "beats", {"table": ["S7", "D7"], "play": ["S9", "H9", "C9", "D9"]}, None, {"beats": True}),
    ("bomb-on-pair-same-type", "beats", {"table": ["S7", "D7"], "play": ["S9", "H9", "C9", "D9"]},
     {"beating": {"bombs_beat_ordinary": {"value": False}}}, {"beats": False, "reason": "wrong_type"}),
    ("flush-low-on-mixed-high", "beats", {"table": ["S8", "H9", "C10"], "play": ["D3", "D4", "D5"]}, None,
     {"beats": True}),
    ("flush-low-on-mixed-high-same-ranks", "beats", {"table": ["S8", "H9", "C10"], "play": ["D3", "D4", "D5"]},
     {"combinations": {"flush_reach": {"value": "same_ranks"}}}, {"beats": False, "reason": "not_higher"}),
    ("wrong-count", "beats", {"table": ["S3", "H4", "C5", "D6"], "play": ["S7", "H8", "C9"]}, None,
     {"beats": False, "reason": "wrong_count"}),
    ("rocket-on-bomb", "beats", {"table": ["SA", "HA", "CA", "DA"], "play": ["BJ", "LJ"]}, None, {"beats": True}),
]


def test_the_example_answers_as_worked_by_hand():
    messages = [START] + [query(qid, op, given, "biedan/fixture" if rules else "biedan/biedan-guide", rules)
                          for qid, op, given, rules, _ in CASES] + [{"type": "stop"}]
    replies, code = talk(messages)
    assert code == 0
    assert replies[0]["type"] == "ready" and replies[0]["protocol"] == 2
    assert replies[0]["operations"] == ["biedan/card_order", "biedan/classify", "biedan/beats"]
    got = {r["id"]: r for r in replies[1:]}
    for qid, _, _, _, answer in CASES:
        assert got[qid] == {"type": "result", "id": qid, "answer": answer}, qid


def test_a_bad_query_is_errored_in_one_line_and_the_program_goes_on():
    replies, code = talk([START, query("bad", "beats", {"table": ["S7", "X9"], "play": ["S9"]}),
                          query("other", "legal_play", {"hand": ["S3"], "table": None, "play": ["S3"]}),
                          query("fine", "classify", {"cards": ["S3"]}), {"type": "stop"}])
    by_id = {r.get("id"): r for r in replies}
    assert code == 0
    assert by_id["bad"]["type"] == "errored" and "\n" not in by_id["bad"]["message"] and "X9" in by_id["bad"]["message"]
    assert by_id["other"]["type"] == "skipped"
    assert by_id["fine"]["answer"]["combination"] == "single"


def test_the_suite_passes_the_example_on_what_it_declares():
    proc = subprocess.run([sys.executable, "-m", "datong_rules.cli.main", "conform", "--impl-cmd",
                           f"{sys.executable} {IMPL}", "-q"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    summary = proc.stdout.strip().splitlines()[-1]
    passed = int(summary.split(": ")[1].split(" passed")[0])
    assert passed >= 90 and " 0 failed" in summary and " 0 errored" in summary, summary
