"""The command line's messages in both languages (datong_rules/cli/messages.py): ``--lang``, else the
``DATONG_RULES_LANG`` variable, else the locale; the error frame and the common messages have 中文 words."""

from __future__ import annotations

import string

import pytest
from click.testing import CliRunner

from datong_rules.cli import messages
from datong_rules.cli.main import cli


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, list(args), env=env)


def test_every_line_of_the_chinese_words_has_the_fields_of_its_english():
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for english, chinese in messages.ZH.items():
        assert fields(english) == fields(chinese), english
        assert chinese != english and not chinese.isascii(), english


def test_the_languages_are_the_rulebooks():
    from datong_rules.rulebook.labels import LANGS

    assert messages.LANGS == LANGS


@pytest.mark.parametrize("frame", ["error: {text}", "warning: {text}", "note: {text}", "interrupted",
                                   "internal error: {kind}: {text}", "cannot write to standard output: {reason}",
                                   "{message} (see '{command} --help')",
                                   "{name} is empty (expected {expected}; is the variable you pass unset?)"])
def test_the_error_frame_is_in_both_languages(frame):
    assert frame in messages.ZH


def test_lang_zh_on_the_command_line():
    result = run("--lang", "zh", "validate", "")
    assert result.exit_code == 2
    assert result.stderr == "错误：参数 FILES 是空的（应为一个版本文件，或放版本文件的文件夹；传入的变量是否没有设置？）\n"


def test_english_by_default_and_with_lang_en():
    for args in (["validate", ""], ["--lang", "en", "validate", ""]):
        result = run(*args, env={"DATONG_RULES_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"})
        assert result.stderr.startswith("error: the FILES argument is empty (expected a variant file or a folder")


@pytest.mark.parametrize("env", [{"DATONG_RULES_LANG": "zh"}, {"DATONG_RULES_LANG": "", "LC_ALL": "zh_CN.UTF-8"},
                                 {"DATONG_RULES_LANG": "", "LC_ALL": "", "LANG": "zh_TW.UTF-8"}])
def test_the_environment_and_the_locale_choose_chinese(env):
    result = run("show", "", env=env)
    assert result.stderr.startswith("错误：版本参数是空的（应为一个版本 id")


def test_the_variable_wins_over_the_locale_and_lang_over_both():
    assert run("show", "", env={"DATONG_RULES_LANG": "en", "LC_ALL": "zh_CN.UTF-8"}).stderr.startswith("error: ")
    assert run("--lang", "en", "show", "", env={"DATONG_RULES_LANG": "zh"}).stderr.startswith("error: ")


def test_a_usage_error_and_the_validate_count_in_chinese(tmp_path):
    result = run("--lang", "zh", "conform", "--bogus")
    assert result.stderr == "错误：没有选项 '--bogus'（用法见 'cli conform --help'）\n"  # CliRunner's name
    house = tmp_path / "h.yaml"
    house.write_text("id: huolong/h\nextends: huolong/li-zhijiang\n", encoding="utf-8")
    result = run("--lang", "zh", "validate", str(house))
    assert result.stderr == "检查了 1 个文件：2 个问题\n"


def test_a_choice_is_forgotten_by_the_next_command_of_the_process():
    run("--lang", "zh", "show", "")
    assert run("show", "").stderr.startswith("error: ")
