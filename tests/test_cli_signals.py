"""SIGTERM and SIGHUP under the CLI: raised as a KeyboardInterrupt of its own (Terminated) once, exit status 143
or 129; a SIGHUP ignored at the start (nohup) stays ignored."""

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


def _unhandled(signum, frame):
    raise RuntimeError("the signal was not handled by the command")  # not the default: it would end the tests


def test_sighup_stops_as_sigterm_does_with_status_129():
    previous = signal.signal(signal.SIGHUP, _unhandled)
    try:
        with output.sigterm_as_interrupt():
            with pytest.raises(output.Terminated) as stopped:
                os.kill(os.getpid(), signal.SIGHUP)
            assert stopped.value.signum == 1 and 128 + stopped.value.signum == output.HUNG_UP == 129
            os.kill(os.getpid(), signal.SIGTERM)  # the terminal's SIGTERM after its SIGHUP: noted only
            assert output.interrupted_status() == output.HUNG_UP
        assert signal.getsignal(signal.SIGHUP) is _unhandled  # the handler is put back
    finally:
        signal.signal(signal.SIGHUP, previous)


def test_a_sighup_ignored_at_the_start_stays_ignored():
    """`nohup datong-rules conform …`: the user asked for the run to outlive the terminal."""
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with output.sigterm_as_interrupt():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGHUP)  # nothing happens
            assert output.interrupted_status() == output.INTERRUPTED
    finally:
        signal.signal(signal.SIGHUP, previous)


def test_a_sigterm_a_library_turned_into_its_own_error_still_ends_the_command_as_interrupted(monkeypatch):
    """A compiled extension calling back into Python (jsonschema-rs, say) reports the interrupt raised in the
    callback as an error of its own; the command then fails its own way (status 1): the status is still 143."""
    import time

    import click
    from click.testing import CliRunner

    from datong_rules.cli.main import cli

    command = cli.commands["variants"]

    def converted(*args, **kwargs):
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)
        except KeyboardInterrupt as exc:
            click.echo(f"error: the library failed: {exc!r}", err=True)
            raise SystemExit(1) from None

    monkeypatch.setattr(command, "callback", converted)
    result = CliRunner().invoke(cli, ["variants"])
    assert result.exit_code == output.TERMINATED, result.output
    assert result.output.splitlines()[-1] == "error: interrupted"
