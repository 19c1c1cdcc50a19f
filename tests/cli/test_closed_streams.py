"""Commands started with a standard stream closed (``cmd >&-``, ``cmd <&-``, ``cmd 2>&-``): never a traceback nor
an internal error. A closed standard output fails at the first write as a full disk does (one ``error: cannot write
to standard output: …`` line, status 1); a closed standard input reads as empty; ``serve`` ends cleanly either way."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell redirections")

KIT = f"{sys.executable} -m datong_rules"
START = '{"type":"start","protocol":1}'


def shell(command: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(["sh", "-c", command], input=stdin, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("command", ["variants", "show li-zhijiang", "play li-zhijiang --hands 1", "schema variant"])
def test_a_command_writing_to_a_closed_stdout_says_so_in_one_line(command):
    done = shell(f"{KIT} {command} >&-")
    assert done.returncode == 1, done.stderr
    assert done.stderr == "error: cannot write to standard output: Bad file descriptor\n"


def test_a_command_writing_nothing_to_stdout_is_not_troubled_by_its_closing():
    done = shell(f"{KIT} validate spec/huolong/li-zhijiang.yaml >&-")
    assert done.returncode == 0 and done.stderr == "1 file(s) checked: no problems\n"


def test_a_closed_stderr_loses_the_message_but_not_the_status():
    done = shell(f"{KIT} show no-such-variant 2>&-")
    assert done.returncode == 2 and done.stdout == ""


def test_serve_with_stdout_closed_ends_in_one_line():
    done = shell(f"{KIT} serve >&-", stdin=START + "\n")
    assert done.returncode == 1
    assert done.stderr == "error: cannot write to standard output: Bad file descriptor\n"


def test_serve_with_stdin_closed_ends_as_at_the_end_of_input():
    done = shell(f"{KIT} serve <&-")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_serve_module_with_both_closed_ends_cleanly():
    done = shell(f"{sys.executable} -m datong_rules.conformance.serve <&- >&-")
    assert (done.returncode, done.stderr) == (0, "")  # no request read: no reply to write
    done = shell(f"{sys.executable} -m datong_rules.conformance.serve >&-", stdin=START + "\n")
    assert done.returncode == 1
    assert done.stderr == "error: cannot write to standard output: Bad file descriptor\n"


def test_a_full_disk_under_serve_is_told_once():
    done = shell(f"{KIT} serve > /dev/full", stdin=START + "\n")
    assert done.returncode == 1
    assert done.stderr == "error: cannot write to standard output: No space left on device\n"


def test_a_closed_stdout_never_receives_a_file_the_command_opens(tmp_path):
    """The first file a process opens takes the lowest free descriptor: with 1 closed, a report would be written
    where print() writes. The null device holds descriptor 1 instead."""
    record = tmp_path / "game.json"
    done = shell(f"{KIT} play li-zhijiang --hands 1 --record {record} >&-")
    assert done.returncode == 1 and "Bad file descriptor" in done.stderr
    assert not record.exists() or record.read_text().lstrip().startswith("{")


def test_an_internal_error_is_one_short_line(monkeypatch, capsys):
    """The last guard of main(): whatever the exception's message, one line of bounded length and exit 70."""
    from datong_rules.cli import main as main_module

    def broken(**_kwargs):
        raise RuntimeError("x" * 5000 + "\nsecond line")

    monkeypatch.setattr(main_module, "cli", broken)
    with pytest.raises(SystemExit) as stop:
        main_module.main()
    assert stop.value.code == 70
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("error: internal error: RuntimeError: xxx") and len(line) < 400
