"""Speed per decision of the engines against an anchor in the same run: OpenSpiel's C++ ``dou_dizhu`` (random play).

Per game, the CPU microseconds per decision of random-bot hands (deal, every action, the settlement; actions not
re-checked where the state allows it), divided by the anchor's microseconds per player decision of random
``dou_dizhu`` games (the deal's chance nodes included in its time, as ours are). Goals: 憋蛋 Biedan and 打墩 Dadun
at most 2× the anchor; 攉龙 Huolong not slower than before. For 打墩 also the greedy bot's time per decision (goal:
at most 20 ms on a 41-card hand) and ``legal_play_count`` of a 40-card hand (goal: under 5 ms).

``--before PYTHON`` runs the same measurements with another interpreter (another install of the kit, e.g. the main
branch's venv) in a subprocess and prints both, so before and after come from one run on one machine. The kit is
the installed ``datong_rules`` (editable or not).

    python benchmarks/bench_climbing.py
    python benchmarks/bench_climbing.py --before /work/venvs/main/bin/python
    python benchmarks/bench_climbing.py --json          # the figures of this install only, as JSON

Exit status: 0 when every figure was measured and the 打墩 bot and counting goals are met; 1 otherwise (the ratio
goals are reported, not enforced: they depend on the machine's load less than on the code, but still some).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time

GAMES = {"biedan": "biedan/biedan-guide", "dadun": "dadun/dadun-guide", "huolong": "huolong/li-zhijiang"}
"""Game → the bundled variant timed."""
RATIO_GOAL = {"biedan": 2.0, "dadun": 2.0}
"""Game → the most microseconds per decision wanted, as a multiple of the anchor's."""
GREEDY_GOAL_MS = 20.0
COUNT_GOAL_MS = 5.0


def anchor_us(games: int, seed: int) -> float:
    """CPU µs per player decision of ``games`` random OpenSpiel ``dou_dizhu`` games (the deal's time included).

    Raises:
        SystemExit: open_spiel is not installed (``pip install open_spiel``).
    """
    try:
        import pyspiel
    except ImportError:
        raise SystemExit("error: the anchor needs OpenSpiel: pip install open_spiel") from None
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
    return 1e6 * (time.process_time() - start) / max(decisions, 1)


def _random_hands(variant: str, hands: int, seed: int) -> tuple[int, float]:
    """(actions, CPU seconds) of ``hands`` random-bot hands of ``variant`` through the registry's state API
    (``random_action``, ``apply``; ``apply(validate=False)`` where the state offers it: the random bot's actions
    are legal), matches played one after another."""
    import inspect

    from datong_rules.reference_impl import games
    game = games.get(variant.split("/")[0])
    rules = game.facet("rules").rules_for(variant)
    match_class = game.facet("state").Match
    rng = random.Random(seed)
    done = actions = session = 0
    trusted: bool | None = None
    start = time.process_time()
    while done < hands:
        match = match_class(rules, seed + session)
        session += 1
        while not match.over and done < hands:
            state = match.new_hand()
            if trusted is None:
                trusted = "validate" in inspect.signature(state.apply).parameters
            while not state.is_terminal():
                action = state.random_action(rng)
                state.apply(action, validate=False) if trusted else state.apply(action)
                actions += 1
            match.finish_hand(state)
            done += 1
    return actions, time.process_time() - start


