"""Playing shards on a Ray cluster (the extra ``[scale]``: ``pip install 'datong-rules[scale]'``): each shard is one
Ray task running :func:`.shards.play_shard`; Ray ships the shard (variant rules, bots, seed) and its tally back.

``--ray local`` starts a cluster on this machine (``ray.init()``) and stops it at the end; any other address joins
a running cluster (``ray.init(address=…)``), which must have the same version of the kit installed.

Ray is kept quiet and tidy: its driver logs only warnings and errors (``logging_level``), the workers' output is not
copied to the terminal (``log_to_driver=False``). A local cluster keeps its files in a folder of its own under the
system temp dir (:func:`temp_root`), removed when the cluster stops. Ray (≥ 2.59) starts a local cluster with token
authentication and, without a token, generates one, saves it to ``~/.ray/auth_token`` and says so; here the cluster
gets a token held in the environment instead (:func:`local_auth_env`), so that nothing is written under ``~/.ray``,
and the line announcing the authentication Ray turns on is left out (:data:`AUTH_LOGGER`). A token set up by the
user (``RAY_AUTH_MODE``, ``RAY_AUTH_TOKEN``, ``RAY_AUTH_TOKEN_PATH``) is used as it is.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import secrets
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .shards import Shard, Tally, play_shard

AUTH_VARS = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
"""Ray's environment variables of token authentication (Ray ≥ 2.52): the user's own settings, when any is set."""

AUTH_LOGGER = "ray._private.authentication.authentication_token_setup"
"""The logger of Ray's line "Token authentication is enabled for this Ray cluster …", kept to errors while a local
cluster starts with the token of :func:`local_auth_env` (a renamed logger only lets the line through again)."""


CONNECT_SECONDS = 20.0
"""How long joining a running cluster (``ray.init(address=…)``) may take before the run is given up (Ray's own wait
is minutes); the address has passed :func:`.ray_address.address_problem` by then."""


class RayUnavailable(RuntimeError):
    """No Ray cluster could be joined at the address (the message is one line, naming the address)."""


@functools.lru_cache(maxsize=1)
def _process_token() -> str:
    """One random token (64 hex digits) for every local cluster of this process: Ray's driver keeps the first token
    it reads, so each cluster started here must be given the same one."""
    return secrets.token_hex(32)


def _play(shard: Shard) -> tuple[tuple[int, int], Tally]:
    return (shard.variant_index, shard.index), play_shard(shard)


def temp_root(environ: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """The folder under which a local cluster's own temp folder is made: ``RAY_TMPDIR`` when set, else the system
    temp dir (:func:`tempfile.gettempdir`); on macOS ``/tmp``, as Ray itself chooses there, since the per-user temp
    dir is too deep for the 104-byte paths of Ray's Unix sockets."""
    environ = os.environ if environ is None else environ
    if environ.get("RAY_TMPDIR"):
        return environ["RAY_TMPDIR"]
    return "/tmp" if (platform or sys.platform) == "darwin" else tempfile.gettempdir()


