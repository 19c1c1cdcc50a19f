"""A house variant file checked with the scenarios it inherits: ``conform --variant FILE`` runs the scenarios
of the variants it extends whose expected keys depend on no rule the file changes, asks them about the house
variant (the engine receives its rules), and names the house file's rules no scenario checks."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import conformance_support  # noqa: F401 - puts fake_impls on sys.path for --impl

from datong_rules.cli.main import cli
from datong_rules.conformance.house import depends_on, inherit
from datong_rules.conformance.scenarios_io import load_scenarios
from datong_rules.reference_impl.variant import open_variant

REPO = Path(__file__).resolve().parents[2]
HOUSE = "docs/examples/house-variant.yaml"
CHANGED = ["follow.shape", "bottom.multiplier"]
REFERENCE = "datong_rules.conformance.adapters.reference:ReferenceImplementation"


def _conform(*args: str):
    return CliRunner().invoke(cli, ["conform", *args], catch_exceptions=False)


def test_inherited_scenarios_depend_on_no_changed_rule():
    house = open_variant(str(REPO / HOUSE))
    suite = inherit(house, load_scenarios())
    assert suite.changed == CHANGED and suite.unchecked == CHANGED
    assert len(suite.scenarios) > 100
    for scenario in suite.scenarios:
        assert scenario.variant == "huolong/datong-club" and scenario.fixture is house
        assert not set(depends_on(scenario)) & set(CHANGED)
        assert scenario.op != "replay"
    left_out = {s.id: why for s, why in suite.left_out}
    assert all(s.variant == "huolong/datong-guide" for s, _ in suite.left_out)
    assert any(set(why) & set(CHANGED) for why in left_out.values())
    assert any(s.op == "replay" for s, _ in suite.left_out)


def test_conform_a_house_file_with_the_reference_engine():
    result = _conform("--variant", HOUSE, "-q")
    assert result.exit_code == 0, result.output
    assert "house variant huolong/datong-club (docs/examples/house-variant.yaml) extends huolong/datong-guide" \
        in result.output
    assert "no scenario checks: follow.shape, bottom.multiplier" in result.output
    assert "datong-rules fuzz --variant docs/examples/house-variant.yaml" in result.output
    assert " 0 failed" in result.output


def test_conform_a_house_file_over_json_lines():
    serve = shlex.join([sys.executable, "-c", "from datong_rules.cli.main import main; main()", "serve"])
    result = _conform("--variant", HOUSE, "--impl-cmd", serve, "-q", "--op", "legal_play", "--op", "bottom_points")
    assert result.exit_code == 0, result.output
    assert " 0 failed" in result.output and " 0 skipped" in result.output


def test_an_engine_that_ignores_the_house_file_passes_the_inherited_scenarios_fuzz_catches_it():
    result = _conform("--variant", HOUSE, "--impl", "planted:ParentRules", "-q")
    assert result.exit_code == 0, result.output  # the inherited scenarios cannot see the house rules
    fuzzed = CliRunner().invoke(cli, ["fuzz", "--variant", HOUSE, "--impl", "planted:ParentRules", "--op",
                                      "bottom_points", "--seed", "1", "--examples", "500", "-q"])
    assert fuzzed.exit_code == 1 and "bottom.multiplier" in fuzzed.stdout


def test_a_bad_house_file_is_one_line_error(tmp_path):
    bad = tmp_path / "club.yaml"
    bad.write_text("id: huolong/club\nextends: huolong/datong-guide\nrules: {bottom: {multiplyer: {value: 1}}}\n",
                   encoding="utf-8")
    result = _conform("--variant", str(bad))
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: --variant {bad}: "), result.stderr


def test_coverage_of_a_house_file():
    result = CliRunner().invoke(cli, ["coverage", "--variant", HOUSE], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("huolong/datong-club  ")
    assert "follow.shape" in result.output.splitlines()[1] and "bottom.multiplier" in result.output.splitlines()[1]
    assert "no scenario checks: follow.shape, bottom.multiplier" in result.output


def test_pytest_plugin_runs_a_house_file(pytester):
    result = pytester.runpytest_subprocess(  # -o addopts=: a user's run, not with the kit's own pytest options
        "-p", "no:cacheprovider", "-o", "addopts=", "--pyargs", "datong_rules.conformance", "--datong-impl", REFERENCE,
        "--datong-variant", str(REPO / HOUSE), "--datong-op", "bottom_points")
    result.assert_outcomes(passed=len([s for s in inherit(open_variant(str(REPO / HOUSE)), load_scenarios()).scenarios
                                       if s.op == "bottom_points"]))
    assert "datong: rules of" in result.stdout.str() and "bottom.multiplier" in result.stdout.str()


def test_pytest_plugin_refuses_a_bad_house_file(pytester, tmp_path):
    bad = tmp_path / "club.yaml"
    bad.write_text("id: huolong/club\nextends: huolong/nope\n", encoding="utf-8")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-o", "addopts=", "--pyargs",
                                           "datong_rules.conformance", "--datong-impl", REFERENCE,
                                           "--datong-variant", str(bad))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"--variant {bad}: " in result.stderr.str()
