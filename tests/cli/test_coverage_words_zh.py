"""``coverage`` speaks the CLI's language: its own errors (a rules file of the wrong shape, or naming no wanted
variant, an empty or unwritable ``--json`` path, a report it cannot write), its problem lines (scenarios of a variant
the rules file does not list, or citing a rule it does not give their variant), the ``--fail-under`` verdict and the
text of the coverage are said in 中文 under ``--lang zh``; the English ones are unchanged, and the JSON report stays
English. What they quote (paths, variant and rule ids, the system's reason) stays as written."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

from test_problem_words import english_sentences

LI = "huolong/li-zhijiang"
SHAPE_ZH = "一个从版本 id 到规则 id 列表的映射"
SHAPE_EN = "a mapping of variant id to a list of rule ids"


def coverage(lang: str, *args: str):
    return CliRunner().invoke(cli, ["--lang", lang, "coverage", *args])


def error_of(lang: str, *args: str) -> tuple[int, str]:
    result = coverage(lang, *args)
    return result.exit_code, result.stderr


@pytest.fixture
def rules(tmp_path):
    """Write a rules file of this text; its path."""
    def write(text: str) -> str:
        path = tmp_path / "rules.yaml"
        path.write_text(text, encoding="utf-8")
        return str(path)
    return write


@pytest.mark.parametrize(("text", "zh", "en"), [
    (f"{LI}: 3\n", "错误：{path}：应为" + SHAPE_ZH, "error: {path}: expected " + SHAPE_EN),
    ("# only a comment\n", f"错误：{{path}}:1:1: 文件里没有 YAML 文档（应为：{SHAPE_ZH}）",
     f"error: {{path}}:1:1: the file holds no YAML document (expected {SHAPE_EN})"),
])
def test_a_rules_file_of_the_wrong_shape(rules, text, zh, en):
    path = rules(text)
    assert error_of("zh", "--rules-file", path) == (2, zh.format(path=path) + "\n")
    assert error_of("en", "--rules-file", path) == (2, en.format(path=path) + "\n")


def test_a_rules_file_without_the_wanted_variant(rules):
    path = rules(f"{LI}: [players.count]\n")
    wanted = "huolong/datong-guide"
    assert error_of("zh", "--rules-file", path, "--variant", wanted) == (2, f"错误：{path}：没有版本 '{wanted}'\n")
    assert error_of("en", "--rules-file", path, "--variant", wanted) == (2, f"error: {path}: no variant '{wanted}'\n")


def test_an_empty_or_unwritable_json_path(tmp_path):
    assert error_of("zh", "--json", " ") == (2, "错误：--json 是空的（应为一个文件路径）\n")
    assert error_of("en", "--json", " ") == (2, "error: --json is empty (expected a file path)\n")
    missing = tmp_path / "no-such-folder" / "c.json"
    assert error_of("zh", "--json", str(missing)) == (
        2, f"错误：无法把 --json 报告写到 {missing}：文件夹 {missing.parent} 不存在（请先创建）\n")
    assert error_of("en", "--json", str(missing)) == (
        2, f"error: cannot write the --json report to {missing}: the folder {missing.parent} does not exist (create "
           "it first)\n")
    assert error_of("zh", "--json", str(tmp_path))[1].startswith(f"错误：'--json' 的值无效：'{tmp_path}' 是文件夹，不是文件")


def test_a_report_it_cannot_write(tmp_path, monkeypatch):
    def full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("datong_rules.cli.coverage_cmd.write_text", full)
    target = tmp_path / "c.json"
    args = ("--variant", LI, "--json", str(target))
    assert error_of("zh", *args)[1] == f"错误：无法写入 {target}：No space left on device\n"  # the system's words
    assert error_of("en", *args)[1] == f"error: cannot write {target}: No space left on device\n"
    to_stdout = error_of("zh", "--variant", LI, "--json", "-")[1]  # the coverage's text goes to stderr too
    assert to_stdout.splitlines()[-1] == "错误：无法写入 标准输出（覆盖率）：No space left on device"


def test_problems_and_the_fail_under_verdict(rules, tmp_path):
    # li-zhijiang's scenarios cite many rules besides the two listed (one of them no rule at all): its coverage is
    # 1 of 2 rules, 50%, below 60; the scenarios of every other variant are of one the file does not list
    path = rules(f"{LI}: [players.count, no.such]\n")
    report = tmp_path / "c.json"
    zh = coverage("zh", "--rules-file", path, "--fail-under", "60", "--json", str(report))
    assert zh.exit_code == 1
    errors = json.loads(report.read_text(encoding="utf-8"))["errors"]
    assert len(errors) > 10 and all(" scenario" in line for line in errors)  # the JSON report stays English
    assert zh.stdout.splitlines()[:2] == [f"{LI}  1/2 条规则有场景检查（50.0%）", "  没有场景检查的：no.such"]
    problems = zh.stderr.splitlines()
    assert problems[-2:] == [f"错误：……另有 {len(errors) - 10} 个问题（{report} 会全部列出）", f"错误：{LI} 的覆盖率低于 60%"]
    said = [_said(line) for line in errors[:10]]
    assert problems[:10] == [f"错误：{line}" for line in said]
    assert [line for line in problems if english_sentences(line)] == []
    english = coverage("en", "--rules-file", path, "--fail-under", "60")
    assert english.stdout.splitlines()[:2] == [f"{LI}  1/2 rules covered (50.0%)", "  uncovered: no.such"]
    assert english.stderr.splitlines()[:10] == [f"error: {line}" for line in errors[:10]]
    assert english.stderr.splitlines()[-2:] == [f"error: ... and {len(errors) - 10} more problems (--json FILE lists "
                                                "them all)", f"error: coverage of {LI} is below 60%"]


def _said(line: str) -> str:
    """A problem line of the JSON report as the 中文 console says it (hand-written, for the two kinds)."""
    import re

    unlisted = re.fullmatch(r"(?P<at>\S+:\d+): (?P<n>\d+) scenarios? (?:is|are) for variant '(?P<v>\S+)', which is "
                            r"not in (?P<file>\S+) \(first: '(?P<id>\S+)'\)", line)
    if unlisted:
        return (f"{unlisted['at']}：{unlisted['n']} 个场景是版本 '{unlisted['v']}' 的，它不在 {unlisted['file']} 里"
                f"（第一个：'{unlisted['id']}'）")
    cited = re.fullmatch(r"(?P<at>\S+:\d+): (?P<n>\d+) scenarios? of variant '(?P<v>\S+)' cites? rule '(?P<r>\S+)', "
                         r"which is not a rule of that variant in (?P<file>\S+) \(first: '(?P<id>\S+)'\)", line)
    assert cited, line
    return (f"{cited['at']}：版本 '{cited['v']}' 的 {cited['n']} 个场景引用了规则 '{cited['r']}'，它在 {cited['file']} "
            f"里不是这个版本的规则（第一个：'{cited['id']}'）")


def test_a_problem_against_the_bundled_spec_names_it_in_chinese():
    from datong_rules.cli.problem_words import say_zh

    line = ("my/facts.yaml:3: 1 scenario of variant 'huolong/li-zhijiang' cites rule 'no.such', which is not a rule "
            "of that variant in the bundled spec (first: 'mine.facts-001')")
    assert say_zh(line) == ("my/facts.yaml:3：版本 'huolong/li-zhijiang' 的 1 个场景引用了规则 'no.such'，它在 内置的规则"
                            "（spec/） 里不是这个版本的规则（第一个：'mine.facts-001'）")
