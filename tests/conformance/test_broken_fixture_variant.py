"""A fixture variant of a scenario folder that cannot be loaded is reported once, by its own problems and one line
saying how many scenarios name it and where the first is; those scenarios are left out, not each said to name an
unknown variant (the follow-on errors of every scenario using it buried the one that mattered). The other fixture
variants, bundled ones included, stay known. Said in English and in 中文 (``--lang zh``). A variant file whose YAML
is broken (its id unreadable) is named by its place (``<game>/variants/<name>.yaml``: ``<game>/<name>``). One file
(``load_scenario_file``, as the pytest plugin loads them) loads as the folder does: the files naming only the other
fixture variants load."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.conformance.scenarios_io import ScenarioError, load_scenario_file, load_scenarios, scenarios_root

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


def broken_yaml(variant) -> None:
    """Break the YAML of the fixture variant file so that not even its id can be read (a flow list left open)."""
    text = variant.read_text(encoding="utf-8")
    variant.write_text(text.replace("attackers_advance: maybe", "attackers_advance: [maybe"), encoding="utf-8")


def test_a_variant_whose_yaml_is_broken_is_named_by_its_place(tmp_path):
    # huolong/variants/my-reading.yaml: the id of its place is huolong/my-reading, as every bundled fixture's is
    variant, scenarios = suite(tmp_path, ["huolong/my-reading", "huolong/li-zhijiang", "huolong/my-reading"])
    broken_yaml(variant)
    errors = errors_of(tmp_path)
    assert len(errors) == 2, errors
    assert errors[0].startswith(f"{variant}:") and "invalid YAML" in errors[0]
    assert errors[1] == (f"{variant}:1:1: fixture variant 'huolong/my-reading' cannot be loaded: the 2 scenarios "
                         f"naming it are left out (first at {scenarios}:3)")


def test_a_broken_variant_named_otherwise_than_its_place_leaves_the_unknown_variant_errors(tmp_path):
    # the id cannot be read and the file's place names another: which scenarios it hurts cannot be told
    variant, scenarios = suite(tmp_path, ["huolong/my-reading"])
    broken_yaml(variant)
    variant.rename(variant.with_name("elsewhere.yaml"))
    errors = errors_of(tmp_path)
    assert len(errors) == 2 and "invalid YAML" in errors[0] and "unknown variant 'huolong/my-reading'" in errors[1]


def second_file(variant, scenarios):
    """A good fixture variant beside the broken ``variant`` (huolong/good-reading, the bundled one it was copied
    from under an id of its own) and a second scenario file beside ``scenarios`` whose one scenario names it."""
    variant.with_name("good-reading.yaml").write_text(SOURCE.read_text(encoding="utf-8").replace(
        "id: huolong/datong-guide-attackers-pass-a\n", "id: huolong/good-reading\n"), encoding="utf-8")
    other = scenarios.with_name("facts-2.yaml")
    other.write_text("defaults: {op: facts}\nscenarios:\n" + SCENARIO.format(n=9, variant="huolong/good-reading"),
                     encoding="utf-8")
    return other


@pytest.mark.parametrize("break_it", [False, True], ids=["bad value", "broken YAML"])
def test_one_file_loads_as_the_folder_does(tmp_path, break_it):
    # facts.yaml names the broken variant twice; facts-2.yaml only the good fixture variant beside it: it loads
    variant, scenarios = suite(tmp_path, ["huolong/my-reading", "huolong/li-zhijiang", "huolong/my-reading"])
    if break_it:
        broken_yaml(variant)
    other = second_file(variant, scenarios)
    assert [s.variant for s in load_scenario_file(other)] == ["huolong/good-reading"]
    with pytest.raises(ScenarioError) as raised:
        load_scenario_file(scenarios)
    errors = raised.value.errors
    assert len(errors) == 2 and errors[0].startswith(f"{variant}:"), errors
    assert errors[1] == (f"{variant}:1:1: fixture variant 'huolong/my-reading' cannot be loaded: the 2 scenarios "
                         f"naming it are left out (first at {scenarios}:3)")


def test_one_file_with_problems_of_its_own_says_them_after(tmp_path):
    variant, scenarios = suite(tmp_path, ["huolong/my-reading", "huolong/no-such"])
    with pytest.raises(ScenarioError) as raised:
        load_scenario_file(scenarios)
    errors = raised.value.errors
    assert len(errors) == 3 and errors[1].endswith(f"the 1 scenario naming it is left out (at {scenarios}:3)")
    assert errors[2].startswith(f"{scenarios}:14:") and "unknown variant 'huolong/no-such'" in errors[2]


def test_a_fixture_problem_no_file_can_be_told_from_is_said_by_every_file(tmp_path):
    # a second fixture variant file with a bundled variant's id: not a broken variant a scenario names
    variant, scenarios = suite(tmp_path, ["huolong/li-zhijiang"])
    variant.unlink()
    clash = variant.with_name("clash.yaml")
    clash.write_text(SOURCE.read_text(encoding="utf-8").replace("id: huolong/datong-guide-attackers-pass-a\n",
                                                                "id: huolong/li-zhijiang\n"), encoding="utf-8")
    with pytest.raises(ScenarioError) as raised:
        load_scenario_file(scenarios)
    [line] = raised.value.errors
    assert line.startswith(f"{clash}:") and "'huolong/li-zhijiang' is the id of a bundled variant" in line


def test_the_pytest_plugin_runs_the_files_naming_only_the_other_fixture_variants(tmp_path, pytester, monkeypatch):
    # facts.yaml names the broken variant: one collection error, said as conform says it; facts-2.yaml names the good
    # fixture variant beside it: its scenario (four players) is run and passes
    variant, scenarios = suite(tmp_path / "suite", ["huolong/my-reading"] * 2)
    second_file(variant, scenarios)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    root = tmp_path / "suite"
    result = pytester.runpytest_subprocess(
        "-p", "datong_rules.conformance.pytest_plugin", "-p", "no:cacheprovider", "-p", "no:randomly", "-o",
        "addopts=", "--continue-on-collection-errors", str(root), "--datong-scenarios", str(root), "--datong-impl",
        "datong_rules.conformance.adapters.reference:ReferenceImplementation")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines([f"*{variant}:1:1: fixture variant 'huolong/my-reading' cannot be loaded: the 2 "
                                 f"scenarios naming it are left out (first at {scenarios}:3)*"])


def test_the_other_fixture_problems_are_said_in_chinese_under_zh(tmp_path):
    # a second file with the same id, and a full variant (game, family, no extends) as a fixture variant: both are
    # fixture_variants' own wordings, which conform said in English under --lang zh
    variant, scenarios = suite(tmp_path, ["huolong/li-zhijiang"])
    good = SOURCE.read_text(encoding="utf-8").replace("id: huolong/datong-guide-attackers-pass-a\n",
                                                      "id: huolong/my-reading\n")
    variant.write_text(good, encoding="utf-8")
    # a byte-equal copy is not read twice: this one differs by a comment
    variant.with_name("again.yaml").write_text(good + "\n# a copy\n", encoding="utf-8")
    guide = (scenarios_root().parents[1] / "spec" / "huolong" / "base.yaml").read_text(encoding="utf-8")
    assert "\nid: huolong/base\n" in guide and "\nextends:" not in guide
    variant.with_name("whole.yaml").write_text(guide.replace("\nid: huolong/base\n", "\nid: huolong/whole\n"),
                                               encoding="utf-8")
    english = CliRunner().invoke(cli, ["conform", "--scenarios", str(tmp_path), "-q"])
    assert english.exit_code == 2 and "is also defined in" in english.output, english.output
    assert "must extend a bundled variant" in english.output
    chinese = CliRunner().invoke(cli, ["--lang", "zh", "conform", "--scenarios", str(tmp_path), "-q"])
    assert chinese.exit_code == 2
    lines = chinese.output.splitlines()
    assert len(lines) == 2, lines
    again, whole = sorted(lines)
    assert again == (f"错误：{variant}:1:1: id: 测试用的版本 'huolong/my-reading' 在 "
                     f"{variant.with_name('again.yaml')} 里已经定义了")  # again.yaml is read first
    assert whole == (f"错误：{variant.with_name('whole.yaml')}:1:1: 测试用的版本必须扩展一个内置版本"
                     f"（加上 'extends: …'）")


def test_an_unknown_variant_in_a_files_defaults_is_said_once(tmp_path):
    # the defaults' variant is checked for each scenario at the defaults' place: the same line once per scenario
    folder = tmp_path / "huolong" / "mine"
    folder.mkdir(parents=True)
    entries = "".join(SCENARIO.format(n=n, variant="huolong/li-zhijiang").replace(
        "    variant: huolong/li-zhijiang\n", "") for n in range(1, 5))
    (folder / "facts.yaml").write_text("defaults: {op: facts, variant: huolong/typo}\nscenarios:\n" + entries,
                                       encoding="utf-8")
    errors = errors_of(tmp_path)
    assert len(errors) == 1 and "unknown variant 'huolong/typo'" in errors[0], errors


def test_a_scenario_file_in_the_variants_folder_is_said_in_one_line(tmp_path):
    # a scenario file put in variants/ by mistake was read as a fixture variant: five schema errors (missing id, name,
    # summary; unknown keys defaults and scenarios) where one line says what happened
    variant, scenarios = suite(tmp_path, ["huolong/li-zhijiang"])
    variant.unlink()
    misplaced = variant.with_name("facts.yaml")
    misplaced.write_text(scenarios.read_text(encoding="utf-8"), encoding="utf-8")
    assert errors_of(tmp_path) == [f"{misplaced}:1:1: a scenario file in the variants folder, which holds fixture "
                                   "variants only"]
    chinese = CliRunner().invoke(cli, ["--lang", "zh", "conform", "--scenarios", str(tmp_path), "-q"])
    assert chinese.exit_code == 2
    assert chinese.output.splitlines() == [f"错误：{misplaced}:1:1: variants 文件夹里的一个场景文件，"
                                           "这个文件夹只放测试用的版本"]


def test_a_variant_file_with_scenarios_and_an_id_keeps_its_schema_problems(tmp_path):
    # with an id it is a variant file gone wrong, not a scenario file: the schema's own problems are said
    variant, scenarios = suite(tmp_path, ["huolong/li-zhijiang"])
    variant.write_text("id: huolong/my-reading\n" + scenarios.read_text(encoding="utf-8"), encoding="utf-8")
    errors = errors_of(tmp_path)
    assert any("unknown key 'scenarios'" in line for line in errors), errors
    assert not any("a scenario file in the variants folder" in line for line in errors)


@pytest.mark.parametrize("kind", ["folder", "broken link", "fifo"])
def test_an_entry_of_the_variants_folder_that_is_no_file_is_said_in_one_line(tmp_path, kind):
    # variants/x.yaml a folder, a symbolic link to nothing or a FIFO: it was skipped without a word, and a scenario naming
    # huolong/x was said to name an unknown variant; now one line says it, and the scenario naming it is left out
    variant, scenarios = suite(tmp_path, ["huolong/li-zhijiang", "huolong/x"])
    variant.unlink()
    odd = variant.with_name("x.yaml")
    if kind == "folder":
        odd.mkdir()
        said_en, said_zh = ("a folder in the variants folder, which holds fixture variant files only",
                            "variants 文件夹里的一个文件夹，这个文件夹只放测试用的版本文件")
    elif kind == "fifo":  # never opened: reading it would wait for a writer
        os.mkfifo(odd)
        said_en, said_zh = ("not a regular file (a FIFO, a device or a socket) in the variants folder",
                            "variants 文件夹里一个不是普通文件的东西（FIFO、设备或套接字）")
    else:
        odd.symlink_to("gone.yaml")
        said_en, said_zh = ("a broken symbolic link in the variants folder (its target gone.yaml does not exist)",
                            "variants 文件夹里一个断了的符号链接（它指向的 gone.yaml 不存在）")
    left_out = f"{odd}:1:1: fixture variant 'huolong/x' cannot be loaded: the 1 scenario naming it is left out"
    assert errors_of(tmp_path) == [f"{odd}:1:1: {said_en}", f"{left_out} (at {scenarios}:10)"]
    with pytest.raises(ScenarioError) as raised:  # one file, as the pytest plugin loads it, says the same
        load_scenario_file(scenarios)
    assert raised.value.errors == [f"{odd}:1:1: {said_en}", f"{left_out} (at {scenarios}:10)"]
    chinese = CliRunner().invoke(cli, ["--lang", "zh", "conform", "--scenarios", str(tmp_path), "-q"])
    assert chinese.exit_code == 2
    assert chinese.output.splitlines() == [f"错误：{odd}:1:1: {said_zh}",
                                           f"错误：{odd}:1:1: 测试用的版本 'huolong/x' 载入不了：用它的 1 个场景没有读"
                                           f"（在 {scenarios}:10）"]


def test_an_entry_of_the_variants_folder_that_no_scenario_names_is_said_too(tmp_path):
    variant, scenarios = suite(tmp_path, ["huolong/li-zhijiang"])
    variant.unlink()
    (variant.parent / "stray.yaml").mkdir()
    result = CliRunner().invoke(cli, ["conform", "--scenarios", str(tmp_path), "-q"])
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"error: {variant.parent / 'stray.yaml'}:1:1: a folder in the variants "
                                          "folder, which holds fixture variant files only"]


def run_plugin(pytester, monkeypatch, root):
    """The pytest plugin run on the suite folder ``root`` with the reference engine, in a subprocess."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    return pytester.runpytest_subprocess(
        "-p", "datong_rules.conformance.pytest_plugin", "-p", "no:cacheprovider", "-p", "no:randomly", "-o",
        "addopts=", "--continue-on-collection-errors", str(root), "--datong-scenarios", str(root), "--datong-impl",
        "datong_rules.conformance.adapters.reference:ReferenceImplementation")


