"""Benchmark: what the default (greedy) bots cost per hand against the random bots, in each game, and how long a
million hands would take.

For one variant of each game and each bot kind, shards of ``simulate`` (the same seeds for both kinds, whole matches,
the game's measures observing every hand) are played in this process with :func:`datong_rules.simulate.shards.
play_shard`:

* **random/s**, **greedy/s**: hands per CPU second with the random bots (the anchor) and with the default bots;
* **cost ×**: the greedy bots' CPU seconds per hand over the random bots' (target at most 5, ``!`` when over);
* **1M on 16 cores**: a million hands with the default bots on one 16-core node (Ray or local processes), from
  the rate per core divided by 16: an ideal the parallel efficiency lowers (``bench_simulate.py`` measures it on
  two cores; goal under 5 minutes).

CPU seconds are this process's, user and system (``time.process_time``). Usage::

    python benchmarks/bench_bots.py [--games biedan,dadun,huolong] [--hands 1000] [--repeat 2] [--seed 1]

Every figure is the best of ``--repeat`` runs. A script, not a timed test.
"""

from __future__ import annotations

import argparse
import time

from measured import require
from datong_rules.reference_impl.variant import open_variant
from datong_rules.simulate.shards import entrant_of, plan, play_shard

VARIANTS = {"biedan": "biedan/biedan-guide", "dadun": "dadun/dadun-guide", "huolong": "huolong/datong-guide"}
KINDS = ("random", "greedy")
COST_TARGET = 5.0
NODE_CORES = 16


MIN_CPU_SECONDS = 0.2


def _cpu() -> float:
    """This process's CPU seconds, at the clock's full resolution (``os.times`` counts in 10 ms ticks)."""
    return time.process_time()


def rate(variant: str, kind: str, hands: int, seed: int, repeat: int) -> float:
    """Hands per CPU second of ``simulate``'s shards of ``variant`` with bots of ``kind`` (best of ``repeat``).

    Each measurement plays ``hands`` more until it has taken at least ``MIN_CPU_SECONDS``, so a small ``--hands``
    still measures a time the clock can see. Every pass deals new hands (seed ``seed``, ``seed + 1``, …): a hand
    played again would find the engine's memos (beating, readings, strengths) already filled with its own
    questions, which a long run never does.
    """
    entrant = entrant_of(open_variant(variant))
    best, passes = 0.0, 0
    for _ in range(repeat):
        start, played = _cpu(), 0
        while True:
            for shard in plan([entrant], "hands", hands, seed + passes, (kind,)):
                played += play_shard(shard).hands
            passes += 1
            spent = _cpu() - start
            if spent >= MIN_CPU_SECONDS:
                break
        require(played, "hands played", f"{variant} with {kind} bots")
        best = max(best, played / spent)
    return best


def main() -> None:
    """Print one row per game (see the module doc)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(VARIANTS))
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    require(args.hands, "hand to play", f"--hands {args.hands}")
    print(f"{'game':8} {'random/s':>9} {'greedy/s':>9} {'cost ×':>7} {'1M on 16 cores':>15}")
    for game in args.games.split(","):
        random_rate, greedy_rate = (rate(VARIANTS[game], kind, args.hands, args.seed, args.repeat) for kind in KINDS)
        cost = random_rate / greedy_rate
        node_seconds = 1e6 / (greedy_rate * NODE_CORES)
        flag = "!" if cost > COST_TARGET else " "
        print(f"{game:8} {random_rate:9.0f} {greedy_rate:9.0f} {cost:6.2f}{flag} {node_seconds / 60:12.1f} min")


if __name__ == "__main__":
    main()
