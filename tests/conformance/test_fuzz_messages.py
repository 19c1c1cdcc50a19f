"""``fuzz`` speaks the CLI's language (``--lang``, ``DATONG_RULES_LANG``, the locale): its budget errors, per
operation lines, found cases and summary in 中文 as in English; what it quotes (variant and rule ids, the engine's
words, the scenario file on standard output) stays as written."""

from __future__ import annotations

import re
import sys
import textwrap

import pytest
from click.testing import CliRunner

import conformance_support  # noqa: F401 - puts fake_impls on sys.path for --impl

from datong_rules.cli.main import cli

REFERENCE = "datong_rules.conformance.adapters.reference:ReferenceImplementation"


def _fuzz(lang: str, *args: str):
    return CliRunner().invoke(cli, ["--lang", lang, "fuzz", *args], catch_exceptions=False)


def test_a_disagreement_is_told_in_chinese():
    result = _fuzz("zh", "--impl", "planted:TwoFaults", "--variant", "biedan-guide", "--op", "classify",
                   "--seed", "1", "--examples", "200")
    assert result.exit_code == 1, result.output
    err = result.stderr
    assert "fuzz：" in err and "对参考引擎，种子 1" in err
    assert "有分歧（" in err and "缩小用了" in err
    assert re.search(r"1 个操作中 \d+ 处分歧，比较了 [\d,]+ 个问题", err), err
    assert "biedan/biedan-guide：用到的规则（问题数）：" in err
    assert "biedan/biedan-guide classify：" in err and "：有分歧（" in err  # the line's own punctuation is 中文
    assert "答错的键：" in err  # a wrong answer names its keys in 中文
    for english in ("disagreement", "question", "operation", "DISAGREES", "seed ", "rules exercised", "wrong: "):
        assert english not in err, english
    assert "REFERENCE ENGINE'S ANSWER" in result.stdout  # the scenario file is the suite's own format


def test_the_same_answers_are_told_in_chinese_and_in_english():
    for lang, said, summary in (("zh", "回答相同", "0 处分歧"), ("en", "same answers", "0 disagreements in 1 operation")):
        result = _fuzz(lang, "--impl", REFERENCE, "--variant", "online-platform", "--op", "classify", "--seed", "2",
                       "--examples", "20")
        assert result.exit_code == 0, result.output
        assert said in result.stderr and summary in result.stderr


def test_a_bad_budget_is_told_in_chinese():
    result = _fuzz("zh", "--impl", REFERENCE, "--seconds", "0")
    assert result.exit_code == 2
    assert result.stderr == "错误：--seconds 应为大于 0、至多 86400 的秒数，收到 0.0\n"
    result = _fuzz("zh", "--variant", "li-zhijiang")
    assert result.stderr == "错误：请给出要比较的实现：--impl MODULE:FACTORY 或 --impl-cmd COMMAND\n"


DISAGREEING = textwrap.dedent('''
    """In-process implementations that disagree with the reference on every question (tests/conformance/
    test_fuzz_messages.py): by refusing it as bad input, by raising ValueError, by answering a list, by an answer
    that breaks the operation's schema."""
    from datong_rules.conformance.adapters.base import BadInput, Implementation


    class Refuses(Implementation):
        name, version = "refuses", "1"

        def answer(self, variant, op, given):
            raise BadInput("not today")


    class Raises(Implementation):
        name, version = "raises", "1"

        def answer(self, variant, op, given):
            raise ValueError("no")


    class Lists(Implementation):
        name, version = "lists", "1"

        def answer(self, variant, op, given):
            return [1]


    class Shapeless(Implementation):
        name, version = "shapeless", "1"

        def answer(self, variant, op, given):
            return {"combination": 5}
''')


@pytest.fixture
def disagreeing(importable_module):
    """The module ``disagreeing_engines`` (:data:`DISAGREEING`) importable by --impl."""
    importable_module("disagreeing_engines", DISAGREEING)


