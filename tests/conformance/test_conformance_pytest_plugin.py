"""The pytest plugin, run in a pytest subprocess (plugin autoloading off, loaded with -p)."""

from __future__ import annotations

import os

import pytest

from conformance_support import FAKES, SCENARIOS, fake_cmd

ROOT = SCENARIOS.parents[3]


@pytest.fixture
def run_pytest(pytester, monkeypatch):
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), str(FAKES)]))

    def go(*args):
        # -o addopts=: not the kit's own options (pyproject.toml, found above the scenario folders): a user's run
        return pytester.runpytest_subprocess("-p", "datong_rules.conformance.pytest_plugin", "-p", "no:cacheprovider",
                                             "-p", "no:randomly", "-o", "addopts=", *args)
    return go


def suite_args(*args):
    return [str(SCENARIOS), "--datong-scenarios", str(SCENARIOS), "--datong-no-spec-check", *args]


def test_one_item_per_scenario_with_expected_and_actual(run_pytest):
    result = run_pytest(*suite_args("--datong-impl-cmd", fake_cmd("--wrong-on", "demo.add.small-001"), "-v"))
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(["*add.yaml::demo.add.small-001 FAILED*",
                                 "*sum: expected 3*", '*sum: actual   "WRONG"*'])


def test_skips_and_filters(run_pytest):
    run_pytest(*suite_args("--datong-impl", "fake_inprocess:EchoOnlyImpl")).assert_outcomes(passed=3, skipped=3)
    run_pytest(*suite_args("--datong-impl", "fake_inprocess:EchoImpl", "--datong-op", "add")).assert_outcomes(passed=2)
    run_pytest(*suite_args("--datong-impl", "fake_inprocess:EchoImpl", "--datong-variant", "demo/other",
                           "--datong-op", "echo")).assert_outcomes(passed=1)


def test_errors_show_the_message(run_pytest):
    result = run_pytest(*suite_args("--datong-impl-cmd", fake_cmd("--crash-on", "demo.echo.word-001")))
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(["*errored: demo.echo.word-001*", "*implementation exited with code 3*",
                                 "*stderr| panic: crashed on demo.echo.word-001*"])


def test_a_second_reply_fails_the_session_whenever_it_comes(run_pytest):
    """Read during a later item: that item fails, naming the query; read after stop: the session fails, naming it."""
    during = run_pytest(*suite_args("--datong-impl-cmd", fake_cmd("--twice-on", "demo.add.small-001:before-next")))
    during.assert_outcomes(passed=5, failed=1)
    during.stdout.fnmatch_lines(["*protocol error of the earlier query demo.add.small-001, found during this one: "
                                 "protocol error: a second reply to this query*"])
    at_stop = run_pytest(*suite_args("--datong-impl-cmd", fake_cmd("--twice-on", "demo.echo.other-variant-004:at-stop")))
    at_stop.assert_outcomes(passed=6)
    at_stop.stdout.fnmatch_lines(["*datong: demo.echo.other-variant-004: protocol error: a second reply to this query*"])
    assert at_stop.ret == 1


def test_start_failure_is_an_error_of_every_item_in_one_line(run_pytest):
    result = run_pytest(*suite_args("--datong-impl", "fake_inprocess:make_broken"))
    result.assert_outcomes(errors=6)
    result.stdout.fnmatch_lines(["*cannot start the implementation: 'fake_inprocess:make_broken()' failed*"])
    assert "Traceback" not in result.stdout.str() and result.ret == 1


def test_a_typo_in_the_handshake_is_an_error_of_every_item(run_pytest):
    result = run_pytest(*suite_args("--datong-impl-cmd", fake_cmd("--protocol", "1", "--ops", "trick-winner")))
    result.assert_outcomes(errors=6)
    result.stdout.fnmatch_lines(["*unknown operation 'trick-winner'*(did you mean 'trick_winner'?)*"])


