"""The comparison page: all variants of one game side by side, rule by rule, differences highlighted.

A row *differs* when some variant lacks the rule or the variants' ``value`` are not all equal; rule
texts are not compared (the same rule may be worded differently in two files).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from .game_data import section_title
from .labels import SECTION_ORDER, UI
from .rules_html import compact, is_decision_table, outline, rule_items, sections_in_order

MISSING = object()
SHORT_VALUE = 60
"""Values up to this many characters are shown under the text in the table; longer ones only on the
variants' own pages."""


def compare_rows(variants: list[tuple[str, dict[str, Any]]], order: Sequence[str] = SECTION_ORDER,
                 ) -> list[tuple[str, list[Any], bool]]:
    """The union of the variants' rule ids in playing order, with each variant's item.

    Args:
        variants: ``(variant_id, rules mapping)`` for each column, in column order.

    Returns:
        ``(rule_id, [item or MISSING per variant], differs)`` per rule.
    """
    merged: dict[str, Any] = {}
    for _, rules in variants:
        for rule_id, item in rule_items(rules):
            node = merged
            parts = rule_id.split(".")
            for part in parts[:-1]:
                node = node.setdefault(part, {})
            node.setdefault(parts[-1], item)
    known, other = sections_in_order(merged, order)
    lookups = [dict(rule_items(rules)) for _, rules in variants]
    rows = []
    for _, items in known + other:
        for rule_id, _ in items:
            cells = [lookup.get(rule_id, MISSING) for lookup in lookups]
            values = [compact(c["value"]) if c is not MISSING else None for c in cells]
            differs = any(c is MISSING for c in cells) or len(set(values)) > 1
            rows.append((rule_id, cells, differs))
    return rows


def _cell(item: Any, lang: str) -> str:
    if item is MISSING:
        return f'<span class="absent">{UI["absent"][lang]}</span>'
    text = escape(str(item["text"][lang]))
    value = item.get("value")
    if is_decision_table(value):
        shown = f'<em>{UI["see_table"][lang]}</em>'
    elif len(compact(value)) <= SHORT_VALUE:
        shown = f"<code>{escape(compact(value))}</code>"
    else:
        return text
    return f'{text}<br><span class="cmp-value">{shown}</span>'


def compare_html(variants: list[tuple[str, str, dict[str, Any]]], lang: str) -> tuple[str, str]:
    """The comparison table and the list of differences, as HTML.

    Args:
        variants: ``(variant_id, display name, rules mapping)`` per column.

    Returns:
        ``(glance, full)``: a list of the differing rule ids by section, linked to their rows; and
        the table of every rule by section (a differing row carries ``class="differs"``, every row
        an id ``cmp-<rule_id>``).
    """
    game = variants[0][0].split("/", 1)[0] if variants else None
    rows = compare_rows([(vid, rules) for vid, _, rules in variants], outline(game))
    names = "".join(f"<th>{escape(name)}</th>" for _, name, _ in variants)
    n = len(variants)

    differing: dict[str, list[str]] = {}
    for rule_id, _, differs in rows:
        if differs:
            differing.setdefault(rule_id.split(".")[0], []).append(rule_id)
    glance = "".join(
        f"<li><strong>{escape(section_title(game, sec, lang))}</strong> "
        + " ".join(f'<a href="#cmp-{escape(r)}"><code>{escape(r)}</code></a>' for r in ids) + "</li>"
        for sec, ids in differing.items())
    summary = f'<ul class="glance">{glance}</ul>'

    body, section = [], None
    for rule_id, cells, differs in rows:
        sec = rule_id.split(".")[0]
        if sec != section:
            section = sec
            body.append(f'<tr class="section"><th colspan="{n + 1}">{escape(section_title(game, sec, lang))}</th></tr>')
        head = f'<td><code>{escape(rule_id)}</code>'
        if differs:
            body.append(f'<tr class="differs" id="cmp-{escape(rule_id)}">{head} <span class="diff-tag">≠ '
                        f'{UI["differs"][lang]}</span></td>{"".join(f"<td>{_cell(c, lang)}</td>" for c in cells)}</tr>')
        elif len({str(c["text"][lang]) for c in cells}) > 1:  # same value, worded differently: show each wording
            body.append(f'<tr class="same-value" id="cmp-{escape(rule_id)}">{head} <span class="same-tag">= '
                        f'{UI["same_value"][lang]}</span></td>{"".join(f"<td>{_cell(c, lang)}</td>" for c in cells)}</tr>')
        else:
            body.append(f'<tr class="same" id="cmp-{escape(rule_id)}">{head}</td><td colspan="{n}">'
                        f'{_cell(cells[0], lang)} <span class="same-tag">= {UI["same_in_all"][lang]}</span></td></tr>')
    full = (f'<table class="compare"><thead><tr><th>{UI["rule_id"][lang]}</th>{names}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')
    return summary, full


