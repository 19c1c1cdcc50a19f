"""A house variant file checked with the scenarios it inherits and checks derived for the rules it changes:
``conform --variant FILE`` runs every scenario of the house's game whose expected answer the reference engine playing
the house gives, asked about the house variant (the engine receives its rules), then the derived checks of each
changed rule, and says per changed rule what checks it."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import conformance_support  # noqa: F401 - puts fake_impls on sys.path for --impl
from conformance_support import LOCKING_CLUB

from datong_rules.cli.main import cli
from datong_rules.conformance.derived import STEERED, SWEPT, bears, check_house, set_back
from datong_rules.conformance.house import DIFFERS, INVALID, RECORD, inherit
from datong_rules.conformance.playing import playing
from datong_rules.conformance.scenarios_io import load_scenarios
from datong_rules.reference_impl.variant import load_variant, open_variant

REPO = Path(__file__).resolve().parents[2]
HOUSE = "docs/examples/house-variant.yaml"
CHANGED = ["follow.shape", "bottom.multiplier"]
REFERENCE = "datong_rules.conformance.adapters.reference:ReferenceImplementation"


def _conform(*args: str):
    return CliRunner().invoke(cli, ["conform", *args], catch_exceptions=False)


def test_a_house_inherits_the_scenarios_the_engine_playing_it_passes():
    house = open_variant(str(REPO / HOUSE))
    suite = inherit(house, load_scenarios())
    assert suite.changed == CHANGED
    assert len(suite.scenarios) > 100 and suite.asked == len(suite.scenarios) + len(suite.left_out)
    for scenario in suite.scenarios:
        assert scenario.variant == "huolong/datong-club" and scenario.fixture is house and not scenario.derived
        assert scenario.op != "replay"
    # the scenarios of every variant of the game count, the fixture variants' too, not only the extends chain
    origins = {s.id.split(".")[1] for s in suite.scenarios}
    assert {"datong-guide", "li-zhijiang"} <= origins and len(origins) > 5
    why = {entry.why for entry in suite.left_out}
    assert why == {DIFFERS, INVALID, RECORD} or why == {DIFFERS, RECORD}
    for entry in suite.left_out:
        assert entry.scenario.game == "huolong"
        assert (entry.why == DIFFERS) == bool(entry.keys)
    # a scenario of the parent whose bottom award doubles the house changes (bottom.multiplier) is left out, and why
    named = [e for e in suite.left_out if e.scenario.variant == "huolong/datong-guide" and e.scenario.op == "bottom_points"]
    assert named and all(e.why == DIFFERS and "bottom.multiplier" in e.rules for e in named)
    assert "answers" in named[0].text and "depends on bottom.multiplier" in named[0].text


def test_every_changed_rule_is_checked_and_derived_checks_bear_on_it():
    house = open_variant(str(REPO / HOUSE))
    scenarios = load_scenarios()
    suite = check_house(inherit(house, scenarios), scenarios, count=5, seed=3)
    assert suite.unchecked == [] and set(suite.coverage) == set(CHANGED)
    assert all(row["derived"] >= 1 for row in suite.coverage.values())
    parent = load_variant("huolong/datong-guide")
    for check in suite.derived:
        (rule,) = check.rules
        assert check.derived in (STEERED, SWEPT) and check.id.startswith(f"derived.huolong/datong-club.{rule}.")
        back = playing(set_back(house, parent, rule))
        assert bears(playing(house), back, check.op, check.given)  # the rule set back answers otherwise
    again = check_house(inherit(house, scenarios), scenarios, count=5, seed=3)
    assert [(c.id, c.given) for c in again.derived] == [(c.id, c.given) for c in suite.derived]  # reproducible
    assert check_house(inherit(house, scenarios), scenarios, derived=False).derived == []


def test_conform_a_house_file_with_the_reference_engine():
    result = _conform("--variant", HOUSE, "-q")
    assert result.exit_code == 0, result.output
    assert "house variant huolong/datong-club (docs/examples/house-variant.yaml) extends huolong/datong-guide" \
        in result.output
    assert "  follow.shape: " in result.output and "  bottom.multiplier: " in result.output
    assert "unchecked" not in result.output
    assert " 0 failed" in result.output and " derived checks" in result.output
    bare = _conform("--variant", HOUSE, "-q", "--no-derived")
    assert bare.exit_code == 0 and " derived checks" not in bare.output.splitlines()[0], bare.output


def test_conform_a_house_file_over_json_lines():
    serve = shlex.join([sys.executable, "-c", "from datong_rules.cli.main import main; main()", "serve"])
    result = _conform("--variant", HOUSE, "--impl-cmd", serve, "-q", "--op", "legal_play", "--op", "bottom_points")
    assert result.exit_code == 0, result.output
    assert " 0 failed" in result.output and " 0 skipped" in result.output


def test_an_engine_that_plays_the_parent_fails_on_every_changed_rule(tmp_path):
    import json

    report, junit, markdown = tmp_path / "report.json", tmp_path / "report.xml", tmp_path / "report.md"
    result = _conform("--variant", HOUSE, "--impl", "planted:ParentRules", "--json", str(report), "--junit",
                      str(junit), "--markdown", str(markdown))
    assert result.exit_code == 1, result.output
    data = json.loads(report.read_text(encoding="utf-8"))
    failed = [r for r in data["results"] if r["status"] == "failed"]
    assert {rule for r in failed for rule in r["blamed_rules"]} >= set(CHANGED)
    assert all(data["by_rule"][rule]["failed"] > 0 and data["by_rule"][rule]["derived"] > 0 for rule in CHANGED)
    # the derived checks are labelled as such in every report, apart from the hand-worked scenarios
    derived = [r for r in failed if r["kind"] == "derived"]
    assert derived and all(r["id"].startswith("derived.") and r["derived"] in ("steered", "swept", "played")
                           for r in derived)
    assert all(r["derived"] is None for r in data["results"] if r["kind"] == "hand_worked")
    assert "FAILED (derived, steered) derived.huolong/datong-club." in result.output
    assert '<testsuite name="derived: bottom_points"' in junit.read_text(encoding="utf-8")
    assert 'classname="derived.huolong/datong-club.bottom_points"' in junit.read_text(encoding="utf-8")
    text = markdown.read_text(encoding="utf-8")
    assert " — failed (derived, steered)" in text and "| rule | passed | failed | skipped | errored | hand-worked | derived |" in text


def test_the_derived_option_says_its_default():
    from datong_rules.conformance.derived import DEFAULT_COUNT, DEFAULT_SEED

    help_text = " ".join(_conform("--help").output.split())
    assert f"(default {DEFAULT_COUNT};" in help_text and f"(default {DEFAULT_SEED};" in help_text


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
    assert "follow.shape: " in result.output and "bottom.multiplier: " in result.output


def _plugin(pytester, *args):
    return pytester.runpytest_subprocess(  # -o addopts=: a user's run, not with the kit's own pytest options
        "-p", "no:cacheprovider", "-o", "addopts=", "--pyargs", "datong_rules.conformance", *args)


def test_pytest_plugin_runs_a_house_file(pytester):
    """The plugin runs what ``conform --variant`` runs: the inherited scenarios, then the derived checks (as many,
    from the same seed, labelled derived in their ids), and says per changed rule what checked it."""
    house = open_variant(str(REPO / HOUSE))
    scenarios = load_scenarios()
    suite = check_house(inherit(house, scenarios), scenarios, count=2, seed=5)
    inherited = [s for s in suite.scenarios if s.op == "bottom_points"]
    derived = [s for s in suite.derived if s.op == "bottom_points"]
    assert derived  # bottom.multiplier is a changed rule that bottom_points reads
    result = _plugin(pytester, "--datong-impl", REFERENCE, "--datong-variant", str(REPO / HOUSE),
                     "--datong-op", "bottom_points", "--datong-derived", "2", "--datong-seed", "5", "-v")
    result.assert_outcomes(passed=len(inherited) + len(derived))
    result.stdout.fnmatch_lines([f"*house-variant.yaml::{s.id} PASSED*" for s in derived])
    assert all(s.id.startswith("derived.huolong/datong-club.bottom.multiplier.") for s in derived)
    assert "datong: rules " in result.stdout.str() and "bottom.multiplier: " in result.stdout.str()
    assert f"({len(suite.derived)} derived checks in all)" in result.stdout.str()
    # --datong-no-derived: the inherited scenarios alone
    alone = _plugin(pytester, "--datong-impl", REFERENCE, "--datong-variant", str(REPO / HOUSE),
                    "--datong-op", "bottom_points", "--datong-no-derived")
    alone.assert_outcomes(passed=len(inherited))
    assert "derived checks in all" not in alone.stdout.str()


def test_pytest_plugin_fails_an_engine_on_the_rules_a_house_changes(pytester):
    """An engine that never read the house file passes every inherited ``legal_play`` scenario the parent agrees
    on, and fails the derived checks of follow.shape, the rule the house changes (items named derived)."""
    monkey = pytest.MonkeyPatch()
    monkey.setenv("PYTHONPATH", str(Path(conformance_support.FAKES)))
    try:
        result = _plugin(pytester, "--datong-impl", "planted:ParentRules", "--datong-variant", str(REPO / HOUSE),
                         "--datong-op", "legal_play", "--datong-derived", "3", "-q", "-rf")
    finally:
        monkey.undo()
    failed = [line for line in result.stdout.lines if line.startswith("FAILED ")]
    assert failed and any("::derived.huolong/datong-club.follow.shape.legal_play." in line for line in failed)
    assert result.ret == 1


def test_a_failed_derived_check_prints_the_question_it_asked(pytester):
    """A derived check lives in no scenario file: when the planted fault (an engine that plays the parent's rules)
    fails one, the plugin's failure and the console report print its question whole (operation and given), so that
    an implementer can ask it again."""
    from datong_rules.conformance.reports.common import compact

    house = open_variant(str(REPO / HOUSE))
    scenarios = load_scenarios()
    checks = {c.id: c for c in check_house(inherit(house, scenarios), scenarios, count=1).derived}
    monkey = pytest.MonkeyPatch()
    monkey.setenv("PYTHONPATH", str(Path(conformance_support.FAKES)))
    try:
        result = _plugin(pytester, "--datong-impl", "planted:ParentRules", "--datong-variant", str(REPO / HOUSE),
                         "--datong-op", "legal_play", "--datong-derived", "1", "-q")
    finally:
        monkey.undo()
    text = result.stdout.str()
    failed = [line.split("::")[-1].split()[0] for line in result.stdout.lines
              if line.startswith("FAILED ") and "::derived." in line]
    assert failed
    for check_id in failed:
        check = checks[check_id]
        assert f"question: {check.full_op} given {compact(check.given)}" in text, check_id
    console = _conform("--variant", str(REPO / HOUSE), "--impl", "planted:ParentRules", "--op", "legal_play",
                       "--derived", "1")
    assert console.exit_code == 1 and "FAILED (derived" in console.output, console.output
    for line, after in zip(console.output.splitlines(), console.output.splitlines()[1:]):
        if line.startswith("FAILED (derived"):
            check = checks[line.split()[3]]
            assert after.strip() == f"question: {check.full_op} given {compact(check.given)}", after


def test_pytest_plugin_derived_options_from_the_ini_file(pytester):
    ini = pytester.makeini("""
        [pytest]
        datong_derived = 1
        datong_seed = 5
        datong_no_derived = false
        """)
    result = _plugin(pytester, "-c", str(ini), "--rootdir", str(pytester.path), "--datong-impl", REFERENCE,
                     "--datong-variant", str(REPO / HOUSE), "--datong-op", "bottom_points", "--collect-only", "-q")
    house = open_variant(str(REPO / HOUSE))
    scenarios = load_scenarios()
    suite = check_house(inherit(house, scenarios), scenarios, count=1, seed=5)
    ids = [line.rsplit("::", 1)[-1] for line in result.stdout.lines if "::derived." in line]
    assert ids == [s.id for s in suite.derived if s.op == "bottom_points"] and ids
    bad = pytester.makeini("[pytest]\ndatong_derived = many\n")
    refused = _plugin(pytester, "-c", str(bad), "--datong-impl", REFERENCE, "--datong-variant", str(REPO / HOUSE))
    assert refused.ret == pytest.ExitCode.USAGE_ERROR and "datong_derived must be a whole number" in refused.stderr.str()


def test_pytest_plugin_refuses_a_bad_house_file(pytester, tmp_path):
    bad = tmp_path / "club.yaml"
    bad.write_text("id: huolong/club\nextends: huolong/nope\n", encoding="utf-8")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-o", "addopts=", "--pyargs",
                                           "datong_rules.conformance", "--datong-impl", REFERENCE,
                                           "--datong-variant", str(bad))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"--variant {bad}: " in result.stderr.str()


def test_the_reports_name_each_scenario_left_out_with_the_house_rules_it_depends_on(tmp_path):
    import json

    import jsonschema

    from datong_rules.reference_impl.schemas import find_schema

    house = tmp_path / "club.yaml"
    house.write_text(LOCKING_CLUB, encoding="utf-8")
    report, markdown = tmp_path / "report.json", tmp_path / "report.md"
    result = _conform("--variant", str(house), "--op", "round", "--json", str(report), "--markdown", str(markdown))
    assert result.exit_code == 0, result.output
    # the round where seat 1 passes and plays again is refused under the house rule: left out, and why
    assert ("  left out biedan.biedan-guide.round.straight-round-001: the question is invalid under the house rules "
            "(ValueError: given.actions[4]: seat 1 is not to act (seat 2 is)); depends on play.pass_locks_out"
            ) in result.output
    assert "scenarios of replay: a game record names the variant" in result.output
    data = json.loads(report.read_text(encoding="utf-8"))
    jsonschema.validate(data, json.loads(find_schema("report").read_text(encoding="utf-8")))
    (entry,) = data["houses"]
    assert entry["variant"] == "biedan/locking-club" and entry["extends"] == ["biedan/biedan-guide"]
    assert entry["changed"] == ["play.pass_locks_out"] and entry["inherited"] > 0
    left_out = {e["id"]: e for e in entry["left_out"]}
    straight = left_out["biedan.biedan-guide.round.straight-round-001"]
    assert straight["depends_on"] == ["play.pass_locks_out"] and straight["why"] == "invalid"
    assert straight["keys"] == []
    assert all((e["why"] == "not_inherited") == (e["op"] == "replay") for e in entry["left_out"])
    assert entry["coverage"]["play.pass_locks_out"]["hand_worked"] + entry["coverage"]["play.pass_locks_out"][
        "derived"] > 0 and entry["unchecked"] == []
    text = markdown.read_text(encoding="utf-8")
    assert "## House variant `biedan/locking-club`" in text
    assert ("| `biedan.biedan-guide.round.straight-round-001` | the question is invalid under the house rules "
            "(ValueError: given.actions[4]: seat 1 is not to act (seat 2 is)); depends on play.pass_locks_out |") in text
    assert "| `play.pass_locks_out` | " in text
    quiet = _conform("--variant", str(house), "--op", "round", "-q")
    assert quiet.exit_code == 0 and "left out biedan" not in quiet.output
    plain = tmp_path / "plain.json"
    assert _conform("--op", "round", "--variant", "biedan/biedan-guide", "-q", "--json", str(plain)).exit_code == 0
    assert "houses" not in json.loads(plain.read_text(encoding="utf-8"))


def test_pytest_plugin_refuses_a_negative_seed_as_conform_does(pytester):
    refused = _plugin(pytester, "--datong-impl", REFERENCE, "--datong-variant", str(REPO / HOUSE),
                      "--datong-seed", "-5")
    assert refused.ret == pytest.ExitCode.USAGE_ERROR and "--datong-seed must be at least 0, got -5" in refused.stderr.str()


def _own_scenario(folder: Path, awarded: int) -> Path:
    """A rule keeper's own scenario file on the house's id (huolong/datong-club: bottom.multiplier 1)."""
    path = folder / "club" / "bottom_points.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(f"""\
defaults:
  variant: huolong/datong-club
  op: bottom_points
scenarios:
  - id: huolong.datong-club.bottom.dug-25-001
    rules: [bottom.multiplier, bottom.dig, points.card_points]
    reasoning: 'S5 5 + H10 10 + CK 10 = 25 points in the bottom, dug: the club counts it once, 25 added.'
    description: {{zh: 底牌25分被抠：俱乐部只加25分, en: 'A 25-point bottom dug: the club adds 25'}}
    given: {{bottom: [S5, H10, CK, D3, D4, S6], dug: true}}
    expect: {{points: 25, awarded: {awarded}}}
""", encoding="utf-8")
    return path


def test_a_scenario_on_the_house_id_runs_under_the_house_rules(tmp_path):
    # before: refused as "unknown variant 'huolong/datong-club'" unless the house file sat in a variants/ folder
    _own_scenario(tmp_path, awarded=25)
    result = _conform("--variant", str(REPO / HOUSE), "--scenarios", str(tmp_path), "--no-derived", "--json", "-",
                      "-q")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    ids = [s["id"] for s in report["results"]]
    assert "huolong.datong-club.bottom.dug-25-001" in ids
    [own] = [s for s in report["results"] if s["id"] == "huolong.datong-club.bottom.dug-25-001"]
    assert own["status"] == "passed" and own["variant"] == "huolong/datong-club"
    # counted as the house's own, not as inherited (the folder holds no scenario of another variant to inherit)
    [house] = report["houses"]
    assert house["own"] == 1 and house["inherited"] == 0 and house["considered"] == 0


def test_a_wrong_expectation_on_the_house_id_fails(tmp_path):
    _own_scenario(tmp_path, awarded=50)  # the guide's doubling, which the club does not play
    result = _conform("--variant", str(REPO / HOUSE), "--scenarios", str(tmp_path), "--no-derived", "--json", "-",
                      "-q")
    assert result.exit_code == 1, result.output
    [own] = [s for s in json.loads(result.stdout)["results"] if s["id"] == "huolong.datong-club.bottom.dug-25-001"]
    assert own["status"] == "failed"


def test_coverage_counts_a_scenario_on_the_house_id(tmp_path):
    _own_scenario(tmp_path, awarded=25)
    result = CliRunner().invoke(cli, ["coverage", "--variant", str(REPO / HOUSE), "--scenarios", str(tmp_path)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "bottom.multiplier: 1 hand-worked" in result.output


def test_pytest_plugin_runs_a_scenario_on_the_house_id(pytester):
    _own_scenario(pytester.path, awarded=25)
    passed = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-o", "addopts=", "--datong-impl", REFERENCE,
                                           "--datong-variant", str(REPO / HOUSE), "--datong-no-derived", "-v",
                                           "--datong-scenarios", str(pytester.path / "club"), str(pytester.path / "club"))
    passed.assert_outcomes(passed=1)
    passed.stdout.fnmatch_lines(["*huolong.datong-club.bottom.dug-25-001* PASSED*"])
