"""Does ``datong-rules fuzz`` find every switched reading of a game within its time budget?

A *switched-reading engine* is the reference engine playing a fixture variant of the suite (one reading of a rule
switched: ``biedan/exchange-next-deal`` is ``biedan/biedan-guide`` with ``exchange.timing: after_next_deal``) while
answering as the variant it extends. For each fixture variant of the game this script fuzzes such an engine for
``--seconds`` (all operations, the budget shared as ``fuzz`` shares it) and says whether a disagreement was found,
how many distinct cases, and which switched reading explains them. It fails (exit 1) when a reading is not found.

    python benchmarks/fuzz_switched_readings.py --game biedan --seconds 60
    python benchmarks/fuzz_switched_readings.py --game dadun --seconds 60 --only linked-dun-higher-rank
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout without installing

from datong_rules.conformance.adapters.reference import ReferenceImplementation, game_ops  # noqa: E402
from datong_rules.conformance.fuzz import session  # noqa: E402
from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants  # noqa: E402
from datong_rules.reference_impl import games  # noqa: E402
from datong_rules.reference_impl.variant import Variant  # noqa: E402


class SwitchedReading(ReferenceImplementation):
    """The reference engine answering questions about ``base`` with the rules of ``fixture`` (a fixture variant
    extending ``base``): an engine that reads one rule the other way."""

    def __init__(self, base: str, fixture: Variant) -> None:
        self.base, self.fixture = base, fixture
        self.name = f"switched {fixture.id}"
        game = games.game_of_variant(base)
        # the fixture's rules under the base's id: a game record of the base variant is replayed by them
        self._rules = game.rules_for(Variant(base, {**fixture.data, "id": base}))
        self._ops = game_ops(game)

    def answer(self, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """As the reference engine, with the fixture's rules for ``base``."""
        if variant == self.base:
            return self._ops[op](self._rules, given)
        return super().answer(variant, op, given)


def fixtures(game: str) -> list[Variant]:
    """The suite's fixture variants of ``game``, by id."""
    found = load_fixture_variants(find_variant_files())
    return sorted((v for v in found.values() if v.id.startswith(game + "/")), key=lambda v: v.id)


def check(fixture: Variant, seconds: float, seed: int) -> tuple[bool, str]:
    """Fuzz the switched engine of ``fixture`` against its base; (found, one line)."""
    base = fixture.data.get("extends") or fixture.parent
    base = base if isinstance(base, str) else base.id
    chosen = session.targets([(base, base)], [])
    start = time.perf_counter()
    results = session.run(SwitchedReading(base, fixture), chosen, seed=seed, seconds=seconds, max_examples=None)
    took = time.perf_counter() - start
    cases = [(r.outcome.op, c) for r in results for c in r.outcome.disagreements]
    if not cases:
        return False, f"{fixture.id}: NOT FOUND in {took:.0f} s"
    first_ops = sorted({op for op, _ in cases})
    explained = sorted({e for _, c in cases for e in c.explained})
    return True, (f"{fixture.id}: found, {len(cases)} distinct case(s) in {', '.join(first_ops)} ({took:.0f} s with "
                  f"shrinking); explained by: {', '.join(e[:70] for e in explained) or '-'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="biedan")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", default=[], help="a fixture variant's name (repeatable)")
    args = parser.parse_args(argv)
    chosen = [v for v in fixtures(args.game) if not args.only or v.id.split("/", 1)[1] in args.only]
    if not chosen:
        print(f"no fixture variant of {args.game} selected", file=sys.stderr)
        return 1
    missed = 0
    for fixture in chosen:
        found, line = check(fixture, args.seconds, args.seed)
        missed += not found
        print(line, flush=True)
    print(f"{len(chosen) - missed} of {len(chosen)} switched readings found within {args.seconds:g} s each")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
