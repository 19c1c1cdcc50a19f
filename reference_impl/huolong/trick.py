"""Who wins a trick, and the points in it: ``trick.winner``, ``trick.ruff_same_shape``, ``ranking.ties``,
``points.captured_by``.

Only plays of the led shape compete: the led combination's size of identical cards, all of the led
suit, or all trumps (a ruff in the led shape). The strongest competing play wins; between equal
plays the one played first wins. Mixed plays and discards never win; the lead always competes.

With ``trick.ruff_same_shape: false`` (a house rule) a play made only of trumps on a lead of a side suit
competes in any shape (two odd trumps on a led pair); a play's strength is then that of its weakest card
(for identical cards, the card itself). Plays of the led suit and plays on a trump lead still compete
only in the led shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from ..cards import JOKERS
from .combinations import classify
from .ranking import TRUMP, Ranking
from .rules import HuolongRules
from .scoring import card_points


def trick_winner(rules: HuolongRules, ranking: Ranking, plays: Sequence[Sequence[str]]) -> int:
    """The index in ``plays`` of the winning play (the leader's play is index 0).

    Args:
        rules, ranking: the variant's rules and the hand's ranking.
        plays: the plays in playing order from the leader (any number ≥ 1; 4 in a full trick).

    Returns:
        An index into ``plays``.

    Raises:
        ValueError: no plays, or the lead is not one combination of the catalogue.
    """
    if not plays or classify(ranking, plays[0]) is None:
        raise ValueError("a trick's lead must be one combination")
    return strongest_play(rules, ranking, plays)


def strongest_play(rules: HuolongRules, ranking: Ranking, plays: Sequence[Sequence[str]]) -> int:
    """:func:`trick_winner` of plays whose lead the caller knows to be one combination (a hand state's trick: its lead
    was checked when it was played), without checking it again."""
    lead = plays[0]
    strength = ranking.strength_map
    best, best_strength = 0, strength[lead[0]]
    if len(lead) == 1:  # a trick of singles: play_strength of a single, without its calls
        suit_map = ranking.suit_map
        led_suit = suit_map[lead[0]]
        for i in range(1, len(plays)):
            play = plays[i]
            if len(play) != 1:
                continue  # another size never competes
            card = play[0]
            suit = suit_map[card]
            if (suit == led_suit or suit == TRUMP) and strength[card] > best_strength:
                best, best_strength = i, strength[card]  # ranking.ties: first_played, so equal does not take it
        return best
    for i in range(1, len(plays)):
        s = play_strength(rules, ranking, lead, plays[i])
        if s is not None and s > best_strength:  # ranking.ties: first_played, so equal does not take the trick
            best, best_strength = i, s
    return best


def play_strength(rules: HuolongRules, ranking: Ranking, lead: Sequence[str], play: Sequence[str]) -> int | None:
    """The strength with which ``play`` competes in a trick led by ``lead`` (a combination), or None when it does
    not compete (another size, a mixed play, a discard of another side suit).

    A play of the led shape, all of the led suit or all trumps, competes with its card's strength; under
    ``trick.ruff_same_shape: false`` a play made only of trumps on a side lead competes in any shape with its weakest
    card's strength. A later play takes the trick when its strength is greater than the best so far
    (:func:`trick_winner`).
    """
    n = len(lead)
    if len(play) != n:
        return None
    suit_map, strength = ranking.suit_map, ranking.strength_map
    led_suit = suit_map[lead[0]]
    card = play[0]
    if n > 1 and play.count(card) != n:
        # not one combination of the led shape: competes only as a ruff in any shape (all trumps)
        if rules.ruff_same_shape or led_suit == TRUMP or any(suit_map[c] != TRUMP for c in play):
            return None
        card = min(play, key=strength.__getitem__)  # a ruff is as strong as its weakest card
    suit = suit_map[card]
    if suit != led_suit and suit != TRUMP:
        return None  # a discard of another side suit
    return strength[card]


def trick_points(rules: HuolongRules, plays: Sequence[Sequence[str]]) -> int:
    """The card points in all plays of a trick (``points.card_points``), taken by the winner's team."""
    return card_points(rules, chain.from_iterable(plays))


def won_with_level_rank(ranking: Ranking, play: Sequence[str]) -> bool:
    """True when every card of ``play`` is of the hand's level rank. With the attackers winning the last trick
    with such a play, the settlement input ``dug_with_level_rank`` is true (li-zhijiang's hook-down row of
    ``settlement.table``); a banker team winning the last trick with level cards never sets it."""
    return bool(play) and all(c not in JOKERS and c[1:] == ranking.level for c in play)
