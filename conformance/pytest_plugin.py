"""pytest plugin (entry point ``pytest11``): run the conformance suite inside an implementer's test run.

Usage::

    pytest --pyargs datong_rules.conformance --datong-impl-cmd "./my-engine --jsonl"
    pytest --pyargs datong_rules.conformance --datong-impl mypkg.engine:make_impl --datong-op card_order

With ``--datong-impl-cmd`` or ``--datong-impl`` given, every scenario file under the bundled
suite (and under each ``--datong-scenarios`` folder) that pytest collects becomes one test item
per scenario: it passes, fails with the expected and actual values, or is skipped when the
implementation skips. ``--datong-variant`` and ``--datong-op`` (repeatable) narrow the suite.

The path of a house variant file given to ``--datong-variant`` runs what ``conform --variant FILE`` runs: the
scenarios the house inherits (items of the scenario files, ``ID@VARIANT``), then the checks derived from the
reference engine playing the house for each rule it changes (:mod:`.derived`), as items of the house file whose
ids start ``derived.`` (``--datong-derived N`` steered checks per changed rule, default 20; ``--datong-seed S``,
default 0, the same seed giving the same checks on every run and every xdist worker; ``--datong-no-derived`` leaves
them out).
Scenario files are checked against the bundled spec as they load (unknown operation, variant or rule
id: a collection error), unless ``--datong-no-spec-check`` is given (a suite of another game, test
fixtures). An empty ``--datong-impl-cmd``/``--datong-impl`` or a ``--datong-timeout`` that is not a
finite number of seconds in (0, 3600] is a usage error.

Every option can also be set in the project's pytest configuration (``[tool.pytest.ini_options]``,
``pytest.ini``, ``setup.cfg``): ``datong_impl_cmd``, ``datong_impl``, ``datong_variants`` and ``datong_ops``
(one per line, or space-separated), ``datong_timeout``, ``datong_scenarios`` (folders), ``datong_derived`` and
``datong_seed`` (whole numbers), ``datong_no_spec_check``, ``datong_no_derived`` and ``datong_allow_empty``
(true/false); an option on the command line wins over the ini value.

What a CI job sees:

* the implementation cannot be started, or its handshake fails, or it declares a variant or operation the kit
  does not know (a typo that would skip everything): every scenario item is an **error** (pytest's ``E``,
  "error at setup"), not a failure, with the one-line reason;
* a fixture variant file of a ``variants`` folder that cannot be loaded: a scenario file naming it fails to collect,
  saying why; when no scenario names it, its own item (named after the file) **fails** with its one-line problems
  (:mod:`.pytest_variants`), as ``conform`` says them;
* a scenario that fails or errors: that item **fails**, with the expected and actual values (a failure names
  the rules of the keys that differ) or the engine's message and stderr;
* a session in which no scenario item passed (all skipped by the implementation or outside what it declares)
  ends with exit status 1 and the line ``datong: nothing was checked: …``, unless ``--datong-allow-empty``
  (pytest itself exits 5 when nothing was collected).

Without an implementation option the plugin does nothing at all (it is loaded in every pytest
run of whoever installs the kit): it only registers its options.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from datong_rules.reference_impl.user_files import resolved

_IMPL_KEY = pytest.StashKey[object]()
_TALLY_KEY = pytest.StashKey[dict]()
_SUITE_KEY = pytest.StashKey[list]()
_HOUSES_KEY = pytest.StashKey[tuple]()
_INHERITED_KEY = pytest.StashKey[dict]()
_CHECKED_KEY = pytest.StashKey[dict]()
_SAID_KEY = pytest.StashKey[set]()

_INI = {  # option dest → (ini type, help)
    "datong_impl_cmd": ("string", "command speaking the JSON-lines protocol to check against the suite"),
    "datong_impl": ("string", "in-process Python implementation MODULE:FACTORY to check against the suite"),
    "datong_variant": ("linelist", "only scenarios of these variants"),
    "datong_op": ("linelist", "only scenarios of these operations"),
    "datong_timeout": ("string", "seconds allowed per query (default 5)"),
    "datong_scenarios": ("linelist", "also collect scenario files under these folders"),
    "datong_no_spec_check": ("bool", "do not check scenarios against the bundled spec"),
    "datong_allow_empty": ("bool", "do not fail a session in which no scenario passed"),
    "datong_derived": ("string", "with a house variant file: steered derived checks per rule it changes (default 20)"),
    "datong_seed": ("string", "with a house variant file: the seed of the derived checks (default 0)"),
    "datong_no_derived": ("bool", "with a house variant file: no derived checks, only the inherited scenarios"),
}
_INI_NAMES = {"datong_variant": "datong_variants", "datong_op": "datong_ops"}


def _option(config: pytest.Config, name: str):
    """A ``--datong-*`` option, else its ini value (``datong_variants``/``datong_ops`` for the lists)."""
    value = config.getoption(name)
    if value not in (None, [], False):
        return value
    ini = config.getini(_INI_NAMES.get(name, name))
    if _INI[name][0] == "linelist":
        return [word for line in ini or [] for word in line.split()]
    if _INI[name][0] == "bool":
        return bool(ini)
    return ini or value


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the ``--datong-*`` options and their ini names (always; the rest of the plugin is inert without
    them)."""
    for name, (kind, text) in _INI.items():
        parser.addini(_INI_NAMES.get(name, name), text, type=kind,
                      default={"bool": False, "linelist": []}.get(kind, None))
    group = parser.getgroup("datong", "Datong rules conformance")
    group.addoption("--datong-impl-cmd", default=None, metavar="COMMAND",
                    help="check this command, speaking the JSON-lines protocol, against the suite")
    group.addoption("--datong-impl", default=None, metavar="MODULE:FACTORY",
                    help="check this in-process Python implementation against the suite")
    group.addoption("--datong-variant", action="append", default=[], metavar="ID",
                    help="only scenarios of this variant (repeatable); the path of a house variant file runs the "
                         "scenarios it inherits")
    group.addoption("--datong-op", action="append", default=[], metavar="OP",
                    help="only scenarios of this operation (repeatable)")
    group.addoption("--datong-timeout", type=float, default=None, metavar="SECONDS",
                    help="seconds allowed per query (--datong-impl-cmd; default 5)")
    group.addoption("--datong-scenarios", action="append", default=[], metavar="DIR",
                    help="also collect scenario files under this folder (repeatable)")
    group.addoption("--datong-no-spec-check", action="store_true", default=False,
                    help="do not check the scenarios' op, variant and rule ids against the bundled spec")
    group.addoption("--datong-allow-empty", action="store_true", default=False,
                    help="do not fail the session when no scenario passed (all skipped)")
    group.addoption("--datong-derived", type=int, default=None, metavar="N",
                    help="with a house variant file: the steered derived checks made per rule it changes "
                         "(default 20; 0: only the exhaustive sweeps)")
    group.addoption("--datong-seed", type=int, default=None, metavar="SEED",
                    help="with a house variant file: the seed of the derived checks' drawn questions (default 0)")
    group.addoption("--datong-no-derived", action="store_true", default=False,
                    help="with a house variant file: no derived checks, only the scenarios it inherits")


