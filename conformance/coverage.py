"""Rule coverage: how many scenarios check each rule of each variant.

A scenario covers the rules it cites, for its own variant only. A cited rule id that is not a
rule of the scenario's variant, and a scenario whose variant is unknown, are errors of the suite
(reported, not raised).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from conformance.scenarios_io import Scenario


@dataclass
class VariantCoverage:
    """Coverage of one variant.

    Attributes:
        variant: the variant id.
        counts: every rule id of the variant → number of scenarios citing it (0 if none), in the
            variant's rule order.
    """

    variant: str
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def uncovered(self) -> list[str]:
        """Rule ids no scenario cites, in rule order."""
        return [rule for rule, n in self.counts.items() if n == 0]

    @property
    def percent(self) -> float:
        """Share of the variant's rules cited at least once, 0–100 (100 for a variant with no rules)."""
        if not self.counts:
            return 100.0
        return 100.0 * (len(self.counts) - len(self.uncovered)) / len(self.counts)


@dataclass
class CoverageReport:
    """Coverage of a suite.

    Attributes:
        variants: variant id → :class:`VariantCoverage`, in the order given.
        errors: one line per problem (``file:line: scenario 'id' cites rule 'x', not a rule of
            variant 'v'`` or ``... is for unknown variant 'v'``).
    """

    variants: dict[str, VariantCoverage] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        """``{"variants": {id: {"rules": {rule: n}, "uncovered": [...], "percent": p}}, "errors": [...]}``."""
        return {
            "variants": {v.variant: {"rules": v.counts, "uncovered": v.uncovered, "percent": round(v.percent, 2)}
                         for v in self.variants.values()},
            "errors": self.errors,
        }


def coverage(scenarios: Iterable[Scenario], variants_rule_ids: Mapping[str, Iterable[str]]) -> CoverageReport:
    """Count, per variant, the scenarios citing each of its rules.

    Args:
        scenarios: the suite (see :func:`conformance.scenarios_io.load_scenarios`).
        variants_rule_ids: variant id → the rule ids of that (resolved) variant.

    Returns:
        A :class:`CoverageReport`; problems are listed in ``errors``, never raised.
    """
    report = CoverageReport({v: VariantCoverage(v, dict.fromkeys(rules, 0)) for v, rules in variants_rule_ids.items()})
    for scenario in scenarios:
        where = f"{scenario.location}: scenario '{scenario.id}'"
        target = report.variants.get(scenario.variant)
        if target is None:
            report.errors.append(f"{where} is for unknown variant '{scenario.variant}'")
            continue
        for rule in scenario.rules:
            if rule in target.counts:
                target.counts[rule] += 1
            else:
                report.errors.append(f"{where} cites rule '{rule}', not a rule of variant '{scenario.variant}'")
    return report
