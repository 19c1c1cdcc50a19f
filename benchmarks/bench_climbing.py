"""Speed per decision of every game's engine beside OpenSpiel's C++ in the same run: equal work, three loops.

A **decision** is a seat's choice (a play, a pass, a bury, a give, a show, a load); the table's steps (a card
dealt, the close of 攉龙's declaration; OpenSpiel's chance nodes) are timed but never counted as decisions. Each
game's engine is timed in three loops, every one a whole hand (deal, every action, the settlement) inside matches:

* ``sampled``: ``random_action`` (the random bot's policy, the path ``simulate`` takes) draws one legal action
  without listing them, applied trusted (``apply(action, validate=False)`` where the state offers it). Its policy:
  打墩 **uniform** over every legal action (a play class drawn by its number of plays, then one of its plays; the
  pass as one more action while a play stands), as the listing loop; 憋蛋 **uniform** over every legal action too
  (the card sets of each legal shape counted from the hand's rank masks without listing them, the pass one more
  when allowed; an older install drew uniformly over the shapes, then their suits at random: ``--before`` with it
  times that policy beside this one); 攉龙 **uniform** over the distinct legal plays of a decision (every card
  multiset of ``legal_plays`` equally likely, drawn without listing them) and over the legal buries; during the
  deal the next card and every legal show equally likely (a show counts as a decision, the card as a table step).
* ``validated``: the same draws, each applied validated (``apply(action)``: what records, the table and the
  protocol get, the action checked as if it came from outside).
* ``listing``: every legal action listed (``list(legal_actions())``) and one picked **uniformly** (OpenSpiel's
  own loop), applied trusted. 攉龙's bury (millions of card sets) is drawn by ``random_action`` in this loop too.
* ``same_rank`` (打墩, where the install has ``same_rank_action``): the narrow, cheap policy that was 打墩's
  ``random_action`` before it turned uniform (a lead of one rank's natural copies or a card alone; a follow, four
  times in five, by the lowest same-rank group that beats a single, pair or triple; never a straight, full house,
  run, linked group, dun or wild reading): a simpler game, timed to show what the whole game costs.
* ``uniform`` (打墩, an older install with ``uniform_action``): that install's uniform draw without listing, which
  is this install's ``sampled`` loop.

The anchors run OpenSpiel's only loop (list the legal actions, pick one uniformly): ``dou_dizhu`` for 憋蛋 and 打墩
(three-player climbing), ``hearts`` for 攉龙 (four-player tricks). The anchor and the loops take turns, round after
round (``--rounds``), so that the machine's drift slows all alike; the ratio printed is the median of the rounds'
ratios (engine µs per decision ÷ the anchor's in the same round), with the spread. Goals: validated
≤ 3× for every game; sampled (the path ``simulate`` takes) ≤ 2×; 攉龙 ≤ 2× hearts; 打墩 listing ≤ 20×.

Also: the 打墩 greedy bot's time per decision and ``legal_play_count`` of 40-card hands (打墩 and 憋蛋).

``--only NAME`` plays one loop (``anchor:dou_dizhu``, ``anchor:hearts``, ``biedan:sampled``, …) for ``--decisions``
decisions and prints its µs per decision: two of them compared whole-process, start-up included, by
``farm-bench --vs``::

    farm-bench -n 5 --vs 'python benchmarks/bench_climbing.py --only anchor:dou_dizhu --decisions 100000' \\
        -- python benchmarks/bench_climbing.py --only biedan:validated --decisions 100000

``--no-gc`` times every loop, the anchors' included, with the cyclic garbage collector off (a collection before
each loop), as ``simulate``'s shards play (``play``, ``table`` and the protocol keep it on): the default keeps it on.

``--before PYTHON`` compares another interpreter's install of the kit (before) with this one (after) in one run:
each install runs in a worker subprocess of its own (this script with ``--serve``, its anchors included), and the
two take turns loop by loop and round by round (who goes first alternating every round), so that the machine's
drift slows both alike; each install's ratios divide by its own anchor timed in the same round.

    python benchmarks/bench_climbing.py
    python benchmarks/bench_climbing.py --before /tmp/main-venv/bin/python
    python benchmarks/bench_climbing.py --json          # this install's figures only, as JSON

Exit status: 0 when every figure was measured and the 打墩 bot and counting goals are met; 1 otherwise (the ratio
goals are reported, not enforced: they depend on the machine's load as well as on the code).
"""

from __future__ import annotations

import argparse
import gc
import inspect
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

