"""Helpers of the table's tests: the app for a variant, the app served by uvicorn on a free 127.0.0.1 port in a
thread. Everything skips cleanly when the ``[table]`` extra is missing."""

from __future__ import annotations

import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jinja2")

from datong_rules.reference_impl.variant import open_variant  # noqa: E402
from datong_rules.table_app.app import Options, create_app  # noqa: E402

VARIANTS = ("huolong/li-zhijiang", "biedan/biedan-guide", "dadun/dadun-guide")
"""One variant of each game."""


def make_app(variant: str, clock=time.monotonic, **options):
    """The app of ``variant`` (a bundled id) with ``options`` (:class:`Options` fields)."""
    return create_app(Options(open_variant(variant), **options), clock)


class LiveServer:
    """``app`` served by uvicorn on 127.0.0.1 (a free port) in a thread; ``url`` is its address."""

    def __init__(self, app) -> None:
        uvicorn = pytest.importorskip("uvicorn")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.app = app
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                   timeout_graceful_shutdown=1))  # event streams stay open
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.url = f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the table's server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def launched_browser():
    """The system Chromium, headless, through playwright, as a generator for a fixture (skips when either is
    missing)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from datong_rules.rulebook.pdf import find_chromium

    chromium = find_chromium()
    if chromium is None:
        pytest.skip("chromium is not installed (run .ci/install-chromium.sh, as CI does)")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()
