"""click's wording of a usage error follows the language of the messages: said again in 中文 (what it quotes kept),
unchanged in English."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli


def _line(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 2, result.output
    return result.stderr


@pytest.mark.parametrize(("args", "zh", "en"), [
    (["play", "--seed", "x", "li"], "'--seed' 的值无效：'x' 不是整数", "Invalid value for '--seed': 'x' is not a valid "
                                                                     "integer range"),
    (["play", "--hands", "0", "li"], "'--hands' 的值无效：0 不在范围 x>=1 内",
     "Invalid value for '--hands': 0 is not in the range x>=1"),
    (["play", "--nope", "li"], "没有选项 '--nope'", "No such option '--nope'"),
    (["play"], "缺少参数 'VARIANT'", "Missing argument 'VARIANT'"),
    (["play", "li", "a", "b"], "多出了参数（a b）", "Got unexpected extra arguments (a b)"),
    (["nocmd"], "没有命令 'nocmd'", "No such command 'nocmd'"),
    (["play", "li", "--bots"], "选项 '--bots' 需要一个值", "Option '--bots' requires an argument"),
    (["table", "li", "--lang", "fr"], "'--lang' 的值无效：'fr' 不是 'zh', 'en' 之一",
     "Invalid value for '--lang': 'fr' is not one of 'zh', 'en'"),
    (["conform", "--timeout", "abc"], "'--timeout' 的值无效：'abc' 不是数",
     "Invalid value for '--timeout': 'abc' is not a valid float"),
    (["simulate", "li", "--lang", "fr"], "没有选项 '--lang'（是不是想写 '--hands'？）",
     "No such option '--lang'. Did you mean '--hands'?"),
])
def test_a_usage_error_in_both_languages(args, zh, en):
    said = _line("--lang", "zh", *args)
    assert said.startswith(f"错误：{zh}（用法见 '") and said.endswith(" --help'）\n"), said
    assert not any(word in said for word in ("Invalid", "No such", "Missing", "Got", "requires", "is not")), said
    said = _line("--lang", "en", *args)
    assert said.startswith(f"error: {en} (see '"), said
