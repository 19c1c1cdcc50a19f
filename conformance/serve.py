"""Serve an in-process implementation (by default the reference engine) over the JSON-lines protocol.

The other side of :mod:`datong_rules.conformance.adapters.jsonlines`: one JSON object per line, UTF-8, on
stdin (requests) and stdout (replies); stderr carries only one-line notices (in the language of the command line's
messages, :data:`Words`; the replies are the protocol's, in English). Messages::

    ← {"type":"start","protocol":1, ...}          → {"type":"ready","protocol":1,"name":…,"version":…,
                                                      "variants":[…],"operations":[…]}
    ← {"type":"query","id":…,"variant":…,"op":…,"given":{…}[,"variant_rules":{…}]}
                                                   → {"type":"result","id":…,"answer":{…}}
                                                     | {"type":"skipped","id":…,"reason":…}
                                                     | {"type":"errored","id":…,"message":…}
    ← {"type":"stop"}                             (no reply; the server exits 0)

End of input also ends the server with status 0.

**Protocols 2 and 3.** A ``start`` is answered in the highest version it offers (its ``protocols``, or its
``protocol``) of those the server speaks (:data:`~datong_rules.conformance.protocols.PROTOCOLS`). Protocol 3 is
protocol 2's messages with the answer keys added since protocol 2 was published (the reference engine always sends
them: a runner judging it by protocol 2 accepts them as keys a later protocol defines). A protocol 2 or 3
``ready`` has full operation names (``huolong/classify``) and variant patterns (``huolong/*``). Queries may then name
operations in full (a bare name is still read as Huolong's) and carry ``variant_rules``, the resolved rules of a
variant the server does not bundle (a fixture variant): the implementation receives them
(:meth:`~datong_rules.conformance.adapters.base.Implementation.use_variants`) before the query, and keeps them (the
``ready`` says ``"keeps_variant_rules": true``: later queries about the variant may come without them). Variant
files given at start (``datong-rules serve --variant-file FILE``) are served the same way under their own ids.

**Checks.** A query's ``given`` is checked against its operation's schema
(``spec/schema/games/<game>/operations.schema.json``) before the implementation sees it: a ``given`` that breaks
it is answered ``errored`` saying where and how, as the runner checks answers.

**Bad input.** Under protocol 3 a ``given`` that breaks the schema, or that the implementation refuses with
:class:`~datong_rules.conformance.adapters.base.BadInput` (the reference engine: its operations' one-line
``ValueError``), is answered ``{"type":"errored","id":…,"message":…,"bad_input":true}``, and the ``ready`` of an
implementation whose ``refuses_bad_input`` is true (the reference engine's) says ``"refuses_bad_input": true``;
under protocols 1 and 2 the same refusal is a plain ``errored``. A line longer than
:data:`~datong_rules.conformance.adapters.jsonlines.MAX_LINE_BYTES` (8 MiB) is not held: the server reads past it
in pieces and answers ``{"type":"errored","id":null,"message":"line N is over the cap …"}``.

The conversation starts with ``start``: a ``query`` before a ``start`` was accepted is answered ``errored``
(``send {"type":"start","protocol":1} first``), so that a client that skips the handshake learns it here
rather than from the next engine it talks to. A ``start`` whose ``protocol`` is not 1 (or missing) is
answered ``{"type":"errored","id":null,"message":"protocol 99 is not supported …"}`` and the server
waits for a good one.

Bad input never ends the server and never prints a traceback:

* a line that is not a JSON object (not JSON, not UTF-8, nested too deeply to read), or an object
  without a string ``id`` whose ``type`` is not understood → ``{"type":"errored","id":null,"message":"line N:
  …"}`` (id null: the protocol's reply to a line that could not be read; there is no id to reply with) and the
  same words in a ``serve: line N: …`` notice on stderr; bytes that are not UTF-8 are shown as ``\\xNN`` escapes;
* a line that is not strict JSON (``NaN``, ``Infinity``, a number too large for a double, a key twice in one
  object), read with the runner's own decoder (:func:`~datong_rules.conformance.adapters.jsonlines.parse_line`)
  → the same: ``line N: not strict JSON (NaN is not a JSON number): …``, as ``conform`` refuses such a reply
  from an engine;
* an object with a string ``id`` but a bad ``type`` or malformed query fields → an ``errored``
  reply with that id saying what is wrong (a ``query`` without a string ``id``: ``errored`` with
  ``"id": null``);
* the implementation raising on a query → ``errored`` (``ValueError`` messages as they are, other
  exceptions prefixed with their type name, ``sys.exit`` included), :class:`~datong_rules.conformance.adapters.base.Unsupported`
  → ``skipped``.

At start, the problems of bundled variant files that cannot be loaded are printed once on stderr as
``serve: warning: FILE:LINE:COL: …`` lines; the other variants are served.

While serving, ``sys.stdout`` is pointed at stderr so that a stray ``print`` in an implementation
cannot corrupt the protocol stream.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import sys
from collections.abc import Callable
from typing import IO, Any

from datong_rules.conformance import bundled_spec, operations_schema
from datong_rules.conformance.adapters.base import (
    IMPLEMENTATION_FAULTS,
    BadInput,
    WILDCARD,
    Implementation,
    ImplementationError,
    Unsupported,
    describe,
    load_python_impl,
    one_line,
    start_checked,
)
from datong_rules.conformance.adapters.jsonlines import MAX_LINE_BYTES, NotStrictJson, parse_line
from datong_rules.conformance.names import LEGACY_GAME, WILDCARD as ANY, bare_op, declared, full_op, game_of
from datong_rules.conformance.protocols import PROTOCOLS
from datong_rules.conformance.runner import schema_problem

PROTOCOL_VERSION = 1
REFERENCE_IMPL = "datong_rules.conformance.adapters.reference:ReferenceImplementation"

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_ascii_dumps = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def _versions() -> str:
    """``1, 2 and 3``: the versions the server speaks, for messages."""
    *first, last = map(str, PROTOCOLS)
    return f"{', '.join(first)} and {last}" if first else last


class Server:
    """Answers protocol messages with an in-process implementation.

    Args:
        impl: the implementation (started by the caller; :func:`serve` does it).

    The supported variants and operations are asked once, at construction; a query outside them
    is answered ``skipped`` with the implementation's :meth:`~Implementation.skip_reason` (unless that
    says to ask anyway) without calling the implementation. Queries are answered only after a ``start``
    (see the module docstring).
    """

    def __init__(self, impl: Implementation) -> None:
        self.impl = impl
        self.started = False
        self.protocol = PROTOCOL_VERSION
        self.variants = list(impl.supported_variants())
        self.operations = list(impl.supported_operations())
        self._any_variant = WILDCARD in self.variants
        self._any_op = WILDCARD in self.operations
        self._variant_set, self._op_set = set(self.variants), set(self.operations)

    def ready(self) -> dict[str, Any]:
        """The ``ready`` reply to a ``start``: under protocol 2 or 3 with full operation names (a bare name declared
        by the implementation is a Huolong operation)."""
        operations = self.operations if self.protocol == 1 else [declared(op) for op in self.operations]
        if self.protocol == 1:
            operations = [bare_op(op) if op.startswith(LEGACY_GAME + "/") else op for op in operations
                          if op == ANY or "/" not in op or op.startswith(LEGACY_GAME + "/")]
        reply = {"type": "ready", "protocol": self.protocol, "name": str(self.impl.name),
                 "version": str(self.impl.version), "variants": self.variants, "operations": operations}
        if self.protocol >= 2:  # the rules of a query's variant_rules are kept (impl.use_variants)
            reply["keeps_variant_rules"] = True
        if self.protocol >= 3 and getattr(self.impl, "refuses_bad_input", False) is True:
            reply["refuses_bad_input"] = True
        return reply

    def refused(self, qid: str, message: str) -> dict[str, Any]:
        """The ``errored`` reply refusing query ``qid`` as bad input: with ``"bad_input": true`` under protocol 3,
        a plain ``errored`` under the earlier ones (which cannot say it)."""
        reply: dict[str, Any] = {"type": "errored", "id": qid, "message": message}
        if self.protocol >= 3:
            reply["bad_input"] = True
        return reply

    def handle(self, message: Any) -> tuple[dict[str, Any] | None, str | None, bool]:
        """React to one decoded message.

        Returns:
            ``(reply, notice, stop)``: the reply to write (or None), a one-line stderr notice (or
            None), and whether the server must stop.
        """
        if not isinstance(message, dict):
            return None, Said("not a JSON object: {line}", line=one_line(_dumps(message))), False
        kind = message.get("type")
        if kind == "query":
            if not self.started:
                return {"type": "errored", "id": message.get("id") if isinstance(message.get("id"), str) else None,
                        "message": f'send {{"type":"start","protocol":{PROTOCOL_VERSION}}} first'}, None, False
            return self.query(message), None, False
        if kind == "start":
            return self.start(message), None, False
        if kind == "stop":
            return None, None, True
        what = Said("unknown message type {kind}", kind=one_line(_dumps(kind), 60)) if "type" in message \
            else Said("no 'type'")
        msg_id = message.get("id")
        if isinstance(msg_id, str):
            return {"type": "errored", "id": msg_id,
                    "message": f"{what} (expected start, query or stop)"}, None, False
        return None, Said("{what} (expected start, query or stop): {line}", what=what,
                          line=one_line(_dumps(message))), False

    def start(self, message: dict[str, Any]) -> dict[str, Any]:
        """The reply to a ``start``: ``ready`` in the highest version offered that the server speaks when its
        ``protocol`` is one the server speaks, else ``errored`` (id null)."""
        protocol = message.get("protocol")
        if isinstance(protocol, bool) or protocol not in PROTOCOLS:
            got = f"protocol {one_line(_dumps(protocol), 40)} is not supported" if "protocol" in message \
                else "start needs 'protocol'"
            return {"type": "errored", "id": None,
                    "message": f"{got} (this server speaks protocols {_versions()}: "
                               f'send {{"type":"start","protocol":{PROTOCOL_VERSION}}})'}
        offered = message.get("protocols")
        spoken = [p for p in (offered if isinstance(offered, list) else []) if type(p) is int and p in PROTOCOLS]
        self.protocol = max([protocol, *spoken])
        self.started = True
        return self.ready()

    def query(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The reply to a ``query`` message (an ``errored`` one when the query is malformed)."""
        qid = message.get("id")
        if not isinstance(qid, str):
            return {"type": "errored", "id": None,
                    "message": f"a query needs a string 'id', got {one_line(_dumps(qid), 60)}"}
        variant, op, given = message.get("variant"), message.get("op"), message.get("given")
        if not isinstance(variant, str) or not isinstance(op, str) or not isinstance(given, dict):
            return {"type": "errored", "id": qid,
                    "message": "a query needs 'variant' (string), 'op' (string) and 'given' (object)"}
        game = game_of(variant)
        if "/" in op and op.split("/", 1)[0] != game:
            return {"type": "errored", "id": qid,
                    "message": f"operation '{op}' is not of the game of variant '{variant}'"}
        op = bare_op(op)
        rules = message.get("variant_rules")
        if rules is not None:
            if not isinstance(rules, dict) or rules.get("id", variant) != variant:
                return {"type": "errored", "id": qid,
                        "message": "'variant_rules' must be the resolved variant (an object) whose id is the query's"}
            if self.impl.fixture_variants.get(variant) != rules:
                try:
                    self.impl.use_variants({variant: rules})
                except IMPLEMENTATION_FAULTS as exc:
                    return {"type": "errored", "id": qid, "message": describe(exc)}
        if (not (self._any_variant or variant in self._variant_set or variant in self.impl.fixture_variants)
                or not (self._any_op or op in self._op_set)):
            try:
                reason = self.impl.skip_reason(variant, op)
            except IMPLEMENTATION_FAULTS as exc:
                return {"type": "errored", "id": qid, "message": describe(exc)}
            if reason is not None:
                return {"type": "skipped", "id": qid, "reason": one_line(reason)}
        # the schema is checked once the query is one the implementation takes: an unknown variant is said as such
        problem = schema_problem(full_op(game, op), operations_schema.GIVEN, given)
        if problem is not None:
            return self.refused(qid, problem)
        try:
            answer = self.impl.answer(variant, op, given)
        except Unsupported as exc:
            return {"type": "skipped", "id": qid, "reason": one_line(exc.reason)}
        except BadInput as exc:
            return self.refused(qid, one_line(exc))
        except (ValueError, ImplementationError) as exc:
            return {"type": "errored", "id": qid, "message": one_line(exc)}
        except IMPLEMENTATION_FAULTS as exc:  # an implementation bug is an errored query, not a crash
            return {"type": "errored", "id": qid, "message": describe(exc)}
        if not isinstance(answer, dict):
            return {"type": "errored", "id": qid,
                    "message": f"the implementation answered a {type(answer).__name__}, not an object"}
        return {"type": "result", "id": qid, "answer": answer}


