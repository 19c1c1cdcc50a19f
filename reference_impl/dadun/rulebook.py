"""打墩 Dadun's data for the rulebook pages (the ``rulebook`` facet of the game registry): the order of ranks, one
example of every combination, and the bomb ladder drawn as cards, strongest first. Everything is read from the
variant's rules mapping; the example ranks and suits are a layout choice, not a rule."""

from __future__ import annotations

from typing import Any

OUTLINE: tuple[str, ...] = ("players", "deck", "cut", "deal", "marked_card", "ranking", "wild", "combinations",
                            "beating", "play", "points", "merging", "hand_end", "settlement", "levels", "match")
"""The rule sections of a Dadun variant in playing order."""

NAMES: dict[str, dict[str, str]] = {
    "single": {"zh": "单张", "en": "Single"}, "pair": {"zh": "对子", "en": "Pair"},
    "triple": {"zh": "光三", "en": "Bare triple"}, "full_house": {"zh": "三带二", "en": "Full house"},
    "straight": {"zh": "五张顺", "en": "Straight"}, "pair_run": {"zh": "三连对", "en": "Pair run"},
    "triple_run": {"zh": "三连三", "en": "Triple run"}, "straight_flush": {"zh": "同花顺", "en": "Straight flush"},
    "bomb": {"zh": "炸弹", "en": "Bomb"}, "linked_bomb": {"zh": "连炸", "en": "Linked bomb"},
    "dun": {"zh": "墩", "en": "Dun"}, "linked_dun": {"zh": "连墩", "en": "Linked dun"},
}
"""Names of the combinations (a name not here is shown as it is)."""

_EXAMPLES: dict[str, list[str]] = {
    "single": ["S9"], "pair": ["S9", "D9"], "triple": ["S9", "H9", "C9"],
    "full_house": ["S5", "H5", "C5", "S6", "D6"], "straight": ["S6", "H7", "C8", "D9", "S10"],
    "pair_run": ["S7", "H7", "S8", "C8", "S9", "D9"],
    "triple_run": ["S7", "H7", "C7", "S8", "H8", "D8", "S9", "C9", "D9"],
    "straight_flush": ["H6", "H7", "H8", "H9", "H10"], "bomb": ["SQ", "HQ", "CQ", "DQ"],
    "linked_bomb": ["S5", "H5", "C5", "D5", "S6", "H6", "C6", "D6"], "dun": ["S6", "S6", "S6"],
    "linked_dun": ["S6", "S6", "S6", "D7", "D7", "D7"],
}
_SUITS = "SHCD"


def _value(rules: dict, rule_id: str) -> Any:
    node: Any = rules
    for part in rule_id.split("."):
        node = node.get(part, {}) if isinstance(node, dict) else {}
    return node.get("value") if isinstance(node, dict) else None


def _ladder_cards(step: dict) -> list[str]:
    size = step["size"]
    if step["combination"] == "straight_flush":
        return ["S9", "S10", "SJ", "SQ", "SK"]
    if step["combination"] == "bomb":
        return [_SUITS[i % 4] + "7" for i in range(size)]
    half = size // 2
    return [_SUITS[i % 4] + "7" for i in range(half)] + [_SUITS[i % 4] + "8" for i in range(half)]


def chart_data(rules: dict) -> dict | None:
    """``{rows: [{label: {zh, en}, groups: [[card…]…]}]}``: the rank order (at the start level, beating), each
    combination (one group), then the printed bomb ladder strongest first, a dun and a linked dun on top."""
    order = _value(rules, "ranking.power_order")
    catalogue = _value(rules, "combinations.catalogue")
    ladder = _value(rules, "beating.bomb_ladder")
    start = _value(rules, "levels.start") or "2"
    if not (isinstance(order, list) and isinstance(catalogue, list) and isinstance(ladder, list)):
        return None
    ranks = [start if r == "level" else r for r in order if r != start or r == "level"]
    rows = [{"label": {"zh": f"点数从大到小（打{start}时，压牌；花色不分大小）",
                       "en": f"Ranks high to low (at level {start}, beating; suits do not rank)"},
             "groups": [[r] if r in ("BJ", "LJ") else ["S" + r] for r in ranks]}]
    for combo in catalogue:
        name = combo["name"]
        if name in _EXAMPLES:
            rows.append({"label": NAMES.get(name, {"zh": name, "en": name}), "groups": [_EXAMPLES[name]]})
    steps = [{"combination": "linked_dun", "size": 6}, {"combination": "dun", "size": 3}] + list(reversed(ladder))
    groups = [_EXAMPLES[s["combination"]] if s["combination"] in ("dun", "linked_dun") else _ladder_cards(s)
              for s in steps]
    rows.append({"label": {"zh": "墩和炸弹从大到小（连墩 > 墩 > 八张炸 > 六张连炸 > … > 四张炸）",
                           "en": "Duns and bombs, strongest first (linked dun > dun > 8-card bomb > 6+6 linked > … > "
                                 "4-card bomb)"},
                 "groups": groups})
    return {"rows": rows}
