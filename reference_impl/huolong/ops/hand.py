"""Huolong's answers to the hand-lifecycle operations of docs/implementers/operations.md.

Operations here: ``declare``, ``bury``, ``star_burial``, ``replay``. Each is ``op_NAME(rules, given) ->
answer`` with ``given`` and the answer shaped exactly as the operations doc says; :data:`OPS` maps op
names to them.

Errors: a malformed ``given`` raises :class:`ValueError` with a one-line message (the readers of :mod:`.given`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ... import records
from ..burying import check_bury, run_star_burial
from ..declaration import run_declaration
from ..rules import HuolongRules

from . import given as parse

Answer = dict[str, Any]


def op_declare(rules: HuolongRules, given: dict) -> Answer:
    """``declare``: the outcome of the declaration for a dealing sequence and the shows attempted."""
    level = parse.level(rules, given, "level")
    first = parse.seat(given, "first_drawer")
    deal, bottom = parse.cards(rules, given, "deal"), parse.cards(rules, given, "bottom")
    shows = [(parse.seat(show, "seat", where), parse.cards(rules, show, "cards", where),
              parse.count(show, "after", where))
             for where, show in parse.entries(given, "shows", "{seat, cards, after}")]
    result, rejected = run_declaration(
        rules, level, first, deal, bottom, shows, hand_number=parse.count(given, "hand_number", minimum=1, default=1),
        banker=parse.seat(given, "banker", default=None), kept_suit=parse.trump_suit(given, "trump_suit"))
    return {"outcome": result.outcome, "trump_suit": result.trump_suit, "banker": result.banker,
            "rejected": rejected}


def op_bury(rules: HuolongRules, given: dict) -> Answer:
    """``bury``: whether the banker may put back these cards."""
    ranking = parse.ranking(rules, given)
    if ranking.trump_suit is None:
        raise ValueError("given.trump_suit: a suit is needed to tell side cards from trumps")
    hand, bury = Counter(parse.cards(rules, given, "hand")), parse.cards(rules, given, "bury")
    reason = check_bury(rules, ranking, hand, bury)
    return {"legal": True} if reason is None else {"legal": False, "reason": reason}


def op_star_burial(rules: HuolongRules, given: dict) -> Answer:
    """``star_burial``: loads in the order made, the forced ones, the bottom and the stars per team."""
    ranking = parse.ranking(rules, given)
    banker = parse.seat(given, "banker")
    bottom = parse.cards(rules, given, "bottom")
    holdings = parse.seat_counts(given, "holdings")
    loads = [(parse.seat(load, "seat", where), parse.count(load, "count", where))
             for where, load in parse.entries(given, "loads", "{seat, count}", default=[])]
    return run_star_burial(rules, ranking, banker, bottom, holdings, loads)


def op_replay(rules: HuolongRules, given: dict) -> Answer:
    """``replay``: whether a recorded hand (or match) is legal and correctly settled.

    Raises:
        ValueError: the record is not a mapping, has no string ``variant``, is of another variant than the
            query's, or cannot be read (:class:`datong_rules.reference_impl.records.RecordError`).
    """
    record = parse.need(given, "record")
    if not isinstance(record, dict):
        raise ValueError(f"given.record: expected a game record (a mapping), got {type(record).__name__}")
    variant = record.get("variant")
    if variant is None:
        raise ValueError(f"given.record: missing 'variant' (the record's variant id, e.g. {rules.variant_id!r})")
    if not isinstance(variant, str):
        raise ValueError(f"given.record.variant: expected a variant id, got {variant!r}")
    if variant != rules.variant_id:
        raise ValueError(f"given.record.variant: the record is of {variant!r}, but the query asks "
                         f"{rules.variant_id!r}")
    try:
        return records.verify(record, rules).answer()
    except records.RecordError as err:
        raise ValueError(f"given.record: {err}") from None


OPS: dict[str, Callable[[HuolongRules, dict], Answer]] = {
    "declare": op_declare,
    "bury": op_bury,
    "star_burial": op_star_burial,
    "replay": op_replay,
}
"""Operation name → handler, merged in :mod:`datong_rules.reference_impl.huolong.ops` with the card-play operations."""
