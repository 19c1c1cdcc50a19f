"""``datong-rules conform``: check an implementation against the conformance suite.

Exit status: 0 when nothing failed or errored (skips are fine); 1 when a scenario failed or
errored, the implementation failed its handshake, or the run was interrupted; 2 for usage and
input errors (bad options, bad scenario files, no scenario selected, a command that cannot be
run, a report that cannot be written). Every error is one ``error: ...`` line on stderr.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import click

from conformance.adapters.base import Implementation, ImplementationStartError, load_python_impl, one_line
from conformance.adapters.jsonlines import DEFAULT_STARTUP_TIMEOUT, DEFAULT_TIMEOUT, JsonLinesImplementation
from conformance.reports.console import progress, render_console
from conformance.reports.json_report import write_json
from conformance.reports.junit import write_junit
from conformance.reports.markdown import write_markdown
from conformance.runner import run, select
from conformance.scenarios_io import ScenarioError, load_scenarios

REFERENCE_IMPL = "conformance.adapters.reference:ReferenceImplementation"


class CommandError(Exception):
    """An expected error: printed as one ``error: ...`` line, exit with ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        self.code = code
        super().__init__(message)


def fail(error: CommandError) -> None:
    """Print the error's line(s) on stderr and exit with its code (used by the commands)."""
    for line in str(error).splitlines() or ["(no message)"]:
        click.echo(f"error: {line}", err=True)
    raise SystemExit(error.code)


def make_implementation(impl: str | None, impl_cmd: str | None, timeout: float,
                        startup_timeout: float) -> Implementation:
    """The implementation to check: ``--impl``, ``--impl-cmd`` or the reference engine (not started).

    Raises:
        CommandError: both options, a bad spec or command, or the reference adapter missing.
    """
    if impl and impl_cmd:
        raise CommandError("give --impl or --impl-cmd, not both")
    try:
        if impl_cmd:
            return JsonLinesImplementation(impl_cmd, timeout=timeout, startup_timeout=startup_timeout)
        if impl is None:
            module = REFERENCE_IMPL.partition(":")[0]
            if importlib.util.find_spec(module) is None:
                raise CommandError(f"the reference engine adapter ({REFERENCE_IMPL}) is not available "
                                   f"yet; give --impl MODULE:FACTORY or --impl-cmd COMMAND")
            impl = REFERENCE_IMPL
        return load_python_impl(impl)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def _load(paths: tuple[str, ...], variants, ops, rules, keyword):
    try:
        scenarios = load_scenarios([Path(p) for p in paths] if paths else None)
    except ScenarioError as exc:
        raise CommandError(str(exc)) from None
    chosen = select(scenarios, variants=variants, ops=ops, rules=rules, keyword=keyword)
    if not chosen:
        raise CommandError("no scenario matches the filters" if scenarios else "the suite has no scenarios")
    return chosen


@click.command("conform")
@click.option("--impl", metavar="MODULE:FACTORY", help="An in-process Python implementation.")
@click.option("--impl-cmd", metavar="COMMAND", help="A command speaking the JSON-lines protocol (no shell).")
@click.option("--variant", "variants", multiple=True, metavar="ID", help="Only this variant (repeatable).")
@click.option("--op", "ops", multiple=True, metavar="OP", help="Only this operation (repeatable).")
@click.option("--rule", "rules", multiple=True, metavar="RULE",
              help="Only scenarios citing this rule id or one under it (repeatable).")
@click.option("-k", "keyword", metavar="TEXT", help="Only scenarios whose id or description contains TEXT.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=DEFAULT_TIMEOUT,
              show_default=True, help="Seconds allowed per query (--impl-cmd).")
@click.option("--startup-timeout", type=click.FloatRange(min=0, min_open=True), default=DEFAULT_STARTUP_TIMEOUT,
              show_default=True, help="Seconds allowed for the handshake (--impl-cmd).")
@click.option("--scenarios", "scenario_paths", multiple=True, metavar="PATH",
              help="Scenario folder or file instead of the bundled suite (repeatable).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write a JSON report.")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False), help="Write a JUnit XML report.")
@click.option("--markdown", "markdown_path", type=click.Path(dir_okay=False), help="Write a Markdown report.")
@click.option("--no-schema-check", is_flag=True,
              help="Compare only the expected keys; do not check answers against spec/schema/operations.schema.json.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the summary line.")
def conform(impl, impl_cmd, variants, ops, rules, keyword, timeout, startup_timeout, scenario_paths,
            json_path, junit_path, markdown_path, no_schema_check, quiet) -> None:
    """Check an implementation against the conformance suite (default: the reference engine)."""
    try:
        chosen = _load(scenario_paths, variants, ops, rules, keyword)
        implementation = make_implementation(impl, impl_cmd, timeout, startup_timeout)
        try:
            implementation.start()
        except ImplementationStartError as exc:
            raise CommandError(f"cannot start the implementation: {exc}", 2 if exc.launch_failed else 1) from None
        except Exception as exc:  # noqa: BLE001 - an in-process implementation's start() failed
            raise CommandError(f"cannot start the implementation: {type(exc).__name__}: {one_line(exc)}", 1) from None
        try:
            with progress(len(chosen), enabled=not quiet) as on_result:
                outcome = run(implementation, chosen, on_result, check_schema=not no_schema_check)
        finally:
            implementation.close()
        click.echo(render_console(outcome, details=not quiet))
        for path, writer in ((json_path, write_json), (junit_path, write_junit), (markdown_path, write_markdown)):
            if path:
                try:
                    writer(outcome, path)
                except OSError as exc:
                    raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None
    except CommandError as exc:
        fail(exc)
    raise SystemExit(0 if outcome.ok else 1)
