"""Playing the shards of a run: in this process, in local worker processes (:mod:`multiprocessing`), or on a Ray
cluster (the extra ``[scale]``), and stopping cleanly when interrupted.

:func:`run_shards` returns the tallies of the shards that finished, by ``(variant index, shard index)``, and whether
the run was interrupted (Ctrl-C, or SIGTERM, which the CLI raises as :class:`KeyboardInterrupt`). Worker processes
ignore SIGINT and take SIGTERM's default action, so that the main process alone decides: on an interrupt it ends the
workers and reports what finished.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .shards import Shard, Tally, play_shard

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called after each shard finishes."""


def default_workers() -> int:
    """The number of cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@dataclass
class Played:
    """What :func:`run_shards` returns: ``tallies`` by ``(variant index, shard index)`` of the shards that finished,
    and ``interrupted`` when the run was stopped before every shard finished."""

    tallies: dict[tuple[int, int], Tally] = field(default_factory=dict)
    interrupted: bool = False


def _worker_signals() -> None:
    """In a worker process: Ctrl-C (sent to the whole process group) is left to the main process; SIGTERM (sent
    by the main process to end the workers) ends the worker at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _indexed(shard: Shard) -> tuple[tuple[int, int], Tally]:
    return (shard.variant_index, shard.index), play_shard(shard)


def run_shards(shards: Sequence[Shard], workers: int = 1, ray_address: str | None = None,
               progress: Progress | None = None) -> Played:
    """Play ``shards`` and collect their tallies.

    Args:
        shards: the shards of the run (:func:`.shards.plan`).
        workers: local processes to use (1: play in this process); for ``ray_address == "local"``, the CPUs of
            the local Ray cluster started.
        ray_address: None for local processes; ``"local"`` to start a local Ray cluster; else the address of a
            running Ray cluster (``ray://host:10001``, ``host:6379``, ``auto``).
        progress: called after each finished shard with ``(done, total)``.

    Returns:
        The tallies of the finished shards; ``interrupted`` when Ctrl-C or SIGTERM stopped the run.

    Raises:
        ImportError: Ray is asked for and not installed (``pip install 'datong-rules[scale]'``).
        Exception: any error a shard raised (an illegal bot action, a game without measures).
    """
    played = Played()

    def done(key: tuple[int, int], tally: Tally) -> None:
        played.tallies[key] = tally
        if progress is not None:
            progress(len(played.tallies), len(shards))

    try:
        if ray_address is not None:
            from .ray_runner import run_on_ray

            run_on_ray(shards, ray_address, workers, done)
        elif workers <= 1 or len(shards) <= 1:
            for shard in shards:
                done(*_indexed(shard))
        else:
            _run_pool(shards, workers, done)
    except KeyboardInterrupt:
        played.interrupted = True
    return played


def _run_pool(shards: Sequence[Shard], workers: int, done: Callable[[tuple[int, int], Tally], None]) -> None:
    """Play the shards on ``workers`` local processes (the platform's default start method), each shard's tally
    handed to ``done`` as it finishes; the processes are ended at once on an interrupt or an error."""
    pool: Any = multiprocessing.get_context().Pool(min(workers, len(shards)), initializer=_worker_signals)
    try:
        for key, tally in pool.imap_unordered(_indexed, shards, chunksize=1):
            done(key, tally)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
