"""``datong-rules conform`` and ``datong-rules coverage``: exit codes, reports, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from conformance.cli.main import cli

from conformance_support import SCENARIOS, fake_cmd

SUITE = ["--scenarios", str(SCENARIOS)]


def invoke(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_all_pass_exit_0_with_all_reports(tmp_path):
    paths = {kind: tmp_path / f"r.{kind}" for kind in ("json", "junit", "markdown")}
    result = invoke("conform", *SUITE, "--impl", "fake_inprocess:EchoImpl",
                    *(arg for kind, path in paths.items() for arg in (f"--{kind}", str(path))))
    assert result.exit_code == 0, result.output
    assert "fake-inprocess 1.0: 6 passed, 0 failed, 0 skipped, 0 errored" in result.output
    assert json.loads(paths["json"].read_text())["counts"]["passed"] == 6
    assert ET.parse(paths["junit"]).getroot().get("tests") == "6"
    assert "| passed | 6 |" in paths["markdown"].read_text()


def test_failures_exit_1():
    result = invoke("conform", *SUITE, "--impl", "fake_inprocess:WrongAddImpl")
    assert result.exit_code == 1
    assert "FAILED demo.add.small-001" in result.output


def test_skips_alone_exit_0_and_quiet_prints_one_line():
    result = invoke("conform", *SUITE, "--impl", "fake_inprocess:EchoOnlyImpl", "--quiet")
    assert result.exit_code == 0
    assert result.output.strip().splitlines() == ["fake-inprocess 1.0: 3 passed, 0 failed, 3 skipped, 0 errored in "
                                                   + result.output.split(" in ")[1].strip()]


def test_impl_cmd_with_filters_and_timeout(tmp_path):
    report = tmp_path / "r.json"
    result = invoke("conform", *SUITE, "--impl-cmd", fake_cmd("--hang-on", "demo.echo.list-002"),
                    "--op", "echo", "--variant", "demo/plain", "-k", "list", "--timeout", "0.5",
                    "--json", str(report))
    assert result.exit_code == 1
    [only] = json.loads(report.read_text())["results"]
    assert (only["id"], only["status"], only["message"]) == ("demo.echo.list-002", "errored", "timeout after 0.5s")


def test_rule_filter():
    result = invoke("conform", *SUITE, "--impl", "fake_inprocess:EchoImpl", "--rule", "echo.lists", "-q")
    assert "1 passed" in result.output


def test_interrupted_run_still_writes_the_report(tmp_path):
    report = tmp_path / "r.json"
    result = invoke("conform", *SUITE, "--impl", "fake_inprocess:InterruptingImpl", "--json", str(report))
    assert result.exit_code == 1 and "INTERRUPTED after 2 of 6" in result.output
    data = json.loads(report.read_text())
    assert data["interrupted"] is True and len(data["results"]) == 2


@pytest.mark.parametrize(("args", "code", "needle"), [
    (["--impl", "fake_inprocess:EchoImpl", "--impl-cmd", "x"], 2, "give --impl or --impl-cmd, not both"),
    (["--impl", "nomodule_zz:F"], 2, "cannot import 'nomodule_zz'"),
    (["--impl-cmd", "/no/such/engine"], 2, "cannot start the implementation: cannot run '/no/such/engine'"),
    (["--impl-cmd", fake_cmd("--refuse-handshake"), "--startup-timeout", "1"], 1, "handshake failed"),
    (["--impl", "fake_inprocess:EchoImpl", "--op", "nope"], 2, "no scenario matches the filters"),
    (["--impl", "fake_inprocess:EchoImpl", "--json", "/proc/no/such/dir/r.json"], 2, "cannot write"),
])
def test_errors_are_one_line_with_exit_code(args, code, needle):
    result = CliRunner().invoke(cli, ["conform", *SUITE, *args])
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and needle in errors[0]
    assert "Traceback" not in result.output


def test_bad_scenario_file_exit_2(tmp_path):
    (tmp_path / "bad.yaml").write_text("scenarios:\n  - id: a.b\n    id: a.c\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["conform", "--scenarios", str(tmp_path), "--impl", "fake_inprocess:EchoImpl"])
    assert result.exit_code == 2
    [error] = result.output.splitlines()
    assert error.startswith("error: ") and "bad.yaml:3:5: " in error and "duplicate key 'id' (first at line 2)" in error


def test_reference_adapter_missing_is_a_clear_message(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "conformance.adapters.reference" else real(name, *a))
    result = CliRunner().invoke(cli, ["conform", *SUITE])
    assert result.exit_code == 2
    assert "error: the reference engine adapter (conformance.adapters.reference:Reference" in result.output


def test_console_script_runs_as_a_process():
    proc = subprocess.run([sys.executable, "-m", "conformance.cli.main", "conform", *SUITE,
                           "--impl-cmd", fake_cmd("--crash-on", "demo.add.small-001")],
                          capture_output=True, text=True, timeout=30, cwd=str(SCENARIOS.parents[2]),
                          env={**__import__("os").environ, "PYTHONPATH": str(SCENARIOS.parents[3])})
    assert proc.returncode == 1, proc.stderr
    assert "ERRORED demo.add.small-001" in proc.stdout and "exited with code 3" in proc.stdout
    assert proc.stderr == ""


RULES = {"demo/plain": ["echo.basic", "echo.lists", "add.sum", "add.carry"], "demo/other": ["echo.basic"]}


def test_coverage_command(tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text(json.dumps(RULES), encoding="utf-8")
    out = tmp_path / "cov.json"
    result = invoke("coverage", *SUITE, "--rules-file", str(rules), "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "demo/plain  3/4 rules covered (75.0%)" in result.output
    assert "uncovered: add.carry" in result.output
    data = json.loads(out.read_text())
    assert data["variants"]["demo/plain"]["rules"]["echo.basic"] == 3
    assert data["variants"]["demo/other"]["percent"] == 100.0
    result = invoke("coverage", *SUITE, "--rules-file", str(rules), "--fail-under", "80", "--counts")
    assert result.exit_code == 1 and "error: coverage of demo/plain is below 80%" in result.output
    assert "     1  echo.lists" in result.output


def test_coverage_reports_rules_not_of_the_variant(tmp_path):
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"demo/plain": ["echo.basic", "add.sum"]}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["coverage", *SUITE, "--rules-file", str(rules)])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert any("cites rule 'echo.lists', not a rule of variant 'demo/plain'" in e for e in errors)
    assert any("is for unknown variant 'demo/other'" in e for e in errors)


def test_coverage_bad_rules_file(tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("demo/plain: 3\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["coverage", *SUITE, "--rules-file", str(rules)])
    assert result.exit_code == 2 and "expected a mapping of variant id to a list of rule ids" in result.output


def test_coverage_of_a_bundled_variant_by_default():
    result = CliRunner().invoke(cli, ["coverage", "--variant", "huolong/li-zhijiang"])
    assert result.exit_code in (0, 1), result.output  # 1 while a scenario cites a rule the variant lacks
    assert result.output.startswith("huolong/li-zhijiang  ") and "rules covered" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(cli, ["coverage", "--variant", "nope/nope"])
    assert result.exit_code == 2 and "error: unknown variant 'nope/nope'" in result.output
