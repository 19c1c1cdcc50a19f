"""The reference engine's answers to the hand-lifecycle operations of docs/implementers/operations.md.

Operations here: ``declare``, ``bury``, ``star_burial``, ``replay``. Each is ``op_NAME(rules, given) ->
answer`` with ``given`` and the answer shaped exactly as the operations doc says; :data:`OPS` maps op
names to them.

Errors: a malformed ``given`` raises :class:`ValueError` with a one-line message.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from reference_impl import records
from reference_impl.huolong.burying import check_bury, run_star_burial
from reference_impl.huolong.declaration import run_declaration
from reference_impl.huolong.rules import HuolongRules

from .ops_play import _cards, _need, _rank, _ranking, _seat

Answer = dict[str, Any]


def _int(value: Any, what: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ValueError(f"{what}: expected an integer ≥ {minimum}, got {value!r}")
    return value


def _suit_or_none(value: Any, what: str) -> str | None:
    if value is None:
        return None
    if value not in ("S", "H", "C", "D"):
        raise ValueError(f"{what}: {value!r} is not a suit (S H C D) or null")
    return value


def op_declare(rules: HuolongRules, given: dict) -> Answer:
    """``declare``: the outcome of the declaration for a dealing sequence and the shows attempted."""
    level = _rank(rules, _need(given, "level"), "given.level")
    first = _seat(_need(given, "first_drawer"), "given.first_drawer")
    deal = _cards(given, "deal")
    bottom = _cards(given, "bottom")
    raw_shows = _need(given, "shows")
    if not isinstance(raw_shows, list):
        raise ValueError("given.shows: expected a list of {seat, cards, after}")
    shows = []
    for i, show in enumerate(raw_shows):
        if not isinstance(show, dict):
            raise ValueError(f"given.shows[{i}]: expected {{seat, cards, after}}")
        shows.append((_seat(_need(show, "seat"), f"given.shows[{i}].seat"), _cards(show, "cards"),
                      _int(_need(show, "after"), f"given.shows[{i}].after")))
    hand_number = _int(given.get("hand_number", 1), "given.hand_number", 1)
    banker = given.get("banker")
    banker = None if banker is None else _seat(banker, "given.banker")
    kept = _suit_or_none(given.get("trump_suit"), "given.trump_suit")
    result, rejected = run_declaration(rules, level, first, deal, bottom, shows, hand_number=hand_number,
                                       banker=banker, kept_suit=kept)
    return {"outcome": result.outcome, "trump_suit": result.trump_suit, "banker": result.banker,
            "rejected": rejected}


def op_bury(rules: HuolongRules, given: dict) -> Answer:
    """``bury``: whether the banker may put back these cards."""
    ranking = _ranking(rules, given)
    if ranking.trump_suit is None:
        raise ValueError("given.trump_suit: a suit is needed to tell side cards from trumps")
    reason = check_bury(rules, ranking, Counter(_cards(given, "hand")), _cards(given, "bury"))
    return {"legal": True} if reason is None else {"legal": False, "reason": reason}


def op_star_burial(rules: HuolongRules, given: dict) -> Answer:
    """``star_burial``: loads in the order made, the forced ones, the bottom and the stars per team."""
    ranking = _ranking(rules, given)
    banker = _seat(_need(given, "banker"), "given.banker")
    bottom = _cards(given, "bottom")
    raw_holdings = given.get("holdings", {})
    if not isinstance(raw_holdings, dict):
        raise ValueError("given.holdings: expected {seat: count}")
    holdings: dict[int, int] = {}
    for key, count in raw_holdings.items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise ValueError(f"given.holdings: {key!r} is not a seat") from None
        holdings[_seat(seat, "given.holdings")] = _int(count, f"given.holdings.{key}")
    raw_loads = given.get("loads", [])
    if not isinstance(raw_loads, list):
        raise ValueError("given.loads: expected a list of {seat, count}")
    loads = []
    for i, load in enumerate(raw_loads):
        if not isinstance(load, dict):
            raise ValueError(f"given.loads[{i}]: expected {{seat, count}}")
        loads.append((_seat(_need(load, "seat"), f"given.loads[{i}].seat"),
                      _int(_need(load, "count"), f"given.loads[{i}].count")))
    return run_star_burial(rules, ranking, banker, bottom, holdings, loads)


def op_replay(rules: HuolongRules, given: dict) -> Answer:
    """``replay``: whether a recorded hand (or match) is legal and correctly settled."""
    record = _need(given, "record")
    if isinstance(record, dict) and record.get("variant") != rules.variant_id:
        raise ValueError(f"given.record: a {record.get('variant')!r} record asked of {rules.variant_id}")
    try:
        return records.verify(record).answer()
    except records.RecordError as err:
        raise ValueError(f"given.record: {err}") from None


OPS: dict[str, Callable[[HuolongRules, dict], Answer]] = {
    "declare": op_declare,
    "bury": op_bury,
    "star_burial": op_star_burial,
    "replay": op_replay,
}
"""Operation name → handler, merged by the reference adapter with the card-play operations."""
