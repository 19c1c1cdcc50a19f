"""``datong-rules fuzz``: differential testing of an implementation against the reference engine.

Generated questions (valid inputs made from each variant's rules, :mod:`datong_rules.conformance.fuzz`) are asked
of both; a question they answer differently is shrunk to a minimal one and printed on standard output as a scenario
file whose expected answers are the reference engine's (to be checked against the rules before use). Progress, one
line per operation and the summary go to standard error.

Exit status: 0 when every question compared was answered alike; 1 when a disagreement was found, nothing could be
compared (the implementation skipped everything), or the implementation started but failed its handshake; 2 for
usage and input errors (bad options, an unknown variant or operation, a variant without generators, an
implementation that cannot be loaded or launched); 130 when interrupted (Ctrl-C: what was found so far is printed,
then ``error: interrupted``), 143 when stopped by SIGTERM (the same, a disagreement still being shrunk included).
"""

from __future__ import annotations

import json
import math
import random
import sys
from typing import Any

import click

from datong_rules.conformance.adapters.base import (
    IMPLEMENTATION_FAULTS,
    Implementation,
    ImplementationStartError,
    describe,
    identity,
    start_checked,
)
from datong_rules.conformance.adapters.jsonlines import DEFAULT_STARTUP_TIMEOUT, DEFAULT_TIMEOUT
from datong_rules.conformance.adapters.reference.inputs import has_strategies
from datong_rules.conformance import bundled_spec
from datong_rules.conformance.fuzz import session
from datong_rules.conformance.fuzz.driver import OpOutcome
from datong_rules.conformance.fuzz.scenario_text import Found, scenario_file
from datong_rules.reference_impl import __version__
from datong_rules.reference_impl.variant import SpecError, VariantNotFound, open_variant

from .command_error import CommandError, fail
from .conform import check_options, make_implementation, warn_spec_problems
from .messages import error_line, note_line, tr, warning_line
from .output import interrupted_status
from .path_args import empty_message, refuse_empty
from .problem_words import said, say
from .seed_option import MAX_SEED

MAX_SECONDS = 86400.0
"""The longest ``--seconds`` (a day)."""



def _check_budget(seconds: float, examples: int | None, seed: int | None) -> None:
    """Refuse an unusable time or example budget or seed (one line)."""
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise CommandError(tr("--seconds must be a number of seconds more than 0 and at most {most}, got {got}",
                              most=f"{MAX_SECONDS:g}", got=repr(seconds)))
    if examples is not None and examples < 1:
        raise CommandError(tr("--examples must be at least 1, got {got}", got=examples))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise CommandError(tr("--seed must be a whole number from 0 to {most}, got {got}", most=MAX_SEED, got=seed))


def _without_generators() -> None:
    """Name on stderr, one line, the playable bundled variants left out because their game has no generators."""
    left = [v for v in bundled_spec.playable_ids() if not has_strategies(v)]
    if left:
        click.echo(note_line(tr("no question generators yet for {variants}: not fuzzed", variants=", ".join(left))),
                   err=True)


def _variants(refs: tuple[str, ...]) -> list[tuple[str, object]]:
    """``(ref, bundled id or resolved house variant)`` for each ``--variant`` (default: every playable bundled one
    whose game has generators of questions; a game without them is named by :func:`_without_generators`).

    Raises:
        CommandError: an empty, unknown, abstract or broken variant (one line).
    """
    if not refs:  # every playable bundled variant of a game that has generators (fuzz names the others it leaves out)
        return [(v, v) for v in bundled_spec.playable_ids() if has_strategies(v)]
    out: list[tuple[str, object]] = []
    for ref in refs:
        if not ref.strip():
            raise CommandError(empty_message("--variant", "a variant id or the path of a house variant file"))
        try:
            variant = open_variant(ref)
        except (VariantNotFound, SpecError) as exc:
            raise CommandError(tr("--variant {ref}: {problem}", ref=ref, problem=said(exc))) from None
        if variant.abstract:
            raise CommandError(tr("--variant {ref}: {variant} is abstract (a base for other variants); give a "
                                  "variant that can be played", ref=ref, variant=variant.id))
        # a bundled id (or a bundled file's path) is asked by its id; a house file by its resolved rules
        out.append((ref, variant.id if variant.id in bundled_spec.variant_ids() else variant))
    return out


