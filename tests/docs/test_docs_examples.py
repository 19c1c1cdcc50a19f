"""The implementer's guide's examples work: the JSON-lines transcript is what the toy engine really answers
and matches the suite's scenarios, both toy engines pass the suite's bottom_points scenarios, and the buggy engine of
"Reading reports" fails exactly the scenarios of the rule it breaks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from datong_rules.conformance import protocol1
from datong_rules.conformance.scenarios_io import load_scenarios

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "docs" / "examples"


def transcript() -> list[tuple[str, dict]]:
    lines = (EXAMPLES / "jsonl-session.txt").read_text(encoding="utf-8").splitlines()
    return [(line[0], json.loads(line[1:])) for line in lines if line.strip()]


def test_the_transcript_is_what_the_toy_engine_answers():
    sent = "".join(json.dumps(msg) + "\n" for arrow, msg in transcript() if arrow == "→")
    proc = subprocess.run([sys.executable, str(EXAMPLES / "jsonl_engine.py")], input=sent, text=True,
                          capture_output=True, timeout=60, cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert replies == [msg for arrow, msg in transcript() if arrow == "←"]


def test_the_transcript_queries_are_the_suites_scenarios():
    scenarios = {s.id: s for s in load_scenarios()}
    messages = [msg for _, msg in transcript()]
    queries = [m for m in messages if m["type"] == "query"]
    assert queries
    for query in queries:
        sc = scenarios[query["id"]]
        assert (query["variant"], query["op"], query["given"]) == (sc.variant, sc.op, sc.given)
    for result in (m for m in messages if m["type"] == "result"):
        assert result["answer"] == scenarios[result["id"]].expect


def conform(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(EXAMPLES), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.run([sys.executable, "-m", "datong_rules.cli.main", "conform", "-q", "--op", "bottom_points",
                           "--op", "card_order", *args], capture_output=True, text=True, timeout=120, cwd=REPO, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout + proc.stderr


def test_the_toy_engines_pass_bottom_points_and_skip_card_order():
    """The JSON-lines toy speaks protocol 1, which has no fixture variants: it skips their bottom_points scenarios
    and those whose given 0.1 did not know;
    the in-process toy reads fixture variants' rules and answers them."""
    scenarios = load_scenarios()
    n_bottom = sum(1 for s in scenarios if s.op == "bottom_points")
    n_fixture = sum(1 for s in scenarios if s.op == "bottom_points" and s.fixture is not None)
    # protocol 1 is 0.1's contract: a given key added since (last_trick_size) is not asked either
    n_later = sum(1 for s in scenarios if s.op == "bottom_points" and s.fixture is None
                  and protocol1.question(s).skip is not None)
    n_order = sum(1 for s in scenarios if s.op == "card_order")
    assert n_fixture > 0 and n_later > 0
    out = conform("--impl-cmd", f"{sys.executable} {EXAMPLES / 'jsonl_engine.py'}")
    assert f"{n_bottom - n_fixture - n_later} passed, 0 failed, {n_order + n_fixture + n_later} skipped, 0 errored" \
        in out
    out = conform("--impl", "inprocess_engine:ToyEngine")
    assert f"{n_bottom} passed, 0 failed, {n_order} skipped, 0 errored" in out


def test_the_buggy_engine_of_reading_reports_is_caught_by_the_rule_it_breaks(tmp_path):
    """docs/examples/buggy_engine.py gives ties to the last card played: the suite fails it (exit 1) on every
    variant, only on scenarios citing ranking.ties, and only on the winner, never on the points."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(EXAMPLES), os.environ.get("PYTHONPATH", "")])}
    report = tmp_path / "report.json"
    proc = subprocess.run([sys.executable, "-m", "datong_rules.cli.main", "conform", "-q", "--impl", "buggy_engine:make",
                           "--op", "trick_winner", "--json", str(report)],
                          capture_output=True, text=True, timeout=120, cwd=REPO, env=env)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    results = json.loads(report.read_text(encoding="utf-8"))["results"]
    failed = [r for r in results if r["status"] == "failed"]
    assert {r["variant"] for r in failed} == {"huolong/datong-guide", "huolong/li-zhijiang", "huolong/online-platform"}
    assert all("ranking.ties" in r["rules"] and r["mismatched"] == ["winner"] for r in failed), failed
    assert not [r for r in results if r["status"] == "errored"]
    assert {r["status"] for r in results if "ranking.ties" not in r["rules"]} <= {"passed", "skipped"}
