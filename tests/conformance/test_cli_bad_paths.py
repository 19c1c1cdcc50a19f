"""Bad report, scenario and threshold arguments of ``conform``, ``coverage`` and the spec commands: ``-`` is
standard output, an empty path is a usage error, a device is named as such, the same file is loaded once,
``--fail-under nan`` is refused, and an in-process answer with keys of mixed types is reported, not a crash."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.conformance.scenarios_io import ScenarioError, find_scenario_files, load_scenarios

from conformance_support import SCENARIOS

SUITE = ["--scenarios", str(SCENARIOS), "--no-spec-check"]
ECHO = ["--impl", "fake_inprocess:EchoImpl"]


def invoke(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Run in an empty folder: whatever a command writes into its working folder shows there, not in the
    checkout."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------------------------------------- '-' is stdout
@pytest.mark.parametrize("option, parse", [
    ("--json", lambda text: json.loads(text)["counts"]["passed"]),
    ("--junit", lambda text: int(ET.fromstring(text).get("tests"))),
    ("--markdown", lambda text: int(text.split("| passed | ")[1].split(" |")[0])),
])
def test_a_conform_report_to_dash_goes_alone_to_stdout(in_tmp, option, parse):
    result = invoke("conform", *SUITE, *ECHO, option, "-")
    assert result.exit_code == 0, result.output
    assert parse(result.stdout) == 6  # stdout is the report and nothing else
    assert "fake-inprocess 1.0: 6 passed" in result.stderr  # the console summary moved to stderr
    assert os.listdir(in_tmp) == []  # no file named '-'


def test_a_dash_report_beside_a_file_report(in_tmp):
    result = invoke("conform", *SUITE, *ECHO, "--json", "-", "--junit", "r.xml", "-q")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["counts"]["passed"] == 6
    assert ET.parse(in_tmp / "r.xml").getroot().get("tests") == "6"
    assert sorted(os.listdir(in_tmp)) == ["r.xml"]


def test_two_reports_cannot_both_go_to_stdout(in_tmp):
    result = invoke("conform", *SUITE, *ECHO, "--json", "-", "--markdown", "-")
    assert result.exit_code == 2
    assert result.stderr == "error: --json and --markdown both go to standard output ('-'; only one report can)\n"
    assert result.stdout == "" and os.listdir(in_tmp) == []


def test_a_file_named_dash_is_written_as_dot_slash_dash(in_tmp):
    result = invoke("conform", *SUITE, *ECHO, "--json", "./-", "-q")
    assert result.exit_code == 0, result.output
    assert json.loads((in_tmp / "-").read_text())["counts"]["passed"] == 6
    assert "6 passed" in result.stdout


def test_coverage_json_to_dash_goes_alone_to_stdout(in_tmp):
    result = invoke("coverage", "--variant", "li-zhijiang", "--json", "-")
    assert result.exit_code == 0, result.output
    assert list(json.loads(result.stdout)["variants"]) == ["huolong/li-zhijiang"]
    assert "huolong/li-zhijiang  " in result.stderr and "rules covered" in result.stderr
    assert os.listdir(in_tmp) == []


# ------------------------------------------------------------------------------------ --fail-under
@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "-1", "100.5"])
def test_fail_under_must_be_a_finite_percent(value):
    result = invoke("coverage", *SUITE, "--fail-under", value)
    assert result.exit_code == 2
    assert "Invalid value for '--fail-under'" in result.stderr and "not a number from 0 to 100" in result.stderr


def test_fail_under_bounds_are_allowed(tmp_path):
    # the demo suite cites 4 rules of demo/plain; a rules file with one more makes it 4/5 = 80%
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"demo/plain": ["echo.basic", "echo.lists", "add.sum", "add.carry", "x.y"],
                                 "demo/other": ["echo.basic"]}), encoding="utf-8")
    assert invoke("coverage", *SUITE, "--rules-file", str(rules), "--fail-under", "0").exit_code == 0
    result = invoke("coverage", *SUITE, "--rules-file", str(rules), "--fail-under", "100")
    assert result.exit_code == 1 and "coverage of demo/plain is below 100%" in result.stderr


# ------------------------------------------------------------------------------------ empty paths
EMPTY = "is empty (expected {}; is the variable you pass unset?)"
VARIANT_EMPTY = "error: the variant " + EMPTY.format(
    "a variant id (huolong/li-zhijiang, or just li-zhijiang) or the path of a variant file (a house variant)")


@pytest.mark.parametrize("args, line", [
    (["validate", ""], "error: the FILES argument " + EMPTY.format("a variant file or a folder of them")),
    (["validate", "spec/huolong/base.yaml", " "], "error: the FILES argument " + EMPTY.format(
        "a variant file or a folder of them")),
    (["show", ""], VARIANT_EMPTY),
    (["diff", "li-zhijiang", ""], VARIANT_EMPTY),
    (["conform", "--scenarios", ""], "error: --scenarios " + EMPTY.format("a scenario folder or file")),
    (["conform", *SUITE, "--scenarios", ""], "error: --scenarios " + EMPTY.format("a scenario folder or file")),
    (["coverage", "--scenarios", ""], "error: --scenarios " + EMPTY.format("a scenario folder or file")),
    (["coverage", "--rules-file", ""], "error: --rules-file " + EMPTY.format("a YAML or JSON file of rule ids")),
])
def test_an_empty_path_is_a_usage_error(in_tmp, args, line):
    (in_tmp / "stray.yaml").write_text("not: [a, variant\n", encoding="utf-8")  # what '' would have reached
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stderr == line + "\n"
    assert result.stdout == ""


# ------------------------------------------------------------------------------ not a regular file
def test_a_device_or_fifo_as_scenarios_is_named_so(tmp_path):
    with pytest.raises(ScenarioError) as caught:
        find_scenario_files("/dev/null")
    assert caught.value.errors == ["/dev/null: not a regular file or folder (a FIFO, a device or a socket)"]
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result = invoke("conform", "--scenarios", str(fifo), *ECHO)
    assert result.exit_code == 2
    assert result.stderr == f"error: {fifo}: not a regular file or folder (a FIFO, a device or a socket)\n"
    with pytest.raises(ScenarioError, match="no such scenario file or folder"):
        find_scenario_files(tmp_path / "missing.yaml")


# ------------------------------------------------------------------------------- the same file twice
def test_the_same_scenario_file_through_two_paths_runs_once(tmp_path, monkeypatch):
    add = SCENARIOS / "demo" / "add.yaml"
    monkeypatch.chdir(SCENARIOS)
    paths = [add, SCENARIOS, "demo/add.yaml", SCENARIOS / "demo" / ".." / "demo"]
    scenarios = load_scenarios(paths, spec_check=False)
    assert [s.id for s in scenarios] == [  # add.yaml first (its first place), then the folder's other file
        "demo.add.small-001", "demo.add.negative-002",
        *[s.id for s in load_scenarios(SCENARIOS / "demo" / "echo.yaml", spec_check=False)]]
    result = invoke("conform", "--scenarios", str(add), *SUITE, *ECHO, "-q")
    assert result.exit_code == 0 and "6 passed" in result.stdout


def test_the_same_file_through_a_symlink_runs_once(tmp_path):
    (tmp_path / "link.yaml").symlink_to(SCENARIOS / "demo" / "add.yaml")
    scenarios = load_scenarios([SCENARIOS / "demo" / "add.yaml", tmp_path], spec_check=False)
    assert len(scenarios) == 2


# ------------------------------------------------------------------------ unknown keys of mixed types
MIXED_KEYS = '''
class MixedKeys:
    """Answers every question with keys of mixed types (an in-process implementation may)."""
    name, version = "mixed", "1"
    def supported_variants(self): return ["*"]
    def supported_operations(self): return ["*"]
    def answer(self, variant, op, given): return {1: 2, (1, 2): 3, "zz": 4, "points": 0, "awarded": 0}
'''


def test_an_answer_with_keys_of_mixed_types_fails_its_schema_check(tmp_path, monkeypatch):
    (tmp_path / "mixed_keys_impl.py").write_text(MIXED_KEYS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = invoke("conform", "--impl", "mixed_keys_impl:MixedKeys", "--op", "bottom_points")
    assert result.exit_code == 1, result.output
    # string keys first, then the others by their text: 'zz' is the one named
    assert "answer does not match the operation's schema: $: unknown key 'zz' (allowed: points, awarded)" \
        in result.stdout
    assert "mixed 1: 0 passed" in result.stdout


def test_unknown_keys_of_other_types_are_named_as_such():
    import jsonschema

    from datong_rules.conformance.schema_messages import schema_message

    schema = {"type": "object", "properties": {"a": {}}, "additionalProperties": False}
    [error] = jsonschema.Draft202012Validator(schema).iter_errors({1: 2, (1, 2): 3, "a": 0})
    assert schema_message(error) == "unknown key (1, 2) (not a string) (allowed: a)"


# --------------------------------------------------------------------- the spec loader's wording
SCENARIO = """\
defaults: {variant: huolong/li-zhijiang, op: bottom_points, rules: [bottom.multiplier]}
scenarios:
  - id: huolong.test.wording-001
    description: {zh: 底, en: bottom}
    reasoning: by hand
    given: {bottom: [S5, H10, CK, D3, D4, S6], dug: true}
    expect: EXPECT
