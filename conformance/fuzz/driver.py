"""Differential testing of one operation of one variant: the implementation against the reference engine.

:func:`fuzz_operation` asks both the same generated questions (a Hypothesis strategy of ``given`` mappings, see
:mod:`.inputs`) and compares the whole answers. It drives the Hypothesis test as a fuzz target
(``test.hypothesis.fuzz_one_input`` fed with seeded random bytes), which costs little per question; the first
question the two answer differently is saved by Hypothesis in an in-memory example database, and an ordinary run
of the same test (phases *reuse* and *shrink*) then shrinks it to a minimal question, which is returned as a
:class:`Disagreement`.

What counts as a disagreement (first that applies): the implementation raised (anything but
:class:`~datong_rules.conformance.adapters.base.Unsupported`, which skips the question), its answer is not a mapping,
breaks the operation's answer schema (unless ``check_schema`` is off), or differs from the reference's answer (JSON
equality of the whole answer, :func:`datong_rules.conformance.runner.json_equal`). A question the reference engine
refuses (``ValueError``: the generator made an input the rules do not allow) is not compared; such questions are
counted (``refused``).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, reject, settings
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase

from datong_rules.conformance.adapters.base import (
    IMPLEMENTATION_FAULTS,
    ImplementationError,
    Unsupported,
    describe,
    one_line,
    without_surrogates,
)
from datong_rules.conformance import operations_schema
from datong_rules.conformance.runner import _copy, answer_schema_problem, json_equal  # _copy: JSON-like data

Answer = dict[str, Any]
Ask = Callable[[str, dict[str, Any]], Any]
"""One side of the comparison: ``ask(op, given) -> answer`` (may raise)."""

BUFFER_BYTES = 8192
"""Random bytes handed to each generated question (more than the largest question draws)."""

BATCH = 64
"""Questions between two looks at the clock."""

SAMPLE = 4 * BATCH
"""The first questions are remembered: when they are all the same one, the operation has no other (``facts``)."""


@dataclass
class Disagreement:
    """A (shrunk) question the two engines answer differently.

    Attributes:
        op: the operation; given: the question.
        reference: the reference engine's answer.
        answer: the implementation's answer (None when it raised).
        problem: one line saying what differs (``wrong: winner, points``, ``answer does not match the operation's
            schema: …``, ``errored: …``).
        keys: the answer keys whose values differ (empty for an error or a schema problem).
        shrunk: False when the shrunk question no longer disagreed on its last replay (a flaky implementation);
            the question is then the first one found.
        cut_short: the run was interrupted (Ctrl-C, SIGTERM) while shrinking: the question is the smallest found
            by then.
    """

    op: str
    given: dict[str, Any]
    reference: Answer
    answer: Any
    problem: str
    keys: list[str] = field(default_factory=list)
    shrunk: bool = True
    cut_short: bool = False


@dataclass
class OpOutcome:
    """The result of fuzzing one operation of one variant.

    Attributes:
        op: the operation. examples: questions compared (shrinking not counted). skipped: questions the
        implementation declined (``Unsupported``); refused: questions the reference refused (not compared);
        seconds: time spent generating and comparing questions; shrink_seconds: time spent shrinking a
        disagreement; disagreement: the shrunk disagreement, or None; exhausted: the generator has no other
        question (``facts``); skip_message: why the operation was not asked at all (the implementation does
        not support it), or None; interrupted: the Ctrl-C or SIGTERM (:class:`KeyboardInterrupt`) that stopped
        the operation, or None (the disagreement is then the one found so far, shrunk as far as it got).
    """

    op: str
    examples: int = 0
    skipped: int = 0
    refused: int = 0
    seconds: float = 0.0
    shrink_seconds: float = 0.0
    disagreement: Disagreement | None = None
    exhausted: bool = False
    skip_message: str | None = None
    interrupted: KeyboardInterrupt | None = None

    @property
    def rate(self) -> float:
        """Questions compared per second."""
        return self.examples / self.seconds if self.seconds > 0 else 0.0


class _Differs(AssertionError):
    """Raised inside the Hypothesis test for a disagreement (so that Hypothesis saves and shrinks it)."""


def judge(op: str, reference: Answer, ask_impl: Callable[[], Any], check_schema: bool,
          schema_op: str | None = None) -> Disagreement | None:
    """Ask the implementation (``ask_impl()``) and compare its answer with ``reference``.

    Args:
        schema_op: the operation's name for its answer schema (default ``op``).

    Returns:
        None when the answers agree, else a :class:`Disagreement` (its ``given`` left empty for the caller).

    Raises:
        Unsupported: the implementation declined the question.
    """
    try:
        answer = ask_impl()
    except Unsupported:
        raise
    except ImplementationError as exc:
        return Disagreement(op, {}, reference, None, f"errored: {one_line(exc)}")
    except IMPLEMENTATION_FAULTS as exc:
        return Disagreement(op, {}, reference, None, f"errored: {describe(exc)}")
    if not isinstance(answer, dict):
        return Disagreement(op, {}, reference, answer,
                            f"errored: the answer is a {type(answer).__name__}, not a mapping: {one_line(answer)}")
    answer = without_surrogates(answer)
    problem = answer_schema_problem(schema_op or op, answer) if check_schema else None
    if problem:
        return Disagreement(op, {}, reference, answer, problem)
    keys = sorted(set(reference) | set(answer))
    wrong = [k for k in keys if k not in reference or k not in answer or not json_equal(reference[k], answer[k])]
    if wrong:
        return Disagreement(op, {}, reference, answer, "wrong: " + ", ".join(wrong), keys=wrong)
    return None


def fuzz_operation(op: str, strategy: st.SearchStrategy[dict[str, Any]], ask_reference: Ask, ask_impl: Ask, *,
                   seed: int, seconds: float, max_examples: int | None = None, check_schema: bool = True,
                   schema_op: str | None = None,
                   on_progress: Callable[[OpOutcome], None] | None = None,
                   progress_every: float = 10.0) -> OpOutcome:
    """Compare the two engines on questions of ``strategy`` until the time or the example budget is spent, or
    they disagree; shrink a disagreement to a minimal question.

    Args:
        op: the operation name as both sides take it.
        strategy: generates the ``given`` mappings.
        ask_reference, ask_impl: ``ask(op, given) -> answer`` of each side. The reference raising ``ValueError``
            (or :class:`ImplementationError`) refuses the question; the implementation raising
            :class:`Unsupported` skips it.
        seed: the seed of the random bytes (the same seed asks the same questions in the same order).
        seconds: the time budget for generating questions (shrinking a disagreement may take longer).
        max_examples: stop after this many questions compared or skipped (None: only the time budget).
        check_schema: check the implementation's answers against the operation's answer schema.
        schema_op: the operation's name for its ``given`` and answer schemas (default ``op``).
        on_progress: called about every ``progress_every`` seconds with the outcome so far.

    Returns:
        The :class:`OpOutcome`.
    """
    outcome = OpOutcome(op)
    found: list[Disagreement] = []
    seen: set[str] = set()
    phase = {"search": True}

    def check(question: dict[str, Any]) -> None:
        try:
            reference = ask_reference(op, _copy(question))
        except (ValueError, ImplementationError):
            if phase["search"]:
                outcome.refused += 1
            reject()
        try:
            differ = judge(op, reference, lambda: ask_impl(op, _copy(question)), check_schema, schema_op)
        except Unsupported:
            if phase["search"]:
                outcome.skipped += 1
            return
        if phase["search"]:
            outcome.examples += 1
            if len(seen) < SAMPLE:
                seen.add(json.dumps(question, sort_keys=True))
        if differ is not None:
            differ.given = question
            found.append(differ)
            raise _Differs(differ.problem)

    def recheck(question: dict[str, Any]) -> Disagreement | None:
        """The disagreement on ``question`` if it is a valid one (its schema, the reference answers), else None."""
        given_schema = operations_schema.validator(schema_op or op, operations_schema.GIVEN)
        if given_schema is not None and not given_schema.is_valid(question):
            return None
        try:
            reference = ask_reference(op, _copy(question))
            differ = judge(op, reference, lambda: ask_impl(op, _copy(question)), check_schema, schema_op)
        except (ValueError, ImplementationError, Unsupported):
            return None
        if differ is not None:
            differ.given = question
        return differ

    database = InMemoryExampleDatabase()
    test = given(strategy)(check)
    test = settings(database=database, deadline=None, phases=[Phase.reuse, Phase.shrink], max_examples=1000,
                    suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
                    verbosity=Verbosity.quiet, print_blob=False)(test)
    target = test.hypothesis.fuzz_one_input
    rng = random.Random(seed)
    start = time.perf_counter()
    try:
        _search(outcome, target, rng, found, seen, seconds, max_examples, on_progress, progress_every, start)
    except KeyboardInterrupt as stop:  # what was compared so far, and a disagreement found, are kept
        outcome.seconds = time.perf_counter() - start
        outcome.interrupted = stop
    if found:
        first = found[0]
        phase["search"] = False
        found.clear()
        shrink_start = time.perf_counter()
        try:
            if outcome.interrupted is None:
                try:
                    test()
                except Exception:  # noqa: BLE001 - _Differs, or Hypothesis' Flaky when the replay agrees
                    pass
                if found:
                    found.append(_drop_entries(found[-1], recheck))
        except KeyboardInterrupt as stop:  # the smallest case found so far is kept
            outcome.interrupted = stop
        if outcome.interrupted is not None:
            outcome.disagreement = replace(found[-1] if found else first, cut_short=True)
        else:
            outcome.disagreement = found[-1] if found else replace(first, shrunk=False)
        outcome.shrink_seconds = time.perf_counter() - shrink_start
    return outcome


def _search(outcome: OpOutcome, target: Callable[[bytes], Any], rng: random.Random, found: list[Disagreement],
            seen: set[str], seconds: float, max_examples: int | None,
            on_progress: Callable[[OpOutcome], None] | None, progress_every: float, start: float) -> None:
    """Ask generated questions (``target`` takes random bytes) until the time or example budget is spent or a
    disagreement is found (in ``found``)."""
    last_report = start
    attempts = 0
    while True:
        for _ in range(BATCH):
            attempts += 1
            try:
                target(rng.randbytes(BUFFER_BYTES))
            except _Differs:
                break
            if max_examples is not None and outcome.examples + outcome.skipped >= max_examples:
                break
        now = time.perf_counter()
        outcome.seconds = now - start
        if found or outcome.seconds >= seconds or (
                max_examples is not None and outcome.examples + outcome.skipped >= max_examples):
            break
        if attempts >= SAMPLE and outcome.skipped and not outcome.examples:
            break  # the implementation declines this operation's questions: no use asking more
        if attempts >= SAMPLE and len(seen) == 1:
            outcome.exhausted = True  # the strategy has one question only (facts): asked once is enough
            outcome.examples = 1
            break
        if on_progress is not None and now - last_report >= progress_every:
            on_progress(outcome)
            last_report = now


def _drop_entries(case: Disagreement, recheck: Callable[[dict[str, Any]], Disagreement | None],
                  budget: int = 200) -> Disagreement:
    """``case`` made smaller after Hypothesis' shrink: each entry of each list of the question (a show, a load, a
    card of a hand) is left out in turn, and kept out when the smaller question is still valid and still answered
    differently (Hypothesis does not always manage to drop an entry that others follow). At most ``budget``
    questions are asked."""
    changed = True
    while changed and budget > 0:
        changed = False
        for key, value in list(case.given.items()):
            if not isinstance(value, list):
                continue
            i = len(value) - 1
            while i >= 0 and budget > 0:
                budget -= 1
                smaller = recheck({**case.given, key: value[:i] + value[i + 1:]})
                if smaller is not None:
                    case, value, changed = smaller, smaller.given[key], True
                i -= 1
    return case