def pytest_configure(config: pytest.Config) -> None:
    """Refuse an empty implementation option or an unusable timeout (a usage error, before collection)."""
    for name in ("datong_impl_cmd", "datong_impl"):
        value = config.getoption(name)
        if value is not None and not value.strip():
            raise pytest.UsageError(f"--{name.replace('_', '-')} is empty")
    timeout = _option(config, "datong_timeout")
    if timeout is not None:
        from datong_rules.conformance.adapters.jsonlines import check_seconds

        try:
            check_seconds("--datong-timeout", float(timeout))
        except ValueError as exc:
            raise pytest.UsageError(str(exc) if not isinstance(timeout, str) or _is_number(timeout) else
                                    f"datong_timeout must be a number of seconds, got {timeout!r}") from None
    for name, low in (("datong_derived", 0), ("datong_seed", 0)):  # a seed is ≥ 0, as conform's and fuzz's
        _whole(config, name, low)
    config.stash[_TALLY_KEY] = {"items": 0, "passed": 0}
    from datong_rules.conformance.house import split_variants

    try:  # house variant files among --datong-variant: a bad one is a usage error
        config.stash[_HOUSES_KEY] = split_variants(_option(config, "datong_variant")) if _active(config) else \
            (tuple(_option(config, "datong_variant")), [])
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """For each house variant file: what its inherited scenarios and derived checks check of the rules it changes,
    what they leave unchecked, and the ``fuzz`` command (as ``conform --variant`` says it)."""
    from datong_rules.conformance.house import summary_lines

    option = (f"--impl-cmd {_option(config, 'datong_impl_cmd')!r}" if _option(config, "datong_impl_cmd")
              else f"--impl {_option(config, 'datong_impl')}")
    for ref, variant in config.stash.get(_HOUSES_KEY, ((), []))[1]:
        checked = config.stash.get(_CHECKED_KEY, {}).get(variant.id)
        if checked is not None:
            for line in summary_lines(checked, ref, option):
                terminalreporter.write_line(f"datong: {line}")


