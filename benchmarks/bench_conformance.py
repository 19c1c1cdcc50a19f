"""Scenarios per second of the bundled conformance suite against the reference engine, two ways:

* **in-process**: the runner calls :class:`ReferenceImplementation` directly (``datong-rules conform``);
* **JSON-lines**: the same engine behind ``datong-rules serve``, reached through the runner's
  subprocess adapter (``datong-rules conform --impl-cmd "datong-rules serve"``).

The whole suite is run once to warm up (variant loading, ranking caches), then repeated until at
least ``-n`` queries have been asked; loading the scenario files is not timed. Every query must
pass (the benchmark refuses to report a rate for wrong answers, errors or skips, and fails when it measured
nothing). Target: ≥ 2,000 queries/s over
JSON-lines, so that the suite takes seconds.

    python benchmarks/bench_conformance.py                 # both figures, ≥ 10,000 queries each
    python benchmarks/bench_conformance.py -n 50000 --profile serve   # cProfile of the server side
    python benchmarks/bench_conformance.py --profile client           # cProfile of the runner side
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

from datong_rules.conformance.adapters.base import Implementation
from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.runner import run
from datong_rules.conformance.scenarios_io import Scenario, load_scenarios
from measured import require

TARGET = 2000.0
"""Queries per second wanted over JSON-lines."""


def serve_argv(profile_to: str | None = None) -> list[str]:
    """The command of ``datong-rules serve`` with this interpreter (optionally under cProfile)."""
    if profile_to:
        return [sys.executable, "-m", "cProfile", "-o", profile_to, "-m", "datong_rules.cli.main", "serve"]
    return [sys.executable, "-m", "datong_rules.cli.main", "serve"]


def measure(impl: Implementation, suite: list[Scenario], minimum: int) -> list[float]:
    """Run ``suite`` once to warm up, then repeatedly until ``minimum`` queries were asked.

    Returns:
        The seconds of each timed pass over the whole suite.

    Raises:
        SystemExit: a scenario did not pass (a rate for wrong answers, errors or skips means nothing), or the
            suite is empty.
    """
    require(len(suite), "scenario to run", "the suite is empty")
    warm = run(impl, suite)
    if warm.counts()["passed"] != len(suite):  # a skip is no measurement either
        bad = [r for r in warm.results if r.status != "passed"][:3]
        sys.exit("error: the suite does not pass against this implementation: "
                 + "; ".join(f"{r.scenario.id}: {r.status} {r.message}" for r in bad))
    passes: list[float] = []
    while len(passes) * len(suite) < max(minimum, 1):
        start = time.perf_counter()
        outcome = run(impl, suite)
        passes.append(time.perf_counter() - start)
        if outcome.counts()["passed"] != len(suite):
            sys.exit("error: a scenario stopped passing during the benchmark")
    return passes


def report(label: str, suite_size: int, passes: list[float]) -> float:
    """Print one figure (all passes, and the best pass: the machine's noise shows as their gap);
    returns the rate over all passes in queries/s."""
    queries, seconds = suite_size * len(passes), sum(passes)
    rate, best = queries / seconds, suite_size / min(passes)
    print(f"{label:<12} {queries:>7,} queries in {seconds:6.3f} s = {rate:>8,.0f} queries/s "
          f"({seconds / queries * 1e6:,.0f} µs per query; best pass {best:,.0f} queries/s)")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=10000, help="queries to time per mode (default 10000)")
    parser.add_argument("--profile", choices=("client", "serve"),
                        help="print a cProfile of the runner side, or of the serve process, over JSON-lines")
    args = parser.parse_args()

    start = time.perf_counter()
    suite = load_scenarios(None)
    print(f"suite: {len(suite)} scenarios (loaded in {time.perf_counter() - start:.2f} s, not timed)")

    in_process = report("in-process", len(suite), measure(ReferenceImplementation(), suite, args.n))

    with tempfile.TemporaryDirectory() as tmp:
        server_profile = str(Path(tmp) / "serve.prof") if args.profile == "serve" else None
        client_profile = cProfile.Profile() if args.profile == "client" else None
        with JsonLinesImplementation(serve_argv(server_profile), cwd=tmp) as impl:
            if client_profile:
                client_profile.enable()
            over_pipe = report("JSON-lines", len(suite), measure(impl, suite, args.n))
            if client_profile:
                client_profile.disable()
        if client_profile:
            pstats.Stats(client_profile).sort_stats("cumulative").print_stats(20)
        if server_profile:
            for _ in range(50):  # the server writes its profile as it exits
                if Path(server_profile).exists():
                    break
                time.sleep(0.1)
            pstats.Stats(server_profile).sort_stats("tottime").print_stats(20)

    verdict = "meets" if over_pipe >= TARGET else "MISSES"
    print(f"JSON-lines {verdict} the target of {TARGET:,.0f} queries/s; "
          f"it runs at {over_pipe / in_process:.0%} of the in-process rate")


if __name__ == "__main__":
    main()
