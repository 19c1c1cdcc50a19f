"""What every command shares (datong_rules.cli.output): exit 130 on Ctrl-C, one meaning of --format, GitHub
annotation lines, colour only on a terminal."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time

import click
import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.cli.output import FORMAT_HELP, INTERRUPTED, github_annotation, use_colour

from child_signals import ctrl_c_as_in_a_terminal

COMMANDS = sorted(cli.commands)


def _minimal_args(command: click.Command) -> list[str]:
    """Arguments that parse: a variant-like word for every required argument."""
    return ["li-zhijiang" for p in command.params if isinstance(p, click.Argument) and p.required]


@pytest.mark.parametrize("name", COMMANDS)
def test_ctrl_c_in_any_command_exits_130_with_one_line(name, monkeypatch):
    command = cli.commands[name]

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "callback", interrupted)
    result = CliRunner().invoke(cli, [name, *_minimal_args(command)])
    assert result.exit_code == INTERRUPTED == 130, result.output
    assert result.output.splitlines()[-1] == "error: interrupted"
    assert "Traceback" not in result.output


def test_sigint_to_a_waiting_serve_exits_130():
    """A real SIGINT (not a raised KeyboardInterrupt): `serve` waiting for its next request. (`conform` under
    SIGINT: tests/conformance/test_conformance_cli.py.)"""
    proc = subprocess.Popen([sys.executable, "-m", "datong_rules", "serve"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_as_in_a_terminal)
    try:
        proc.stdin.write('{"type": "start", "protocol": 1}\n')
        proc.stdin.flush()
        assert proc.stdout.readline().startswith('{"type"')  # the handshake: now waiting for the next request
        time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert err == ""  # a server stops quietly


@pytest.mark.parametrize("name", COMMANDS)
def test_format_has_one_meaning(name):
    options = [p for p in cli.commands[name].params if "--format" in getattr(p, "opts", [])]
    if not options:
        return
    (option,) = options
    assert option.name == "fmt" and option.default == "text"
    assert set(option.type.choices) <= set(FORMAT_HELP)
    assert "standard output" in option.help


def test_old_format_names_still_work():
    assert CliRunner().invoke(cli, ["variants", "--format", "table"]).output == \
        CliRunner().invoke(cli, ["variants"]).output


def test_github_annotation_escapes_as_the_runner_expects():
    line = github_annotation("50% done\nnext: x, y", file="a,b:c.yaml", line=3, column=7, title="bad_value")
    assert line == "::error file=a%2Cb%3Ac.yaml,line=3,col=7,title=bad_value::50%25 done%0Anext: x, y"
    assert github_annotation("plain") == "::error::plain"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("env", "tty", "expected"), [
    ({}, True, True), ({}, False, False), ({"NO_COLOR": "1"}, True, False), ({"NO_COLOR": ""}, True, True),
    ({"TERM": "dumb"}, True, False),
])
def test_colour_only_on_a_terminal_without_no_color(env, tty, expected, monkeypatch):
    for name in ("NO_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert use_colour(_Tty() if tty else io.StringIO()) is expected



def _played(tmp_path):
    path = tmp_path / "g.json"
    assert CliRunner().invoke(cli, ["play", "li-zhijiang", "--hands", "1", "--record", str(path)]).exit_code == 0
    return path


def test_verify_json_lists_every_file(tmp_path):
    import json

    good = _played(tmp_path)
    record = json.loads(good.read_text(encoding="utf-8"))
    bury = next(i for i, a in enumerate(record["hands"][0]["actions"]) if a["type"] == "bury")
    record["hands"][0]["actions"][bury]["seat"] = (record["hands"][0]["actions"][bury]["seat"] + 1) % 4
    refused = tmp_path / "refused.json"
    refused.write_text(json.dumps(record), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", "--format", "json", str(good), str(refused), str(broken)])
    assert result.exit_code == 2
    entries = json.loads(result.stdout)
    assert [(e["file"], e["status"]) for e in entries] == [
        (str(good), "accepted"), (str(refused), "refused"), (str(broken), "error")]
    assert entries[0]["record"] == "match" and entries[0]["deals"] == 1
    assert entries[1]["hand"] == 0 and entries[1]["index"] == bury and entries[1]["reason"]
    assert entries[2]["error"].startswith("not a valid record at the top: missing key")
    assert result.stderr.startswith(f"error: {broken}: ")  # messages stay on standard error


def test_verify_github_annotates_refused_and_broken_files(tmp_path):
    good = _played(tmp_path)
    broken = tmp_path / "broken.json"
    broken.write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", "--format", "github", str(good), str(broken)])
    assert result.exit_code == 2
    (line,) = result.stdout.splitlines()
    assert line.startswith(f"::error file={broken},title=error::not a valid record at the top: missing key")


def _play_in_a_terminal(env: dict[str, str]) -> bytes:
    """The first lines `play` writes to a pseudo-terminal."""
    import pty

    main, child = pty.openpty()
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    proc = subprocess.Popen([sys.executable, "-m", "datong_rules", "play", "li-zhijiang", "--hands", "1"],
                            stdout=child, stderr=subprocess.DEVNULL, env={**environ, "TERM": "xterm", **env})
    os.close(child)
    out = b""
    try:
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(main)
        proc.wait(timeout=60)
    return out


RED = b"\x1b[31m"


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
def test_play_colours_hearts_and_diamonds_red_on_a_terminal():
    out = _play_in_a_terminal({})
    assert RED + "♥".encode() in out or RED + "♦".encode() in out
    assert RED + "♠".encode() not in out and RED + "♣".encode() not in out


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
def test_no_color_turns_the_colour_off():
    out = _play_in_a_terminal({"NO_COLOR": "1"})
    assert "♥".encode() in out and b"\x1b[" not in out


def test_piped_play_has_no_colour():
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    proc = subprocess.run([sys.executable, "-m", "datong_rules", "play", "li-zhijiang", "--hands", "1"],
                          capture_output=True, timeout=60, env={**env, "TERM": "xterm"})
    assert "♥".encode() in proc.stdout and b"\x1b[" not in proc.stdout


def test_verify_says_its_text_lines_in_chinese_under_lang_zh(tmp_path):
    """``--lang zh verify``: an accepted record and a refused action are said in 中文 (they were English); the JSON
    report's summary is the text line's tail, in the command's language too (its keys and codes stay English)."""
    import json

    good = _played(tmp_path)
    record = json.loads(good.read_text(encoding="utf-8"))
    bury = next(i for i, a in enumerate(record["hands"][0]["actions"]) if a["type"] == "bury")
    seat = record["hands"][0]["actions"][bury]["seat"]
    record["hands"][0]["actions"][bury]["seat"] = (seat + 1) % 4
    refused = tmp_path / "refused.json"
    refused.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(cli, ["--lang", "zh", "verify", str(good), str(refused)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"{good}：通过（整场，1 局）"
    assert lines[1].startswith(f"{refused}：hands[0] 第 {bury} 个动作（{(seat + 1) % 4}号座位）：")
    as_json = CliRunner().invoke(cli, ["--lang", "zh", "verify", "--format", "json", str(good)])
    assert json.loads(as_json.stdout)[0]["summary"] == "通过（整场，1 局）"
    in_english = CliRunner().invoke(cli, ["--lang", "en", "verify", "--format", "json", str(good)])
    assert json.loads(in_english.stdout)[0]["summary"] == "OK (match, 1 deal)"