def _whole(config: pytest.Config, name: str, low: int | None) -> int | None:
    """The whole number of option ``name`` (the command line's, else the ini value's), ``None`` when unset.

    Raises:
        pytest.UsageError: an ini value that is not a whole number, or one below ``low``.
    """
    value = config.getoption(name)
    if value is None:
        text = config.getini(name)
        if not text:
            return None
        try:
            value = int(str(text).strip())
        except ValueError:
            raise pytest.UsageError(f"{name} must be a whole number, got {text!r}") from None
    if low is not None and value < low:
        raise pytest.UsageError(f"--{name.replace('_', '-')} must be at least {low}, got {value}")
    return value


def _checked(config: pytest.Config, variant) -> object:
    """The house variant ``variant`` checked as ``conform --variant`` checks it: the scenarios it inherits from
    every scenario file collected, merged, then the derived checks of the rules it changes, steered by the whole
    suite collected (:func:`.derived.check_house`, with the session's ``--datong-derived``, ``--datong-seed`` and
    ``--datong-no-derived``); ``None`` when no scenario file was collected."""
    from datong_rules.conformance.derived import DEFAULT_COUNT, DEFAULT_SEED, check_house
    from datong_rules.conformance.house import HouseSuite

    parts = config.stash.get(_INHERITED_KEY, {}).get(variant.id)
    if not parts:
        return None
    merged = HouseSuite(variant, scenarios=[s for p in parts for s in p.scenarios],
                        left_out=[x for p in parts for x in p.left_out], asked=sum(p.asked for p in parts),
                        changed=parts[0].changed)
    count, seed = _whole(config, "datong_derived", 0), _whole(config, "datong_seed", None)
    return check_house(merged, config.stash.get(_SUITE_KEY, []), count=DEFAULT_COUNT if count is None else count,
                       seed=DEFAULT_SEED if seed is None else seed, derived=not _option(config, "datong_no_derived"))


@pytest.hookimpl(tryfirst=True)  # before -k and -m deselect: they apply to the derived items too
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list) -> None:
    """After collection, for each house variant file: its derived checks, one item each under a node of the house
    file (ids ``derived.<house id>.<rule>.<op>.<n>``), narrowed by ``--datong-op``; deterministic from the seed, so
    every xdist worker collects the same items."""
    if not _active(config):
        return
    from datong_rules.conformance.pytest_variants import unsaid
    from datong_rules.conformance.runner import select

    _check_filters(config)
    items[:] = unsaid(items, config.stash.get(_SAID_KEY, set()))  # a fixture problem a scenario file said already
    for ref, variant in config.stash.get(_HOUSES_KEY, ((), []))[1]:
        checked = _checked(config, variant)
        if checked is None:
            continue
        config.stash.setdefault(_CHECKED_KEY, {})[variant.id] = checked
        derived = select(checked.derived, ops=_option(config, "datong_op"))
        if derived:
            node = DerivedChecks.from_parent(session, path=Path(resolved(Path(ref))), checks=derived)
            items.extend(node.collect())


