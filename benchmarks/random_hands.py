"""Random-bot hands of any registered game through the state API: the loop the per-game benchmarks share.

Imported by ``bench_biedan.py`` and ``bench_dadun.py`` (a script's own folder is on sys.path; the kit is the installed ``datong_rules``, editable or not).
"""

from __future__ import annotations

import argparse
import random
import time

from datong_rules.reference_impl import games


def play(variant: str, hands: int, seed: int, check: bool) -> tuple[int, int, float, float]:
    """Play ``hands`` random hands of ``variant`` (a bundled id ``<game>/<name>``), session after session.

    Args:
        check: re-check every action's legality when applying it (``apply(validate=True)``).

    Returns:
        (hands played, actions applied, CPU seconds of this process, wall seconds).
    """
    game = games.get(variant.split("/")[0])
    rules = game.facet("rules").rules_for(variant)
    match_class = game.facet("state").Match
    rng = random.Random(seed)
    done = actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    session = 0
    while done < hands:
        match = match_class(rules, seed + session)
        session += 1
        while not match.over and done < hands:
            state = match.new_hand()
            while not state.is_terminal():
                state.apply(state.random_action(rng), validate=check)
                actions += 1
            match.finish_hand(state)
            done += 1
    return done, actions, time.process_time() - cpu, time.perf_counter() - start


def parser(doc: str, hands: int, variant: str) -> argparse.ArgumentParser:
    """The command line the per-game benchmarks share: ``-n`` hands (default ``hands``), ``--variant`` (default
    ``variant``), ``--seed``, ``--check``, ``--profile``; a benchmark adds its own options."""
    out = argparse.ArgumentParser(description=doc.splitlines()[0])
    out.add_argument("-n", type=int, default=hands, help=f"hands to play (default {hands})")
    out.add_argument("--variant", default=variant)
    out.add_argument("--seed", type=int, default=1)
    out.add_argument("--check", action="store_true", help="re-check every action's legality")
    out.add_argument("--profile", action="store_true", help="print the top of a cProfile")
    return out