GAMES = {"biedan": "biedan/biedan-guide", "dadun": "dadun/dadun-guide", "huolong": "huolong/li-zhijiang"}
"""Game → the bundled variant timed."""
ANCHOR = {"biedan": "dou_dizhu", "dadun": "dou_dizhu", "huolong": "hearts"}
"""Game → the OpenSpiel game it is compared with."""
LOOPS = ("sampled", "validated", "listing")
EXTRA_LOOPS = ("same_rank", "uniform")
"""打墩's further loops, timed when the install's state has the sampler (``same_rank_action``, ``uniform_action``)."""
GOALS = {("biedan", "sampled"): 2.0, ("dadun", "sampled"): 2.0, ("huolong", "sampled"): 2.0,
         ("biedan", "validated"): 3.0, ("dadun", "validated"): 3.0, ("huolong", "validated"): 3.0,
         ("dadun", "listing"): 20.0}
"""(game, loop) → the most µs per decision wanted, as a multiple of the anchor's."""
TABLE_STEPS = frozenset({"deal", "close"})
"""Action types that are the table's steps, not a seat's decision."""
GREEDY_GOAL_MS = 20.0
COUNT_GOAL_MS = 5.0

Measure = Callable[[int, int], tuple[int, float]]
"""``(decisions wanted, seed) -> (decisions made, CPU seconds)``: whole hands (games) until enough decisions."""