def _check_filters(config: pytest.Config) -> None:
    """Refuse a ``--datong-variant`` id or a ``--datong-op`` that no collected scenario matches, as ``conform`` does
    (:mod:`.filter_words`: the suite's values and the closest one), instead of a silent "no tests ran".

    Raises:
        pytest.UsageError: the first such value.
    """
    from datong_rules.conformance.filter_words import unmatched_op, unmatched_variant

    suite = config.stash.get(_SUITE_KEY, [])
    if not suite:  # no scenario file collected (a path outside the suite): nothing to name
        return
    ids = config.stash.get(_HOUSES_KEY, ((), []))[0]
    for unmatched in [*(unmatched_variant(suite, value, option="--datong-variant") for value in ids),
                      *(unmatched_op(suite, value, option="--datong-op") for value in _option(config, "datong_op"))]:
        if unmatched is not None:
            raise pytest.UsageError(unmatched)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _active(config: pytest.Config) -> bool:
    return bool(_option(config, "datong_impl_cmd") or _option(config, "datong_impl"))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Collect a scenario file as a :class:`ScenarioFile`, only when an implementation is given."""
    config = parent.config
    if not _active(config) or file_path.suffix != ".yaml" or not _in_suite(config, file_path):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


@pytest.hookimpl(tryfirst=True)
def pytest_collect_directory(path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Collect a ``variants`` folder of a suite as a :class:`~.pytest_variants.FixtureVariantsFolder` (its fixture
    variants that cannot be loaded, one failing item each), only when an implementation is given; any other folder
    as pytest does."""
    if not _active(parent.config):
        return None
    from datong_rules.conformance.suite_files import VARIANTS_FOLDER

    if path.name != VARIANTS_FOLDER or not _in_suite(parent.config, path):
        return None
    from datong_rules.conformance.pytest_variants import FixtureVariantsFolder

    return FixtureVariantsFolder.from_parent(parent, path=path)


def _in_suite(config: pytest.Config, path: Path) -> bool:
    """Whether ``path`` lies in the bundled suite or under a ``--datong-scenarios`` folder (links followed)."""
    from datong_rules.conformance.scenarios_io import scenarios_root

    roots = [scenarios_root(), *(Path(p) for p in _option(config, "datong_scenarios"))]
    real = resolved(path)
    return any(real.is_relative_to(resolved(root)) for root in roots)


class ScenarioFile(pytest.File):
    """A scenario file: one :class:`ScenarioItem` per selected scenario."""

    def collect(self):
        from datong_rules.conformance.runner import select
        from datong_rules.conformance.scenarios_io import VARIANTS_FOLDER, ScenarioError, load_scenario_file

        if self.path.parent.name == VARIANTS_FOLDER:  # a fixture variant, not a scenario file
            return
        config = self.config
        ids, houses = config.stash[_HOUSES_KEY]
        try:  # a scenario may name a house file's own id: it is asked under the house's rules
            scenarios = load_scenario_file(self.path, spec_check=not _option(config, "datong_no_spec_check"),
                                           known={variant.id: variant for _, variant in houses})
        except ScenarioError as exc:  # its fixture variants' problems among them: their own items need not say them
            config.stash.setdefault(_SAID_KEY, set()).update(exc.errors)
            raise self.CollectError(str(exc)) from None
        # every scenario read, before the filters: what the implementation may declare besides the kit's own
        config.stash.setdefault(_SUITE_KEY, []).extend(scenarios)
        ops = _option(config, "datong_op")
        chosen = select(scenarios, variants=ids, ops=ops) if ids or not houses else []
        for _, variant in houses:  # a house variant file: the scenarios of this file it inherits, asked about it
            from datong_rules.conformance.house import inherit

            inherited = inherit(variant, scenarios)  # its derived checks are made once all files are collected
            config.stash.setdefault(_INHERITED_KEY, {}).setdefault(variant.id, []).append(inherited)
            chosen += select(inherited.scenarios, ops=ops)
        for scenario in chosen:
            name = scenario.id if scenario.fixture is None or not houses else f"{scenario.id}@{scenario.variant}"
            yield ScenarioItem.from_parent(self, name=name, scenario=scenario)