def engine_us(variant: str, hands: int, seed: int) -> float:
    """CPU µs per decision of ``hands`` random-bot hands of ``variant`` (0.0 when nothing was played)."""
    _random_hands(variant, max(1, hands // 10), seed)  # warm up: variant loading, caches
    actions, cpu = _random_hands(variant, hands, seed)
    return 1e6 * cpu / actions if actions else 0.0


def dadun_greedy_ms(hands: int, seed: int) -> tuple[float, float, int]:
    """(mean ms, max ms, decisions) of the 打墩 greedy bot over ``hands`` hands of greedy play (41-card hands at the
    start)."""
    from datong_rules.reference_impl.dadun.bots import GreedyBot
    from datong_rules.reference_impl.dadun.state import new_hand
    rng = random.Random(seed)
    times = []
    for _ in range(hands):
        state = new_hand("dadun/dadun-guide", rng)
        bots = [GreedyBot(random.Random(seat)) for seat in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            start = time.process_time()
            action = bots[seat].choose(state)
            times.append(1000 * (time.process_time() - start))
            state.apply(action)
    return (sum(times) / len(times), max(times), len(times)) if times else (0.0, 0.0, 0)


def dadun_count_ms(hands: int, seed: int) -> tuple[float, float]:
    """(mean ms, max ms) of ``legal_play_count`` (leading) on 40-card hands, levels 2 and 8 in turn."""
    from datong_rules.reference_impl.climbing.cardset import full_pack
    from datong_rules.reference_impl.dadun import combinations
    from datong_rules.reference_impl.dadun.ops import OPS
    from datong_rules.reference_impl.dadun.rules import rules_for
    rules = rules_for("dadun/dadun-guide")
    rng = random.Random(seed)
    times = []
    for i in range(hands):
        pack = full_pack(3)
        rng.shuffle(pack)
        combinations._CACHE.clear()
        start = time.process_time()
        OPS["legal_play_count"](rules, {"hand": pack[:40], "level": "8" if i % 2 else "2"})
        times.append(1000 * (time.process_time() - start))
    return (sum(times) / len(times), max(times)) if times else (0.0, 0.0)


def measure(args: argparse.Namespace) -> dict:
    """Every figure of this install (no anchor)."""
    out: dict = {"us": {game: engine_us(variant, args.n, args.seed) for game, variant in GAMES.items()}}
    out["greedy_ms"] = dadun_greedy_ms(args.greedy_hands, args.seed)
    out["count_ms"] = dadun_count_ms(args.counts, args.seed)
    return out


def _row(label: str, values: list[str]) -> str:
    return f"{label:<34}" + "".join(f"{v:>16}" for v in values)


def report(anchor: float, figures: dict[str, dict]) -> bool:
    """Print the table; True when every figure was measured and the hard goals are met."""
    names = list(figures)
    print(f"anchor: OpenSpiel dou_dizhu, random play: {anchor:.2f} µs per decision")
    print(_row("", names))
    ok = anchor > 0
    for game in GAMES:
        us = [figures[n]["us"][game] for n in names]
        ok = ok and all(u > 0 for u in us)
        goal = f" (goal ≤ {RATIO_GOAL[game]:.0f}×)" if game in RATIO_GOAL else " (goal: not slower)"
        print(_row(f"{game} µs/decision", [f"{u:.1f}" for u in us]))
        print(_row(f"{game} × anchor{goal}", [f"{u / anchor:.2f}×" for u in us]))
    last = figures[names[-1]]
    greedy = [figures[n]["greedy_ms"] for n in names]
    print(_row("dadun greedy ms/decision mean", [f"{g[0]:.2f}" for g in greedy]))
    print(_row(f"dadun greedy ms max (≤ {GREEDY_GOAL_MS:.0f})", [f"{g[1]:.1f}" for g in greedy]))
    counts = [figures[n]["count_ms"] for n in names]
    print(_row(f"legal_play_count 40 cards ms (< {COUNT_GOAL_MS:.0f})", [f"{c[0]:.2f}/{c[1]:.2f}" for c in counts]))
    ok = ok and last["greedy_ms"][2] > 0 and last["greedy_ms"][1] <= GREEDY_GOAL_MS
    return ok and 0 < last["count_ms"][0] < COUNT_GOAL_MS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300, help="random hands per game (default 300)")
    parser.add_argument("--anchor-games", type=int, default=3000, help="dou_dizhu games (default 3000)")
    parser.add_argument("--greedy-hands", type=int, default=2, help="打墩 hands of greedy play (default 2)")
    parser.add_argument("--counts", type=int, default=20, help="40-card hands counted (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--before", metavar="PYTHON", help="also measure with this interpreter's install (first)")
    parser.add_argument("--json", action="store_true", help="print this install's figures as JSON, no anchor")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args)))
        return 0
    figures: dict[str, dict] = {}
    if args.before:
        command = [args.before, __file__, "--json", "-n", str(args.n), "--seed", str(args.seed),
                   "--greedy-hands", "1", "--counts", str(args.counts)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode:
            print(f"error: {args.before} could not measure: {done.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
            return 1
        figures["before"] = json.loads(done.stdout)
    anchor = anchor_us(args.anchor_games, args.seed)
    figures["after" if args.before else "this install"] = measure(args)
    return 0 if report(anchor, figures) else 1


if __name__ == "__main__":
    sys.exit(main())
