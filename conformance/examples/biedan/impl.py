#!/usr/bin/env python3
"""A small 憋蛋 Biedan engine speaking the datong-rules conformance protocol 2 (JSON lines on stdin/stdout).

It answers three operations of biedan/biedan-guide — biedan/card_order, biedan/classify, biedan/beats — the way an
app maker in any language would: the rules are written here by hand from the rulebook, not read from the kit's YAML.
Three rules are read from each query instead, because the suite's fixture variants change them: under protocol 2 a
query about a fixture variant carries the variant, resolved, in ``variant_rules`` (its ``rules`` hold every rule
item), and this engine plays ``beating.bombs_beat_ordinary``, ``combinations.flush_reach`` and
``ranking.sequence_order`` from there (falling back to biedan-guide's values). A query about a variant with a
house rule it does not play (attached plays, a sequence order with the A at both ends, another catalogue) is answered
``skipped``.
Standard library only.  Run:  datong-rules conform --impl-cmd "python conformance/examples/biedan/impl.py"
"""

from __future__ import annotations

import json
import sys

NAME, VERSION = "biedan-example", "0.1.0"
VARIANT = "biedan/biedan-guide"
OPERATIONS = ("biedan/card_order", "biedan/classify", "biedan/beats")

# ---- the rules of biedan/biedan-guide ----------------------------------------------------------------------------
SUITS = "SHCD"                                                      # notation order
SINGLE_ORDER = ["BJ", "LJ", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]   # high to low
SEQUENCE = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]                        # no 2, no jokers
CATALOGUE = [{"name": "single", "shape": "same_rank", "size": 1, "tier": "ordinary"},       # coded in reading() below
             {"name": "pair", "shape": "same_rank", "size": 2, "tier": "ordinary"},
             {"name": "triple", "shape": "same_rank", "size": 3, "tier": "ordinary"},
             {"name": "bomb", "shape": "same_rank", "size": 4, "tier": "bomb"},
             {"name": "straight", "shape": "sequence", "unit": 1, "min_length": 3, "tier": "ordinary"},
             {"name": "pair_run", "shape": "sequence", "unit": 2, "min_length": 2, "tier": "ordinary"},
             {"name": "rocket", "shape": "fixed_set", "cards": ["BJ", "LJ"], "tier": "top"}]
DEFAULTS = {"bombs_beat_ordinary": True, "flush_reach": "any_ranks", "sequence_order": SEQUENCE,  # biedan-guide's
            "attachments": "none", "catalogue": CATALOGUE}


class BadQuery(ValueError):
    """A query this engine cannot read: answered ``errored`` with the message."""


def rank_of(card: str) -> str:
    if card in ("BJ", "LJ"):
        return card
    if isinstance(card, str) and len(card) >= 2 and card[0] in SUITS and card[1:] in SINGLE_ORDER[2:]:
        return card[1:]
    raise BadQuery(f"bad card {card!r}: expected a token such as H10, SA, BJ or LJ")


def strength(rank: str) -> int:
    """Bigger beats smaller (the single order)."""
    return len(SINGLE_ORDER) - SINGLE_ORDER.index(rank)


def cards_of(given: dict, key: str) -> list[str]:
    cards = given.get(key)
    if not isinstance(cards, list) or not cards:
        raise BadQuery(f"'{key}' must be a non-empty list of cards")
    if len(set(cards)) != len(cards):
        raise BadQuery(f"'{key}' names a card twice (one deck: every card once)")
    for card in cards:
        rank_of(card)
    return cards


def reading(cards: list[str], sequence: list[str] = SEQUENCE) -> dict | None:
    """The one reading of the cards (one deck: at most one), or None. ``{combination, top, length, flush, tier}``."""
    ranks = [rank_of(c) for c in cards]
    n, distinct = len(cards), set(ranks)
    if sorted(ranks) == ["BJ", "LJ"]:
        return {"combination": "rocket", "top": "BJ", "length": 1, "flush": False, "tier": "top"}
    if len(distinct) == 1 and not distinct & {"BJ", "LJ"} or n == 1:
        name = {1: "single", 2: "pair", 3: "triple", 4: "bomb"}.get(n)
        if name:
            return {"combination": name, "top": ranks[0], "length": 1, "flush": False,
                    "tier": "bomb" if name == "bomb" else "ordinary"}
        return None
    for unit, name, least in ((1, "straight", 3), (2, "pair_run", 2)):
        if n % unit or n // unit < least or any(ranks.count(r) != unit for r in distinct):
            continue
        if not distinct <= set(sequence):
            continue                                                # biedan-guide: 2 and the jokers never join
        idx = sorted(sequence.index(r) for r in distinct)
        if idx == list(range(idx[0], idx[0] + len(idx))):
            flush = name == "straight" and len({c[0] for c in cards}) == 1
            return {"combination": name, "top": sequence[idx[-1]], "length": len(idx), "flush": flush,
                    "tier": "ordinary"}
    return None


