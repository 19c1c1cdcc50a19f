"""Playing shards on a Ray cluster (the extra ``[scale]``: ``pip install 'datong-rules[scale]'``): each shard is one
Ray task running :func:`.shards.play_shard`; Ray ships the shard (variant rules, bots, seed) and its tally back.

``--ray local`` starts a cluster on this machine (``ray.init()``) and stops it at the end; any other address joins
a running cluster (``ray.init(address=…)``), which must have the same version of the kit installed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .shards import Shard, Tally, play_shard


def _play(shard: Shard) -> tuple[tuple[int, int], Tally]:
    return (shard.variant_index, shard.index), play_shard(shard)


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

    started = not ray.is_initialized()
    if started:
        if address == "local":
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
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
    finally:
        if started:
            ray.shutdown()
