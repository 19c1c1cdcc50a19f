"""The greedy bot's plays (:class:`.bots.GreedyBot`), computed without listing every legal play where the rules allow.

The bot's definition is over the listed plays (:func:`.follow.legal_plays`, sorted; between plays alike by its
measures, the first listed, i.e. the smallest tuple of tokens):

* a lead: a side ace in the largest catalogue size its copies allow, else the single that is a side card before a
  trump, with the fewest points, then the weakest (a catalogue without singles: the same order over every lead);
* a follow, when an opponent's play is winning the trick: the play that takes it with the least strength (sum
  over its cards), then the most points;
* otherwise, or when no play takes the trick: the play with the fewest points, then the least strength (sums).

Under ``trick.ruff_same_shape: true`` with a free follow shape and no pair owed, a play takes the trick only as
``n`` identical cards, and the cheapest play is made of the cheapest cards (a card's points, then its strength):
both come from the held cards without listing the plays. Other rules list the plays (:func:`_listed`). The tests
hold both ways equal at every decision of seeded hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import sort_cards
from .follow import led_shape, multisets_of, pair_owed, shape_forced, sizes_up_to, legal_plays
from .ranking import TRUMP, Ranking
from .rules import HuolongRules
from .trick import play_strength, trick_winner


def lead(rules: HuolongRules, ranking: Ranking, hand: Counter[str]) -> list[str]:
    """The greedy lead from ``hand`` (see the module doc), without listing the leads: the smallest token among
    equals, and after it the smaller size."""
    allowed = sizes_up_to(rules)  # copies → the catalogue sizes they allow
    top = len(allowed) - 1
    sizes = allowed[top]
    trump_of, strength, points = ranking.trump_of, ranking.strength_map, rules.point_map
    ace: tuple[int, str] | None = None  # (-size, card): the smallest is the pick
    for card, copies in hand.items():
        if copies >= sizes[0] and card[1:] == "A" and not trump_of[card]:
            key = (-allowed[copies if copies < top else top][-1], card)
            if ace is None or key < ace:
                ace = key
    if ace is not None:
        return [ace[1]] * -ace[0]
    if sizes[0] == 1:
        card = min((c for c, k in hand.items() if k > 0),
                   key=lambda c: (trump_of[c], points[c], strength[c], c))
        return [card]
    pick = min(((c, s) for c, k in hand.items() for s in sizes if s <= k),
               key=lambda cs: (trump_of[cs[0]], cs[1] * points[cs[0]], cs[1] * strength[cs[0]], cs[0], cs[1]))
    return [pick[0]] * pick[1]


def follow(rules: HuolongRules, ranking: Ranking, hand: Counter[str], trick: Sequence[Sequence[str]]) -> list[str]:
    """The greedy follow to ``trick`` from ``hand`` (see the module doc)."""
    n, suit = led_shape(ranking, trick)
    if (not rules.ruff_same_shape or shape_forced(rules, ranking, hand, n, suit)
            or pair_owed(rules, ranking, hand, n, suit)):
        return _listed(rules, ranking, hand, trick)
    get = hand.get
    led = [(c, k) for c in ranking.suit_members[suit] if (k := get(c, 0)) > 0]
    count_led = sum(k for _, k in led)
    if count_led >= n:  # any n cards of the led suit
        pool, fixed, free = led, [], n
    else:  # every led-suit card and any others
        suit_map = ranking.suit_map
        pool = [(c, k) for c, k in hand.items() if k > 0 and suit_map[c] != suit]
        fixed, free = [c for c, k in led for _ in range(k)], n - count_led
    current = trick_winner(rules, ranking, trick)
    if (len(trick) - current) % 2 and not fixed:  # an opponent is winning: n identical cards may take the trick
        best = play_strength(rules, ranking, trick[0], trick[current]) or 0  # the winning play competes
        strength, points = ranking.strength_map, rules.point_map
        # n identical cards compete with their strength when they are of the led suit (the pool when it is the led
        # suit's) or trumps (a ruff: the pool is the other cards when no led-suit card is held)
        trump_of = ranking.trump_of
        takers = [c for c, k in pool if k >= n and strength[c] > best and (count_led or trump_of[c])]
        if takers:
            card = min(takers, key=lambda c: (strength[c], -points[c], c))
            return [card] * n
    return _cheapest(rules, ranking, pool, free, fixed)


def _cheapest(rules: HuolongRules, ranking: Ranking, pool: list[tuple[str, int]], free: int,
              fixed: list[str]) -> list[str]:
    """``fixed`` and the ``free`` cards of ``pool`` with the fewest points, then the least strength (sums); among the
    plays alike, the smallest tuple of tokens. Every such play takes the cards cheaper than the ``free``-th
    cheapest card and the rest among the cards as cheap as it: only those choices are compared."""
    strength, points = ranking.strength_map, rules.point_map
    cost = {c: (points[c], strength[c]) for c, _ in pool}
    if free == 1 and not fixed:  # one card: the cheapest, the smallest token among equals
        return [min(cost, key=lambda c: (cost[c], c))]
    items = sorted(pool, key=lambda item: cost[item[0]])
    taken = 0
    for card, copies in items:  # the free-th cheapest card's cost
        taken += copies
        if taken >= free:
            threshold = cost[card]
            break
    below = [c for c, k in items if cost[c] < threshold for _ in range(k)]
    ties = sorted((c, k) for c, k in items if cost[c] == threshold)
    choices = [tuple(sort_cards([*fixed, *below, *chosen])) for chosen in multisets_of(ties, free - len(below))]
    return list(min(choices))


def _listed(rules: HuolongRules, ranking: Ranking, hand: Counter[str], trick: Sequence[Sequence[str]]) -> list[str]:
    """The greedy follow by its definition, over the listed plays."""
    strength, points = ranking.strength_map, rules.point_map
    plays = legal_plays(rules, ranking, hand, trick)
    current = trick_winner(rules, ranking, trick)
    if (len(trick) - current) % 2:  # an opponent is winning: take the trick as cheaply as possible
        lead_play = trick[0]
        best = play_strength(rules, ranking, lead_play, trick[current]) or 0  # the winning play competes
        cheapest: tuple[int, int] | None = None
        pick: tuple[str, ...] = ()
        for play in plays:  # the sorted plays: the first of equal keys is kept
            s = play_strength(rules, ranking, lead_play, play)
            if s is not None and s > best:
                key = (sum(map(strength.__getitem__, play)), -sum(map(points.__getitem__, play)))
                if cheapest is None or key < cheapest:
                    cheapest, pick = key, play
        if cheapest is not None:
            return list(pick)
    return list(min(plays, key=lambda p: (sum(map(points.__getitem__, p)), sum(map(strength.__getitem__, p)))))