class DerivedChecks(pytest.File):
    """The derived checks of a house variant file (:mod:`.derived`): one :class:`ScenarioItem` each, named by its
    id (``derived.…``)."""

    def __init__(self, *, checks, **kwargs) -> None:
        super().__init__(**kwargs)
        self.checks = checks

    def collect(self):
        return [ScenarioItem.from_parent(self, name=check.id, scenario=check) for check in self.checks]


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

    def setup(self) -> None:
        """Start the session's implementation (once): a failure to start is an error of every item."""
        self.config.stash[_TALLY_KEY]["items"] += 1
        self.impl = _implementation(self.config)

    def runtest(self) -> None:
        from datong_rules.conformance.runner import PASSED, SKIPPED, run_one

        result = run_one(self.impl, self.scenario)
        late = self.impl.late_errors()
        if late:  # a second reply to an earlier query, read during this one: that query's item is over
            scenario_id, message = next(iter(late.items()))
            pytest.fail(f"protocol error of the earlier query {scenario_id}, found during this one: {message}",
                        pytrace=False)
        if result.status == SKIPPED:
            pytest.skip(result.message or "skipped by the implementation")
        if result.status != PASSED:
            raise ScenarioFailure(result)
        self.config.stash[_TALLY_KEY]["passed"] += 1

    def repr_failure(self, excinfo, style=None):
        """Expected against actual for a failure; the one-line message and stderr for an error; where the check is
        (a scenario's file and line), or, for a derived check, which lives in no file, the question it asked."""
        if not isinstance(excinfo.value, ScenarioFailure):
            return super().repr_failure(excinfo, style)
        from datong_rules.conformance.reports.common import mismatch_lines, question_line

        result = excinfo.value.result
        s = self.scenario
        where = (f"derived check ({s.derived}) of the house variant {s.variant}: {s.description['en']}"
                 if s.derived else s.location)
        lines = [f"{result.status}: {s.id}  rules: {', '.join(result.blamed)}", f"  {where}"]
        if s.derived:  # in no scenario file: the question itself, to ask it again
            lines.append(f"  {question_line(s)}")
        if result.status == "failed":
            lines += [f"  {line}" for line in mismatch_lines(result)]
        else:
            lines.append(f"  {result.message}")
            lines += [f"  stderr| {line}" for line in result.stderr]
        return "\n".join(lines)

    def reportinfo(self):
        kind = "derived check" if self.scenario.derived else "scenario"
        return self.path, max(self.scenario.line - 1, 0), f"{kind} {self.scenario.id}"


def _implementation(config: pytest.Config):
    """The session's implementation, started on first use and stopped when pytest ends.

    A start failure is an error (at setup) of every item, with the same one-line message."""
    if _IMPL_KEY not in config.stash:
        config.stash[_IMPL_KEY] = _start(config)
        impl = config.stash[_IMPL_KEY]
        if not isinstance(impl, str):
            config.add_cleanup(impl.close)
    impl = config.stash[_IMPL_KEY]
    if isinstance(impl, str):
        pytest.fail(impl, pytrace=False)  # at setup: pytest reports an error, not a failure
    return impl


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A session whose scenario items all ran and none passed checked nothing: exit status 1 (unless
    ``--datong-allow-empty``), as ``conform`` does. The implementation is stopped here, so that a second reply it
    sends on the way out (read until it ends its output) still fails the session, naming the query."""
    config = session.config
    impl = config.stash.get(_IMPL_KEY, None)
    if impl is not None and not isinstance(impl, str):
        impl.close()  # closed again at cleanup: closing twice is safe
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        for scenario_id, message in impl.late_errors().items():
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
            if reporter is not None:
                reporter.write_line(f"datong: {scenario_id}: {message}", red=True)
    tally = config.stash.get(_TALLY_KEY, None)
    if not tally or not tally["items"] or tally["passed"] or not _active(config):
        return
    if _option(config, "datong_allow_empty") or isinstance(config.stash.get(_IMPL_KEY, None), str):
        return
    if exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"datong: nothing was checked: none of {tally['items']} scenario items passed "
                                f"(all skipped); a session that checks nothing fails (--datong-allow-empty "
                                f"accepts it)", red=True)


def _start(config: pytest.Config):
    """A started implementation, or the one-line reason it could not be started."""
    from datong_rules.conformance.adapters.base import ImplementationStartError, load_python_impl, start_checked
    from datong_rules.conformance.adapters.jsonlines import DEFAULT_TIMEOUT, JsonLinesImplementation

    from datong_rules.conformance.runner import unknown_declarations

    try:
        command = _option(config, "datong_impl_cmd")
        timeout = _option(config, "datong_timeout")
        if command:
            impl = JsonLinesImplementation(command, timeout=float(timeout) if timeout else DEFAULT_TIMEOUT)
        else:
            impl = load_python_impl(_option(config, "datong_impl"))
        start_checked(impl)
    except (ValueError, ImplementationStartError) as exc:
        return f"cannot start the implementation: {exc}"
    unknown = unknown_declarations(impl, config.stash.get(_SUITE_KEY, []))
    if unknown:
        impl.close()
        return "the implementation declares what the kit does not know: " + "; ".join(unknown)
    return impl
