"""``datong-rules fuzz`` over JSON lines on a house variant file, against the same run on the bundled variant it
extends (the anchor, measured in the same run).

An engine over JSON lines (here ``datong-rules serve``, the reference engine behind the protocol) is asked the
generated questions of a few operations of each variant; the figure is questions compared per second of wall-clock
time (both processes work; each variant run ``--repeat`` times, interleaved, its best run counted), and the ratio
of the house file's rate to the bundled variant's. A house file is
played as a fixture variant: its resolved rules reach the engine in a query's ``variant_rules`` (protocol 2). Each
question of the house file costs what the bundled variant's costs, plus the shipping of those rules (about 50 KB of
JSON written, read and strictly decoded per question when they travel with every query; once per process when the
engine says in ``ready`` that it keeps them, ``keeps_variant_rules``). Target: ratio ≥ 0.9.

    python benchmarks/bench_fuzz_house.py                  # 3 games, 300 questions per operation
    python benchmarks/bench_fuzz_house.py -n 1000 --game dadun
    python benchmarks/bench_fuzz_house.py --every-query    # the rules with every query (an engine that keeps none)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.fuzz import session
from datong_rules.reference_impl.variant import open_variant
from measured import require

ROOT = Path(__file__).resolve().parents[1]

PAIRS = {
    "huolong": ("huolong/datong-guide", "docs/examples/house-variant.yaml", ("card_order", "classify", "trick_winner")),
    "biedan": ("biedan/biedan-guide", "docs/examples/biedan-house.yaml", ("card_order", "classify", "beats")),
    "dadun": ("dadun/dadun-guide", "docs/examples/dadun-house.yaml", ("card_order", "classify", "beats")),
}
"""Game → (bundled variant, house file extending it, operations fuzzed): operations of one question each whose
engine time is small, so that the protocol's share shows."""


class _EveryQuery(JsonLinesImplementation):
    """The adapter ignoring ``keeps_variant_rules``: a house file's rules go with every query."""

    def _keeps_rules(self) -> bool:
        return False


def measure(variant: str, ops: tuple[str, ...], n: int, every_query: bool) -> tuple[int, float]:
    """(questions compared, wall seconds) for ``n`` questions of each of ``ops`` over JSON lines."""
    ref = variant if "/" in variant and not variant.endswith(".yaml") else str(ROOT / variant)
    target = variant if ref == variant else open_variant(ref)
    chosen = session.targets([(ref, target)], ops)
    for one in chosen:
        one.prepare()  # the switched readings are built once per run, whatever the engine: not timed
    impl = (_EveryQuery if every_query else JsonLinesImplementation)([sys.executable, "-m", "datong_rules", "serve"])
    impl.start()
    try:
        wall = time.perf_counter()
        results = session.run(impl, chosen, seed=1, seconds=3600, max_examples=n)
        wall = time.perf_counter() - wall
    finally:
        impl.close()
    for result in results:
        if result.outcome.disagreements or result.outcome.engine_errors:
            sys.exit(f"error: the reference engine over JSON lines disagrees with itself on {variant} "
                     f"{result.outcome.op}")
    compared = sum(r.outcome.examples for r in results)
    require(compared, f"question of {variant} compared", "every question skipped")
    return compared, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=300, help="questions per operation (default 300)")
    parser.add_argument("--game", action="append", choices=sorted(PAIRS), default=[], help="only this game")
    parser.add_argument("--every-query", action="store_true",
                        help="send a house file's rules with every query (as to an engine that keeps none)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each variant, interleaved; the best rate of each counts (default 3)")
    args = parser.parse_args()
    require(max(0, args.n), "question compared", f"-n {args.n}")
    print(f"{'variant':<36} {'questions':>9} {'wall /s':>9} {'ratio':>6}")
    for game in args.game or sorted(PAIRS):
        bundled, house, ops = PAIRS[game]
        measure(bundled, ops, min(args.n, 50), args.every_query)  # warm-up: caches, the first process
        best = {bundled: 0.0, house: 0.0}
        counts = {}
        for _ in range(max(1, args.repeat)):
            for variant in (bundled, house):
                counts[variant], wall = measure(variant, ops, args.n, args.every_query)
                best[variant] = max(best[variant], counts[variant] / wall)
        for variant in (bundled, house):
            print(f"{variant:<36} {counts[variant]:>9} {best[variant]:>9,.0f} {best[variant] / best[bundled]:>6.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
