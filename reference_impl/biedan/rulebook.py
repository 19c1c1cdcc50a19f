"""Biedan's data for the rulebook pages (the ``rulebook`` facet of the game registry): the single-card order and one
example of every combination, as cards (drawn by ``datong_rules.rulebook``). Everything is read from the variant's
rules; the example ranks and suits are a layout choice, not a rule."""

from __future__ import annotations

from typing import Any

OUTLINE: tuple[str, ...] = ("players", "deck", "deal", "banker", "egg", "ranking", "combinations", "beating", "play",
                            "hand_end", "exchange", "match")
"""The rule sections of a Biedan variant in playing order (the rulebook pages and comparisons follow it)."""

NAMES: dict[str, dict[str, str]] = {
    "single": {"zh": "单张", "en": "Single"},
    "pair": {"zh": "对子", "en": "Pair"},
    "triple": {"zh": "三张", "en": "Triple"},
    "bomb": {"zh": "炸弹", "en": "Bomb"},
    "straight": {"zh": "顺子", "en": "Straight"},
    "pair_run": {"zh": "连对", "en": "Pair run"},
    "rocket": {"zh": "天王炸", "en": "Rocket"},
    "flush": {"zh": "清一色", "en": "flush"},
}
"""Names of the combinations of biedan-guide (a name not here is shown as it is)."""

LABELS: dict[str, dict[str, str]] = {
    "single_order": {"zh": "单张从大到小（花色不分大小）", "en": "Single cards, high to low (suits do not rank)"},
    "combinations": {"zh": "牌型举例", "en": "The combinations, one example each"},
    "beats": {"zh": "管得住", "en": "beats"},
}

_SUITS = "SHCD"


def _value(rules: dict, rule_id: str) -> Any:
    node: Any = rules
    for part in rule_id.split("."):
        node = node.get(part, {}) if isinstance(node, dict) else {}
    return node.get("value") if isinstance(node, dict) else None


def chart(rules: dict) -> dict | None:
    """``{single: [[card…]…], combinations: [{name, label, cards}], flush: {mixed, flush} | None}`` for a variant's
    resolved ``rules`` mapping, or None when it lacks the rules the chart needs."""
    order = _value(rules, "ranking.single_order")
    seq = _value(rules, "ranking.sequence_order")
    catalogue = _value(rules, "combinations.catalogue")
    if not (isinstance(order, list) and isinstance(seq, list) and isinstance(catalogue, list)):
        return None
    single = [[r] if r in ("BJ", "LJ") else ["S" + r] for r in order]
    combos = []
    for combo in catalogue:
        cards = _example(combo, seq)
        if cards:
            combos.append({"name": combo["name"], "label": NAMES.get(combo["name"], {}), "cards": cards})
    flush = None
    applies = (_value(rules, "combinations.flush") or {}).get("applies_to", [])
    straight = next((c for c in catalogue if c["name"] in applies and c.get("shape") == "sequence"), None)
    if straight is not None and len(seq) >= 5:
        ranks = seq[2:2 + straight["min_length"]]
        flush = {"mixed": [_SUITS[i % 4] + r for i, r in enumerate(ranks)], "flush": ["H" + r for r in ranks]}
    return {"single": single, "combinations": combos, "flush": flush}


def _example(combo: dict, seq: list[str]) -> list[str]:
    if combo.get("shape") == "same_rank":
        rank = seq[min(len(seq) - 1, 4 + combo["size"])]
        return [_SUITS[i] + rank for i in range(min(combo["size"], 4))]
    if combo.get("shape") == "sequence":
        length = max(combo["min_length"], 3 if combo["unit"] == 1 else 2)
        ranks = seq[:length] if combo["unit"] > 1 else seq[3:3 + length + 1]
        return [_SUITS[(i + k) % 4] + r for i, r in enumerate(ranks) for k in range(combo["unit"])]
    return list(combo.get("cards", []))


def chart_data(rules: dict) -> dict | None:
    """The chart as labelled rows of card groups, ``{rows: [{label: {zh, en}, groups: [[card…]…]}]}``: the single
    order (high to low), then each combination (one group), then a flush straight above the same mixed straight."""
    data = chart(rules)
    if data is None:
        return None
    rows = [{"label": LABELS["single_order"], "groups": data["single"]}]
    for combo in data["combinations"]:
        label = combo["label"] or {"zh": combo["name"], "en": combo["name"]}
        rows.append({"label": label, "groups": [combo["cards"]]})
    if data["flush"]:
        rows.append({"label": {"zh": "清一色顺子管住同样的杂色顺子", "en": "A flush straight beats the same mixed straight"},
                     "groups": [data["flush"]["flush"], data["flush"]["mixed"]]})
    return {"rows": rows}
