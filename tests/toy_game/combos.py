"""What a toy play can be read as, and which reading beats which.

A play is one card (``single``) or two cards of one rank (``pair``). The wild card (rule ``wild.card``) joins any
card as a pair of that card's rank; alone it stands for any rank (``wild.alone: any_rank``: the play must declare
which) or for itself, a single above every rank (``natural``). A play's ``reading`` is
``{"combination", "cards"}`` with ``reading.cards[i]`` the card ``cards[i]`` stands for (the wild's declared value;
other cards stand for themselves); it may be left out when the cards have exactly one reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from datong_rules.reference_impl.cards import parse_card

from .rules import ToyRules

Reading = tuple[str, str]
"""``(combination, rank)``: ``("pair", "7")``; the natural lone wild's rank is the wild card itself (``"BJ"``)."""


def rank_of(card: str) -> str:
    """The rank part of a suited card token (``"S10"`` → ``"10"``)."""
    return card[1:]


def readings(rules: ToyRules, cards: Sequence[str]) -> list[Reading]:
    """Every reading of ``cards``, low to high (``[]``: not a combination)."""
    wild = rules.wild
    if len(cards) == 1:
        if cards[0] != wild:
            return [("single", rank_of(cards[0]))]
        if rules.wild_alone == "natural":
            return [("single", wild)]
        return [("single", rank) for rank in rules.order]
    if len(cards) == 2:
        natural = [c for c in cards if c != wild]
        if len(natural) == 2 and rank_of(natural[0]) == rank_of(natural[1]):
            return [("pair", rank_of(natural[0]))]
        if len(natural) == 1:
            return [("pair", rank_of(natural[0]))]
    return []


def strength(rules: ToyRules, reading: Reading) -> int:
    """The compare key of a reading's rank (a natural lone wild above every rank)."""
    rank = reading[1]
    return len(rules.order) if rank == rules.wild else rules.order.index(rank)


def declared(rules: ToyRules, cards: Sequence[str], reading: Any) -> Reading | str:
    """The reading a play stands for, or a reason code: ``not_a_combination``, ``reading_needed`` (several readings
    and none declared), ``bad_reading`` (a declared reading the cards cannot have).
    """
    options = readings(rules, cards)
    if not options:
        return "not_a_combination"
    if reading is None:
        return options[0] if len(options) == 1 else "reading_needed"
    if not isinstance(reading, dict) or not isinstance(reading.get("cards"), list) \
            or len(reading["cards"]) != len(cards):
        return "bad_reading"
    try:
        meant = [parse_card(c) for c in reading["cards"]]
    except (ValueError, TypeError):
        return "bad_reading"
    for card, stands in zip(cards, meant, strict=True):
        if card != rules.wild and stands != card:
            return "bad_reading"  # only the wild card stands for another card
    if rules.wild in cards and rules.wild_alone == "natural" and len(cards) == 1:
        want = ("single", rules.wild) if meant == [rules.wild] else None
    else:
        ranks = {rank_of(c) for c in meant}
        want = (reading.get("combination"), ranks.pop()) if len(ranks) == 1 and rules.wild not in meant else None
    return want if want in options and want[0] == reading.get("combination") else "bad_reading"


def beats(rules: ToyRules, play: Reading, previous: Reading) -> bool:
    """Whether ``play`` beats ``previous``: the same combination, a higher rank."""
    return play[0] == previous[0] and strength(rules, play) > strength(rules, previous)


def reading_of(rules: ToyRules, cards: Sequence[str], reading: Reading) -> dict[str, Any]:
    """The notation of a reading for ``cards``: ``{"combination", "cards"}`` (the wild as a heart of the rank)."""
    combination, rank = reading
    meant = [c if c != rules.wild or rank == rules.wild else f"H{rank}" for c in cards]
    return {"combination": combination, "cards": meant}
