"""The Markdown report, for humans reading a CI artifact or a pull-request comment.

Sections: title and run facts, a status table, tables by operation and by rule, then each failed
or errored scenario with its rules, expected and actual values, then for a run of house variant files what each
inherited and the scenarios it left out with the house rules they depend on, then the skipped scenarios.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from datong_rules.conformance.reports.common import KINDS, by_operation, by_rule, compact, kind_label, problems, \
    write_text
from datong_rules.conformance.runner import SKIPPED, STATUSES, RunResult, ScenarioResult
from datong_rules.conformance.suite import SUITE_NAME, suite_version


def _cell(text: object) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _table(title: str, rows: dict[str, dict[str, int]], columns: tuple[str, ...] = STATUSES) -> list[str]:
    out = [f"| {title} | " + " | ".join(c.replace("_", "-") for c in columns) + " |", "|---|" + "---:|" * len(columns)]
    out += [f"| `{_cell(name)}` | " + " | ".join(str(row[c]) for c in columns) + " |"
            for name, row in rows.items()]
    return out


def _problem(result: ScenarioResult) -> list[str]:
    s = result.scenario
    label = f" ({kind_label(result)})" if kind_label(result) else ""
    out = [f"### `{s.id}` — {result.status}{label}", "",
           f"- variant `{s.variant}`, operation `{s.full_op}`, rules " + ", ".join(f"`{r}`" for r in result.blamed),
           f"- {s.description.get('zh', '')} / {s.description.get('en', '')}".rstrip(" /")]
    if s.file:
        out.append(f"- scenario file `{s.file}:{s.line}`")
    if result.message:
        out.append(f"- {_cell(result.message)}")
    if result.status == "failed":
        for key in result.mismatched:
            got = compact(result.actual[key]) if result.actual and key in result.actual else "(missing)"
            out += ["", f"`{key}` expected:", "```json", compact(result.expected.get(key)), "```",
                    f"`{key}` actual:", "```json", got, "```"]
    if result.stderr:
        out += ["", "stderr (last lines):", "```text", *result.stderr, "```"]
    return out + [""]


def _house(house: dict) -> list[str]:
    """The section of one house variant file: what it inherited, what checks each rule it changes (hand-worked
    scenarios, derived checks, or nothing), and each scenario it left out with why
    (:func:`datong_rules.conformance.house.house_record`)."""
    out = [f"## House variant `{_cell(house['variant'])}` ({_cell(house['file'])})", "",
           f"Extends {' → '.join(f'`{v}`' for v in house['extends'])}: {house['inherited']} hand-worked scenarios "
           f"inherited (of {house['considered']} of the game), {len(house['left_out'])} left out; "
           f"{house['derived']} derived checks.", ""]
    if house["changed"]:
        out += ["| rule the house changes | hand-worked scenarios | derived checks |", "|---|---:|---:|"]
        for rule in house["changed"]:
            row = house["coverage"].get(rule, {})
            hand, derived = row.get("hand_worked", 0), row.get("derived", 0)
            cells = f"{hand} | {derived}" if hand or derived else "unchecked | unchecked"
            out.append(f"| `{_cell(rule)}` | {cells} |")
        out.append("")
    if house["left_out"]:
        out += ["| scenario left out | why |", "|---|---|"]
        out += [f"| `{_cell(entry['id'])}` | {_cell(entry['reason'])} |" for entry in house["left_out"]]
        out.append("")
    return out


def render_markdown(run: RunResult) -> str:
    """The report as Markdown text."""
    impl = f"{run.implementation.get('name')} {run.implementation.get('version')}"
    when = datetime.fromtimestamp(run.started, tz=timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    counts = run.counts()
    out = [f"# Conformance report: {impl}", "",
           f"Suite {SUITE_NAME} {suite_version()}, run {when}, {len(run.results)} of {run.selected} "
           f"selected scenarios in {run.duration:.2f} s.", ""]
    if run.interrupted:
        out += ["> **Interrupted**: the run was stopped before the end; the figures cover what ran.", ""]
    out += ["| status | scenarios |", "|---|---:|", *(f"| {s} | {counts[s]} |" for s in STATUSES), ""]
    out += ["## By operation", "", *_table("operation", by_operation(run)), ""]
    derived = sum(1 for r in run.results if r.scenario.derived)
    out += ["## By rule", "", *_table("rule", by_rule(run), (*STATUSES, *KINDS) if derived else STATUSES), ""]
    if derived:
        out += [f"{len(run.results) - derived} hand-worked scenarios and {derived} checks derived from the reference "
                f"engine playing a house variant (not hand-worked; each says how it was made).", ""]
    failing = problems(run)
    if failing:
        out += ["## Failures and errors", ""]
        for result in failing:
            out += _problem(result)
    for house in run.houses:
        out += _house(house)
    skipped = [r for r in run.results if r.status == SKIPPED]
    if skipped:
        out += ["## Skipped", "", "| scenario | reason |", "|---|---|"]
        out += [f"| `{_cell(r.scenario.id)}` | {_cell(r.message or '')} |" for r in skipped]
        out.append("")
    return "\n".join(out)


def write_markdown(run: RunResult, path: str | Path) -> None:
    """Write :func:`render_markdown` to ``path``; ``-`` is standard output. Raises :class:`OSError`."""
    write_text(path, render_markdown(run))
