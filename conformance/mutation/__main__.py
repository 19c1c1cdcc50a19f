"""``python -m datong_rules.conformance.mutation``: plant every fault of the catalogue, one at a time, and print
which scenarios caught each, then the kill rate.

    python -m datong_rules.conformance.mutation                       # the bundled suite
    python -m datong_rules.conformance.mutation -v                    # list every killing scenario
    python -m datong_rules.conformance.mutation --only ties-to-last-played --scenarios path/to/scenarios

Exit status: 0 when every mutant is killed and the engine is restored; 1 when a mutant survives
(or could not be planted, or the engine was not restored); 2 for bad arguments or scenario files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from datong_rules.conformance.scenarios_io import ScenarioError

from datong_rules.reference_impl.faults import all_mutants
from .runner import MutantOutcome, MutationReport, run_mutants

SHOWN_KILLERS = 2


def _row(outcome: MutantOutcome, verbose: bool) -> list[str]:
    m = outcome.mutant
    if outcome.plant_error:
        return [f"STALE     {m.id}: {outcome.plant_error}"]
    if not outcome.killed:
        return [f"SURVIVED  {m.id}  [{', '.join(m.rules)}]", f"          {m.description}"]
    right = len(outcome.on_its_rules)
    failed = sum(r.status == "failed" for r in outcome.killers)
    errored = len(outcome.killers) - failed
    counts = f"{failed} failed" + (f", {errored} errored" if errored else "")
    head = (f"killed    {m.id:<32} {len(outcome.killers):>3} scenarios ({counts}); "
            f"{right} cite {', '.join(m.rules)}")
    shown = outcome.killers if verbose else (outcome.on_its_rules or outcome.killers)[:SHOWN_KILLERS]
    lines = [head]
    lines += [f"          - {r.scenario.id}" + (f": {r.message}" if verbose and r.message else "") for r in shown]
    return lines


def render(report: MutationReport, verbose: bool = False) -> str:
    """The table, the kill rate and the restoration check, as text."""
    lines = [f"mutation check: {len(report.outcomes)} mutants × {report.scenarios} scenarios "
             f"in {report.duration:.1f} s"]
    if report.baseline_failures:
        lines.append(f"left out: {len(report.baseline_failures)} scenarios that do not pass on the unmutated engine "
                     f"(e.g. {report.baseline_failures[0].scenario.id})")
    for outcome in report.outcomes:
        lines += _row(outcome, verbose)
    not_on_rule = [o.mutant.id for o in report.outcomes if o.killed and not o.on_its_rules]
    if not_on_rule:
        lines.append(f"caught only by scenarios citing other rules: {', '.join(not_on_rule)}")
    rate = report.killed / len(report.outcomes) if report.outcomes else 1.0
    lines.append(f"kill rate: {report.killed}/{len(report.outcomes)} ({rate:.0%})")
    if report.survivors:
        lines.append("survivors: " + ", ".join(o.mutant.id for o in report.survivors))
    if not report.restored:
        lines.append("ERROR: the unmutated engine does not give the baseline answers again (a patch leaked)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m datong_rules.conformance.mutation",
                                     description="Plant typical faults in the reference engine, one at a time, "
                                                 "and check the conformance suite catches each.")
    parser.add_argument("--scenarios", type=Path, help="scenario folder or file (default: the bundled suite)")
    parser.add_argument("--only", action="append", default=[], metavar="ID", help="only this mutant (repeatable)")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every killing scenario and its message")
    args = parser.parse_args(argv)
    known = {m.id: m for m in all_mutants()}
    unknown = [i for i in args.only if i not in known]
    if unknown:
        print(f"error: unknown mutant {', '.join(unknown)} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    try:
        report = run_mutants(mutants=[known[i] for i in args.only] or None, scenario_root=args.scenarios)
    except ScenarioError as exc:
        for line in str(exc).splitlines():
            print(f"error: {line}", file=sys.stderr)
        return 2
    print(render(report, args.verbose))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
