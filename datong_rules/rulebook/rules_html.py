"""HTML fragments for rule items: the rules in playing order, their provenance, the summary box and
the settlement table. Every text shown comes from the variant (``text``, ``note``, ``inferred.reason``)
or from ``spec/sources.yaml``; all of it is HTML-escaped.
"""

from __future__ import annotations

import json
from html import escape
from collections.abc import Sequence
from typing import Any

from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant.variant import iter_rules

from .labels import CONDITIONS, KEY_LABELS, OUTCOMES, SECTION_ORDER, SUMMARY_ROWS, UI, brackets_for, label

RuleItem = dict[str, Any]
"""A rule item: ``{value, text: {zh, en}, source: {id, section} | inferred: {reason}, note?}``."""


def rule_items(rules: dict[str, Any]) -> list[tuple[str, RuleItem]]:
    """All rule items of a ``rules`` mapping as ``(rule_id, item)``, in file order (the loader's walk)."""
    return list(iter_rules(rules))


def outline(game: str | None) -> tuple[str, ...]:
    """The rule sections of ``game`` in playing order: ``OUTLINE`` of the game's ``rulebook`` module (found through
    the game registry) when it has one, else :data:`~.labels.SECTION_ORDER` (Huolong's, whose first sections,
    players, deck and deal, every card game shares)."""
    found = games.find(game)
    facet = found.facet("rulebook") if found is not None else None
    return tuple(getattr(facet, "OUTLINE", SECTION_ORDER))


def sections_in_order(rules: dict[str, Any], order: Sequence[str] = SECTION_ORDER
                      ) -> tuple[list[tuple[str, list[tuple[str, RuleItem]]]], list[tuple[str, list[tuple[str, RuleItem]]]]]:
    """Group the rule items by section, in playing order.

    Args:
        order: the sections in playing order (:func:`outline` of the variant's game).

    Returns:
        ``(known, other)``: ``known`` lists ``(section, items)`` for the sections of ``order`` the variant has, in
        that order; ``other`` the remaining sections in file order (shown as "other rules", never dropped).
    """
    by_section: dict[str, list[tuple[str, RuleItem]]] = {}
    for rule_id, item in rule_items(rules):
        by_section.setdefault(rule_id.split(".")[0], []).append((rule_id, item))
    known = [(s, by_section[s]) for s in order if s in by_section]
    other = [(s, items) for s, items in by_section.items() if s not in order]
    return known, other


def compact(value: Any) -> str:
    """A value as short JSON-like text (``40``, ``["J", "A"]``, ``{"5": 5}``), ``null`` for None."""
    return json.dumps(value, ensure_ascii=False)


def provenance_html(item: RuleItem, sources: dict[str, dict[str, Any]], lang: str) -> str:
    """The provenance lines of a rule item: its source (id, title, author, section) or ``inferred``
    with the reason, then its note if any.

    Args:
        sources: ``spec/sources.yaml`` entries by id (an unknown id is shown as the bare id).
    """
    lines = []
    if "source" in item:
        cite = item["source"] or {}
        sid = str(cite.get("id", ""))
        src = sources.get(sid, {})
        title = escape(str(src.get("title", "")))
        author = escape(brackets_for(str(src.get("author") or ""), lang))
        name = (f"《{title}》" if lang == "zh" else f'<span lang="zh">{title}</span>') if title else ""
        who = ("，" + author if lang == "zh" else f', <span lang="zh">{author}</span>') if author else ""
        section = f" § {escape(str(cite['section']))}" if cite.get("section") not in (None, "") else ""
        lines.append(f'<p class="prov source"><span class="prov-label">{UI["source"][lang]}</span> '
                     f'<a href="#src-{escape(sid)}"><code>{escape(sid)}</code></a> {name}{who}{section}'
                     f'{app_place_html(cite, src, lang)}</p>')
    if "inferred" in item:
        inferred = item["inferred"] or {}
        reason = text_in(inferred.get("reason", ""), inferred.get("reason_zh"), lang)
        lines.append(f'<p class="prov inferred"><span class="prov-label">{UI["inferred"][lang]}</span> {reason}</p>')
    if item.get("note"):
        note = text_in(item["note"], item.get("note_zh"), lang)
        lines.append(f'<p class="prov note"><span class="prov-label">{UI["note"][lang]}</span> {note}</p>')
    return "".join(lines)


