"""The JSON report: everything about a run, for machines (``duration``: seconds of the queries;
``total_duration``: of the whole command, loading the suite included, 0 when not measured).

Shape::

    {"$schema": ".../report.schema.json", "report_version": 2,
     "suite": "datong-rules", "suite_version": "0.1.0",
     "implementation": {"name": ..., "version": ...},
     "started": "2024-05-01T10:00:00+00:00", "duration": 1.23, "total_duration": 3.4,
     "selected": 120, "interrupted": false,
     "declared": {"variants": [...], "operations": [...]}, "asked": 118, "empty": null,
     "counts": {"passed": n, "failed": n, "skipped": n, "errored": n},
     "by_operation": {full op: counts + "asked"}, "by_variant": {variant: counts},
     "by_rule": {rule: counts (a failure counts only against its blamed rules) + "hand_worked", "derived"},
     "results": [{"id", "kind" ("hand_worked" or "derived"), "derived" (how: "steered", "swept"; null), "variant", "op" (bare), "operation" (full name), "rules", "blamed_rules", "file", "line", "status", "asked",
                  "expected", "actual", "mismatched", "schema_problem", "message", "stderr", "duration"}, ...],
     "houses": [...]}   # only for a run of house variant files: datong_rules.conformance.house.house_record

The shape is ``spec/schema/report.schema.json`` (``report_version`` 2).
"""

from __future__ import annotations

import json
import math
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from datong_rules.conformance.reports.common import by_operation, by_rule, by_variant, kind, write_text
from datong_rules.conformance.runner import RunResult, ScenarioResult
from datong_rules.conformance.suite import SUITE_NAME, suite_version


REPORT_VERSION = 2
"""The version of the report's shape (1: 0.1's, without a version field); ``spec/schema/report.schema.json``."""
REPORT_SCHEMA_ID = "https://datong-rules.github.io/datong-rules/schema/report.schema.json"


def result_record(result: ScenarioResult) -> dict[str, Any]:
    """One result as a JSON-compatible mapping (see the module docstring)."""
    s = result.scenario
    return {
        "id": s.id, "kind": kind(result), "derived": s.derived or None, "variant": s.variant, "op": s.op,
        "operation": s.full_op, "rules": list(s.rules),
        "blamed_rules": list(result.blamed), "file": s.file,
        "line": s.line, "status": result.status, "asked": result.asked, "expected": result.expected,
        "actual": result.actual, "mismatched": result.mismatched, "schema_problem": result.schema_problem,
        "message": result.message, "stderr": result.stderr,
        "duration": round(result.duration, 6),
    }


def to_json(run: RunResult) -> dict[str, Any]:
    """The whole report as a JSON-compatible mapping."""
    return {
        "$schema": REPORT_SCHEMA_ID,
        "report_version": REPORT_VERSION,
        "suite": SUITE_NAME,
        "suite_version": suite_version(),
        "implementation": run.implementation,
        "started": datetime.fromtimestamp(run.started, tz=timezone.utc).isoformat(timespec="seconds"),
        "duration": round(run.duration, 6),
        "total_duration": round(run.total, 6),
        "selected": run.selected,
        "interrupted": run.interrupted,
        "declared": run.declared,
        "asked": run.asked,
        "empty": run.empty,
        "counts": run.counts(),
        "by_operation": by_operation(run),
        "by_variant": by_variant(run),
        "by_rule": by_rule(run),
        "results": [result_record(r) for r in run.results],
        **({"houses": run.houses} if run.houses else {}),
    }


def render_json(run: RunResult) -> str:
    """The report as indented JSON text (UTF-8 characters kept), strict JSON: a NaN or an infinity that reached
    the run (the runner errors such answers) is written as the text ``"NaN"``, ``"Infinity"``, ``"-Infinity"``."""
    return json.dumps(_finite(to_json(run)), ensure_ascii=False, indent=2, default=repr, allow_nan=False) + "\n"


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


def write_json(run: RunResult, path: str | Path) -> None:
    """Write :func:`render_json` to ``path``; ``-`` is standard output. Raises :class:`OSError`."""
    write_text(path, render_json(run))
