"""``fuzz``'s engine error (the implementation timed out, crashed or broke the protocol on a question: not a
disagreement) in the command's language: the JSON-lines adapter's own wordings said in 中文 under ``--lang zh`` (a
timeout, an exit, a protocol error, a line that is not JSON, an operation given up on), each as written under
English; what the engine wrote (its line, its message) stays as it is."""

from __future__ import annotations

import shlex
import sys
import textwrap

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.cli.problem_words import say_zh

MISBEHAVING = textwrap.dedent('''
    """A JSON-lines engine of 攉龙 that misbehaves on every question, as its first argument says: ``hang`` (no
    reply), ``garbage`` (a line that is not JSON), ``flag`` (protocol 3: an errored reply whose bad_input is not a
    boolean)."""
    import json
    import sys
    import time

    mode = sys.argv[1]
    json.loads(sys.stdin.readline())
    print(json.dumps({"type": "ready", "protocol": 3 if mode == "flag" else 2, "name": "misbehaving",
                      "version": "1", "variants": ["huolong/*"], "operations": ["huolong/*"]}), flush=True)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "stop":
            break
        if mode == "hang":
            time.sleep(30)
        elif mode == "garbage":
            print("hello there", flush=True)
        else:
            print(json.dumps({"type": "errored", "id": message["id"], "message": "no", "bad_input": "yes"}),
                  flush=True)
''')


@pytest.fixture
def misbehaving(tmp_path):
    """The command line of :data:`MISBEHAVING`, given its mode."""
    script = tmp_path / "misbehaving.py"
    script.write_text(MISBEHAVING, encoding="utf-8")
    return lambda mode: shlex.join([sys.executable, str(script), mode])


@pytest.mark.parametrize(("mode", "zh", "en"), [
    ("hang", "引擎错误（不是分歧）：0.5 秒后超时；第一次出现在 given {",
     "engine error (not a disagreement): timeout after 0.5s; first on given {"),
    ("garbage", "引擎错误（不是分歧）：不是一行 JSON：hello there；第一次出现在 given {",
     "engine error (not a disagreement): not a JSON line: hello there; first on given {"),
    ("flag", "引擎错误（不是分歧）：违反协议：'bad_input' 应为 true 或 false，收到的是 \"yes\"（true：查询因输入有误被拒绝；"
             "false 或不写：引擎出了故障）：{",
     "engine error (not a disagreement): protocol error: 'bad_input' must be true or false, got \"yes\" (true: the "
     "query is refused as bad input; false or absent: the engine failed): {"),
])
def test_fuzz_says_an_engine_error_in_the_commands_language(misbehaving, mode, zh, en):
    for lang, said in (("zh", zh), ("en", en)):
        result = CliRunner().invoke(cli, ["--lang", lang, "fuzz", "--impl-cmd", misbehaving(mode), "--variant",
                                          "li-zhijiang", "--op", "trick_winner", "--seed", "0", "--examples", "2",
                                          "--timeout", "0.5", "-q"], catch_exceptions=False)
        assert result.exit_code == 1, result.output
        [line] = [line.strip() for line in result.stderr.splitlines() if "given {" in line]
        assert line.startswith(said), (lang, result.stderr)


def test_a_late_second_reply_is_an_engine_error_said_in_chinese():
    import conformance_support

    engine = shlex.join([sys.executable, str(conformance_support.FAKES / "double_reference.py"), "--delay", "0"])
    result = CliRunner().invoke(cli, ["--lang", "zh", "fuzz", "--impl-cmd", engine, "--variant", "li-zhijiang",
                                      "--op", "trick_winner", "--seed", "3", "--examples", "20", "-q"])
    assert result.exit_code == 1, result.output
    assert "违反协议：这个查询的第二个回复，或它的回复之后的又一行：{" in result.stderr
    assert "protocol error" not in result.stderr and "second reply" not in result.stderr


