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
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .shards import Shard, Tally, play_shard

AUTH_VARS = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
"""Ray's environment variables of token authentication (Ray ≥ 2.52): the user's own settings, when any is set."""

AUTH_LOGGER = "ray._private.authentication.authentication_token_setup"
"""The logger of Ray's line "Token authentication is enabled for this Ray cluster …", kept to errors while a local
cluster starts with the token of :func:`local_auth_env` (a renamed logger only lets the line through again)."""


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


@contextlib.contextmanager
def connected(ray: Any, address: str, workers: int) -> Iterator[None]:
    """Ray initialised for the block (:func:`init_args`), shut down after if it was started here; a local
    cluster's temp folder (made under :func:`temp_root`) is removed after it stops. Nothing is done when Ray is
    already initialised in this process."""
    if ray.is_initialized():
        yield
        return
    local = address == "local"
    temp_dir = tempfile.mkdtemp(prefix="datong-ray-", dir=temp_root()) if local else None
    auth = local_auth_env() if local else {}
    try:
        with _environment(auth):
            with _quiet(AUTH_LOGGER, bool(auth)):
                ray.init(**init_args(address, workers, temp_dir))
            try:
                yield
            finally:
                ray.shutdown()
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
        KeyboardInterrupt: the run was interrupted; the tasks not finished are cancelled first.
    """
    import ray

    with connected(ray, address, workers):
        remote = ray.remote(num_cpus=1, max_retries=0)(_play)
        pending = [remote.remote(shard) for shard in shards]
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    done(*ray.get(ref))
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