def _line(result: session.Result) -> str:
    """One line for a fuzzed operation: what was compared, how fast, and the verdict."""
    outcome, variant = result.outcome, result.target.variant_id
    where = f"{variant} {outcome.op}"
    if outcome.skip_message is not None:
        return tr("{where}: skipped ({why})", where=where, why=outcome.skip_message)
    counts = tr("1 question (the only one)") if outcome.exhausted else \
        tr("{questions} in {seconds} s ({rate}/s)", questions=_count(outcome.examples, QUESTIONS),
           seconds=f"{outcome.seconds:.1f}", rate=f"{outcome.rate:,.0f}")
    extra = [tr(what, n=f"{n:,}") for n, what in ((outcome.skipped, "{n} skipped by the implementation"),
                                                   (outcome.refused, "{n} refused by the reference"),
                                                   (outcome.engine_errors, "{n} engine errors")) if n]
    found = len(outcome.disagreements)
    if found:
        more = tr("; {n} more not shrunk", n=f"{outcome.unshrunk:,}") if outcome.unshrunk else ""
        verdict = tr("DISAGREES ({cases}, shrunk in {seconds} s{more})", cases=_count(found, CASES),
                     seconds=f"{outcome.shrink_seconds:.1f}", more=more)
    else:
        verdict = tr("same answers") if outcome.examples else tr("nothing compared")
    if any(c.cut_short for c in outcome.disagreements):
        verdict = tr("DISAGREES ({cases}, interrupted before the shrinking ended)", cases=_count(found, CASES))
    elif outcome.interrupted:
        verdict += tr(" (interrupted)")
    extra_words = tr("; {list}", list=tr(", ").join(extra)) if extra else ""
    line = tr("{where}: {counts}{extra}: {verdict}", where=where, counts=counts, extra=extra_words, verdict=verdict)
    if outcome.engine_error is not None:
        message, question = outcome.engine_error
        line += "\n  " + tr("engine error (not a disagreement): {message}; first on given {given}",
                            message=say(message), given=json.dumps(question)[:300])
    for case in outcome.disagreements:
        because = tr("; explained by {what}", what=", ".join(_short(e) for e in case.explained)) \
            if case.explained else ""
        rules = tr("touches {rules}", rules=", ".join(case.rules)) if case.rules else \
            tr("no switched reading of its rules changes the reference's answer")
        again = tr(", {n} more alike", n=f"{case.repeats:,}") if case.repeats else ""
        problem = tr("wrong: {keys}", keys=", ".join(case.keys)) if case.keys else say(case.problem)
        line += "\n  " + tr("{problem} ({details})", problem=problem, details=f"{rules}{because}{again}")
    return line