def anchor(name: str) -> Measure:
    """The loop of OpenSpiel's ``name`` (``dou_dizhu``, ``hearts``): random games, the legal actions listed and one
    picked uniformly; chance nodes (the deal) timed, not counted.

    Raises:
        SystemExit: open_spiel is not installed (``pip install open_spiel``).
    """
    try:
        import pyspiel
    except ImportError:
        raise SystemExit("error: the anchor needs OpenSpiel: pip install open_spiel") from None
    game = pyspiel.load_game(name)

    def measure(wanted: int, seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        decisions = 0
        start = time.process_time()
        while decisions < wanted:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
        return decisions, time.process_time() - start
    return measure


def _trusts(state: object) -> bool:
    """Whether the state's ``apply`` takes ``validate`` (an older install's 攉龙 does not)."""
    return "validate" in inspect.signature(state.apply).parameters  # type: ignore[attr-defined]


def engine(variant: str, loop: str) -> Measure:
    """The ``loop`` (one of :data:`LOOPS`) of ``variant``'s engine through the registry's state API."""
    from datong_rules.reference_impl import games
    game = games.get(variant.split("/")[0])
    rules = game.facet("rules").rules_for(variant)
    match_class = game.facet("state").Match

    def choose(state, rng: random.Random) -> dict:
        if loop in EXTRA_LOOPS:
            return getattr(state, f"{loop}_action")(rng)
        if loop != "listing" or getattr(state, "phase", None) == "bury" and variant.startswith("huolong"):
            return state.random_action(rng)
        legal = list(state.legal_actions())
        return legal[int(rng.random() * len(legal))]

    drawn = loop in ("sampled", "validated")  # random_action called in the loop itself, as the anchor calls OpenSpiel

    def measure(wanted: int, seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        decisions = session = 0
        trusted: bool | None = None
        start = time.process_time()
        while decisions < wanted:
            match = match_class(rules, seed + session)
            session += 1
            while not match.over and decisions < wanted:
                state = match.new_hand()
                if trusted is None:
                    trusted = loop != "validated" and _trusts(state)
                while not state.is_terminal():
                    action = state.random_action(rng) if drawn else choose(state, rng)
                    state.apply(action, validate=False) if trusted else state.apply(action)
                    if action["type"] not in TABLE_STEPS:
                        decisions += 1
                match.finish_hand(state)
        return decisions, time.process_time() - start
    return measure


def measures(only: tuple[str, ...] = tuple(GAMES)) -> dict[str, Measure]:
    """Every timed loop by name: ``anchor:GAME`` and ``GAME:LOOP``, of the games ``only`` and their anchors."""
    out = {f"anchor:{name}": anchor(name) for name in sorted({ANCHOR[game] for game in only})}
    for game, variant in GAMES.items():
        for loop in LOOPS if game in only else ():
            out[f"{game}:{loop}"] = engine(variant, loop)
    for loop in EXTRA_LOOPS:
        if "dadun" in only and _has_action("dadun", loop):
            out[f"dadun:{loop}"] = engine(GAMES["dadun"], loop)
    return out


def _has_action(game: str, loop: str) -> bool:
    """Whether this install's ``game`` state has the sampler of ``loop`` (``<loop>_action``)."""
    from datong_rules.reference_impl import games
    return hasattr(games.get(game).facet("state").HandState, f"{loop}_action")


def _slow(name: str) -> bool:
    """Whether the loop ``name`` gets a fifth of the decisions: the listing loops, and 打墩's uniform draws (its
    ``uniform`` loop; its ``sampled`` and ``validated`` loops where ``random_action`` is the uniform draw)."""
    return name.endswith((":listing", ":uniform")) or name in ("dadun:sampled", "dadun:validated") and _has_action(
        "dadun", "same_rank")


def rounds(wanted: int, count: int, seed: int, only: tuple[str, ...] = tuple(GAMES),
           collect: bool = True) -> dict[str, list[float]]:
    """µs per decision of every loop of the games ``only``, ``count`` rounds, every loop once a round (``wanted``
    decisions; the listing and 打墩's uniform loops a fifth as many: :func:`_slow`), after a warm-up round of a
    tenth; ``collect``: as :class:`Local`."""
    return interleaved({"this install": Local(only, collect)}, wanted, count, seed)["this install"]


class Local:
    """This install's loops, timed in this process (an install of :func:`interleaved`); ``collect=False``: each loop
    timed with the cyclic garbage collector off (as ``simulate``'s shards play), a collection before it."""

    def __init__(self, only: tuple[str, ...] = tuple(GAMES), collect: bool = True) -> None:
        self.timed = measures(only)
        self.collect = collect

    def names(self) -> list[str]:
        """The loops' names (``anchor:GAME``, ``GAME:LOOP``)."""
        return list(self.timed)

    def time(self, name: str, wanted: int, seed: int) -> tuple[int, float]:
        """``(decisions, CPU seconds)`` of ``wanted`` decisions of the loop ``name``."""
        if self.collect:
            return self.timed[name](wanted, seed)
        gc.collect()
        gc.disable()
        try:
            return self.timed[name](wanted, seed)
        finally:
            gc.enable()


class Worker:
    """One install's loops timed in a subprocess: ``python`` runs this script with ``--serve`` (see :func:`serve`).

    Raises:
        SystemExit: the worker could not start or died (its last line of error output in the message).
    """

    def __init__(self, python: str, only: tuple[str, ...] = tuple(GAMES), collect: bool = True) -> None:
        self.python = python
        command = [python, __file__, "--serve", "--games", ",".join(only)] + ([] if collect else ["--no-gc"])
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        except OSError as err:
            raise SystemExit(f"error: cannot run {python}: {err.strerror or err}") from None
        self._names: list[str] = self._ask({"names": True})

    def _ask(self, request: dict) -> object:
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            self.process.kill()
            error = (self.process.stderr.read() if self.process.stderr else "").strip().splitlines()[-1:]
            raise SystemExit(f"error: {self.python} could not measure: {error}")
        return json.loads(line)

    def names(self) -> list[str]:
        """The loops' names of that install."""
        return self._names

    def time(self, name: str, wanted: int, seed: int) -> tuple[int, float]:
        """``(decisions, CPU seconds)`` of ``wanted`` decisions of the loop ``name``, timed in the worker."""
        decisions, cpu = self._ask({"loop": name, "decisions": wanted, "seed": seed})  # type: ignore[misc]
        return decisions, cpu

    def extras(self, greedy_hands: int, counts: int, seed: int) -> dict:
        """That install's figures besides the loops (:func:`extras`)."""
        return self._ask({"extras": [greedy_hands, counts, seed]})  # type: ignore[return-value]

    def close(self) -> None:
        """End the worker (its standard input closed; it exits)."""
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def serve(only: tuple[str, ...] = tuple(GAMES), collect: bool = True) -> int:
    """The worker's side of :class:`Worker`: one JSON request a line on standard input, one JSON answer a line on
    standard output: ``{"names": true}`` → the loops' names; ``{"loop", "decisions", "seed"}`` → ``[decisions,
    CPU seconds]``; ``{"extras": [greedy hands, counts, seed]}`` → :func:`extras`. Ends at the end of the input."""
    local = Local(only, collect)
    for line in sys.stdin:
        request = json.loads(line)
        if "names" in request:
            answer: object = local.names()
        elif "extras" in request:
            answer = extras(*request["extras"])
        else:
            answer = list(local.time(request["loop"], request["decisions"], request["seed"]))
        print(json.dumps(answer), flush=True)
    return 0


def interleaved(installs: dict, wanted: int, count: int, seed: int) -> dict[str, dict[str, list[float]]]:
    """µs per decision of every loop of every install (label → :class:`Local` or :class:`Worker`), ``count``
    rounds: in each round every loop once per install, the installs taking turns loop by loop (the first of the
    previous round going last), after a warm-up of a tenth of the decisions; ``wanted`` decisions a loop (a fifth
    for :func:`_slow` ones)."""
    labels = list(installs)
    names = list(dict.fromkeys(name for label in labels for name in installs[label].names()))
    out: dict[str, dict[str, list[float]]] = {label: {n: [] for n in installs[label].names()} for label in labels}
    for name in names:  # warm-up: variant loading, caches, OpenSpiel's start
        for label in labels:
            if name in out[label]:
                installs[label].time(name, max(50, wanted // 10), seed)
    for r in range(count):
        order = labels if r % 2 == 0 else labels[::-1]
        for name in names:
            for label in order:
                if name in out[label]:
                    decisions, cpu = installs[label].time(name, wanted // 5 if _slow(name) else wanted, seed + r)
                    out[label][name].append(1e6 * cpu / decisions if decisions else 0.0)
    return out


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


def count_ms(game: str, hands: int, seed: int) -> tuple[float, float]:
    """(mean ms, max ms) of counting the legal plays (leading) of 40-card hands: 打墩's ``legal_play_count``
    (levels 2 and 8 in turn), 憋蛋's counter (a 40-card hand is more than a seat holds: the operation refuses it, the
    counter is timed alone); (0, 0) when this install has no 憋蛋 counter."""
    from datong_rules.reference_impl.climbing.cardset import full_pack
    rng = random.Random(seed)
    times = []
    if game == "dadun":
        from datong_rules.reference_impl.dadun import combinations
        from datong_rules.reference_impl.dadun.ops import OPS
        from datong_rules.reference_impl.dadun.rules import rules_for

        def count(hand: list[str], i: int) -> None:
            combinations._CACHE.clear()
            OPS["legal_play_count"](rules, {"hand": hand, "level": "8" if i % 2 else "2"})
        rules, decks = rules_for("dadun/dadun-guide"), 3
    else:
        try:
            from datong_rules.reference_impl.biedan.count import count_plays
        except ImportError:
            return 0.0, 0.0
        from datong_rules.reference_impl.biedan.combinations import table_for
        from datong_rules.reference_impl.biedan.rules import rules_for as biedan_rules
        t = table_for(biedan_rules("biedan/biedan-guide"))

        def count(hand: list[str], i: int) -> None:
            count_plays(t, hand, None)
        decks = 1
    for i in range(hands):
        pack = full_pack(decks)
        rng.shuffle(pack)
        start = time.process_time()
        count(pack[:40], i)
        times.append(1000 * (time.process_time() - start))
    return (sum(times) / len(times), max(times)) if times else (0.0, 0.0)


def extras(greedy_hands: int, counts: int, seed: int) -> dict:
    """This install's figures besides the loops: the 打墩 greedy bot (``greedy_ms``) and the counters
    (``count_ms``)."""
    return {"greedy_ms": dadun_greedy_ms(greedy_hands, seed),
            "count_ms": {game: count_ms(game, counts, seed) for game in ("dadun", "biedan")}}


def measure(args: argparse.Namespace) -> dict:
    """Every figure of this install, the anchors' included."""
    return {"us": rounds(args.decisions, args.rounds, args.seed, args.games, not args.no_gc), **extras(args.greedy_hands, args.counts, args.seed)}


def compare(args: argparse.Namespace) -> dict[str, dict]:
    """Every figure of the ``--before`` install and of this one, each in its worker, the loops interleaved
    (:func:`interleaved`)."""
    workers = {label: Worker(python, args.games, not args.no_gc)
               for label, python in (("before", args.before), ("after", sys.executable))}
    try:
        us = interleaved(workers, args.decisions, args.rounds, args.seed)
        return {label: {"us": us[label], **worker.extras(args.greedy_hands, args.counts, args.seed)}
                for label, worker in workers.items()}
    finally:
        for worker in workers.values():
            worker.close()


def ratios(us: dict[str, list[float]], game: str, loop: str) -> list[float]:
    """The rounds' ratios of ``game:loop`` to its anchor."""
    return [e / a for e, a in zip(us.get(f"{game}:{loop}", []), us[f"anchor:{ANCHOR[game]}"]) if a > 0 and e > 0]


def _row(label: str, values: list[str]) -> str:
    return f"{label:<44}" + "".join(f"{v:>22}" for v in values)


def report(figures: dict[str, dict]) -> bool:
    """Print the tables; True when every figure was measured and the 打墩 bot and counting goals are met."""
    names = list(figures)
    ok = True
    print(_row("µs per decision (median of rounds)", names))
    timed = list(dict.fromkeys(name for n in names for name in figures[n]["us"]))  # every install's loops
    for name in timed:
        values = [statistics.median(figures[n]["us"][name]) if figures[n]["us"].get(name) else 0.0 for n in names]
        ok = ok and (values[-1] > 0 or name not in figures[names[-1]]["us"])
        print(_row(name, [f"{v:.1f}" if v else "-" for v in values]))
    print()
    print(_row("× anchor: median (min-max of rounds)", names))
    for game in (g for g in GAMES if f"anchor:{ANCHOR[g]}" in timed):  # the games timed (--games)
        for loop in (name for name in LOOPS + EXTRA_LOOPS if f"{game}:{name}" in timed):
            goal = GOALS.get((game, loop))
            label = f"{game}:{loop} ÷ {ANCHOR[game]}" + (f" (goal ≤ {goal:.0f}×)" if goal else "")
            cells = []
            for n in names:
                found = ratios(figures[n]["us"], game, loop)
                cells.append(f"{statistics.median(found):.2f}× ({min(found):.1f}-{max(found):.1f})" if found else "-")
            print(_row(label, cells))
    print()
    last = figures[names[-1]]
    greedy = [figures[n]["greedy_ms"] for n in names]
    print(_row("dadun greedy ms/decision mean", [f"{g[0]:.2f}" for g in greedy]))
    print(_row(f"dadun greedy ms max (≤ {GREEDY_GOAL_MS:.0f})", [f"{g[1]:.1f}" for g in greedy]))
    for game in ("dadun", "biedan"):
        counts = [figures[n]["count_ms"][game] for n in names]
        print(_row(f"{game} count 40 cards ms mean/max (< {COUNT_GOAL_MS:.0f})",
                   [f"{c[0]:.2f}/{c[1]:.2f}" if c[0] else "-" for c in counts]))
        ok = ok and 0 < last["count_ms"][game][0] < COUNT_GOAL_MS
    return ok and last["greedy_ms"][2] > 0 and last["greedy_ms"][1] <= GREEDY_GOAL_MS


def _games(text: str) -> tuple[str, ...]:
    """``--games``' value: known game names, comma-separated."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = [name for name in names if name not in GAMES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"expected games among {', '.join(GAMES)}, got {text!r}")
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=3000,
                        help="decisions per loop per round (listing and 打墩's uniform loops: a fifth; default 3000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every loop in turn (default 3)")
    parser.add_argument("--greedy-hands", type=int, default=2, help="打墩 hands of greedy play (default 2)")
    parser.add_argument("--counts", type=int, default=20, help="40-card hands counted per game (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=_games, default=tuple(GAMES),
                        help=f"the games timed, comma-separated (default: {','.join(GAMES)})")
    parser.add_argument("--only", metavar="NAME", help="play one loop only (anchor:dou_dizhu, biedan:validated, …) "
                                                       "for --decisions decisions and print its µs per decision")
    parser.add_argument("--before", metavar="PYTHON", help="also measure this interpreter's install, the two "
                                                            "installs taking turns loop by loop")
    parser.add_argument("--json", action="store_true", help="print this install's figures as JSON")
    parser.add_argument("--no-gc", action="store_true", help="time every loop (the anchors' too) with the cyclic "
                        "garbage collector off, as simulate's shards play (a collection before each loop)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # a worker of --before
    args = parser.parse_args()
    if args.serve:
        return serve(args.games, not args.no_gc)
    if args.only:
        timed = measures()
        if args.only not in timed:
            parser.error(f"--only: expected one of {', '.join(timed)}")
        decisions, cpu = timed[args.only](args.decisions, args.seed)
        print(f"{args.only}: {1e6 * cpu / decisions:.2f} µs per decision ({decisions} decisions)")
        return 0
    if args.json:
        print(json.dumps(measure(args)))
        return 0
    figures = compare(args) if args.before else {"this install": measure(args)}
    return 0 if report(figures) else 1


if __name__ == "__main__":
    sys.exit(main())
