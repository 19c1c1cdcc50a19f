"""A fixture variant of a scenario folder that cannot be loaded is reported once, by its own problems and one line
saying how many scenarios name it and where the first is; those scenarios are left out, not each said to name an
unknown variant (the follow-on errors of every scenario using it buried the one that mattered). The other fixture
variants, bundled ones included, stay known. Said in English and in 中文 (``--lang zh``)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.conformance.scenarios_io import ScenarioError, load_scenarios, scenarios_root

SOURCE = scenarios_root() / "huolong" / "variants" / "datong-guide-attackers-pass-a.yaml"
"""A bundled fixture variant, copied under an id of its own with one rule value that is not a boolean."""

SCENARIO = """\
  - id: huolong.my-reading.facts.players-00{n}
    rules: [players.count]
    source: {{id: li-zhijiang, section: 一.一}}
    description: {{zh: 四人参加, en: Four players take part}}
    variant: {variant}
    given: {{}}
    expect: {{players: 4}}
"""
"""One facts scenario, seven lines (the first, ``- id:``, is where the loader places it)."""


def suite(tmp_path, variants: list[str]):
    """A suite folder: ``huolong/variants/my-reading.yaml`` (broken) and ``huolong/mine/facts.yaml`` holding one
    scenario per entry of ``variants``, the first at line 3 of the file (after ``defaults`` and ``scenarios:``), each
    7 lines long."""
    text = SOURCE.read_text(encoding="utf-8")
    assert "id: huolong/datong-guide-attackers-pass-a\n" in text and "attackers_advance: true" in text
    text = text.replace("id: huolong/datong-guide-attackers-pass-a\n", "id: huolong/my-reading\n")
    folder = tmp_path / "huolong"
    (folder / "variants").mkdir(parents=True)
    (folder / "mine").mkdir()
    variant = folder / "variants" / "my-reading.yaml"
    variant.write_text(text.replace("attackers_advance: true", "attackers_advance: maybe"), encoding="utf-8")
    scenarios = folder / "mine" / "facts.yaml"
    entries = "".join(SCENARIO.format(n=n, variant=v) for n, v in enumerate(variants, start=1))
    scenarios.write_text("defaults: {op: facts}\nscenarios:\n" + entries, encoding="utf-8")
    return variant, scenarios


def errors_of(root) -> list[str]:
    with pytest.raises(ScenarioError) as raised:
        load_scenarios(root)
    return raised.value.errors


def test_the_scenarios_of_a_broken_fixture_variant_are_left_out_with_one_line(tmp_path):
    # scenarios 1, 2 and 4 name the broken variant; 3 a bundled variant, 5 a bundled fixture variant: both fine
    variant, scenarios = suite(tmp_path, ["huolong/my-reading", "huolong/my-reading", "huolong/li-zhijiang",
                                          "huolong/my-reading", "huolong/li-zhijiang-first-joker-only"])
    errors = errors_of(tmp_path)
    assert len(errors) == 2, errors
    assert errors[0].startswith(f"{variant}:") and "found the text 'maybe' (expected true or false)" in errors[0]
    assert errors[1] == (f"{variant}:1:1: fixture variant 'huolong/my-reading' cannot be loaded: the 3 scenarios "
                         f"naming it are left out (first at {scenarios}:3)")
    assert not any("unknown variant" in line for line in errors)


def test_one_scenario_naming_it_is_said_in_the_singular(tmp_path):
    variant, scenarios = suite(tmp_path, ["huolong/li-zhijiang", "huolong/my-reading"])
    assert errors_of(tmp_path)[1:] == [f"{variant}:1:1: fixture variant 'huolong/my-reading' cannot be loaded: the "
                                       f"1 scenario naming it is left out (at {scenarios}:10)"]


def test_conform_says_it_once_in_both_languages(tmp_path):
    variant, scenarios = suite(tmp_path, ["huolong/my-reading"] * 3)
    english = CliRunner().invoke(cli, ["conform", "--scenarios", str(tmp_path), "-q"])
    assert english.exit_code == 2
    lines = english.output.splitlines()
    assert len(lines) == 2 and lines[1] == (f"error: {variant}:1:1: fixture variant 'huolong/my-reading' cannot be "
                                            f"loaded: the 3 scenarios naming it are left out (first at {scenarios}:3)")
    chinese = CliRunner().invoke(cli, ["--lang", "zh", "conform", "--scenarios", str(tmp_path), "-q"])
    assert chinese.exit_code == 2
    lines = chinese.output.splitlines()
    assert lines[0].startswith(f"错误：{variant}:") and lines[0].endswith("找到的是文字 'maybe'（应为：true 或 false）")
    assert lines[1:] == [f"错误：{variant}:1:1: 测试用的版本 'huolong/my-reading' 载入不了：用它的 3 个场景没有读"
                         f"（第一个在 {scenarios}:3）"]
