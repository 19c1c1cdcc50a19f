"""pytest plugin (entry point ``pytest11``): run the conformance suite inside an implementer's test run.

Usage::

    pytest --pyargs datong_rules.conformance --datong-impl-cmd "./my-engine --jsonl"
    pytest --pyargs datong_rules.conformance --datong-impl mypkg.engine:make_impl --datong-op card_order

With ``--datong-impl-cmd`` or ``--datong-impl`` given, every scenario file under the bundled
suite (and under each ``--datong-scenarios`` folder) that pytest collects becomes one test item
per scenario: it passes, fails with the expected and actual values, or is skipped when the
implementation skips. ``--datong-variant`` and ``--datong-op`` (repeatable) narrow the suite.
Scenario files are checked against the bundled spec as they load (unknown operation, variant or rule
id: a collection error), unless ``--datong-no-spec-check`` is given (a suite of another game, test
fixtures). An empty ``--datong-impl-cmd``/``--datong-impl`` or a ``--datong-timeout`` that is not a
finite number of seconds in (0, 3600] is a usage error.

Without an implementation option the plugin does nothing at all (it is loaded in every pytest
run of whoever installs the kit): it only registers its options.
"""

from __future__ import annotations

from pathlib import Path

import pytest

_IMPL_KEY = pytest.StashKey[object]()


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the ``--datong-*`` options (always; the rest of the plugin is inert without them)."""
    group = parser.getgroup("datong", "Datong rules conformance")
    group.addoption("--datong-impl-cmd", default=None, metavar="COMMAND",
                    help="check this command, speaking the JSON-lines protocol, against the suite")
    group.addoption("--datong-impl", default=None, metavar="MODULE:FACTORY",
                    help="check this in-process Python implementation against the suite")
    group.addoption("--datong-variant", action="append", default=[], metavar="ID",
                    help="only scenarios of this variant (repeatable)")
    group.addoption("--datong-op", action="append", default=[], metavar="OP",
                    help="only scenarios of this operation (repeatable)")
    group.addoption("--datong-timeout", type=float, default=None, metavar="SECONDS",
                    help="seconds allowed per query (--datong-impl-cmd; default 5)")
    group.addoption("--datong-scenarios", action="append", default=[], metavar="DIR",
                    help="also collect scenario files under this folder (repeatable)")
    group.addoption("--datong-no-spec-check", action="store_true", default=False,
                    help="do not check the scenarios' op, variant and rule ids against the bundled spec")


def pytest_configure(config: pytest.Config) -> None:
    """Refuse an empty implementation option or an unusable timeout (a usage error, before collection)."""
    for name in ("datong_impl_cmd", "datong_impl"):
        value = config.getoption(name)
        if value is not None and not value.strip():
            raise pytest.UsageError(f"--{name.replace('_', '-')} is empty")
    timeout = config.getoption("datong_timeout")
    if timeout is not None:
        from datong_rules.conformance.adapters.jsonlines import check_seconds

        try:
            check_seconds("--datong-timeout", timeout)
        except ValueError as exc:
            raise pytest.UsageError(str(exc)) from None


def _active(config: pytest.Config) -> bool:
    return bool(config.getoption("datong_impl_cmd") or config.getoption("datong_impl"))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Collect a scenario file as a :class:`ScenarioFile`, only when an implementation is given."""
    config = parent.config
    if not _active(config) or file_path.suffix != ".yaml":
        return None
    from datong_rules.conformance.scenarios_io import scenarios_root

    roots = [scenarios_root(), *(Path(p) for p in config.getoption("datong_scenarios"))]
    resolved = file_path.resolve()
    if not any(resolved.is_relative_to(root.resolve()) for root in roots):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


class ScenarioFile(pytest.File):
    """A scenario file: one :class:`ScenarioItem` per selected scenario."""

    def collect(self):
        from datong_rules.conformance.runner import select
        from datong_rules.conformance.scenarios_io import ScenarioError, load_scenario_file

        try:
            scenarios = load_scenario_file(self.path, spec_check=not self.config.getoption("datong_no_spec_check"))
        except ScenarioError as exc:
            raise self.CollectError(str(exc)) from None
        config = self.config
        for scenario in select(scenarios, variants=config.getoption("datong_variant"),
                               ops=config.getoption("datong_op")):
            yield ScenarioItem.from_parent(self, name=scenario.id, scenario=scenario)


class ScenarioFailure(Exception):
    """A scenario that failed or errored; carries the runner's result."""

    def __init__(self, result) -> None:
        self.result = result
        super().__init__(result.message)


class ScenarioItem(pytest.Item):
    """One scenario run against the session's implementation."""

    def __init__(self, *, scenario, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        from datong_rules.conformance.runner import PASSED, SKIPPED, run_one

        result = run_one(_implementation(self.config), self.scenario)
        if result.status == SKIPPED:
            pytest.skip(result.message or "skipped by the implementation")
        if result.status != PASSED:
            raise ScenarioFailure(result)

    def repr_failure(self, excinfo, style=None):
        """Expected against actual for a failure; the one-line message and stderr for an error."""
        if not isinstance(excinfo.value, ScenarioFailure):
            return super().repr_failure(excinfo, style)
        from datong_rules.conformance.reports.common import mismatch_lines

        result = excinfo.value.result
        s = self.scenario
        lines = [f"{result.status}: {s.id}  rules: {', '.join(s.rules)}", f"  {s.location}"]
        if result.status == "failed":
            lines += [f"  {line}" for line in mismatch_lines(result)]
        else:
            lines.append(f"  {result.message}")
            lines += [f"  stderr| {line}" for line in result.stderr]
        return "\n".join(lines)

    def reportinfo(self):
        return self.path, max(self.scenario.line - 1, 0), f"scenario {self.scenario.id}"


def _implementation(config: pytest.Config):
    """The session's implementation, started on first use and stopped when pytest ends.

    A start failure fails every item with the same one-line message."""
    if _IMPL_KEY not in config.stash:
        config.stash[_IMPL_KEY] = _start(config)
        impl = config.stash[_IMPL_KEY]
        if not isinstance(impl, str):
            config.add_cleanup(impl.close)
    impl = config.stash[_IMPL_KEY]
    if isinstance(impl, str):
        pytest.fail(impl, pytrace=False)
    return impl


def _start(config: pytest.Config):
    """A started implementation, or the one-line reason it could not be started."""
    from datong_rules.conformance.adapters.base import ImplementationStartError, load_python_impl, start_checked
    from datong_rules.conformance.adapters.jsonlines import DEFAULT_TIMEOUT, JsonLinesImplementation

    try:
        command = config.getoption("datong_impl_cmd")
        if command:
            impl = JsonLinesImplementation(command, timeout=config.getoption("datong_timeout") or DEFAULT_TIMEOUT)
        else:
            impl = load_python_impl(config.getoption("datong_impl"))
        start_checked(impl)
    except (ValueError, ImplementationStartError) as exc:
        return f"cannot start the implementation: {exc}"
    return impl
