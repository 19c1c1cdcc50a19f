"""The two outsider engines (conformance/examples/outsider_*/engine.py) on lines they cannot read.

docs/implementers/index.md (the JSON-lines protocol, step 2): a line that cannot be read (not JSON, not an object)
has no id to carry and is answered ``{"type":"errored","id":null,"message":"…"}``, one line; the engine then reads
the next line. A JSON value that is not an object, and one nested too deep for the parser, are such lines: the
engines first died on them with a traceback, and every later question of the run was lost.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"outsider_biedan": "biedan", "outsider_dadun": "dadun"}


@pytest.mark.parametrize("example", sorted(GAMES))
def test_an_unreadable_line_is_answered_with_a_null_id_and_the_next_one_read(example):
    game = GAMES[example]
    facts = {"type": "query", "id": "after", "variant": f"{game}/{game}-guide", "op": f"{game}/facts", "given": {}}
    unreadable = ["not json", "[1, 2]", '"a string"', "5", "null", "[" * 100000]
    lines = "".join(line + "\n" for line in unreadable) + json.dumps(facts) + "\n"
    proc = subprocess.run([sys.executable, str(ROOT / "conformance" / "examples" / example / "engine.py")],
                          input=lines, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-1000:]
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(replies) == len(unreadable) + 1, replies
    assert all(r["type"] == "errored" and r["id"] is None and r["message"] for r in replies[:-1]), replies
    assert replies[-1]["type"] == "result" and replies[-1]["id"] == "after"
