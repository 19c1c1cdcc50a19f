"""Benchmark: random-bot full Huolong hands per second, per variant, on one core.

A hand is the whole lifecycle: shuffle and deal card by card with the declaration, bury, star
burial, every trick, settlement. Hands are played inside matches (so levels, bankers and kept trump
suits vary as in real play); redealt deals are counted apart and their time is included.

Usage::

    python benchmarks/bench_hands.py [--hands N] [--repeat R] [--seed S] [--profile-top K]

Prints hands/s per variant (target: at least 250), measured in CPU time of this process (one core), the
best of R runs, as other processes on the machine only ever slow a run down; then a cProfile summary of all variants together (top functions by own
time). A script, not a timed test. The time per decision beside OpenSpiel's ``hearts`` in the same run (the
sampled, validated and listing loops) is ``bench_climbing.py``'s.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time

from measured import require
from datong_rules.reference_impl.huolong.bots import RandomBot, play_hand
from datong_rules.reference_impl.huolong.match import Match
from datong_rules.reference_impl.huolong.rules import rules_for

VARIANTS = ("huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform")
TARGET = 250


def run(variant_id: str, hands: int, seed: int) -> tuple[int, int, float]:
    """Play ``hands`` settled hands of ``variant_id``; returns (settled, redealt, CPU seconds)."""
    rules = rules_for(variant_id)
    rng = random.Random(seed)
    bots = [RandomBot(rng) for _ in range(rules.players)]
    settled = redealt = 0
    match = Match(rules, seed)
    start = time.process_time()
    while settled < hands:
        if match.over:
            seed += 1
            match = Match(rules, seed)
        state = play_hand(match.new_hand(), bots)
        match.finish_hand(state)
        if state.phase == "settled":
            settled += 1
        else:
            redealt += 1
    return settled, redealt, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="settled hands per variant (default 1000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per variant; the best is reported")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile-top", type=int, default=20, help="functions in the profile summary")
    args = parser.parse_args()
    for variant_id in VARIANTS:  # warm the caches (variant loading, rankings) outside the timing
        run(variant_id, 5, args.seed)
    print(f"{'variant':28} {'hands':>6} {'redeals':>8} {'hands/s':>9} {'ms/hand':>8}")
    for variant_id in VARIANTS:
        settled, redealt, seconds = min((run(variant_id, args.hands, args.seed) for _ in range(args.repeat)),
                                        key=lambda r: r[2])
        require(settled, f"settled hand of {variant_id}", f"--hands {args.hands}")
        rate = settled / seconds
        flag = "" if rate >= TARGET else f"  (below the {TARGET}/s target)"
        print(f"{variant_id:28} {settled:6} {redealt:8} {rate:9.0f} {1000 * seconds / settled:8.2f}{flag}")
    profiler = cProfile.Profile()
    profiler.enable()
    for variant_id in VARIANTS:
        run(variant_id, max(1, args.hands // 5), args.seed + 1)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(args.profile_top)
    print("\nProfile (all variants, own time):")
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:6000])


if __name__ == "__main__":
    main()
