"""打墩 Dadun's tribute between hands (进贡 / 还贡 / 抗贡, as Guandan plays it) [settlement.tribute].

Pure functions used by the hand state (:mod:`.state`) and the operations: who gives to whom after a finished hand
(:func:`roles`), whether the givers resist (:func:`resists`), the steps of the phase (:func:`steps`), which card a
step may give (:func:`check_give`) and who leads afterwards (:func:`leader`). The rule's value is
``{from: last_out | losing_side, wild: kept | given, resist_big_jokers: n, return_at_most: rank, lead: giver |
marked_card}``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..climbing.cardset import JOKERS, rank_of
from . import combinations as cb
from .rules import DadunRules


@dataclass(frozen=True)
class Step:
    """One step of the tribute phase: ``giver`` gives one card to ``receiver``; ``kind`` is ``tribute`` (the
    loser's highest card) or ``return`` (the winner's card of ``return_at_most`` or lower)."""

    kind: str
    giver: int
    receiver: int


def roles(rules: DadunRules, finish: list[int], winner: int) -> dict[str, list[int]] | None:
    """``{givers, receivers}`` of the tribute after a finished hand (seats), None when the variant has none.

    After partners first and second (a double loss, 双下) both other players give, listed in play order from the
    first-out, and the first-out and the second-out receive. Otherwise one player gives: with ``from: last_out``
    the last-out to the first-out, even when they are partners (14+23), as Guandan does; with ``from: losing_side``
    the losing side's player who finished later to the winning side's player who finished earlier
    [settlement.tribute].
    """
    if rules.tribute is None:
        return None
    players = rules.players
    if len(finish) == 2:
        first = finish[0]
        givers = [s for s in ((first + i) % players for i in range(1, players)) if s not in finish]
        return {"givers": givers, "receivers": list(finish)}
    order = list(finish) + [s for s in range(players) if s not in finish]
    if rules.tribute["from"] == "last_out":
        return {"givers": [order[-1]], "receivers": [order[0]]}
    team = [s for s in order if s % (players // 2) == winner]
    losers = [s for s in order if s % (players // 2) != winner]
    return {"givers": [losers[-1]], "receivers": [team[0]]}


def check_roles(rules: DadunRules, previous: Any) -> dict[str, list[int]] | None:
    """The ``givers`` / ``receivers`` of a hand's ``previous`` mapping, checked (None when the previous hand gives
    no tribute: the first hand, or a variant without one).

    Raises:
        ValueError: ``wrong_setup: …`` when they are not one or two different seats each (two givers being
            partners), or given in a variant without tribute.
    """
    if not isinstance(previous, dict) or "givers" not in previous:
        return None
    givers, receivers = previous.get("givers"), previous.get("receivers")
    players = rules.players
    if not isinstance(givers, list) or not isinstance(receivers, list):
        ok = False
    else:
        ok = 1 <= len(givers) == len(receivers) <= 2 and all(
            type(s) is int and 0 <= s < players for s in givers + receivers) and len(set(givers + receivers)) == len(
            givers) * 2 and len({s % 2 for s in givers}) == 1
    if rules.tribute is None or not ok or not isinstance(givers, list) or not isinstance(receivers, list):
        raise ValueError("wrong_setup: previous.givers / previous.receivers are not a tribute of the variant")
    return {"givers": list(givers), "receivers": list(receivers)}


def big_jokers(hands: list[Counter], seats: list[int]) -> int:
    """How many big jokers the ``seats`` hold together."""
    return sum(hands[s].get("BJ", 0) for s in seats)


def resists(rules: DadunRules, hands: list[Counter], givers: list[int]) -> bool:
    """Whether the givers resist the tribute (抗贡): together they hold at least
    ``settlement.tribute.resist_big_jokers`` big jokers after the deal [settlement.tribute]."""
    assert rules.tribute is not None
    return big_jokers(hands, givers) >= rules.tribute["resist_big_jokers"]


def _power(card: str, level: str) -> int:
    return cb.power(rank_of(card), level, True)


def tribute_cards(rules: DadunRules, hand: Counter, level: str) -> list[str]:
    """The cards a giver may give: those of the highest rank by ``ranking.power_order`` at the hand's level (the level
    rank above A), the wild cards left out with ``wild: kept`` [settlement.tribute]."""
    assert rules.tribute is not None
    wild = cb.wild_card(rules, level)
    cards = [c for c, n in hand.items() if n > 0 and (rules.tribute["wild"] == "given" or c != wild)]
    if not cards:
        return []
    top = max(_power(c, level) for c in cards)
    return sorted(c for c in cards if _power(c, level) == top)


def return_cards(rules: DadunRules, hand: Counter, level: str) -> list[str]:
    """The cards a receiver may return: any of face rank ``return_at_most`` or lower (2 lowest, A highest, no joker);
    when the hand has none, its lowest cards by ``ranking.power_order`` [settlement.tribute]."""
    assert rules.tribute is not None
    cap = rules.level_order.index(rules.tribute["return_at_most"])
    held = [c for c, n in hand.items() if n > 0]
    low = [c for c in held if rank_of(c) not in JOKERS and rules.level_order.index(rank_of(c)) <= cap]
    if low:
        return sorted(low)
    bottom = min(_power(c, level) for c in held)
    return sorted(c for c in held if _power(c, level) == bottom)


def steps(rules: DadunRules, hands: list[Counter], level: str, tribute_roles: dict[str, list[int]]) -> list[Step]:
    """The steps of the phase: each giver's tribute (in the order of ``givers``), then each receiver's return.

    One giver gives to the one receiver. Two givers: the one whose highest card is higher gives to the first
    receiver (the previous first-out), the other to the second; equal highest cards: the first giver in play order
    from the first-out gives to the first-out [settlement.tribute].
    """
    givers, receivers = tribute_roles["givers"], tribute_roles["receivers"]
    pairs = list(zip(givers, receivers))
    if len(givers) == 2:
        top = [_power(tribute_cards(rules, hands[g], level)[0], level) if hands[g] else -1 for g in givers]
        first_giver = givers[1] if top[1] > top[0] else givers[0]
        other = givers[0] if first_giver == givers[1] else givers[1]
        pairs = [(first_giver, receivers[0]), (other, receivers[1])]
        pairs.sort(key=lambda p: givers.index(p[0]))
    out = [Step("tribute", g, r) for g, r in pairs]
    by_receiver = sorted(pairs, key=lambda p: receivers.index(p[1]))
    return out + [Step("return", r, g) for g, r in by_receiver]


def check_give(rules: DadunRules, hand: Counter, level: str, step: Step, action: dict) -> str | None:
    """None when the ``give`` action carries out ``step``, else its reason code: ``wrong_receiver`` (``to`` is not
    the step's receiver), ``wrong_count`` (not exactly one card), ``not_in_hand``, ``tribute_not_highest`` (a
    tribute that is not of the highest rank it may give: a wild card with ``wild: kept``, or a lower card),
    ``return_too_high`` (a return above ``return_at_most`` while the hand holds one at most that, or not the lowest
    card when it holds none) [settlement.tribute]."""
    if action["to"] != step.receiver:
        return "wrong_receiver"
    if len(action["cards"]) != 1:
        return "wrong_count"
    card = action["cards"][0]
    if hand.get(card, 0) < 1:
        return "not_in_hand"
    if step.kind == "tribute":
        return None if card in tribute_cards(rules, hand, level) else "tribute_not_highest"
    return None if card in return_cards(rules, hand, level) else "return_too_high"


def leader(rules: DadunRules, pairs: list[Step], resisted: bool, top_receiver: int, holder: int) -> int:
    """Who leads the hand after the phase: with ``lead: giver`` the giver who gave to ``top_receiver`` (the first of
    ``receivers``, the previous first-out when its side won: the larger tribute), or ``top_receiver`` when the tribute
    was resisted; with ``lead: marked_card`` the marked card's holder, as without tribute [settlement.tribute,
    marked_card.first_lead]."""
    assert rules.tribute is not None
    if rules.tribute["lead"] == "marked_card":
        return holder
    if resisted:
        return top_receiver
    return next(s.giver for s in pairs if s.kind == "tribute" and s.receiver == top_receiver)
