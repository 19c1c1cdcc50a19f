"""Signals of the commands the tests start: a child takes Ctrl-C (SIGINT) as it would from a terminal, whatever the
test run inherited. A run started in the background (``nohup pytest &``, a CI wrapper that backgrounds its job) has
SIGINT ignored, and an ignored signal stays ignored across ``exec``: without this, a test sending SIGINT to its
child would wait for a command that never hears it."""

from __future__ import annotations

import signal


def ctrl_c_as_in_a_terminal() -> None:
    """``preexec_fn`` of :class:`subprocess.Popen`: SIGINT back to its default in the child (Python then turns it
    into KeyboardInterrupt, as in a terminal), and SIGHUP too (a run started with ``nohup`` ignores it, and the
    child would inherit that: the command keeps an ignored SIGHUP ignored, as ``nohup`` asks)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
