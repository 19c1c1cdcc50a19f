"""The console table of ``datong-rules simulate``: the lines printed for a simulate document (rates as percentages,
means with their unit, each with its 95 % interval; the rules that fired; each comparison with the first variant).
Labels are English (CLI messages are English); the HTML report is bilingual."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .stats import format_p


def _number(value: float | None, rate: bool) -> str:
    if value is None:
        return "-"
    return f"{100 * value:.2f} %" if rate else f"{value:.3f}"


def _interval(interval: list[float] | None, rate: bool) -> str:
    if not interval:
        return "-"
    return f"[{_number(interval[0], rate)}, {_number(interval[1], rate)}]"


def _table(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [indent + "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in
                               enumerate(zip(row, widths, strict=True))).rstrip() for row in rows]


def _label(measure: dict[str, Any]) -> str:
    unit = f" ({measure['unit_en']})" if measure.get("unit_en") else ""
    return f"{measure['en']}{unit} [{measure['per']}]"


def _variant_lines(variant: dict[str, Any]) -> list[str]:
    counts = f"{variant['hands']} hands" + (f", {variant['matches']} matches" if variant["matches"] else "")
    capped = f", {variant['capped']} stopped by the match's cap" if variant["capped"] else ""
    lines = [f"{variant['label']} ({variant['game']}): {counts}{capped}"]
    rows = [("measure", "n", "value", "95 % interval")]
    for m in variant["measures"]:
        if not m["n"]:
            continue
        rate = m["kind"] == "rate"
        rows.append((_label(m), str(m["n"]), _number(m["value"], rate), _interval(m["ci95"], rate)))
    lines += _table(rows)
    if variant["rules_fired"]:
        rows = [("rule fired", "hands", "share of hands", "95 % interval")]
        rows += [(f["rule"], str(f["hands"]), _number(f["rate"], True), _interval(f["ci95"], True))
                 for f in variant["rules_fired"]]
        lines += _table(rows)
    return lines


def _difference_row(label: str, entry: dict[str, Any], rate: bool) -> tuple[str, ...]:
    mark = "significant" if entry["significant"] else ""
    if entry["role"] == "primary":
        mark = f"PRIMARY {mark}".strip()
    return (label, _number(entry["difference"], rate), _interval(entry["ci95"], rate), format_p(entry["p_value"]),
            "" if entry["role"] == "primary" else format_p(entry["p_adjusted"]), mark)


def _comparison_lines(comparison: dict[str, Any], kinds: dict[str, dict[str, Any]]) -> list[str]:
    differ = ", ".join(comparison["rules_differ"]) or "none"
    lines = [f"{comparison['variant']} against {comparison['against']}: rules that differ: {differ}"]
    rows = [("measure", "difference", "95 % interval", "p", "p (Holm)", "")]
    measures = sorted(comparison["measures"], key=lambda m: m["role"] != "primary")  # the primary first
    for m in measures:
        meta = kinds.get(m["id"], {"en": m["id"], "kind": "mean", "per": "hand"})
        if m["difference"] is not None:
            rows.append(_difference_row(_label(meta), m, meta["kind"] == "rate"))
    rows += [_difference_row(f"fired: {f['rule']}", f, True) for f in comparison.get("rules_fired", [])
             if f["difference"] is not None]
    return lines + _table(rows)


def table_lines(doc: dict[str, Any]) -> list[str]:
    """The console lines for a simulate document (spec/schema/simulate.schema.json)."""
    results, run = doc["results"], doc["run"]
    where = f"Ray {run['ray']}" if run["ray"] else f"{run['workers']} worker{'s' if run['workers'] != 1 else ''}"
    lines = [f"seed {results['seed']} · {results['count']} {results['unit']} per variant · bots: "
             f"{', '.join(results['bots'])} · {where} · {run['seconds']:.1f} s"]
    if run["interrupted"]:
        lines.append(f"INTERRUPTED: {run['shards_done']} of {run['shards_total']} shards finished; the figures are "
                     f"theirs only")
    lines.append(results["bots_note"]["en"])
    if results["comparisons"]:
        lines.append(f"Comparisons are judged by {results['statistics']['primary']} (PRIMARY); the other measures and "
                     "rules fired are secondary, their p-values Holm-adjusted together; intervals count each match "
                     "as a cluster.")
    for variant in results["variants"]:
        lines += ["", *_variant_lines(variant)]
    kinds = {m["id"]: m for m in results["variants"][0]["measures"]}
    for comparison in results["comparisons"]:
        lines += ["", *_comparison_lines(comparison, kinds)]
    return lines
