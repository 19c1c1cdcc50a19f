"""Rule coverage: how many scenarios check each rule of each variant.

A scenario covers the rules it cites, for its own variant only. A cited rule id that is not a
rule of the scenario's variant, and a scenario whose variant the rule ids do not list, are errors of
the suite (reported, not raised), one line per variant or per (variant, rule), not per scenario.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from datong_rules.conformance.scenarios_io import Scenario


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
        errors: one line per problem, located at its first scenario: ``file:line: 3 scenarios of
            variant 'v' cite rule 'x', which is not a rule of that variant in the bundled spec (first:
            'id')`` or ``file:line: 211 scenarios are for variant 'v', which is not in rules.json
            (first: 'id')``.
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


def coverage(scenarios: Iterable[Scenario], variants_rule_ids: Mapping[str, Iterable[str]], *,
             rules_from: str = "the bundled spec") -> CoverageReport:
    """Count, per variant, the scenarios citing each of its rules.

    Args:
        scenarios: the suite (see :func:`datong_rules.conformance.scenarios_io.load_scenarios`).
        variants_rule_ids: variant id → the rule ids of that (resolved) variant.
        rules_from: where the rule ids come from, for the error lines (``"rules.json"``).

    Returns:
        A :class:`CoverageReport`; problems are listed in ``errors``, never raised.
    """
    report = CoverageReport({v: VariantCoverage(v, dict.fromkeys(rules, 0)) for v, rules in variants_rule_ids.items()})
    unlisted: dict[str, list[Scenario]] = defaultdict(list)
    foreign: dict[tuple[str, str], list[Scenario]] = defaultdict(list)
    for scenario in scenarios:
        target = report.variants.get(scenario.variant)
        if target is None:
            unlisted[scenario.variant].append(scenario)
            continue
        for rule in scenario.rules:
            if rule in target.counts:
                target.counts[rule] += 1
            else:
                foreign[scenario.variant, rule].append(scenario)
    for variant, found in unlisted.items():
        report.errors.append(f"{found[0].location}: {_scenarios(found)} for variant '{variant}', which is not in "
                             f"{rules_from} (first: '{found[0].id}')")
    for (variant, rule), found in foreign.items():
        verb = "cites" if len(found) == 1 else "cite"
        report.errors.append(f"{found[0].location}: {_scenarios(found, 'of')} variant '{variant}' {verb} rule "
                             f"'{rule}', which is not a rule of that variant in {rules_from} (first: '{found[0].id}')")
    return report


def _scenarios(found: list[Scenario], joint: str = "") -> str:
    """``1 scenario is`` / ``3 scenarios are`` (``joint`` ``""``), or ``1 scenario of`` / ``3 scenarios of``."""
    noun = "scenario" if len(found) == 1 else "scenarios"
    verb = joint or ("is" if len(found) == 1 else "are")
    return f"{len(found)} {noun} {verb}"
