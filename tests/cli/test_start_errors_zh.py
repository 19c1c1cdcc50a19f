"""Why an implementation could not be built or started, said in 中文 under ``--lang zh``: a JSON-lines engine that
sends no ``ready`` in time, and an in-process ``--impl MODULE:FACTORY`` that cannot be imported, built or started
(its ``start()`` or declarations failing). The English lines are unchanged; what the engine or Python wrote (an
exception's own message) is quoted as written."""

from __future__ import annotations

import shlex
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

ENGINE = textwrap.dedent('''
    """In-process implementations that fail as they start (for tests/cli/test_start_errors_zh.py)."""
    from datong_rules.conformance.adapters.base import Implementation


    class Declares(Implementation):
        name, version = "declares", "1"

        def answer(self, variant, op, given):
            return {}

        def supported_operations(self):
            return "every one"  # not a list


    class Quits(Implementation):
        name, version = "quits", "1"

        def answer(self, variant, op, given):
            return {}

        def supported_variants(self):
            raise KeyError("variants")


    def plain():
        return 42
''')


@pytest.fixture
def engines(importable_module):
    """The module ``failing_engines`` (:data:`ENGINE`) importable by --impl."""
    importable_module("failing_engines", ENGINE)


def error_of(*args: str) -> tuple[int, str]:
    out = CliRunner().invoke(cli, list(args))
    return out.exit_code, out.output.strip()


SILENT = shlex.join([sys.executable, "-c", "import time; time.sleep(30)"])


@pytest.mark.parametrize(("impl", "code", "zh", "en"), [
    (["--impl-cmd", SILENT, "--startup-timeout", "0.5"], 1,
     "错误：无法启动实现：握手失败：0.5 秒内没有回复 'ready'",
     "error: cannot start the implementation: handshake failed: no 'ready' reply within 0.5s"),
    (["--impl", "failing_engines"], 2,
     "错误：--impl 应为 MODULE:FACTORY，收到的是 'failing_engines'",
     "error: --impl must be MODULE:FACTORY, got 'failing_engines'"),
    (["--impl", "failing/engines:Quits"], 2,
     "错误：--impl：'failing/engines' 不是模块名（应为用点连起来的名字，如 mypkg.engine，能从 PYTHONPATH 导入；不是文件路径）",
     "error: --impl: 'failing/engines' is not a module name (expected dotted names such as mypkg.engine, importable "
     "from PYTHONPATH; not a file path)"),
    (["--impl", "failing_engines:no-such"], 2,
     "错误：--impl：'no-such' 不是模块里的名字（应为如 make_impl 或 Engine 这样的名字）",
     "error: --impl: 'no-such' is not a name in the module (expected e.g. make_impl or Engine)"),
    (["--impl", "failing_engines:Missing"], 2,
     "错误：'failing_engines' 没有属性 'Missing'",
     "error: 'failing_engines' has no attribute 'Missing'"),
    (["--impl", "failing_engines:__name__"], 2,
     "错误：'failing_engines:__name__' 不能调用",
     "error: 'failing_engines:__name__' is not callable"),
    (["--impl", "failing_engines:plain"], 2,
     "错误：'failing_engines:plain()' 返回的是 int，它没有 answer() 方法",
     "error: 'failing_engines:plain()' returned int, which has no answer() method"),
    (["--impl", "sys:exit"], 2,
     "错误：'sys:exit()' 出错：实现调用了 sys.exit(None)",
     "error: 'sys:exit()' failed: the implementation called sys.exit(None)"),
    (["--impl", "failing_engines:Declares"], 1,
     '错误：无法启动实现：supported_operations() 应返回一个文字的列表（或表示全部的 ["*"]），收到的是 \'every one\'',
     'error: cannot start the implementation: supported_operations() must return a list of strings (or ["*"] for '
     "all), got 'every one'"),
    (["--impl", "failing_engines:Quits"], 1,
     "错误：无法启动实现：supported_variants() 出错：KeyError：'variants'",  # Python's words, in a 中文 frame
     "error: cannot start the implementation: supported_variants() failed: KeyError: 'variants'"),
])
def test_a_start_error_in_both_languages(engines, impl, code, zh, en):
    assert error_of("--lang", "zh", "conform", *impl, "-q") == (code, zh)
    assert error_of("--lang", "en", "conform", *impl, "-q") == (code, en)


def test_fuzz_says_the_start_error_in_chinese_too(engines):
    code, text = error_of("--lang", "zh", "fuzz", "--impl", "failing_engines:plain", "--seconds", "1")
    assert (code, text) == (2, "错误：'failing_engines:plain()' 返回的是 int，它没有 answer() 方法")


def test_serve_says_the_start_error_in_chinese_too(engines):
    out = CliRunner().invoke(cli, ["--lang", "zh", "serve", "--impl", "failing_engines:Missing"], input="")
    assert (out.exit_code, out.output.strip()) == (1, "错误：无法启动实现：'failing_engines' 没有属性 'Missing'")


FAKE = shlex.join([sys.executable, str(Path(__file__).resolve().parents[1] / "conformance" / "fake_impls"
                                       / "jsonl_impl.py"), "--protocol", "1", "--variants", "datong-guide"])
"""A JSON-lines engine declaring a variant id the kit does not know (the short id of huolong/datong-guide)."""


@pytest.mark.parametrize(("args", "zh", "en"), [
    (["--impl-cmd", ""], ["错误：--impl-cmd 是空的（应为启动你的引擎的命令；传入的变量是否没有设置？）"],
     ["error: --impl-cmd is empty (expected the command that starts your engine; is the variable you pass unset?)"]),
    (["--impl", " "], ["错误：--impl 是空的（应为 MODULE:FACTORY）"], ["error: --impl is empty (expected MODULE:FACTORY)"]),
    (["--junit", ""], ["错误：--junit 是空的（应为一个文件路径）"], ["error: --junit is empty (expected a file path)"]),
    (["--timeout", "0"], ["错误：--timeout 应为大于 0、至多 3600 的秒数，收到 0.0"],
     ["error: --timeout must be a number of seconds more than 0 and at most 3600, got 0.0"]),
    # a command that cannot be split like a shell would (shlex's reasons said too)
    (["--impl-cmd", '"engine'], ["错误：无法解析命令 '\"engine'：引号没有闭合"],
     ["error: cannot parse the command '\"engine': No closing quotation"]),
    (["--impl-cmd", "engine\\"], ["错误：无法解析命令 'engine\\'：转义符 \\ 后面没有字符"],
     ["error: cannot parse the command 'engine\\': No escaped character"]),
])
def test_an_unusable_option_in_both_languages(args, zh, en):
    assert error_of("--lang", "zh", "conform", *args, "-q") == (2, "\n".join(zh))
    assert error_of("--lang", "en", "conform", *args, "-q") == (2, "\n".join(en))


def test_an_unknown_declaration_in_chinese():
    code, text = error_of("--lang", "zh", "conform", "--impl-cmd", FAKE, "--op", "trick_winner", "-q")
    lines = text.splitlines()
    assert code == 1 and lines[0] == "错误：实现声明了工具包不认识的东西；请改正它的声明（什么也没有运行）："
    assert lines[1].startswith("错误：实现声明的版本里有未知的版本 'datong-guide'（是不是想写 'huolong/datong-guide'？）（已知的：")
