"""``datong-rules conform`` and ``datong-rules coverage``: exit codes, reports, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

from child_signals import ctrl_c_as_in_a_terminal
from conformance_support import SCENARIOS, fake_cmd, gone, pids_in

SUITE = ["--scenarios", str(SCENARIOS), "--no-spec-check"]


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
    assert result.exit_code == 130 and "INTERRUPTED after 2 of 6" in result.output
    assert result.output.rstrip().endswith("error: interrupted")
    data = json.loads(report.read_text())
    assert data["interrupted"] is True and len(data["results"]) == 2


@pytest.mark.parametrize(("args", "code", "needle"), [
    (["--impl", "fake_inprocess:EchoImpl", "--impl-cmd", "x"], 2, "give --impl or --impl-cmd, not both"),
    (["--impl", "nomodule_zz:F"], 2, "cannot import 'nomodule_zz'"),
    (["--impl-cmd", "/no/such/engine"], 2, "cannot start the implementation: cannot run '/no/such/engine'"),
    (["--impl-cmd", fake_cmd("--refuse-handshake"), "--startup-timeout", "1"], 1, "handshake failed"),
    (["--impl", "fake_inprocess:EchoImpl", "--json", "/proc/no/such/dir/r.json"], 2, "cannot write"),
    # empty or unusable options: usage errors, never a silent run of the reference engine
    (["--impl-cmd", ""], 2, "--impl-cmd is empty (expected the command that starts your engine"),
    (["--impl-cmd", "   "], 2, "--impl-cmd is empty"),
    (["--impl", " "], 2, "--impl is empty (expected MODULE:FACTORY)"),
    (["--impl", "fake_inprocess:EchoImpl", "--json", ""], 2, "--json is empty (expected a file path)"),
    (["--impl", "fake_inprocess:EchoImpl", "--markdown", " "], 2, "--markdown is empty"),
    (["--impl", "fake_inprocess:EchoImpl", "--json", "r.x", "--junit", "./r.x"], 2,
     "--json and --junit name the same file './r.x' (each report needs its own)"),
    (["--impl", "fake_inprocess:EchoImpl", "--timeout", "inf"], 2,
     "--timeout must be a number of seconds more than 0 and at most 3600, got inf"),
    (["--impl", "fake_inprocess:EchoImpl", "--timeout", "nan"], 2, "--timeout must be a number of seconds"),
    (["--impl", "fake_inprocess:EchoImpl", "--startup-timeout", "1e308"], 2, "--startup-timeout must be a number"),
    (["--impl", "fake_inprocess:EchoImpl", "--startup-timeout", "0"], 2, "--startup-timeout must be a number"),
    # in-process implementations that exit, or do not start
    (["--impl", "builtins:exit"], 2, "'builtins:exit()' failed: the implementation called sys.exit(None)"),
    (["--impl", "../etc:x"], 2, "--impl: '../etc' is not a module name"),
    (["--impl", "fake_inprocess:DuckStartFails"], 1, "cannot start the implementation: OSError: no database"),
    (["--impl", "fake_inprocess:DuckDeclaresNone"], 1,
     'cannot start the implementation: supported_variants() must return a list of strings (or ["*"] for all), got None'),
    # filters that match nothing: which one, and the valid values
    (["--impl", "fake_inprocess:EchoImpl", "--op", "nope"], 2,
     "--op nope: no scenario of this operation (operations in the suite: demo/add, demo/echo)"),
    (["--impl", "fake_inprocess:EchoImpl", "--op", "ECHO"], 2,
     "--op ECHO: no scenario of this operation (did you mean 'echo'?) (operations in the suite: demo/add, demo/echo)"),
    (["--impl", "fake_inprocess:EchoImpl", "--variant", "plain"], 2,
     "--variant plain: no scenario of this variant (did you mean 'demo/plain'?) (variants in the suite: "
     "demo/other, demo/plain)"),
    (["--impl", "fake_inprocess:EchoImpl", "--variant", "demo/plain", "--variant", "demo/nope"], 2,
     "--variant demo/nope: no scenario of this variant"),
    (["--impl", "fake_inprocess:EchoImpl", "--rule", "echo.basics"], 2,
     "--rule echo.basics: no scenario cites this rule or a rule under it (did you mean 'echo.basic'?)"),
    (["--impl", "fake_inprocess:EchoImpl", "-k", "zzz"], 2, "-k zzz: no scenario id or description contains it"),
    (["--impl", "fake_inprocess:EchoImpl", "--variant", "demo/other", "--op", "add"], 2,
     "no scenario matches all the filters together"),
])
def test_errors_are_one_line_with_exit_code(args, code, needle):
    result = CliRunner().invoke(cli, ["conform", *SUITE, *args])
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and needle in errors[0]
    assert "Traceback" not in result.output


def test_sys_exit_in_answer_errors_the_scenario_and_reports_are_written(tmp_path):
    report = tmp_path / "r.json"
    result = invoke("conform", *SUITE, "--impl", "fake_inprocess:ExitingImpl", "--json", str(report))
    assert result.exit_code == 1
    assert "the implementation called sys.exit(5)" in result.output
    assert json.loads(report.read_text())["counts"] == {"passed": 4, "failed": 0, "skipped": 0, "errored": 2}


def test_a_duck_typed_implementation_is_started_before_the_run():
    result = invoke("conform", *SUITE, "--impl", "fake_inprocess:DuckWithStart", "-q")
    assert result.exit_code == 0 and "6 passed" in result.output


def test_the_summary_time_includes_loading(tmp_path, monkeypatch):
    import datong_rules.cli.conform as conform_module

    real = conform_module.load_scenarios

    def slow_load(*args, **kwargs):
        time.sleep(0.3)
        return real(*args, **kwargs)

    monkeypatch.setattr(conform_module, "load_scenarios", slow_load)
    report = tmp_path / "r.json"
    result = invoke("conform", *SUITE, "--impl", "fake_inprocess:EchoImpl", "-q", "--json", str(report))
    seconds = float(result.output.rsplit(" in ", 1)[1].rstrip().rstrip("s"))
    data = json.loads(report.read_text())
    assert seconds >= 0.3 and data["total_duration"] >= 0.3 > data["duration"]


def test_ctrl_c_while_loading_is_one_line(monkeypatch):
    import datong_rules.cli.conform as conform_module

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(conform_module, "load_scenarios", interrupted)
    result = CliRunner().invoke(cli, ["conform", *SUITE, "--impl", "fake_inprocess:EchoImpl"])
    assert result.exit_code == 130
    assert result.output.splitlines() == ["error: interrupted while loading scenarios"]


def test_ctrl_c_while_starting_still_writes_the_reports(tmp_path, monkeypatch):
    import fake_inprocess

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(fake_inprocess.DuckWithStart, "start", interrupted)
    report = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["conform", *SUITE, "--impl", "fake_inprocess:DuckWithStart",
                                      "--json", str(report), "-q"])
    assert result.exit_code == 130
    assert "error: interrupted while starting the implementation" in result.output
    assert "(INTERRUPTED after 0 of 6)" in result.output
    assert json.loads(report.read_text())["interrupted"] is True


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
                        lambda name, *a: None if name == "datong_rules.conformance.adapters.reference" else real(name, *a))
    result = CliRunner().invoke(cli, ["conform", *SUITE])
    assert result.exit_code == 2
    assert "error: the reference engine adapter (datong_rules.conformance.adapters.reference:Reference" in result.output


def test_console_script_runs_as_a_process():
    proc = subprocess.run([sys.executable, "-m", "datong_rules.cli.main", "conform", *SUITE,
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
    assert f"1 scenario of variant 'demo/plain' cites rule 'echo.lists', which is not a rule of that variant in {rules}" \
        " (first: 'demo.echo.list-002')" in "\n".join(errors)
    assert any(f"1 scenario is for variant 'demo/other', which is not in {rules} (first: " in e for e in errors)


def test_coverage_problems_are_grouped_and_cut(tmp_path):
    # the bundled suite against a rules file that lists one made-up rule: one line per variant and per
    # (variant, rule), at most ERRORS_SHOWN of them, then a count
    from datong_rules.cli.coverage_cmd import ERRORS_SHOWN

    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"huolong/li-zhijiang": ["nope.rule"]}), encoding="utf-8")
    out = tmp_path / "cov.json"
    result = CliRunner().invoke(cli, ["coverage", "--rules-file", str(rules), "--json", str(out)])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    every = json.loads(out.read_text())["errors"]
    assert len(errors) == ERRORS_SHOWN + 1 < len(every)
    assert errors[-1] == f"error: ... and {len(every) - ERRORS_SHOWN} more problems ({out} lists them all)"
    from datong_rules.conformance.scenarios_io import load_scenarios
    others = {s.variant for s in load_scenarios() if s.fixture is None} - {"huolong/li-zhijiang"}
    assert sum("which is not in" in e and "unknown variant" not in e for e in every) == len(others)


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


# -- scenarios checked against the bundled spec -----------------------------------------------------------
SCENARIO = """\
scenarios:
  - id: my.bottom.dug-25-001
    variant: {variant}
    op: {op}
    rules: [{rule}]
    description: {{zh: 底, en: bottom}}
    given: {{bottom: [S5, H10, CK, D3, D4, S6], dug: true}}
    expect: {{points: 25}}
    reasoning: two 5s, a 10 and a K make 5 + 10 + 10 = 25 points
