"""``simulate --ray ADDRESS`` where no Ray cluster is: one ``error:`` line and exit status 2 within seconds, whatever
the address (not an address at all, nothing listening, something else listening, a listener that never answers),
checked before Ray is asked (Ray retries for minutes)."""

from __future__ import annotations

import http.server
import socket
import threading
import time

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.simulate import ray_address
from datong_rules.simulate.ray_address import address_problem, split


@pytest.mark.parametrize("address, where", [
    ("127.0.0.1:6379", ("127.0.0.1", 6379)),
    ("ray://head.example:10001", ("head.example", 10001)),
    ("[::1]:6379", ("::1", 6379)),
    (" 10.0.0.2:6379 ", ("10.0.0.2", 6379)),
])
def test_addresses_are_split(address, where):
    assert split(address) == where


@pytest.mark.parametrize("address", ["nonsense", "nonsense::", "::1:6379", "host:", ":6379", "host:0", "host:65536",
                                     "host:port", "ray://", "a:b:c"])
def test_what_is_not_an_address(address):
    assert split(address) is None
    assert address_problem(address).startswith("not an address; expected the address of a running Ray cluster")


def _simulate(address: str):
    started = time.monotonic()
    result = CliRunner().invoke(cli, ["simulate", "biedan-guide", "--hands", "5", "--ray", address])
    return result, time.monotonic() - started


def _one_line_exit_2(result, seconds: float, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: --ray "), result.output
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    assert seconds < 30


@pytest.mark.parametrize("address", ["nonsense", "nonsense::"])
def test_not_an_address_is_refused_at_once(address):
    pytest.importorskip("ray")
    result, seconds = _simulate(address)
    _one_line_exit_2(result, seconds, f"--ray {address}: not an address", "ray start --head")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # the test reads the command's output only
        pass


@pytest.fixture()
def web_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def test_a_web_server_is_not_a_ray_cluster(web_server):
    pytest.importorskip("ray")
    result, seconds = _simulate(f"127.0.0.1:{web_server}")
    _one_line_exit_2(result, seconds, "something answers there, but not a Ray cluster")


def test_a_listener_that_never_answers_is_given_up_on(monkeypatch):
    pytest.importorskip("ray")
    monkeypatch.setattr(ray_address, "PROBE_SECONDS", 0.5)
    monkeypatch.setattr(ray_address.address_problem, "__defaults__", (0.5,))
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        result, seconds = _simulate(f"127.0.0.1:{silent.getsockname()[1]}")
    _one_line_exit_2(result, seconds, "nothing answered there within 0.5 s")


def test_a_closed_port():
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert address_problem(f"127.0.0.1:{port}").startswith("nothing answers there (")


def test_a_grpc_answer_is_taken_for_a_cluster(monkeypatch):
    # what a Ray GCS server sends first: a SETTINGS frame (length 24, type 4, no flags, stream 0)
    monkeypatch.setattr(ray_address, "_answer", lambda host, port, seconds: bytes((0, 0, 24, 4, 0, 0, 0, 0, 0)))
    assert address_problem("127.0.0.1:6379") is None
