"""The outsider's Biedan engine (conformance/examples/outsider_biedan/engine.py), written from the docs alone.

The engine answers every Biedan operation but replay over protocol 2; the suite must pass it on all of them, the
fixture variants' included (biedan/pair-run-top and biedan/straight-bombs pin the two readings it first got wrong or
that the docs left unsaid), and skip only replay and the scenarios expecting a refusal of bad input (protocol 2
cannot say one).
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
    proc = subprocess.run([sys.executable, "-m", "datong_rules.cli.main", "conform", "--impl-cmd",
                           f"{sys.executable} {ENGINE}", "--op", "biedan/beats", "--op", "biedan/legal_play_count",
                           "--op", "biedan/round", "--op", "biedan/exchange", "--json", str(out), "-q"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    report = json.loads(out.read_text(encoding="utf-8"))
    refusals = [r for r in report["results"] if r["expected"] == {"bad_input": True}]  # protocol 2: not asked
    assert refusals and all(r["status"] == "skipped" and "not asked by protocol 2" in r["message"] for r in refusals)
    results = {r["id"]: r["status"] for r in report["results"] if r not in refusals}
    assert results["biedan.pair-run-top.beats.longer-run-on-run-001"] == "passed"
    assert results["biedan.straight-bombs.beats.flush-on-mixed-same-top-001"] == "passed"
    # the engine predates combinations.attached_same_rank and reads it only up to 2 (it skips 3 and 3_beside_body)
    assert all(v == "passed" or v == "skipped" and (".doudizhu-judger." in k or ".doudizhu-openspiel." in k)
               for k, v in results.items()), \
        sorted(k for k, v in results.items() if v != "passed")
    assert results["biedan.attached-same-rank-one.legal-play-count.four-jacks-two-fives-001"] == "passed"
