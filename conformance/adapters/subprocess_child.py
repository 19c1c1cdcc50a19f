"""One running implementation process and its pipes (used by :mod:`.jsonlines`).

On POSIX, stdout is read by the caller's thread with ``poll`` and a deadline (no thread hand-off
per reply: the round trip of a query is two process wake-ups, not four); elsewhere a thread feeds a
queue read with a timeout. stderr is drained continuously by a thread into a bounded buffer so a
chatty implementation can never block on a full pipe.
"""

from __future__ import annotations

import json
import os
import queue
import select
import signal
import subprocess
import threading
import time
from collections import deque
from typing import Any

from conformance.adapters.base import printable

TIMEOUT = object()
"""Returned by :meth:`Child.read_line` when no line came in time."""

STDERR_KEEP = 50
"""How many recent stderr lines are kept (and attached to an error)."""

_MAX_STDERR_LINE = 500
_CHUNK = 1 << 16
_DISCARD_CHUNKS = 64


def _decode(raw: bytes) -> str:
    return raw.decode("utf-8", "replace").rstrip("\r\n")


class Child:
    """A started process with stdin/stdout/stderr pipes.

    Raises:
        OSError: (from the constructor) the command cannot be run.
    """

    def __init__(self, argv: list[str], cwd: str | None = None, env: dict[str, str] | None = None) -> None:
        extra: dict[str, Any] = {}
        if os.name == "posix":
            extra["start_new_session"] = True  # own process group: killable as a whole, no Ctrl-C
        else:  # pragma: no cover - Windows
            extra["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd, env=env, **extra)
        self._stderr: deque[tuple[int, str]] = deque(maxlen=STDERR_KEEP)
        self._stderr_seen = 0
        self._lock = threading.Lock()
        self._err_thread = threading.Thread(target=self._drain_stderr, daemon=True)
        self._err_thread.start()
        self._selecting = os.name == "posix"
        if self._selecting:
            self._fd = self.proc.stdout.fileno()
            self._poll = select.poll()  # not select(): no FD_SETSIZE limit
            self._poll.register(self._fd, select.POLLIN)
            self._buf = bytearray()
            self._eof = False
        else:  # pragma: no cover - Windows: select() does not work on pipes
            self._lines: queue.Queue[str | None] = queue.Queue()
            self._out_thread = threading.Thread(target=self._drain_stdout, daemon=True)
            self._out_thread.start()

    # -- reading -------------------------------------------------------------------------------
    def _drain_stdout(self) -> None:  # pragma: no cover - Windows
        try:
            for raw in iter(self.proc.stdout.readline, b""):
                self._lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _drain_stderr(self) -> None:
        try:
            for raw in iter(self.proc.stderr.readline, b""):
                line = printable(raw.decode("utf-8", "replace").rstrip("\r\n"))[:_MAX_STDERR_LINE]
                with self._lock:
                    self._stderr.append((self._stderr_seen, line))
                    self._stderr_seen += 1
        except (OSError, ValueError):
            pass

    def read_line(self, timeout: float) -> str | None | object:
        """The next stdout line (without its newline), ``None`` at end of output, or :data:`TIMEOUT`.

        A last line without a newline is returned as a line before ``None``.
        """
        if not self._selecting:  # pragma: no cover - Windows
            try:
                return self._lines.get(timeout=timeout)
            except queue.Empty:
                return TIMEOUT
        deadline = time.monotonic() + timeout
        while True:
            end = self._buf.find(b"\n")
            if end >= 0:
                raw = bytes(self._buf[:end])
                del self._buf[: end + 1]
                return _decode(raw)
            if self._eof:
                if self._buf:
                    raw = bytes(self._buf)
                    self._buf.clear()
                    return _decode(raw)
                return None
            left = deadline - time.monotonic()
            if left <= 0 or not self._wait_readable(left):
                return TIMEOUT
            self._read_available()

    def _wait_readable(self, timeout: float) -> bool:
        """Whether stdout has data or has ended, waiting up to ``timeout`` s."""
        return bool(self._poll.poll(max(0, int(timeout * 1000 + 0.999))))

    def _read_available(self) -> None:
        """Append one chunk of stdout to the buffer (the fd is readable: this does not block)."""
        try:
            chunk = os.read(self._fd, _CHUNK)
        except OSError:
            chunk = b""
        if chunk:
            self._buf += chunk
        else:
            self._eof = True

    def discard_pending(self) -> None:
        """Drop stdout lines already received but never read (stale output of an earlier query)."""
        if self._selecting:
            for _ in range(_DISCARD_CHUNKS):  # bounded: a process spewing output cannot hold us here
                if self._eof or not self._wait_readable(0):
                    break
                self._read_available()
            end = self._buf.rfind(b"\n")
            if end >= 0:
                del self._buf[: end + 1]
            return
        while True:  # pragma: no cover - Windows
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return
            if line is None:  # keep the end-of-output marker for the next read
                self._lines.put(None)
                return

    def stderr_mark(self) -> int:
        """A marker for :meth:`stderr_since`: the count of stderr lines seen so far."""
        with self._lock:
            return self._stderr_seen

    def stderr_since(self, mark: int = 0, settle: float = 0.0) -> list[str]:
        """The kept stderr lines emitted since ``mark`` (at most :data:`STDERR_KEEP`, the latest),
        after waiting ``settle`` s for lines still in the pipe (used when reporting an error)."""
        if settle:
            time.sleep(settle)
        with self._lock:
            return [line for seq, line in self._stderr if seq >= mark]

    # -- writing and ending ----------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Write one JSON line. Raises :class:`OSError` (e.g. broken pipe) if the process is gone."""
        data = (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except ValueError as exc:  # stdin already closed
            raise OSError(str(exc)) from None

    def exit_status(self, wait: float) -> str:
        """Wait up to ``wait`` s for the process to end; describe how it ended (for an error message)."""
        try:
            code = self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return "closed its stdout but is still running"
        self._err_thread.join(timeout=1.0)  # let the last stderr lines arrive
        if code < 0:
            try:
                return f"was killed by signal {signal.Signals(-code).name}"
            except ValueError:
                return f"was killed by signal {-code}"
        return f"exited with code {code}"

    def kill(self) -> None:
        """Kill the process (and its process group on POSIX) and reap it. Safe to call twice."""
        self._signal(signal.SIGKILL if os.name == "posix" else None)
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - unkillable process
            pass
        self._err_thread.join(timeout=1.0)
        if self._selecting:
            self._eof = True  # the fd is closed below: never poll or read it again
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                pipe.close()
            except OSError:
                pass

    def stop(self, message: dict[str, Any], grace: float) -> None:
        """Send ``message`` (the protocol's ``stop``), close stdin, wait ``grace`` s, then terminate,
        then kill."""
        try:
            self.send(message)
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def _signal(self, sig: signal.Signals | None) -> None:
        if self.proc.poll() is not None:
            return
        try:
            if os.name == "posix" and sig is not None:
                os.killpg(self.proc.pid, sig)
            else:  # pragma: no cover - Windows
                self.proc.kill()
        except OSError:  # already gone, or not ours any more
            pass
