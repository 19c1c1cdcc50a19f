"""Reports: console, JSON, JUnit XML (parsed back with xml.etree) and Markdown."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.reports.console import progress, render_console, summary_line
from datong_rules.conformance.reports.json_report import render_json, to_json
from datong_rules.conformance.reports.junit import build_junit, render_junit, write_junit
from datong_rules.conformance.reports.markdown import render_markdown
from datong_rules.conformance.runner import run

from conformance_support import fake_argv


@pytest.fixture(scope="module")
def mixed_run():
    """A run with every status: passed, failed (wrong), errored (garbage with control chars), skipped."""
    from datong_rules.conformance.scenarios_io import load_scenarios

    from conformance_support import SCENARIOS

    flags = ["--wrong-on", "demo.add.small-001", "--garbage-on", "demo.echo.word-001",
             "--skip-on", "demo.echo.list-002", "--stderr-spam", "1"]
    with JsonLinesImplementation(fake_argv(*flags), timeout=1) as impl:
        return run(impl, load_scenarios(SCENARIOS, spec_check=False))


def test_console(mixed_run):
    text = render_console(mixed_run)
    assert "FAILED demo.add.small-001  [add.sum]" in text
    assert 'sum: expected 3' in text and 'sum: actual   "WRONG"' in text
    assert "ERRORED demo.echo.word-001  [echo.basic]" in text and "not a JSON line" in text
    assert "stderr| debug demo.echo.word-001" in text
    assert "operation" in text and "echo.lists" in text
    assert text.splitlines()[-1] == summary_line(mixed_run)
    assert summary_line(mixed_run).startswith("fake-jsonl 0.0.1: 3 passed, 1 failed, 1 skipped, 1 errored in ")
    assert render_console(mixed_run, details=False) == summary_line(mixed_run)


def test_json(mixed_run):
    data = json.loads(render_json(mixed_run))
    assert data == to_json(mixed_run) | {"duration": data["duration"]}
    assert data["suite"] == "datong-rules" and data["interrupted"] is False and data["selected"] == 6
    assert data["counts"] == {"passed": 3, "failed": 1, "skipped": 1, "errored": 1}
    assert data["by_operation"]["demo/add"] == {"asked": 2, "passed": 1, "failed": 1, "skipped": 0, "errored": 0}
    assert data["by_rule"]["echo.lists"]["skipped"] == 1
    assert data["by_variant"]["demo/other"]["passed"] == 1
    failed = next(r for r in data["results"] if r["status"] == "failed")
    assert failed["expected"] == {"sum": 3} and failed["actual"] == {"sum": "WRONG"} and failed["mismatched"] == ["sum"]
    assert failed["file"].endswith("add.yaml") and failed["line"] == 7


def test_junit_parses_and_counts(mixed_run, tmp_path):
    path = tmp_path / "out" / "junit.xml"
    write_junit(mixed_run, path)
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped")) == ("6", "1", "1", "1")
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert sorted(suites) == ["add", "echo"]
    assert suites["echo"].get("tests") == "4" and suites["echo"].get("errors") == "1"
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert len(cases) == 6
    assert cases["demo.add.small-001"].find("failure").get("type") == "mismatch"
    assert "sum: expected 3" in cases["demo.add.small-001"].find("failure").text
    assert cases["demo.echo.word-001"].find("error") is not None
    assert cases["demo.echo.list-002"].find("skipped").get("message") == "not modelled"
    assert cases["demo.echo.number-003"].find("*") is None
    assert cases["demo.echo.number-003"].get("classname") == "demo/plain.echo"


def test_junit_by_variant_and_forbidden_characters(mixed_run):
    root = build_junit(mixed_run, group_by="variant")
    assert sorted(s.get("name") for s in root.findall("testsuite")) == ["demo/other", "demo/plain"]
    mixed_run.results[0].stderr.append("bell \x07 and nul \x00 and escape \x1b[0m")
    try:
        ET.fromstring(render_junit(mixed_run).encode("utf-8"))  # still well-formed
    finally:
        mixed_run.results[0].stderr.pop()
    with pytest.raises(ValueError):
        build_junit(mixed_run, group_by="rule")


def test_markdown(mixed_run):
    text = render_markdown(mixed_run)
    assert text.startswith("# Conformance report: fake-jsonl 0.0.1")
    assert "| status | scenarios |" in text and "| failed | 1 |" in text
    assert "| operation | passed | failed | skipped | errored |" in text
    assert "| `echo.lists` | 0 | 0 | 1 | 0 |" in text
    assert "### `demo.add.small-001` — failed" in text and '"WRONG"' in text
    assert "## Skipped" in text and "| `demo.echo.list-002` | not modelled |" in text
    assert "Interrupted" not in text


def test_interrupted_run_is_marked_everywhere(mixed_run):
    from dataclasses import replace

    partial = replace(mixed_run, results=mixed_run.results[:2], interrupted=True)
    assert "INTERRUPTED after 2 of 6" in summary_line(partial)
    assert json.loads(render_json(partial))["interrupted"] is True
    assert "**Interrupted**" in render_markdown(partial)
    prop = ET.fromstring(render_junit(partial)).find(".//property[@name='interrupted']")
    assert prop.get("value") == "true"


def test_progress_is_silent_off_a_terminal(capsys, mixed_run):
    with progress(6) as on_result:
        for result in mixed_run.results:
            on_result(result)
    assert capsys.readouterr() == ("", "")


def test_markdown_shows_a_loose_key_that_failed_by_its_allowed_values():
    # The Markdown report read the scenario's `expect` for every mismatched key and raised KeyError for a key of
    # `expect_loose` (a key a source leaves vague, given as its allowed values), which `expect` does not hold.
    from datong_rules.conformance.reports.markdown import _problem
    from datong_rules.conformance.runner import FAILED, ScenarioResult
    from datong_rules.conformance.scenarios_io import Scenario

    scenario = Scenario(id="demo.add.loose-001", variant="demo/base", rules=("add.sum",), op="add",
                        given={"a": 1, "b": 2}, expect={"sum": 3}, loose={"note": {"one_of": ["x", "y"]}})
    result = ScenarioResult(scenario, FAILED, actual={"sum": 3, "note": "z"}, mismatched=["note"])
    text = "\n".join(_problem(result))
    assert '`note` expected:\n```json\n{"one_of":["x","y"]}\n```' in text.replace(", ", ",").replace(": ", ":")
    assert '"z"' in text
