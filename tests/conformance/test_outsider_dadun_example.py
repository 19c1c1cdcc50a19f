"""The outsider's Dadun engine (conformance/examples/outsider_dadun/engine.py), written from the docs alone.

The suite must pass it on every operation it answers (all but replay), the fixture variants it plays included
(the three scenarios below pin what the docs first left open: wild_misuse against bad_reading, twice, and the copies
limit checked list by list), and skip only the variants with a tribute phase, which it does not play. It refuses bad
input as protocol 3 says (``"bad_input": true``, its ``ready`` saying ``refuses_bad_input``), so the scenarios
expecting a refusal are asked and pass: the 打墩 ones target dadun/dadun-guide (deal_order 2, round 2, settle 10) and
the fixture variants dadun/a-own-level and dadun/no-points (settle 1 each), 16, none of them under a tribute.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "conformance" / "examples" / "outsider_dadun" / "engine.py"
OPS = ["facts", "card_order", "classify", "beats", "legal_play", "legal_play_count", "round", "round_points",
       "deal_order", "marked_card", "settle"]


def test_the_suite_passes_the_outsider_engine_on_dadun(tmp_path):
    out = tmp_path / "report.json"
    ops = [arg for op in OPS for arg in ("--op", f"dadun/{op}")]
    proc = subprocess.run([sys.executable, "-m", "datong_rules.cli.main", "conform", "--impl-cmd",
                           f"{sys.executable} {ENGINE}", *ops, "--json", str(out), "-q"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    report = json.loads(out.read_text(encoding="utf-8"))
    results = {r["id"]: r for r in report["results"]}
    for found in ("dadun.flush-never-straight.beats.one-suit-declared-straight-001",
                  "dadun.skip-level-wild-dun.beats.wild-dun-over-gap-bad-reading-001",
                  "dadun.dadun-guide.legal-play-count.copies-per-list-001"):
        assert results[found]["status"] == "passed", found
    # the scenarios expecting a refusal (16 when written, see the module's docstring) are asked and pass: refused
    # as bad input, neither answered nor skipped as a refusal that cannot be told from a failure
    refusals = {k: r for k, r in results.items() if r["expected"] == {"bad_input": True}}
    assert len(refusals) >= 16 and all(r["status"] == "passed" and r["message"].startswith("refused as bad input: ")
                                       for r in refusals.values()), sorted(refusals.items())[:3]
    assert not [r["message"] for r in refusals.values() if "bad input: bad input" in r["message"]]  # said once
    assert {r["variant"] for r in refusals.values()} == {"dadun/dadun-guide", "dadun/a-own-level", "dadun/no-points"}
    results = {k: r for k, r in results.items() if k not in refusals}
    guide = [r for r in results.values() if r["variant"] == "dadun/dadun-guide"]
    assert guide and all(r["status"] == "passed" for r in guide), \
        sorted(r["id"] for r in guide if r["status"] != "passed")
    assert all(r["status"] == "passed" or r["status"] == "skipped" and "tribute" in r["variant"]
               for r in results.values()), \
        sorted(k for k, r in results.items() if r["status"] != "passed" and "tribute" not in r["variant"])
    assert sum(r["status"] == "passed" for r in results.values()) >= 470


def ask(*messages):
    """The outsider engine's replies to ``messages`` (JSON lines), each parsed."""
    lines = "".join(json.dumps(m) + "\n" for m in messages)
    proc = subprocess.run([sys.executable, str(ENGINE)], input=lines, capture_output=True, text=True, timeout=60)
    return [json.loads(line) for line in proc.stdout.splitlines()]


def query(qid, op, given):
    return {"type": "query", "id": qid, "variant": "dadun/dadun-guide", "op": f"dadun/{op}", "given": given}


def test_the_outsider_engine_refuses_each_kind_of_bad_input_as_bad_input():
    """dadun-operations calls bad input a bad card token (lower case included), a missing key (in a nested object
    too), a level that is not a rank, and settle's finish naming a seat twice, two seats that are not partners or
    three whose first two are (seat 0's partner is seat 2); each is refused with "bad_input": true, its message
    saying what is wrong and not "bad input" again (the report says it), and a good question is answered."""
    ready, *replies = ask({"type": "start", "protocol": 3},
                          query("lower", "classify", {"cards": ["s5"], "level": "2"}),
                          query("joker", "classify", {"cards": ["SJ", "XJ"], "level": "2"}),
                          query("nested", "deal_order",
                                {"cutter": 1, "marked_card": "S5", "previous": {"last_out": 2}}),
                          query("finish", "settle", {"levels": ["2", "2"], "level": "2", "captured": [0, 0, 0, 0]}),
                          query("level", "classify", {"cards": ["S5"], "level": "1"}),
                          *(query(qid, "settle", {"levels": ["2", "2"], "level": "2", "finish": finish,
                                                  "captured": [0, 0, 0, 0]})
                            for qid, finish in (("twice", [0, 0, 1]), ("not-partners", [0, 1]),
                                                ("partners-first", [0, 2, 1]))),
                          query("good", "classify", {"cards": ["S5"], "level": "2"}),
                          {"type": "stop"})
    assert ready["type"] == "ready" and ready["refuses_bad_input"] is True
    refused = {r["id"]: r for r in replies if r["type"] == "errored"}
    assert sorted(refused) == ["finish", "joker", "level", "lower", "nested", "not-partners", "partners-first",
                               "twice"]
    assert all(r["bad_input"] is True and "\n" not in r["message"] and not r["message"].lower().startswith("bad input")
               for r in refused.values()), refused
    assert "first_out" in refused["nested"]["message"] and "finish" in refused["finish"]["message"]
    [good] = [r for r in replies if r["id"] == "good"]
    assert good["type"] == "result" and good["answer"]["combinations"] == ["single"]
