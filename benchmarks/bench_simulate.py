"""Benchmark: the harness of ``datong-rules simulate`` against the bare engine loop, its speedup from 1 to 2 worker
processes, and each game's rate per core with the time a million hands would take.

For one variant of each game, with the same bots and the same hands (the same shard seeds):

* **bare/s**: hands per CPU second of the bare loop (the same matches played one hand at a time through
  ``Match.play``, nothing observed);
* **harness**: CPU seconds of ``simulate(workers=1)`` with measures that observe nothing (shards planned, hands
  handed to the observer, tallies merged, results with intervals) over the bare loop's: the harness's own overhead,
  target at most 1.10 (``!`` when over);
* **+measures**: the same with the game's own measures module (``reference_impl/<game>/measures.py``): what
  observing every hand costs on top;
* **speedup**: wall seconds of ``simulate(workers=1)`` over ``simulate(workers=2)`` (local processes); target at
  least 1.8 (``!`` when under) on a 2-core machine that nothing else is using (the load average is printed: other
  work on the machine takes cores from the run);
* **cpu 1/2**: CPU seconds of the one-worker run over those of the two-worker run (this process and its workers,
  their start included): the parallel efficiency in work, which a busy machine does not change (the wall-clock
  speedup it does);
* **hands/s**: hands per CPU second of the harness with the game's measures (the rate per core); a million hands on
  one core, and on a 16-core node (the one-core time divided by 16, and by 16 × the efficiency in work).

CPU seconds are those of this process and of its ended children (``resource.getrusage``), user and system.

Usage::

    python benchmarks/bench_simulate.py [--games biedan,dadun,huolong] [--scale 1.0] [--repeat 2] [--seed 1]

Every figure is the best of ``--repeat`` runs. A script, not a timed test.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import random
import time
import types

from measured import require
from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import open_variant
from datong_rules.simulate import simulate
from datong_rules.simulate.shards import Entrant, entrant_of, plan
from datong_rules.simulate.shards import _bots as shard_bots

VARIANTS = {"biedan": "biedan/biedan-guide", "dadun": "dadun/dadun-guide", "huolong": "huolong/datong-guide"}
HANDS = {"biedan": 2000, "dadun": 1000, "huolong": 2000}
"""Hands per game at ``--scale 1`` (4, 2 and 4 shards: enough for two workers to share)."""

BOTS = ("random",)
OVERHEAD_TARGET, SPEEDUP_TARGET = 1.10, 1.8


def bare_loop(entrant: Entrant, hands: int, seed: int) -> tuple[int, float]:
    """The same hands as ``simulate`` plays (the same shards, match seeds and bots), played with nothing observed;
    returns (hands played, CPU seconds)."""
    game = entrant.game
    state_api = game.facet("state")
    start = _cpu()
    played = 0
    for shard in plan([entrant], "hands", hands, seed, BOTS):
        rng = random.Random(shard.seed)
        bots = shard_bots(game, BOTS, random.Random(rng.getrandbits(64)), entrant.rules.players)
        count = 0
        while count < shard.count:  # whole matches, as simulate plays them
            match = state_api.Match(entrant.rules, rng.getrandbits(64))
            while not match.over:
                match.play(bots, hands=1)
                count += 1
        played += count
    return played, _cpu() - start


def without_measures(entrant: Entrant) -> Entrant:
    """The same entrant with a game whose measures observe nothing (same ``MEASURES``): the harness's own cost
    (shards, tallies, results) apart from what the game's measures cost. In this process only (workers=1)."""
    real = entrant.game.facet("measures")
    null = types.SimpleNamespace(MEASURES=real.MEASURES, observe_hand=lambda state: {},
                                 rules_fired=lambda state: frozenset(), observe_match=lambda hands: {})
    game = games.Game(entrant.game.id, entrant.game.name, entrant.game.family, entrant.game.package)
    game._modules["measures"] = null  # the registry's facet cache, filled by hand
    return dataclasses.replace(entrant, game=game)


def _cpu() -> float:
    """CPU seconds used so far by this process and its ended children (worker processes), user and system."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime  # microseconds, not os.times' ticks


def harness(entrant: Entrant, hands: int, seed: int, workers: int) -> tuple[int, float, float]:
    """``simulate`` of the entrant; returns (hands played, CPU seconds of this process and its workers, wall
    seconds)."""
    cpu, wall = _cpu(), time.perf_counter()
    doc = simulate([entrant], unit="hands", count=hands, seed=seed, bots=BOTS, workers=workers)
    return doc["results"]["variants"][0]["hands"], _cpu() - cpu, time.perf_counter() - wall


def _duration(seconds: float) -> str:
    return f"{seconds / 3600:.1f} h" if seconds >= 3600 else f"{seconds / 60:.1f} min"


def bench_game(game_id: str, hands: int, seed: int, repeat: int) -> None:
    """Measure one game and print its line."""
    entrant = entrant_of(open_variant(VARIANTS[game_id]))
    harness(entrant, 20, seed, 1)  # warm the caches (rankings, tables) outside the timing
    bare = min((bare_loop(entrant, hands, seed) for _ in range(repeat)), key=lambda r: r[1])
    null = min((harness(without_measures(entrant), hands, seed, 1) for _ in range(repeat)), key=lambda r: r[1])
    one = min((harness(entrant, hands, seed, 1) for _ in range(repeat)), key=lambda r: r[1])
    two = min((harness(entrant, hands, seed, 2) for _ in range(repeat)), key=lambda r: r[2])
    require(bare[0], f"hand of {game_id} in the bare loop")
    require(one[0], f"hand of {game_id} in the harness")
    assert bare[0] == null[0] == one[0] == two[0] >= hands, (bare[0], null[0], one[0], two[0])  # whole matches
    hands = bare[0]
    speedup = one[2] / two[2]
    rate = one[0] / one[1]
    million = 1_000_000 / rate
    efficiency = min(1.0, one[1] / two[1])  # CPU of one worker's run over CPU of two workers' (their start included)
    flags = ("" if null[1] / bare[1] <= OVERHEAD_TARGET else "!", "" if speedup >= SPEEDUP_TARGET else "!")
    print(f"{VARIANTS[game_id]:22} {hands:6} {hands / bare[1]:8.0f} {null[1] / bare[1]:8.3f}{flags[0]:1} "
          f"{one[1] / bare[1]:9.3f} {speedup:6.2f}{flags[1]:1} {efficiency:7.3f} {rate:8.0f} "
          f"{_duration(million):>10} {_duration(million / 16):>8} {_duration(million / 16 / efficiency):>10}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(VARIANTS), help="games to measure, comma-separated")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the hands of every game by this")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each measurement; the best is reported")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in VARIANTS]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)} (expected some of {', '.join(VARIANTS)})")
    require(len(games), "game to measure", f"--games {args.games!r}")
    print(f"bots: {', '.join(BOTS)} · cores: {os.cpu_count()} · load average before: "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'variant':22} {'hands':>6} {'bare/s':>8} {'harness':>9} {'+measures':>9} {'1→2':>7} {'cpu 1/2':>7} "
          f"{'hands/s':>8} {'1M, 1 core':>10} {'1M, 16':>8} {'1M, 16 eff':>10}")
    for game_id in games:
        hands = require(round(HANDS[game_id] * args.scale), f"hand of {game_id} to play", f"--scale {args.scale}")
        bench_game(game_id, hands, args.seed, max(1, args.repeat))


if __name__ == "__main__":
    main()
