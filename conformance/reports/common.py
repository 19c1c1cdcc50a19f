"""Helpers shared by the report formats: tallies by group, value rendering, file writing."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from datong_rules.conformance.adapters.base import REPORTED_ERROR
from datong_rules.conformance.runner import KIND_ANSWERED_BAD, KIND_FIRST_WORDS, KIND_REFUSED_GOOD, STATUSES, \
    RunResult, ScenarioResult
from datong_rules.reference_impl.user_files import write_atomically


def tally(results: Iterable[ScenarioResult],
          groups: Callable[[ScenarioResult], Iterable[str]]) -> dict[str, dict[str, int]]:
    """Counts per status for each group, groups sorted by name.

    Args:
        groups: the group names a result belongs to (one for an operation, several for rules).

    Returns:
        ``{group: {"passed": n, "failed": n, "skipped": n, "errored": n}}``.
    """
    table: dict[str, dict[str, int]] = {}
    for result in results:
        for group in groups(result):
            row = table.setdefault(group, dict.fromkeys(STATUSES, 0))
            row[result.status] += 1
    return dict(sorted(table.items()))


def by_operation(run: RunResult, declared_rows: bool = True) -> dict[str, dict[str, int]]:
    """:func:`tally` by operation's full name (``huolong/classify``), each row with ``asked`` too: how many of its
    scenarios were put to the implementation. With ``declared_rows``, an operation the implementation declares by
    name that no scenario of the run has gets a row of zeros, so the summary of a run of the whole suite shows it
    was never asked; a run narrowed to some scenarios (one file, a filter) passes False: its table has only the
    operations it ran."""
    table = tally(run.results, lambda r: [r.scenario.full_op])
    for result in run.results:
        table[result.scenario.full_op]["asked"] = table[result.scenario.full_op].get("asked", 0) + result.asked
    from datong_rules.conformance.names import WILDCARD, declared

    for op in run.declared.get("operations", []) if declared_rows else []:
        name = declared(op)
        if WILDCARD not in name and name not in table:
            table[name] = {**dict.fromkeys(STATUSES, 0), "asked": 0}
    return {name: {**row, "asked": row.get("asked", 0)} for name, row in sorted(table.items())}


HAND_WORKED, DERIVED = "hand_worked", "derived"
KINDS = (HAND_WORKED, DERIVED)
"""The kinds of checks: a hand-worked scenario of the suite, or a check derived from the reference engine playing a
house variant (:mod:`datong_rules.conformance.derived`)."""


def kind(result: ScenarioResult) -> str:
    """:data:`DERIVED` for a derived check, else :data:`HAND_WORKED`."""
    return DERIVED if result.scenario.derived else HAND_WORKED


def kind_label(result: ScenarioResult) -> str:
    """How a report names a derived check's kind (``derived, steered``), ``""`` for a hand-worked scenario."""
    return f"derived, {result.scenario.derived}" if result.scenario.derived else ""


PROBLEM_WORDS: dict[str, dict[str, str]] = {
    "question": {"zh": "问题：{op}，给定 {given}", "en": "question: {op} given {given}"},
    "expected": {"zh": "{key}：期望 {value}", "en": "{key}: expected {value}"},
    "actual": {"zh": "{key}：实际 {value}", "en": "{key}: actual   {value}"},
    "missing": {"zh": "（没有）", "en": "(missing)"},
    "also": {"zh": "回答还说：{said}", "en": "answer also says: {said}"},
    "list": {"zh": "，", "en": ", "},
    KIND_REFUSED_GOOD: {"zh": "把场景期望回答的问题当作输入有误拒绝了：", "en": KIND_FIRST_WORDS[KIND_REFUSED_GOOD]},
    KIND_ANSWERED_BAD: {"zh": "回答了一个输入有误的问题（应当拒绝）：", "en": KIND_FIRST_WORDS[KIND_ANSWERED_BAD]},
    REPORTED_ERROR + ": ": {"zh": "实现报告了错误：", "en": REPORTED_ERROR + ": "},
}
"""The words of a failure's lines in 中文 and English (``lang`` of :func:`question_line` and
:func:`mismatch_lines`; the console passes the command's language, the files' reports are English)."""


def question_line(scenario: Any, lang: str = "en") -> str:
    """The question a check asks, whole, on one line: ``question: huolong/legal_play given {"hand": […], …}`` (the
    operation's full name and its ``given`` as :func:`compact` JSON, never cut), so that a failure of a check that
    lives in no scenario file (a derived check) can be asked again as it was; in ``lang`` (``"zh"`` or ``"en"``)."""
    return PROBLEM_WORDS["question"][lang].format(op=scenario.full_op, given=compact(scenario.given))


def by_rule(run: RunResult) -> dict[str, dict[str, int]]:
    """:func:`tally` by rule id: a scenario counts once for each rule it cites, and a failed one counts as failed
    only for the rules of the keys that differ (:attr:`~datong_rules.conformance.runner.ScenarioResult.blamed`),
    as passed for its other rules. Each row also counts the results of each kind (:data:`KINDS`: hand-worked
    scenarios and derived checks), whatever their status."""
    table: dict[str, dict[str, int]] = {}
    for result in run.results:
        blamed = set(result.blamed)
        for rule in result.scenario.rules:
            row = table.setdefault(rule, {**dict.fromkeys(STATUSES, 0), **dict.fromkeys(KINDS, 0)})
            row[result.status if result.status != "failed" or rule in blamed else "passed"] += 1
            row[kind(result)] += 1
    return dict(sorted(table.items()))


