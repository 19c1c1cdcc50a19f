"""The JUnit XML report, for CI systems (GitLab, Jenkins, GitHub test reporters…).

One ``<testsuite>`` per operation (or per variant), one ``<testcase>`` per scenario run, with a
``<failure>``, ``<error>`` or ``<skipped>`` child when it did not pass. The checks derived from the reference engine
for a house variant (:mod:`datong_rules.conformance.derived`) are kept apart: testsuites named ``derived: OP``,
testcases of class ``derived.VARIANT.OP``. Built with
:mod:`xml.etree.ElementTree`; characters XML 1.0 forbids (control codes from an implementation's
stderr…) are replaced by U+FFFD, so the file always parses.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import datetime, timezone
from pathlib import Path

from datong_rules.conformance.reports.common import mismatch_lines, write_text
from datong_rules.conformance.runner import ERRORED, FAILED, SKIPPED, RunResult, ScenarioResult
from datong_rules.conformance.suite import SUITE_NAME, suite_version

GROUPINGS = ("op", "variant")
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text: object) -> str:
    return _NOT_XML.sub("\ufffd", str(text))


def _counts(results: list[ScenarioResult], duration: float) -> dict[str, str]:
    count = lambda status: str(sum(r.status == status for r in results))  # noqa: E731
    return {"tests": str(len(results)), "failures": count(FAILED), "errors": count(ERRORED),
            "skipped": count(SKIPPED), "time": f"{duration:.3f}"}


def _testcase(parent: ET.Element, result: ScenarioResult) -> None:
    s = result.scenario
    case = ET.SubElement(parent, "testcase", {
        "classname": _clean(f"{'derived.' if s.derived else ''}{s.variant}.{s.op}"), "name": _clean(s.id),
        "time": f"{result.duration:.3f}", **({"file": _clean(s.file), "line": str(s.line)} if s.file else {}),
    })
    if result.status == FAILED:
        lines = [f"rules: {', '.join(s.rules)}", *mismatch_lines(result)]
        node = ET.SubElement(case, "failure", {"message": _clean(result.message or "failed"), "type": "mismatch"})
        node.text = _clean("\n".join(lines))
    elif result.status == ERRORED:
        node = ET.SubElement(case, "error", {"message": _clean(result.message or "errored"), "type": "errored"})
        node.text = _clean("\n".join(result.stderr)) if result.stderr else None
    elif result.status == SKIPPED:
        ET.SubElement(case, "skipped", {"message": _clean(result.message or "skipped")})


def build_junit(run: RunResult, group_by: str = "op") -> ET.Element:
    """The ``<testsuites>`` element of the run.

    Args:
        group_by: ``"op"`` (one testsuite per operation) or ``"variant"``.

    Raises:
        ValueError: unknown ``group_by``.
    """
    if group_by not in GROUPINGS:
        raise ValueError(f"group_by must be one of {GROUPINGS}, not {group_by!r}")
    groups: dict[str, list[ScenarioResult]] = {}
    for result in run.results:  # derived checks in testsuites of their own: "derived: classify"
        name = getattr(result.scenario, group_by)
        groups.setdefault(f"derived: {name}" if result.scenario.derived else name, []).append(result)
    root = ET.Element("testsuites", {"name": SUITE_NAME, **_counts(run.results, run.duration)})
    stamp = datetime.fromtimestamp(run.started, tz=timezone.utc).isoformat(timespec="seconds")
    impl = f"{run.implementation.get('name')} {run.implementation.get('version')}"
    for name, results in sorted(groups.items()):
        suite = ET.SubElement(root, "testsuite", {
            "name": _clean(name), "timestamp": stamp,
            **_counts(results, sum(r.duration for r in results)),
        })
        props = ET.SubElement(suite, "properties")
        for key, value in (("implementation", impl), ("suite_version", suite_version()),
                           ("interrupted", str(run.interrupted).lower())):
            ET.SubElement(props, "property", {"name": key, "value": _clean(value)})
        for result in results:
            _testcase(suite, result)
    return root


def render_junit(run: RunResult, group_by: str = "op") -> str:
    """The JUnit XML document as text (with its XML declaration)."""
    root = build_junit(run, group_by)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_junit(run: RunResult, path: str | Path, group_by: str = "op") -> None:
    """Write :func:`render_junit` to ``path`` (UTF-8); ``-`` is standard output. Raises :class:`OSError`."""
    write_text(path, render_junit(run, group_by))
