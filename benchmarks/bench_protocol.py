"""Throughput of the JSON-lines protocol: queries per second through the runner's adapter.

By default the implementation is a trivial echo server (below) speaking protocol 2, the protocol every engine of
more than Huolong speaks: it answers each query with its ``given`` and refuses (``errored``) a query that is not
protocol 2's (an operation without its game). The figure is the protocol's own overhead (process pipes, JSON
encoding and strict decoding, the runner's checks). Give ``--impl-cmd`` and ``--scenarios`` to measure a real
implementation on real scenarios (repeated to reach ``-n``).

Only queries answered count (passed or failed). A run in which a query errored, or none was answered (all
skipped: an engine of protocol 1 is asked about Huolong only), fails with exit status 1 and says why, instead of
printing a rate of nothing.

    python benchmarks/bench_protocol.py                  # echo, 5000 queries
    python benchmarks/bench_protocol.py -n 20000
    python benchmarks/bench_protocol.py --impl-cmd "node conformance/examples/node/impl.js" \\
        --scenarios conformance/scenarios/huolong --variant huolong/li-zhijiang
"""

from __future__ import annotations

import argparse
import itertools
import shlex
import sys
import time
from pathlib import Path

from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.runner import run, select
from datong_rules.conformance.scenarios_io import Scenario, load_scenarios
from measured import require
from datong_rules.conformance.adapters.base import ImplementationStartError

ECHO_IMPL = r"""
import json, sys
sys.stdin.readline()
print(json.dumps({"type": "ready", "protocol": 2, "name": "echo", "version": "0", "variants": ["*"],
                  "operations": ["*"]}), flush=True)
for line in sys.stdin:
    q = json.loads(line)
    if q["type"] == "stop":
        break
    if "/" in q["op"]:
        reply = {"type": "result", "id": q["id"], "answer": q["given"]}
    else:
        reply = {"type": "errored", "id": q["id"], "message": "not a protocol 2 query: " + q["op"]}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
"""


def echo_scenarios(n: int) -> list[Scenario]:
    """``n`` synthetic scenarios whose answer is their ``given`` (a hand-sized payload)."""
    hand = ["H10", "SA", "D3", "BJ", "C7", "S2", "HK", "D9"] * 6
    return [Scenario(id=f"bench.echo.q-{i:06d}", variant="bench/echo", rules=("bench.echo",), op="echo",
                     given={"hand": hand, "i": i}, expect={"i": i}) for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=5000, help="number of queries (default 5000)")
    parser.add_argument("--impl-cmd", help="implementation command (default: a trivial echo server)")
    parser.add_argument("--scenarios", help="scenario folder to repeat (with --impl-cmd)")
    parser.add_argument("--variant", action="append", default=[], help="only this variant (repeatable)")
    parser.add_argument("--timeout", type=float, default=5.0)
    args = parser.parse_args()

    command = args.impl_cmd or shlex.join([sys.executable, "-c", ECHO_IMPL])
    if args.scenarios:
        pool = select(load_scenarios(Path(args.scenarios)), variants=args.variant)
        if not pool:
            sys.exit("error: no scenario selected")
        scenarios = list(itertools.islice(itertools.cycle(pool), args.n))
    else:
        scenarios = echo_scenarios(args.n)

    try:
        with JsonLinesImplementation(command, timeout=args.timeout) as impl:
            start = time.perf_counter()
            outcome = run(impl, scenarios)
            elapsed = time.perf_counter() - start
    except ImplementationStartError as exc:
        sys.exit(f"error: cannot start the implementation: {exc}")
    counts = outcome.counts()
    said = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
    errored = [r for r in outcome.results if r.status == "errored"]
    if errored:
        sys.exit(f"error: {len(errored)} of {len(outcome.results)} queries errored ({errored[0].scenario.id}: "
                 f"{errored[0].message}); a rate of errors measures nothing")
    skipped = [r for r in outcome.results if r.status == "skipped"]
    answered = require(counts["passed"] + counts["failed"], "query answered",
                       f"all {len(skipped)} skipped: {skipped[0].message}" if skipped else "no query was sent")
    print(f"{impl.name} {impl.version}, protocol {impl.protocol}: {answered} queries answered in {elapsed:.3f} s "
          f"= {answered / elapsed:,.0f} queries/s ({said})")


if __name__ == "__main__":
    main()