def _encode(reply: dict[str, Any]) -> bytes:
    """One reply line, UTF-8; never raises.

    An answer that is not JSON-serialisable becomes an ``errored`` reply. Text that UTF-8 cannot carry
    (a lone surrogate, as JSON ``"\\ud800"`` reads) is written as ``\\uXXXX`` escapes (``ensure_ascii``),
    which is still valid JSON: an encoding problem is never mistaken for a closed stdout.
    """
    try:
        line = _dumps(reply)
    except (TypeError, ValueError) as exc:
        reply = {"type": "errored", "id": reply.get("id"), "message": f"answer is not JSON: {one_line(exc)}"}
        line = _dumps(reply)
    try:
        return (line + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (_ascii_dumps(reply) + "\n").encode("ascii")


Words = Callable[..., str]
"""How the server's stderr lines are worded: ``words(template, **values)``, the English template (its ``{name}``
fields filled with ``values``) in the language of the messages; the command line passes its own
(:func:`datong_rules.cli.messages.tr`); by default, English."""


def english(template: str, /, **values: Any) -> str:
    """The default :data:`Words`: the English template, filled."""
    return template.format(**values) if values else template


class Said(str):
    """A notice in English (a ``str``: the protocol's ``errored`` reply quotes it as it is), keeping its template
    and values so that stderr can word it in the language of the messages (:data:`Words`)."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> Said:
        said = super().__new__(cls, english(template, **values))
        said.template, said.values = template, values
        return said

    def worded(self, words: Words, said: Callable[[str], str] = str) -> str:
        """The notice in ``words``' language (its parts that are themselves notices too); a :class:`Reason` among
        its values (the JSON reader's English reason) said by ``said``."""
        return words(self.template, **{k: v.worded(words, said) if isinstance(v, Said) else
                                       said(v) if isinstance(v, Reason) else v
                                       for k, v in self.values.items()})


class Reason(str):
    """A value of a :class:`Said` that is a reason in English (the JSON reader's: ``Expecting value: line 1 column
    2 (char 1)``): the notice in English quotes it as it is; :meth:`Said.worded` says it through the reason
    translator (``said``: the command line passes its own, :func:`datong_rules.cli.problem_words.say`)."""


def _notice(stderr: IO[str], number: int, text: str, words: Words = english,
            reason: Callable[[str], str] = str) -> None:
    said = text.worded(words, reason) if isinstance(text, Said) else text
    stderr.write(words("serve: line {number}: {text}", number=number, text=said) + "\n")
    stderr.flush()


def _lines(stdin: IO[bytes]):
    """The lines of ``stdin`` (bytes, newline kept), ``None`` in place of a line over :data:`MAX_LINE_BYTES`,
    which is read in pieces and dropped, never held whole."""
    while True:
        raw = stdin.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) <= MAX_LINE_BYTES or raw.endswith(b"\n"):
            yield raw
            continue
        while raw and not raw.endswith(b"\n"):
            raw = stdin.readline(1 << 20)
        yield None


def _unreadable(raw: bytes) -> tuple[Any, str | None]:
    """The message of one line (``raw``: bytes, not blank), or why it cannot be read: ``(message, None)`` or
    ``(None, "not UTF-8 (byte 3): …")`` (bad bytes shown as ``\\xNN`` escapes, never written raw)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, Said("not UTF-8 (byte {byte}): {line}", byte=exc.start + 1,
                          line=one_line(raw.decode("utf-8", "backslashreplace")))
    try:
        return parse_line(text), None
    except NotStrictJson as exc:
        return None, Said("not strict JSON ({why}): {line}", why=Reason(one_line(exc, 80)), line=one_line(text))
    except ValueError as exc:
        return None, Said("not a JSON line ({why}): {line}", why=Reason(one_line(exc, 80)), line=one_line(text))
    except RecursionError:
        return None, Said("not a JSON line (nested too deeply to read): {line}", line=one_line(text, 80))


def serve_lines(server: Server, stdin: IO[bytes], stdout: IO[bytes], stderr: IO[str], words: Words = english,
                said: Callable[[str], str] = str) -> int:
    """Run the message loop until ``stop`` or end of input.

    A line that cannot be read (over the cap, not UTF-8, not strict JSON, not a JSON object, or an object with no
    string ``id`` whose ``type`` is not understood) is answered ``{"type":"errored","id":null,"message":"line N:
    …"}`` (the protocol's reply to a line that could not be read), with the same words in a ``serve: line N: …``
    notice on stderr; the server goes on reading.

    Args:
        server: the :class:`Server`.
        stdin, stdout: binary streams (one JSON object per line, UTF-8).
        stderr: a text stream for notices.
        words: how the notices are worded on stderr (:data:`Words`; the replies stay in English).
        said: how the JSON reader's English reason inside a notice is said in that language (default: as written).

    Returns:
        The exit status: 0 (``stop``, end of input, or stdout closed by the reader); 1 when stdout cannot be
        written (closed before the start, a full disk), with one ``error: …`` line on stderr.
    """
    write, flush = stdout.write, stdout.flush
    for number, raw in enumerate(_lines(stdin), start=1):
        if raw is not None and not raw.strip():
            continue
        reply: dict[str, Any] | None = None
        stop = False
        message, notice = (None, Said("over the cap of {cap} bytes; not read", cap=MAX_LINE_BYTES)) \
            if raw is None else _unreadable(raw)
        if notice is None:
            try:
                reply, notice, stop = server.handle(message)
            except RecursionError:
                reply, notice = None, Said("a message nested too deeply to handle")
        if notice is not None:
            _notice(stderr, number, notice, words, said)
            reply = reply or {"type": "errored", "id": None, "message": f"line {number}: {notice}"}
        if reply is not None:
            try:
                write(_encode(reply))
                flush()
            except BrokenPipeError:  # the reader went away: nothing more to say
                return 0
            except OSError as exc:  # closed (`serve >&-`), a full disk: no reply can be given
                with contextlib.suppress(OSError, ValueError):
                    stderr.write(words("error: {text}", text=words("cannot write to standard output: {reason}",
                                                                   reason=exc.strerror or exc)) + "\n")
                    stderr.flush()
                return 1
        if stop:
            break
    return 0


def serve(impl_spec: str | None = None, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None,
          stderr: IO[str] | None = None, variant_files: tuple[str, ...] = (), words: Words = english,
          said: Callable[[str], str] = str) -> int:
    """Serve ``impl_spec`` (``"module:factory"``, default the reference engine) on the given streams.

    Args:
        impl_spec: an in-process implementation as for ``conform --impl``.
        variant_files: variant files (house or fixture variants extending bundled ones) to serve under their ids.
        stdin, stdout: binary streams (default: the process's stdin and stdout).
        stderr: a text stream (default: the process's stderr).
        words: how stderr's lines are worded (:data:`Words`: the command line's language; default English).
        said: how the adapter's own English error is said in that language, when the implementation cannot be built
            or started (the command line passes :func:`datong_rules.cli.problem_words.say`; default: as written).

    Returns:
        The exit status: 0 after ``stop`` or end of input; 1 when the implementation cannot be
        built or started; 2 for an empty ``impl_spec`` or a variant file that cannot be read or loaded
        (``error: --variant-file FILE: FILE:LINE:COL: …``, as ``validate`` locates it); always one ``error: …``
        line on stderr, never a traceback.
    """
    # a standard stream the process was started without (`<&-`, `>&-`) is None: no request, no reply, no notice
    stdin = stdin if stdin is not None else sys.stdin.buffer if sys.stdin is not None else io.BytesIO()
    stdout = stdout if stdout is not None else sys.stdout.buffer if sys.stdout is not None else _Closed()
    stderr = stderr if stderr is not None else sys.stderr if sys.stderr is not None else io.StringIO()
    if impl_spec is not None and not impl_spec.strip():
        stderr.write(words("error: {text}", text=words("--impl is empty (expected MODULE:FACTORY; leave it out to "
                                                       "serve the reference engine)")) + "\n")
        stderr.flush()
        return 2
    try:
        variants = _load_variant_files(variant_files)
    except ValueError as exc:  # a bad input file, as for the other commands: a usage error
        stderr.write(words("error: {text}", text=one_line(exc, 1000)) + "\n")
        stderr.flush()
        return 2
    try:
        impl = load_python_impl(impl_spec or REFERENCE_IMPL)
        start_checked(impl)
        if variants:
            impl.use_variants(variants)
        server = Server(impl)
    except IMPLEMENTATION_FAULTS as exc:  # one line, never a traceback
        stderr.write(words("error: {text}", text=words("cannot start the implementation: {reason}",
                                                       reason=said(one_line(exc)))) + "\n")
        stderr.flush()
        return 1
    for line in bundled_spec.warnings():
        stderr.write(words("serve: warning: {text}", text=line) + "\n")
    stderr.flush()
    try:
        with contextlib.redirect_stdout(stderr):
            return serve_lines(server, stdin, stdout, stderr, words, said)
    except KeyboardInterrupt as stop:  # 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP under the CLI (its signum)
        return 128 + int(getattr(stop, "signum", 2))
    finally:
        with contextlib.suppress(Exception):
            impl.close()


class _Closed(io.RawIOBase):
    """Standard output of a process started with it closed: every write fails as on a closed descriptor."""

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:  # noqa: ANN001 - io.RawIOBase's signature
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def _load_variant_files(paths: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The resolved variants of ``paths`` by id.

    Raises:
        ValueError: a file that cannot be read or loaded: ``--variant-file FILE: `` and the loader's located line.
    """
    from datong_rules.reference_impl.variant import SpecError, load_file

    out = {}
    for path in paths:
        try:
            variant = load_file(path)
        except SpecError as exc:
            raise ValueError(f"--variant-file {path}: {exc}") from None
        except OSError as exc:
            raise ValueError(f"--variant-file {path}: cannot read the file: {exc.strerror or exc}") from None
        out[variant.id] = variant.data
    return out


def main() -> None:
    """``python -m datong_rules.conformance.serve [MODULE:FACTORY]``: serve on stdin/stdout."""
    raise SystemExit(serve(sys.argv[1] if len(sys.argv) > 1 else None))


if __name__ == "__main__":
    main()