def option(query: dict, group: str, name: str):
    """A rule's value from the query's ``variant_rules`` (a fixture variant), else biedan-guide's."""
    rules = (query.get("variant_rules") or {}).get("rules") or {}
    item = (rules.get(group) or {}).get(name)
    return item["value"] if isinstance(item, dict) and "value" in item else DEFAULTS[name]


def unplayed(query: dict) -> str | None:
    """Why this engine does not play the query's variant (a house rule it was not written for), or None."""
    if option(query, "combinations", "attachments") != "none":
        return "attached plays (combinations.attachments) are not implemented"
    if option(query, "combinations", "catalogue") != CATALOGUE:
        return "another catalogue (combinations.catalogue) is not implemented: this engine codes biedan-guide's"
    sequence = option(query, "ranking", "sequence_order")
    if len(sequence) > 1 and sequence[0] == sequence[-1]:
        return "runs with a rank at either end (ranking.sequence_order) are not implemented"
    return None


# ---- the operations ---------------------------------------------------------------------------------------------
def card_order(query: dict) -> dict:
    cards = cards_of(query["given"], "cards")
    groups: dict[str, list[str]] = {}
    for card in sorted(cards, key=lambda c: SUITS.index(c[0]) if c not in ("BJ", "LJ") else 0):
        groups.setdefault(rank_of(card), []).append(card)
    return {"order": [groups[r] for r in sorted(groups, key=strength, reverse=True)]}


def classify(query: dict) -> dict:
    found = reading(cards_of(query["given"], "cards"), option(query, "ranking", "sequence_order"))
    if found is None:
        return {"combination": None, "readings": []}
    shown = {k: found[k] for k in ("combination", "top", "length", "flush")}
    return {"combination": found["combination"], "readings": [shown]}


def beats(query: dict) -> dict:
    given, sequence = query["given"], option(query, "ranking", "sequence_order")
    table, play = reading(cards_of(given, "table"), sequence), reading(cards_of(given, "play"), sequence)
    if table is None:
        raise BadQuery("'table' is no combination")
    if play is None:
        return {"beats": False, "reason": "not_a_combination"}
    if play["tier"] == "top":
        return {"beats": True} if table["tier"] != "top" else {"beats": False, "reason": "not_higher"}
    if table["tier"] == "top":
        return {"beats": False, "reason": "wrong_type"}
    if play["tier"] == "bomb" and table["tier"] == "ordinary":
        ok = option(query, "beating", "bombs_beat_ordinary")
        return {"beats": True} if ok else {"beats": False, "reason": "wrong_type"}
    if play["combination"] != table["combination"]:
        return {"beats": False, "reason": "wrong_type"}
    if play["length"] != table["length"]:
        return {"beats": False, "reason": "wrong_count"}
    order = sequence if play["combination"] in ("straight", "pair_run") else SINGLE_ORDER[::-1]
    higher = order.index(play["top"]) > order.index(table["top"])
    if play["combination"] == "straight" and play["flush"] != table["flush"]:
        if option(query, "combinations", "flush_reach") == "any_ranks":
            higher = play["flush"]                                  # a flush beats any mixed straight
        elif play["top"] == table["top"]:
            higher = play["flush"]                                  # same_ranks: the flush breaks the tie
    return {"beats": True} if higher else {"beats": False, "reason": "not_higher"}


ANSWERS = {"biedan/card_order": card_order, "biedan/classify": classify, "biedan/beats": beats}


# ---- the protocol -----------------------------------------------------------------------------------------------
def reply(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "start":
            reply({"type": "ready", "protocol": 2, "name": NAME, "version": VERSION, "variants": [VARIANT],
                   "operations": list(OPERATIONS)})
        elif kind == "query":
            qid, op = message.get("id"), message.get("op")
            if op not in ANSWERS:
                reply({"type": "skipped", "id": qid, "reason": f"{op} is not implemented"})
                continue
            why = unplayed(message)
            if why:
                reply({"type": "skipped", "id": qid, "reason": why})
                continue
            try:
                reply({"type": "result", "id": qid, "answer": ANSWERS[op](message)})
            except (BadQuery, KeyError, TypeError) as err:
                reply({"type": "errored", "id": qid, "message": str(err).replace("\n", " ")})
        elif kind == "stop":
            return


if __name__ == "__main__":
    main()