def text_in(english: Any, chinese: Any, lang: str) -> str:
    """A note or an inferred reason (English, with its optional 中文 sibling ``note_zh`` / ``reason_zh``) as HTML
    in the page's language. The bundled variants give both (tests/docs/test_docs_language.py); a house file may
    give only the English: its 中文 page then shows the English text marked ``lang="en"`` and says so in Chinese
    (``UI["english_only"]``)."""
    if lang != "zh":
        return escape(str(english))
    if chinese:
        return escape(str(chinese))
    return f'<span lang="en">{escape(str(english))}</span> <span class="english-only">{UI["english_only"]["zh"]}</span>'


def source_link(src: dict[str, Any]) -> str | None:
    """The web address of an app or web source at the version read: a GitHub repository's ``url`` with its
    ``commit`` becomes the tree at that commit; otherwise the ``url`` itself (None for a text without one)."""
    url = src.get("url")
    if not url:
        return None
    commit = src.get("commit")
    if commit and str(url).startswith("https://github.com/"):
        return f"{str(url).rstrip('/')}/tree/{commit}"
    return str(url)


def app_place_html(cite: dict[str, Any], src: dict[str, Any], lang: str) -> str:
    """Where in an app a rule is read: `` · file`` (linked into the repository at the commit when it is on GitHub),
    `` · function()``, `` · 设置/setting name``; empty for a text's section citation."""
    parts = []
    if cite.get("file"):
        file = escape(str(cite["file"]))
        link = source_link(src)
        if link and "/tree/" in link:
            parts.append(f'<a href="{escape(link.replace("/tree/", "/blob/", 1))}/{file}"><code>{file}</code></a>')
        else:
            parts.append(f"<code>{file}</code>")
    if cite.get("function"):
        parts.append(f"<code>{escape(str(cite['function']))}()</code>")
    if cite.get("setting"):
        parts.append(f'{UI["setting"][lang]} <code>{escape(str(cite["setting"]))}</code>')
    return "".join(f" · {p}" for p in parts)


def value_html(value: Any, lang: str) -> str:
    """The rule's value for implementers, as inline code."""
    return (f'<p class="rule-value"><span class="prov-label">{UI["value"][lang]}</span> '
            f"<code>{escape(compact(value))}</code></p>")


def rule_html(rule_id: str, item: RuleItem, sources: dict[str, dict[str, Any]], lang: str, extra: str = "") -> str:
    """One rule as an HTML block anchored at ``#r-<rule_id>``: id, text, value, provenance, then ``extra`` (HTML:
    the link to the rule's entries in the register of readings).

    A ``settlement.table``-shaped value (a list of ``{name, when, then}`` rows) is followed by the
    table itself (:func:`settlement_table_html`) instead of the raw value.
    """
    text = escape(str((item.get("text") or {}).get(lang, "")))
    value = item.get("value")
    body = settlement_table_html(value, lang) if is_decision_table(value) else value_html(value, lang)
    return (f'<div class="rule" id="r-{escape(rule_id)}">'
            f'<p class="rule-head"><a class="rule-id" href="#r-{escape(rule_id)}"><code>{escape(rule_id)}</code></a></p>'
            f'<p class="rule-text">{text}</p>{body}{provenance_html(item, sources, lang)}{extra}</div>')


