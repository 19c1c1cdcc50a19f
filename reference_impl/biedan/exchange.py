"""The settlement exchange of 憋蛋 Biedan as real card moves (reading biedan-exchange; rules exchange.*).

:func:`plan` lists the steps for the places of a finished hand; each :class:`Step` says who gives to whom, who picks
the cards, and what may be picked (the best cards, the worst, the egg, everything but the egg). The hand state
(:mod:`.state`) carries the steps out one by one, asking the picker for a ``give`` action where there is a choice;
:func:`allowed` checks such a pick. Which steps exist and in what order is in docs/implementers/biedan-operations.md
(operation ``exchange``).
"""

from __future__ import annotations

from typing import NamedTuple

from .combinations import Table
from .rules import BiedanRules


class Step(NamedTuple):
    """One step. name: ``draw`` | ``give`` | ``take_egg`` | ``hand_over`` | ``return`` | ``banker_extra``;
    giver (None for the egg), receiver, chooser (who picks; None when nothing is picked), pick: ``best`` |
    ``worst`` | ``egg`` | ``all_but_egg``; count: cards to pick (``return``: at most this many)."""

    name: str
    giver: int | None
    receiver: int
    chooser: int | None
    pick: str
    count: int  # type: ignore[assignment]  # a field named as tuple.count (cards to pick)


def plan(rules: BiedanRules, places: dict[str, int], banker: int, timing: str) -> list[Step]:
    """The steps of the exchange for ``places`` (``{first, second, third}``) and the hand's ``banker``.

    ``timing`` is ``end_of_hand`` (all steps the cards allow) or ``after_next_deal`` (draw, give, banker_extra).
    """
    first, second, third = places["first"], places["second"], places["third"]
    steps = [Step("draw", third, first, first, "best", 1), Step("give", second, first, second, "best", 1)]
    if timing == "end_of_hand":
        steps += [Step("take_egg", None, third, None, "egg", 0),
                  Step("hand_over", third, second, None, "all_but_egg", 0),
                  Step("return", second, third, second, "worst", 3)]
    if rules.banker_tribute == "extra_card" and banker != first:
        steps.append(Step("banker_extra", banker, first, banker, "best", 1))
    return steps


def extreme(t: Table, pool: list[str], count: int, pick: str) -> list[int]:
    """The strengths of the ``count`` best (``pick`` = best) or worst cards of ``pool``, best first."""
    strengths = sorted((t.card_strength[c] for c in pool), reverse=pick == "best")
    return sorted(strengths[:count], reverse=True)


def allowed(t: Table, pool: list[str], chosen: list[str], count: int, pick: str) -> str | None:
    """None when ``chosen`` is a legal pick of ``count`` ``best``/``worst`` cards from ``pool``, else the reason code
    (``wrong_count``, ``not_in_hand``, ``not_best``, ``not_worst``)."""
    if len(chosen) != count:
        return "wrong_count"
    if len(set(chosen)) != len(chosen) or any(card not in pool for card in chosen):
        return "not_in_hand"
    if sorted((t.card_strength[c] for c in chosen), reverse=True) != extreme(t, pool, count, pick):
        return "not_best" if pick == "best" else "not_worst"
    return None


def default_pick(t: Table, pool: list[str], count: int, pick: str) -> list[str]:
    """A legal pick: the best/worst cards, ties broken by notation order of suits (used by ``exchange`` and bots)."""
    order = sorted(pool, key=lambda c: ((-1 if pick == "best" else 1) * t.card_strength[c], "SHCDBL".index(c[0])))
    return order[:count]


def most_held(rules: BiedanRules) -> int:
    """The most cards one seat can hold at once: a dealt hand (``deal.hand_size``) and what one seat can be given
    on top of it, the exchange's picks before play (``after_next_deal``: the first place's draw, give and banker
    extra) or the egg the third place takes at the end of a hand (``end_of_hand``), whichever is more
    [deal.hand_size, egg.count, exchange.*]."""
    seats = {"first": 0, "second": 1, "third": 2}
    given = max(sum(step.count for step in plan(rules, seats, banker, "after_next_deal") if step.receiver == seat)
                for banker in range(3) for seat in range(3))
    return rules.hand_size + max(given, rules.egg_size)
