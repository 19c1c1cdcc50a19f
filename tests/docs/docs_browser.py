"""Test helpers for the docs: a local HTTP server for the built site and a headless chromium driven over
the DevTools protocol through a pipe (``--remote-debugging-pipe``: no driver, no extra package).

``Chromium.open(url)`` loads a page and returns what the tests check: the console errors, uncaught
exceptions and failed loads the browser reported, a JavaScript value, and a PNG screenshot.
"""

from __future__ import annotations

import base64
import fcntl
import functools
import http.server
import json
import os
import select
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHROMIUM_NAMES = ("chromium", "chromium-browser")


def find_chromium() -> str | None:
    """Path of Debian's chromium (or ``$CHROMIUM``), or ``None`` when it is not installed."""
    env = os.environ.get("CHROMIUM")
    if env:
        return shutil.which(env)
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    failures: list[str]

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - signature of the base class
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        self.failures.append(f"{code} {self.path}")
        super().send_error(code, message, explain)


def site_prefix() -> str:
    """The path the site is published under: mkdocs.yml ``site_url``'s path (``datong-rules/``), as GitHub Pages
    and ``mkdocs serve`` serve it (the theme's language selector links there)."""
    import re
    from urllib.parse import urlsplit

    config = (Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8")
    found = re.search(r"^site_url:\s*(\S+)", config, flags=re.M)
    return urlsplit(found.group(1)).path.strip("/") + "/" if found else ""


class SiteServer:
    """Serve a built site on 127.0.0.1 (a free port) in a thread, under the path it is published at
    (:func:`site_prefix`); ``failures`` lists 4xx/5xx requests.

    Use as a context manager; ``url(path)`` gives the address of a page (a path inside the site).
    """

    def __init__(self, root: Path) -> None:
        self.failures: list[str] = []
        self.prefix = site_prefix()
        self._mount = tempfile.TemporaryDirectory(prefix="site-")
        served = Path(self._mount.name)
        if self.prefix.strip("/"):
            (served / self.prefix.strip("/")).parent.mkdir(parents=True, exist_ok=True)
            (served / self.prefix.strip("/")).symlink_to(Path(root).resolve(), target_is_directory=True)
        else:
            served = Path(root)
        handler = type("Handler", (_QuietHandler,), {"failures": self.failures})
        self._server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(served)))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/{self.prefix}{path.lstrip('/')}"

    def __enter__(self) -> SiteServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._mount.cleanup()


@dataclass
class PageResult:
    """What a page load produced: ``errors`` (console errors, uncaught exceptions, failed loads, one
    line each), ``value`` (of the evaluated expression) and ``png`` (screenshot bytes)."""

    errors: list[str] = field(default_factory=list)
    value: Any = None
    png: bytes = b""


class CdpError(RuntimeError):
    """The browser did not answer in time, exited, or answered with an error."""


class Chromium:
    """A headless chromium controlled over the DevTools protocol pipe.

    Args:
        executable: path of the chromium binary.
        width, height: the viewport in CSS pixels.
        timeout: seconds allowed for each protocol answer and each page load.
    """

    def __init__(self, executable: str, width: int = 1280, height: int = 900, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self.width, self.height = width, height
        self._profile = tempfile.TemporaryDirectory(prefix="chromium-profile-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()
        # Park the child's ends above fd 10 so that moving them to 3 and 4 cannot clobber each other.
        high_r = fcntl.fcntl(to_child_r, fcntl.F_DUPFD_CLOEXEC, 10)
        high_w = fcntl.fcntl(from_child_w, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(to_child_r)
        os.close(from_child_w)

        def child_fds() -> None:  # chromium reads commands on fd 3 and writes replies on fd 4
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        argv = [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
                "--remote-debugging-pipe", f"--window-size={width},{height}",
                f"--user-data-dir={self._profile.name}", "about:blank"]
        self._proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, close_fds=False, preexec_fn=child_fds)
        os.close(high_r)
        os.close(high_w)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []

    # -- protocol ----------------------------------------------------------------------------------
    def _send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise CdpError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self._events.append(reply)

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CdpError("chromium did not answer in time")
            ready, _, _ = select.select([self._from_child], [], [], left)
            if ready:
                chunk = os.read(self._from_child, 1 << 16)
                if not chunk:
                    raise CdpError(f"chromium exited (code {self._proc.poll()})")
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def _pump(self, seconds: float) -> None:
        """Collect events for a while (late errors after the load event)."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                self._events.append(self._read(deadline))
            except CdpError:
                if self._proc.poll() is not None:
                    raise
                return

    # -- pages -------------------------------------------------------------------------------------
    def open(self, url: str, expression: str = "null", settle: float = 0.5, max_height: int = 12000) -> PageResult:
        """Load ``url`` in a new tab, wait for the load event and ``settle`` seconds more, evaluate
        ``expression`` and take a full-page screenshot (at most ``max_height`` pixels high).

        Raises:
            CdpError: the browser failed or did not answer in time.
        """
        target = self._send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self._send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self._send(f"{domain}.enable", session=session)
        # The window cannot be narrower than about 500 px: emulate the viewport so that 390 px means 390 px.
        self._send("Emulation.setDeviceMetricsOverride",
                   {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": self.width < 600},
                   session=session)
        self._events.clear()
        self._send("Page.navigate", {"url": url}, session=session)
        deadline = time.monotonic() + self.timeout
        while not any(e.get("method") == "Page.loadEventFired" and e.get("sessionId") == session for e in self._events):
            self._events.append(self._read(deadline))
        self._pump(settle)
        result = PageResult(errors=self._errors(session))
        evaluated = self._send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                    "awaitPromise": True}, session=session)
        result.value = evaluated.get("result", {}).get("value")
        size = self._send("Page.getLayoutMetrics", session=session)["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], max_height), "scale": 1}
        shot = self._send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip},
                          session=session)
        result.png = base64.b64decode(shot["data"])
        self._send("Target.closeTarget", {"targetId": target})
        return result

    def _errors(self, session: str) -> list[str]:
        errors = []
        for event in self._events:
            if event.get("sessionId") != session:
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                errors.append(f"uncaught: {details.get('exception', {}).get('description') or details.get('text')}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                texts = [str(a.get("value", a.get("description", ""))) for a in params.get("args", [])]
                errors.append(f"console.{params['type']}: {' '.join(texts)}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                errors.append(f"log: {entry.get('text')} {entry.get('url', '')}".strip())
        return errors

    def close(self) -> None:
        """Ask the browser to quit, then make sure it has."""
        try:
            self._send("Browser.close")
        except (CdpError, OSError):
            pass
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        self._profile.cleanup()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
