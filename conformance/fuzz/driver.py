"""Differential testing of one operation of one variant: the implementation against the reference engine.

:func:`fuzz_operation` asks both the same generated questions (a Hypothesis strategy of ``given`` mappings, see
:mod:`.inputs`) and compares the whole answers. It drives the Hypothesis test as a fuzz target
(``test.hypothesis.fuzz_one_input`` fed with seeded random bytes), which costs little per question; the first
question the two answer differently is saved by Hypothesis in an in-memory example database, and an ordinary run
of the same test (phases *reuse* and *shrink*) then shrinks it to a minimal question, a :class:`Disagreement`.
The search then goes on: one standing difference must not hide the others. Disagreements are grouped by their
shrunk question, never by the answer keys they get wrong (two faults that get the same keys wrong, such as a bomb
beating the rocket and a play missed around a rank held four times, shrink to two questions and are shown as two):

* each disagreeing question is shrunk, keeping to its own :attr:`Disagreement.signature` (a shrink does not slip to
  another fault's smaller question), then taken further by :mod:`.minimize` (optional keys, whole ranks and list
  entries dropped, cards moved low) so that the shrinks of one fault meet at one question;
* a shrunk question that is a case already found, or that differs the same way (kind: signature and explaining
  switched readings, :mod:`.readings`), touches the same rules and has the same form (:func:`_form`) as one, is a
  repeat of that case (``repeats``); any other is a new case.

Shrinking costs tens to thousands of questions, so a question of a kind not seen before is always shrunk while fewer
than :data:`MAX_SHRINKS` cases are found, and one of a kind seen before while :data:`MAX_RESHRINKS` such shrinks
(:data:`RESHRINKS_PER_KIND` per kind) are not spent and they have taken no more time than the search (or
:data:`RESHRINK_SECONDS`); the others are counted (``unshrunk``). A fault much rarer than another of its kind may
so stay unshrunk in a short run.

What counts as a disagreement (first that applies): the implementation refused the question (an ``errored`` reply,
or an in-process ``ValueError``; ``refused as bad input: …`` when it said so, protocol 3's ``bad_input``), its answer is not a mapping, breaks the operation's answer schema (unless
``check_schema`` is off), or differs from the reference's answer (JSON equality of the whole answer,
:func:`datong_rules.conformance.runner.json_equal`). A timeout, a crash, garbage on the line, or any other exception
of an in-process engine is an **engine error**, never a disagreement: counted (``engine_errors``, with the first
message and question), not shrunk. A question the reference engine refuses (``ValueError``: the generator made an
input the rules do not allow) is not compared; such questions are counted (``refused``).
"""

from __future__ import annotations

import json
import random
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, reject, settings
from hypothesis.errors import HypothesisWarning
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase

from datong_rules.conformance.adapters.base import (
    IMPLEMENTATION_FAULTS,
    REPORTED_ERROR,
    BadInput,
    ImplementationError,
    Unsupported,
    describe,
    one_line,
    without_surrogates,
)
from datong_rules.conformance import operations_schema
from datong_rules.conformance.runner import _copy, answer_schema_problem, json_equal  # _copy: JSON-like data

from .minimize import drop_entries, drop_keys, drop_ranks, lower_cards
from .readings import Exercise, Reading, touched

Answer = dict[str, Any]
Ask = Callable[[str, dict[str, Any]], Any]
"""One side of the comparison: ``ask(op, given) -> answer`` (may raise)."""

BUFFER_BYTES = 8192
"""Random bytes handed to each generated question (more than the largest question draws)."""

BATCH = 64
"""Questions between two looks at the clock."""

SAMPLE = 4 * BATCH
"""The first questions are remembered: when they are all the same one, the operation has no other (``facts``)."""

MAX_SHRINKS = 8
"""Distinct (shrunk) disagreements kept per operation; once found, later disagreeing questions are counted
(``unshrunk``) but not shrunk."""

MAX_RESHRINKS = 24
"""Shrinks per operation of disagreeing questions whose kind (differing keys, explaining readings) was seen before:
each may shrink to a case of its own (another fault behind the same keys) or to one already found (a repeat)."""

RESHRINKS_PER_KIND = 8
"""Of those, at most this many per kind."""

RESHRINK_SECONDS = 10.0
"""Re-shrinks go on while they have taken no more time than the search, or than this many seconds."""

