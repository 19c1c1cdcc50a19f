"""House variant files given to ``conform --variant`` (and ``coverage --variant``): the path of a variant file that
is not bundled selects the scenarios it inherits (:mod:`datong_rules.conformance.house`), asked about it.

:func:`split_variants` separates house files from variant ids; :func:`house_selected` loads the suite and picks the
scenarios, with the lines that say what the run of each house file checks (and which of its rules it cannot).
"""

from __future__ import annotations

import shlex
from pathlib import Path

from datong_rules.conformance import house
from datong_rules.conformance.derived import DEFAULT_COUNT, DEFAULT_SEED, check_house
from datong_rules.conformance.house import HouseSuite, inherit, summary_lines
from datong_rules.conformance.runner import select
from datong_rules.conformance.scenarios_io import Scenario, ScenarioError, load_scenarios
from datong_rules.reference_impl.variant import SpecError, Variant, VariantNotFound

from .command_error import CommandError
from .messages import current, tr
from .problem_words import said, scenario_lines


def split_variants(values: tuple[str, ...]) -> tuple[tuple[str, ...], list[tuple[str, Variant]]]:
    """:func:`datong_rules.conformance.house.split_variants`, its error a :class:`CommandError` (exit 2)."""
    try:
        return house.split_variants(values)
    except ValueError as exc:
        cause = exc.__context__  # the loader's problem, said in the command's language
        text = str(exc)
        if isinstance(cause, SpecError | VariantNotFound):
            text = text.replace(str(cause), said(cause))
        raise CommandError(text) from None


def house_selected(paths: tuple[str, ...], ids: tuple[str, ...], houses: list[tuple[str, Variant]], ops, rules,
                   keyword, *, spec_check: bool, suite: list[Scenario], impl_option: str,
                   inherited_out: list[tuple[str, HouseSuite]] | None = None,
                   derived: int | None = None, seed: int | None = None,
                   no_derived: bool = False) -> tuple[list[Scenario], list[str]]:
    """The scenarios of a run with house files: those each house file inherits from the suite (``paths``, default
    the bundled one; a scenario there may name a house file's own id: it is asked under the house's rules, with
    those it inherits), then its derived checks (:mod:`datong_rules.conformance.derived`: ``derived`` steered checks
    per changed rule, from ``seed``, by default the module's; none with ``no_derived``), and those of the variant ids, narrowed by the
    other filters; and the summary lines of each house file (``impl_option``: the implementation option shown in the
    suggested ``fuzz`` command). ``suite`` receives the whole suite and the inherited scenarios; ``inherited_out``,
    when given, ``(path as typed, HouseSuite)`` of each house file (for the reports: which scenarios were left out,
    and why, and what checks each changed rule).

    Raises:
        CommandError: bad scenario files, or no scenario left for a house file or a variant id.
    """
    try:
        scenarios = load_scenarios([Path(p) for p in paths] if paths else None, spec_check=spec_check,
                                   known={variant.id: variant for _, variant in houses})
    except ScenarioError as exc:
        raise CommandError(scenario_lines(exc.errors)) from None
    suite.extend(scenarios)
    chosen: list[Scenario] = []
    if ids:
        chosen = select(scenarios, variants=ids, ops=ops, rules=rules, keyword=keyword)
        missing = sorted(set(ids) - {s.variant for s in chosen})
        if missing:
            raise CommandError(f"--variant {missing[0]}: no scenario of this variant matches the filters")
    notes: list[str] = []
    for ref, variant in houses:
        try:
            inherited: HouseSuite = inherit(variant, scenarios)
        except ValueError as exc:
            raise CommandError(f"--variant {ref}: {exc}") from None
        check_house(inherited, scenarios, count=DEFAULT_COUNT if derived is None else derived,
                    seed=DEFAULT_SEED if seed is None else seed, derived=not no_derived)
        picked = select([*inherited.scenarios, *inherited.derived], ops=ops, rules=rules, keyword=keyword)
        if not picked:
            raise CommandError(f"--variant {ref}: none of the {len(inherited.scenarios)} scenarios {variant.id} "
                               f"inherits matches the filters")
        suite.extend([*inherited.scenarios, *inherited.derived])
        chosen.extend(picked)
        if inherited_out is not None:
            inherited_out.append((ref, inherited))
        notes += summary_lines(inherited, ref, impl_option, current())
    return chosen, notes


def impl_option(impl: str | None, impl_cmd: str | None) -> str:
    """The implementation option of the command line, for a suggested command (both forms when it has none)."""
    if impl_cmd is not None:
        return f"--impl-cmd {shlex.quote(impl_cmd)}"
    return f"--impl {impl}" if impl is not None else tr("--impl MODULE:FACTORY (or --impl-cmd COMMAND)")
