"""The published JSON Schemas of the JSON report and of the protocol messages agree with what the kit writes."""

from __future__ import annotations

import io
import json
from pathlib import Path

from jsonschema import Draft202012Validator

from datong_rules.conformance.adapters.jsonlines import MAX_LINE_BYTES
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.reports.json_report import REPORT_SCHEMA_ID, to_json
from datong_rules.conformance.runner import run, select
from datong_rules.conformance.scenarios_io import load_scenarios
from datong_rules.conformance.serve import Server, serve_lines

import conformance_support  # noqa: F401

SCHEMAS = Path(__file__).resolve().parents[2] / "spec" / "schema"


def schema(name):
    doc = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(doc)
    return doc


def test_the_json_report_matches_its_schema():
    doc = schema("report.schema.json")
    assert doc["$id"] == REPORT_SCHEMA_ID
    scenarios = select(load_scenarios(), ops=["bottom_points", "legal_play"])
    report = json.loads(json.dumps(to_json(run(ReferenceImplementation(), scenarios))))
    Draft202012Validator(doc).validate(report)


def test_the_protocol_messages_match_their_schema():
    doc = schema("protocol.schema.json")
    assert str(MAX_LINE_BYTES) in doc["description"]
    check = Draft202012Validator(doc)
    scenarios = [s for s in load_scenarios() if s.op == "legal_play"][:3] + \
        [s for s in load_scenarios() if s.fixture is not None][:1]
    sent = [{"type": "start", "protocol": 1, "protocols": [1, 2], "suite": "datong-rules", "suite_version": "0"}]
    sent += [{"type": "query", "id": s.id, "variant": s.variant, "op": s.full_op, "given": s.given,
              **({"variant_rules": s.fixture.data} if s.fixture else {})} for s in scenarios]
    sent += [{"type": "query", "id": "x", "variant": "huolong/li-zhijiang", "op": "huolong/facts", "given": {"a": 1}},
             {"type": "stop"}]
    out = io.BytesIO()
    serve_lines(Server(ReferenceImplementation()), io.BytesIO("\n".join(map(json.dumps, sent)).encode()), out,
                io.StringIO())
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert {r["type"] for r in replies} == {"ready", "result", "errored"}
    for message in sent:
        check.validate(message)
    for message in replies:
        check.validate(message)


def test_the_reply_to_an_unreadable_line_matches_the_protocol_schema():
    """A line the server cannot read (not UTF-8, not JSON, not an object) is answered errored with id null, as the
    protocol schema says of such a line."""
    check = Draft202012Validator(schema("protocol.schema.json"))
    lines = [b'{"type":"start","protocol":1}', b"\xff\xfe", b"not json", b"[1]", b'{"type":"stop"}']
    out = io.BytesIO()
    serve_lines(Server(ReferenceImplementation()), io.BytesIO(b"\n".join(lines) + b"\n"), out, io.StringIO())
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(r["type"], r.get("id")) for r in replies] == [("ready", None)] + [("errored", None)] * 3
    for message in replies:
        check.validate(message)
