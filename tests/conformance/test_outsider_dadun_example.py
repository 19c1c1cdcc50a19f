"""The outsider's Dadun engine (conformance/examples/outsider_dadun/engine.py), written from the docs alone.

The suite must pass it on every operation it answers (all but replay), the fixture variants it plays included
(the three scenarios below pin what the docs first left open: wild_misuse against bad_reading, twice, and the copies
limit checked list by list), and skip only the variants with a tribute phase, which it does not play, and the
scenarios expecting a refusal of bad input, which it refuses in the form that predates protocol 3's ``bad_input``.
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
    # it refuses bad input with a plain errored (it predates "bad_input": true): the scenarios expecting a refusal
    # are skipped, never failed, which shows it refused them rather than answering
    refusals = {k: r for k, r in results.items() if r["expected"] == {"bad_input": True}}
    assert len(refusals) >= 8 and all(r["status"] == "skipped" and r["message"].startswith("refused, but not as bad")
                                      for r in refusals.values()), sorted(refusals.items())[:3]
    results = {k: r for k, r in results.items() if k not in refusals}
    guide = [r for r in results.values() if r["variant"] == "dadun/dadun-guide"]
    assert guide and all(r["status"] == "passed" for r in guide), \
        sorted(r["id"] for r in guide if r["status"] != "passed")
    assert all(r["status"] == "passed" or r["status"] == "skipped" and "tribute" in r["variant"]
               for r in results.values()), \
        sorted(k for k, r in results.items() if r["status"] != "passed" and "tribute" not in r["variant"])
    assert sum(r["status"] == "passed" for r in results.values()) >= 470
