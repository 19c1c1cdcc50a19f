"""Run scenarios against an implementation and judge each answer.

Comparison rule: an answer *passes* when, for every key of the scenario's ``expect``, the answer
has that key with an equal value, for every key of its ``expect_loose`` a value it allows (one of the listed
values, or a number in the range), and, for an operation that ``spec/schema/games/<game>/operations.schema.json``
describes, the whole answer matches that operation's answer schema (unless the run is told not to
check: ``check_schema=False``). An engine speaking protocol 1 or 2 is asked and judged by the frozen contract of
its protocol (:mod:`~datong_rules.conformance.protocols`). Keys the answer has and ``expect`` lacks are not compared with
anything; only an operation without a schema may say more. Equality is JSON equality: mappings
compare key by key, lists compare in order, ``true`` is not ``1``, ``1`` equals ``1.0`` (an operation whose
answer is a multiset says so in its schema and answers it in notation order).

Statuses: ``passed``; ``failed`` (the answer differs: ``mismatched`` names the keys; or it breaks
the operation's schema: ``schema_problem`` says where and how, see :func:`answer_schema_problem`); a failure
counts against the rules of the keys that differ (:attr:`ScenarioResult.blamed`, from the scenario's
``key_rules``), or against all its rules when the scenario does not attribute keys or the answer breaks the schema;
``skipped`` (the implementation does not support the variant or operation, or raised
:class:`~datong_rules.conformance.adapters.base.Unsupported`); ``errored`` (the implementation raised,
crashed, hung or replied garbage: ``message`` says which, in one line).

Refusals (a scenario with ``expect_bad_input``: the question is bad input, see :func:`judge_refusal`): it passes
when the implementation refuses it as bad input (:class:`~datong_rules.conformance.adapters.base.BadInput`; over JSON
lines, protocol 3's ``errored`` reply with ``"bad_input": true``) and fails when it answers. Any other refusal (an
exception, an ``errored`` reply without ``bad_input``) is *errored* when the implementation says
``refuses_bad_input`` (its ``ready`` under protocol 3, the class attribute in Python), else *skipped*: such an engine
cannot tell bad input from a crash, and docs older than the refusal form told it to answer bad input with a plain
``errored``; a crash, hang or garbage is errored in either case. An engine of the frozen protocols 1 and 2 is not
asked them (skipped, saying so). A scenario expecting an answer fails when the implementation refuses it as bad
input.
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from datong_rules.conformance import operations_schema, protocols
from datong_rules.conformance.adapters.base import (
    IMPLEMENTATION_FAULTS,
    BadInput,
    Implementation,
    ImplementationError,
    Unsupported,
    describe,
    identity,
    one_line,
    without_surrogates,
)
from datong_rules.conformance.names import selects
from datong_rules.conformance.scenarios_io import Scenario
from datong_rules.conformance.schema_messages import schema_message

PASSED, FAILED, SKIPPED, ERRORED = "passed", "failed", "skipped", "errored"
STATUSES = (PASSED, FAILED, SKIPPED, ERRORED)



@dataclass
class ScenarioResult:
    """The outcome of one scenario.

    Attributes:
        scenario: what was asked.
        status: one of :data:`STATUSES`.
        actual: the answer received (``None`` unless passed or failed).
        mismatched: for ``failed``, the expected keys whose value differs or is missing.
        schema_problem: for ``failed``, how the answer breaks its operation's schema (one line), or
            ``None`` when it matches or was not checked.
        message: one line for ``skipped``/``errored``/``failed``; ``None`` when passed, except for a refusal
            expected and given (the implementation's reason).
        stderr: the implementation's stderr lines attached to an error (may be empty).
        duration: seconds spent on the query.
        asked: the query was sent (False for a scenario skipped on the implementation's declarations, or
            errored without being sent).
        kind: why, for a result the reports say in words of their own, set where the runner decides it (a key of
            :data:`KIND_FIRST_WORDS`, the first words of its ``message``): a scenario outside the frozen protocol the
            engine speaks (``outside_protocol``, skipped), a refusal that cannot be told from a failure
            (``unclear_refusal``, skipped), a good question refused as bad input (``refused_good``, failed), a
            question that is bad input answered (``answered_bad``, failed); ``None`` for any other result (an
            engine's own reason is never taken for one of these, whatever its words).
        protocol: for ``outside_protocol``, the frozen protocol (1 or 2) the engine speaks; else ``None``.
    """

    scenario: Scenario
    status: str
    actual: dict[str, Any] | None = None
    mismatched: list[str] = field(default_factory=list)
    schema_problem: str | None = None
    message: str | None = None
    stderr: list[str] = field(default_factory=list)
    duration: float = 0.0
    asked: bool = True
    kind: str | None = None
    protocol: int | None = None

    @property
    def expected(self) -> dict[str, Any]:
        """The scenario's ``expect``, with each ``expect_loose`` key as its form (``{"one_of": …}``); for a scenario
        expecting a refusal, ``{"bad_input": true}``."""
        if self.scenario.bad_input:
            return {"bad_input": True}
        if not self.scenario.loose:
            return self.scenario.expect
        return {**self.scenario.expect,
                **{k: {f: v for f, v in form.items() if f != "reason"} for k, form in self.scenario.loose.items()}}

    @property
    def blamed(self) -> tuple[str, ...]:
        """The rule ids this result counts against when it failed: those of the differing keys (the scenario's
        ``key_rules``), or all of its rules when it does not attribute keys, or the answer breaks its schema;
        for any other status all of its rules."""
        if self.status != FAILED or self.schema_problem or not self.mismatched:
            return self.scenario.rules
        return self.scenario.rules_of(self.mismatched)


@dataclass
class RunResult:
    """A whole run.

    Attributes:
        implementation: ``{"name": ..., "version": ...}``.
        results: one per scenario run, in run order.
        selected: how many scenarios were selected (more than ``len(results)`` if interrupted).
        interrupted: the run was stopped (Ctrl-C) before the end.
        declared: what the implementation declared: ``{"variants": [...], "operations": [...]}`` (empty when
            it could not say).
        started: epoch seconds; duration: seconds of the run alone (the queries).
        total: seconds of the whole command that made the run (loading the suite, starting and stopping
            the implementation included), set by the command; 0 when not measured.
        houses: for a run of house variant files, one mapping per file saying what it inherited and which
            scenarios it left out, with the house rules each depends on (:func:`.house.house_record`); set by the
            command.
    """

    implementation: dict[str, str]
    results: list[ScenarioResult] = field(default_factory=list)
    declared: dict[str, list[str]] = field(default_factory=dict)
    selected: int = 0
    interrupted: bool = False
    started: float = 0.0
    duration: float = 0.0
    total: float = 0.0
    houses: list[dict[str, Any]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Number of results per status, every status present (zeros included)."""
        found = Counter(r.status for r in self.results)
        return {status: found.get(status, 0) for status in STATUSES}

    @property
    def ok(self) -> bool:
        """True when nothing failed or errored and the run was not interrupted (see also :attr:`empty`)."""
        counts = self.counts()
        return not (counts[FAILED] or counts[ERRORED] or self.interrupted)

    @property
    def asked(self) -> int:
        """How many scenarios were put to the implementation (not skipped on its declarations)."""
        return sum(1 for r in self.results if r.asked)

    @property
    def empty(self) -> str | None:
        """Why the run checked nothing, or ``None``: no scenario was asked (all skipped on the implementation's
        declarations), or none passed (every one asked was skipped by the implementation, failed or errored).
        A run that checks nothing must not pass a CI job: ``conform`` exits 1 unless ``--allow-empty``."""
        if self.interrupted:
            return None
        if not self.results:
            return "no scenario was run"
        if not self.asked:
            return (f"no scenario was asked: all {len(self.results)} were outside the variants and operations the "
                    f"implementation declares")
        if not self.counts()[PASSED]:
            return f"no scenario passed ({self.asked} asked)"
        return None


def select(scenarios: Iterable[Scenario], *, variants: Iterable[str] = (), ops: Iterable[str] = (),
           rules: Iterable[str] = (), keyword: str | None = None) -> list[Scenario]:
    """The scenarios matching every given filter (an empty filter matches all).

    Args:
        variants: keep scenarios of one of these variant ids.
        ops: keep scenarios of one of these operations: a bare name (``classify``) in every game, a full name
            (``huolong/classify``) or pattern (``huolong/*``) in its game.
        rules: keep scenarios citing one of these rule ids, or a rule under one of them
            (``ranking`` matches ``ranking.trump_order``).
        keyword: keep scenarios whose id or description (zh or en) contains it, case-insensitively.
    """
    variants, ops, rules = set(variants), set(ops), tuple(rules)
    needle = keyword.casefold() if keyword else None

    def keep(s: Scenario) -> bool:
        if variants and s.variant not in variants:
            return False
        if ops and not any(selects(want, s.game, s.op) for want in ops):
            return False
        if rules and not any(r == want or r.startswith(want + ".") for r in s.rules for want in rules):
            return False
        if needle is not None:
            haystack = " ".join([s.id, *map(str, s.description.values())]).casefold()
            return needle in haystack
        return True

    return [s for s in scenarios if keep(s)]


def compare(op: str, expect: dict[str, Any], answer: dict[str, Any],
            loose: dict[str, dict[str, Any]] | None = None) -> list[str]:
    """The keys of ``expect`` (and of ``loose``, the scenario's ``expect_loose``) that ``answer`` gets wrong or
    lacks (empty list: the answer passes)."""
    wrong = [key for key, form in (loose or {}).items() if key not in answer or not allowed(form, answer[key])]
    for key, want in expect.items():
        if key not in answer:
            wrong.append(key)
        elif not json_equal(want, answer[key]):
            wrong.append(key)
    return sorted(wrong, key=lambda k: (k not in expect, k))


def allowed(form: dict[str, Any], value: Any) -> bool:
    """Whether ``value`` is one an ``expect_loose`` form allows: equal to one of ``one_of``, or a number (not a
    boolean) within ``at_least``/``at_most``."""
    if "one_of" in form:
        return any(json_equal(choice, value) for choice in form["one_of"])
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return form.get("at_least", value) <= value <= form.get("at_most", value)


def answer_schema_problem(op: str, answer: dict[str, Any], protocol: int | None = None) -> str | None:
    """How ``answer`` breaks the answer schema of ``op`` (a full name, or bare for a Huolong operation), in one
    line, or ``None`` when it matches or no schema describes ``op``. ``protocol`` 1 or 2: the frozen schema of that
    protocol (:mod:`~datong_rules.conformance.protocols`), so no answer key added since is required, and none a
    later protocol defines is refused.

    The line is ``answer does not match the operation's schema: $.PATH: MESSAGE`` (the path is a
    JSON path into the answer; the most relevant violation is named).
    """
    return schema_problem(op, operations_schema.ANSWER, answer, protocol)


def schema_problem(op: str, part: str, value: dict[str, Any], protocol: int | None = None) -> str | None:
    """How ``value``, the ``given`` or the ``answer`` (``part``) of ``op``, breaks its schema (of a frozen
    ``protocol``'s contract when given: an answer as
    :func:`~datong_rules.conformance.operations_schema.answer_validator` checks it), in one line (``PART does not
    match the operation's schema: $.PATH: MESSAGE``), or ``None`` when it fits or no schema describes ``op``."""
    check = operations_schema.answer_validator(op, protocol=protocol) if part == operations_schema.ANSWER \
        else operations_schema.validator(op, part, protocol=protocol)
    if check is None or check.quickly_valid(value):
        return None
    import jsonschema  # only for data that may not fit: valid data never imports it

    error = jsonschema.exceptions.best_match(check.iter_errors(value))
    if error is None:
        return None
    return f"{part} does not match the operation's schema: {error.json_path}: {schema_message(error)}"


def finite_json(value: Any) -> bool:
    """Whether every number in ``value`` (JSON-like data) is one JSON can write: no NaN, no ±Infinity."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return False
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return True


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality: no ``True == 1``; ints and floats by value; lists in order; dicts by key."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def run_one(impl: Implementation, scenario: Scenario, *, check_schema: bool = True) -> ScenarioResult:
    """Ask one scenario's question and judge the answer; never raises for the implementation's
    faults, an implementation calling ``sys.exit`` included (only ``KeyboardInterrupt`` passes through).

    Args:
        check_schema: also check the whole answer against its operation's answer schema
            (:func:`answer_schema_problem`); a violation fails the scenario.
    """
    try:
        if scenario.fixture is not None and scenario.variant not in impl.fixture_variants:
            impl.use_variants({scenario.variant: scenario.fixture.data})
        reason = impl.skip_reason(scenario.variant, scenario.op)
    except IMPLEMENTATION_FAULTS as exc:  # a buggy supported_variants()/supported_operations()/use_variants()
        return ScenarioResult(scenario, ERRORED, message=describe(exc), asked=False)
    if reason is not None:
        return ScenarioResult(scenario, SKIPPED, message=without_surrogates(reason), asked=False)
    protocol = getattr(impl, "protocol", None)  # a JSON-lines engine's protocol version
    expect, loose = scenario.expect, scenario.loose
    if protocols.is_frozen(protocol):
        legacy = protocols.question(scenario, protocol)
        if legacy.skip is not None:
            return ScenarioResult(scenario, SKIPPED, message=f"{NOT_ASKED_BY_PROTOCOL}{protocol}: {legacy.skip}",
                                  asked=False, kind=KIND_OUTSIDE_PROTOCOL, protocol=protocol)
        expect, loose = legacy.expect, legacy.loose
    if scenario.bad_input:
        return judge_refusal(impl, scenario)
    start = time.perf_counter()
    try:
        answer = impl.query(scenario.id, scenario.variant, scenario.op, _copy(scenario.given))
    except Unsupported as exc:
        return ScenarioResult(scenario, SKIPPED, message=one_line(exc.reason),
                              duration=time.perf_counter() - start)
    except BadInput as exc:
        return ScenarioResult(scenario, FAILED, mismatched=sorted({*expect, *loose}),
                              duration=time.perf_counter() - start,
                              message=REFUSED_GOOD + one_line(exc), kind=KIND_REFUSED_GOOD)
    except ImplementationError as exc:
        return ScenarioResult(scenario, ERRORED, message=one_line(exc), stderr=exc.stderr,
                              duration=time.perf_counter() - start, asked=exc.asked)
    except IMPLEMENTATION_FAULTS as exc:  # an in-process implementation's bug is an errored scenario
        return ScenarioResult(scenario, ERRORED, message=describe(exc), duration=time.perf_counter() - start)
    duration = time.perf_counter() - start
    if not isinstance(answer, dict):
        return ScenarioResult(scenario, ERRORED, duration=duration,
                              message=f"answer is a {type(answer).__name__}, not a mapping: {one_line(answer)}")
    answer = without_surrogates(answer)  # a JSON "\\ud800" must not reach a UTF-8 writer
    if not finite_json(answer):  # an in-process engine's NaN: no JSON report could hold it
        return ScenarioResult(scenario, ERRORED, duration=duration,
                              message="the answer holds NaN or Infinity, which JSON cannot carry: "
                                      f"{one_line(repr(answer))}")
    wrong = compare(scenario.op, expect, answer, loose)
    problem = answer_schema_problem(scenario.full_op, answer, protocol) if check_schema else None
    if wrong or problem:
        lines = [problem] if problem else []
        lines += ["wrong or missing: " + ", ".join(wrong)] if wrong else []
        return ScenarioResult(scenario, FAILED, actual=answer, mismatched=wrong, schema_problem=problem,
                              duration=duration, message="; ".join(lines))
    return ScenarioResult(scenario, PASSED, actual=answer, duration=duration)


NOT_ASKED_BY_PROTOCOL = "not asked by protocol "
"""The first words of the message of a scenario outside the frozen protocol the engine speaks (its number, ``: `` and
why follow): skipped, not asked."""
UNCLEAR_REFUSAL = "refused, but not as bad input ("
"""The first words of the message of a refusal of bad input that cannot be told from a failure (see
:func:`judge_refusal`): skipped."""
REFUSED_GOOD = "refused as bad input a question the scenario expects answered: "
"""The first words of the message of a good question refused as bad input (the engine's reason follows)."""
ANSWERED_BAD = "answered a question that is bad input (expected a refusal): "
"""The first words of the message of a question that is bad input, answered (the answer, as JSON, follows)."""

KIND_OUTSIDE_PROTOCOL = "outside_protocol"
"""The :attr:`ScenarioResult.kind` of a scenario not asked, outside the frozen protocol the engine speaks."""
KIND_UNCLEAR_REFUSAL = "unclear_refusal"
"""The :attr:`ScenarioResult.kind` of a refusal of bad input that cannot be told from a failure (skipped)."""
KIND_REFUSED_GOOD = "refused_good"
"""The :attr:`ScenarioResult.kind` of a good question refused as bad input (failed)."""
KIND_ANSWERED_BAD = "answered_bad"
"""The :attr:`ScenarioResult.kind` of a question that is bad input, answered (failed)."""
KIND_FIRST_WORDS = {KIND_OUTSIDE_PROTOCOL: NOT_ASKED_BY_PROTOCOL, KIND_UNCLEAR_REFUSAL: UNCLEAR_REFUSAL,
                    KIND_REFUSED_GOOD: REFUSED_GOOD, KIND_ANSWERED_BAD: ANSWERED_BAD}
"""Each :attr:`ScenarioResult.kind` → the first words of the message of a result of that kind."""


def _as_json(answer: Any) -> str:
    """An engine's answer as compact JSON (``null``, not Python's ``None``); its Python form when JSON cannot hold
    it (an in-process engine's answer with keys that are not text)."""
    try:
        return json.dumps(answer, ensure_ascii=False, separators=(", ", ": "), default=repr)
    except (TypeError, ValueError):
        return repr(answer)


def judge_refusal(impl: Implementation, scenario: Scenario) -> ScenarioResult:
    """Ask a scenario that expects a refusal (``scenario.bad_input``) and judge the outcome (see the module
    docstring): passed on :class:`BadInput` (its one-line reason in ``message``), failed on an answer, skipped on
    :class:`Unsupported` or, from an implementation that does not say ``refuses_bad_input``, on any other refusal;
    errored otherwise. Never raises for the implementation's faults."""
    strict = getattr(impl, "refuses_bad_input", False) is True
    start = time.perf_counter()

    def result(status: str, message: str, **more: Any) -> ScenarioResult:
        return ScenarioResult(scenario, status, message=message, duration=time.perf_counter() - start, **more)

    unclear = (UNCLEAR_REFUSAL + "{what}); {name} does not say refuses_bad_input, so a refusal cannot be told from a "
               "failure")
    try:
        answer = impl.query(scenario.id, scenario.variant, scenario.op, _copy(scenario.given))
    except Unsupported as exc:
        return result(SKIPPED, one_line(exc.reason))
    except BadInput as exc:
        return result(PASSED, f"refused as bad input: {one_line(exc)}")
    except ImplementationError as exc:
        if exc.reported and not strict:
            return result(SKIPPED, unclear.format(what=one_line(exc), name=impl.name), stderr=exc.stderr,
                          kind=KIND_UNCLEAR_REFUSAL)
        return result(ERRORED, one_line(exc), stderr=exc.stderr, asked=exc.asked)
    except IMPLEMENTATION_FAULTS as exc:
        if strict:
            return result(ERRORED, describe(exc))
        return result(SKIPPED, unclear.format(what=describe(exc), name=impl.name), kind=KIND_UNCLEAR_REFUSAL)
    answer = without_surrogates(answer)
    return result(FAILED, ANSWERED_BAD + one_line(_as_json(answer)), kind=KIND_ANSWERED_BAD,
                  actual=answer if isinstance(answer, dict) and finite_json(answer) else None)


def run(impl: Implementation, scenarios: list[Scenario],
        on_result: Callable[[ScenarioResult], None] | None = None, *, check_schema: bool = True) -> RunResult:
    """Run the scenarios in order against a started implementation.

    Args:
        impl: the implementation (already started; the caller closes it).
        scenarios: what to run (see :func:`select`).
        on_result: called after each scenario (progress display).
        check_schema: check every answer against its operation's schema (see :func:`run_one`).

    Returns:
        The run; on ``KeyboardInterrupt`` the results so far with ``interrupted=True`` (the
        interrupt is not re-raised, so reports can still be written).
    """
    outcome = RunResult(implementation=identity(impl), declared=declarations(impl),
                        selected=len(scenarios), started=time.time())
    clock = time.perf_counter()
    try:
        for scenario in scenarios:
            result = run_one(impl, scenario, check_schema=check_schema)
            outcome.results.append(result)
            if on_result is not None:
                on_result(result)
            apply_late_errors(outcome, impl)
    except KeyboardInterrupt:
        outcome.interrupted = True
    outcome.duration = time.perf_counter() - clock
    return outcome


def apply_late_errors(outcome: RunResult, impl: Implementation) -> list[ScenarioResult]:
    """Make errored the results of the queries the implementation found broken after their answer was taken
    (:meth:`Implementation.late_errors`: a second reply come later); call it after each query and once more after
    :meth:`Implementation.close`, which reads what the implementation still writes. A result already errored keeps
    its own message. Returns the results changed.
    """
    try:
        late = impl.late_errors()
    except IMPLEMENTATION_FAULTS:
        return []
    changed = []
    for scenario_id, message in late.items():
        for index in range(len(outcome.results) - 1, -1, -1):
            result = outcome.results[index]
            if result.scenario.id == scenario_id and result.asked:
                if result.status != ERRORED:
                    outcome.results[index] = ScenarioResult(result.scenario, ERRORED, message=one_line(message),
                                                            duration=result.duration)
                    changed.append(outcome.results[index])
                break
    return changed


def declarations(impl: Implementation) -> dict[str, list[str]]:
    """``{"variants": [...], "operations": [...]}`` as the implementation declares them (printable), or ``{}``
    when asking raises."""
    try:
        return {"variants": [without_surrogates(str(v)) for v in impl.supported_variants()],
                "operations": [without_surrogates(str(o)) for o in impl.supported_operations()]}
    except IMPLEMENTATION_FAULTS:
        return {}


def unknown_declarations(impl: Implementation, scenarios: Iterable[Scenario]) -> list[str]:
    """What the implementation declares that neither the kit nor the suite knows, one line each with a
    suggestion: a variant id (``datong-guide`` for ``huolong/datong-guide``) or an operation (``trick-winner``)
    that matches nothing would otherwise skip every scenario silently.

    Known: the bundled variants and the operations of the operations schemas, plus the variants and operations
    of ``scenarios`` (a suite of another game, fixture variants). A pattern with ``*`` must match one of them.
    """
    from datong_rules.conformance import bundled_spec
    from datong_rules.conformance.names import WILDCARD, declared, matches
    from datong_rules.conformance.scenarios_io import suggest

    scenarios = list(scenarios)
    variants = sorted(set(bundled_spec.variant_ids()) | {s.variant for s in scenarios})
    operations = sorted(set(operations_schema.operations()) | {s.full_op for s in scenarios})
    said = declarations(impl)
    problems = []
    for kind, known, items in (("variant", variants, said.get("variants", [])),
                               ("operation", operations, said.get("operations", []))):
        for item in items:
            full = declared(item) if kind == "operation" else item
            if item == WILDCARD or any(matches(full, k) for k in known):
                continue
            if kind == "operation" and "/" not in item:  # protocol 1: a bare name, suggest a bare name
                hint = suggest(item, [k.partition("/")[2] for k in known if k.startswith(full.partition("/")[0] + "/")])
            else:
                hint = suggest(item, known)
            problems.append(f"unknown {kind} '{item}' in the implementation's declared {kind}s{hint} "
                            f"(known: {', '.join(known[:12])}{', …' if len(known) > 12 else ''})")
    return problems


def _copy(value: Any) -> Any:
    """A deep copy of JSON-compatible data, so an implementation cannot alter the scenario."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
