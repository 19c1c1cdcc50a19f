"""The loader's problems and the ``--bots`` kinds' errors in 中文 (datong_rules/cli/problem_words.py): under
``--lang zh`` no English sentence is left (identifiers, paths, keys and quoted values stay); under ``--lang en`` the
words are exactly the engine's."""

from __future__ import annotations

import re
import string
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from datong_rules.cli import messages, problem_words
from datong_rules.cli.main import cli
from datong_rules.reference_impl import games, search_bot
from datong_rules.reference_impl.variant import Registry, check_file

MALFORMED = Path(__file__).parents[1] / "reference_impl" / "variant" / "malformed"
CORPUS = sorted(MALFORMED.glob("*.yaml"))
TREES = sorted(p for p in (MALFORMED / "trees").iterdir() if p.is_dir())

_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_WORDS = re.compile(r"(?<![\w./<{-])[A-Za-z]+(?: [A-Za-z]+){2,}(?![\w./>}-])")


def english_sentences(text: str) -> list[str]:
    """Runs of three or more English words in ``text``, outside quoted keys and values: what a 中文 reader should
    never meet (a lone identifier, a path, a key, a list of names or of ranks is no such run)."""
    runs = _WORDS.findall(_QUOTED.sub("Q", text))  # a quoted value stands as a word of the sentence around it
    return [run for run in runs if max(map(len, run.split())) > 1]  # not ranks (J Q K A)


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_the_check_finds_english():
    assert english_sentences("a.yaml:1:1: rules.bury: rule section 'bury' is missing: add it")
    assert english_sentences("a.yaml:1:1: rules.bury: unknown key 'x'")
    assert not english_sentences("a.yaml:1:1: rules.bury.count: 缺少规则部分 'bury is missing'：以下之一：a, b, c")


def test_every_template_has_the_fields_of_its_english():
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for english, chinese in problem_words.ZH.items():
        assert fields(english) == fields(chinese), english
        assert not english_sentences(chinese), chinese


def test_every_problem_of_the_malformed_corpus_is_said_in_chinese(monkeypatch):
    monkeypatch.chdir(MALFORMED)
    result = run("--lang", "zh", "validate", *[p.name for p in CORPUS])
    lines = result.stdout.splitlines()
    assert len(lines) >= len(CORPUS)
    left = [line for line in lines if english_sentences(line)]
    assert left == []
    assert not english_sentences(result.stderr)


def test_the_corpus_in_english_is_the_engines_words(monkeypatch):
    monkeypatch.chdir(MALFORMED)
    result = run("--lang", "en", "validate", *[p.name for p in CORPUS])
    wanted = [p.format() for path in CORPUS for p in check_file(path.name)]
    assert sorted(result.stdout.splitlines()) == sorted(dict.fromkeys(wanted))
    assert all(english_sentences(line) for line in wanted)  # the check would see them


@pytest.mark.parametrize("tree", TREES, ids=lambda p: p.name)
def test_the_problems_of_spec_trees_are_said_in_chinese(tree, monkeypatch):
    monkeypatch.chdir(tree)
    problems = Registry(tree).check_all()
    monkeypatch.setattr(messages, "_chosen", ["zh"])
    for problem in problems:
        assert not english_sentences(problem_words.problem_line(problem)), problem.format()


@pytest.mark.parametrize("args", [["play", "li-zhijiang"], ["simulate", "li-zhijiang", "--hands", "1"],
                                  ["table", "li-zhijiang", "--no-browser"], ["play", "dadun-guide"]])
@pytest.mark.parametrize("kind, english", [
    ("bogus", "unknown bot kind 'bogus' (expected one of: greedy, random, search)"),
    ("search:0", "bot kind 'search:0': budget 0 is out of range (expected rollouts per decision, a whole number "
                 "from 1 to 100000)"),
    ("search:x", "bot kind 'search:x': budget 'x' is not a whole number (expected rollouts per decision, a whole "
                 "number from 1 to 100000)"),
    ("greedy:3", "bot kind 'greedy:3': greedy takes no parameter (write greedy)"),
])
def test_a_bad_bot_kind_is_said_in_chinese_and_unchanged_in_english(args, kind, english):
    game = games.find("dadun" if "dadun-guide" in args else "huolong").id
    result = run("--lang", "zh", *args, "--bots", kind)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"错误：--bots（{game}）：") and not english_sentences(result.stderr), result.stderr
    result = run("--lang", "en", *args, "--bots", kind)
    assert result.exit_code == 2
    assert result.stderr == f"error: --bots ({game}): {english}\n"


