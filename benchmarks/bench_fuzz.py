"""Throughput of ``datong-rules fuzz`` in-process: questions compared per second, the reference engine against
itself (a second instance behind the Implementation protocol, answers schema-checked), per operation.

Each figure is the whole loop of the fuzzer (Hypothesis draws a question from the variant's generator, both
engines answer it, the implementation's answer is checked against the operation's schema and compared), over a
fixed number of questions after a warm-up. Two rates are printed: per second of wall-clock time and per second of
this process's CPU time (the second does not depend on what else the machine is running). Target:
1,000+ questions per second for the single-question operations (every operation but ``replay``, which has no
generator).

    python benchmarks/bench_fuzz.py                        # every variant and operation, 3000 questions each
    python benchmarks/bench_fuzz.py -n 10000 --variant huolong/li-zhijiang --op declare
"""

from __future__ import annotations

import argparse
import sys
import time

from datong_rules.conformance import bundled_spec
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.adapters.reference.inputs import input_strategies
from datong_rules.conformance.fuzz.driver import fuzz_operation
from datong_rules.conformance.fuzz.session import schema_name
from measured import require


def measure(variant: str, op: str, strategy, n: int) -> tuple[int, float, float]:
    """(questions compared, wall seconds, CPU seconds) for ``n`` questions of one operation."""
    reference, implementation = ReferenceImplementation(), ReferenceImplementation()

    def ask_reference(name, given):
        return reference.answer(variant, name, given)

    def ask_impl(name, given):
        return implementation.query("bench", variant, name, given)

    schema = schema_name(variant.split("/", 1)[0], op)
    fuzz_operation(op, strategy, ask_reference, ask_impl, seed=0, seconds=60, max_examples=min(n, 300),
                   schema_op=schema)  # warm-up
    wall, cpu = time.perf_counter(), time.process_time()
    outcome = fuzz_operation(op, strategy, ask_reference, ask_impl, seed=1, seconds=3600, max_examples=n,
                             schema_op=schema)
    if outcome.disagreement is not None:
        sys.exit(f"error: the reference engine disagrees with itself on {variant} {op}: "
                 f"{outcome.disagreement.problem}")
    require(outcome.examples, f"question of {variant} {op} compared",
            f"{outcome.skipped} skipped, {outcome.refused} refused by the reference")
    return outcome.examples, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=3000, help="questions per operation (default 3000)")
    parser.add_argument("--variant", action="append", default=[], help="only this variant (repeatable)")
    parser.add_argument("--op", action="append", default=[], help="only this operation (repeatable)")
    args = parser.parse_args()

    variants = args.variant or bundled_spec.playable_ids()
    print(f"{'variant':<26} {'operation':<18} {'questions':>9} {'wall /s':>9} {'CPU /s':>9}")
    total, total_wall, total_cpu = 0, 0.0, 0.0
    for variant in variants:
        for op, strategy in input_strategies(variant).items():
            if op == "facts" or (args.op and op not in args.op):
                continue  # facts has one question only
            count, wall, cpu = measure(variant, op, strategy, args.n)
            total, total_wall, total_cpu = total + count, total_wall + wall, total_cpu + cpu
            print(f"{variant:<26} {op:<18} {count:>9} {count / wall:>9,.0f} {count / cpu:>9,.0f}", flush=True)
    require(total, "question compared", "no operation of the variants and --op given has a generator")
    print(f"{'all':<26} {'':<18} {total:>9} {total / total_wall:>9,.0f} {total / total_cpu:>9,.0f}")


if __name__ == "__main__":
    main()
