"""How ``simulate --ray`` starts Ray, checked with a stand-in for Ray (no cluster is started): only warnings from
Ray's driver, no worker output, a local cluster's files in a folder of its own under the system temp dir (removed
after), token authentication on a token held in the environment for the run, never a file under ``~/.ray``; the
user's own Ray settings kept. A real local cluster is started once, by the slow test at the end."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from datong_rules.simulate import ray_runner
from datong_rules.simulate.ray_runner import (AUTH_LOGGER, AUTH_VARS, RayUnavailable, init_args, local_auth_env,
                                              run_on_ray, temp_root)


class FakeRay:
    """Records what ``run_on_ray`` asks of Ray; a task's result is its shard, keyed ``(0, shard)``."""

    def __init__(self, initialized: bool = False) -> None:
        self.initialized = initialized
        self.calls: list[tuple[str, dict]] = []
        self.seen_env: dict[str, str | None] = {}
        self.temp_existed = False

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **kwargs) -> None:
        self.calls.append(("init", kwargs))
        self.seen_env = {name: os.environ.get(name) for name in AUTH_VARS}
        self.temp_existed = bool(kwargs.get("_temp_dir")) and os.path.isdir(kwargs["_temp_dir"])
        self.auth_logger_level = logging.getLogger(AUTH_LOGGER).level
        os.environ["RAY_AUTH_MODE"] = "token"  # as Ray does when it turns authentication on

    def shutdown(self) -> None:
        self.calls.append(("shutdown", {}))

    def remote(self, **options):
        return lambda fn: type("Remote", (), {"remote": staticmethod(lambda shard: shard)})

    def wait(self, pending, num_returns):
        return pending[:num_returns], pending[num_returns:]

    def get(self, ref):
        return (0, ref), {"shard": ref}

    def cancel(self, ref, force):
        self.calls.append(("cancel", {"ref": ref}))


