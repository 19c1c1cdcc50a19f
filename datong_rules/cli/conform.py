"""``datong-rules conform``: check an implementation against the conformance suite.

Exit status: 0 when nothing failed or errored (skips are fine) and at least one scenario passed; 1 when a
scenario failed or errored, the run checked nothing (no scenario asked, or none passed: a run that tests nothing
must not turn a CI job green; ``--allow-empty`` accepts it), or the implementation failed its handshake or declared
a variant or operation the kit does not know (a typo would skip everything); 130 when the run was interrupted
(Ctrl-C), 143 when it was stopped by SIGTERM (``timeout``, a CI cancellation, ``docker stop``), 129 by SIGHUP (a
terminal closed, an ssh session dropped); 2 for usage
and input errors (bad or empty options, bad scenario files, a filter matching no scenario, a command
that cannot be run, a report that cannot be written). Every error is one ``error: ...`` line on
stderr; problems of bundled variant files that cannot be loaded are ``warning: ...`` lines (the
other variants are still checked).

Ctrl-C or SIGTERM while the implementation starts or runs stops it and still writes the reports (marked
interrupted; each report file is written whole or not at all; SIGHUP too, exit status 129, even when the closed
terminal can no longer show the summary); Ctrl-C (or SIGTERM, SIGHUP) while the scenarios load ends with ``error:
interrupted while loading scenarios`` and the reports of a run that asked nothing, marked interrupted (a CI job
finds the files it expects). The summary's time is the whole command's (loading the suite and
starting and stopping the implementation included); the JSON report also has the time of the run
alone.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

import click

from .command_error import CommandError, fail
from .messages import current, error_line, tr, warning_line
from .output import interrupted_status
from .path_args import overwritten_input, read_inputs, refuse_empty, shared_output, unwritable_reason
from .problem_words import say, scenario_lines
from .variant_arg import abstract_variant_message, variant_filter_ids
from .seed_option import SEED

from datong_rules.conformance import bundled_spec
from datong_rules.conformance.adapters.base import (
    IMPLEMENTATION_FAULTS,
    Implementation,
    ImplementationStartError,
    describe,
    identity,
    load_python_impl,
    start_checked,
)
from datong_rules.conformance.adapters.jsonlines import (
    DEFAULT_STARTUP_TIMEOUT,
    DEFAULT_TIMEOUT,
    JsonLinesImplementation,
    check_seconds,
)
from datong_rules.conformance.reports.common import is_stdout
from datong_rules.conformance.reports.console import progress, render_console, use_color
from datong_rules.conformance.reports.json_report import write_json
from datong_rules.conformance.reports.junit import write_junit
from datong_rules.conformance.reports.markdown import write_markdown
from datong_rules.conformance.runner import RunResult, apply_late_errors, run, select, unknown_declarations
from datong_rules.conformance.filter_words import hint, unmatched_op, unmatched_variant
from datong_rules.conformance.scenarios_io import Scenario, ScenarioError, load_scenarios

REFERENCE_IMPL = "datong_rules.conformance.adapters.reference:ReferenceImplementation"


def warn_spec_problems() -> None:
    """Print each problem of the bundled variant files that failed to load so far, once, as
    ``warning: FILE:LINE:COL: …`` on stderr (see :func:`datong_rules.conformance.bundled_spec.warnings`)."""
    for line in bundled_spec.warnings():
        click.echo(warning_line(line), err=True)


def make_implementation(impl: str | None, impl_cmd: str | None, timeout: float,
                        startup_timeout: float) -> Implementation:
    """The implementation to check: ``--impl``, ``--impl-cmd`` or the reference engine (not started).

    Raises:
        CommandError: both options, an empty one, a bad spec, command or timeout, or the reference
            adapter missing.
    """
    if impl is not None and impl_cmd is not None:
        raise CommandError(tr("give --impl or --impl-cmd, not both"))
    if impl_cmd is not None and not impl_cmd.strip():
        raise CommandError(tr("--impl-cmd is empty (expected the command that starts your engine; is the variable "
                              "you pass unset?)"))
    if impl is not None and not impl.strip():
        raise CommandError(tr("--impl is empty (expected MODULE:FACTORY)"))
    try:
        if impl_cmd is not None:
            return JsonLinesImplementation(impl_cmd, timeout=timeout, startup_timeout=startup_timeout)
        if impl is None:
            module = REFERENCE_IMPL.partition(":")[0]
            if importlib.util.find_spec(module) is None:
                raise CommandError(tr("the reference engine adapter ({adapter}) is not available yet; give --impl "
                                      "MODULE:FACTORY or --impl-cmd COMMAND", adapter=REFERENCE_IMPL))
            impl = REFERENCE_IMPL
        return load_python_impl(impl)
    except ValueError as exc:  # the adapter's words, said in the command's language
        raise CommandError(say(str(exc))) from None


def check_options(timeout: float, startup_timeout: float, reports: dict[str, str | None]) -> None:
    """Refuse unusable options before anything is loaded.

    Args:
        reports: option name (``--json``) → the path given, or None.

    Raises:
        CommandError: a timeout that is not a finite number of seconds in (0, 3600], an empty report
            path, two reports written to the same file (``-``, standard output, included), or a report file that
            cannot be written (a missing folder: none is created).
    """
    for name, value in (("--timeout", timeout), ("--startup-timeout", startup_timeout)):
        try:
            check_seconds(name, value)
        except ValueError as exc:
            raise CommandError(say(str(exc))) from None
    check_report_paths(reports)


def check_report_paths(reports: dict[str, str | None]) -> None:
    """Refuse, in the command's language, report paths that cannot be written, before anything is run (``conform``'s
    reports, ``coverage --json``).

    Args:
        reports: option name (``--json``) → the path given, or None.

    Raises:
        CommandError: an empty report path, two reports written to the same file (``-``, standard output,
            included), or a report file that cannot be written (a missing folder: none is created).
    """
    for name, path in reports.items():
        if path is not None and not path.strip():
            raise CommandError(tr("{name} is empty (expected a file path)", name=name))
    shared = shared_output(reports)
    if shared is not None:
        raise CommandError(shared)
    for name, path in reports.items():
        if path is None:
            continue
        reason = None if is_stdout(path) else unwritable_reason(path)
        if reason is not None:
            raise CommandError(tr("cannot write the {name} report to {path}: {reason}", name=name, path=path,
                                  reason=reason))


def unmatched_filter(scenarios: list[Scenario], variants, ops, rules, keyword) -> str:
    """Why the filters select nothing, in the command's language: the first filter value no scenario of the suite
    matches (with the valid values, or the closest one; :mod:`datong_rules.conformance.filter_words`), or that they
    match nothing together."""
    suite_variants = {s.variant for s in scenarios}
    for value in variants:
        known = bundled_spec.variant(value) if value not in suite_variants else None
        if getattr(known, "abstract", False) is True:  # a bundled abstract variant (None or a SpecError: not)
            return abstract_variant_message(value, value, bundled_spec.playable_ids(value.split("/", 1)[0]))
        unmatched = unmatched_variant(scenarios, value, tr)
        if unmatched is not None:
            return unmatched
    for value in ops:
        unmatched = unmatched_op(scenarios, value, tr)
        if unmatched is not None:
            return unmatched
    for value in rules:
        if not select(scenarios, rules=[value]):
            suite_rules = sorted({r for s in scenarios for r in s.rules})
            return tr("--rule {value}: no scenario cites this rule or a rule under it{hint} (datong-rules coverage "
                      "--counts lists the rules)", value=value, hint=hint(value, suite_rules, tr))
    if keyword is not None and not select(scenarios, keyword=keyword):
        return tr("-k {keyword}: no scenario id or description contains it", keyword=keyword)
    return tr("no scenario matches all the filters together")


def load_selected(paths: tuple[str, ...], variants, ops, rules, keyword, spec_check: bool = True,
                  suite: list[Scenario] | None = None) -> list[Scenario]:
    """The scenarios to run: the suite (``paths``, default the bundled one) narrowed by the filters.

    Every filter value must match a scenario of the suite: a value matching none (a misspelt variant
    or operation, say) is an error, even when other values match.

    Args:
        suite: a list to receive the whole suite, before the filters (optional).

    Raises:
        CommandError: bad scenario files, an empty suite, or a filter value matching nothing.
    """
    try:
        scenarios = load_scenarios([Path(p) for p in paths] if paths else None, spec_check=spec_check)
    except ScenarioError as exc:
        raise CommandError(scenario_lines(exc.errors)) from None
    if suite is not None:
        suite.extend(scenarios)
    if not scenarios and paths:  # variant files only (a house file given to --scenarios, say)
        raise CommandError(tr("no scenario in {paths} (a variant file is read as a fixture variant, not as scenarios; "
                              "to check an engine on a house variant, give it with --variant FILE)",
                              paths=", ".join(paths)))
    if not scenarios:
        raise CommandError(tr("the suite has no scenarios"))
    chosen = select(scenarios, variants=variants, ops=ops, rules=rules, keyword=keyword)
    suite_variants = {s.variant for s in scenarios}
    if (not chosen or not suite_variants.issuperset(variants) or any(not select(scenarios, ops=[o]) for o in ops)
            or any(not select(scenarios, rules=[r]) for r in rules)):
        raise CommandError(unmatched_filter(scenarios, variants, ops, rules, keyword))
    return chosen


def run_checked(implementation: Implementation, chosen: list[Scenario], *, quiet: bool,
                check_schema: bool, suite: list[Scenario] | None = None) -> RunResult:
    """Start the implementation, run the scenarios, stop it.

    Returns:
        The run; marked interrupted (reports still to be written) when Ctrl-C came at any moment.

    Raises:
        CommandError: the implementation could not be started (exit 2 when its command could not be
            run, else 1), or it declares a variant or operation that neither the kit nor ``suite`` knows
            (:func:`~datong_rules.conformance.runner.unknown_declarations`, exit 1).
    """
    try:
        start_checked(implementation)
    except ImplementationStartError as exc:  # nothing left running: a failed start cleans up after itself
        warn_spec_problems()
        raise CommandError(tr("cannot start the implementation: {reason}", reason=say(str(exc))),
                           2 if exc.launch_failed else 1) from None
    except KeyboardInterrupt:
        click.echo(error_line(tr("interrupted while starting the implementation")), err=True)
        return RunResult(implementation=identity(implementation),
                         selected=len(chosen), interrupted=True, started=time.time())
    warn_spec_problems()
    unknown = unknown_declarations(implementation, suite or chosen)
    if unknown:
        _close(implementation)
        raise CommandError("\n".join([tr("the implementation declares what the kit does not know; fix its "
                                          "declaration (nothing was run):"), *map(say, unknown)]), 1)
    try:
        with progress(len(chosen), enabled=not quiet) as on_result:
            outcome = run(implementation, chosen, on_result, check_schema=check_schema)
    finally:
        interrupted = _close(implementation)
    apply_late_errors(outcome, implementation)  # a second reply read while the implementation stopped
    outcome.interrupted = outcome.interrupted or interrupted
    return outcome


def _nothing_asked(impl: str | None, impl_cmd: str | None, selected: int = 0) -> RunResult:
    """The run of a command interrupted before its implementation was asked anything (marked interrupted)."""
    name = impl_cmd if impl_cmd is not None else impl if impl is not None else "datong-rules reference engine"
    return RunResult(implementation={"name": name, "version": "unknown"}, selected=selected, interrupted=True,
                     started=time.time())


def _write_reports(outcome: RunResult, reports: dict[str, str | None], quietly: bool = False) -> None:
    """Write each report asked for (``reports``: option → path or None), each whole or not at all.

    Raises:
        CommandError: a report that cannot be written (unless ``quietly``: then it is left out, the command
            ending on another error already).
    """
    writers = {"--json": write_json, "--junit": write_junit, "--markdown": write_markdown}
    for name, path in reports.items():
        if path is None:
            continue
        try:
            writers[name](outcome, path)
        except (OSError, KeyboardInterrupt) as exc:
            if quietly:
                continue
            if isinstance(exc, KeyboardInterrupt):
                raise
            where = tr("the report to standard output") if is_stdout(path) else path
            raise CommandError(tr("cannot write {where}: {reason}", where=where,
                                  reason=exc.strerror or exc)) from None


def _narrowed(scenario_paths, variants, houses, ops, rules, keyword) -> bool:
    """Whether the run asks only some scenarios of the bundled suite: scenario paths of its own, a filter or a house
    variant file (the console's operation table then shows only the operations it ran)."""
    return bool(scenario_paths or variants or houses or ops or rules or keyword is not None)


def _close(implementation: Implementation) -> bool:
    """Close the implementation; True when a Ctrl-C came meanwhile (it is then stopped all the same)."""
    try:
        implementation.close()
    except KeyboardInterrupt:
        return True
    except IMPLEMENTATION_FAULTS as exc:
        click.echo(warning_line(tr("closing the implementation failed: {reason}", reason=describe(exc))), err=True)
    return False


@click.command("conform", short_help="Check an implementation against the conformance suite.")
@click.option("--impl", metavar="MODULE:FACTORY", help="An in-process Python implementation.")
@click.option("--impl-cmd", metavar="COMMAND", help="A command speaking the JSON-lines protocol (no shell).")
@click.option("--variant", "variants", multiple=True, metavar="ID",
              callback=refuse_empty("a variant id or the path of a house variant file"),
              help="Only this variant (repeatable); the path of a house variant file runs the scenarios it inherits "
                   "and those written for its id.")
@click.option("--op", "ops", multiple=True, metavar="OP", callback=refuse_empty("an operation, such as classify"),
              help="Only this operation (repeatable).")
@click.option("--rule", "rules", multiple=True, metavar="RULE",
              callback=refuse_empty("a rule id or a section, such as settlement"),
              help="Only scenarios citing this rule id or one under it (repeatable).")
@click.option("-k", "keyword", metavar="TEXT", callback=refuse_empty("text of a scenario's id or description"),
              help="Only scenarios whose id or description contains TEXT.")
@click.option("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS", show_default=True,
              help="Seconds allowed per query (--impl-cmd; at most 3600).")
@click.option("--startup-timeout", type=float, default=DEFAULT_STARTUP_TIMEOUT, metavar="SECONDS",
              show_default=True, help="Seconds allowed for the handshake (--impl-cmd; at most 3600).")
@click.option("--scenarios", "scenario_paths", multiple=True, metavar="PATH",
              callback=refuse_empty("a scenario folder or file"), help="Scenario folder or file instead of the bundled suite (repeatable).")
@click.option("--no-spec-check", is_flag=True,
              help="Do not check the scenarios' op, variant and rule ids against the bundled spec "
                   "(for a suite of another game, or test fixtures).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write a JSON report ('-': to standard output).")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write a JUnit XML report ('-': to standard output).")
@click.option("--markdown", "markdown_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write a Markdown report ('-': to standard output).")
@click.option("--no-schema-check", is_flag=True,
              help="Compare only the expected keys; do not check answers against spec/schema/operations.schema.json.")
@click.option("--allow-empty", is_flag=True,
              help="Exit 0 even when the run checked nothing (no scenario asked, or none passed).")
@click.option("--derived", "derived", type=click.IntRange(0, 10_000), default=None, metavar="N",
              help="With a house variant file: the steered derived checks made per rule it changes (default 20; "
                   "0: only the swept ones).")
@click.option("--no-derived", is_flag=True, help="With a house variant file: no derived checks, only the "
                                                 "hand-worked scenarios it inherits.")
@click.option("--seed", type=SEED, default=None, metavar="SEED",
              help="With a house variant file: the seed of the derived checks' drawn questions (default 0; a "
                   "whole number ≥ 0, as play and fuzz take).")
@click.option("--quiet", "-q", is_flag=True,
              help="Print only the summary line (and, for a house file, what it changes and the checks on each).")
def conform(impl, impl_cmd, variants, ops, rules, keyword, timeout, startup_timeout, scenario_paths,
            no_spec_check, json_path, junit_path, markdown_path, no_schema_check, allow_empty, derived, no_derived,
            seed, quiet) -> None:
    """Check an implementation against the conformance suite (default: the reference engine)."""
    began = time.perf_counter()
    from datong_rules.conformance.house import house_record, left_out_lines

    from .house_arg import house_selected, impl_option, split_variants

    house_notes: list[str] = []
    inherited: list = []  # (house file as typed, HouseSuite) of each house file
    reports = {"--json": json_path, "--junit": junit_path, "--markdown": markdown_path}
    try:
        check_options(timeout, startup_timeout, reports)
        if impl is not None and impl_cmd is not None:
            raise CommandError(tr("give --impl or --impl-cmd, not both"))
        variants, houses = split_variants(variants)
        variants = variant_filter_ids(variants)
        overwritten = overwritten_input(reports, read_inputs(houses, scenario_paths))
        if overwritten is not None:  # a report over the house rules or the scenarios
            raise CommandError(overwritten)
        try:
            suite: list[Scenario] = []
            if houses:  # house variant files: the scenarios they inherit, asked about them
                chosen, house_notes = house_selected(scenario_paths, variants, houses, ops, rules, keyword,
                                                     spec_check=not no_spec_check, suite=suite,
                                                     impl_option=impl_option(impl, impl_cmd),
                                                     inherited_out=inherited,
                                                     derived=derived, seed=seed, no_derived=no_derived)
            else:
                chosen = load_selected(scenario_paths, variants, ops, rules, keyword, spec_check=not no_spec_check,
                                       suite=suite)
        except KeyboardInterrupt:
            _write_reports(_nothing_asked(impl, impl_cmd), reports, quietly=True)
            raise CommandError(tr("interrupted while loading scenarios"), interrupted_status()) from None
        try:
            implementation = make_implementation(impl, impl_cmd, timeout, startup_timeout)
        except KeyboardInterrupt:
            _write_reports(_nothing_asked(impl, impl_cmd, len(chosen)), reports, quietly=True)
            raise CommandError(tr("interrupted while loading the implementation"), interrupted_status()) from None
        outcome = run_checked(implementation, chosen, quiet=quiet, check_schema=not no_schema_check, suite=suite)
        outcome.total = time.perf_counter() - began
        outcome.houses = [house_record(chosen_house, ref) for ref, chosen_house in inherited]
        # a report on standard output ('-') keeps it to itself: the console summary goes to stderr
        to_stderr = any(map(is_stdout, reports.values()))
        stream = sys.stderr if to_stderr else sys.stdout
        console_failure: OSError | None = None
        try:  # a terminal gone (SIGHUP) or a closed pipe must not cost the report files
            # the scenarios left out first (hundreds of lines for a house of many changes), so that the tables,
            # the summary and what checked each changed rule end the output, where a reader looks
            for ref, chosen_house in [] if quiet else inherited:
                lines = left_out_lines(chosen_house, current())
                if lines:
                    click.echo(tr("scenarios of the game left out under {ref}, and why (-q leaves this list out):",
                                  ref=ref), err=to_stderr)
                for line in lines:
                    click.echo(line, err=to_stderr)
            narrowed = _narrowed(scenario_paths, variants, houses, ops, rules, keyword)
            click.echo(render_console(outcome, details=not quiet, color=use_color(stream), lang=current(),
                                      narrowed=narrowed, say=say), err=to_stderr, color=use_color(stream))
            for line in house_notes:
                click.echo(line, err=to_stderr)
        except OSError as exc:
            console_failure = exc
        _write_reports(outcome, reports)
        if console_failure is not None:
            raise console_failure
        if outcome.ok and outcome.empty and not allow_empty:
            raise CommandError(tr("nothing was checked: {why}; a run that checks nothing fails (--allow-empty "
                                  "accepts it)", why=say(outcome.empty)), 1)
    except CommandError as exc:
        fail(exc)
    if outcome.interrupted:  # the reports are written: end as every interrupted command does
        click.echo(error_line(tr("interrupted")), err=True)
    raise SystemExit(interrupted_status() if outcome.interrupted else 0 if outcome.ok else 1)