@pytest.mark.parametrize(("english", "chinese"), [
    ("timeout after 5s", "5 秒后超时"),
    ("timeout after 0.5s: the implementation did not read its input", "0.5 秒后超时：实现没有读它的输入"),
    ("timeout after 5s (the implementation exited with code 0, but a process it started keeps its output open)",
     "5 秒后超时（实现已经结束：退出码 0，但它启动的进程还开着它的输出）"),
    ("implementation exited with code 3 before replying", "实现没有回复（退出码 3）"),
    ("implementation was killed by signal SIGKILL while the query was sent", "实现没能收下查询（被信号 SIGKILL 终止）"),
    ("not sent: the query is 9000000 bytes, over the line cap of 8388608 bytes",
     "没有发送：查询有 9000000 字节，超过了一行 8388608 字节的上限"),
    ("unexpected line on stdout before the query (stdout carries replies only; logs go to stderr): loading…",
     "查询之前标准输出上多了一行（标准输出只用来回复；日志请写到标准错误）：loading…"),
    ("reply for id \"b-1\" to the query of 'a-1': {\"id\": \"b-1\"}",
     "对 'a-1' 的查询收到的回复的 id 是 \"b-1\"：{\"id\": \"b-1\"}"),
    ("unexpected reply (want result/skipped/errored with id, answer, reason or message): {\"type\": \"x\"}",
     "意外的回复（应为带 id 及 answer、reason 或 message 的 result、skipped 或 errored）：{\"type\": \"x\"}"),
    ("reply line over the cap of 8388608 bytes (dropped after 8388609 bytes); the implementation is restarted",
     "回复的一行超过了 8388608 字节的上限（读到 8388609 字节时丢弃）；实现已重新启动"),
    ("not strict JSON (NaN is not a JSON number): {\"a\": NaN}", "不是严格的 JSON（NaN 不是 JSON 的数）：{\"a\": NaN}"),
    ("not a JSON line: (empty line)", "不是一行 JSON：（空行）"),
    ("not a JSON line: binary data (12 characters, not text)", "不是一行 JSON：二进制数据（12 个字符，不是文字）"),
    ("not a JSON object: [1, 2]", "不是 JSON 对象：[1, 2]"),
    ("not queried: operation huolong/classify keeps timing out (3 timeouts in a row, 2 restarts)",
     "没有查询：操作 huolong/classify 一直超时（连续 3 次超时，重新启动 2 次）"),
    ("not queried: operation huolong/classify keeps crashing (2 crashes in a row, 1 restart)",
     "没有查询：操作 huolong/classify 一直崩溃（连续 2 次崩溃，重新启动 1 次）"),
    ("not queried: operation huolong/bury keeps failing (1 timeout, 1 oversized reply in a row, 1 restart)",
     "没有查询：操作 huolong/bury 一直失败（连续 1 次超时、1 次回复过长，重新启动 1 次）"),
    ("not queried: operation huolong/bury keeps crashing (1 crash, 1 failed restart in a row, 1 restart)",
     "没有查询：操作 huolong/bury 一直崩溃（连续 1 次崩溃、1 次重新启动失败，重新启动 1 次）"),
    ("not queried: operation huolong/bury keeps crashing (1 crash, 3 failed restarts in a row, 3 restarts)",
     "没有查询：操作 huolong/bury 一直崩溃（连续 1 次崩溃、3 次重新启动失败，重新启动 3 次）"),
    ("restart failed: cannot run 'engine': No such file or directory",
     "重新启动失败：无法运行 'engine'：No such file or directory"),  # the system's reason as written
])
def test_the_adapters_wordings_are_said_in_chinese(english, chinese):
    assert say_zh(english) == chinese


@pytest.mark.parametrize(("troubles", "english"), [
    (["crash", "restart"], "keeps crashing (1 crash, 1 failed restart in a row, 1 restart)"),
    (["crash", "restart", "restart", "restart"], "keeps crashing (1 crash, 3 failed restarts in a row, 3 restarts)"),
    (["timeout", "timeout"], "keeps timing out (2 timeouts in a row, 1 restart)"),
    (["oversize", "restart", "timeout"], "keeps failing (1 timeout, 1 failed restart, 1 oversized reply in a row, 2 "
                                         "restarts)"),  # the kinds in a fixed order: timeouts, crashes, restarts
])
def test_an_operation_given_up_counts_its_failed_restarts_apart_from_its_restarts(troubles, english):
    # one failed restart was said "1 restart", as the count of restarts made after it: the line read
    # "(1 crash, 1 restart in a row, 1 restart)"
    from datong_rules.conformance.adapters.jsonlines import given_up

    assert given_up("huolong/bury", troubles) == f"operation huolong/bury {english}"