"""


@pytest.mark.parametrize("expect, message", [
    ("null", "7:5: scenarios[0].expect: found null (expected a mapping)"),
    ("25", "7:5: scenarios[0].expect: found the number 25 (expected a mapping)"),
    ("[1]", "7:5: scenarios[0].expect: found a list (expected a mapping)"),
    ("{points: true}", "7:14: scenarios[0].expect.points: found the true/false value true (expected a whole number)"),
    ("{}", "7:5: scenarios[0].expect: the mapping is empty (expected at least one key)"),
    ("{points: -5}", "7:14: scenarios[0].expect.points: -5 is out of range (expected a whole number ≥ 0)"),
])
def test_scenario_errors_use_the_spec_loaders_wording(tmp_path, expect, message):
    from datong_rules.conformance.scenarios_io import load_scenario_file

    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO.replace("EXPECT", expect), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario_file(path)
    assert caught.value.errors == [f"{path}:{message}"]


@pytest.mark.parametrize("argv", [["verify", ""], ["play", "li-zhijiang", "--record", ""]])
def test_play_and_verify_refuse_an_empty_path(argv, tmp_path, monkeypatch):
    """An unset variable passed as "" is a usage error before anything is played or read (not "the folder .")."""
    from click.testing import CliRunner

    from datong_rules.cli.main import cli

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, argv)
    assert result.exit_code == 2
    assert "is empty (expected" in result.output
    assert list(tmp_path.iterdir()) == []