@pytest.fixture
def fake_ray(monkeypatch, tmp_path):
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    for name in (*AUTH_VARS, "RAY_TMPDIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    return fake


def test_a_local_cluster_is_quiet_has_its_own_temp_folder_and_a_token_in_its_environment(fake_ray, tmp_path):
    finished = []
    run_on_ray(["a", "b", "c"], "local", 2, lambda key, tally: finished.append((key, tally)))
    assert finished == [((0, s), {"shard": s}) for s in "abc"]
    (init, kwargs), (shutdown, _) = fake_ray.calls
    assert (init, shutdown) == ("init", "shutdown")
    assert kwargs["logging_level"] == logging.WARNING and kwargs["log_to_driver"] is False
    assert kwargs["num_cpus"] == 2 and kwargs["include_dashboard"] is False
    temp_dir = Path(kwargs["_temp_dir"])
    assert temp_dir.parent == tmp_path / "tmp" and temp_dir.name.startswith("datong-ray-") and fake_ray.temp_existed
    assert not temp_dir.exists()  # removed once the cluster stopped
    assert fake_ray.seen_env["RAY_AUTH_TOKEN"] and len(fake_ray.seen_env["RAY_AUTH_TOKEN"]) == 64
    assert fake_ray.auth_logger_level == logging.ERROR  # Ray's line announcing the authentication it turns on
    assert logging.getLogger(AUTH_LOGGER).level == logging.NOTSET  # restored
    assert all(name not in os.environ for name in AUTH_VARS)  # the environment is restored
    assert not (tmp_path / "home" / ".ray").exists()


def test_the_users_own_token_settings_are_kept(fake_ray, monkeypatch):
    monkeypatch.setenv("RAY_AUTH_TOKEN_PATH", "/somewhere/token")
    run_on_ray(["a"], "local", 1, lambda key, tally: None)
    assert fake_ray.seen_env == {"RAY_AUTH_MODE": None, "RAY_AUTH_TOKEN": None, "RAY_AUTH_TOKEN_PATH": "/somewhere/token"}
    assert fake_ray.auth_logger_level == logging.NOTSET  # the user's settings: Ray's lines as Ray writes them
    assert local_auth_env({"RAY_AUTH_MODE": "disabled"}) == {}
    token = local_auth_env({})["RAY_AUTH_TOKEN"]
    assert set(local_auth_env({})) == {"RAY_AUTH_TOKEN"} and len(token) == 64 and int(token, 16) >= 0
    assert local_auth_env({})["RAY_AUTH_TOKEN"] == token  # one per process: Ray's driver keeps the first it reads


def test_joining_a_cluster_makes_no_temp_folder_and_sets_nothing(fake_ray, tmp_path):
    run_on_ray(["a"], "10.0.0.1:6379", 4, lambda key, tally: None)
    (_, kwargs), _ = fake_ray.calls
    assert kwargs == {"logging_level": logging.WARNING, "log_to_driver": False, "address": "10.0.0.1:6379"}
    assert fake_ray.seen_env == dict.fromkeys(AUTH_VARS) and list((tmp_path / "tmp").iterdir()) == []
    assert "RAY_AUTH_MODE" not in os.environ


def test_ray_already_initialised_is_used_as_it_is(fake_ray):
    fake_ray.initialized = True
    run_on_ray(["a", "b"], "local", 1, lambda key, tally: None)
    assert fake_ray.calls == []  # neither started nor stopped here


def _interrupt(key, tally):
    raise KeyboardInterrupt


def test_an_interrupted_run_ends_its_own_cluster_without_cancels_and_still_cleans_up(fake_ray, tmp_path):
    # no ray.cancel on a connection the run made: a cancel racing a finished task's reply made Ray's core worker
    # abort the driver (exit 1 instead of 130/143, seen in the real-Ray stop test); the shutdown ends the tasks
    with pytest.raises(KeyboardInterrupt):
        run_on_ray(["a", "b", "c"], "local", 1, _interrupt)
    assert [name for name, _ in fake_ray.calls] == ["init", "shutdown"]
    assert list((tmp_path / "tmp").iterdir()) == [] and all(name not in os.environ for name in AUTH_VARS)


def test_an_interrupted_run_in_the_caller_s_ray_session_cancels_the_tasks_left(fake_ray):
    fake_ray.initialized = True  # the session outlives the run: its tasks left are cancelled, it is not shut down
    with pytest.raises(KeyboardInterrupt):
        run_on_ray(["a", "b", "c"], "local", 1, _interrupt)
    assert [name for name, _ in fake_ray.calls] == ["cancel", "cancel"]


def _ray_handler(signum, frame):  # what ray.init installs for SIGTERM: exit at once, status 15
    sys.exit(signum)


def test_the_process_signal_handlers_survive_ray_init(fake_ray, monkeypatch):
    """ray.init replaces SIGTERM's handler with one that exits 15 (no report written); the run keeps the command's."""
    def init(**kwargs):
        signal.signal(signal.SIGTERM, _ray_handler)
        signal.signal(signal.SIGINT, _ray_handler)

    monkeypatch.setattr(fake_ray, "init", init, raising=False)

    def mine(signum, frame):
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, mine)
    try:
        seen = []
        run_on_ray(["a"], "local", 1, lambda key, tally: seen.append(signal.getsignal(signal.SIGTERM)))
        assert seen == [mine] and signal.getsignal(signal.SIGINT) is not _ray_handler
    finally:
        signal.signal(signal.SIGTERM, before)


def test_sigterm_while_ray_starts_is_the_commands_interrupt(fake_ray, monkeypatch):
    """SIGTERM while ray.init runs meets Ray's handler (exit 15): it is handed to the command's own handler, and
    Ray is shut down."""
    def init(**kwargs):
        signal.signal(signal.SIGTERM, _ray_handler)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the signal is handled before this ends

    monkeypatch.setattr(fake_ray, "init", init, raising=False)

    class Stopped(KeyboardInterrupt):
        pass

    def mine(signum, frame):
        raise Stopped

    before = signal.signal(signal.SIGTERM, mine)
    try:
        with pytest.raises(Stopped):
            run_on_ray(["a"], "local", 1, lambda key, tally: None)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert [name for name, _ in fake_ray.calls] == ["shutdown"]


def test_an_error_of_ray_init_is_one_line(fake_ray, monkeypatch):
    def init(**kwargs):
        raise ConnectionError("Could not find any running Ray instance.\nPlease specify the one to connect to.")

    monkeypatch.setattr(fake_ray, "init", init, raising=False)
    with pytest.raises(RayUnavailable) as err:
        run_on_ray(["a"], "auto", 1, lambda key, tally: None)
    assert str(err.value) == "--ray auto: Ray could not join a cluster: Could not find any running Ray instance."