def test_the_pytest_plugin_fails_a_broken_fixture_variant_no_scenario_names(tmp_path, pytester, monkeypatch):
    # conform said it; pytest, which skipped the variants folder, ran the one scenario and passed: now the broken
    # file is an item of its own, failing with the line conform says (and a folder named x.yaml, one of its own)
    variant, scenarios = suite(tmp_path / "suite", ["huolong/li-zhijiang"])
    (variant.parent / "x.yaml").mkdir()
    result = run_plugin(pytester, monkeypatch, tmp_path / "suite")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines([f"*{variant}:*found the text 'maybe' (expected true or false)*"])
    result.stdout.fnmatch_lines([f"*{variant.parent / 'x.yaml'}:1:1: a folder in the variants folder, which holds "
                                 "fixture variant files only*"])
    assert "my-reading.yaml" in result.stdout.str() and "Traceback" not in result.stdout.str()


def test_the_pytest_plugin_says_a_broken_fixture_variant_a_scenario_names_once(tmp_path, pytester, monkeypatch):
    # the scenario file naming it says its problems in its collection error: the variant's own item is left out
    variant, scenarios = suite(tmp_path / "suite", ["huolong/my-reading", "huolong/li-zhijiang"])
    second_file(variant, scenarios)
    result = run_plugin(pytester, monkeypatch, tmp_path / "suite")
    result.assert_outcomes(passed=1, errors=1)
    assert result.stdout.str().count("found the text 'maybe'") == 1, result.stdout.str()
