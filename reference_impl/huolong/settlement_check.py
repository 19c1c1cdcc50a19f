"""Checks of the settlement decision table (rule ``settlement.table``) that a schema cannot make.

The table is tried from the top; the first row whose ``when`` conditions all hold applies. Two mistakes are
caught by enumerating every kind of hand outcome the conditions can tell apart:

* a **gap** (kind ``settlement_gap``): an outcome no row matches, so a hand could end with nothing to settle it;
* a **dead row** (kind ``settlement_dead_row``): a row that never applies, because it matches no possible outcome
  or because earlier rows match every outcome it matches.

The outcomes enumerated (all read from the variant, nothing assumed):

* ``attacker_points`` from 0 to the most the attackers can score: all card points of the deck
  (``points.card_points`` × 4 suits × ``deck.decks``) times the bottom multiplier (``bottom.multiplier``), in
  steps of the greatest common divisor of the card values (5 in Huolong). Ranges are cut at every row's
  ``min``/``max``, so one representative per piece is exact;
* ``bottom_dug``, and with a dug bottom ``dug_with_level_rank`` or ``dug_with_big_joker`` (a big joker is never a
  level card: never both);
* ``bottom_big_jokers`` from 0 to the number of big jokers (one per deck when decks keep jokers);
* ``banker_level``: each level of ``levels.order``.

A ``{min, max}`` condition with ``min > max`` is reported as ``bad_range`` and the enumeration is skipped.
"""

from __future__ import annotations

import math
from itertools import product
from typing import Any

from ..variant.errors import Path_
from ..variant.findings import Finding
from ..variant.variant import MISSING, rule_value


_TABLE: Path_ = ("rules", "settlement", "table", "value")
_RANGES = ("attacker_points", "bottom_big_jokers")
_OUTCOME_RULES = ("levels.order", "deck.decks", "deck.jokers_per_deck", "points.card_points", "bottom.multiplier")
"""The rules that decide which hand outcomes exist (what the gap and dead-row checks enumerate)."""


def settlement_findings(rules: dict) -> list[Finding]:
    """Gaps, dead rows and empty ranges of ``settlement.table``.

    Args:
        rules: the ``rules`` mapping of a resolved variant.

    Returns:
        Findings located at the table or at a row; ``[]`` when the table, or a rule needed to enumerate the
        outcomes (``levels.order``, ``deck.decks``, ``deck.jokers_per_deck``, ``points.card_points``,
        ``bottom.multiplier``), is absent.
    """
    table = rule_value(rules, "settlement.table")
    needed = [rule_value(rules, r) for r in _OUTCOME_RULES]
    if table is MISSING or any(v is MISSING for v in needed) or not isinstance(table, list):
        return []
    levels, decks, jokers_per_deck, card_points, multiplier = needed
    levels = list(dict.fromkeys(levels))
    findings = _bad_ranges(table)
    if findings:
        return findings
    big_jokers = decks if jokers_per_deck >= 1 else 0
    deck_points = sum(card_points.values()) * 4 * decks
    factors = multiplier.get("by_last_trick_size") if isinstance(multiplier, dict) else None
    top = deck_points * max([*(factors or {}).values(), multiplier if isinstance(multiplier, int) else 1, 1])
    step = math.gcd(*[v for v in card_points.values() if v]) or 1
    point_pieces = _pieces(table, top, step)
    used: set[int] = set()
    matched_any: set[int] = set()
    unmatched: dict[tuple, set[tuple[int, str]]] = {}  # (low, high, dig) → {(big jokers, level)}
    for (low, high, points), dig, jokers, level in product(point_pieces, _DIGS, range(big_jokers + 1), levels):
        outcome = {"attacker_points": points, "bottom_dug": dig[0], "dug_with_level_rank": dig[1],
                   "dug_with_big_joker": dig[2], "bottom_big_jokers": jokers, "banker_level": level}
        first = None
        for index, row in enumerate(table):
            if _matches(row.get("when", {}), outcome):
                matched_any.add(index)
                if first is None:
                    first = index
                    used.add(index)
        if first is None:
            unmatched.setdefault((low, high, dig), set()).add((jokers, level))
    gaps: dict[tuple, list[tuple[bool, bool, bool]]] = {}  # digs with the same uncovered (jokers, level) pairs go together
    for (low, high, dig), pairs in unmatched.items():
        gaps.setdefault((low, high, frozenset(pairs)), []).append(dig)
    for (low, high, pairs), digs in list(gaps.items())[:3]:
        findings.append(Finding(_TABLE, "settlement_gap", "no row matches a hand with " + _describe_gap(
            low, high, digs, pairs, big_jokers, levels), "a row for every outcome (the last row is often "
            "a catch-all)", _OUTCOME_RULES))
    if len(gaps) > 3:
        findings.append(Finding(_TABLE, "settlement_gap", f"and {len(gaps) - 3} more kinds of hand no row matches",
                                "a row for every outcome", _OUTCOME_RULES))
    for index, row in enumerate(table):
        if index not in used:
            name = row.get("name", f"#{index + 1}")
            why = ("earlier rows match every hand it matches" if index in matched_any
                   else "no possible hand matches it")
            findings.append(Finding(_TABLE + (index,), "settlement_dead_row", f"row '{name}' never applies: {why}",
                                    "each row to settle some hand", _OUTCOME_RULES))
    return findings


