"""Run the suite against each mutant of the reference engine and say which scenarios caught it.

A scenario *kills* a mutant when it passes on the unmutated engine and fails or errors on the
mutant. Scenarios that do not pass on the unmutated engine (the baseline) are left out: they can
kill nothing. After the last mutant the suite is run again unmutated, to prove the engine was
restored (``restored``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from datong_rules.conformance.adapters.base import Implementation
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.runner import PASSED, ScenarioResult, run
from datong_rules.conformance.scenarios_io import Scenario, load_scenarios

from datong_rules.reference_impl.faults import Mutant, Patcher, all_mutants, clear_engine_caches


@dataclass
class MutantOutcome:
    """What the suite did to one mutant.

    Attributes:
        mutant: the planted fault.
        killers: the results of the scenarios that caught it (failed or errored), in suite order.
        plant_error: a one-line message when the fault could not be planted (the mutant is stale).
        duration: seconds for planting, running and restoring.
    """

    mutant: Mutant
    killers: list[ScenarioResult] = field(default_factory=list)
    plant_error: str | None = None
    duration: float = 0.0

    @property
    def killed(self) -> bool:
        """At least one scenario caught the fault."""
        return bool(self.killers)

    @property
    def on_its_rules(self) -> list[ScenarioResult]:
        """The killers citing one of the rule ids the fault breaks (the report names the right rule)."""
        wanted = self.mutant.rules
        return [r for r in self.killers
                if any(rule == w or rule.startswith(w + ".") for rule in r.scenario.rules for w in wanted)]


@dataclass
class MutationReport:
    """The whole mutation check.

    Attributes:
        outcomes: one per mutant, in catalogue order.
        scenarios: how many scenarios were run per mutant (the baseline's passing ones).
        baseline_failures: scenarios that did not pass on the unmutated engine (left out).
        restored: the unmutated engine gave the baseline answers again after the last mutant.
        duration: seconds in all.
    """

    outcomes: list[MutantOutcome]
    scenarios: int
    baseline_failures: list[ScenarioResult]
    restored: bool
    duration: float

    @property
    def killed(self) -> int:
        """Number of mutants killed."""
        return sum(o.killed for o in self.outcomes)

    @property
    def survivors(self) -> list[MutantOutcome]:
        """The mutants no scenario caught (stale ones included)."""
        return [o for o in self.outcomes if not o.killed]

    @property
    def ok(self) -> bool:
        """Every mutant killed and the engine restored."""
        return not self.survivors and self.restored


def _answers(results: Iterable[ScenarioResult]) -> list[tuple[str, str, object]]:
    return [(r.scenario.id, r.status, r.actual) for r in results]


def run_mutants(scenarios: list[Scenario] | None = None, mutants: Iterable[Mutant] | None = None,
                make_impl: Callable[[], Implementation] = ReferenceImplementation,
                scenario_root: Path | None = None) -> MutationReport:
    """Plant each mutant in turn, run the scenarios in-process, restore the engine.

    Args:
        scenarios: the scenarios (default: load ``scenario_root``, default the bundled suite).
        mutants: the faults (default: every registered game's, :func:`~datong_rules.reference_impl.faults.all_mutants`).
        make_impl: builds a fresh in-process implementation for each run (default the reference engine).

    Returns:
        A :class:`MutationReport`.

    Raises:
        ScenarioError: the scenario files cannot be loaded.
    """
    clock = time.perf_counter()
    suite = scenarios if scenarios is not None else load_scenarios(scenario_root)
    clear_engine_caches()
    baseline = run(make_impl(), suite)
    passing = [r.scenario for r in baseline.results if r.status == PASSED]
    failures = [r for r in baseline.results if r.status != PASSED]
    reference = _answers(r for r in baseline.results if r.status == PASSED)

    outcomes = []
    for m in all_mutants() if mutants is None else mutants:
        start = time.perf_counter()
        outcome = MutantOutcome(m)
        with Patcher() as patcher:
            try:
                m.plant(patcher)
            except Exception as exc:  # noqa: BLE001 - a stale mutant is reported, not a crash
                outcome.plant_error = f"{type(exc).__name__}: {exc}"
            else:
                clear_engine_caches()
                result = run(make_impl(), passing)
                outcome.killers = [r for r in result.results if r.status != PASSED]
        clear_engine_caches()
        outcome.duration = time.perf_counter() - start
        outcomes.append(outcome)

    restored = _answers(run(make_impl(), passing).results) == reference
    return MutationReport(outcomes, len(passing), failures, restored, time.perf_counter() - clock)
