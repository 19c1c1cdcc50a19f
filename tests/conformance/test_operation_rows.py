"""The console's operation table: a run of the whole suite shows a row of zeros for an operation the implementation
declares and no scenario asked (it was never asked); a run narrowed to some scenarios (one file, a filter) shows only
the operations it ran, in both languages: a run of one file printed a row of zeros for each of the ~37 operations
the reference engine declares."""

from __future__ import annotations

from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.conformance.reports.console import render_console
from datong_rules.conformance.runner import run
from datong_rules.conformance.scenarios_io import load_scenarios, scenarios_root

from conformance_support import SCENARIOS
from fake_inprocess import EchoImpl

ECHO = SCENARIOS / "demo" / "echo.yaml"
"""The four echo scenarios of the demo suite (EchoImpl declares demo/echo and demo/add)."""


def operation_rows(text: str) -> list[str]:
    """The operation names of the console's first table (its lines up to the first blank one, heading left out)."""
    lines = text.splitlines()
    return [line.split()[0] for line in lines[1:lines.index("")]]


def test_the_whole_suite_still_shows_a_declared_operation_never_asked():
    outcome = run(EchoImpl(), load_scenarios(ECHO, spec_check=False), check_schema=False)
    rows = operation_rows(render_console(outcome))
    assert rows == ["demo/add", "demo/echo"]  # demo/add: declared, no scenario of the run
    add = render_console(outcome).splitlines()[1].split()
    assert add == ["demo/add", "0", "0", "0", "0", "0", "0"]


def test_a_narrowed_run_shows_only_the_operations_it_ran():
    outcome = run(EchoImpl(), load_scenarios(ECHO, spec_check=False), check_schema=False)
    assert operation_rows(render_console(outcome, narrowed=True)) == ["demo/echo"]
    assert operation_rows(render_console(outcome, narrowed=True, lang="zh")) == ["demo/echo"]


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


FACTS = scenarios_root() / "huolong" / "li-zhijiang" / "facts.yaml"
"""One file of the bundled suite: li-zhijiang's facts scenarios, all of one operation."""


def test_conform_on_one_file_prints_only_its_operation_in_both_languages():
    scenarios = FACTS.read_text(encoding="utf-8").count("\n  - id: ")
    one = ["conform", "--scenarios", str(FACTS)]  # the reference engine, which declares every operation by name
    english = invoke(*one)
    assert english.exit_code == 0, english.output
    assert operation_rows(english.output) == ["huolong/facts"]
    n = str(scenarios)
    assert english.output.splitlines()[1].split() == ["huolong/facts", n, "0", n, "0", "0", "0"]
    chinese = invoke("--lang", "zh", *one)
    assert chinese.output.splitlines()[0].split()[0] == "操作"
    assert operation_rows(chinese.output) == ["huolong/facts"]


def test_conform_on_the_whole_demo_suite_keeps_its_rows():
    whole = invoke("conform", "--scenarios", str(SCENARIOS), "--no-spec-check", "--impl", "fake_inprocess:EchoImpl")
    assert operation_rows(whole.output) == ["demo/add", "demo/echo"]  # both ran: the filter-free table is unchanged


def test_an_operation_filter_narrows_the_table_of_the_bundled_suite():
    result = invoke("conform", "--op", "huolong/facts", "--variant", "huolong/li-zhijiang")
    assert result.exit_code == 0, result.output
    assert operation_rows(result.output) == ["huolong/facts"]