def test_too_many_bot_kinds_for_simulate():
    result = run("--lang", "zh", "simulate", "li-zhijiang", "--hands", "1", "--bots", "greedy,random")
    assert result.exit_code == 2 and not english_sentences(result.stderr), result.stderr


def test_a_kind_unavailable_in_the_compiled_build(monkeypatch):
    compiled = types.ModuleType("compiled_state")
    compiled.__file__ = "compiled_state.cpython.so"
    state = type("State", (), {"__module__": "compiled_state"})
    monkeypatch.setitem(sys.modules, "compiled_state", compiled)
    reason = search_bot.unavailable_with(state)
    assert reason
    searching = games.find("huolong").facet("bots").BOTS["search"]
    monkeypatch.setattr(searching, "unavailable", staticmethod(lambda: reason))
    result = run("--lang", "zh", "play", "li-zhijiang", "--bots", "search")
    assert result.exit_code == 2 and not english_sentences(result.stderr), result.stderr
    assert run("--lang", "en", "play", "li-zhijiang", "--bots", "search").stderr == \
        f"error: --bots (huolong): bot kind 'search': {reason}\n"


@pytest.mark.parametrize("ref", ["nonexistent", "../nonexistent.yaml", "li"])
def test_a_variant_that_is_not_found_is_said_in_chinese(ref):
    result = run("--lang", "zh", "show", ref)
    assert result.exit_code == 2 and not english_sentences(result.stderr), result.stderr


def test_a_house_file_with_several_problems_through_play(monkeypatch):
    monkeypatch.chdir(MALFORMED)
    result = run("--lang", "zh", "play", "incomplete.yaml")
    assert result.exit_code == 2 and not english_sentences(result.stderr), result.stderr


def test_a_house_file_given_to_conform_is_said_in_chinese(monkeypatch):
    monkeypatch.chdir(MALFORMED)
    result = run("--lang", "zh", "conform", "--variant", "./alias-bomb.yaml")
    assert result.exit_code == 2 and "不允许锚点 &a" in result.stderr and not english_sentences(result.stderr)


HOUSES = {
    "biedan-deal.yaml": ("biedan/t-deal", "biedan/biedan-guide",
                         "  deal:\n    hand_size:\n      value: 17\n", "  egg:\n    count:\n      value: 17\n"),
    "dadun-decks.yaml": ("dadun/t-decks", "dadun/dadun-guide", "  deck:\n    decks:\n      value: 2\n"),
}
"""House files whose problems the games' own checks and engines find (the deal's arithmetic, the egg, a rule the
engine cannot play, inherited from the parent's file)."""


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_the_games_own_checks_are_said_in_chinese(name, tmp_path):
    house_id, parent, *rules = HOUSES[name]
    text = (f"id: {house_id}\nextends: {parent}\nname: {{zh: 测试, en: test}}\nsummary: {{zh: 测试, en: test}}\n"
            "rules:\n" + "".join(r + "      text: {zh: 测试, en: test}\n      inferred: {reason: test}\n"
                                 for r in rules))
    (tmp_path / name).write_text(text, encoding="utf-8")
    english = run("--lang", "en", "validate", str(tmp_path / name))
    assert english.exit_code == 1 and all(english_sentences(line) for line in english.stdout.splitlines())
    result = run("--lang", "zh", "validate", str(tmp_path / name))
    assert result.exit_code == 1 and result.stdout.strip(), result.output
    assert [line for line in result.stdout.splitlines() if english_sentences(line)] == []


@pytest.mark.parametrize("english, chinese", [
    ("found a whole number or null", "找到的是一个整数或 null"),
    ("true or false or null", "true 或 false 或 null"),
    ("found null", "找到的是 null"),
    ("a variant id <game>/<name> in lower-case letters, digits and '-', e.g. huolong/li-zhijiang or null",
     "一个版本 id <game>/<name>，用小写字母、数字和 '-'，如 huolong/li-zhijiang 或 null"),
])
def test_alternatives_and_the_space_between_chinese_and_latin(english, chinese):
    assert problem_words.say_zh(english) == chinese