def by_variant(run: RunResult) -> dict[str, dict[str, int]]:
    """:func:`tally` by variant id."""
    return tally(run.results, lambda r: [r.scenario.variant])


def problems(run: RunResult) -> list[ScenarioResult]:
    """The failed and errored results, in run order."""
    return [r for r in run.results if r.status in ("failed", "errored")]


def mismatch_lines(result: ScenarioResult, limit: int | None = None, lang: str = "en",
                   say: Callable[[str], str] = str) -> list[str]:
    """For a failed result: the line saying how the answer breaks its operation's schema (if it
    does), then two lines per wrong key: ``key: expected V`` and ``key: actual   V`` (``(missing)``
    when the answer lacks the key); values as :func:`compact` JSON cut to ``limit``; the words in ``lang``
    (``"zh"`` or ``"en"``; the schema's problem is the runner's and the validator's English, said again by ``say``:
    the console passes the command's, the files' reports none). A failure that no key tells (an answer to a question
    that is bad input, a good question refused as bad input) starts with its message."""
    words = {key: said[lang] for key, said in PROBLEM_WORDS.items()}
    lines = [say(result.schema_problem)] if result.schema_problem else []
    if not lines and result.message and (result.actual is None or not result.mismatched):
        lines.append(_said(result.message, result.kind, words, say))
    actual = result.actual or {}
    for key in result.mismatched:
        got = compact(actual[key], limit) if key in actual else words["missing"]
        lines += [words["expected"].format(key=key, value=compact(result.expected.get(key), limit)),
                  words["actual"].format(key=key, value=got)]
    others = {k: v for k, v in actual.items() if k not in result.expected and k in EXPLAINING_KEYS}
    if others:  # e.g. a refused replay: where and why the implementation refused it
        lines.append(words["also"].format(said=words["list"].join(f"{k} {compact(v, limit)}"
                                                                  for k, v in others.items())))
    return lines


def said_message(message: str, lang: str = "en", say: Callable[[str], str] = str, *, kind: str | None = None) -> str:
    """A failed or errored result's message in ``lang``: the runner's and the adapter's own first words said again
    (what follows them, the engine's reason or answer, as written): those of the result's ``kind``
    (:attr:`~datong_rules.conformance.runner.ScenarioResult.kind`: a refused good question, an answered bad one), or
    the adapter's ``implementation reported an error: ``; any other message (the runner's or the adapter's whole
    wording: ``answer is a list, not a mapping: [1]``, ``timeout after 5s``) said by ``say`` (the console passes the
    command's language's, :func:`datong_rules.cli.problem_words.say`; by default as it is)."""
    return _said(message, kind, {key: said[lang] for key, said in PROBLEM_WORDS.items()}, say)


def _said(message: str, kind: str | None, words: dict[str, str], say: Callable[[str], str] = str) -> str:
    """:func:`said_message` of a result of ``kind`` with ``words`` (:data:`PROBLEM_WORDS` in a language)."""
    if kind in (KIND_REFUSED_GOOD, KIND_ANSWERED_BAD) and message.startswith(KIND_FIRST_WORDS[kind]):
        return words[kind] + message[len(KIND_FIRST_WORDS[kind]):]
    if message and message.startswith(REPORTED_ERROR + ": "):
        return words[REPORTED_ERROR + ": "] + message[len(REPORTED_ERROR) + 2:]
    return say(message) if message else message


EXPLAINING_KEYS = ("index", "seat", "reason", "mismatch", "mismatches", "action")
"""Answer keys that explain a failed answer (a refused ``replay``: where, who and why); shown with a failure
even when the scenario does not expect them."""


def compact(value: Any, limit: int | None = None) -> str:
    """A value as compact one-line JSON (non-ASCII kept), cut to ``limit`` characters if given."""
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=repr)
    if limit is not None and len(text) > limit:
        return text[: limit - 3] + "..."
    return text


STDOUT = "-"
"""The report path meaning standard output (the usual convention: ``--json -``)."""


def is_stdout(path: str | Path | None) -> bool:
    """True when ``path`` is :data:`STDOUT` (``-``): the report goes to standard output, not to a file."""
    return path is not None and str(path) == STDOUT


def write_text(path: str | Path, text: str) -> None:
    """Write a report file (UTF-8), creating its folder (the ``conform`` command refuses a missing folder before it
    runs, as ``play --record`` does; the library and the pytest plugin create it); ``-`` writes ``text`` to standard output instead
    (a file of that name is written as ``./-``). The file is written whole or not at all (a temporary file of the
    same folder renamed over it: :func:`~datong_rules.reference_impl.user_files.write_atomically`), so an interrupt
    or a second writer of the same path never leaves half a report. Raises :class:`OSError`."""
    if is_stdout(path):
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, text)
