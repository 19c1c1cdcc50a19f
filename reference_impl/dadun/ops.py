"""The conformance operations of 打墩 Dadun (docs/implementers/dadun-operations.md): ``OPS[name](rules, given)``.

Every function takes the rules (a :class:`~.rules.DadunRules`, a variant id or a Variant) and the scenario's
``given`` mapping and returns the answer mapping; bad input raises ``ValueError`` with one line.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..climbing.cardset import FACES, JOKERS, check_cards, rank_of, sort_cards
from ..climbing.seats import partner_of
from . import combinations as cb
from . import scoring
from .count import count_plays
from .plays import legal_plays
from .play_reading import resolve
from .rules import DadunRules, rules_for


def _level(rules: DadunRules, given: dict) -> str:
    level = given.get("level", rules.start_level)
    if level not in FACES:
        raise ValueError(f"level must be a rank 2 … A (a string), got {level!r}")
    return level


def _play(rules: DadunRules, given: Any, what: str, level: str, need_reading: bool) -> tuple[tuple[str, ...], Any]:
    """(cards, Reading | reason) of a PLAY mapping; a table must have one reading (or declare it)."""
    if not isinstance(given, dict) or "cards" not in given:
        raise ValueError(f"{what} must be {{cards, reading?}}, got {given!r}")
    cards = tuple(check_cards(given["cards"], f"{what}.cards", rules.decks))
    if not cards:
        raise ValueError(f"{what}.cards is empty")
    return cards, resolve(rules, cards, given.get("reading"), level, what if need_reading else None)


def _table_was(given: dict) -> str:
    value = given.get("table_was", "round_opening")
    if value not in ("hand_opening", "round_opening", "follow"):
        raise ValueError(f"table_was must be hand_opening, round_opening or follow, got {value!r}")
    return value


def op_facts(rules: DadunRules, given: dict) -> dict:
    """facts [players.*, deck.*, deal.hand_sizes, points.cards, wild.cards, beating.bomb_ladder*]."""
    level = _level(rules, given)
    players = rules.players
    return {"players": players, "decks": rules.decks, "cards": rules.cards_total, "hand_sizes": list(rules.hand_sizes),
            "partners": [[s, partner_of(s, players)] for s in range(players // 2)],
            "play_direction": rules.play_direction,
            "wild_cards": [cb.wild_card(rules, level)],
            "point_cards": dict(rules.point_cards) if rules.has_points else None,
            "point_total": sum(rules.point_cards.values()) * 4 * rules.decks if rules.has_points else None,
            "start_level": rules.start_level, "combinations": list(rules.catalogue),
            "bomb_ladder": [{"combination": c, "size": s} for c, s in rules.ladder],
            "lead_means": rules.lead_means,
            "thresholds": {"first_side": rules.thresholds[0], "other_side": rules.thresholds[1]}
            if rules.has_points else None}  # points.cards none: no point keys


def op_card_order(rules: DadunRules, given: dict) -> dict:
    """card_order [ranking.power_order, ranking.level_promotion, ranking.lead_means]."""
    level = _level(rules, given)
    comb = given.get("combination", "single")
    context = given.get("context", "beat")
    if comb not in ("single", "pair", "triple", "full_house", "dun", "bomb") or context not in ("lead", "beat"):
        raise ValueError(f"combination/context not understood: {comb!r}, {context!r}")
    beating = context == "beat" or rules.lead_means == "none"  # ranking.lead_means: none promotes every lead
    promoted = comb in ("dun", "bomb") or (beating and comb in rules.promoted_types)
    ranks = list(FACES) + (list(JOKERS) if comb in ("single", "pair", "triple", "dun") else [])
    order = sorted(ranks, key=lambda r: -cb.power(r, level, promoted))
    return {"order": order}


def op_classify(rules: DadunRules, given: dict) -> dict:
    """classify: every reading [combinations.*, wild.*]."""
    level = _level(rules, given)
    cards = check_cards(given.get("cards"), "cards", rules.decks)
    if not cards:
        raise ValueError("cards is empty")
    found = cb.readings(rules, cards, level)
    names = [c for c in rules.catalogue if any(r.combination == c for r in found)]
    return {"readings": [{"combination": r.combination, "cards": list(r.cards), "size": len(cards)} for r in found],
            "combinations": names}


def op_beats(rules: DadunRules, given: dict) -> dict:
    """beats [beating.*, ranking.*]."""
    level = _level(rules, given)
    _, table = _play(rules, given.get("table"), "table", level, True)
    _, play = _play(rules, given.get("play"), "play", level, False)
    if isinstance(play, str):
        return {"beats": False, "reason": play}
    reason = cb.beats(rules, play, table, level, _table_was(given))
    return {"beats": True} if reason is None else {"beats": False, "reason": reason}


def _hand_and_table(rules: DadunRules, given: dict) -> tuple[str, Counter, Any]:
    """(level, hand, table Reading or None) of a legal_play / legal_play_count given."""
    level = _level(rules, given)
    hand = Counter(check_cards(given.get("hand"), "hand", rules.decks))
    table = None
    if given.get("table") is not None:
        _, table = _play(rules, given["table"], "table", level, True)
    return level, hand, table


def op_legal_play(rules: DadunRules, given: dict) -> dict:
    """legal_play [play.*, beating.*]."""
    level, hand, table = _hand_and_table(rules, given)
    action = given.get("action")
    if not isinstance(action, dict) or action.get("type") not in ("play", "pass"):
        raise ValueError(f"action must be {{type: play, cards, reading?}} or {{type: pass}}, got {action!r}")
    if action["type"] == "pass":
        return {"legal": False, "reason": "must_lead"} if table is None else {"legal": True, "reading": None}
    cards = tuple(check_cards(action.get("cards"), "action.cards", rules.decks))
    if not cards:
        return {"legal": False, "reason": "empty_play"}
    if given.get("passed") and rules.pass_locks_out and table is not None:
        return {"legal": False, "reason": "locked_out"}
    if Counter(cards) - hand:
        return {"legal": False, "reason": "not_in_hand"}
    reading = resolve(rules, cards, action.get("reading"), level)
    if isinstance(reading, str):
        return {"legal": False, "reason": reading}
    if table is not None:
        reason = cb.beats(rules, reading, table, level, _table_was(given))
        if reason:
            return {"legal": False, "reason": reason}
    return {"legal": True, "reading": cb.reading_dict(reading)}


def op_legal_play_count(rules: DadunRules, given: dict) -> dict:
    """legal_play_count: distinct (cards, reading) plays, or with ``distinct: key`` distinct (cards, combination,
    compare key) plays, the readings of one card set that compare alike counted once [play.*, beating.*]."""
    level, hand, table = _hand_and_table(rules, given)
    distinct = given.get("distinct", "reading")
    if distinct not in ("reading", "key"):
        raise ValueError(f"distinct must be reading or key, got {distinct!r}")
    locked = bool(given.get("passed")) and rules.pass_locks_out and table is not None
    if locked:
        by = Counter()
    elif distinct == "key":
        by = Counter(c for _, c, _ in {(cards, r.combination, r.key)
                                        for cards, r in legal_plays(rules, hand, level, table, _table_was(given))})
    else:
        by = count_plays(rules, hand, level, table, _table_was(given))
    plays = sum(by.values())
    can_pass = table is not None
    return {"count": plays + int(can_pass), "plays": plays, "pass": can_pass,
            "by_combination": {c: by[c] for c in rules.catalogue if by[c]}}


def op_round_points(rules: DadunRules, given: dict) -> dict:
    """round_points [points.cards]."""
    cards = check_cards(given.get("cards"), "cards", rules.decks)
    return {"points": scoring.points_of(rules, cards)}


def op_deal_order(rules: DadunRules, given: dict) -> dict:
    """deal_order [cut.*, marked_card.*, deal.hand_sizes]."""
    return scoring.deal_order(rules, given)


def op_marked_card(rules: DadunRules, given: dict) -> dict:
    """marked_card [marked_card.*]."""
    return scoring.marked_card(rules, given)


def op_settle(rules: DadunRules, given: dict) -> dict:
    """settle [merging.stages, settlement.*, levels.*, match.end]."""
    return scoring.settle(rules, given)


def op_round(rules: DadunRules, given: dict) -> dict:
    """round [play.*, points.*, hand_end.when]."""
    from .round_op import run_round
    return run_round(rules, given)


def op_replay(rules: DadunRules, given: dict) -> dict:
    """replay [all rules]."""
    from .records import replay
    record = given.get("record")
    if not isinstance(record, dict):
        raise ValueError("record must be a mapping (a Dadun record)")
    return replay(record, rules).answer()


_OPS = {"facts": op_facts, "card_order": op_card_order, "classify": op_classify, "beats": op_beats,
        "legal_play": op_legal_play, "legal_play_count": op_legal_play_count, "round": op_round,
        "round_points": op_round_points, "deal_order": op_deal_order, "marked_card": op_marked_card,
        "settle": op_settle, "replay": op_replay}


def _wrap(fn):
    def op(rules: Any, given: dict) -> dict:
        if not isinstance(given, dict):
            raise ValueError(f"given must be a mapping, got {given!r}")
        return fn(rules_for(rules), given)
    op.__doc__ = fn.__doc__
    op.__name__ = fn.__name__
    return op


OPS = {name: _wrap(fn) for name, fn in _OPS.items()}
"""Operation name → ``fn(rules, given) -> answer``."""

__all__ = ["OPS", "resolve", "sort_cards", "rank_of"]
