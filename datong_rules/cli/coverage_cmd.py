"""``datong-rules coverage``: how many scenarios check each rule of each variant.

The rule ids come from the bundled variants (``datong_rules.reference_impl.variant``; abstract variants are
left out, and so are variants whose file cannot be loaded: their problem is printed once as a
``warning:`` line) or from ``--rules-file``, a YAML/JSON mapping ``{variant_id: [rule_id, ...]}``.

Without ``--rules-file`` the scenarios are checked against the bundled spec as they load (an unknown
operation, variant or rule id is an input error with its ``FILE:LINE:COL``; ``--no-spec-check`` turns
that off); with it, the rules file is the reference and the scenarios' variants and rules are
checked against it, one problem line per variant or per (variant, rule), not per scenario. At most
:data:`ERRORS_SHOWN` problem lines are printed, then how many more there are (``--json`` writes
them all).

Exit status: 0; 1 when a scenario cites a rule its variant does not have or names a variant the
rule ids do not list, or when a variant's coverage is below ``--fail-under``; 2 for input errors.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import click

from .messages import current, tr
from .path_args import overwritten_input, read_inputs, refuse_empty
from .problem_words import said, say, scenario_lines
from .variant_arg import abstract_variant_message, variant_filter_ids

from datong_rules.conformance import bundled_spec
from datong_rules.cli.command_error import CommandError, fail
from datong_rules.cli.conform import check_report_paths, warn_spec_problems
from datong_rules.conformance.coverage import CoverageReport
from datong_rules.conformance.coverage import coverage as compute_coverage
from datong_rules.conformance.reports.common import is_stdout, write_text
from datong_rules.conformance.scenarios_io import ScenarioError, load_scenarios
from datong_rules.reference_impl.variant.errors import SpecError
from datong_rules.reference_impl.variant.yaml_loader import read_yaml_file

ERRORS_SHOWN = 10
"""Problem lines printed before the rest are counted."""

RULES_FILE_SHAPE = "a mapping of variant id to a list of rule ids"
"""What ``--rules-file`` holds, in the words of its errors."""


def bundled_rule_ids(wanted: tuple[str, ...]) -> dict[str, list[str]]:
    """Rule ids of the bundled (non-abstract) variants that load, or of the ``wanted`` ones.

    A variant that cannot be loaded is left out (its problem is in :func:`datong_rules.conformance.bundled_spec.warnings`).

    Raises:
        CommandError: a wanted variant does not exist.
    """
    known = bundled_spec.variant_ids()
    out: dict[str, list[str]] = {}
    for variant_id in wanted or known:
        variant = bundled_spec.variant(variant_id)
        if variant is None:
            raise CommandError(tr("unknown variant '{variant}' (known: {known})", variant=variant_id,
                                  known=", ".join(known)))
        if wanted and not isinstance(variant, SpecError) and variant.abstract:
            raise CommandError(abstract_variant_message(variant_id, variant_id,
                                                        bundled_spec.playable_ids(variant_id.split("/", 1)[0])))
        if not isinstance(variant, SpecError) and (wanted or not variant.abstract):
            out[variant_id] = list(variant.checked_rule_ids())
    return out


def file_rule_ids(path: str, wanted: tuple[str, ...]) -> dict[str, list[str]]:
    """Rule ids read from a ``{variant: [rule, ...]}`` YAML/JSON file, limited to ``wanted`` if given.

    Raises:
        CommandError: unreadable file, bad YAML, wrong shape, unknown wanted variant.
    """
    try:
        data = read_yaml_file(path).data
    except SpecError as exc:
        if exc.kind == "empty":  # the loader's words expect a variant file
            raise CommandError(tr("{path}:1:1: the file holds no YAML document (expected {shape})", path=path,
                                  shape=tr(RULES_FILE_SHAPE))) from None
        raise CommandError(said(exc)) from None
    if not isinstance(data, dict) or not all(
            isinstance(v, list) and all(isinstance(r, str) for r in v) for v in data.values()):
        raise CommandError(tr("{path}: expected {shape}", path=path, shape=tr(RULES_FILE_SHAPE)))
    missing = [v for v in wanted if v not in data]
    if missing:
        raise CommandError(tr("{path}: no variant '{variant}'", path=path, variant=missing[0]))
    return {v: rules for v, rules in data.items() if not wanted or v in wanted}


def render_coverage(report: CoverageReport, show_counts: bool) -> str:
    """Text: per variant a line ``id  covered/total rules (p%)``, then its uncovered rules, or,
    with ``show_counts``, every rule with its scenario count."""
    out = []
    for cov in report.variants.values():
        covered = len(cov.counts) - len(cov.uncovered)
        out.append(tr("{variant}  {covered}/{total} rules covered ({percent}%)", variant=cov.variant,
                      covered=covered, total=len(cov.counts), percent=f"{cov.percent:.1f}"))
        if show_counts:
            out += [f"  {n:>4}  {rule}" for rule, n in cov.counts.items()]
        elif cov.uncovered:
            out.append(tr("  uncovered: {rules}", rules=", ".join(cov.uncovered)))
    return "\n".join(out)


def moot_lines(variant_ids: list[str], houses: dict) -> list[str]:
    """One line per rule left out of a variant's coverage because it is moot there
    (:meth:`~datong_rules.reference_impl.variant.variant.Variant.moot_rules`): ``VARIANT: RULE not counted: why``.
    ``houses`` maps a house variant's id to its resolved variant; the others are bundled."""
    out = []
    for variant_id in variant_ids:
        variant = houses.get(variant_id) or bundled_spec.variant(variant_id)
        if variant is None or isinstance(variant, SpecError):
            continue
        out += [tr("{variant}: {rule} not counted (moot here): {why}", variant=variant_id, rule=rule,
                   why=why[current()]) for rule, why in variant.moot_rules().items()]
    return out


