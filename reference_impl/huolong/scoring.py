"""Card points and the bottom: ``points.card_points``, ``bottom.multiplier``."""

from __future__ import annotations

from collections.abc import Iterable

from .rules import HuolongRules


def card_points(rules: HuolongRules, cards: Iterable[str]) -> int:
    """The points in ``cards`` (canonical tokens), by ``points.card_points``; jokers are worth nothing."""
    table = rules.point_map
    return sum(table[c] for c in cards)


def bottom_award(rules: HuolongRules, bottom: Iterable[str], dug: bool) -> tuple[int, int]:
    """The bottom's points and what the attackers add to their score for it.

    Args:
        bottom: the bottom's cards at the end of the hand.
        dug: the attackers won the last trick (``bottom.dig``).

    Returns:
        ``(points, awarded)``: points in the bottom; ``points × bottom.multiplier`` when dug, else 0.
    """
    points = card_points(rules, bottom)
    return points, points * rules.bottom_multiplier if dug else 0
