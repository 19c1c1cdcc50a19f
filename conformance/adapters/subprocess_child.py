"""One running implementation process and its pipes (used by :mod:`.jsonlines`).

On POSIX, stdout is read by the caller's thread with ``poll`` and a deadline (no thread hand-off
per reply: the round trip of a query is two process wake-ups, not four), and stdin is written
without blocking, with a deadline too; elsewhere a thread feeds a queue read with a timeout.
stderr is drained continuously by a thread into a bounded buffer so a chatty implementation can
never block on a full pipe.

Nothing here waits without a bound: the process runs in its own process group, and ending it
(:meth:`Child.kill`, also at the end of :meth:`Child.stop`) kills the whole group, so a child the
implementation started and left behind cannot keep the pipes open; the stderr thread is told to
stop and closes its own pipe, so closing never waits for a read another thread is blocked in. On
POSIX the process is not reaped before its group is killed (its exit is observed with
``waitid(WNOWAIT)``), so the group id cannot have been reused by then.
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

from datong_rules.conformance.adapters.base import printable

TIMEOUT = object()
"""Returned by :meth:`Child.read_line` when no line came in time."""


class Oversize:
    """Returned by :meth:`Child.read_line` for a line longer than its ``limit``: ``size`` bytes were read of it
    (at least ``limit + 1``) and dropped; the rest of the line is still in the pipe (kill the process)."""

    def __init__(self, size: int) -> None:
        self.size = size

STDERR_KEEP = 50
"""How many recent stderr lines are kept (and attached to an error)."""

_MAX_STDERR_LINE = 500
_CHUNK = 1 << 16
_DISCARD_CHUNKS = 64
_STDERR_POLL_MS = 100
"""How often (ms) the stderr thread looks whether it was told to stop."""
_THREAD_JOIN = 1.0
"""Seconds given to the stderr thread to finish (it checks its stop flag every 0.1 s)."""
_REAP_WAIT = 5.0
"""Seconds given to a killed process to be reaped."""


def _decode(raw: bytes) -> str:
    return raw.decode("utf-8", "replace").rstrip("\r\n")


def _kept(raw: bytes) -> str:
    return printable(_decode(raw))[:_MAX_STDERR_LINE]


class Child:
    """A started process with stdin/stdout/stderr pipes, in a process group of its own.

    Raises:
        OSError: (from the constructor) the command cannot be run.
    """

    def __init__(self, argv: list[str], cwd: str | None = None, env: dict[str, str] | None = None) -> None:
        extra: dict[str, Any] = {}
        self._posix = os.name == "posix"
        if self._posix:
            extra["start_new_session"] = True  # own process group: killable as a whole, no Ctrl-C
        else:  # pragma: no cover - Windows
            extra["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd, env=env, **extra)
        self._stderr: deque[tuple[int, str]] = deque(maxlen=STDERR_KEEP)
        self._stderr_seen = 0
        self._lock = threading.Lock()
        self._stop_reading = threading.Event()
        self._killed = False
        if self._posix:
            self._fd = self.proc.stdout.fileno()
            self._in_fd = self.proc.stdin.fileno()
            os.set_blocking(self._in_fd, False)  # writes never block: see send()
            self._poll = select.poll()  # not select(): no FD_SETSIZE limit
            self._poll.register(self._fd, select.POLLIN)
            self._buf = bytearray()
            self._eof = False
            self._err_thread = threading.Thread(target=self._drain_stderr, daemon=True)
        else:  # pragma: no cover - Windows: select() does not work on pipes
            self._lines: queue.Queue[str | None] = queue.Queue()
            self._out_thread = threading.Thread(target=self._drain_stdout, daemon=True)
            self._out_thread.start()
            self._err_thread = threading.Thread(target=self._drain_stderr_blocking, daemon=True)
        self._err_thread.start()

    # -- reading -------------------------------------------------------------------------------
    def _drain_stdout(self) -> None:  # pragma: no cover - Windows
        try:
            for raw in iter(self.proc.stdout.readline, b""):
                self._lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _keep_stderr(self, line: str) -> None:
        with self._lock:
            self._stderr.append((self._stderr_seen, line))
            self._stderr_seen += 1

    def _drain_stderr(self) -> None:
        """The stderr thread (POSIX): read until end of output or until told to stop, then close
        the pipe (only this thread touches it, so closing never waits for a blocked read)."""
        pipe = self.proc.stderr
        fd = pipe.fileno()
        watch = select.poll()
        watch.register(fd, select.POLLIN)
        pending = bytearray()
        try:
            while not self._stop_reading.is_set():
                if not watch.poll(_STDERR_POLL_MS):
                    continue
                chunk = os.read(fd, _CHUNK)
                if not chunk:
                    break
                pending += chunk
                *lines, rest = pending.split(b"\n")
                for raw in lines:
                    self._keep_stderr(_kept(raw))
                pending = bytearray(rest[: 4 * _MAX_STDERR_LINE])  # a line without end is cut: bounded
        except (OSError, ValueError):
            pass
        finally:
            if pending:
                self._keep_stderr(_kept(bytes(pending)))
            try:
                pipe.close()
            except OSError:
                pass

    def _drain_stderr_blocking(self) -> None:  # pragma: no cover - Windows
        try:
            for raw in iter(self.proc.stderr.readline, b""):
                self._keep_stderr(_kept(raw))
        except (OSError, ValueError):
            pass

    def read_line(self, timeout: float, limit: int | None = None) -> str | None | object:
        """The next stdout line (without its newline), ``None`` at end of output, :data:`TIMEOUT`, or an
        :class:`Oversize` as soon as more than ``limit`` bytes of one line were received (the runner never holds
        much more than ``limit`` bytes of a line: it stops reading at once).

        A last line without a newline is returned as a line before ``None``.
        """
        if not self._posix:  # pragma: no cover - Windows
            try:
                return self._lines.get(timeout=timeout)
            except queue.Empty:
                return TIMEOUT
        deadline = time.monotonic() + timeout
        scanned = 0  # the buffer before this has no newline: search only what came since
        while True:
            end = self._buf.find(b"\n", scanned)
            scanned = len(self._buf) if end < 0 else scanned
            if limit is not None and (end > limit or (end < 0 and len(self._buf) > limit)):
                size = len(self._buf) if end < 0 else end
                self._buf.clear()
                return Oversize(size)
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

    def pending_lines(self, limit: int | None = None) -> list[str]:
        """The stdout lines the process has already written and nobody read, oldest first, taken without waiting
        (a second reply to a query already answered, say). A line longer than ``limit`` bytes is given as
        ``(a line of N bytes)``; an unfinished last line stays for the next :meth:`read_line`."""
        if not self._posix:  # pragma: no cover - Windows
            out = []
            while True:
                try:
                    line = self._lines.get_nowait()
                except queue.Empty:
                    return out
                if line is None:  # keep the end-of-output marker for the next read
                    self._lines.put(None)
                    return out
                out.append(line)
        for _ in range(_DISCARD_CHUNKS):  # bounded: a process spewing output cannot hold us here
            if self._eof or not self._wait_readable(0):
                break
            self._read_available()
        end = self._buf.rfind(b"\n")
        if end < 0:
            return []
        raw_lines = bytes(self._buf[:end]).split(b"\n")
        del self._buf[: end + 1]
        return [f"(a line of {len(raw)} bytes)" if limit is not None and len(raw) > limit else _decode(raw)
                for raw in raw_lines]

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

    # -- writing -------------------------------------------------------------------------------
    def send(self, message: dict[str, Any], timeout: float) -> None:
        """Write one JSON line, waiting at most ``timeout`` s for the process to take it.

        Raises:
            TimeoutError: the process did not read its input in time (the pipe stayed full).
            OSError: the process is gone (broken pipe) or stdin is closed.
        """
        self.send_bytes((json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8"),
                        timeout)

    def send_bytes(self, data: bytes, timeout: float) -> None:
        """Write ``data`` (one encoded line), as :meth:`send`."""
        if not self._posix:  # pragma: no cover - Windows
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except ValueError as exc:  # stdin already closed
                raise OSError(str(exc)) from None
            return
        if self.proc.stdin.closed:
            raise OSError("stdin is closed")
        view = memoryview(data)
        deadline = time.monotonic() + timeout
        watch = select.poll()
        watch.register(self._in_fd, select.POLLOUT)
        while view:
            try:
                view = view[os.write(self._in_fd, view):]
                continue
            except BlockingIOError:
                pass
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"the implementation did not read its input within {timeout:g}s")
            watch.poll(max(1, int(left * 1000 + 0.999)))

    def close_stdin(self) -> None:
        """Close the process's stdin (end of input for it). Never blocks; safe to call twice."""
        try:
            self.proc.stdin.close()  # nothing is buffered (writes go to the fd): no flush
        except OSError:
            pass

    # -- ending --------------------------------------------------------------------------------
    def how_ended(self, wait: float, settle: bool = True) -> str | None:
        """How the process ended, for an error message (``"exited with code 3"``, ``"was killed by
        signal SIGKILL"``), waiting up to ``wait`` s; ``None`` if it is still running.

        Args:
            settle: once it has ended, also wait (at most 1 s) for its last stderr lines.

        The process is not reaped (see the module docstring), so :meth:`kill` can still kill its group.
        """
        code = self._exit_code(wait)
        if code is None:
            return None
        if settle and not self._killed:
            self._err_thread.join(timeout=_THREAD_JOIN)  # ends at once unless a child holds stderr open
        if code < 0:
            try:
                return f"was killed by signal {signal.Signals(-code).name}"
            except ValueError:
                return f"was killed by signal {-code}"
        return f"exited with code {code}"

    def exit_status(self, wait: float) -> str:
        """Like :meth:`how_ended`, with ``"closed its stdout but is still running"`` when still running."""
        return self.how_ended(wait) or "closed its stdout but is still running"

    def _exit_code(self, wait: float) -> int | None:
        """The exit code (negative: killed by that signal) once the process has ended, waiting up to
        ``wait`` s, or ``None``; on POSIX without reaping it."""
        if self.proc.returncode is not None:
            return self.proc.returncode
        if not self._posix:  # pragma: no cover - Windows
            try:
                return self.proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                return None
        deadline = time.monotonic() + wait
        while True:
            try:
                info = os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:  # reaped elsewhere
                return self.proc.returncode if self.proc.returncode is not None else 0
            if info is not None:
                return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            time.sleep(min(0.01, left))

    def kill(self) -> None:
        """Kill the process and its whole process group (what it left running too), reap it, and
        close the pipes. Safe to call twice; never waits without a bound."""
        self._signal(signal.SIGKILL if self._posix else None)
        self._killed = True
        try:
            self.proc.wait(timeout=_REAP_WAIT)
        except subprocess.TimeoutExpired:  # pragma: no cover - unkillable process
            pass
        self._stop_reading.set()
        self._err_thread.join(timeout=_THREAD_JOIN)
        if self._posix:
            self._eof = True  # the fd is closed below: never poll or read it again
            pipes = (self.proc.stdin, self.proc.stdout)  # stderr: closed by its thread
        else:  # pragma: no cover - Windows
            pipes = (self.proc.stdin, self.proc.stdout, self.proc.stderr)
        for pipe in pipes:
            try:
                pipe.close()
            except OSError:
                pass

    def stop(self, message: dict[str, Any], grace: float, limit: int | None = None) -> list[str]:
        """Send ``message`` (the protocol's ``stop``), close stdin, read what the process still writes on stdout
        until it closes it (at most ``grace`` s), wait for it to end within the same ``grace`` s, then terminate
        the process group, wait ``grace`` s, then kill the group (always, even after a clean exit or a Ctrl-C
        meanwhile: nothing the implementation started is left running).

        Returns:
            The stdout lines written since the last read, up to the end of its output or of the grace time
            (unread lines, then the ones written after ``message``; a line over ``limit`` bytes as
            ``(a line of N bytes)``).
        """
        lines: list[str] = []
        try:
            lines += self.pending_lines(limit)
            try:
                self.send(message, grace)
            except OSError:
                pass
            self.close_stdin()
            deadline = time.monotonic() + grace
            while (left := deadline - time.monotonic()) > 0:
                line = self.read_line(left, limit)
                if line is None or line is TIMEOUT:
                    break
                lines.append(f"(a line of {line.size} bytes)" if isinstance(line, Oversize) else str(line))
                if isinstance(line, Oversize):
                    break  # the rest of that line is still in the pipe: no use reading on
            if self._exit_code(max(0.0, deadline - time.monotonic())) is None:
                self._signal(signal.SIGTERM)
                self._exit_code(grace)
        finally:
            self.kill()
        return lines

    def _signal(self, sig: signal.Signals | None) -> None:
        """Send ``sig`` to the process group (POSIX; the leader may have exited, others may remain)."""
        if self.proc.returncode is not None:  # reaped by kill(), after the group was killed: nothing left
            return
        try:
            if self._posix and sig is not None:
                os.killpg(self.proc.pid, sig)
            else:  # pragma: no cover - Windows
                self.proc.kill()
        except OSError:  # the whole group is gone
            pass
