"""The console summary of a run, and a progress bar shown on terminals only."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

import click

from datong_rules.conformance.adapters.base import one_line
from datong_rules.conformance.reports.common import DERIVED, KINDS, by_operation, by_rule, kind, kind_label, \
    mismatch_lines, problems, question_line, said_message
from datong_rules.conformance.runner import KIND_OUTSIDE_PROTOCOL, KIND_UNCLEAR_REFUSAL, STATUSES, RunResult, \
    ScenarioResult
from datong_rules.reference_impl.text_width import display_width, padded

VALUE_LIMIT = 300
STDERR_LINES_SHOWN = 5


SUMMARY: dict[str, dict[str, str]] = {
    "line": {"zh": "{impl}：{parts}，用时 {seconds:.2f} 秒{tail}{kinds}",
             "en": "{impl}: {parts} in {seconds:.2f}s{tail}{kinds}"},
    "count": {"zh": "{status} {n}", "en": "{n} {status}"},
    "passed": {"zh": "通过", "en": "passed"}, "failed": {"zh": "不通过", "en": "failed"},
    "skipped": {"zh": "跳过", "en": "skipped"}, "errored": {"zh": "出错", "en": "errored"},
    "list": {"zh": "，", "en": ", "},
    "interrupted": {"zh": "（问了 {done}/{selected} 个后被中断）", "en": " (INTERRUPTED after {done} of {selected})"},
    "kinds": {"zh": "；手算场景 {hand} 个，派生检查 {derived} 个",
              "en": "; {hand} hand-worked scenarios, {derived} derived checks"},
    "operation": {"zh": "操作", "en": "operation"}, "rule": {"zh": "规则", "en": "rule"},
    "asked": {"zh": "发出", "en": "asked"}, "not asked": {"zh": "没发出", "en": "not asked"},
    "hand_worked": {"zh": "手算", "en": "hand_worked"}, "derived": {"zh": "派生", "en": "derived"},
    "not_asked_note": {"zh": "没发出：算作跳过（实现没有声明）或出错（没有查询：它一直崩溃）",
                       "en": "not asked: counted as skipped (not declared by the implementation) or errored (not "
                             "queried: it kept crashing)"},
    "protocol_1": {"zh": "跳过：{game} 的 {count} 个场景：{name} 说的是协议 1（它的 'ready' 里没有 \"protocol\": 2），"
                         "只涉及攉龙；在 'ready' 里回答 \"protocol\": 2，才会被问到别的游戏",
                   "en": "skipped: {count} scenario(s) of {game}: {name} speaks protocol 1 (its 'ready' has no "
                         "\"protocol\": 2), which covers Huolong only; answer 'ready' with \"protocol\": 2 to be "
                         "asked about other games"},
    "undeclared": {"zh": "跳过：{game} 的 {count} 个场景，{name} 没有声明这个游戏",
                   "en": "skipped: {count} scenario(s) of {game}, a game {name} does not declare"},
    "outside_protocol": {"zh": "跳过：{count} 个场景超出了 {name} 说的协议 {protocol}，没有问它（JSON 报告里有每一个的原因）",
                         "en": "skipped: {count} scenario(s) outside protocol {protocol}, which {name} speaks: not "
                               "asked (the JSON report gives each one's reason)"},
    "unclear_refusal": {"zh": "跳过：{count} 个期望拒绝错误输入的场景：{name} 拒绝了，但没有说是输入有误；它的 'ready' 也没有声明 "
                              "refuses_bad_input，所以分不清是拒绝还是出了故障",
                        "en": "skipped: {count} scenario(s) expecting a refusal of bad input: {name} refused them, but "
                              "not as bad input, and its 'ready' does not say refuses_bad_input, so a refusal cannot be "
                              "told from a failure"},
    "FAILED": {"zh": "不通过", "en": "FAILED"}, "ERRORED": {"zh": "出错", "en": "ERRORED"},
    "kind": {"zh": "（派生，{how}）", "en": " ({label})"},
    "steered": {"zh": "按规则生成的问题", "en": "steered"}, "swept": {"zh": "逐一扫过的问题", "en": "swept"},
    "played": {"zh": "打整场", "en": "played"},
    "not_blamed": {"zh": "；不追究：{rules}", "en": "; not blamed: {rules}"},
}
"""The console report's words in 中文 and English (``lang`` of :func:`render_console`; the command passes its
own): the summary line, the tables' headings, the notes and a problem's labels. Identifiers (operations, rule ids,
scenario ids, keys) and what an implementation wrote (its messages, its standard error) are shown as they are."""


def _words(lang: str) -> dict[str, str]:
    """:data:`SUMMARY` in ``lang``."""
    return {key: said[lang] for key, said in SUMMARY.items()}


def summary_line(run: RunResult, lang: str = "en") -> str:
    """One line: implementation, counts by status, time (the whole command's when measured, loading
    included, else the run's), and ``INTERRUPTED`` if so; in ``lang`` (``"zh"`` or ``"en"``)."""
    words = _words(lang)
    counts = run.counts()
    parts = words["list"].join(words["count"].format(n=counts[s], status=words[s]) for s in STATUSES)
    impl = f"{run.implementation.get('name')} {run.implementation.get('version')}"
    tail = words["interrupted"].format(done=len(run.results), selected=run.selected) if run.interrupted else ""
    derived = sum(1 for r in run.results if kind(r) == DERIVED)
    kinds = words["kinds"].format(hand=len(run.results) - derived, derived=derived) if derived else ""
    return words["line"].format(impl=impl, parts=parts, seconds=run.total or run.duration, tail=tail, kinds=kinds)


def _table(title: str, rows: dict[str, dict[str, int]], columns: tuple[str, ...] = STATUSES,
           lang: str = "en") -> list[str]:
    """A table: ``title`` over the row names, one column per key of ``columns`` (headed by its word in ``lang``),
    padded by display width (:mod:`~datong_rules.reference_impl.text_width`)."""
    if not rows:
        return []
    words = _words(lang)
    title = words[title]
    heads = [words[c] for c in columns]
    widths = [max(7, display_width(h)) for h in heads]
    width = max(display_width(title), *(len(name) for name in rows))
    out = [padded(title, width) + "  " + "  ".join(padded(h, w, left=False) for h, w in zip(heads, widths))]
    out += [f"{name:<{width}}  " + "  ".join(f"{row[c]:>{w}}" for c, w in zip(columns, widths))
            for name, row in rows.items()]
    return [*out, ""]


NOT_ASKED = "not asked"
"""The operation table's column of scenarios never put to the implementation: asked + not asked = the statuses'
sum (a scenario not asked is skipped, or errored when the implementation kept crashing: "not queried")."""


def _operation_rows(run: RunResult, declared_rows: bool = True) -> dict[str, dict[str, int]]:
    """:func:`by_operation` (``declared_rows`` as it takes it) with the :data:`NOT_ASKED` count of each row, so that
    the columns add up."""
    return {name: {**row, NOT_ASKED: sum(row[s] for s in STATUSES) - row["asked"]}
            for name, row in by_operation(run, declared_rows).items()}


def _not_asked_note(rows: dict[str, dict[str, int]], lang: str = "en") -> list[str]:
    """The legend of :data:`NOT_ASKED`, when a row has some."""
    if not any(row[NOT_ASKED] for row in rows.values()):
        return []
    return [_words(lang)["not_asked_note"], ""]


def _paint(text: str, colour: str, on: bool) -> str:
    return click.style(text, fg=colour, bold=True) if on else text


def _problem(result: ScenarioResult, color: bool = False, lang: str = "en",
             say: Callable[[str], str] = str) -> list[str]:
    words = _words(lang)
    s = result.scenario
    where = f"  ({s.location})" if s.file else ""
    blamed = result.blamed
    rules = ", ".join(blamed) + (words["not_blamed"].format(rules=", ".join(r for r in s.rules if r not in blamed))
                                 if len(blamed) < len(s.rules) else "")
    how = words.get(s.derived, s.derived)  # how a derived check was made, in words
    label = words["kind"].format(label=kind_label(result), how=how) if kind_label(result) else ""
    out = [f"{_paint(words[result.status.upper()], 'red', color)}{label} {s.id}  [{rules}]{where}"]
    if s.derived:  # in no scenario file: the question itself, to ask it again
        out.append(f"    {question_line(s, lang)}")
    if result.status == "failed":
        out += [f"    {line}" for line in mismatch_lines(result, VALUE_LIMIT, lang, say)]
    else:
        out.append(f"    {said_message(result.message, lang, say, kind=result.kind)}")
        out += [f"    stderr| {one_line(line)}" for line in result.stderr[-STDERR_LINES_SHOWN:]]
    return out


def render_console(run: RunResult, *, details: bool = True, color: bool = False, lang: str = "en",
                   narrowed: bool = False, say: Callable[[str], str] = str) -> str:
    """The console report: tables by operation (with how many of each were asked and not asked) and by rule (with the
    hand-worked scenarios and derived checks of each when the run has derived checks), failures and errors (each with
    the rules it counts against, a derived check labelled so), then the summary line.

    Args:
        details: False gives the summary line only.
        color: FAILED and ERRORED in red (for a terminal; see :func:`use_color`).
        lang: the language of the report's own words (``"zh"`` or ``"en"``): :data:`SUMMARY`.
        narrowed: the run asked only some scenarios of its suite (one file, a filter): the operation table has only
            the operations it ran, none of the rows of zeros a run of the whole suite shows for the operations the
            implementation declares and no scenario asked (:func:`~.common.by_operation`).
        say: says the runner's and the adapter's English wordings of a problem (an answer breaking its schema, an
            answer that is not a mapping, a timeout, a protocol error) in the report's language (the command passes
            :func:`datong_rules.cli.problem_words.say`); by default they are shown as written.
    """
    if not details:
        return summary_line(run, lang)
    operations = _operation_rows(run, declared_rows=not narrowed)
    columns = (*STATUSES, *KINDS) if any(map(kind_label, run.results)) else STATUSES
    out = [*_table("operation", operations, ("asked", NOT_ASKED, *STATUSES), lang),
           *_not_asked_note(operations, lang), *_table("rule", by_rule(run), columns, lang)]
    name = run.implementation.get("name")
    for (game, protocol_1), count in _undeclared_games(run).items():
        out += [_words(lang)["protocol_1" if protocol_1 else "undeclared"].format(count=count, game=game, name=name),
                ""]
    for (kind_of_skip, protocol), count in _skip_reasons(run).items():
        out += [_words(lang)[kind_of_skip].format(count=count, protocol=protocol, name=name), ""]
    for result in problems(run):
        out += _problem(result, color, lang, say)
    if problems(run):
        out.append("")
    return "\n".join([*out, summary_line(run, lang)])


def _undeclared_games(run: RunResult) -> dict[tuple[str, bool], int]:
    """(game, skipped for speaking protocol 1) → scenarios skipped because the implementation declares no variant
    of that game (engines declaring ``huolong/*`` skip the other games) or speaks protocol 1 (Huolong only)."""
    found: dict[tuple[str, bool], int] = {}
    for result in run.results:
        message = result.message or ""
        protocol_1 = "covers Huolong only" in message
        if result.status == "skipped" and not result.asked and ("a game it does not play" in message or protocol_1):
            key = (result.scenario.game, protocol_1)
            found[key] = found.get(key, 0) + 1
    return dict(sorted(found.items()))


def _skip_reasons(run: RunResult) -> dict[tuple[str, str], int]:
    """(kind, protocol) → scenarios skipped for a reason the console says once for them all, each kind (the result's
    :attr:`~datong_rules.conformance.runner.ScenarioResult.kind`, set by the runner, never read from a message) a
    line of :data:`SUMMARY`: ``outside_protocol`` (not asked: outside the frozen protocol the engine speaks, its
    number given) and ``unclear_refusal`` (a refusal of bad input that cannot be told from a failure; protocol
    ``""``)."""
    found: dict[tuple[str, str], int] = {}
    for result in run.results:
        if result.status != "skipped" or result.kind not in (KIND_OUTSIDE_PROTOCOL, KIND_UNCLEAR_REFUSAL):
            continue
        key = (result.kind, "" if result.protocol is None else str(result.protocol))
        found[key] = found.get(key, 0) + 1
    return dict(sorted(found.items()))


def use_color(stream) -> bool:
    """Whether to colour what goes to ``stream``: a terminal, and ``NO_COLOR`` not set (https://no-color.org)."""
    import os

    return not os.environ.get("NO_COLOR") and bool(getattr(stream, "isatty", lambda: False)())


@contextlib.contextmanager
def progress(total: int, enabled: bool = True) -> Iterator[Callable[[ScenarioResult], None]]:
    """A callback advancing a progress bar by one result; the bar is drawn on stderr when it is a
    terminal and ``enabled``, otherwise the callback does nothing."""
    if not enabled or total == 0 or not sys.stderr.isatty():
        yield lambda result: None
        return
    with click.progressbar(length=total, label="conformance", file=sys.stderr,
                           show_pos=True, show_eta=False) as bar:
        yield lambda result: bar.update(1)
