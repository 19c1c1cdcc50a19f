"""Benchmark: what the search bot (``search:N``) costs per decision against the default (greedy) bot, in each game.

For one variant of each game, the same seeded matches are played twice, seat 0 by a greedy bot (the anchor) and
then by a search bot of budget N, every other seat by greedy bots; seat 0's bot is timed at every decision it is
asked for (``choose``, or Huolong's ``choose_show``, ``choose_bury``, ``choose_load``, ``choose_play``):

* **greedy µs**, **search ms**: CPU time per decision of seat 0 (greedy in microseconds, search in milliseconds);
* **cost ×**: the search bot's CPU time per decision over the greedy bot's, in the same run;
* **rollouts**: the search bot's rollouts per decision (no rollout where it had one candidate);
* **s/hand**: CPU seconds per hand of the search run (what ``simulate --bots search,greedy,…`` costs per hand on one
  core).

CPU seconds are this process's (``time.process_time``). Usage::

    python benchmarks/bench_search_bot.py [--games biedan,dadun,huolong] [--hands 10] [--budget 32] [--seed 1]

A script, not a timed test.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from measured import require
from datong_rules.reference_impl import games
from datong_rules.reference_impl.bots import bots_of

VARIANTS = {"biedan": "biedan/biedan-guide", "dadun": "dadun/dadun-guide", "huolong": "huolong/li-zhijiang"}


class Timed:
    """A bot whose every ``choose…`` answer is timed (CPU seconds summed in ``seconds``, answers in ``decisions``)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.seconds, self.decisions = bot, 0.0, 0

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.bot, name)
        if not name.startswith("choose"):
            return found

        def timed(*args: Any) -> Any:
            start = time.process_time()
            answer = found(*args)
            self.seconds += time.process_time() - start
            self.decisions += 1
            return answer
        return timed


def run(game_id: str, kind: str, hands: int, seed: int) -> tuple[Timed, float, int]:
    """Seat 0 of ``kind``, the others greedy, ``hands`` hands of the game's variant from ``seed``: (seat 0's timed
    bot, CPU seconds of the run, hands played)."""
    game = games.get(game_id)
    rules = game.rules_for(VARIANTS[game_id])
    table = game.facet("bots").BOTS
    rng = random.Random(seed)
    seat0 = Timed(bots_of(table, kind, rng, 1)[0])
    bots = [seat0, *bots_of(table, "greedy", rng, rules.players - 1)]
    played: list[Any] = []
    start = time.process_time()
    game.facet("state").Match(rules, seed).play(bots, hands=hands, on_hand=played.append)
    return seat0, time.process_time() - start, len(played)


def main() -> None:
    """Print one row per game (see the module doc)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(VARIANTS))
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--budget", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    require(args.hands, "hand to play", f"--hands {args.hands}")
    print(f"search:{args.budget} against greedy, seat 0, {args.hands} hands per game")
    print(f"{'game':8} {'greedy µs':>10} {'search ms':>10} {'cost ×':>8} {'rollouts':>9} {'s/hand':>7}")
    for game in args.games.split(","):
        greedy, _, _ = run(game, "greedy", args.hands, args.seed)
        search, seconds, played = run(game, f"search:{args.budget}", args.hands, args.seed)
        require(greedy.decisions and search.decisions, "decision timed", f"{game}: no hand played")
        per_greedy = greedy.seconds / greedy.decisions
        per_search = search.seconds / search.decisions
        inner = getattr(search.bot, "search", search.bot)  # Huolong's search bot holds its search
        print(f"{game:8} {per_greedy * 1e6:10.0f} {per_search * 1e3:10.2f} {per_search / per_greedy:8.0f} "
              f"{inner.rollouts / search.decisions:9.1f} {seconds / played:7.2f}")


if __name__ == "__main__":
    main()
