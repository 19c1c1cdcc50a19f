"""Speed of the 打墩 Dadun engine on one core: random-bot hands per second (target ≥ 300) and legal_play_count on a
full 40-card hand (target < 5 ms).

Hands are played through :class:`Match` with :meth:`HandState.random_action` for every seat; actions are applied
without re-checking unless ``--check`` (the random bot only makes legal actions; tests check that). Rates are per
second of CPU time of this single-threaded process (wall-clock beside it), so other work on a shared machine does not
count. legal_play_count is timed on the first 40 cards of shuffled packs, leading (no table), at level 2 and 8.

    python benchmarks/bench_dadun.py                 # 200 hands, 20 counts
    python benchmarks/bench_dadun.py -n 1000 --check
    python benchmarks/bench_dadun.py --profile
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time

from datong_rules.reference_impl.climbing.cardset import full_pack
from datong_rules.reference_impl.dadun.rules import rules_for
from random_hands import parser as command_line
from random_hands import play
from measured import require

HANDS_TARGET = 300.0
"""Random-bot hands per second wanted."""
COUNT_TARGET_MS = 5.0
"""Milliseconds wanted for legal_play_count on a 40-card hand."""


def count(variant: str, hands: int, seed: int) -> tuple[float, float, int]:
    """(mean ms, max ms, mean plays) of legal_play_count on 40-card hands, fresh caches each time."""
    from datong_rules.reference_impl.dadun import combinations
    from datong_rules.reference_impl.dadun.ops import OPS
    rules = rules_for(variant)
    rng = random.Random(seed)
    times, plays = [], []
    for i in range(hands):
        pack = full_pack(3)
        rng.shuffle(pack)
        combinations._CACHE.clear()
        start = time.process_time()
        answer = OPS["legal_play_count"](rules, {"hand": pack[:40], "level": "8" if i % 2 else "2"})
        plays.append(answer["plays"])
        times.append(1000 * (time.process_time() - start))
    return sum(times) / len(times), max(times), sum(plays) // len(plays)


def main() -> int:
    parser = command_line(__doc__, 200, "dadun/dadun-guide")
    parser.add_argument("--counts", type=int, default=20, help="40-card hands to count (default 20)")
    args = parser.parse_args()
    if args.profile:
        cProfile.runctx("play(args.variant, args.n, args.seed, args.check)", globals(), locals(), "/tmp/dadun.prof")
        pstats.Stats("/tmp/dadun.prof").sort_stats("tottime").print_stats(20)
        return 0
    rules_for(args.variant)  # load the variant outside the timing
    hands, actions, cpu, wall = play(args.variant, args.n, args.seed, args.check)
    require(hands, "hand played", f"-n {args.n}")
    rate = hands / cpu
    print(f"random-bot hands: {hands} hands, {actions} actions in {cpu:.2f} s CPU ({wall:.2f} s wall): "
          f"{rate:.0f} hands/s (target ≥ {HANDS_TARGET:.0f}){'' if args.check else ', actions not re-checked'}")
    require(args.counts, "hand counted", f"--counts {args.counts}")
    mean, worst, plays = count(args.variant, args.counts, args.seed)
    print(f"legal_play_count on a 40-card hand: mean {mean:.1f} ms, max {worst:.1f} ms over {args.counts} hands, "
          f"{plays} plays on average (target < {COUNT_TARGET_MS:.0f} ms)")
    return 0 if rate >= HANDS_TARGET and mean < COUNT_TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
