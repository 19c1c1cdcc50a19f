"""``serve`` words its stderr lines (a line it cannot read, a failed start, an empty --impl) in the CLI's language;
its replies on stdout are the protocol's and stay in English."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from datong_rules.cli import messages
from datong_rules.cli.main import cli
from datong_rules.conformance.serve import Reason, Said, english, serve


@pytest.fixture
def chinese():
    messages.choose("zh")
    yield
    messages.choose(None)


def test_a_line_that_cannot_be_read_is_noticed_in_chinese_and_answered_in_english(chinese):
    out, err = io.BytesIO(), io.StringIO()
    lines = b'hello\n{"type":"x"}\n[1]\n\xff\n'
    assert serve(None, stdin=io.BytesIO(lines), stdout=out, stderr=err, words=messages.tr) == 0
    said = err.getvalue().splitlines()
    assert said[0].startswith("serve：第 1 行：不是一行 JSON（") and said[0].endswith("）：hello")
    assert said[1] == 'serve：第 2 行：未知的消息类型 "x"（应为 start、query 或 stop）：{"type":"x"}'
    assert said[2] == "serve：第 3 行：不是 JSON 对象：[1]"
    assert said[3] == "serve：第 4 行：不是 UTF-8（第 1 个字节）：\\xff"
    replies = [json.loads(line) for line in out.getvalue().decode().splitlines()]
    assert replies[1]["message"] == 'line 2: unknown message type "x" (expected start, query or stop): {"type":"x"}'
    assert replies[2]["message"] == "line 3: not a JSON object: [1]"



def test_the_json_readers_reason_is_said_in_chinese_through_the_command():
    # the reason inside the parentheses (Python's JSON reader, the strict reader's NaN or repeated key) was left in
    # English inside the 中文 notice; the replies on stdout keep it
    lines = '{"a":\n{"a" 1}\n{"a": NaN}\n{"a": 1, "a": 2}\n'
    result = CliRunner().invoke(cli, ["--lang", "zh", "serve"], input=lines)
    said = result.stderr.splitlines()
    assert said == ['serve：第 1 行：不是一行 JSON（这里应有一个值（第 2 行第 1 列，第 6 个字符））：{"a":',
                    'serve：第 2 行：不是一行 JSON（这里应有分隔符 \':\'（第 1 行第 6 列，第 5 个字符））：{"a" 1}',
                    'serve：第 3 行：不是严格的 JSON（NaN 不是 JSON 的数）：{"a": NaN}',
                    'serve：第 4 行：不是严格的 JSON（键 "a" 在一个对象里出现了两次）：{"a": 1, "a": 2}']
    first = json.loads(result.stdout.splitlines()[0])
    assert first["message"] == 'line 1: not a JSON line (Expecting value: line 2 column 1 (char 6)): {"a":'

def test_a_reason_is_said_by_the_reason_translator_whatever_its_value_is_named():
    # a notice's reason is a kind of value (Reason), not a value that happens to be named "why"
    notice = Said("{what} ({because})", what="plain", because=Reason("the reader's reason"))
    assert notice == "plain (the reader's reason)"  # the English notice quotes the reason as it is
    assert notice.worded(english, str.upper) == "plain (THE READER'S REASON)"
    assert Said("({why})", why="plain text").worded(english, str.upper) == "(plain text)"
    nested = Said("line: {inner}", inner=Said("bad ({why})", why=Reason("because")))
    assert nested.worded(english, str.upper) == "line: bad (BECAUSE)"


def test_the_default_words_are_english():
    err = io.StringIO()
    serve(None, stdin=io.BytesIO(b"[1]\n"), stdout=io.BytesIO(), stderr=err)
    assert err.getvalue() == "serve: line 1: not a JSON object: [1]\n"


def test_the_command_s_errors_follow_its_language():
    result = CliRunner().invoke(cli, ["--lang", "zh", "serve", "--impl", " "])
    assert result.exit_code == 2
    assert result.stderr == "错误：--impl 是空的（应为 MODULE:FACTORY；不写它就提供参考引擎）\n"
    result = CliRunner().invoke(cli, ["--lang", "en", "serve", "--impl", " "])
    assert result.stderr == ("error: --impl is empty (expected MODULE:FACTORY; leave it out to serve the reference "
                             "engine)\n")
