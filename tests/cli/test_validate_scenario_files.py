"""``validate`` given a scenario file (in a folder, or one by one as a pre-commit hook matching every .yaml hands it)
skips it with a one-line note instead of reporting its keys as a variant's problems."""

from __future__ import annotations

from pathlib import Path

from examples_support import run

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
SCENARIO_FILE = EXAMPLES / "club-scenarios" / "bottom_points.yaml"


def test_a_folder_holding_a_scenario_file_reports_only_the_variants_problems():
    result = run("validate", str(EXAMPLES))
    assert "bottom_points.yaml:" not in result.stdout, result.stdout
    assert [Path(line.split(":")[0]).name for line in result.stdout.splitlines()] == ["my-club.yaml"] * 2
    assert "bottom_points.yaml: a scenario file, not a variant: skipped (conform --scenarios checks it)" in result.stderr
    assert result.exit_code == 1 and "2 problems" in result.stderr


def test_a_scenario_file_given_alone_is_skipped_in_both_languages():
    result = run("validate", str(SCENARIO_FILE))
    assert result.exit_code == 0 and result.stdout == "" and "skipped" in result.stderr, result.output
    zh = run("--lang", "zh", "validate", str(SCENARIO_FILE))
    assert zh.exit_code == 0 and "这是场景文件，不是版本：已跳过" in zh.stderr and "skipped" not in zh.stderr
