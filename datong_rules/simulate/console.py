"""The console table of ``datong-rules simulate``: the lines printed for a simulate document (rates as percentages,
means with their unit, each with its 95 % interval; the rules that fired; each comparison with the first variant),
in the language of the command (``lang``: ``"zh"`` or ``"en"``; the words are :data:`WORDS`, the measures' names
the document's own ``zh``/``en``). Identifiers (variant ids, games, rule ids, bot kinds) are shown as they are; the
HTML report is bilingual."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from datong_rules.reference_impl.text_width import display_width, padded

from .stats import format_p

WORDS: dict[str, dict[str, str]] = {
    "head": {"zh": "种子 {seed} · 每个版本 {count} {unit} · 机器人：{bots} · {where} · {seconds:.1f} 秒",
             "en": "seed {seed} · {count} {unit} per variant · bots: {bots} · {where} · {seconds:.1f} s"},
    "hands": {"zh": "局", "en": "hands"},
    "matches": {"zh": "场", "en": "matches"},
    "ray": {"zh": "Ray 集群 {address}", "en": "Ray {address}"},
    "workers": {"zh": "{n} 个进程", "en": "{n} worker{s}"},
    "interrupted": {"zh": "已中断：{done}/{total} 份工作完成；下面的数字只来自这些",
                    "en": "INTERRUPTED: {done} of {total} shards finished; the figures are theirs only"},
    "comparisons": {"zh": "比较以{primary}（主要）为准；其他指标和规则起作用的频率是次要的，它们的 p 值一起按霍尔姆法校正；"
                          "置信区间把每一场比赛的各局算作一组。",
                    "en": "Comparisons are judged by {primary} (PRIMARY); the other measures and rules fired are "
                          "secondary, their p-values Holm-adjusted together; intervals count each match as a cluster."},
    "primary_name": {"zh": "“{name}”", "en": "{name}"},
    "variant": {"zh": "{label}（{game}）：{counts}{capped}", "en": "{label} ({game}): {counts}{capped}"},
    "n_hands": {"zh": "{n} 局", "en": "{n} hands"},
    "n_matches": {"zh": "，{n} 场", "en": ", {n} matches"},
    "capped": {"zh": "，{n} 场打到比赛的局数上限被停下", "en": ", {n} stopped by the match's cap"},
    "measure": {"zh": "指标", "en": "measure"},
    "value": {"zh": "数值", "en": "value"},
    "interval": {"zh": "95% 置信区间", "en": "95 % interval"},
    "rule_fired": {"zh": "起作用的规则", "en": "rule fired"},
    "fired_hands": {"zh": "局数", "en": "hands"},
    "share": {"zh": "占局数的比例", "en": "share of hands"},
    "against": {"zh": "{variant} 与 {against} 比较：不同的规则：{differ}",
                "en": "{variant} against {against}: rules that differ: {differ}"},
    "none": {"zh": "无", "en": "none"},
    "difference": {"zh": "差", "en": "difference"},
    "holm": {"zh": "p（霍尔姆法校正）", "en": "p (Holm)"},
    "significant": {"zh": "显著", "en": "significant"},
    "primary": {"zh": "主要", "en": "PRIMARY"},
    "fired": {"zh": "起作用：{rule}", "en": "fired: {rule}"},
    "label": {"zh": "{name}{unit} [{per}]", "en": "{name}{unit} [{per}]"},
    "unit": {"zh": "（{unit}）", "en": " ({unit})"},
    "per_hand": {"zh": "每局", "en": "hand"},
    "per_match": {"zh": "每场", "en": "match"},
    "list": {"zh": "，", "en": ", "},
}
"""The console's words in both languages (the headings of the HTML report say the same in 中文)."""


def _say(key: str, lang: str, /, **values: Any) -> str:
    template = WORDS[key][lang]
    return template.format(**values) if values else template


def _number(value: float | None, rate: bool) -> str:
    if value is None:
        return "-"
    return f"{100 * value:.2f} %" if rate else f"{value:.3f}"


def _interval(interval: list[float] | None, rate: bool) -> str:
    if not interval:
        return "-"
    return f"[{_number(interval[0], rate)}, {_number(interval[1], rate)}]"


