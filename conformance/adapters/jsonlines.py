"""Check an implementation in any language over the JSON-lines protocol (version 1).

The runner starts the implementation's command (shlex-split, no shell) and exchanges one JSON
object per line, UTF-8, on its stdin/stdout; stderr is free for logs. ``→`` is runner to
implementation, ``←`` the reply::

    → {"type":"start","protocol":1,"suite":"datong-rules","suite_version":"0.1.0"}
    ← {"type":"ready","name":"my-engine","version":"1.2","variants":["*"],"operations":["card_order"]}
    → {"type":"query","id":"huolong.ranking.x-001","variant":"huolong/li-zhijiang","op":"card_order","given":{...}}
    ← {"type":"result","id":"huolong.ranking.x-001","answer":{...}}
      or {"type":"skipped","id":"…","reason":"…"}  or {"type":"errored","id":"…","message":"…"}
    → {"type":"stop"}        (then stdin is closed; the process has a moment to exit)

Queries are sent one at a time; each reply must carry the query's id. ``variants`` and
``operations`` may be ``["*"]``; scenarios outside them are skipped without a query.

Robustness (each case makes the scenario *errored* with a one-line message and the
implementation's stderr lines of that query, and the run goes on):

* no reply within ``timeout`` s → "timeout after 5s"; the process is killed and restarted (when the
  process itself had exited but something it started kept stdout open, the message says so);
* the process does not read the query within ``timeout`` s → "timeout after 5s: the implementation
  did not read its input"; killed and restarted;
* the process exits or closes stdout → "implementation exited with code 3 …"; restarted;
* a reply that is not JSON, not the right shape, or for another id → the text received (cut
  to 200 characters);
* after ``max_restarts`` restarts in a row with no well-formed reply in between, the remaining
  scenarios are errored "implementation keeps crashing" without being sent.

Failing to start or to complete the handshake raises
:class:`~datong_rules.conformance.adapters.base.ImplementationStartError`.

Ending the process (after ``stop``, a timeout or a crash) kills its whole process group, so
worker processes it leaves behind are ended too and cannot hold the runner (see
:mod:`.subprocess_child`). A Ctrl-C at any moment leaves no process running.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Sequence
from typing import Any

from datong_rules.conformance.adapters.base import (
    WILDCARD,
    Implementation,
    ImplementationError,
    ImplementationStartError,
    Unsupported,
    one_line,
    quote_line,
)
from datong_rules.conformance.adapters.subprocess_child import TIMEOUT, Child
from datong_rules.conformance.suite import SUITE_NAME, suite_version

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 5.0
DEFAULT_STARTUP_TIMEOUT = 10.0
DEFAULT_MAX_RESTARTS = 3
MAX_SECONDS = 3600.0
"""The longest timeout accepted (an hour): see :func:`check_seconds`."""
STOP_GRACE = 1.0
ERROR_SETTLE = 0.05
"""Seconds given to stderr lines still in the pipe before an error is reported with them."""


def check_seconds(name: str, value: float) -> float:
    """``value`` if it is a usable timeout: a finite number of seconds, more than 0 and at most
    :data:`MAX_SECONDS`.

    Raises:
        ValueError: anything else (``inf``, ``nan``, ``0``, ``1e308``), naming ``name``.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_SECONDS:
        raise ValueError(f"{name} must be a number of seconds more than 0 and at most {MAX_SECONDS:g}, "
                         f"got {value!r}")
    return float(value)


def _leftover(child: Child) -> str:
    """`` (the implementation exited with code 0, but a process it started keeps its output open)``
    when the process itself has ended, else ``""`` (for a timeout message)."""
    ended = child.how_ended(0, settle=False)
    return f" (the implementation {ended}, but a process it started keeps its output open)" if ended else ""


