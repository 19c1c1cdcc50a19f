"""The reference engine's answers to the play and settlement operations of docs/implementers/operations.md.

Operations here: ``facts``, ``card_order``, ``classify``, ``legal_play``, ``legal_play_count``,
``trick_winner``, ``bottom_points``, ``settle``. Each is ``op_NAME(rules, given) -> answer`` with
``given`` and the answer shaped exactly as the operations doc says; :data:`OPS` maps op names to them.

Errors: a malformed ``given`` (missing key, bad card token, unknown level or suit, wrong type)
raises :class:`ValueError` with a one-line message.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from reference_impl.cards import SUITS, build_deck, parse_card, parse_cards
from reference_impl.huolong.combinations import classify, play_suit
from reference_impl.huolong.follow import check_play, legal_plays
from reference_impl.huolong.ranking import Ranking
from reference_impl.huolong.rules import TEAMS, HuolongRules
from reference_impl.huolong.scoring import bottom_award, card_points
from reference_impl.huolong.settlement import SettleInput, settle
from reference_impl.huolong.trick import trick_points, trick_winner

Answer = dict[str, Any]


def _need(given: dict, key: str) -> Any:
    if not isinstance(given, dict) or key not in given:
        raise ValueError(f"given: missing {key!r}")
    return given[key]


def _cards(given: dict, key: str) -> list[str]:
    value = _need(given, key)
    if not isinstance(value, list):
        raise ValueError(f"given.{key}: expected a list of cards")
    try:
        return parse_cards(value)
    except ValueError as err:
        raise ValueError(f"given.{key}: {err}") from None


def _card_lists(given: dict, key: str) -> list[list[str]]:
    value = _need(given, key)
    if not isinstance(value, list) or not all(isinstance(p, list) for p in value):
        raise ValueError(f"given.{key}: expected a list of lists of cards")
    try:
        return [parse_cards(p) for p in value]
    except ValueError as err:
        raise ValueError(f"given.{key}: {err}") from None


def _rank(rules: HuolongRules, value: Any, what: str) -> str:
    text = str(value).strip().upper()
    text = "10" if text == "T" else text
    if text not in rules.level_order:
        raise ValueError(f"{what}: {value!r} is not a level of {rules.variant_id}")
    return text


def _ranking(rules: HuolongRules, given: dict) -> Ranking:
    level = _rank(rules, _need(given, "level"), "given.level")
    suit = given.get("trump_suit") if isinstance(given, dict) else None
    if suit is not None:
        try:
            suit = parse_card(f"{suit}A")[0] if isinstance(suit, str) and len(suit) == 1 else None
        except ValueError:
            suit = None
        if suit not in SUITS:
            raise ValueError(f"given.trump_suit: {given.get('trump_suit')!r} is not a suit (S H C D) or null")
    return Ranking.get(rules, level, suit)


def _seat(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise ValueError(f"{what}: expected a seat 0–3, got {value!r}")
    return value


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
    }


def op_card_order(rules: HuolongRules, given: dict) -> Answer:
    """``card_order``: the given cards in groups of equal strength, strongest first."""
    return {"order": _ranking(rules, given).order(_cards(given, "cards"))}


def op_classify(rules: HuolongRules, given: dict) -> Answer:
    """``classify``: combination name (or null) and effective suit (or ``mixed``)."""
    ranking = _ranking(rules, given)
    cards = _cards(given, "cards")
    return {"combination": classify(ranking, cards), "suit": play_suit(ranking, cards)}


def _trick_args(rules: HuolongRules, given: dict) -> tuple[Ranking, Counter, list[list[str]]]:
    ranking = _ranking(rules, given)
    hand = Counter(_cards(given, "hand"))
    trick = _card_lists(given, "trick")
    if trick and classify(ranking, trick[0]) is None:
        raise ValueError("given.trick: the lead is not one combination")
    return ranking, hand, trick


def op_legal_play(rules: HuolongRules, given: dict) -> Answer:
    """``legal_play``: ``{legal: true}`` or ``{legal: false, reason}``."""
    ranking, hand, trick = _trick_args(rules, given)
    reason = check_play(rules, ranking, hand, trick, _cards(given, "play"))
    return {"legal": True} if reason is None else {"legal": False, "reason": reason}


def op_legal_play_count(rules: HuolongRules, given: dict) -> Answer:
    """``legal_play_count``: number of distinct legal plays (multisets)."""
    ranking, hand, trick = _trick_args(rules, given)
    return {"count": len(legal_plays(rules, ranking, hand, trick))}


def op_trick_winner(rules: HuolongRules, given: dict) -> Answer:
    """``trick_winner``: the winning seat and the points in the trick."""
    ranking = _ranking(rules, given)
    leader = _seat(_need(given, "leader"), "given.leader")
    plays = _card_lists(given, "plays")
    if not plays or any(not p for p in plays):
        raise ValueError("given.plays: every play needs at least one card")
    index = trick_winner(rules, ranking, plays)
    return {"winner": (leader + index) % rules.players, "points": trick_points(rules, plays)}


def op_bottom_points(rules: HuolongRules, given: dict) -> Answer:
    """``bottom_points``: points in the bottom and the attackers' award."""
    dug = _need(given, "dug")
    if not isinstance(dug, bool):
        raise ValueError(f"given.dug: expected true or false, got {dug!r}")
    points, awarded = bottom_award(rules, _cards(given, "bottom"), dug)
    return {"points": points, "awarded": awarded}


def _teams(value: Any, what: str) -> dict:
    if not isinstance(value, dict) or set(value) != set(TEAMS):
        raise ValueError(f"{what}: expected {{banker_team: …, attackers: …}}, got {value!r}")
    return value


def op_settle(rules: HuolongRules, given: dict) -> Answer:
    """``settle``: next banker, levels after the hand, match winner and stakes."""
    levels = _teams(_need(given, "levels"), "given.levels")
    inp = SettleInput(
        banker=_seat(_need(given, "banker"), "given.banker"),
        levels={team: _rank(rules, levels[team], f"given.levels.{team}") for team in TEAMS},
        attacker_points=_need(given, "attacker_points"),
        bottom_dug=_need(given, "bottom_dug"),
        stars=dict(_teams(given.get("stars", {"banker_team": 0, "attackers": 0}), "given.stars")),
        dug_with_level_rank=given.get("dug_with_level_rank", False),
    )
    for key in ("bottom_dug", "dug_with_level_rank"):
        if not isinstance(getattr(inp, key), bool):
            raise ValueError(f"given.{key}: expected true or false")
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
"""Operation name → handler, merged by the reference adapter with the lifecycle operations."""