def check_percent(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """The ``--fail-under`` value if it is a finite number from 0 to 100 (a click callback).

    Raises:
        click.BadParameter: ``nan`` (which no comparison would ever fail), ``inf`` or a number outside 0–100.
    """
    if value is not None and not (math.isfinite(value) and 0 <= value <= 100):
        raise click.BadParameter(tr("{value} is not a number from 0 to 100", value=f"{value:g}"))
    return value


def shown_problems(problems: list[str], json_path: str | None) -> list[str]:
    """The first :data:`ERRORS_SHOWN` problem lines (:attr:`CoverageReport.errors
    <datong_rules.conformance.coverage.CoverageReport.errors>`, in English) in the command's language, then one line
    counting the others."""
    shown = [say(line) for line in problems[:ERRORS_SHOWN]]
    if len(problems) <= ERRORS_SHOWN:
        return shown
    where = (tr("the JSON on standard output lists them all") if is_stdout(json_path)
             else tr("{path} lists them all", path=json_path) if json_path else tr("--json FILE lists them all"))
    return [*shown, tr("... and {count} more problems ({where})", count=len(problems) - ERRORS_SHOWN, where=where)]


@click.command("coverage", short_help="Count scenarios per rule id per variant.")
@click.option("--variant", "variants", multiple=True, metavar="ID",
              callback=refuse_empty("a variant id or the path of a house variant file"),
              help="Only this variant (repeatable); the path of a house variant file counts the scenarios it inherits.")
@click.option("--scenarios", "scenario_paths", multiple=True, metavar="PATH",
              callback=refuse_empty("a scenario folder or file"),
              help="Scenario folder or file instead of the bundled suite (repeatable).")
@click.option("--rules-file", metavar="FILE", callback=refuse_empty("a YAML or JSON file of rule ids"),
              help="Rule ids per variant from this YAML/JSON file ({variant: [rule, ...]}) instead of the bundled spec.")
@click.option("--no-spec-check", is_flag=True,
              help="Do not check the scenarios' op, variant and rule ids against the bundled spec as they load.")
@click.option("--counts", "show_counts", is_flag=True, help="List every rule with its scenario count.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the coverage as JSON ('-': to standard output).")
@click.option("--fail-under", type=float, callback=check_percent, metavar="PERCENT",
              help="Exit 1 when a variant's coverage is below PERCENT.")
def coverage(variants, scenario_paths, rules_file, no_spec_check, show_counts, json_path, fail_under) -> None:
    """Count the scenarios checking each rule of each variant; list the uncovered rules."""
    from .house_arg import split_variants

    try:
        variants, houses = split_variants(variants)
        variants = variant_filter_ids(variants)
        check_report_paths({"--json": json_path})  # said before counting, as conform and play do (no folder is made)
        overwritten = overwritten_input({"--json": json_path}, {**read_inputs(houses, scenario_paths),
                                                               **({rules_file: "the rules file"} if rules_file else {})})
        if overwritten is not None:  # the report over the house rules, the scenarios or the rules file
            raise CommandError(overwritten)
        scenarios, rule_ids, notes = _counted(scenario_paths, rules_file, no_spec_check, variants, houses)
        report = compute_coverage(scenarios, rule_ids, rules_from=rules_file or "the bundled spec")
        # --json - puts the JSON alone on standard output: the text goes to stderr
        click.echo(render_coverage(report, show_counts), err=is_stdout(json_path))
        if not rules_file:
            notes += moot_lines(sorted(rule_ids), {house.id: house for _, house in houses})
        for line in notes:
            click.echo(line, err=is_stdout(json_path))
        if json_path:
            _write_json(report, json_path)
        low = [v.variant for v in report.variants.values() if fail_under is not None and v.percent < fail_under]
        problems = shown_problems(report.errors, json_path) + [
            tr("coverage of {variant} is below {percent}%", variant=v, percent=f"{fail_under:g}") for v in low]
        if problems:
            raise CommandError("\n".join(problems), 1)
    except CommandError as exc:
        fail(exc)


def _counted(scenario_paths: tuple[str, ...], rules_file: str | None, no_spec_check: bool,
             variants: tuple[str, ...], houses: list) -> tuple[list, dict[str, list[str]], list[str]]:
    """``(scenarios, rule ids per variant, notes)`` of a coverage run: the scenarios counted (fixture variants'
    left out, house files' inherited ones added), the rule ids of each variant counted, and the summary lines of
    each house file.

    Raises:
        CommandError: bad scenario files.
    """
    from datong_rules.conformance.derived import check_house
    from datong_rules.conformance.house import inherit, summary_lines

    from .house_arg import impl_option

    try:
        scenarios = load_scenarios([Path(p) for p in scenario_paths] if scenario_paths else None,
                                   spec_check=not (no_spec_check or rules_file),
                                   known={house.id: house for _, house in houses})
    except ScenarioError as exc:
        raise CommandError(scenario_lines(exc.errors)) from None
    # fixture variants (variant files of the suite, pinning one reading) are not counted: coverage is of the
    # bundled variants
    suite, scenarios = scenarios, [s for s in scenarios if s.fixture is None]
    rule_ids = {} if houses and not variants else \
        file_rule_ids(rules_file, variants) if rules_file else bundled_rule_ids(variants)
    notes: list[str] = []
    for ref, house in houses:  # a house variant file: the scenarios it inherits count for its rules
        inherited = check_house(inherit(house, suite), suite, derived=False)  # what the inherited ones check
        scenarios += inherited.scenarios
        rule_ids[house.id] = list(house.checked_rule_ids())
        notes += summary_lines(inherited, ref, impl_option(None, None), current())
    warn_spec_problems()
    scenarios = [s for s in scenarios if s.variant in rule_ids] if variants or houses else scenarios
    if not rules_file:  # a variant that cannot be loaded was warned about; its scenarios are not counted
        scenarios = [s for s in scenarios if not isinstance(bundled_spec.variant(s.variant), SpecError)]
    return scenarios, rule_ids, notes


def _write_json(report, json_path: str) -> None:
    """Write the coverage report as JSON to ``json_path`` (``-``: standard output).

    Raises:
        CommandError: the file cannot be written.
    """
    try:
        write_text(json_path, json.dumps(report.to_json(), ensure_ascii=False, indent=2) + "\n")
    except OSError as exc:
        where = tr("the coverage to standard output") if is_stdout(json_path) else json_path
        raise CommandError(tr("cannot write {where}: {reason}", where=where, reason=exc.strerror or exc)) from None