def test_a_session_where_nothing_passed_fails_unless_allowed(run_pytest):
    flags = [f for i in ("demo.add.small-001", "demo.add.negative-002", "demo.echo.word-001", "demo.echo.list-002",
                         "demo.echo.number-003", "demo.echo.other-variant-004") for f in ("--skip-on", i)]
    result = run_pytest(*suite_args("--datong-impl-cmd", fake_cmd(*flags)))
    result.assert_outcomes(skipped=6)
    assert result.ret == 1
    result.stdout.fnmatch_lines(["datong: nothing was checked: none of 6 scenario items passed (all skipped)*"])
    assert run_pytest(*suite_args("--datong-impl-cmd", fake_cmd(*flags), "--datong-allow-empty")).ret == 0


def test_ini_options(run_pytest, pytester):
    ini = pytester.makeini(f"""
        [pytest]
        datong_impl = fake_inprocess:EchoImpl
        datong_ops = add
        datong_scenarios = {SCENARIOS}
        datong_no_spec_check = true
        """)
    run_pytest("-c", str(ini), "--rootdir", str(pytester.path), str(SCENARIOS)).assert_outcomes(passed=2)


def test_bad_scenario_file_is_a_one_line_collection_error(run_pytest, tmp_path):
    bad = tmp_path / "suite"
    bad.mkdir()
    (bad / "x.yaml").write_text("scenarios:\n  - id: a.b\n    id: a.c\n", encoding="utf-8")
    result = run_pytest(str(bad), "--datong-scenarios", str(bad), "--datong-impl", "fake_inprocess:EchoImpl")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*x.yaml:3:5: *duplicate key 'id' (first at line 2)*"])
    assert "Traceback" not in result.stdout.str()


def test_without_an_implementation_the_plugin_does_nothing(run_pytest, pytester):
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    result = run_pytest(*suite_args("test_plain.py"))
    result.assert_outcomes(passed=1)


def test_yaml_outside_the_suite_is_ignored(run_pytest):
    result = run_pytest(str(SCENARIOS), "--datong-impl", "fake_inprocess:EchoImpl")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_pyargs_conformance_collects_the_bundled_suite(run_pytest):
    from datong_rules.conformance.scenarios_io import find_scenario_files

    result = run_pytest("--pyargs", "datong_rules.conformance", "--datong-impl", "fake_inprocess:EchoImpl", "--collect-only", "-q")
    if not find_scenario_files():  # the bundled suite is still empty
        assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    else:  # items or (for a file being written) a one-line collection error, both from scenarios/
        assert "scenarios/" in result.stdout.str()
        assert "Traceback" not in result.stdout.str()


def test_the_demo_suite_is_refused_against_the_bundled_spec(run_pytest):
    result = run_pytest(str(SCENARIOS), "--datong-scenarios", str(SCENARIOS), "--datong-impl", "fake_inprocess:EchoImpl")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines(["*add.yaml:*: unknown operation 'add'*"])


@pytest.mark.parametrize(("args", "message"), [
    (["--datong-impl-cmd", " "], "--datong-impl-cmd is empty"),
    (["--datong-impl", ""], "--datong-impl is empty"),
    (["--datong-impl-cmd", "x", "--datong-timeout", "inf"], "--datong-timeout must be a number of seconds"),
])
def test_unusable_options_are_usage_errors(run_pytest, args, message):
    result = run_pytest(*suite_args(*args))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{message}*"])


@pytest.mark.parametrize(("args", "message"), [
    (["--datong-op", "nope"], "--datong-op nope: no scenario of this operation (operations in the suite: demo/add, "
                              "demo/echo)"),
    (["--datong-op", "ad"], "--datong-op ad: no scenario of this operation (did you mean 'add'?)"),
    (["--datong-variant", "demo/othr"], "--datong-variant demo/othr: no scenario of this variant (did you mean "
                                        "'demo/other'?)"),
])
def test_a_filter_matching_no_scenario_is_a_usage_error_naming_the_known_values(run_pytest, args, message):
    """As ``conform --op nope`` says it, not a silent "no tests ran"."""
    result = run_pytest(*suite_args("--datong-impl", "fake_inprocess:EchoImpl", *args))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{message}*"])