@pytest.mark.parametrize("english, chinese", [
    # fuzz: why an answer disagrees; the engine's own words (internal error) as written
    ("errored: implementation reported an error: internal error", "出错：实现报告了错误：internal error"),
    ("refused as bad input: given.out: the same seat twice", "当作输入有误拒绝了：given.out: the same seat twice"),
    # a schema's words with their (expected …) inside a line: said part by part
    ("answer does not match the operation's schema: $.combination: 5 is not an allowed value (expected one of: "
     "single, pair)", "回答不符合操作的 JSON 模式：$.combination：5 不是允许的值（应为：以下之一：single, pair）"),
    ("found null (expected a mapping)", "找到的是 null（应为：一个映射）"),
    # a template holding its own (expected …) is said whole, as before
    ("--bots (huolong): unknown bot kind 'x' (expected one of: greedy, random)",
     "--bots（huolong）：未知的机器人类型 'x'（应为以下之一：greedy, random）"),
])
def test_a_disagreement_and_a_schemas_expected_tail_are_said_in_chinese(english, chinese):
    assert problem_words.say_zh(english) == chinese


@pytest.mark.parametrize("english, chinese", [
    # the pure-Python YAML reader's words of what it wanted (coverage --rules-file, a fixture variant): were left in
    # English under --lang zh
    ("invalid YAML: while parsing a flow node; expected the node content, but found '<stream end>'",
     "YAML 写法错误：读流式节点时；应为节点的内容，却是 '<stream end>'"),
    ("invalid YAML: while scanning a block scalar; expected chomping or indentation indicators, but found 'x'",
     "YAML 写法错误：读块文字时；应为块文字的标记（'+'、'-' 或缩进的位数），却是 'x'"),
    ("invalid YAML: while scanning a block scalar; expected indentation indicator in the range 1-9, but found 0",
     "YAML 写法错误：读块文字时；应为缩进的位数（1 到 9），却是 0"),
    ("invalid YAML: while scanning an anchor; expected alphabetic or numeric character, but found '!'",
     "YAML 写法错误：读锚点时；应为字母或数字，却是 '!'"),
    ("invalid YAML: while scanning a directive; expected a comment or a line break, but found 'x'",
     "YAML 写法错误：读指令时；应为注释或换行，却是 'x'"),
    ("invalid YAML: while parsing a block collection; expected <block end>, but found '?'",
     "YAML 写法错误：读块列表时；应为块的结尾（缩进不对？），却是 '?'"),
    ("invalid YAML: while parsing a tag; expected '>', but found ' '", "YAML 写法错误：读标签时；应为 '>'，却是 ' '"),
])
def test_the_yaml_readers_wanted_words_are_said_in_chinese(english, chinese):
    said = problem_words.say_zh(english)
    assert said == chinese and not english_sentences(said)


@pytest.mark.parametrize("variant_id", ["huolong/li-zhijiang", "biedan/biedan-guide", "dadun/dadun-guide"])
def test_a_wrong_value_of_every_rule_is_said_in_chinese(variant_id, tmp_path, monkeypatch):
    """Each rule of the game's bundled variant given a value of each wrong shape in a house file: the schema's and
    the checks' words, every one said in 中文."""
    from datong_rules.reference_impl.variant import load_variant

    monkeypatch.setattr(messages, "_chosen", ["zh"])
    house = tmp_path / "house.yaml"
    said = 0
    for rule in load_variant(variant_id).rule_ids():
        parts = rule.split(".")
        at = "  " * (len(parts) + 1)
        for bad in ('"zzz"', "[zzz]", "{zzz: 1}", "3.5"):
            house.write_text(f"id: {variant_id.split('/')[0]}/house\nextends: {variant_id}\n"
                             "name: {zh: 测试, en: test}\nsummary: {zh: 测试, en: test}\nrules:\n"
                             + "".join("  " * (i + 1) + f"{part}:\n" for i, part in enumerate(parts))
                             + f"{at}value: {bad}\n{at}text: {{zh: 测试, en: test}}\n{at}inferred: {{reason: test}}\n",
                             encoding="utf-8")
            for problem in check_file(str(house)):
                said += 1
                assert not english_sentences(problem_words.problem_line(problem)), problem.format()
    assert said > 100