def _table(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [indent + "  ".join(padded(cell, w, i == 0) for i, (cell, w) in
                               enumerate(zip(row, widths, strict=True))).rstrip() for row in rows]


def _label(measure: dict[str, Any], lang: str = "en") -> str:
    unit = measure.get(f"unit_{lang}")
    per = measure["per"] if lang == "en" else _say(f"per_{measure['per']}", lang)
    return _say("label", lang, name=measure.get(lang) or measure["id"],
                unit=_say("unit", lang, unit=unit) if unit else "", per=per)


def _variant_lines(variant: dict[str, Any], lang: str = "en") -> list[str]:
    counts = _say("n_hands", lang, n=variant["hands"]) \
        + (_say("n_matches", lang, n=variant["matches"]) if variant["matches"] else "")
    capped = _say("capped", lang, n=variant["capped"]) if variant["capped"] else ""
    lines = [_say("variant", lang, label=variant["label"], game=variant["game"], counts=counts, capped=capped)]
    rows = [(_say("measure", lang), "n", _say("value", lang), _say("interval", lang))]
    for m in variant["measures"]:
        if not m["n"]:
            continue
        rate = m["kind"] == "rate"
        rows.append((_label(m, lang), str(m["n"]), _number(m["value"], rate), _interval(m["ci95"], rate)))
    lines += _table(rows)
    if variant["rules_fired"]:
        rows = [(_say("rule_fired", lang), _say("fired_hands", lang), _say("share", lang), _say("interval", lang))]
        rows += [(f["rule"], str(f["hands"]), _number(f["rate"], True), _interval(f["ci95"], True))
                 for f in variant["rules_fired"]]
        lines += _table(rows)
    return lines


def _difference_row(label: str, entry: dict[str, Any], rate: bool, lang: str = "en") -> tuple[str, ...]:
    mark = _say("significant", lang) if entry["significant"] else ""
    if entry["role"] == "primary":
        mark = f"{_say('primary', lang)} {mark}".strip()
    return (label, _number(entry["difference"], rate), _interval(entry["ci95"], rate), format_p(entry["p_value"]),
            "" if entry["role"] == "primary" else format_p(entry["p_adjusted"]), mark)


def _comparison_lines(comparison: dict[str, Any], kinds: dict[str, dict[str, Any]], lang: str = "en") -> list[str]:
    differ = _say("list", lang).join(comparison["rules_differ"]) or _say("none", lang)
    lines = [_say("against", lang, variant=comparison["variant"], against=comparison["against"], differ=differ)]
    rows = [(_say("measure", lang), _say("difference", lang), _say("interval", lang), "p", _say("holm", lang), "")]
    measures = sorted(comparison["measures"], key=lambda m: m["role"] != "primary")  # the primary first
    for m in measures:
        meta = kinds.get(m["id"], {"id": m["id"], "en": m["id"], "kind": "mean", "per": "hand"})
        if m["difference"] is not None:
            rows.append(_difference_row(_label(meta, lang), m, meta["kind"] == "rate", lang))
    rows += [_difference_row(_say("fired", lang, rule=f["rule"]), f, True, lang)
             for f in comparison.get("rules_fired", []) if f["difference"] is not None]
    return lines + _table(rows)


def table_lines(doc: dict[str, Any], lang: str = "en") -> list[str]:
    """The console lines for a simulate document (spec/schema/simulate.schema.json), in ``lang`` (``"zh"`` or
    ``"en"``)."""
    results, run = doc["results"], doc["run"]
    workers = run["workers"]
    where = _say("ray", lang, address=run["ray"]) if run["ray"] else \
        _say("workers", lang, n=workers, s="s" if workers != 1 else "")
    lines = [_say("head", lang, seed=results["seed"], count=results["count"], unit=_say(results["unit"], lang),
                  bots=", ".join(results["bots"]), where=where, seconds=run["seconds"])]
    if run["interrupted"]:
        lines.append(_say("interrupted", lang, done=run["shards_done"], total=run["shards_total"]))
    lines.append(results["bots_note"].get(lang) or results["bots_note"]["en"])
    kinds = {m["id"]: m for m in results["variants"][0]["measures"]}
    if results["comparisons"]:
        primary = results["statistics"]["primary"]
        name = primary if lang == "en" else _say("primary_name", lang, name=kinds.get(primary, {}).get(lang, primary))
        lines.append(_say("comparisons", lang, primary=name))
    for variant in results["variants"]:
        lines += ["", *_variant_lines(variant, lang)]
    for comparison in results["comparisons"]:
        lines += ["", *_comparison_lines(comparison, kinds, lang)]
    return lines
