"""Random-bot hands per second of the 憋蛋 Biedan engine on one core (target ≥ 2,000).

A hand is dealt, buried, played out and exchanged with :meth:`HandState.random_action` for every seat (the random
bot), actions applied without re-checking (the bot only makes legal actions; the property test checks that), and
the bank passed on through :class:`Match`. Sessions of ``match.hands`` hands are played until ``-n`` hands are done.
The rate is hands per second of CPU time of this (single-threaded) process, so that other work on a shared machine
does not count; the wall-clock rate is printed beside it.

    python benchmarks/bench_biedan.py                      # biedan/biedan-guide, 5,000 hands
    python benchmarks/bench_biedan.py -n 20000 --profile   # cProfile of the hot path
    python benchmarks/bench_biedan.py --check              # re-check every action (slower: the legality cost)
"""

from __future__ import annotations

import cProfile
import pstats

from random_hands import parser as command_line
from random_hands import play
from measured import require

TARGET = 2000.0
"""Hands per second wanted."""


def main() -> int:
    args = command_line(__doc__, 5000, "biedan/biedan-guide").parse_args()
    play(args.variant, 200, args.seed, args.check)  # warm up (variant loading, tables)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
    hands, actions, seconds, wall = play(args.variant, args.n, args.seed, args.check)
    if args.profile:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(18)
    require(hands, "hand played", f"-n {args.n}")
    require(actions, "action applied")
    rate = hands / seconds
    print(f"{args.variant}: {hands} hands, {actions} actions in {seconds:.2f} s of CPU ({wall:.2f} s wall): "
          f"{rate:,.0f} hands/s on one core ({hands / wall:,.0f} by the wall clock; "
          f"{actions / hands:.1f} actions a hand){' with checks' if args.check else ''} · target {TARGET:,.0f}: "
          + ("met" if rate >= TARGET else "NOT met"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