def test_joining_a_cluster_that_never_answers_is_given_up(fake_ray, monkeypatch):
    monkeypatch.setattr(ray_runner, "CONNECT_SECONDS", 0.3)
    monkeypatch.setattr(fake_ray, "init", lambda **kwargs: time.sleep(30), raising=False)
    started = time.monotonic()
    with pytest.raises(RayUnavailable, match=r"^--ray 10.0.0.1:6379: no Ray cluster could be joined there within 0.3 s"):
        run_on_ray(["a"], "10.0.0.1:6379", 1, lambda key, tally: None)
    assert time.monotonic() - started < 5
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # the timer is off again


def test_the_temp_root_is_the_system_temp_dir():
    assert temp_root({"RAY_TMPDIR": "/scratch"}) == "/scratch"
    assert temp_root({}, "linux") == tempfile.gettempdir()
    assert temp_root({}, "darwin") == "/tmp"  # Ray's own choice there: the sockets' paths must stay short
    assert init_args("local", 0, "/t")["num_cpus"] == 1


@pytest.mark.slow
def test_simulate_on_a_local_ray_cluster_prints_no_ray_lines_and_writes_nothing_home(tmp_path):
    """One real local cluster: the command's stderr holds no line of Ray's, and nothing is written under the home
    folder (Ray would save its token to ~/.ray/auth_token)."""
    pytest.importorskip("ray")
    home = tmp_path / "home"
    home.mkdir()
    before = set(Path(tempfile.gettempdir()).glob("datong-ray-*"))
    env = {**{k: v for k, v in os.environ.items() if k not in AUTH_VARS}, "HOME": str(home),
           "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run([sys.executable, "-m", "datong_rules", "simulate", "huolong/li-zhijiang", "--hands", "20",
                           "--ray", "local", "--workers", "1"], capture_output=True, text=True, timeout=600, env=env,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert " INFO " not in done.stderr and " WARNING " not in done.stderr and "ray" not in done.stderr.lower(), \
        done.stderr
    assert list(home.iterdir()) == []
    assert set(Path(tempfile.gettempdir()).glob("datong-ray-*")) <= before  # the cluster's folder is removed


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("signum, status", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_stopped_run_on_a_local_ray_cluster_reports_its_finished_shards(tmp_path, signum, status):
    """SIGTERM (what CI and docker send) or SIGINT during --ray local: status 143 or 130, the JSON and HTML reports
    written from the shards that finished, marked interrupted, with as many shards of each variant played."""
    pytest.importorskip("ray")
    pytest.importorskip("matplotlib")
    ray_tmp = Path(tempfile.mkdtemp(prefix="dr-", dir="/tmp"))  # short: Ray's socket paths must fit in 107 bytes
    env = {**{k: v for k, v in os.environ.items() if k not in AUTH_VARS}, "RAY_TMPDIR": str(ray_tmp),
           "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    out, page = tmp_path / "sim.json", tmp_path / "sim.html"
    proc = subprocess.Popen([sys.executable, "-m", "datong_rules", "simulate", "biedan-guide", "biedan-guide",
                             "--hands", "200000", "--ray", "local", "--workers", "1", "--json", str(out), "--html",
                             str(page)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=tmp_path)
    deadline = time.monotonic() + 120
    while (not list(ray_tmp.glob("datong-ray-*/session_*")) and proc.poll() is None
           and time.monotonic() < deadline):
        time.sleep(0.5)  # the local cluster is starting
    time.sleep(8)  # a few shards of 500 hands
    proc.send_signal(signum)
    stdout, stderr = proc.communicate(timeout=120)
    shutil.rmtree(ray_tmp, ignore_errors=True)
    assert proc.returncode == status, stderr
    assert "error: interrupted" in stderr and "INTERRUPTED:" in stdout
    doc = json.loads(out.read_text(encoding="utf-8"))
    run = doc["run"]
    assert run["interrupted"] is True and run["ray"] == "local" and 0 <= run["shards_done"] < run["shards_total"]
    hands = [v["hands"] for v in doc["results"]["variants"]]
    assert abs(hands[0] - hands[1]) <= 504 * 2  # interleaved: the variants within a shard or two of each other
    assert "The run was interrupted" in page.read_text(encoding="utf-8")
