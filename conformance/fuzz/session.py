"""A ``fuzz`` run: every chosen operation of every chosen variant, one after the other, within one time budget.

:func:`targets` turns the user's variant references and operation names into :class:`Target` objects (the
questions' generators come from the reference engine's side, :mod:`datong_rules.conformance.adapters.reference.inputs`);
:func:`run` fuzzes them with :func:`.driver.fuzz_operation`, sharing the time left evenly among the operations
still to run (an operation that finishes early, ``facts`` or a disagreement, leaves its time to the others).
"""

from __future__ import annotations

import difflib
import itertools
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from datong_rules.conformance import bundled_spec, operations_schema
from datong_rules.conformance.adapters.base import IMPLEMENTATION_FAULTS, Implementation, ImplementationError, describe
from datong_rules.conformance.adapters.reference import ReferenceImplementation, game_ops
from datong_rules.conformance.adapters.reference.inputs import input_strategies, resolved_reference, rules_read
from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import Variant

from .driver import OpOutcome, fuzz_operation
from .readings import Exercise, Reading, switched_readings
from .records_gen import replay_strategy, round_strategy
from .steer import steered

NOT_GENERATED = {"replay": "fuzz generates no Huolong game records: replay is checked by the suite's scenarios "
                           "(datong-rules conform --op replay) and datong-rules verify"}
"""Operations without generators in some game, and why (the climbing games' records are generated:
:mod:`.records_gen`)."""


@dataclass
class Target:
    """One variant to fuzz.

    Attributes:
        variant_id: its id (a house file's own id). ref: the reference as the user typed it (for messages).
        resolved: the resolved variant of a house file; None for a bundled id.
        strategies: operation → generator of questions, the chosen operations only.
        rules: operation → the rule ids its answer depends on.
    """

    variant_id: str
    ref: str
    resolved: Variant | None
    strategies: dict[str, st.SearchStrategy[dict[str, Any]]] = field(default_factory=dict)
    rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    readings: dict[str, list[Reading]] = field(default_factory=dict)
    exercise: Exercise | None = None

    def prepare(self) -> None:
        """Build the switched readings of the chosen operations' rules and the rule counter (once; costs about a
        second per variant)."""
        if self.exercise is not None:
            return
        variant: str | Variant = self.resolved if self.resolved is not None else self.variant_id
        wanted = {rule for op in self.strategies for rule in self.rules.get(op, ())}
        every = switched_readings(variant, wanted)
        self.readings = {op: [r for r in every if set(r.rules) & set(self.rules.get(op, ()))]
                         for op in self.strategies}
        self.exercise = Exercise(self.readings)


def op_seed(seed: int, variant_id: str, op: str) -> int:
    """The seed of one operation's questions: the same run seed asks an operation the same questions whatever
    the other operations and variants of the run."""
    return zlib.crc32(f"{seed}/{variant_id}/{op}".encode())


def _selects(wanted: str, game: str, op: str) -> bool:
    """Whether an ``--op`` value selects operation ``op`` of ``game``: bare names in every game, full in one."""
    prefix, sep, bare = wanted.rpartition("/")
    return bare == op and (not sep or prefix == game)


def _game(target: Target) -> str:
    """The game of a target's variant (``huolong`` of ``huolong/li-zhijiang``)."""
    return target.variant_id.split("/", 1)[0]


def targets(variants: Iterable[tuple[str, str | Variant]], ops: Iterable[str]) -> list[Target]:
    """The targets of a run.

    Args:
        variants: ``(ref as typed, bundled id or resolved variant)`` pairs.
        ops: the operations asked for, bare (``classify``: in every game) or full (``huolong/classify``); none:
            every operation with a generator.

    Raises:
        ValueError: a variant without generators or that the engine cannot play, an operation no chosen variant
            has (with the closest name), or one without generators (``replay``); one line.
    """
    ops = list(ops)
    out = []
    for ref, variant in variants:
        variant_id = variant if isinstance(variant, str) else variant.id
        try:
            made, read = input_strategies(variant), rules_read(variant)
            made, read = _with_records(variant, made, read)
        except ValueError as exc:
            raise ValueError(f"--variant {ref}: {exc}") from None
        game = variant_id.split("/", 1)[0]
        chosen = {op: steered(s, variant_id, op) for op, s in made.items()
                  if not ops or any(_selects(w, game, op) for w in ops)}
        out.append(Target(variant_id, ref, None if isinstance(variant, str) else variant, chosen, read))
    for wanted in ops:
        _check_op(wanted, out)
    return out


