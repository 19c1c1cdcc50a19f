"""A command whose reader went away (``datong-rules play … | head -1``) ends as every printing command does: quietly
(nothing on standard error) with status 1, the status click gives ``show`` and ``simulate`` on a closed pipe; ``play``
ended with 0 there (it stops printing and plays on, so that its record is still written)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("args", [
    ["show", "huolong/li-zhijiang"],
    ["simulate", "li-zhijiang", "--hands", "3"],
    ["play", "li-zhijiang", "--seed", "7"],
    ["play", "biedan-guide", "--seed", "7", "--hands", "1"],
])
def test_a_closed_pipe_ends_quietly_with_status_1(args):
    proc = subprocess.Popen([sys.executable, "-m", "datong_rules.cli.main", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the first line: every write meets a closed pipe
    stderr = proc.stderr.read()
    proc.stderr.close()
    assert (proc.wait(timeout=120), stderr) == (1, b"")