def _bad_ranges(table: list) -> list[Finding]:
    out = []
    for index, row in enumerate(table):
        for key in _RANGES:
            bounds = row.get("when", {}).get(key, {})
            if "min" in bounds and "max" in bounds and bounds["min"] > bounds["max"]:
                out.append(Finding(_TABLE + (index, "when", key), "bad_range",
                                   f"min {bounds['min']} is greater than max {bounds['max']}", "min ≤ max"))
    return out


def _pieces(table: list, top: int, step: int) -> list[tuple[int, int, int]]:
    """Cut 0..top at every row's bounds; return (lowest, highest, representative) reachable score of each piece
    that holds one (scores are multiples of ``step``)."""
    cuts = {0, top + 1}
    for row in table:
        bounds = row.get("when", {}).get("attacker_points", {})
        if "min" in bounds:
            cuts.add(min(max(bounds["min"], 0), top + 1))
        if "max" in bounds:
            cuts.add(min(max(bounds["max"] + 1, 0), top + 1))
    ordered = sorted(cuts)
    pieces = []
    for low, nxt in zip(ordered, ordered[1:], strict=False):
        first = -(-low // step) * step
        if first < nxt:
            pieces.append((first, (nxt - 1) // step * step, first))
    return pieces


def _matches(when: dict, outcome: dict[str, Any]) -> bool:
    for key, condition in when.items():
        actual = outcome[key]
        if key in _RANGES:
            if actual < condition.get("min", actual) or actual > condition.get("max", actual):
                return False
        elif key == "banker_level":
            if actual not in condition:
                return False
        elif actual != condition:
            return False
    return True


_DIGS = {(False, False, False): "bottom_dug false",
         (True, False, False): "bottom_dug true, dug_with_level_rank false, dug_with_big_joker false",
         (True, True, False): "bottom_dug true, dug_with_level_rank true",
         (True, False, True): "bottom_dug true, dug_with_big_joker true"}
"""The ways a hand's last trick can end, ``(bottom_dug, dug_with_level_rank, dug_with_big_joker)``, as described."""


def _describe_gap(low: int, high: int, digs: list[tuple[bool, bool, bool]], pairs: frozenset, big_jokers: int,
                  levels: list) -> str:
    """One line naming the uncovered outcomes: points, digging, big jokers in the bottom, banker level."""
    parts = [f"attacker_points {low}" if low == high else f"attacker_points {low}-{high}"]
    if set(digs) == {d for d in _DIGS if d[0]}:
        parts.append("bottom_dug true")
    elif len(digs) < len(_DIGS):
        parts.append(" or ".join(_DIGS[d] for d in sorted(digs)))
    jokers = sorted({j for j, _ in pairs})
    level_set = {lv for _, lv in pairs}
    if len(pairs) == len(jokers) * len(level_set):  # every combination of the two: describe each separately
        parts.append("bottom_big_jokers " + ("any" if len(jokers) == big_jokers + 1 else ", ".join(map(str, jokers))))
        parts.append("banker_level " + ("any" if len(level_set) == len(levels)
                                        else ", ".join(r for r in levels if r in level_set)))
    else:
        example = min(pairs, key=lambda p: (p[0], levels.index(p[1])))
        parts.append(f"bottom_big_jokers {example[0]}, banker_level {example[1]} (and {len(pairs) - 1} more "
                     "combinations of the two)")
    return ", ".join(parts)
