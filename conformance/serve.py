"""Serve an in-process implementation (by default the reference engine) over the JSON-lines protocol.

The other side of :mod:`conformance.adapters.jsonlines`: one JSON object per line, UTF-8, on
stdin (requests) and stdout (replies); stderr carries only one-line notices. Messages::

    ← {"type":"start", ...}                       → {"type":"ready","protocol":1,"name":…,"version":…,
                                                      "variants":[…],"operations":[…]}
    ← {"type":"query","id":…,"variant":…,"op":…,"given":{…}}
                                                   → {"type":"result","id":…,"answer":{…}}
                                                     | {"type":"skipped","id":…,"reason":…}
                                                     | {"type":"errored","id":…,"message":…}
    ← {"type":"stop"}                             (no reply; the server exits 0)

End of input also ends the server with status 0. A ``query`` is answered even before ``start``.

Bad input never ends the server and never prints a traceback:

* a line that is not a JSON object, or an object without a string ``id`` whose ``type`` is not
  understood → one ``serve: line N: …`` notice on stderr, no reply (there is no id to reply to);
* an object with a string ``id`` but a bad ``type`` or malformed query fields → an ``errored``
  reply with that id saying what is wrong (a ``query`` without a string ``id``: ``errored`` with
  ``"id": null``);
* the implementation raising on a query → ``errored`` (``ValueError`` messages as they are, other
  exceptions prefixed with their type name), :class:`~conformance.adapters.base.Unsupported` →
  ``skipped``.

While serving, ``sys.stdout`` is pointed at stderr so that a stray ``print`` in an implementation
cannot corrupt the protocol stream.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import IO, Any

from conformance.adapters.base import WILDCARD, Implementation, Unsupported, load_python_impl, one_line

PROTOCOL_VERSION = 1
REFERENCE_IMPL = "conformance.adapters.reference:ReferenceImplementation"

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


class Server:
    """Answers protocol messages with an in-process implementation.

    Args:
        impl: the implementation (started by the caller; :func:`serve` does it).

    The supported variants and operations are asked once, at construction; a query outside them
    is answered ``skipped`` without calling the implementation.
    """

    def __init__(self, impl: Implementation) -> None:
        self.impl = impl
        self.variants = list(impl.supported_variants())
        self.operations = list(impl.supported_operations())
        self._any_variant = WILDCARD in self.variants
        self._any_op = WILDCARD in self.operations
        self._variant_set, self._op_set = set(self.variants), set(self.operations)

    def ready(self) -> dict[str, Any]:
        """The ``ready`` reply to a ``start``."""
        return {"type": "ready", "protocol": PROTOCOL_VERSION, "name": str(self.impl.name),
                "version": str(self.impl.version), "variants": self.variants, "operations": self.operations}

    def handle(self, message: Any) -> tuple[dict[str, Any] | None, str | None, bool]:
        """React to one decoded message.

        Returns:
            ``(reply, notice, stop)``: the reply to write (or None), a one-line stderr notice (or
            None), and whether the server must stop.
        """
        if not isinstance(message, dict):
            return None, f"not a JSON object: {one_line(_dumps(message))}", False
        kind = message.get("type")
        if kind == "query":
            return self.query(message), None, False
        if kind == "start":
            return self.ready(), None, False
        if kind == "stop":
            return None, None, True
        what = f"unknown message type {one_line(_dumps(kind), 60)}" if "type" in message else "no 'type'"
        msg_id = message.get("id")
        if isinstance(msg_id, str):
            return {"type": "errored", "id": msg_id,
                    "message": f"{what} (expected start, query or stop)"}, None, False
        return None, f"{what} (expected start, query or stop): {one_line(_dumps(message))}", False

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
        if not self._any_variant and variant not in self._variant_set:
            return {"type": "skipped", "id": qid, "reason": f"variant '{variant}' not supported by {self.impl.name}"}
        if not self._any_op and op not in self._op_set:
            return {"type": "skipped", "id": qid, "reason": f"operation '{op}' not supported by {self.impl.name}"}
        try:
            answer = self.impl.answer(variant, op, given)
        except Unsupported as exc:
            return {"type": "skipped", "id": qid, "reason": one_line(exc.reason)}
        except ValueError as exc:
            return {"type": "errored", "id": qid, "message": one_line(exc)}
        except Exception as exc:  # noqa: BLE001 - an implementation bug is an errored query, not a crash
            return {"type": "errored", "id": qid, "message": f"{type(exc).__name__}: {one_line(exc)}"}
        if not isinstance(answer, dict):
            return {"type": "errored", "id": qid,
                    "message": f"the implementation answered a {type(answer).__name__}, not an object"}
        return {"type": "result", "id": qid, "answer": answer}


def _encode(reply: dict[str, Any]) -> bytes:
    """One reply line; an answer that is not JSON-serialisable becomes an ``errored`` reply."""
    try:
        return (_dumps(reply) + "\n").encode("utf-8")
    except (TypeError, ValueError) as exc:
        return (_dumps({"type": "errored", "id": reply.get("id"),
                        "message": f"answer is not JSON: {one_line(exc)}"}) + "\n").encode("utf-8")


def _notice(stderr: IO[str], number: int, text: str) -> None:
    stderr.write(f"serve: line {number}: {text}\n")
    stderr.flush()


def serve_lines(server: Server, stdin: IO[bytes], stdout: IO[bytes], stderr: IO[str]) -> int:
    """Run the message loop until ``stop`` or end of input.

    Args:
        server: the :class:`Server`.
        stdin, stdout: binary streams (one JSON object per line, UTF-8).
        stderr: a text stream for notices.

    Returns:
        The exit status: 0 (``stop``, end of input, or stdout closed by the reader).
    """
    loads = json.loads
    write, flush = stdout.write, stdout.flush
    for number, raw in enumerate(stdin, start=1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            _notice(stderr, number, f"not UTF-8 (byte {exc.start + 1}): {one_line(raw.decode('utf-8', 'replace'))}")
            continue
        try:
            message = loads(text)
        except ValueError as exc:
            _notice(stderr, number, f"not a JSON line ({one_line(exc, 80)}): {one_line(text)}")
            continue
        reply, notice, stop = server.handle(message)
        if notice is not None:
            _notice(stderr, number, notice)
        if reply is not None:
            try:
                write(_encode(reply))
                flush()
            except (BrokenPipeError, ValueError):  # the reader went away: nothing more to say
                return 0
        if stop:
            break
    return 0


def serve(impl_spec: str | None = None, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None,
          stderr: IO[str] | None = None) -> int:
    """Serve ``impl_spec`` (``"module:factory"``, default the reference engine) on the given streams.

    Args:
        impl_spec: an in-process implementation as for ``conform --impl``.
        stdin, stdout: binary streams (default: the process's stdin and stdout).
        stderr: a text stream (default: the process's stderr).

    Returns:
        The exit status: 0 after ``stop`` or end of input; 1 when the implementation cannot be
        built or started (a one-line ``error: …`` on stderr).
    """
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout.buffer
    stderr = stderr if stderr is not None else sys.stderr
    try:
        impl = load_python_impl(impl_spec or REFERENCE_IMPL)
        impl.start()
        server = Server(impl)
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback
        stderr.write(f"error: cannot start the implementation: {one_line(exc)}\n")
        stderr.flush()
        return 1
    try:
        with contextlib.redirect_stdout(stderr):
            return serve_lines(server, stdin, stdout, stderr)
    except KeyboardInterrupt:
        return 130
    finally:
        with contextlib.suppress(Exception):
            impl.close()


def main() -> None:
    """``python -m conformance.serve [MODULE:FACTORY]``: serve on stdin/stdout."""
    raise SystemExit(serve(sys.argv[1] if len(sys.argv) > 1 else None))


if __name__ == "__main__":
    main()
