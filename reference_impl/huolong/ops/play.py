"""Huolong's answers to the play and settlement operations of docs/implementers/operations.md.

Operations here: ``facts``, ``card_order``, ``classify``, ``legal_play``, ``legal_play_count``,
``trick_winner``, ``bottom_points``, ``settle``. Each is ``op_NAME(rules, given) -> answer`` with
``given`` and the answer shaped exactly as the operations doc says; :data:`OPS` maps op names to them.

Errors: a malformed ``given`` (missing key, bad card token, unknown level or suit, wrong type)
raises :class:`ValueError` with a one-line message (the readers of :mod:`.given`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...cards import build_deck
from ..combinations import classify, play_suit
from ..follow import check_play, legal_plays
from ..ranking import Ranking
from ..rules import TEAMS, HuolongRules
from ..scoring import bottom_award, card_points
from ..settlement import SettleInput, settle
from ..trick import trick_points, trick_winner

from . import given as parse

Answer = dict[str, Any]


def op_facts(rules: HuolongRules, given: dict) -> Answer:
    """``facts``: the fixed facts of the variant."""
    half = rules.players // 2
    return {
        "players": rules.players,
        "decks": rules.decks,
        "cards": rules.cards_total,
        "hand_size": rules.hand_size,
        "bottom_size": rules.bottom_size,
        "levels": list(rules.level_order),
        "start_level": rules.start_level,
        "point_total": card_points(rules, build_deck(rules.decks, jokers=rules.jokers_per_deck > 0)),
        "threshold": rules.threshold,
        "partners": [[seat, seat + half] for seat in range(half)],
        "first_drawer_first_hand": rules.first_drawer["first_hand"],
        "first_drawer_later_hands": rules.first_drawer["later_hands"],
    }


def op_card_order(rules: HuolongRules, given: dict) -> Answer:
    """``card_order``: the given cards in groups of equal strength, strongest first."""
    return {"order": parse.ranking(rules, given).order(parse.cards(rules, given, "cards"))}


def op_classify(rules: HuolongRules, given: dict) -> Answer:
    """``classify``: combination name (or null) and effective suit (or ``mixed``)."""
    ranking = parse.ranking(rules, given)
    cards = parse.cards(rules, given, "cards")
    return {"combination": classify(ranking, cards), "suit": play_suit(ranking, cards)}


def _trick_args(rules: HuolongRules, given: dict) -> tuple[Ranking, Counter, list[list[str]]]:
    ranking = parse.ranking(rules, given)
    hand = Counter(parse.cards(rules, given, "hand"))
    trick = parse.card_lists(rules, given, "trick")
    if trick and classify(ranking, trick[0]) is None:
        raise ValueError("given.trick: the lead is not one combination")
    return ranking, hand, trick


def op_legal_play(rules: HuolongRules, given: dict) -> Answer:
    """``legal_play``: ``{legal: true}`` or ``{legal: false, reason}``."""
    ranking, hand, trick = _trick_args(rules, given)
    reason = check_play(rules, ranking, hand, trick, parse.cards(rules, given, "play"))
    return {"legal": True} if reason is None else {"legal": False, "reason": reason}


def op_legal_play_count(rules: HuolongRules, given: dict) -> Answer:
    """``legal_play_count``: number of distinct legal plays (multisets)."""
    ranking, hand, trick = _trick_args(rules, given)
    return {"count": len(legal_plays(rules, ranking, hand, trick))}


def op_trick_winner(rules: HuolongRules, given: dict) -> Answer:
    """``trick_winner``: the winning seat and the points in the trick."""
    ranking = parse.ranking(rules, given)
    leader = parse.seat(given, "leader")
    plays = parse.card_lists(rules, given, "plays")
    if not plays or any(not p for p in plays):
        raise ValueError("given.plays: every play needs at least one card")
    index = trick_winner(rules, ranking, plays)
    return {"winner": (leader + index) % rules.players, "points": trick_points(rules, plays)}


def op_bottom_points(rules: HuolongRules, given: dict) -> Answer:
    """``bottom_points``: points in the bottom and the attackers' award."""
    dug = parse.flag(given, "dug")
    size = parse.count(given, "last_trick_size", minimum=1) if "last_trick_size" in given else None
    bottom = parse.cards(rules, given, "bottom")
    try:
        points, awarded = bottom_award(rules, bottom, dug, size)
    except ValueError as err:  # bottom.multiplier by size: the size is missing or has no factor
        raise ValueError(f"given.last_trick_size: {err}") from None
    return {"points": points, "awarded": awarded}


def op_settle(rules: HuolongRules, given: dict) -> Answer:
    """``settle``: next banker, levels after the hand, match winner and stakes."""
    levels = parse.teams(given, "levels")
    inp = SettleInput(
        banker=parse.seat(given, "banker"),
        levels={team: parse.level(rules, levels, team, "given.levels") for team in TEAMS},
        attacker_points=parse.need(given, "attacker_points"),
        bottom_dug=parse.flag(given, "bottom_dug"),
        stars=parse.teams(given, "stars", default={"banker_team": 0, "attackers": 0}),
        dug_with_level_rank=parse.flag(given, "dug_with_level_rank", default=False),
        dug_with_big_joker=parse.flag(given, "dug_with_big_joker", default=False),
        bottom_small_jokers=parse.count(given, "bottom_small_jokers", default=0),
        attackers_last_banker=parse.seat(given, "attackers_last_banker", default=None),
    )
    out = settle(rules, inp)
    return {"next_banker": out.next_banker, "levels": out.levels, "match_winner": out.match_winner,
            "stakes": out.stakes}


OPS: dict[str, Callable[[HuolongRules, dict], Answer]] = {
    "facts": op_facts,
    "card_order": op_card_order,
    "classify": op_classify,
    "legal_play": op_legal_play,
    "legal_play_count": op_legal_play_count,
    "trick_winner": op_trick_winner,
    "bottom_points": op_bottom_points,
    "settle": op_settle,
}
"""Operation name → handler, merged in :mod:`datong_rules.reference_impl.huolong.ops` with the lifecycle operations."""
