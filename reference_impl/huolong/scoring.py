"""Card points and the bottom: ``points.card_points``, ``bottom.multiplier``."""

from __future__ import annotations

from collections.abc import Iterable

from .rules import HuolongRules


def card_points(rules: HuolongRules, cards: Iterable[str]) -> int:
    """The points in ``cards`` (canonical tokens), by ``points.card_points``; jokers are worth nothing."""
    return sum(map(rules.point_map.__getitem__, cards))


def bottom_award(rules: HuolongRules, bottom: Iterable[str], dug: bool,
                 last_trick_size: int | None = None) -> tuple[int, int]:
    """The bottom's points and what the attackers add to their score for it.

    Args:
        bottom: the bottom's cards at the end of the hand.
        dug: the attackers won the last trick (``bottom.dig``).
        last_trick_size: the cards each player played to the last trick; needed when ``bottom.multiplier`` is
            ``{by_last_trick_size: …}`` (ignored by an integer multiplier).

    Returns:
        ``(points, awarded)``: points in the bottom; ``points × factor`` when dug, else 0 (the factor of
        ``bottom.multiplier``, :meth:`HuolongRules.bottom_factor`).

    Raises:
        ValueError: the factor depends on the last trick's size and ``last_trick_size`` is missing or has no entry.
    """
    points = card_points(rules, bottom)
    return points, points * rules.bottom_factor(last_trick_size) if dug else 0
