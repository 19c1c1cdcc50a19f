"""The Node.js example implementation (conformance/examples/node/impl.js).

Two layers: a direct protocol test (a small driver writes JSON lines and reads the replies, with
expected answers worked by hand from huolong/li-zhijiang), and the real thing: the example run
through ``datong-rules conform --impl-cmd`` on the bundled suite, where it must pass what it
supports and be skipped on the rest. Skipped when ``node`` is not on PATH.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IMPL_JS = ROOT / "conformance" / "examples" / "node" / "impl.js"
NODE = shutil.which("node")
VARIANT = "huolong/li-zhijiang"
SUPPORTED_OPS = ("card_order", "classify", "trick_winner", "bottom_points")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on PATH: the Node.js example cannot run")


def talk(messages: list[dict | str]) -> tuple[list[dict], int]:
    """Send the messages (dicts as JSON lines, strings as raw lines); return the replies and exit code."""
    text = "".join((m if isinstance(m, str) else json.dumps(m)) + "\n" for m in messages)
    proc = subprocess.run([NODE, str(IMPL_JS)], input=text, capture_output=True, text=True, timeout=20)
    return [json.loads(line) for line in proc.stdout.splitlines()], proc.returncode


START = {"type": "start", "protocol": 1, "suite": "datong-rules", "suite_version": "0.1.0"}


def query(qid: str, op: str, given, variant: str = VARIANT) -> dict:
    return {"type": "query", "id": qid, "variant": variant, "op": op, "given": given}


# (id, op, given, expected answer): worked by hand from spec/huolong/base.yaml and li-zhijiang.yaml.
CASES = [
    # Operations guide example: trump-suit level card, off-suit level cards equal, trump 2, off-suit 2, side A.
    ("order-doc", "card_order", {"level": "10", "trump_suit": "H", "cards": ["S10", "C10", "H10", "H2", "D2", "SA"]},
     {"order": [["H10"], ["S10", "C10"], ["H2"], ["D2"], ["SA"]]}),
    # Jokers on top; duplicates counted once; trump-suit A above trump-suit 3, both below every 2.
    ("order-top", "card_order", {"level": "5", "trump_suit": "S", "cards": ["S3", "BJ", "SA", "LJ", "BJ", "C2"]},
     {"order": [["BJ"], ["LJ"], ["C2"], ["SA"], ["S3"]]}),
    # No trump suit yet: level cards in one group, 2s in one group, side cards grouped by rank; SJ is the
    # jack of spades (LJ the small joker).
    ("order-no-trump", "card_order",
     {"level": "5", "trump_suit": None, "cards": ["SJ", "HA", "D2", "LJ", "H5", "SA", "S5", "C2"]},
     {"order": [["LJ"], ["S5", "H5"], ["C2", "D2"], ["SA", "HA"], ["SJ"]]}),
    ("classify-meteor", "classify", {"level": "7", "trump_suit": "D", "cards": ["BJ", "BJ", "BJ"]},
     {"combination": "meteor", "suit": "trump"}),
    # Two off-suit level cards are equal in strength but not a pair (a pair is two identical cards).
    ("classify-levels", "classify", {"level": "10", "trump_suit": "H", "cards": ["S10", "C10"]},
     {"combination": None, "suit": "trump"}),
    ("classify-pair", "classify", {"level": "10", "trump_suit": "S", "cards": ["H5", "H5"]},
     {"combination": "pair", "suit": "H"}),
    ("classify-mixed", "classify", {"level": "10", "trump_suit": "H", "cards": ["SA", "H3"]},
     {"combination": None, "suit": "mixed"}),
    # Seat 2 leads SA SA; seat 3 plays two odd spades; seat 0 ruffs with H3 H3; seat 1 over-ruffs H4 H4.
    ("trick-overruff", "trick_winner",
     {"level": "10", "trump_suit": "H", "leader": 2, "plays": [["SA", "SA"], ["S3", "S4"], ["H3", "H3"], ["H4", "H4"]]},
     {"winner": 1, "points": 0}),
    # Off-suit level cards S10 (seat 1) and C10 (seat 2) are equal: the first played wins. 5+10+10 points.
    ("trick-tie", "trick_winner",
     {"level": "10", "trump_suit": "H", "leader": 0, "plays": [["S5"], ["S10"], ["C10"], ["D3"]]},
     {"winner": 1, "points": 25}),
    # A ruff of the wrong shape (two odd trumps on a pair) cannot win; the leader's SK SK holds.
    ("trick-wrong-shape", "trick_winner",
     {"level": "3", "trump_suit": "H", "leader": 3, "plays": [["SK", "SK"], ["HA", "H4"], ["S4", "S4"], ["SQ", "SJ"]]},
     {"winner": 3, "points": 20}),
    ("bottom-dug", "bottom_points", {"bottom": ["SK", "S5", "D10", "C3", "C4", "C5"], "dug": True},
     {"points": 30, "awarded": 30}),
    ("bottom-held", "bottom_points", {"bottom": ["SK", "S5", "D10", "C3", "C4", "C5"], "dug": False},
     {"points": 30, "awarded": 0}),
]


def test_protocol_directly():
    messages = [START, *(query(qid, op, given) for qid, op, given, _ in CASES),
                query("other-op", "legal_play", {}), query("other-variant", "classify", {}, "huolong/datong-guide"),
                query("bad-card", "classify", {"level": "3", "trump_suit": "S", "cards": ["X9"]}),
                query("no-level", "card_order", {"trump_suit": "S", "cards": []}),
                query("not-object", "bottom_points", [1, 2]),
                "this is not json",
                query("still-alive", "bottom_points", {"bottom": [], "dug": True}),
                {"type": "stop"},
                query("after-stop", "bottom_points", {"bottom": [], "dug": True})]
    replies, code = talk(messages)

    assert code == 0
    assert replies[0] == {"type": "ready", "protocol": 1, "name": "node-example", "version": "0.1.0",
                          "variants": [VARIANT], "operations": list(SUPPORTED_OPS)}
    by_id = {r.get("id"): r for r in replies[1:]}
    for qid, _, _, expected in CASES:
        assert by_id[qid] == {"type": "result", "id": qid, "answer": expected}, qid
    assert by_id["other-op"]["type"] == "skipped" and "legal_play" in by_id["other-op"]["reason"]
    assert by_id["other-variant"]["type"] == "skipped" and "datong-guide" in by_id["other-variant"]["reason"]
    assert by_id["bad-card"]["type"] == "errored" and "X9" in by_id["bad-card"]["message"]
    assert by_id["no-level"]["type"] == "errored" and "level" in by_id["no-level"]["message"]
    assert by_id["not-object"]["type"] == "errored"
    assert by_id[None]["type"] == "errored" and "not a JSON line" in by_id[None]["message"]
    assert by_id["still-alive"] == {"type": "result", "id": "still-alive", "answer": {"points": 0, "awarded": 0}}
    assert "after-stop" not in by_id


def test_conform_on_the_bundled_suite(tmp_path):
    from click.testing import CliRunner

    from datong_rules.cli.main import cli

    report = tmp_path / "report.json"
    command = shlex.join([NODE, str(IMPL_JS)])
    outcome = CliRunner().invoke(cli, ["conform", "--impl-cmd", command, "--variant", VARIANT,
                                       "--json", str(report), "-q"])
    assert report.exists(), outcome.output
    data = json.loads(report.read_text(encoding="utf-8"))
    bad = [(r["id"], r["status"], r["message"]) for r in data["results"] if r["status"] in ("failed", "errored")]

    assert bad == [], bad
    assert outcome.exit_code == 0, outcome.output
    assert data["implementation"] == {"name": "node-example", "version": "0.1.0"}
    counts = data["counts"]
    assert counts["passed"] > 0 and counts["skipped"] > 0
    passed_ops = {r["op"] for r in data["results"] if r["status"] == "passed"}
    skipped_ops = {r["op"] for r in data["results"] if r["status"] == "skipped"}
    assert passed_ops <= set(SUPPORTED_OPS) and not skipped_ops & set(SUPPORTED_OPS)
