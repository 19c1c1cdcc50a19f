"""Level changes: ``levels.order``, ``levels.stop_levels``, ``levels.past_last_level``."""

from __future__ import annotations

from .rules import HuolongRules, RulesError


def advance(rules: HuolongRules, level: str, steps: int, as_attackers: bool) -> tuple[str, bool]:
    """A team's level after advancing ``steps`` levels.

    Rules applied (``levels.stop_levels`` = ``{ranks, jumps_stop, attackers_advance}``):

    * a team that is the attacking team in this hand and stands on a stop rank gains nothing when
      ``attackers_advance`` is false (li-zhijiang's 遇J，A不过);
    * the team moves up one level per step; with ``jumps_stop`` a move that arrives on a stop rank
      ends there and the remaining steps are lost (leaving a stop rank is allowed: the first step
      from J goes to Q);
    * a step from the last level passes it (``levels.past_last_level: match_won``): the level stays
      the last one and ``passed_last_level`` is True; remaining steps are lost.

    Args:
        level: the team's current level (a rank of ``levels.order``).
        steps: levels gained, ≥ 0 (0 changes nothing).
        as_attackers: the team is the attacking team of the hand being settled.

    Returns:
        ``(new_level, passed_last_level)``.

    Raises:
        RulesError: ``level`` is not a level of the variant, or ``steps`` is negative.
    """
    order = rules.level_order
    if level not in order:
        raise RulesError(f"levels.order: {level!r} is not a level of {rules.variant_id}")
    if steps < 0:
        raise RulesError(f"a level advance cannot be negative, got {steps}")
    stops = rules.stop_levels
    stop_ranks = stops["ranks"]
    if steps == 0 or (as_attackers and level in stop_ranks and not stops["attackers_advance"]):
        return level, False
    index = order.index(level)
    for _ in range(steps):
        if index == len(order) - 1:
            return order[index], True
        index += 1
        if stops["jumps_stop"] and order[index] in stop_ranks:
            break
    return order[index], False
