"""A query that does not fit the protocol's shape is a malformed message, not bad input.

docs/implementers/index.md (bad input, and serve's table): a ``variant`` or ``op`` that is not a string, or a
``given`` that is missing or not a JSON object, is answered with a plain ``errored`` carrying the query's ``id``
(never ``"bad_input": true``); a refusal is for a well-formed ``given`` whose content breaks the rules. Held of the
reference server (``datong-rules serve``) and of both outsider engines, over JSON lines. The outsiders first skipped
a ``variant`` that was not a string ("rules of 5 unknown").
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINES = {
    "serve": ("dadun", [sys.executable, "-m", "datong_rules.cli.main", "serve"]),
    "outsider_dadun": ("dadun", [sys.executable, str(ROOT / "conformance/examples/outsider_dadun/engine.py")]),
    "outsider_biedan": ("biedan", [sys.executable, str(ROOT / "conformance/examples/outsider_biedan/engine.py")]),
}
MALFORMED = {  # query id → what of the query is not of the protocol's shape
    "variant-number": {"variant": 5},
    "variant-list": {"variant": ["x"]},
    "variant-null": {"variant": None},
    "op-number": {"op": 7},
    "op-object": {"op": {"name": "settle"}},
    "given-list": {"given": [1]},
    "given-text": {"given": "x"},
    "given-null": {"given": None},
    "given-missing": {"given": ...},
}


def replies(command: list[str], game: str) -> dict[str, dict]:
    """Each reply of the engine to the malformed queries, then to one well-formed ``settle`` whose ``given`` lacks
    every key (bad input: id ``bad-input``), by id."""
    good = {"type": "query", "variant": f"{game}/{game}-guide", "op": f"{game}/facts", "given": {}}
    lines = [{"type": "start", "protocol": 1, "protocols": [1, 2, 3]}]
    for qid, change in MALFORMED.items():
        query = {**good, "id": qid, **change}
        lines.append({k: v for k, v in query.items() if v is not ...})
    lines += [{**good, "id": "bad-input", "op": f"{game}/settle"}, {"type": "stop"}]
    proc = subprocess.run(command, input="".join(json.dumps(line) + "\n" for line in lines), capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-1000:]
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert answers[0]["type"] == "ready" and answers[0]["protocol"] == 3, answers[0]
    return {a["id"]: a for a in answers[1:]}


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_a_query_not_of_the_protocols_shape_is_errored_not_refused(engine):
    game, command = ENGINES[engine]
    got = replies(command, game)
    assert sorted(got) == sorted([*MALFORMED, "bad-input"]), got
    for qid in MALFORMED:
        assert got[qid]["type"] == "errored" and got[qid]["message"], (qid, got[qid])
        assert "bad_input" not in got[qid] or got[qid]["bad_input"] is False, (qid, got[qid])
    # a well-formed given whose content breaks the rules (a settle without its keys) is refused as bad input
    assert got["bad-input"]["type"] == "errored" and got["bad-input"]["bad_input"] is True, got["bad-input"]
