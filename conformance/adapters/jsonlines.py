"""Check an implementation in any language over the JSON-lines protocol (versions 1, 2 and 3).

The runner starts the implementation's command (shlex-split, no shell) and exchanges one JSON
object per line, UTF-8, on its stdin/stdout; stderr is free for logs. ``→`` is runner to
implementation, ``←`` the reply::

    → {"type":"start","protocol":1,"protocols":[1,2,3],"suite":"datong-rules","suite_version":"0.1.0"}
    ← {"type":"ready","protocol":3,"name":"my-engine","version":"1.2","variants":["huolong/*"],
       "operations":["huolong/*"]}
    → {"type":"query","id":"huolong.ranking.x-001","variant":"huolong/li-zhijiang","op":"huolong/card_order",
       "given":{...}}
    ← {"type":"result","id":"huolong.ranking.x-001","answer":{...}}
      or {"type":"skipped","id":"…","reason":"…"}  or {"type":"errored","id":"…","message":"…"}
    → {"type":"stop"}        (then stdin is closed; the process has a moment to exit)

**Versions.** ``start`` says ``protocol: 1`` (what every engine understands) and lists in ``protocols`` the
versions the runner speaks; the engine answers ``ready`` with the one it chose (no ``protocol``: 1).

* Protocol 1 (0.1's): ``operations`` are bare names, which are Huolong's (``card_order``); queries carry
  bare names; only Huolong scenarios are asked (scenarios of other games are skipped, saying so), and of the
  suite's fixture variants only those the engine lists by id.
* Protocol 2: ``variants`` and ``operations`` are full names or patterns with ``*`` for a whole part
  (``huolong/*``, ``*/classify``, ``huolong/li-zhijiang``); queries carry full operation names
  (``huolong/card_order``); a query about a fixture variant (a variant file of the suite, not of the kit's
  spec/) carries its resolved rules in ``variant_rules`` (the mapping ``datong-rules show ID --format json``
  prints for a bundled variant), so an engine that reads its rules from data can play it. An engine whose
  ``ready`` says ``"keeps_variant_rules": true`` keeps them for the rest of its process: only the first query
  about the variant that it answers (``result`` or ``skipped``) carries them, and the first after a restart (a
  house file's rules are about 50 KB of JSON; sent with every query they cost more than the question).
* Protocol 3: protocol 2's messages; the answers may (and the scenarios expect them to) carry the keys added
  after protocol 2 was published (憋蛋 ``settle``'s ``score``; 打墩 ``settle``'s ``places``, ``a_failures``,
  ``tribute``), and givens may carry later keys (打墩 ``settle``'s ``a_failures``). An ``errored`` reply with
  ``"bad_input": true`` refuses the question as bad input (raised as
  :class:`~datong_rules.conformance.adapters.base.BadInput`); a ``ready`` with ``"refuses_bad_input": true``
  promises that form for every question its guide calls bad input (``refuses_bad_input``). How the runner judges
  a refusal: :mod:`datong_rules.conformance.runner`.

Protocols 1 and 2 are kept for good (:mod:`datong_rules.conformance.protocols`): an engine speaking one is asked and
judged by that protocol's frozen contract, never required to send a later key nor refused for sending one.

Queries are sent one at a time; each reply must carry the query's id. Scenarios outside the declared variants
and operations are skipped without a query.

**Line size.** A line is at most :data:`MAX_LINE_BYTES` (8 MiB) of UTF-8, either way. A query over it is not
sent (the scenario is errored at once); a reply over it is dropped as soon as the cap is passed (the runner
does not read the rest), the scenario is errored and the implementation restarted.

Robustness (each case makes the scenario *errored* with a one-line message and the
implementation's stderr lines of that query, and the run goes on):

* no reply within ``timeout`` s → "timeout after 5s"; the process is killed and restarted (when the
  process itself had exited but something it started kept stdout open, the message says so);
* the process does not read the query within ``timeout`` s → "timeout after 5s: the implementation
  did not read its input"; killed and restarted;
* the process exits or closes stdout → "implementation exited with code 3 …"; restarted;
* a reply that is not JSON, not strict JSON (``NaN``, ``Infinity``, a number too large for a double, a
  key twice in one object: :func:`parse_line`), not the right shape, or for another id → the text received (cut
  to 200 characters);
* a second reply to a query already answered (or any other line between replies) → that query is errored
  ("second reply …"), whenever the line comes: read with the reply (errored at once), before the next query is
  sent, while the next reply is awaited (a reply carrying an earlier query's id), or after ``stop`` (every line
  until the process closes its output is read): :meth:`JsonLinesImplementation.late_errors` gives the queries
  found so late, and the runner changes their results;
* the restart budget is kept per operation: after ``max_restarts`` restarts in a row caused by one
  operation's queries (no well-formed reply to that operation in between), its remaining scenarios are
  errored without being sent, as "operation huolong/classify keeps timing out" or "… keeps crashing"; the
  other operations go on.

Failing to start or to complete the handshake raises
:class:`~datong_rules.conformance.adapters.base.ImplementationStartError`.

Ending the process (after ``stop``, a timeout or a crash) kills its whole process group, so
worker processes it leaves behind are ended too and cannot hold the runner (see
:mod:`.subprocess_child`). A Ctrl-C at any moment leaves no process running.
"""

