"""Engine lines are strict JSON, and one query gets one reply: NaN, Infinity, a key twice and a second reply are
protocol errors of the query they belong to, whenever the second reply comes."""

from __future__ import annotations

import json
import math
import sys

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.conformance.adapters.base import Implementation
from datong_rules.conformance.adapters.jsonlines import (
    SECOND_REPLY,
    JsonLinesImplementation,
    NotStrictJson,
    parse_line,
)
from datong_rules.conformance.reports.json_report import render_json
from datong_rules.conformance.runner import ERRORED, PASSED, apply_late_errors, run

from conformance_support import SCENARIOS, fake_argv, fake_cmd

FAST = {"timeout": 2.0, "startup_timeout": 5.0}


@pytest.fixture(scope="module")
def demo_scenarios():
    """The six demo scenarios, loaded once for the module (runs do not change them)."""
    from datong_rules.conformance.scenarios_io import load_scenarios

    return load_scenarios(SCENARIOS, spec_check=False)
DOUBLED = "demo.add.negative-002"  # the second of the six demo scenarios
LAST = "demo.echo.other-variant-004"


@pytest.mark.parametrize("line, reason", [
    ('{"answer": NaN}', "NaN is not a JSON number"),
    ('{"answer": Infinity}', "Infinity is not a JSON number"),
    ('{"answer": [-Infinity]}', "-Infinity is not a JSON number"),
    ('{"answer": 1e999}', "the number 1e999 is too large"),
    ('{"answer": 1' + "0" * 400 + "}", "the number 1" + "0" * 39 + " is too large"),
    ('{"answer": [-1' + "0" * 400 + "]}", "the number -1" + "0" * 38 + " is too large"),
    ('{"answer": ' + str(int(sys.float_info.max) + 10 ** 300) + "}", "the number 1797693"),  # just past the largest
    ('{"id": "a", "id": "b"}', 'the key "id" appears twice in one object'),
    ('{"answer": {"sum": 1, "sum": 2}}', 'the key "sum" appears twice in one object'),
])
def test_lines_python_takes_but_strict_json_refuses(line, reason):
    assert json.loads(line) is not None  # Python's reader takes them all
    with pytest.raises(NotStrictJson, match=reason):
        parse_line(line)


def test_strict_json_still_reads_plain_json():
    assert parse_line('{"a": [1, 2.5, -0.0, 1e300, "NaN", null, true], "b": {"a": 1}}') == {
        "a": [1, 2.5, -0.0, 1e300, "NaN", None, True], "b": {"a": 1}}


def test_strict_json_reads_every_whole_number_a_double_holds():
    largest = int(sys.float_info.max)  # 309 digits
    assert parse_line(f"[{largest}, -{largest}, {2 ** 53 + 1}]") == [largest, -largest, 2 ** 53 + 1]
    with pytest.raises(NotStrictJson, match="is too large"):  # past Python's own limit of digits, said the same way
        parse_line("[1" + "0" * 5000 + "]")


def run_fake(scenarios, *flags):
    """Run the demo suite against the fake, close it, and apply what was found on the way out."""
    impl = JsonLinesImplementation(fake_argv(*flags), **FAST)
    impl.start()
    try:
        outcome = run(impl, scenarios)
    finally:
        impl.close()
    apply_late_errors(outcome, impl)
    return outcome, {r.scenario.id: r for r in outcome.results}


@pytest.mark.parametrize("text, reason", [
    ('{"type": "result", "id": "{id}", "answer": {"sum": NaN}}', "NaN is not a JSON number"),
    ('{"type": "result", "id": "{id}", "answer": {"sum": Infinity}}', "Infinity is not a JSON number"),
    ('{"type": "result", "id": "{id}", "answer": {"sum": 1e400}}', "the number 1e400 is too large"),
    ('{"type": "result", "id": "{id}", "answer": {"sum": 1' + "0" * 400 + "}}", "the number 1" + "0" * 39 + " is too large"),
    ('{"type": "result", "id": "{id}", "answer": {"sum": 1}, "answer": {"sum": -1}}', 'the key "answer" appears twice'),
])
def test_a_reply_that_is_not_strict_json_errors_its_query(demo_scenarios, text, reason):
    outcome, by_id = run_fake(demo_scenarios, "--raw-on", f"{DOUBLED}={text}")
    result = by_id[DOUBLED]
    assert result.status == ERRORED and result.message.startswith(f"not strict JSON ({reason}")
    assert all(r.status == PASSED for r in outcome.results if r.scenario.id != DOUBLED)
    json.loads(render_json(outcome), parse_constant=lambda name: pytest.fail(f"{name} in the report"),
               parse_int=lambda digits: int(digits) if len(digits) < 20 else pytest.fail(f"{digits} in the report"))


# every moment a second reply can come: with the first, before the next query's reply, after it, at stop, and from
# a thread after a delay (the doubled query in the middle of the run, and the last one)
WHEN = ["now", "before-next", "after-next", "at-stop", "0.0", "0.05", "0.3"]


@pytest.mark.parametrize(("doubled", "when"), [(DOUBLED, when) for when in WHEN] +
                         [(LAST, when) for when in WHEN if when not in ("before-next", "after-next")])
def test_a_second_reply_errors_its_query_whenever_it_comes(demo_scenarios, doubled, when):
    outcome, by_id = run_fake(demo_scenarios, "--twice-on", f"{doubled}:{when}")
    result = by_id[doubled]
    assert result.status == ERRORED, (when, result)
    # the contradicting reply is quoted (with no delay it may even come first: then the good one is the second)
    assert result.message.startswith(SECOND_REPLY) and f'"id": "{doubled}"' in result.message
    assert [r.scenario.id for r in outcome.results if r.status != PASSED] == [doubled]


def test_every_run_catches_a_second_reply_sent_while_the_runner_goes_on(demo_scenarios):
    """A double reply once passed in 2 of 13 runs; caught in every one here."""
    for _ in range(5):
        _, by_id = run_fake(demo_scenarios, "--twice-on", f"{DOUBLED}:0.01")
        assert by_id[DOUBLED].status == ERRORED


def test_conform_reports_the_second_reply_in_every_report(tmp_path):
    report, junit = tmp_path / "r.json", tmp_path / "r.xml"
    result = CliRunner().invoke(cli, ["conform", "--scenarios", str(SCENARIOS), "--no-spec-check", "--impl-cmd",
                                      fake_cmd("--twice-on", f"{LAST}:at-stop"), "--json", str(report),
                                      "--junit", str(junit)], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    assert "5 passed, 0 failed, 0 skipped, 1 errored" in result.output
    [errored] = [r for r in json.loads(report.read_text())["results"] if r["status"] == "errored"]
    assert errored["id"] == LAST and errored["message"].startswith(SECOND_REPLY)
    assert SECOND_REPLY in junit.read_text()


def test_an_in_process_answer_holding_nan_is_errored_and_the_report_stays_strict(demo_scenarios):
    class NanEngine(Implementation):
        name, version = "nan-engine", "1"

        def answer(self, variant, op, given):
            return {"value": math.nan, "sum": math.inf}

    outcome = run(NanEngine(), demo_scenarios)
    assert {r.status for r in outcome.results} == {ERRORED}
    assert outcome.results[0].message.startswith("the answer holds NaN or Infinity, which JSON cannot carry")
    json.loads(render_json(outcome), parse_constant=lambda name: pytest.fail(f"{name} in the report"))