def is_decision_table(value: Any) -> bool:
    """True for a settlement decision table: a non-empty list of mappings with ``when`` and ``then``."""
    return (isinstance(value, list) and bool(value)
            and all(isinstance(row, dict) and "when" in row and "then" in row for row in value))


def settlement_table_html(rows: list[dict[str, Any]], lang: str, names: bool = True) -> str:
    """A decision table as an HTML table: row number, name (``names``: the rows' ids, for implementers),
    conditions, outcome (first match wins)."""
    name_head = "<th></th>" if names else ""
    head = (f'<table class="settlement"><caption>{UI["settlement_table"][lang]}</caption><thead><tr>'
            f'<th>{UI["row"][lang]}</th>{name_head}<th>{UI["when"][lang]}</th><th>{UI["then"][lang]}</th>'
            "</tr></thead><tbody>")
    body = "".join(
        f'<tr><td>{n}</td>' + (f'<td><code>{escape(str(row.get("name", "")))}</code></td>' if names else "")
        + f'<td data-label="{UI["when"][lang]}">{condition_html(row["when"], lang)}</td>'
        f'<td data-label="{UI["then"][lang]}">{outcome_html(row["then"], lang)}</td></tr>'
        for n, row in enumerate(rows, 1))
    return head + body + "</tbody></table>"


def condition_html(when: dict[str, Any], lang: str) -> str:
    """``{attacker_points: {min: 120}, bottom_dug: true}`` → ``闲家得分 ≥ 120<br>挖底：是``."""
    parts = []
    for key, cond in when.items():
        name = escape(label(CONDITIONS, key, lang))
        if isinstance(cond, dict) and set(cond) <= {"min", "max"}:
            lo, hi = cond.get("min"), cond.get("max")
            if lo is not None and hi is not None:
                parts.append(f"{name} {lo}–{hi}")
            else:
                parts.append(f"{name} ≥ {lo}" if lo is not None else f"{name} ≤ {hi}")
        elif isinstance(cond, bool):
            parts.append(f"{name}{'：' if lang == 'zh' else ': '}{UI['yes' if cond else 'no'][lang]}")
        elif isinstance(cond, list):
            parts.append(f"{name} = {escape(' / '.join(str(c) for c in cond))}")
        else:
            parts.append(f"{name} = {escape(compact(cond))}")
    return "<br>".join(parts)


def outcome_html(then: dict[str, Any], lang: str) -> str:
    """``{banker: take_over, advance: {attackers: 1}}`` → ``闲家上台<br>闲家方升1级``."""
    parts = []
    for key, val in then.items():
        if key == "banker" and val in OUTCOMES:
            parts.append(OUTCOMES[val][lang])
        elif key in ("advance", "set_level", "stakes") and isinstance(val, dict):
            for team, amount in val.items():
                team_name = label(KEY_LABELS, team, lang)
                params = {"team": team_name, "n": amount, "rank": amount}
                try:
                    parts.append(OUTCOMES[key][lang].format(**params))
                except (ValueError, TypeError):
                    parts.append(f"{team_name} {key} {compact(amount)}")
        elif key == "match_winner":
            parts.append(OUTCOMES["match_winner"][lang].format(team=label(KEY_LABELS, str(val), lang)))
        else:
            parts.append(f"{key}: {compact(val)}")
    return "<br>".join(escape(p) for p in parts)


def summary_box_html(rules: dict[str, Any], lang: str) -> str:
    """The summary box (players, cards, deal, objective), each row the texts of its rules."""
    items = dict(rule_items(rules))
    rows = []
    for key, rule_ids in SUMMARY_ROWS:
        texts = [str(items[r]["text"][lang]) for r in rule_ids if r in items]
        if texts:
            joined = ("" if lang == "zh" else " ").join(texts)
            rows.append(f'<tr><th>{UI[key][lang]}</th><td>{escape(joined)}</td></tr>')
    if not rows:
        return ""
    return f'<div class="summary-box"><table>{"".join(rows)}</table></div>'
