"""The HTML report of ``datong-rules simulate --html FILE``: one self-contained page (no network: styles, script and
charts inline) in 中文 and English with a language switch, read from the simulate JSON document
(spec/schema/simulate.schema.json).

The page holds, in order: what was run (variants, bots, seed, counts); the note on who played (the figures describe
the bots' play, not expert play); one chart per measure with the variants side by side and their 95 % confidence
intervals (:mod:`.report_charts`, matplotlib, the extra ``[report]``); the rules-fired table (in what share of hands
each rule decided something); and each variant compared with the first (the rules that differ; a chart of the
differences of rates with a line at 0; the measures, the primary one first, and the rules fired, each with its
difference, interval, p-value and Holm-adjusted p-value).

Every sentence is written twice, ``<span class="zh" lang="zh-CN">`` and ``<span class="en" lang="en">``; the switch
shows one language (中文 first). Ids (variants, rules, bots) are codes, the same in both.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from html import escape
from typing import Any

from .report_charts import ReportUnavailable, check_available, difference_svg, measure_svg
from .stats import format_p

__all__ = ["render", "ReportUnavailable"]

STYLE = """
:root{--ink:#1d2330;--muted:#5b6474;--line:#d9dee7;--accent:#3f6fb5;--good:#2f7d43}
*{box-sizing:border-box}
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI","PingFang SC","Noto Sans CJK SC","WenQuanYi Zen Hei",
sans-serif;color:var(--ink);background:#fafbfc}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;margin-top:1.8em;border-bottom:1px solid var(--line)}
h3{font-size:1.05em;margin:1.2em 0 .3em}
html[data-lang="zh"] .en,html[data-lang="en"] .zh{display:none}
.switch{display:flex;gap:6px;justify-content:flex-end}
.switch button{border:1px solid var(--line);background:#fff;border-radius:4px;padding:4px 10px;font:inherit;cursor:pointer}
html[data-lang="zh"] button[data-set-lang="zh"],html[data-lang="en"] button[data-set-lang="en"]{background:var(--accent);
color:#fff;border-color:var(--accent)}
.note{background:#fff8e1;border-left:4px solid #e0a800;padding:8px 12px}
.warn{background:#fdecea;border-left:4px solid #c62828;padding:8px 12px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.4em 0;font-size:.92em}
th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
code{font-size:.9em;word-break:break-all}
figure{margin:1em 0;background:#fff;border:1px solid var(--line);border-radius:6px;padding:8px}
figcaption{font-weight:600}
svg.chart{display:block;width:100%;height:auto;max-width:640px}
.sig{color:var(--good);font-weight:600}
table.comparison td:first-child{min-width:9em}
.differs{color:#c62828;font-weight:700}
.muted{color:var(--muted)}
"""

SCRIPT = """
document.querySelectorAll('[data-set-lang]').forEach(function (button) {
  button.addEventListener('click', function () {
    var lang = button.getAttribute('data-set-lang');
    document.documentElement.setAttribute('data-lang', lang);
    document.documentElement.setAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    document.title = document.documentElement.getAttribute('data-title-' + lang);
  });
});
"""

TITLE = {"zh": "规则模拟报告", "en": "Rule simulation report"}


def two(zh: str, en: str) -> str:
    """The same words in both languages, each in its own ``span`` (escaped)."""
    return f'<span class="zh" lang="zh-CN">{escape(zh)}</span><span class="en" lang="en">{escape(en)}</span>'


def percent(value: float | None) -> str:
    """A share as per cent for reading (``0.0031`` → ``0.31 %``), ``—`` for None."""
    if value is None:
        return "—"
    x = value * 100
    digits = 1 if abs(x) >= 10 else 2 if abs(x) >= 0.1 else 3
    return f"{x:.{digits}f} %"


def number(value: float | None) -> str:
    """A mean for reading (four significant digits), ``—`` for None."""
    return "—" if value is None else f"{value:.4g}"


def _value(value: float | None, rate: bool) -> str:
    return percent(value) if rate else number(value)


def _interval(ci: Sequence[float] | None, rate: bool) -> str:
    return "—" if not ci else f"[{_value(ci[0], rate)}, {_value(ci[1], rate)}]"


def label_of(variant: dict) -> str:
    """How a variant is named in the report: its ``label``, else its ``variant`` id, else its ``file``."""
    return str(variant.get("label") or variant.get("variant") or variant.get("file") or "?")


def _check(doc: Any) -> dict:
    """The ``results`` object of ``doc``.

    Raises:
        ValueError: ``doc`` is not a simulate document (one line saying what is missing).
    """
    results = doc.get("results") if isinstance(doc, dict) else None
    if not isinstance(results, dict) or not isinstance(results.get("variants"), list) or not results["variants"]:
        raise ValueError("not a simulate document: expected an object with results.variants, a non-empty list "
                         "(the JSON of datong-rules simulate --json)")
    return results


def _table(head: str, rows: Sequence[str], cls: str = "") -> str:
    body = "".join(f"<tr>{row}</tr>" for row in rows)
    return f'<div class="scroll" tabindex="0"><table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _run_section(doc: dict, results: dict) -> str:
    variants = results["variants"]
    rows = [f"<td><code>{escape(label_of(v))}</code></td><td><code>{escape(str(v.get('game', '')))}</code></td>"
            f'<td class="num">{v.get("hands", 0)}</td><td class="num">{v.get("matches", 0)}</td>' for v in variants]
    head = (f"<th>{two('版本', 'Variant')}</th><th>{two('游戏', 'Game')}</th>"
            f"<th>{two('局数', 'Hands')}</th><th>{two('场数', 'Matches')}</th>")
    unit = results.get("unit", "hands")
    count = results.get("count", "")
    unit_words = two(f"每个版本 {count} {'局' if unit == 'hands' else '场'}",
                     f"{count} {unit} per variant")
    bots = ", ".join(str(b) for b in results.get("bots", [])) or "—"
    facts = (f"<p>{two('机器人', 'Bots')}: <code>{escape(bots)}</code> · {two('种子', 'Seed')}: "
             f"<code>{escape(str(results.get('seed', '')))}</code> · {unit_words}</p>")
    return f'<section id="run"><h2>{two("模拟了什么", "What was simulated")}</h2>{facts}' \
           f"{_table(head, rows, 'variants')}{_run_warning(doc.get('run') or {})}{_capped(variants)}</section>"


def _capped(variants: Sequence[dict]) -> str:
    lines = [two(f"{label_of(v)}：有 {v['capped']} 场打到了比赛的局数上限，被停下（这些场的局照常计入，整场不计）。",
                 f"{label_of(v)}: {v['capped']} matches reached the safety cap of the match and were stopped (their "
                 "hands are counted, the matches are not).") for v in variants if v.get("capped")]
    return "".join(f'<p class="warn">{line}</p>' for line in lines)


def _run_warning(run: dict) -> str:
    if not run.get("interrupted"):
        return ""
    done, total = run.get("shards_done", "?"), run.get("shards_total", "?")
    return (f'<p class="warn">{two(f"运行被中断：只完成了 {done}/{total} 份工作，下面的数字只来自完成的部分。", f"The run was interrupted: {done} of {total} shards finished; the figures below come from those alone.")}</p>')


def _note(results: dict) -> str:
    bots = ", ".join(str(b) for b in results.get("bots", [])) or "—"
    note = results.get("bots_note") or {}
    zh = note.get("zh") or f"以上数字描述的是本工具包机器人（{bots}）的对局，而非高手的对局：规则对高水平对局的影响可能不同。"
    en = note.get("en") or (f"These figures describe play by the kit's bots ({bots}), not by expert players: a "
                            "rule's effect on strong play may differ.")
    return f'<section id="note"><p class="note">{two(zh, en)}</p></section>'


def measure_ids(variants: Sequence[dict]) -> list[str]:
    """Every measure id of the variants, in the order the first variant lists them (then any others')."""
    seen: dict[str, None] = {}
    for variant in variants:
        for entry in variant.get("measures", []):
            seen.setdefault(entry["id"], None)
    return list(seen)


def _entry(variant: dict, measure_id: str) -> dict:
    return next((e for e in variant.get("measures", []) if e["id"] == measure_id), {})


def _labelled(svg: str, caption_id: str) -> str:
    """The chart's ``<svg role="img">`` named by its figure's caption (``aria-labelledby``), as screen readers need."""
    return svg.replace('<svg class="chart" role="img"', f'<svg class="chart" role="img" aria-labelledby="{caption_id}"',
                       1)


def _caption(first: dict, caption_id: str) -> str:
    unit = two(first.get("unit_zh") or "%", first.get("unit_en") or "%") if first.get("kind") == "mean" else "%"
    per = two("每局" if first.get("per") == "hand" else "每场", "per hand" if first.get("per") == "hand" else "per match")
    rule = f' · <code>{escape(first["rule"])}</code>' if first.get("rule") else ""
    return (f'<figcaption id="{caption_id}">{two(first.get("zh", first["id"]), first.get("en", first["id"]))}'
            "</figcaption>"
            f'<div class="muted">{per} · {unit}{rule} · <code>{escape(first["id"])}</code></div>')


def _measure_figure(index: int, measure_id: str, variants: Sequence[dict]) -> str:
    entries = [_entry(v, measure_id) for v in variants]
    first = next((e for e in entries if e), {"id": measure_id})
    rate = first.get("kind") == "rate"
    labels = [label_of(v) for v in variants]
    svg = _labelled(measure_svg(index, labels, entries, rate), f"caption-{index}")
    rows = [f"<td><code>{escape(label)}</code></td><td class=\"num\">{_value(e.get('value'), rate)}</td>"
            f"<td class=\"num\">{_interval(e.get('ci95'), rate)}</td><td class=\"num\">{e.get('n', 0)}</td>"
            for label, e in zip(labels, entries, strict=True)]
    head = (f"<th>{two('版本', 'Variant')}</th><th>{two('数值', 'Value')}</th>"
            f"<th>{two('95% 置信区间', '95% interval')}</th><th>{two('观察数', 'Observations')}</th>")
    return (f'<figure class="measure" id="m-{escape(measure_id)}">{_caption(first, f"caption-{index}")}{svg}'
            f"{_table(head, rows, 'values')}</figure>")


def observed(variants: Sequence[dict], measure_id: str) -> bool:
    """Whether any variant observed the measure (``n`` > 0): per-match measures are not observed in a run of
    ``--hands``, and a measure that never applies (``observe_hand`` leaves it out) has none."""
    return any(_entry(v, measure_id).get("n") for v in variants)


def _unobserved(variants: Sequence[dict]) -> str:
    missing = [m for m in measure_ids(variants) if not observed(variants, m)]
    if not missing:
        return ""
    labels = _labels(variants)
    zh = "、".join(labels[m].get("zh", m) for m in missing)
    en = "; ".join(labels[m].get("en", m) for m in missing)
    return f'<p class="muted">{two(f"本次运行没有观察到（没有图）：{zh}。", f"Not observed in this run (no chart): {en}.")}</p>'


def _measures_section(variants: Sequence[dict]) -> str:
    shown = [mid for mid in measure_ids(variants) if observed(variants, mid)]
    figures = "".join(_measure_figure(i, mid, variants) for i, mid in enumerate(shown)) + _unobserved(variants)
    intro = two("每个指标一张图：每个版本的数值是一个点，横线是它的 95% 置信区间（同一场比赛的各局算作一组），坐标轴按数据的"
                "范围画。比率以百分数表示。",
                "One chart per measure: each variant's value a dot, its 95% confidence interval a whisker (the hands of "
                "one match counted as one cluster), the axis scaled to the data. Rates are in per cent.")
    return f'<section id="measures"><h2>{two("指标", "Measures")}</h2><p>{intro}</p>{figures}</section>'


def fired_rules(variants: Sequence[dict]) -> list[str]:
    """Every rule id that fired in any variant, sorted."""
    return sorted({entry["rule"] for v in variants for entry in v.get("rules_fired", [])})


def _fired_cell(variant: dict, rule: str) -> str:
    entry = next((e for e in variant.get("rules_fired", []) if e["rule"] == rule), None)
    if entry is None:
        return '<td class="num">0 %</td>'
    return (f'<td class="num">{percent(entry.get("rate"))}<br><span class="muted">'
            f'{_interval(entry.get("ci95"), True)} · {entry.get("hands", 0)}/{entry.get("n", 0)}</span></td>')


def _fired_example(variants: Sequence[dict]) -> str:
    """A sentence reading the table's first entry (``this rule fires in 0.3 % of hands``)."""
    for variant in variants:
        for entry in variant.get("rules_fired", []):
            rule, share, name = entry["rule"], percent(entry.get("rate")), label_of(variant)
            return two(f"读法举例：在 {name} 中，{rule} 在 {share} 的局里起了作用。",
                       f"How to read it: in {name}, {rule} fires in {share} of hands.")
    return two("没有规则起作用。", "No rule fired.")


def _rule_cell(rule: str, differ: set[str]) -> str:
    """The rule id, marked ≠ when the variants give the rule different values (``settlement.table[x]`` by its rule
    ``settlement.table``)."""
    mark = ' <span class="differs" title="≠">≠</span>' if rule.split("[", 1)[0] in differ else ""
    return f"<td><code>{escape(rule)}</code>{mark}</td>"


def _fired_section(variants: Sequence[dict], differ: set[str]) -> str:
    rules = fired_rules(variants)
    head = f"<th>{two('规则', 'Rule')}</th>" + "".join(f"<th><code>{escape(label_of(v))}</code></th>" for v in variants)
    rows = [_rule_cell(rule, differ) + "".join(_fired_cell(v, rule) for v in variants) for rule in rules]
    intro = two("每一格：这条规则在多少比例的局里真正决定了什么（方括号里是 95% 置信区间，后面是局数）。"
                "规则编号后面方括号里的名字指规则里的一项，如结算表的一行。标着 ≠ 的规则在各版本里取值不同。",
                "Each cell: the share of hands in which the rule decided something (95% interval in brackets, then the "
                "count of hands). rule[name] is one entry of a rule, such as a row of the settlement table. ≠ marks a rule "
                "whose value differs between the variants.")
    return (f'<section id="rules-fired"><h2>{two("规则起作用的频率", "How often each rule fires")}</h2><p>{intro}</p>'
            f"<p>{_fired_example(variants)}</p>{_table(head, rows, 'fired')}</section>")


def _labels(variants: Sequence[dict]) -> dict[str, dict]:
    """Measure id → its first entry with labels, across variants."""
    out: dict[str, dict] = {}
    for variant in variants:
        for entry in variant.get("measures", []):
            out.setdefault(entry["id"], entry)
    return out


def _role(entry: dict) -> str:
    return two("主要", "primary") if entry.get("role") == "primary" else two("次要", "secondary")


def _difference_cells(entry: dict, rate: bool) -> str:
    """The cells of one difference: significant, difference, interval, p, Holm-adjusted p (significance second, so
    that it stays on a phone's screen)."""
    sig = entry.get("significant")
    mark = f'<span class="sig">{two("是", "yes")}</span>' if sig else two("否", "no")
    difference = entry.get("difference")
    shown = "—" if difference is None else (("+" if difference > 0 else "") + _value(difference, rate))
    adjusted = "—" if entry.get("role") == "primary" else format_p(entry.get("p_adjusted"))
    return (f"<td>{mark}</td><td class=\"num\">{shown}</td><td class=\"num\">{_interval(entry.get('ci95'), rate)}</td>"
            f'<td class="num">{escape(format_p(entry.get("p_value")))}</td><td class="num">{escape(adjusted)}</td>')


def _difference_row(entry: dict, meta: dict) -> str:
    name = two(meta.get("zh", entry["id"]), meta.get("en", entry["id"]))
    return f"<td>{name}<br><span class=\"muted\">{_role(entry)}</span></td>" + _difference_cells(
        entry, meta.get("kind") == "rate")


_DIFFERENCE_HEAD = (f"<th>{two('差', 'Difference')}</th><th>{two('95% 置信区间', '95% interval')}</th><th>p</th>"
                    f"<th>{two('p（霍尔姆法校正）', 'p (Holm)')}</th>")


def difference_figure(index: int, entries: Sequence[dict], labels: dict[str, dict], fired: Sequence[dict]) -> str:
    """The chart of one comparison's differences of rates (the measures that are rates, then the rules fired), in
    percentage points with their 95 % intervals and a line at 0; empty when there is none."""
    rows = [(e["id"], e) for e in entries if labels.get(e["id"], {}).get("kind") == "rate"]
    rows += [(f["rule"], f) for f in fired]
    rows = [(label, e) for label, e in rows if e.get("difference") is not None and e.get("ci95")]
    if not rows:
        return ""
    caption = two("比率的差（百分点）：点是差值，横线是 95% 置信区间，实心点表示显著（次要的按霍尔姆法校正后）；竖线是 0。",
                  "Differences of rates (percentage points): the dot is the difference, the whisker its 95% interval, "
                  "a filled dot a significant one (secondary ones after Holm's adjustment); the vertical line is 0.")
    return (f'<figure class="difference"><figcaption id="caption-d{index}">{caption}</figcaption>'
            f'{_labelled(difference_svg(1000 + index, rows), f"caption-d{index}")}</figure>')


def _comparison(index: int, comparison: dict, labels: dict[str, dict], observed_ids: set[str]) -> Iterator[str]:
    name, against = str(comparison.get("variant", "?")), str(comparison.get("against", "?"))
    yield f"<h3><code>{escape(name)}</code> − <code>{escape(against)}</code></h3>"
    differ = comparison.get("rules_differ") or []
    codes = ", ".join(f"<code>{escape(str(r))}</code>" for r in differ) or "—"
    yield f"<p>{two('不同的规则', 'Rules that differ')}: {codes}</p>"
    entries = sorted((e for e in comparison.get("measures", []) if e["id"] in observed_ids),
                     key=lambda e: e.get("role") != "primary")  # the primary first
    yield difference_figure(index, entries, labels, comparison.get("rules_fired") or [])
    head = f"<th>{two('指标', 'Measure')}</th><th>{two('显著', 'Significant')}</th>{_DIFFERENCE_HEAD}"
    yield _table(head, [_difference_row(e, labels.get(e["id"], {})) for e in entries], "comparison")
    fired = [f for f in comparison.get("rules_fired") or [] if f.get("difference") is not None]
    if fired:
        head = f"<th>{two('规则起作用的局', 'Hands where the rule fired')}</th><th>{two('显著', 'Significant')}</th>" \
               f"{_DIFFERENCE_HEAD}"
        rows = [f"<td><code>{escape(f['rule'])}</code></td>" + _difference_cells(f, True) for f in fired]
        yield _table(head, rows, "comparison fired-difference")


def _comparisons_section(results: dict) -> str:
    comparisons = results.get("comparisons") or []
    if not comparisons:
        return ""
    labels = _labels(results["variants"])
    primary = (results.get("statistics") or {}).get("primary") or (comparisons[0].get("primary") or "—")
    meta = labels.get(primary, {})
    zh_name, en_name = meta.get("zh", primary), meta.get("en", primary)
    intro = two(f"每个版本减去第一个版本：差值、95% 置信区间、双侧检验的 p 值。比较只以一个主要指标为准：{zh_name}"
                "（p < 0.05 记为显著）；其余指标和各规则起作用的比例都是次要的，它们的 p 值一起用霍尔姆法校正，校正后 "
                "p < 0.05 才记为显著。比率的差以百分点表示。同一场比赛里的各局彼此相关，所以区间和检验把每场比赛当作一组"
                "（按场聚类）；每次运行都打完整的比赛。",
                f"Each variant minus the first: the difference, its 95% interval and the two-sided p-value. A "
                f"comparison is judged by one primary measure: {en_name} (significant when p < 0.05); the other "
                "measures and the share of hands in which each rule fired are secondary, their p-values adjusted "
                "together by Holm's method, and significant only when the adjusted p is below 0.05. Differences of "
                "rates are in percentage points. The hands of one match are alike, so intervals and tests count each "
                "match as a cluster; every run plays whole matches.")
    seen = {m for m in measure_ids(results["variants"]) if observed(results["variants"], m)}
    body = "".join("".join(_comparison(i, c, labels, seen)) for i, c in enumerate(comparisons))
    return f'<section id="comparisons"><h2>{two("与第一个版本比较", "Compared with the first variant")}</h2>' \
           f"<p>{intro}</p>{body}</section>"


def _differing(results: dict) -> set[str]:
    """The rule ids that differ between the first variant and any other (``comparisons[].rules_differ``)."""
    return {str(rule) for c in results.get("comparisons") or [] for rule in c.get("rules_differ") or []}


def render(doc: dict, lang: str = "zh") -> str:
    """The report page for a simulate document, opening in ``lang`` (``"zh"`` or ``"en"``: the command's language;
    every sentence is in both, and the page's switch shows the other).

    Args:
        doc: the simulate JSON as a dict (``{schema, kit, run, results: {seed, unit, count, bots, bots_note?,
            variants: [{variant, label?, game, hands, matches, measures: [{id, kind, per, en, zh, unit_en?,
            unit_zh?, rule, n, value, ci95}], rules_fired: [{rule, n, hands, rate, ci95}]}], comparisons: [{variant,
            against, rules_differ, measures: [{id, difference, ci95, p_value, significant}]}]}}``).
        lang: the language the page opens in (its ``data-lang``, ``lang`` and title).

    Returns:
        The whole HTML page (UTF-8 text, no outside resources).

    Raises:
        ReportUnavailable: matplotlib (the extra ``[report]``) is not installed; the message is one line naming it.
        ValueError: ``doc`` is not a simulate document (one line).
    """
    check_available()
    results = _check(doc)
    variants = results["variants"]
    body = "".join((_run_section(doc, results), _note(results), _measures_section(variants),
                    _fired_section(variants, _differing(results)), _comparisons_section(results)))
    kit = escape(str(doc.get("kit", "")))
    html_lang = "zh-CN" if lang == "zh" else "en"
    return f"""<!DOCTYPE html>
<html lang="{html_lang}" data-lang="{lang}" data-title-zh="{TITLE['zh']}" data-title-en="{TITLE['en']}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{TITLE[lang]}</title><link rel="icon" href="data:,"><style>{STYLE}</style></head>
<body><main>
<nav class="switch" aria-label="language"><button type="button" data-set-lang="zh" lang="zh-CN">中文</button>\
<button type="button" data-set-lang="en" lang="en">English</button></nav>
<h1>{two(TITLE['zh'], TITLE['en'])}</h1>
<p class="muted"><code>datong-rules {kit}</code></p>
{body}
</main><script>{SCRIPT}</script></body></html>
"""