def differences_of(doc: Any, docs: list[Any], lang: str) -> list[tuple[str, str]]:
    """The rules in which variant ``doc`` differs from the other variants of its game: ``(rule id, this
    variant's text in ``lang``)``, in playing order; empty when it is the game's only variant."""
    if len(docs) < 2:
        return []
    rows = compare_rows([(d.id, d.rules) for d in docs])
    col = [d.id for d in docs].index(doc.id)
    out = []
    for rule_id, cells, differs in rows:
        item = cells[col]
        if differs and item is not MISSING:
            out.append((rule_id, str(item["text"][lang])))
    return out


def matrix_html(variants: list[tuple[str, str, dict[str, Any]]], rows: list[dict[str, Any]], lang: str,
                fact: Any = None) -> str:
    """The opening matrix of the comparison page: one row per difference that matters (``rows``, from the game's
    rulebook facet ``MATRIX``), one column per variant, values in words (the rules' texts).

    A row reads "same in all" only when both the values and the words are the same in every variant; a game with one
    variant shows its values alone.

    Args:
        variants: ``(variant_id, display name, rules mapping)`` per column.
        fact: the facet's ``matrix_fact(name, rules, lang) -> (value, words)`` for derived rows.
    """
    names = [name for _, name, _ in variants]
    head = f'<thead><tr><th></th>{"".join(f"<th>{escape(n)}</th>" for n in names)}</tr></thead>'
    body = []
    for row in rows:
        cells: list[tuple[Any, str]] = []
        for _, _, rules in variants:
            if row.get("derived") and fact is not None:
                cells.append(fact(row["derived"], rules, lang))
                continue
            items = dict(rule_items(rules))
            found = [items[r] for r in row.get("rules", []) if r in items]
            value = [compact(i.get("value")) for i in found]
            words = ("" if lang == "zh" else " ").join(str(i["text"][lang]) for i in found)
            cells.append((value, words or UI["absent"][lang]))
        title = escape(row["title"][lang])
        if len(cells) == 1:  # a game with one variant: its values, nothing to compare
            body.append(f'<tr id="m-{escape(row["id"])}"><th>{title}</th><td>{escape(cells[0][1])}</td></tr>')
        elif len({compact(v) for v, _ in cells}) == 1 and len({w for _, w in cells}) == 1:
            body.append(f'<tr id="m-{escape(row["id"])}"><th>{title}</th><td class="same" colspan="{len(cells)}">'
                        f'{escape(cells[0][1])} <span class="same-tag">= {UI["same_in_all"][lang]}</span></td></tr>')
        else:
            tds = "".join(f'<td data-label="{escape(n)}">{escape(w)}</td>' for n, (_, w) in zip(names, cells))
            body.append(f'<tr id="m-{escape(row["id"])}" class="differs"><th>{title}</th>{tds}</tr>')
    return f'<table class="matrix">{head}<tbody>{"".join(body)}</tbody></table>'