"""


@pytest.mark.parametrize(("fields", "message"), [
    ({"op": "bottom_point"}, "s.yaml:4:5: scenarios[0].op: unknown operation 'bottom_point' (did you mean "
                             "'bottom_points'?) (expected one of: bottom_points, bury, "),
    ({"variant": "huolong/nope"}, "s.yaml:3:5: scenarios[0].variant: unknown variant 'huolong/nope' (expected one "
                                  "of: "),
    ({"variant": "huolong/li-zhijang"}, "unknown variant 'huolong/li-zhijang' (did you mean 'huolong/li-zhijiang'?)"),
    ({"variant": "huolong/base"}, "scenarios[0].variant: abstract variant (it only holds shared rules) 'huolong/base'"),
    ({"rule": "bottom.multiplyer"}, "s.yaml:5:13: scenarios[0].rules[0]: 'bottom.multiplyer' is not a rule of "
                                    "huolong/li-zhijiang (did you mean 'bottom.multiplier'?)"),
])
def test_a_misspelt_op_variant_or_rule_is_a_scenario_file_error(tmp_path, fields, message):
    values = {"variant": "huolong/li-zhijiang", "op": "bottom_points", "rule": "bottom.multiplier", **fields}
    (tmp_path / "s.yaml").write_text(SCENARIO.format(**values), encoding="utf-8")
    for command in ("conform", "coverage"):
        result = CliRunner().invoke(cli, [command, "--scenarios", str(tmp_path)])
        assert result.exit_code == 2, result.output
        [error] = result.output.splitlines()
        assert error.startswith("error: ") and message in error


def test_the_demo_suite_needs_no_spec_check():
    result = CliRunner().invoke(cli, ["conform", "--scenarios", str(SCENARIOS), "--impl", "fake_inprocess:EchoImpl"])
    assert result.exit_code == 2 and "unknown operation 'add'" in result.output


def test_a_folder_without_yaml_files_says_so(tmp_path):
    (tmp_path / "s.json").write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(cli, ["conform", "--scenarios", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output == (f"error: {tmp_path}: no scenario file in this folder (scenario files are YAML, named "
                             f"*.yaml; it has 1 .json or .yml file(s), which are not read)\n")


def test_a_bad_variant_file_is_reported_once_and_the_others_are_checked(broken_spec, tmp_path):
    # one scenario of the broken house variant: errored with the file's problem
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "s.yaml").write_text(SCENARIO.format(variant="huolong/my-club", op="bottom_points",
                                                  rule="bottom.multiplier"), encoding="utf-8")
    report = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["conform", "--scenarios", str(suite), "--op", "bottom_points", "-q",
                                      "--json", str(report)])
    assert result.exit_code == 1
    warnings = [line for line in result.output.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1 and "my-club.yaml:7:5: rules.bottom.multiplyer: unknown key 'multiplyer'" in warnings[0]
    [only] = json.loads(report.read_text())["results"]
    assert only["status"] == "errored" and only["message"].startswith("variant 'huolong/my-club' cannot be loaded: ")
    # the bundled suite: all checked, the problem said once
    result = CliRunner().invoke(cli, ["conform", "--op", "bottom_points", "-q"])
    assert result.exit_code == 0 and "22 passed, 0 failed, 0 skipped, 0 errored" in result.output  # 20 + the two of
    # fixture huolong/datong-guide-bottom-times-four
    assert sum(line.startswith("warning: ") for line in result.output.splitlines()) == 1
    result = CliRunner().invoke(cli, ["coverage"])
    assert result.exit_code == 0 and "huolong/li-zhijiang  66/66 rules covered" in result.output
    assert sum(line.startswith("warning: ") for line in result.output.splitlines()) == 1


# -- Ctrl-C on the real process: the reports are written and nothing is left running -----------------------
@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to see that processes are gone")
@pytest.mark.parametrize(("where", "signal_name", "status"), [
    ("query", "SIGINT", 130), ("handshake", "SIGINT", 130),
    ("query", "SIGTERM", 143),  # what timeout, a CI cancellation, docker stop and Kubernetes send
    ("query", "SIGHUP", 129),  # a terminal closed, an ssh session dropped
])
def test_ctrl_c_stops_the_run_writes_the_reports_and_leaves_nothing_running(tmp_path, where, signal_name, status):
    import os
    import signal

    pids, mark, report, junit = tmp_path / "pids", tmp_path / "hanging", tmp_path / "r.json", tmp_path / "r.xml"
    flags = ["--leave-child", str(pids), "--hang-mark", str(mark)]
    flags += ["--hang-on", "demo.echo.list-002"] if where == "query" else ["--silent-handshake"]
    proc = subprocess.Popen([sys.executable, "-m", "datong_rules.cli.main", "conform", *SUITE, "--timeout", "60",
                             "--startup-timeout", "60", "--impl-cmd", fake_cmd(*flags), "--json", str(report),
                             "--junit", str(junit)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(SCENARIOS.parents[3])},
                            preexec_fn=ctrl_c_as_in_a_terminal)
    try:
        deadline = time.monotonic() + 20
        while not mark.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert mark.exists(), "the fake never started hanging"
        proc.send_signal(getattr(signal, signal_name))
        out, err = proc.communicate(timeout=15)
    finally:
        proc.kill()
    assert proc.returncode == status, (out, err)
    assert "INTERRUPTED after" in out and "Traceback" not in err and err.rstrip().endswith("error: interrupted")
    data = json.loads(report.read_text())
    assert data["interrupted"] is True and len(data["results"]) == (3 if where == "query" else 0)
    marks = [p.get("value") for p in ET.parse(junit).getroot().iter("property") if p.get("name") == "interrupted"]
    assert marks == (["true"] * 2 if where == "query" else [])  # one per operation run (none before the first)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # no temporary report left
    assert pids_in(pids) and all(gone(pid) for pid in pids_in(pids))


def test_conform_and_coverage_take_a_short_variant_id():
    """`--variant li-zhijiang` means huolong/li-zhijiang, as in show/diff/play (one bundled variant has that name)."""
    from click.testing import CliRunner

    from datong_rules.cli.main import cli

    result = CliRunner().invoke(cli, ["conform", "--variant", "li-zhijiang", "--op", "facts", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "passed, 0 failed" in result.output
    result = CliRunner().invoke(cli, ["coverage", "--variant", "li-zhijiang"])
    assert result.exit_code == 0, result.output
    assert "huolong/li-zhijiang" in result.output and "huolong/datong-guide" not in result.output


@pytest.mark.parametrize(("args", "words"), [
    (["--op", "ECHO"], "错误：--op ECHO：没有这个操作的场景（是不是想写 'echo'？）（测试套件里的操作：demo/add, demo/echo）"),
    (["--variant", "plain"], "错误：--variant plain：没有这个版本的场景（是不是想写 'demo/plain'？）（测试套件里的版本："
                             "demo/other, demo/plain）"),
    (["--rule", "echo.basics"], "错误：--rule echo.basics：没有场景引用这条规则或它下面的规则（是不是想写 'echo.basic'？）"
                                "（datong-rules coverage --counts 会列出规则）"),
    (["-k", "zzz"], "错误：-k zzz：没有场景的 id 或说明含有它"),
    (["--variant", "demo/other", "--op", "add"], "错误：没有场景同时符合所有筛选条件"),
])
def test_a_filter_matching_nothing_is_said_in_chinese_under_lang_zh(args, words):
    """``--lang zh``: the filter that matches nothing is said in 中文 (it was English inside the 中文 frame)."""
    result = CliRunner().invoke(cli, ["--lang", "zh", "conform", *SUITE, "--impl", "fake_inprocess:EchoImpl", *args])
    assert result.exit_code == 2, result.output
    assert [line for line in result.output.splitlines() if line.startswith("错误")] == [words]


REFUSAL = ('defaults: {variant: "dadun/dadun-guide", op: settle}\nscenarios:\n  - id: dadun.dadun-guide.settle.x-001\n'
           '    rules: ["levels.played"]\n    reasoning: "r"\n    description: {zh: 中, en: e}\n'
           '    given: {"finish": [0, 2]}\n')


@pytest.mark.parametrize(("entry", "words"), [
    ('    expect_bad_input: "yes"\n', "s.yaml:8:5: scenarios[0].expect_bad_input: 这里不允许 'yes'（应为：true）"),
    ('    expect_bad_input: true\n    expect: {"winner": 0}\n',
     "s.yaml:9:5: scenarios[0].expect: 这里不允许（expect_bad_input 代替 expect、expect_loose 和 key_rules：被拒绝的问题"
     "没有回答键）"),
    ("", "s.yaml:3:5: scenarios[0]: 需要 'expect' 或 'expect_bad_input'"),
    ('    expect_bad_input: true\n    givn: {}\n', "s.yaml:9:5: scenarios[0].givn: 未知的键 'givn'（可以写："),
    ('    expect_bad_input: true\n', "s.yaml:1:12: defaults.variant: 未知的版本 'dadun/dadun-gide'（是不是想写 "
     "'dadun/dadun-guide'？）（应为：以下之一：dadun/dadun-guide, dadun/a-own-level, "),
    ('    expect_bad_input: true\n    op: setle\n', "s.yaml:9:5: scenarios[0].op: 未知的操作 'setle'（是不是想写 "
     "'settle'？）（应为：以下之一：beats, "),
])
def test_a_bad_scenario_file_is_said_in_chinese_under_lang_zh(tmp_path, entry, words):
    """``conform --lang zh --scenarios``: a scenario file's problem in 中文 (the place and path as written)."""
    text = REFUSAL.replace("dadun-guide\"", "dadun-gide\"") if "gide" in words else REFUSAL
    (tmp_path / "s.yaml").write_text(text + entry, encoding="utf-8")
    result = CliRunner().invoke(cli, ["--lang", "zh", "conform", "--scenarios", str(tmp_path)])
    assert result.exit_code == 2, result.output
    [line] = [line for line in result.output.splitlines() if line.startswith("错误")]
    assert line.startswith("错误：") and words in line, line
    assert "gide" not in words or "huolong/" not in line  # a 打墩 id misspelt: the 打墩 variants, not all the games'


@pytest.mark.parametrize(("command", "code", "words"), [
    ("python3 -c 'import sys; sys.exit(3)'", 1, "错误：无法启动实现：握手失败：实现没有回复 'ready'（退出码 3）"),
    ("echo hello world", 1, "错误：无法启动实现：握手失败：应为一行 'ready' JSON，收到的是：hello world"),
    ("no-such-engine-cmd", 2, "错误：无法启动实现：无法运行 'no-such-engine-cmd'："),
])
def test_an_engine_that_does_not_start_is_said_in_chinese_under_lang_zh(command, code, words):
    """``conform --lang zh --impl-cmd``: why the engine did not start is said in 中文 (it was English, as
    ``cannot start the implementation: handshake failed: …``); what the engine itself wrote stays as written."""
    result = CliRunner().invoke(cli, ["--lang", "zh", "conform", *SUITE, "--impl-cmd", command])
    assert result.exit_code == code, result.output
    [line] = [line for line in result.output.splitlines() if line.startswith("错误")]
    assert line.startswith(words), line