def _short(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _exercise_lines(results: list[session.Result]) -> list[str]:
    """Per variant: the questions that exercised each rule, and the rules never exercised."""
    lines = []
    targets: list[session.Target] = []
    for result in results:
        if result.target.exercise is not None and not any(t is result.target for t in targets):
            targets.append(result.target)
    for target in targets:
        counter = target.exercise
        if not counter.measurable:
            continue
        shown = ", ".join(f"{rule} {'%d+' % counter.cap if n >= counter.cap else n}"
                          for rule, n in sorted(counter.counts.items()) if n)
        lines.append(tr("{variant}: rules exercised (questions): {rules}", variant=target.variant_id,
                        rules=shown or tr("none")))
        never = counter.never()
        if never:
            lines.append(tr("{variant}: rules never exercised: {rules}", variant=target.variant_id,
                            rules=", ".join(never)))
    return lines


QUESTIONS = ("1 question", "{n} questions")
CASES = ("1 distinct case", "{n} distinct cases")
DISAGREEMENTS = ("1 disagreement", "{n} disagreements")
OPERATIONS = ("1 operation", "{n} operations")
ENGINE_ERRORS = ("1 engine error", "{n} engine errors")
"""What :func:`_count` counts: the English words of one and of several (each a line of the messages' 中文)."""


def _count(n: int, words: tuple[str, str]) -> str:
    """``1 question``, ``2,048 questions`` (``words``: :data:`QUESTIONS` …), in the messages' language."""
    return tr(words[0] if n == 1 else words[1], n=f"{n:,}")


def _progress(target: session.Target, outcome: OpOutcome) -> None:
    click.echo(tr("… {variant} {op}: {n} questions so far ({rate}/s), no disagreement yet",
                  variant=target.variant_id, op=outcome.op, n=f"{outcome.examples:,}",
                  rate=f"{outcome.rate:,.0f}"), err=True)


def _close(implementation: Implementation) -> None:
    try:
        implementation.close()
    except IMPLEMENTATION_FAULTS as exc:
        click.echo(warning_line(tr("closing the implementation failed: {reason}", reason=describe(exc))), err=True)


@click.command("fuzz", short_help="Compare an implementation with the reference engine on generated questions.")
@click.option("--impl", metavar="MODULE:FACTORY", help="An in-process Python implementation.")
@click.option("--impl-cmd", metavar="COMMAND", help="A command speaking the JSON-lines protocol (no shell).")
@click.option("--variant", "variant_refs", multiple=True, metavar="VARIANT",
              help="A variant id or the path of a house variant file (repeatable; default: every bundled variant).")
@click.option("--op", "ops", multiple=True, metavar="OP", callback=refuse_empty("an operation, such as classify"),
              help="Only this operation (repeatable; classify, or huolong/classify for one game).")
@click.option("--seconds", type=float, default=60.0, show_default=True, metavar="N",
              help="Time for asking questions, shared by the operations (shrinking a disagreement comes on top).")
@click.option("--examples", type=int, default=None, metavar="N", help="At most N questions per operation.")
@click.option("--seed", type=int, default=None, metavar="S",
              help="Seed of the questions (default: a random one, printed; the same seed asks the same questions).")
@click.option("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS", show_default=True,
              help="Seconds allowed per query (--impl-cmd; at most 3600).")
@click.option("--startup-timeout", type=float, default=DEFAULT_STARTUP_TIMEOUT, metavar="SECONDS",
              show_default=True, help="Seconds allowed for the handshake (--impl-cmd; at most 3600).")
@click.option("--no-schema-check", is_flag=True,
              help="Compare answers only; do not check the implementation's answers against the operation schema.")
@click.option("--quiet", "-q", is_flag=True, help="No progress lines; only disagreements and the summary.")
def fuzz(impl, impl_cmd, variant_refs, ops, seconds, examples, seed, timeout, startup_timeout, no_schema_check,
         quiet) -> None:
    """Ask an implementation and the reference engine the same generated questions and print, as a scenario file,
    every disagreement shrunk to a minimal question (its expected answer is the reference engine's: check it
    against the rules before adding it to a suite).

    VARIANT may be a house variant file: the questions follow its rules. Every operation is fuzzed but Huolong's
    replay (Biedan's and Dadun's replay questions are records the reference's bots play).
    """
    try:
        check_options(timeout, startup_timeout, {})
        _check_budget(seconds, examples, seed)
        if impl is None and impl_cmd is None:
            raise CommandError(tr("give the implementation to compare: --impl MODULE:FACTORY or --impl-cmd "
                                  "COMMAND"))
        chosen_variants = _variants(variant_refs)
        try:
            chosen = session.targets(chosen_variants, ops)
        except ValueError as exc:  # a --variant or --op that gives nothing to ask
            raise CommandError(say(str(exc))) from None
        implementation = make_implementation(impl, impl_cmd, timeout, startup_timeout)
        try:
            start_checked(implementation)
        except ImplementationStartError as exc:
            raise CommandError(tr("cannot start the implementation: {reason}", reason=say(str(exc))),
                               2 if exc.launch_failed else 1) from None
    except CommandError as exc:
        fail(exc)
    warn_spec_problems()
    if not variant_refs and not quiet:
        _without_generators()
    seed = random.randrange(1 << 32) if seed is None else seed
    who = identity(implementation)
    name = f"{who['name']} {who['version']}"
    if not quiet:
        click.echo(tr("fuzz: {name} against the reference engine, seed {seed}, {seconds} s", name=name, seed=seed,
                      seconds=f"{seconds:g}"), err=True)
    results: list[session.Result] = []

    def done(result: session.Result) -> None:
        results.append(result)
        if not quiet or result.outcome.disagreements or result.outcome.engine_error is not None:
            click.echo(_line(result), err=True)

    interrupted = False
    try:
        session.run(implementation, chosen, seed=seed, seconds=seconds, max_examples=examples,
                    check_schema=not no_schema_check, on_done=done, on_progress=None if quiet else _progress)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        _close(implementation)
    raise SystemExit(_finish(results, name, seed, interrupted, _late_replies(implementation)))


def _late_replies(implementation: Any) -> dict[str, str]:
    """Second replies (or stray lines) found only when the implementation was closed: ``{question id: message}``;
    each is a protocol error of an answered question, an engine error."""
    late = getattr(implementation, "late_errors", None)
    return dict(late()) if callable(late) else {}


def _finish(results: list[session.Result], name: str, seed: int, interrupted: bool,
            late: dict[str, str] | None = None) -> int:
    """Print the found cases (stdout) and the summary (stderr); the exit status."""
    found = [Found(r.target.variant_id, case, case.rules or r.target.rules.get(r.outcome.op, ()),
                   f"--variant {r.target.ref} --op {r.outcome.op} --seed {seed}")
             for r in results for case in r.outcome.disagreements]
    if found:
        click.echo(scenario_file(found, implementation=name, engine=f"datong-rules {__version__}"), nl=False)
        sys.stdout.flush()  # the file before the summary, also when both go to one terminal
    compared = sum(r.outcome.examples for r in results)
    total_seconds = sum(r.outcome.seconds for r in results)
    rate = f" ({compared / total_seconds:,.0f}/s)" if total_seconds > 0 else ""  # the same in both languages
    errors = sum(r.outcome.engine_errors for r in results) + len(late or {})
    for question, message in (late or {}).items():
        click.echo(tr("engine error (not a disagreement) on {question}: {message}", question=question,
                      message=say(message)), err=True)
    summary = tr("{found} in {operations}, {questions} compared{rate}, {errors}seed {seed}",
                 found=_count(len(found), DISAGREEMENTS), operations=_count(len(results), OPERATIONS),
                 questions=_count(compared, QUESTIONS), rate=rate, seed=seed,
                 errors=tr("{errors}, ", errors=_count(errors, ENGINE_ERRORS)) if errors else "")
    for line in _exercise_lines(results):
        click.echo(line, err=True)
    click.echo(summary, err=True)
    if interrupted:
        click.echo(error_line(tr("interrupted")), err=True)
        return interrupted_status()
    if found:
        return 1
    if errors:
        click.echo(error_line(tr("the implementation timed out, crashed or broke the protocol on {questions}",
                                 questions=_count(errors, QUESTIONS))), err=True)
        return 1
    if compared == 0:
        click.echo(error_line(tr("nothing was compared: the implementation skipped every question")), err=True)
        return 1
    return 0
