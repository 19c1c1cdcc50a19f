"""``conform``'s console says an answer's own faults in the command's language: an answer that is not a mapping
(errored) and an answer that breaks its operation's answer schema (failed), in 中文 under ``--lang zh`` and as written
under English; the JSON report stays English (the files' reports are the suite's own format). So are an engine's
faults on a question, as the JSON-lines adapter words them (a timeout, a line that is not JSON)."""

from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli

ENGINES = textwrap.dedent('''
    """In-process engines whose answers are faulty in themselves (tests/conformance/test_conform_answer_words.py)."""
    from datong_rules.conformance.adapters.base import Implementation


    class Lists(Implementation):
        name, version = "lists", "1"

        def answer(self, variant, op, given):
            return [1]


    class Shapeless(Implementation):
        name, version = "shapeless", "1"

        def answer(self, variant, op, given):
            return {"combination": "single"}
''')


@pytest.fixture
def faulty(importable_module):
    """The module ``faulty_answers`` (:data:`ENGINES`) importable by --impl."""
    importable_module("faulty_answers", ENGINES)


@pytest.mark.parametrize(("engine", "zh", "en"), [
    ("Lists", "回答是 list，不是映射：[1]", "answer is a list, not a mapping: [1]"),
    # a classify answer needs suit (the operations schema)
    ("Shapeless", "回答不符合操作的 JSON 模式：$：缺少必需的键 'suit'",
     "answer does not match the operation's schema: $: missing required key 'suit'"),
])
def test_an_answers_own_fault_is_said_in_the_commands_language(faulty, tmp_path, engine, zh, en):
    for lang, said in (("zh", zh), ("en", en)):
        report = tmp_path / f"{engine}-{lang}.json"
        result = CliRunner().invoke(cli, ["--lang", lang, "conform", "--impl", f"faulty_answers:{engine}",
                                          "--variant", "li-zhijiang", "--op", "classify", "--json", str(report)])
        assert result.exit_code == 1, result.output
        lines = [line.strip() for line in result.output.splitlines()]
        assert said in lines, (lang, result.output)
        assert (en if lang == "zh" else zh) not in lines
        messages = {r["message"] for r in json.loads(report.read_text(encoding="utf-8"))["results"]}
        assert any(m.startswith(en) for m in messages)  # the JSON report in English, under 中文 too


@pytest.mark.parametrize(("flag", "zh", "en"), [
    ("--hang-on", "0.5 秒后超时", "timeout after 0.5s"),
    ("--garbage-on", "不是一行 JSON：", "not a JSON line: "),
])
def test_an_engines_fault_on_a_question_is_said_in_the_commands_language(flag, zh, en):
    from conformance_support import SCENARIOS, fake_cmd

    for lang, said in (("zh", zh), ("en", en)):
        result = CliRunner().invoke(cli, ["--lang", lang, "conform", "--scenarios", str(SCENARIOS), "--no-spec-check",
                                          "--impl-cmd", fake_cmd(flag, "demo.echo.list-002"), "--op", "echo",
                                          "--variant", "demo/plain", "-k", "list", "--timeout", "0.5"])
        assert result.exit_code == 1, result.output
        lines = [line.strip() for line in result.output.splitlines()]
        index = next(i for i, line in enumerate(lines) if "demo.echo.list-002" in line)
        assert lines[index + 1].startswith(said), (lang, result.output)