@pytest.mark.parametrize(("engine", "zh", "en", "in_file"), [
    ("Refuses", "当作输入有误拒绝了：not today（", "refused as bad input: not today (",
     "# refused as bad input: not today"),
    ("Raises", "出错：ValueError: no（", "errored: ValueError: no (", "# errored: ValueError: no"),  # Python's words
    ("Lists", "出错：回答是 list，不是映射：[1]（", "errored: the answer is a list, not a mapping: [1] (",
     "# errored: the answer is a list, not a mapping: [1]"),
    # a classify answer needs suit (the operations schema): the validator's words said too
    ("Shapeless", "回答不符合操作的 JSON 模式：$：缺少必需的键 'suit'（",
     "answer does not match the operation's schema: $: missing required key 'suit' (",
     "# answer does not match the operation's schema: $: missing required key 'suit'"),
])
def test_why_a_disagreement_differs_is_said_in_the_commands_language(disagreeing, engine, zh, en, in_file):
    for lang, said in (("zh", zh), ("en", en)):
        result = _fuzz(lang, "--impl", f"disagreeing_engines:{engine}", "--variant", "li-zhijiang", "--op",
                       "classify", "--seed", "0", "--examples", "20", "-q")
        assert result.exit_code == 1, result.output
        reasons = [line.strip() for line in result.stderr.splitlines() if line.startswith("  ")]
        assert len(reasons) == 1 and reasons[0].startswith(said), (lang, result.stderr)
        assert in_file in result.stdout  # the scenario file on standard output stays in the suite's English


OPERATIONS = ("bottom_points, bury, card_order, classify, declare, facts, legal_play, legal_play_count, settle, "
              "star_burial, trick_winner")
"""The operations of 李志江's Huolong that fuzz asks (every one but replay)."""


@pytest.mark.parametrize(("op", "zh", "en"), [
    ("replay", "--op replay：fuzz 不生成攉龙的牌局记录：replay 由测试套件的场景（datong-rules conform --op replay）和 "
               "datong-rules verify 检查",
     "--op replay: fuzz generates no Huolong game records: replay is checked by the suite's scenarios (datong-rules "
     "conform --op replay) and datong-rules verify"),
    ("nope", f"--op nope：没有这个操作（操作有：{OPERATIONS}）",
     f"--op nope: no such operation (operations: {OPERATIONS})"),
    ("clasify", f"--op clasify：没有这个操作（是不是想写 classify？）（操作有：{OPERATIONS}）",
     f"--op clasify: no such operation (did you mean classify?) (operations: {OPERATIONS})"),
    ("huolong/nope", f"--op huolong/nope：huolong 没有这个操作（操作有：{OPERATIONS}）",
     f"--op huolong/nope: no such huolong operation (operations: {OPERATIONS})"),
    ("dadun/classify", "--op dadun/classify：没有对游戏 dadun 的版本做模糊测试（做的版本：huolong/li-zhijiang）",
     "--op dadun/classify: no variant of the game dadun is fuzzed (the variants: huolong/li-zhijiang)"),
])
def test_an_op_that_selects_nothing_is_said_in_both_languages(op, zh, en):
    for lang, said in (("zh", f"错误：{zh}\n"), ("en", f"error: {en}\n")):
        result = _fuzz(lang, "--impl", REFERENCE, "--variant", "li-zhijiang", "--op", op, "--seconds", "1")
        assert (result.exit_code, result.stderr) == (2, said)


@pytest.mark.parametrize(("english", "chinese"), [  # no bundled variant turns an operation off, nor lacks generators
    ("--op star_burial: huolong/my-house cannot be asked star_burial questions (the variant's rules turn that part "
     "of the game off)", "--op star_burial：huolong/my-house 不能问 star_burial 的问题（这个版本的规则关掉了游戏的这一部分）"),
    ("--variant my.yaml: the game cards has no generators of questions yet (no datong_rules.reference_impl.cards"
     ".strategies)", "--variant my.yaml：游戏 cards 还没有出题器（没有 datong_rules.reference_impl.cards.strategies）"),
])
def test_the_other_target_errors_are_said_in_chinese(english, chinese):
    from datong_rules.cli.problem_words import say_zh

    assert say_zh(english) == chinese