class JsonLinesImplementation(Implementation):
    """An implementation reached through a subprocess speaking JSON lines.

    Args:
        command: the command line (a string, shlex-split, no shell) or an argv list.
        timeout: seconds allowed for each query's reply.
        startup_timeout: seconds allowed for the ``ready`` reply (at start and at each restart).
        max_restarts: restarts in a row tolerated before giving up on the remaining scenarios.
        cwd, env: passed to the process.

    Use as a context manager (``with JsonLinesImplementation("./engine --jsonl") as impl:``) or
    call :meth:`start` and :meth:`close`.

    Raises:
        ValueError: (constructor) an empty or unparsable command, or a timeout that is not a finite
            number of seconds in (0, 3600] (:func:`check_seconds`).
    """

    def __init__(self, command: str | Sequence[str], *, timeout: float = DEFAULT_TIMEOUT,
                 startup_timeout: float = DEFAULT_STARTUP_TIMEOUT,
                 max_restarts: int = DEFAULT_MAX_RESTARTS, cwd: str | None = None,
                 env: dict[str, str] | None = None) -> None:
        if isinstance(command, str):
            try:
                argv = shlex.split(command, posix=os.name == "posix")
            except ValueError as exc:
                raise ValueError(f"cannot parse the command '{command}': {exc}") from None
        else:
            argv = list(command)
        if not argv:
            raise ValueError("the implementation command is empty")
        self.argv = argv
        self.timeout = check_seconds("the timeout", timeout)
        self.startup_timeout = check_seconds("the startup timeout", startup_timeout)
        self.max_restarts = max_restarts
        self.cwd, self.env = cwd, env
        self.name, self.version = os.path.basename(argv[0]), "unknown"
        self._variants: list[str] = [WILDCARD]
        self._operations: list[str] = [WILDCARD]
        self._child: Child | None = None
        self._restarts_in_a_row = 0
        self._gave_up = False
        self._started = False

    # -- Implementation API ----------------------------------------------------------------------
    def supported_variants(self) -> list[str]:
        """As declared in the ``ready`` message."""
        return list(self._variants)

    def supported_operations(self) -> list[str]:
        """As declared in the ``ready`` message."""
        return list(self._operations)

    def start(self) -> None:
        """Launch the process and complete the handshake.

        Raises:
            ImplementationStartError: the command cannot be run, or the handshake failed
                (timeout, exit, wrong reply); the message is one line.
        """
        self._child = self._launch()
        self._started = True

    def answer(self, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """Not used: queries need the scenario id, see :meth:`query`."""
        raise NotImplementedError("use query(scenario_id, variant, op, given)")

    def query(self, scenario_id: str, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """Send one query and return the ``answer`` of its ``result``.

        Raises:
            Unsupported: the implementation replied ``skipped``.
            ImplementationError: ``errored`` reply, timeout, crash, garbage, wrong id, or the
                implementation was given up on.
        """
        child = self._ready_child()
        mark = child.stderr_mark()
        child.discard_pending()
        try:
            child.send({"type": "query", "id": scenario_id, "variant": variant, "op": op, "given": given},
                       self.timeout)
        except TimeoutError:
            raise self._timed_out(child, mark, ": the implementation did not read its input") from None
        except OSError:
            raise self._crashed(child, mark, "while the query was sent") from None
        line = child.read_line(self.timeout)
        if line is TIMEOUT:
            raise self._timed_out(child, mark, _leftover(child))
        if line is None:
            raise self._crashed(child, mark, "before replying")
        reply = self._parse(line, child, mark)
        self._restarts_in_a_row = 0
        kind, reply_id = reply.get("type"), reply.get("id")
        if reply_id != scenario_id and kind in ("result", "skipped", "errored"):
            raise ImplementationError(f"reply for id {json.dumps(reply_id)} to the query of "
                                      f"'{scenario_id}': {one_line(line)}", child.stderr_since(mark, ERROR_SETTLE))
        if kind == "result" and isinstance(reply.get("answer"), dict):
            return reply["answer"]
        if kind == "skipped" and isinstance(reply.get("reason"), str):
            raise Unsupported(reply["reason"])
        if kind == "errored" and isinstance(reply.get("message"), str):
            raise ImplementationError(f"implementation reported an error: {one_line(reply['message'])}",
                                      child.stderr_since(mark, ERROR_SETTLE))
        raise ImplementationError(f"unexpected reply (want result/skipped/errored with id, answer, "
                                  f"reason or message): {one_line(line)}", child.stderr_since(mark, ERROR_SETTLE))

    def close(self) -> None:
        """Send ``stop``, give the process a moment, then terminate/kill it. Safe to call twice."""
        child, self._child = self._child, None
        if child is not None:
            child.stop({"type": "stop"}, STOP_GRACE)

    # -- internals -------------------------------------------------------------------------------
    def _ready_child(self) -> Child:
        """The running process, restarted after a crash or a timeout; gives up past the cap."""
        if not self._started:
            self.start()
        if self._child is not None:
            return self._child
        if self._gave_up or self._restarts_in_a_row > self.max_restarts:
            self._gave_up = True
            raise ImplementationError(f"implementation keeps crashing (restarted {self.max_restarts} "
                                      f"times in a row); not queried")
        try:
            self._child = self._launch()
        except ImplementationStartError as exc:
            self._restarts_in_a_row += 1
            raise ImplementationError(f"restart failed: {exc}") from None
        return self._child

    def _timed_out(self, child: Child, mark: int, detail: str) -> ImplementationError:
        child.kill()
        self._child = None
        self._restarts_in_a_row += 1
        return ImplementationError(f"timeout after {self.timeout:g}s{detail}", child.stderr_since(mark, ERROR_SETTLE))

    def _crashed(self, child: Child, mark: int, when: str) -> ImplementationError:
        status = child.exit_status(wait=1.0)
        stderr = child.stderr_since(mark)
        child.kill()
        self._child = None
        self._restarts_in_a_row += 1
        return ImplementationError(f"implementation {status} {when}", stderr)

    @staticmethod
    def _parse(line: str, child: Child, mark: int) -> dict[str, Any]:
        try:
            reply = json.loads(line)
        except ValueError:
            raise ImplementationError(f"not a JSON line: {quote_line(line)}",
                                      child.stderr_since(mark, ERROR_SETTLE)) from None
        if not isinstance(reply, dict):
            raise ImplementationError(f"not a JSON object: {one_line(line)}", child.stderr_since(mark, ERROR_SETTLE))
        return reply

    def _launch(self) -> Child:
        """Start the process and do the handshake; returns the ready child (killed on any failure,
        Ctrl-C included)."""
        try:
            child = Child(self.argv, cwd=self.cwd, env=self.env)
        except OSError as exc:
            raise ImplementationStartError(f"cannot run '{self.argv[0]}': {exc.strerror or exc}",
                                           launch_failed=True) from None
        try:
            return self._handshake(child)
        except BaseException:
            child.kill()
            raise

    def _handshake(self, child: Child) -> Child:
        try:
            child.send({"type": "start", "protocol": PROTOCOL_VERSION, "suite": SUITE_NAME,
                        "suite_version": suite_version()}, self.startup_timeout)
        except OSError:
            pass  # it died at once (reported below as an exit before "ready"), or reads nothing (a timeout)
        line = child.read_line(self.startup_timeout)
        problem = None
        if line is TIMEOUT:
            problem = f"no 'ready' reply within {self.startup_timeout:g}s{_leftover(child)}"
        elif line is None:
            problem = f"implementation {child.exit_status(wait=1.0)} before 'ready'"
        else:
            problem = self._accept_ready(line)
        if problem is not None:
            stderr = child.stderr_since(0)
            child.kill()
            tail = f" (stderr: {one_line(stderr[-1])})" if stderr else ""
            raise ImplementationStartError(f"handshake failed: {problem}{tail}")
        return child

    def _accept_ready(self, line: str) -> str | None:
        """Take name, version, variants and operations from a ``ready`` line; or say what is wrong."""
        try:
            reply = json.loads(line)
        except ValueError:
            return f"expected a 'ready' JSON line, got: {quote_line(line)}"
        if not isinstance(reply, dict) or reply.get("type") != "ready":
            return f"expected {{\"type\": \"ready\", ...}}, got: {one_line(line)}"
        if reply.get("protocol", PROTOCOL_VERSION) != PROTOCOL_VERSION:
            return f"implementation speaks protocol {reply.get('protocol')!r}, the runner {PROTOCOL_VERSION}"
        for key in ("name", "version"):
            if not isinstance(reply.get(key), str):
                return f"'ready' needs a string '{key}': {one_line(line)}"
        for key in ("variants", "operations"):
            value = reply.get(key)
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                return f"'ready' needs '{key}', a list of strings (or [\"*\"]): {one_line(line)}"
        self.name, self.version = reply["name"], reply["version"]
        self._variants, self._operations = list(reply["variants"]), list(reply["operations"])
        return None
