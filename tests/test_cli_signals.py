"""SIGTERM under the CLI: raised as a KeyboardInterrupt of its own (Terminated) once, exit status 143."""

from __future__ import annotations

import os
import signal
import sys

import pytest

from datong_rules.cli import output

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM")


def test_the_first_sigterm_stops_and_a_repeated_one_is_only_noted():
    previous = signal.getsignal(signal.SIGTERM)
    with output.sigterm_as_interrupt():
        assert output.interrupted_status() == output.INTERRUPTED  # nothing received yet: Ctrl-C's status
        with pytest.raises(output.Terminated) as stopped:
            os.kill(os.getpid(), signal.SIGTERM)
        assert isinstance(stopped.value, KeyboardInterrupt) and stopped.value.signum == 15
        os.kill(os.getpid(), signal.SIGTERM)  # while the reports are written: noted, not raised
        assert output.interrupted_status() == output.TERMINATED == 143
    assert signal.getsignal(signal.SIGTERM) is previous  # the handler is put back