@dataclass
class Disagreement:
    """A (shrunk) question the two engines answer differently.

    Attributes:
        op: the operation; given: the question.
        reference: the reference engine's answer.
        answer: the implementation's answer (None when it raised).
        problem: one line saying what differs (``wrong: winner, points``, ``answer does not match the operation's
            schema: …``, ``errored: …``, ``refused as bad input: …``; in English, as the scenario file on standard
            output writes it: ``datong-rules fuzz`` says it in its language with ``datong_rules.cli.problem_words``).
        keys: the answer keys whose values differ (empty for an error or a schema problem).
        shrunk: False when the shrunk question no longer disagreed on its last replay (a flaky implementation);
            the question is then the first one found.
        rules: the rules the shrunk question touches (a switched reading of each answers it differently).
        explained: the switched readings (``rule = value``) whose answer is exactly the implementation's.
        repeats: later questions that disagreed and shrank to this same case (or were this very question).
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
    rules: tuple[str, ...] = ()
    explained: tuple[str, ...] = ()
    repeats: int = 0
    cut_short: bool = False

    @property
    def kind(self) -> tuple[str, ...]:
        """How it differs: the differing keys, or ``schema`` / ``errored``."""
        return tuple(self.keys) if self.keys else (self.problem.split(":", 1)[0],)

    @property
    def signature(self) -> tuple[Any, ...]:
        """How it differs, finer than :attr:`kind`: also the two answers' values of each differing key where one
        is null or a truth value and the other a word, null or a truth value (``combination``: ``bomb`` against
        null; ``beats``: true against false). Two words (a suit against another), numbers and lists are left out:
        they change from question to question of one fault. A shrink keeps to questions of the signature it started
        from, so that it does not slip from one fault to a smaller one that gets the same keys wrong."""
        if not isinstance(self.answer, dict):
            return self.kind, ()
        pairs = ((k, self.reference.get(k), self.answer.get(k)) for k in self.keys)
        return self.kind, tuple((k, a, b) for k, a, b in pairs
                                if _word(a) and _word(b) and (_flag(a) or _flag(b)))


def _word(value: Any) -> bool:
    return value is None or isinstance(value, (str, bool))


def _flag(value: Any) -> bool:
    return value is None or isinstance(value, bool)


class EngineError(Exception):
    """The implementation timed out, crashed or broke the protocol on a question: not a disagreement."""


@dataclass
class OpOutcome:
    """The result of fuzzing one operation of one variant.

    Attributes:
        op: the operation. examples: questions compared (shrinking not counted). skipped: questions the
        implementation declined (``Unsupported``); refused: questions the reference refused (not compared);
        seconds: time spent generating and comparing questions; shrink_seconds: time spent shrinking
        disagreements; disagreements: the distinct shrunk disagreements, in the order found; unshrunk: disagreeing
        questions not shrunk (:data:`MAX_SHRINKS` cases found, or the re-shrink budget spent), so not grouped;
        exhausted: the generator has no other question
        (``facts``); skip_message: why the operation was not asked at all (the implementation does not support it),
        or None; engine_errors: questions on which the implementation timed out, crashed or broke the protocol;
        engine_error: the first of them, ``(message, question)``; interrupted: the run was stopped during this
        operation.
    """

    op: str
    examples: int = 0
    skipped: int = 0
    refused: int = 0
    seconds: float = 0.0
    shrink_seconds: float = 0.0
    disagreements: list[Disagreement] = field(default_factory=list)
    unshrunk: int = 0
    exhausted: bool = False
    skip_message: str | None = None
    engine_errors: int = 0
    engine_error: tuple[str, dict[str, Any]] | None = None
    interrupted: bool = False

    @property
    def disagreement(self) -> Disagreement | None:
        """The first disagreement found, or None."""
        return self.disagreements[0] if self.disagreements else None

    @property
    def rate(self) -> float:
        """Questions compared per second."""
        return self.examples / self.seconds if self.seconds > 0 else 0.0


class _Differs(AssertionError):
    """Raised inside the Hypothesis test for a disagreement (so that Hypothesis saves and shrinks it)."""


def judge(op: str, reference: Answer, ask_impl: Callable[[], Any], check_schema: bool,
          schema_op: str | None = None, protocol: int | None = None) -> Disagreement | None:
    """Ask the implementation (``ask_impl()``) and compare its answer with ``reference``; an engine speaking a
    frozen ``protocol`` (1 or 2) is judged by that protocol's contract (:mod:`datong_rules.conformance.protocols`):
    its schema, and only the answer keys it knows.

    Args:
        schema_op: the operation's name for its answer schema (default ``op``).

    Returns:
        None when the answers agree, else a :class:`Disagreement` (its ``given`` left empty for the caller).

    Raises:
        Unsupported: the implementation declined the question.
        EngineError: it timed out, crashed, broke the protocol, or (in process) raised anything but ``ValueError``.
    """
    try:
        answer = ask_impl()
    except Unsupported:
        raise
    except ImplementationError as exc:
        if not str(exc).startswith(REPORTED_ERROR):
            raise EngineError(one_line(exc)) from None
        return Disagreement(op, {}, reference, None, f"errored: {one_line(exc)}")
    except BadInput as exc:  # refused as bad input (protocol 3's errored bad_input, or in process)
        return Disagreement(op, {}, reference, None, f"refused as bad input: {one_line(exc)}")
    except ValueError as exc:  # an in-process engine refusing the question
        return Disagreement(op, {}, reference, None, f"errored: {describe(exc)}")
    except IMPLEMENTATION_FAULTS as exc:
        raise EngineError(describe(exc)) from None
    if not isinstance(answer, dict):
        return Disagreement(op, {}, reference, answer,
                            f"errored: the answer is a {type(answer).__name__}, not a mapping: {one_line(answer)}")
    answer = without_surrogates(answer)
    problem = answer_schema_problem(schema_op or op, answer, protocol) if check_schema else None
    if problem:
        return Disagreement(op, {}, reference, answer, problem)
    keys = sorted(set(reference) | set(answer))
    known = operations_schema.frozen_answer_keys(schema_op or op, protocol) if protocol is not None else None
    if known is not None:
        keys = [k for k in keys if k in known]
    wrong = [k for k in keys if k not in reference or k not in answer or not json_equal(reference[k], answer[k])]
    if wrong:
        return Disagreement(op, {}, reference, answer, "wrong: " + ", ".join(wrong), keys=wrong)
    return None


def fuzz_operation(op: str, strategy: st.SearchStrategy[dict[str, Any]], ask_reference: Ask, ask_impl: Ask, *,
                   seed: int, seconds: float, max_examples: int | None = None, check_schema: bool = True,
                   schema_op: str | None = None,
                   on_progress: Callable[[OpOutcome], None] | None = None,
                   progress_every: float = 10.0, readings: Sequence[Reading] = (),
                   exercise: Exercise | None = None, outcome: OpOutcome | None = None,
                   protocol: int | None = None) -> OpOutcome:
    """Compare the two engines on questions of ``strategy`` until the time or the example budget is spent; shrink
    each distinct disagreement to a minimal question and go on searching.

    Args:
        op: the operation name as both sides take it.
        strategy: generates the ``given`` mappings.
        ask_reference, ask_impl: ``ask(op, given) -> answer`` of each side. The reference raising ``ValueError``
            (or :class:`ImplementationError`) refuses the question; the implementation raising
            :class:`Unsupported` skips it.
        seed: the seed of the random bytes (the same seed asks the same questions in the same order).
        seconds: the time budget for generating questions (shrinking disagreements comes on top).
        max_examples: stop after this many questions compared or skipped (None: only the time budget).
        check_schema: check the implementation's answers against the operation's answer schema.
        schema_op: the operation's name for its ``given`` and answer schemas (default ``op``).
        on_progress: called about every ``progress_every`` seconds with the outcome so far.
        readings: the operation's switched readings (:mod:`.readings`): the rules a disagreement touches and the
            reading that explains it.
        exercise: counts the rules each compared question exercises (None: not counted).
        outcome: the outcome to fill (the caller keeps what was done if the run is interrupted); a new one if None.
        protocol: the implementation's protocol version; a frozen one (1, 2): a question whose given that protocol
            did not know is skipped, and the answer is judged by its contract.

    Returns:
        The :class:`OpOutcome`.
    """
    outcome = outcome if outcome is not None else OpOutcome(op)
    found: list[Disagreement] = []
    seen: set[str] = set()
    groups = _Groups()
    phase: dict[str, Any] = {"search": True, "target": None}

    legacy = operations_schema.validator(schema_op or op, operations_schema.GIVEN, protocol=protocol) \
        if protocol in operations_schema.FROZEN_FOLDERS else None

    def check(question: dict[str, Any]) -> None:
        if legacy is not None and not legacy.is_valid(question):
            if phase["search"]:
                outcome.skipped += 1
            return
        try:
            reference = ask_reference(op, _copy(question))
        except (ValueError, ImplementationError):
            if phase["search"]:
                outcome.refused += 1
            reject()
        try:
            differ = judge(op, reference, lambda: ask_impl(op, _copy(question)), check_schema, schema_op, protocol)
        except Unsupported:
            if phase["search"]:
                outcome.skipped += 1
            return
        except EngineError as exc:
            if phase["search"]:
                outcome.engine_errors += 1
                if outcome.engine_error is None:
                    outcome.engine_error = (str(exc), question)
            return
        if phase["search"]:
            outcome.examples += 1
            if len(seen) < SAMPLE:
                seen.add(json.dumps(question, sort_keys=True))
            if exercise is not None:
                exercise.observe(op, question, reference)
        if differ is not None:
            differ.given = question
            if phase.get("target") not in (None, differ.signature):
                return  # while shrinking: another fault's question, not a smaller one of this fault
            found.append(differ)
            raise _Differs(differ.problem)

    def recheck(question: dict[str, Any]) -> Disagreement | None:
        """The disagreement on ``question`` if it is a valid one (its schema, the reference answers), else None."""
        given_schema = operations_schema.validator(schema_op or op, operations_schema.GIVEN)
        if given_schema is not None and not given_schema.is_valid(question):
            return None
        try:
            reference = ask_reference(op, _copy(question))
            differ = judge(op, reference, lambda: ask_impl(op, _copy(question)), check_schema, schema_op, protocol)
        except (ValueError, ImplementationError, Unsupported, EngineError):
            return None
        if differ is not None:
            differ.given = question
        return differ

    def mark(case: Disagreement) -> Disagreement:
        case.rules, case.explained = touched(readings, op, case.given, case.reference, case.answer)
        return case

    database = InMemoryExampleDatabase()

    def make_test() -> Any:
        """A fresh Hypothesis test (its fuzz target saves a failure only when it is smaller than the ones it saw:
        after a shrink the search needs a new one)."""
        test = given(strategy)(check)
        return settings(database=database, deadline=None, phases=[Phase.reuse, Phase.shrink], max_examples=1000,
                        suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
                        verbosity=Verbosity.quiet, print_blob=False)(test)

    test = make_test()
    target = test.hypothesis.fuzz_one_input
    rng = random.Random(seed)
    start = last_report = time.perf_counter()
    shrinking = 0.0
    attempts = 0

    def spent() -> float:
        return time.perf_counter() - start - shrinking

    def asked() -> int:
        return outcome.examples + outcome.skipped + outcome.engine_errors

    def out_of_budget() -> bool:
        return spent() >= seconds or (max_examples is not None and asked() >= max_examples)

    while True:
        raw = None
        for _ in range(BATCH):
            attempts += 1
            try:
                target(rng.randbytes(BUFFER_BYTES))
            except _Differs:
                raw = found[-1]
                break
            if max_examples is not None and asked() >= max_examples:
                break
        if raw is not None:
            clock = time.perf_counter()
            groups.may_reshrink = max(RESHRINK_SECONDS, spent()) >= groups.reshrink_seconds
            _shrink_new(raw, test, found, phase, database, groups, outcome, mark, recheck)
            test = make_test()
            target = test.hypothesis.fuzz_one_input
            shrinking += time.perf_counter() - clock
        outcome.seconds = spent()
        outcome.shrink_seconds = shrinking
        if out_of_budget():
            break
        if attempts >= SAMPLE and (outcome.skipped or outcome.engine_errors) and not outcome.examples:
            break  # the implementation declines (or breaks on) this operation's questions: no use asking more
        if attempts >= SAMPLE and len(seen) == 1:
            outcome.exhausted = True  # the strategy has one question only (facts): asked once is enough
            outcome.examples = 1
            break
        now = time.perf_counter()
        if on_progress is not None and now - last_report >= progress_every:
            on_progress(outcome)
            last_report = now
    return outcome


@dataclass
class _Groups:
    """The disagreements of one operation grouped by shrunk case: ``cases`` maps a question (a shrunk case's, or a
    raw one already shrunk) as sorted JSON to its case; ``kinds`` maps each kind seen (signature, explaining
    readings) to its cases; ``reshrinks`` and ``reshrink_seconds`` count the shrinks of questions of a kind seen
    before, ``tried`` those per kind."""

    cases: dict[str, Disagreement] = field(default_factory=dict)
    kinds: dict[tuple[Any, ...], list[Disagreement]] = field(default_factory=dict)
    tried: dict[tuple[Any, ...], int] = field(default_factory=dict)
    reshrinks: int = 0
    reshrink_seconds: float = 0.0
    may_reshrink: bool = True

    def reshrink(self, kind: tuple[Any, ...]) -> bool:
        """Whether a question of the seen ``kind`` may still be shrunk (see the module's docstring)."""
        return self.may_reshrink and self.reshrinks < MAX_RESHRINKS and self.tried.get(kind, 0) < RESHRINKS_PER_KIND

    def alike(self, kind: tuple[Any, ...], case: Disagreement) -> Disagreement | None:
        """A case of ``kind`` already found that touches the same rules as ``case`` (:mod:`.readings`) and whose
        question has the same form (:func:`_form`: the same keys, null where ``case``'s has null, a list where it has
        a list, whatever the lists hold): two shrinks of one fault that stopped at two different questions (a deal
        one card longer). A table where the other has none, or another rule touched, is another case."""
        form = _form(case.given)
        return next((c for c in self.kinds.get(kind, ()) if c.rules == case.rules and _form(c.given) == form), None)


def _form(value: Any) -> Any:
    """The form of a question: its mappings' keys and which of their values are null, lists, mappings or other
    values, all the way down through mappings (not into lists: their lengths and entries vary between two shrinks of
    one fault)."""
    if isinstance(value, dict):
        return tuple((k, _form(v)) for k, v in sorted(value.items()))
    return "null" if value is None else "list" if isinstance(value, list) else "value"


def _question_key(given: dict[str, Any]) -> str:
    return json.dumps(given, sort_keys=True)


def _shrink_new(raw: Disagreement, test: Any, found: list[Disagreement], phase: dict[str, Any],
                database: InMemoryExampleDatabase, groups: _Groups, outcome: OpOutcome,
                mark: Callable[[Disagreement], Disagreement],
                recheck: Callable[[dict[str, Any]], Disagreement | None]) -> None:
    """Handle one raw disagreement of the search: a question already shrunk (or a case's own) is a repeat of its
    case; any other is shrunk (a kind not seen before always, while fewer than :data:`MAX_SHRINKS` cases are found;
    one of a kind seen before while the re-shrink budget lasts, see the module's docstring), and its shrunk question
    either is a case already found (a repeat of it) or makes a new case. Not shrunk: counted as ``unshrunk``. The
    example database is emptied afterwards; the caller makes the test anew, so that the next failure is saved
    again."""
    mark(raw)
    kind = (raw.signature, raw.explained)  # a switched reading explains each of its questions: one kind
    raw_key = _question_key(raw.given)
    try:
        same = groups.cases.get(raw_key)
        if same is not None:
            same.repeats += 1
            return
        seen = kind in groups.kinds
        if len(outcome.disagreements) >= MAX_SHRINKS or (seen and not groups.reshrink(kind)):
            outcome.unshrunk += 1
            return
        clock = time.perf_counter()
        phase["search"], phase["target"] = False, raw.signature
        found.clear()
        try:
            with warnings.catch_warnings():  # a whole game record as a shrunk question: "overly large repr"
                warnings.simplefilter("ignore", HypothesisWarning)
                test()
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM while shrinking: keep the smallest case found by then
            cut = found[-1] if found else raw
            outcome.disagreements.append(mark(Disagreement(**{**cut.__dict__, "cut_short": True})))
            raise
        except Exception:  # noqa: BLE001 - _Differs, or Hypothesis' Flaky when the replay agrees
            pass
        case = found[-1] if found else Disagreement(**{**raw.__dict__, "shrunk": False})
        if found:
            case = lower_cards(drop_entries(drop_ranks(drop_keys(case, recheck), recheck), recheck), recheck)
        mark(case)
        if seen:
            groups.reshrinks += 1
            groups.tried[kind] = groups.tried.get(kind, 0) + 1
            groups.reshrink_seconds += time.perf_counter() - clock
        case_key = _question_key(case.given)
        same = groups.cases.get(case_key) or groups.alike(kind, case)
        if same is not None:  # another question of a fault already found
            same.repeats += 1
            groups.cases[raw_key] = same
            return
        groups.kinds.setdefault(kind, []).append(case)
        groups.cases[case_key] = groups.cases[raw_key] = case
        outcome.disagreements.append(case)
    finally:
        phase["search"], phase["target"] = True, None
        found.clear()
        database.data.clear()