def local_auth_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment a local cluster is started with for token authentication: ``{}`` when the user set any of
    :data:`AUTH_VARS` (Ray reads them as they are); else ``RAY_AUTH_TOKEN``, a random token of this process, which
    Ray (≥ 2.59, token authentication on by default for a local cluster) uses instead of generating one and saving
    it to ``~/.ray/auth_token``."""
    environ = os.environ if environ is None else environ
    if any(name in environ for name in AUTH_VARS):
        return {}
    return {"RAY_AUTH_TOKEN": _process_token()}


def init_args(address: str, workers: int, temp_dir: str | None) -> dict[str, Any]:
    """The keyword arguments of ``ray.init`` for ``address`` (``"local"`` or a cluster's address): only warnings
    and errors from Ray's driver logger, no worker output on the terminal; for a local cluster ``workers`` CPUs
    (at least 1), no dashboard, and ``temp_dir`` as its root temp folder."""
    args: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    if address == "local":
        return {**args, "num_cpus": max(1, workers), "include_dashboard": False, "_temp_dir": temp_dir}
    return {**args, "address": address}


@contextlib.contextmanager
def _environment(values: Mapping[str, str]) -> Iterator[None]:
    """``os.environ`` with ``values`` set for the block (Ray's processes inherit them); Ray's :data:`AUTH_VARS` and
    the names of ``values`` restored after (Ray sets ``RAY_AUTH_MODE`` itself when it turns authentication on)."""
    saved = {name: os.environ.get(name) for name in (*AUTH_VARS, *values)}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextlib.contextmanager
def _quiet(logger_name: str, active: bool) -> Iterator[None]:
    """The logger ``logger_name`` kept to errors for the block when ``active``, its level restored after."""
    logger = logging.getLogger(logger_name)
    level = logger.level
    if active:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


class _Deadline(BaseException):
    """Raised in the main thread when joining a cluster takes longer than :data:`CONNECT_SECONDS`."""


@contextlib.contextmanager
def _deadline(seconds: float | None) -> Iterator[None]:
    """The block stopped with :class:`_Deadline` after ``seconds`` (a real-time timer, in the main thread of a POSIX
    system only; elsewhere, or with ``seconds`` None, the block is not bounded)."""
    bounded = (seconds is not None and hasattr(signal, "setitimer")
               and threading.current_thread() is threading.main_thread())
    if not bounded:
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise _Deadline

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def _signals_kept() -> Iterator[None]:
    """The handlers of SIGINT and SIGTERM as they were before the block, put back after it: ``ray.init`` replaces
    SIGTERM's with one that exits at once (status 15) and its core installs a handler that kills the process, so
    that a stopped run would report nothing; the command's own handlers (:func:`datong_rules.cli.output.
    sigterm_as_interrupt`) end it cleanly instead, its finished shards reported."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    names = [name for name in ("SIGINT", "SIGTERM") if hasattr(signal, name)]
    saved = {name: signal.getsignal(getattr(signal, name)) for name in names}
    try:
        yield
    finally:
        for name, handler in saved.items():
            if handler is not None:
                signal.signal(getattr(signal, name), handler)


def _shutdown(ray: Any) -> None:
    """``ray.shutdown()`` with the process's signal handlers kept, whatever it raises (a cluster half started)."""
    with _signals_kept(), contextlib.suppress(Exception):
        ray.shutdown()


def _init(ray: Any, address: str, workers: int, temp_dir: str | None) -> None:
    """``ray.init`` for ``address``, joining a running cluster within :data:`CONNECT_SECONDS`; stopped cleanly by
    SIGTERM or Ctrl-C meanwhile (Ray's SIGTERM handler exits with status 15: the signal is given again to the
    process's own handler, put back, which raises the command's interrupt).

    Raises:
        RayUnavailable: the cluster could not be joined (Ray's error or the deadline), one line.
        KeyboardInterrupt: stopped while Ray was starting (Ray shut down first).
    """
    local = address == "local"
    try:
        with _signals_kept(), _deadline(None if local else CONNECT_SECONDS):
            ray.init(**init_args(address, workers, temp_dir))
    except _Deadline:
        _shutdown(ray)
        raise RayUnavailable(f"--ray {address}: no Ray cluster could be joined there within {CONNECT_SECONDS:g} s "
                             "(is it a Ray cluster of the same Ray version?)") from None
    except SystemExit as stop:
        if not hasattr(signal, "SIGTERM") or stop.code != signal.SIGTERM:
            raise
        _shutdown(ray)
        signal.raise_signal(signal.SIGTERM)  # the process's own handler: the command's interrupt, status 143
        raise
    except KeyboardInterrupt:
        _shutdown(ray)
        raise
    except Exception as err:  # Ray's ConnectionError, RuntimeError, ValueError … : one line, not a traceback
        first = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise RayUnavailable(f"--ray {address}: Ray could not {'start' if local else 'join'} a cluster: "
                             f"{first}") from None


@contextlib.contextmanager
def connected(ray: Any, address: str, workers: int) -> Iterator[None]:
    """Ray initialised for the block (:func:`init_args`; joining a running cluster bounded by
    :data:`CONNECT_SECONDS`; the process's SIGINT and SIGTERM handlers kept), shut down after if it was started
    here; a local cluster's temp folder (made under :func:`temp_root`) is removed after it stops. Nothing is done
    when Ray is already initialised in this process.

    Raises:
        RayUnavailable: the cluster could not be started or joined (one line).
    """
    if ray.is_initialized():
        yield
        return
    local = address == "local"
    temp_dir = tempfile.mkdtemp(prefix="datong-ray-", dir=temp_root()) if local else None
    auth = local_auth_env() if local else {}
    try:
        with _environment(auth):
            with _quiet(AUTH_LOGGER, bool(auth)):
                _init(ray, address, workers, temp_dir)
            try:
                yield
            finally:
                _shutdown(ray)
    finally:
        if temp_dir is not None:
            shutil.rmtree(temp_dir, ignore_errors=True)


def run_on_ray(shards: Sequence[Shard], address: str, workers: int,
               done: Callable[[tuple[int, int], Tally], None]) -> None:
    """Play ``shards`` as Ray tasks; ``done(key, tally)`` as each finishes (in the order they finish).

    Args:
        address: ``"local"`` (a cluster started here with ``workers`` CPUs) or the address of a running cluster.

    Raises:
        ImportError: Ray is not installed.
        RayUnavailable: no cluster could be started or joined at ``address`` (one line).
        KeyboardInterrupt: the run was interrupted (Ctrl-C, or SIGTERM as the CLI raises it). The tasks not finished
            stop with the connection this run made (Ray ends a driver's tasks when it disconnects); in a Ray session
            the caller started, which stays up, they are cancelled.
    """
    import ray

    owned = not ray.is_initialized()
    with connected(ray, address, workers):
        remote = ray.remote(num_cpus=1, max_retries=0)(_play)
        pending = [remote.remote(shard) for shard in shards]
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    done(*ray.get(ref))
        except BaseException:
            if not owned:  # cancelling races replies on their way: Ray's core worker then aborts the driver (seen
                for ref in pending:  # with force=True and force=False alike), so only a session that outlives
                    ray.cancel(ref, force=False)  # this run gets cancels; shutdown ends an owned one's tasks
            raise