def _check_op(wanted: str, out: list[Target]) -> None:
    """Raise when the ``--op`` value ``wanted`` selects no operation of the targets ``out``: one without generators
    (``replay`` of Huolong), one the chosen variants' rules turn off, one of a game no chosen variant has, or an
    unknown one (with the closest name).

    Raises:
        ValueError: one line, ``--op WANTED: …``.
    """
    bare = wanted.rpartition("/")[2]
    if any(_selects(wanted, _game(t), op) for t in out for op in t.strategies):
        return
    if bare in NOT_GENERATED:
        raise ValueError(f"--op {wanted}: {NOT_GENERATED[bare]}")
    off = [t.variant_id for t in out if bare in t.rules and _selects(wanted, _game(t), bare)]
    if off:
        raise ValueError(f"--op {wanted}: {', '.join(off)} cannot be asked {bare} questions (the variant's "
                         f"rules turn that part of the game off)")
    game = wanted.rpartition("/")[0]
    if game and game not in {_game(t) for t in out}:
        raise ValueError(f"--op {wanted}: no variant of the game {game} is fuzzed (the variants: "
                         f"{', '.join(t.variant_id for t in out)})")
    known = sorted({op for t in out if not game or _game(t) == game for op in t.rules})
    close = difflib.get_close_matches(bare, known, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise ValueError(f"--op {wanted}: no such {game + ' ' if game else ''}operation{hint} (operations: "
                     f"{', '.join(known)})")


def _with_records(variant: str | Variant, made: dict[str, Any], read: dict[str, tuple[str, ...]]
                  ) -> tuple[dict[str, Any], dict[str, tuple[str, ...]]]:
    """``made`` and ``read`` with the ``replay`` questions of a game whose records are generated
    (:mod:`.records_gen`); a replay reads every rule of the variant."""
    game = games.game_of_variant(variant if isinstance(variant, str) else variant.id)
    if "replay" in made:
        return made, read
    rules = game.rules_for(variant)
    strategy = replay_strategy(game, rules)
    if strategy is None:
        return made, read
    loaded = bundled_spec.variant(variant) if isinstance(variant, str) else variant
    every = tuple(loaded.rule_ids()) if isinstance(loaded, Variant) else ()
    made, read = {**made, "replay": strategy}, {**read, "replay": every}
    ops = game_ops(game)
    rounds = round_strategy(game, rules, lambda given: ops["round"](rules, given)) if "round" in ops else None
    if rounds is not None and "round" not in made:
        made["round"] = rounds
        read["round"] = read.get("round") or tuple(r for r in every if r.split(".")[0] in ROUND_SECTIONS)
    return made, read


ROUND_SECTIONS = ("play", "points", "hand_end", "combinations", "ranking", "beating", "wild", "players")
"""The rule sections a ``round`` answer reads (its docs: play.*, points.*, hand_end.when, and what makes a play beat
the table)."""


@dataclass
class Result:
    """One fuzzed operation: its target, its outcome."""

    target: Target
    outcome: OpOutcome


def run(impl: Implementation, chosen: list[Target], *, seed: int, seconds: float, max_examples: int | None,
        check_schema: bool = True, on_start: Callable[[Target, str], None] | None = None,
        on_done: Callable[[Result], None] | None = None,
        on_progress: Callable[[Target, OpOutcome], None] | None = None) -> list[Result]:
    """Fuzz every chosen operation of every target against the reference engine (``impl`` already started).

    An operation the implementation does not support (``skip_reason``) is reported skipped at once, with its
    reason. A house variant's resolved rules are handed to the implementation (``use_variants``, as the runner does
    for the suite's fixture variants) before its first question. ``KeyboardInterrupt`` (Ctrl-C, or SIGTERM under the
    CLI) passes through (the caller reports what was done: ``on_done`` has seen it, the operation in progress included, marked ``interrupted``).
    """
    reference = ReferenceImplementation()
    pending = [(t, op) for t in chosen for op in t.strategies]
    results: list[Result] = []
    deadline = time.perf_counter() + seconds
    for index, (target, op) in enumerate(pending):
        if on_start is not None:
            on_start(target, op)
        outcome = OpOutcome(op)
        # a house variant's rules first: an engine declaring the variant it extends is asked about it too
        reason = _announce(impl, target.resolved) if target.resolved is not None else None
        if reason is None:
            try:
                reason = impl.skip_reason(target.variant_id, op)
            except IMPLEMENTATION_FAULTS as exc:
                reason = f"supported_variants()/supported_operations() failed: {describe(exc)}"
        if reason is not None:
            outcome.skip_message = reason
        else:
            try:
                target.prepare()
                budget = max(0.0, deadline - time.perf_counter()) / (len(pending) - index)
                ask_reference = (_bundled(reference, target.variant_id) if target.resolved is None
                                 else resolved_reference(target.resolved))
                fuzz_operation(
                    op, target.strategies[op], ask_reference, _asker(impl, target.variant_id),
                    seed=op_seed(seed, target.variant_id, op), seconds=budget, max_examples=max_examples,
                    check_schema=check_schema, schema_op=schema_name(target.variant_id.split("/", 1)[0], op),
                    on_progress=None if on_progress is None else (lambda o, t=target: on_progress(t, o)),
                    readings=target.readings.get(op, ()), exercise=target.exercise, outcome=outcome,
                    protocol=getattr(impl, "protocol", None))
            except KeyboardInterrupt:
                outcome.interrupted = True
                results.append(Result(target, outcome))
                if on_done is not None:
                    on_done(results[-1])
                raise
        result = Result(target, outcome)
        results.append(result)
        if on_done is not None:
            on_done(result)
    return results


def schema_name(game: str, op: str) -> str:
    """The name that finds an operation's schemas: its full name (``biedan/classify``) when the operations schemas
    are kept per game, else (one schema file, Huolong's operations only) the bare name for Huolong, and the full
    name for another game, which then has no schema to check against."""
    full = f"{game}/{op}"
    if operations_schema.validator(full, operations_schema.ANSWER) is not None or game != "huolong":
        return full
    return op


def _bundled(reference: ReferenceImplementation, variant_id: str) -> Callable[[str, dict[str, Any]], Any]:
    return lambda op, given: reference.answer(variant_id, op, given)


def _asker(impl: Implementation, variant_id: str) -> Callable[[str, dict[str, Any]], Any]:
    """``ask(op, given)`` of the implementation: each question gets an id of its own (``fuzz-1``, ``fuzz-2`` …),
    so that a late second reply to one question is never taken for the reply to the next; a second reply found
    while a question is asked (:meth:`Implementation.late_errors`: it belongs to an earlier one) makes this
    question's answer an error, since the run has no other place to report it."""
    numbers = itertools.count(1)

    def ask(op: str, given: dict[str, Any]) -> Any:
        answer = impl.query(f"fuzz-{next(numbers)}", variant_id, op, given)
        late = impl.late_errors()
        if late:
            raise ImplementationError(f"after an earlier question: {next(iter(late.values()))}")
        return answer

    return ask


def _announce(impl: Implementation, variant: Variant) -> str | None:
    """Hand a house variant's resolved rules to the implementation (``use_variants``, when it has the method);
    a reason to skip the variant's operations when that fails, else None."""
    method = getattr(impl, "use_variants", None)
    if not callable(method):
        return None
    try:
        method({variant.id: variant.data})
    except IMPLEMENTATION_FAULTS as exc:
        return f"use_variants() failed: {describe(exc)}"
    return None