from __future__ import annotations

import json
import math
import os
import shlex
import time
from collections.abc import Sequence
from typing import Any

from datong_rules.conformance.adapters.base import (
    WILDCARD,
    REPORTED_ERROR,
    BadInput,
    Implementation,
    ImplementationError,
    ImplementationStartError,
    Unsupported,
    one_line,
    quote_line,
)
from datong_rules.conformance.adapters.subprocess_child import TIMEOUT, Child, Oversize
from datong_rules.conformance.names import LEGACY_GAME, full_op, game_of
from datong_rules.conformance.protocols import PROTOCOLS
from datong_rules.conformance.suite import SUITE_NAME, suite_version

PROTOCOL_VERSION = 1
"""The version every engine understands, written as ``protocol`` in ``start``."""
MAX_LINE_BYTES = 8 * 1024 * 1024
"""The longest protocol line, either way, in bytes of UTF-8 without its newline (8 MiB)."""
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
        max_restarts: restarts in a row caused by one operation tolerated before giving up on that operation's
            remaining scenarios (the others go on).
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
        self.protocol = PROTOCOL_VERSION
        self._troubles: dict[str, list[str]] = {}  # operation → what went wrong in a row ("timeout", "crash")
        self._started = False
        self._answered: dict[str, None] = {}  # ids of the queries replied to, in order (the last one last)
        self._late: dict[str, str] = {}  # query id → its protocol error found after its reply was taken
        self._cut_short: str | None = None  # the query whose reply was awaited when a signal stopped the run
        self._keeps = False  # the engine keeps the variant_rules it was sent (ready's keeps_variant_rules)
        self._rules_sent: dict[str, Any] = {}  # variant id → the rules the running process has received

    # -- Implementation API ----------------------------------------------------------------------
    def supported_variants(self) -> list[str]:
        """As declared in the ``ready`` message."""
        return list(self._variants)

    def supported_operations(self) -> list[str]:
        """As declared in the ``ready`` message."""
        return list(self._operations)

    def skip_reason(self, variant: str, op: str) -> str | None:
        """As :meth:`Implementation.skip_reason`; a protocol 1 engine is asked about Huolong only, and about a
        fixture variant only when it lists it by id (protocol 1 cannot carry its rules)."""
        if self.protocol == 1 and game_of(variant) != LEGACY_GAME:
            return (f"{self.name} speaks protocol 1 (its 'ready' has no \"protocol\": 2), which covers Huolong "
                    f"only; an engine declares other games with protocol 2")
        if self.protocol == 1 and variant in self.fixture_variants and variant not in self._variants:
            return (f"fixture variant '{variant}': its rules reach an engine by protocol 2 only ({self.name} "
                    f"speaks protocol 1)")
        return super().skip_reason(variant, op)

    def start(self) -> None:
        """Launch the process and complete the handshake.

        Raises:
            ImplementationStartError: the command cannot be run, or the handshake failed
                (timeout, exit, wrong reply); the message is one line.
        """
        self._child = self._launch()
        self._started = True

    def late_errors(self) -> dict[str, str]:
        """The queries found broken after their reply was taken: ``{scenario id: one-line message}`` (a second
        reply that came later, or a stray line after the reply); each is given once (the dict is emptied)."""
        late, self._late = self._late, {}
        return late

    def answer(self, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """Not used: queries need the scenario id, see :meth:`query`."""
        raise NotImplementedError("use query(scenario_id, variant, op, given)")

    def query(self, scenario_id: str, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """Send one query and return the ``answer`` of its ``result``.

        Raises:
            Unsupported: the implementation replied ``skipped``.
            BadInput: under protocol 3, an ``errored`` reply with ``"bad_input": true`` (a refusal of bad input).
            ImplementationError: ``errored`` reply (``reported``), timeout, crash, garbage, wrong id, or the
                implementation was given up on.
        """
        name = full_op(game_of(variant), op)
        query = {"type": "query", "id": scenario_id, "variant": variant,
                 "op": name if self.protocol >= 2 else op, "given": given}
        rules = self._rules_to_send(variant)
        if rules is not None:
            query["variant_rules"] = rules
        data = encode_line(query)
        if len(data) > MAX_LINE_BYTES:
            raise ImplementationError(f"not sent: the query is {len(data)} bytes, over the line cap of "
                                      f"{MAX_LINE_BYTES} bytes", asked=False)
        child = self._ready_child(name)
        mark = child.stderr_mark()
        stray = self._note_late(child.pending_lines(MAX_LINE_BYTES))
        if stray:  # output before any query was answered: nothing earlier to blame
            raise ImplementationError(f"unexpected line on stdout before the query (stdout carries replies only; "
                                      f"logs go to stderr): {one_line(stray[0])}", asked=False)
        self._answered.pop(scenario_id, None)  # asked again (a restart, a second run): its reply is awaited anew
        # a KeyboardInterrupt (Ctrl-C, SIGTERM, SIGHUP) leaves the query marked as cut short: its reply, read
        # while closing, is not a second reply to the query before it
        self._cut_short = scenario_id
        try:
            try:
                child.send_bytes(data, self.timeout)
            except TimeoutError:
                raise self._timed_out(child, mark, ": the implementation did not read its input", name) from None
            except OSError:
                raise self._crashed(child, mark, "while the query was sent", name) from None
            line, reply = self._read_reply(child, mark, name, scenario_id)
        except Exception:
            self._cut_short = None
            raise
        self._cut_short = None
        self._troubles.pop(name, None)
        self._answered[scenario_id] = None
        kind, reply_id = reply.get("type"), reply.get("id")
        if reply_id != scenario_id and kind in ("result", "skipped", "errored"):
            raise ImplementationError(f"reply for id {json.dumps(reply_id)} to the query of "
                                      f"'{scenario_id}': {one_line(line)}", child.stderr_since(mark, ERROR_SETTLE))
        # lines written with the reply: a second reply to this query (or one to an earlier query, noted for it)
        extra = [line for line in child.pending_lines(MAX_LINE_BYTES) if not self._earlier_reply(line, scenario_id)]
        if extra:
            raise ImplementationError(f"{SECOND_REPLY}: {one_line(extra[0])}", child.stderr_since(mark, ERROR_SETTLE))
        if rules is not None and kind in ("result", "skipped"):
            self._rules_sent[variant] = rules  # taken: a process that keeps them is not sent them again
        if kind == "result" and isinstance(reply.get("answer"), dict):
            return reply["answer"]
        if kind == "skipped" and isinstance(reply.get("reason"), str):
            raise Unsupported(reply["reason"])
        if kind == "errored" and isinstance(reply.get("message"), str):
            if self.protocol >= 3 and not isinstance(reply.get("bad_input", False), bool):
                raise ImplementationError(f"{NOT_A_FLAG.format(got=json.dumps(reply['bad_input']))}: "
                                          f"{one_line(line)}", child.stderr_since(mark, ERROR_SETTLE))
            if self.protocol >= 3 and reply.get("bad_input") is True:
                raise BadInput(one_line(reply["message"]))
            raise ImplementationError(f"{REPORTED_ERROR}: {one_line(reply['message'])}",
                                      child.stderr_since(mark, ERROR_SETTLE), reported=True)
        raise ImplementationError(f"unexpected reply (want result/skipped/errored with id, answer, "
                                  f"reason or message): {one_line(line)}", child.stderr_since(mark, ERROR_SETTLE))

    def close(self) -> None:
        """Send ``stop``, read what the process still writes until it ends its output (a second reply to the last
        queries: see :meth:`late_errors`), give it a moment, then terminate/kill it. Safe to call twice."""
        child, self._child = self._child, None
        if child is not None:
            lines = child.stop({"type": "stop"}, STOP_GRACE, MAX_LINE_BYTES)
            self._note_late([line for line in lines if _looks_like_reply(line)])
        self._cut_short = None

    # -- internals -------------------------------------------------------------------------------
    def _keeps_rules(self) -> bool:
        """Whether the engine said in ``ready`` that it keeps the rules sent in ``variant_rules`` for the rest of
        its process (protocol 2's ``keeps_variant_rules: true``)."""
        return self._keeps

    def _rules_to_send(self, variant: str) -> dict[str, Any] | None:
        """The ``variant_rules`` of a query about ``variant``: a fixture variant's resolved rules under protocol 2,
        except when the running process keeps rules (:meth:`_keeps_rules`) and has taken these already (a
        restarted process is sent them again); None when the query carries none."""
        if self.protocol < 2 or variant not in self.fixture_variants:
            return None
        rules = self.fixture_variants[variant]
        if self._keeps_rules() and self._child is not None and self._rules_sent.get(variant) is rules:
            return None
        return rules

    def _ready_child(self, op: str) -> Child:
        """The running process, restarted after a crash or a timeout; gives up on ``op`` (a full operation
        name) past its cap."""
        if not self._started:
            self.start()
        troubles = self._troubles.get(op, [])
        if len(troubles) > self.max_restarts:
            raise ImplementationError(f"not queried: {given_up(op, troubles)}", asked=False)
        if self._child is not None:
            return self._child
        try:
            self._child = self._launch()
        except ImplementationStartError as exc:
            self._troubles.setdefault(op, []).append("restart")
            raise ImplementationError(f"restart failed: {exc}") from None
        return self._child

    def _read_reply(self, child: Child, mark: int, name: str, scenario_id: str) -> tuple[str, dict[str, Any]]:
        """The reply line to the query of ``scenario_id`` and its JSON, within the timeout; a reply carrying the id
        of an earlier query that was already answered (its second reply, come late) is noted for that query
        (:meth:`late_errors`) and the reading goes on.

        Raises:
            ImplementationError: timeout, crash, a line over the cap, or a line that is not a JSON object.
        """
        deadline = time.monotonic() + self.timeout
        while True:
            line = child.read_line(max(0.0, deadline - time.monotonic()), MAX_LINE_BYTES)
            if line is TIMEOUT:
                raise self._timed_out(child, mark, _leftover(child), name)
            if line is None:
                raise self._crashed(child, mark, "before replying", name)
            if isinstance(line, Oversize):
                child.kill()
                self._child = None
                self._troubles.setdefault(name, []).append("oversize")
                raise ImplementationError(f"reply line over the cap of {MAX_LINE_BYTES} bytes (dropped after "
                                          f"{line.size} bytes); the implementation is restarted",
                                          child.stderr_since(mark, ERROR_SETTLE))
            assert isinstance(line, str)
            try:
                reply = self._parse(line, child, mark)
            except ImplementationError:
                self._answered[scenario_id] = None  # it replied, unreadably: a line after it is this query's too
                raise
            if not self._earlier_reply(line, scenario_id, reply):
                return line, reply

    def _earlier_reply(self, line: str, scenario_id: str, message: Any = None) -> bool:
        """Whether ``line`` (parsed: ``message``) is a reply carrying the id of an earlier query already answered
        (not ``scenario_id``): then it is noted as that query's protocol error (:meth:`late_errors`)."""
        if message is None:
            try:
                message = parse_line(line)
            except ValueError:
                return False
        said = message.get("id") if isinstance(message, dict) else None
        if not isinstance(said, str) or said == scenario_id or said not in self._answered:
            return False
        self._note_late([line])
        return True

    def _note_late(self, lines: list[str]) -> list[str]:
        """Note each line (come after a query's reply was taken) as a protocol error of the query it names by its
        ``id`` when that query was answered, else of the last query answered; returns the lines that came before
        any query was answered (nothing to blame). While a query is cut short by a signal (its reply was still
        awaited), a line naming no answered query is taken as that reply, come too late to be read: nobody's
        fault."""
        unblamed = []
        for line in lines:
            try:
                said = parse_line(line).get("id")
            except (ValueError, AttributeError):
                said = None
            if self._cut_short is not None and not (isinstance(said, str) and said in self._answered):
                continue
            target = said if isinstance(said, str) and said in self._answered else next(reversed(self._answered), None)
            if target is None:
                unblamed.append(line)
            elif target not in self._late:
                self._late[target] = f"{SECOND_REPLY}: {one_line(line)}"
        return unblamed

    def _timed_out(self, child: Child, mark: int, detail: str, op: str) -> ImplementationError:
        child.kill()
        self._child = None
        self._troubles.setdefault(op, []).append("timeout")
        return ImplementationError(f"timeout after {self.timeout:g}s{detail}", child.stderr_since(mark, ERROR_SETTLE))

    def _crashed(self, child: Child, mark: int, when: str, op: str) -> ImplementationError:
        status = child.exit_status(wait=1.0)
        stderr = child.stderr_since(mark)
        child.kill()
        self._child = None
        self._troubles.setdefault(op, []).append("crash")
        return ImplementationError(f"implementation {status} {when}", stderr)

    @staticmethod
    def _parse(line: str, child: Child, mark: int) -> dict[str, Any]:
        try:
            reply = parse_line(line)
        except NotStrictJson as exc:
            raise ImplementationError(f"not strict JSON ({exc}): {quote_line(line)}",
                                      child.stderr_since(mark, ERROR_SETTLE)) from None
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
        self._rules_sent = {}  # a new process has been sent no rules
        try:
            return self._handshake(child)
        except BaseException:
            child.kill()
            raise

    def _handshake(self, child: Child) -> Child:
        try:
            child.send({"type": "start", "protocol": PROTOCOL_VERSION, "protocols": list(PROTOCOLS),
                        "suite": SUITE_NAME, "suite_version": suite_version()}, self.startup_timeout)
        except OSError:
            pass  # it died at once (reported below as an exit before "ready"), or reads nothing (a timeout)
        line = child.read_line(self.startup_timeout, MAX_LINE_BYTES)
        problem = None
        if isinstance(line, Oversize):
            problem = f"the 'ready' line is over the cap of {MAX_LINE_BYTES} bytes"
        elif line is TIMEOUT:
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
            reply = parse_line(line)
        except NotStrictJson as exc:
            return f"the 'ready' line is not strict JSON ({exc}): {quote_line(line)}"
        except ValueError:
            return f"expected a 'ready' JSON line, got: {quote_line(line)}"
        if not isinstance(reply, dict) or reply.get("type") != "ready":
            return f"expected {{\"type\": \"ready\", ...}}, got: {one_line(line)}"
        protocol = reply.get("protocol", PROTOCOL_VERSION)
        if isinstance(protocol, bool) or protocol not in PROTOCOLS:
            return (f"implementation speaks protocol {protocol!r}, the runner "
                    f"{' or '.join(map(str, PROTOCOLS))}")
        for key in ("name", "version"):
            if not isinstance(reply.get(key), str):
                return f"'ready' needs a string '{key}': {one_line(line)}"
        for key in ("variants", "operations"):
            value = reply.get(key)
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                return f"'ready' needs '{key}', a list of strings (or [\"*\"]): {one_line(line)}"
        if protocol >= 3 and not isinstance(reply.get("refuses_bad_input", False), bool):
            return (f"'refuses_bad_input' must be true or false, got {json.dumps(reply['refuses_bad_input'])}: "
                    f"{one_line(line)}")
        self.name, self.version, self.protocol = reply["name"], reply["version"], protocol
        self._keeps = protocol >= 2 and reply.get("keeps_variant_rules") is True
        self.refuses_bad_input = protocol >= 3 and reply.get("refuses_bad_input") is True
        self._variants, self._operations = list(reply["variants"]), list(reply["operations"])
        return None


NOT_A_FLAG = ("protocol error: 'bad_input' must be true or false, got {got} (true: the query is refused as bad "
              "input; false or absent: the engine failed)")
"""The start of the message of an ``errored`` reply whose ``bad_input`` is not a boolean (protocol 3)."""

SECOND_REPLY = "protocol error: a second reply to this query, or a line after its reply"
"""The start of the message of a query whose reply was followed by another line (see :meth:`JsonLinesImplementation.query`)."""


class NotStrictJson(ValueError):
    """A line that Python's JSON reader takes but strict JSON (RFC 8259) does not: ``NaN``, ``Infinity``, a number
    too large for a double, a key twice in one object. The message says which."""


def _no_constant(name: str) -> Any:
    raise NotStrictJson(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotStrictJson(f"the number {text[:40]} is too large")
    return value


def _double_int(text: str) -> int:
    """A JSON whole number a double holds (its magnitude at most ``sys.float_info.max``, about 1.8e308), refused as
    ``1e400`` is: a strict parser in another language reads every number as a double. Up to 308 digits always fit
    and cost no more than :func:`int`; a longer one is refused before Python's own limit of digits."""
    if len(text) > 308 and (len(text.lstrip("-")) > 309 or not _fits(text)):
        raise NotStrictJson(f"the number {text[:40]} is too large")
    return int(text)


def _fits(text: str) -> bool:
    """Whether a whole number of 309 digits converts to a double (:func:`float` raises past the largest)."""
    try:
        float(int(text))
    except OverflowError:
        return False
    return True


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # the rare case: find the key for the message
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise NotStrictJson(f"the key {json.dumps(key, ensure_ascii=False)[:60]} appears twice in one object")
            seen.add(key)
    return out


def parse_line(line: str) -> Any:
    """One protocol line as strict JSON: what :func:`json.loads` reads, but ``NaN``, ``Infinity``, ``-Infinity``,
    numbers that overflow a double (``1e999``, or a whole number of 400 digits) and an object repeating a key are refused (a strict parser in another
    language would refuse them, or keep another of the two values).

    Raises:
        NotStrictJson: one of those (the message says which).
        ValueError: not JSON at all.
    """
    return _STRICT.decode(line)


_STRICT = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite_float, parse_int=_double_int,
                           object_pairs_hook=_unique_keys)
"""One decoder for every line (``json.loads`` with options would build a new one per call)."""


def _looks_like_reply(line: str) -> bool:
    """Whether a line written after ``stop`` is a reply (a JSON object with an ``id`` or a reply ``type``):
    anything else said on the way out is not held against a query."""
    try:
        message = parse_line(line)
    except ValueError:
        return False
    return isinstance(message, dict) and ("id" in message or message.get("type") in ("result", "skipped", "errored"))


def encode_line(message: dict[str, Any]) -> bytes:
    """One protocol line: compact JSON, UTF-8 (non-ASCII kept), ending with a newline."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def given_up(op: str, troubles: list[str]) -> str:
    """Why the runner stopped asking ``op``: ``operation huolong/classify keeps timing out (3 timeouts in a
    row, 2 restarts)``, ``… keeps crashing (1 crash, 1 failed restart in a row, 1 restart)`` or, for a mix, ``… keeps
    failing (2 timeouts, 2 crashes in a row, 3 restarts)``. ``troubles`` lists what went wrong in a row (``timeout``,
    ``crash``, ``restart``: a restart that failed, ``oversize``); each but the last was followed by a restart."""
    kinds = {"timeout": ("timeout", "timeouts"), "crash": ("crash", "crashes"),
             "restart": ("failed restart", "failed restarts"), "oversize": ("oversized reply", "oversized replies")}
    counts = {k: troubles.count(k) for k in kinds if troubles.count(k)}
    detail = ", ".join(f"{n} {kinds[k][n != 1]}" for k, n in counts.items())
    if set(counts) == {"timeout"}:
        what = "keeps timing out"
    elif set(counts) <= {"crash", "restart"}:
        what = "keeps crashing"
    else:
        what = "keeps failing"
    restarts = len(troubles) - 1
    return f"operation {op} {what} ({detail} in a row, {restarts} restart{'' if restarts == 1 else 's'})"
