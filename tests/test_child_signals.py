"""The tests that send Ctrl-C to a command they started pass when the test run itself ignores SIGINT, as a run
started in the background does (``nohup pytest &``; a CI wrapper that backgrounds its job): each child takes SIGINT
back (:mod:`child_signals`)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

CTRL_C_TESTS = [
    "test_cli_output.py::test_sigint_to_a_waiting_serve_exits_130",
    "cli/test_newcomer_fixes.py::test_ctrl_c_during_play_keeps_the_finished_hands_in_the_record",
    "conformance/test_serve.py::test_serve_stops_quietly_on_ctrl_c_and_sigterm",
    "conformance/test_conformance_cli.py::test_ctrl_c_stops_the_run_writes_the_reports_and_leaves_nothing_running",
    "conformance/test_fuzz.py::test_ctrl_c_prints_what_was_found_and_exits_130",
    "table_app/test_table_cli.py::test_the_command_serves_the_table_on_127_0_0_1_until_ctrl_c",
]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signal dispositions")
def test_the_ctrl_c_tests_pass_in_a_run_that_ignores_sigint():
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-p", "no:randomly", "-p", "no:cacheprovider",
                           "-q", *(str(TESTS / test) for test in CTRL_C_TESTS)],
                          cwd=TESTS.parent, capture_output=True, text=True, timeout=900,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))  # as `nohup … &` leaves it
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " failed" not in done.stdout and " passed" in done.stdout
