"""打墩 Dadun record body and replay (the envelope is the kit's, :mod:`datong_rules.reference_impl.records`);
schema spec/schema/games/dadun/record.schema.json."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from .. import records as envelope
from ..records import ReplayResult
from .rules import DadunRules
from .state import HandState, IllegalAction, Match


def hand_body(state: HandState, *, deal_number: int = 1) -> dict[str, Any]:
    """The body of a hand record: levels, level, previous, cutter, first drawer, pack, actions, result."""
    body: dict[str, Any] = {"format": 1, "deal_number": deal_number, "levels": list(state.levels),
                            "level": state.level, "previous": state.previous, "cutter": state.cutter,
                            "first_drawer": state.first_drawer, "pack": list(state.pack),
                            "actions": [dict(a) for a in state.actions]}
    if state.result is not None:
        body["result"] = state.settlement()
    return body


def match_body(match: Match) -> dict[str, Any]:
    """The body of a match record: every hand record."""
    return {"format": 1, "hands": [envelope.hand_record(h, seed=match.seed, deal_number=i + 1)
                                   for i, h in enumerate(match.hands)]}


def _same_result(a: dict, b: dict) -> bool:
    return a == b


def replay_hand(record: dict, rules: DadunRules, expect: dict | None = None) -> ReplayResult:
    """Replay one hand record; ``expect``: the levels, level and previous that follow from the hand before."""
    if expect is not None and any(record.get(k) != v for k, v in expect.items()):
        return ReplayResult(False, None, None, None, "wrong_setup", "levels or previous do not follow")
    try:
        state = HandState(rules, list(record["pack"]), cutter=record["cutter"], levels=tuple(record["levels"]),
                          level=record["level"], previous=record["previous"],
                          first_drawer_seat=record["first_drawer"])
    except ValueError as err:
        code = "wrong_setup" if str(err).startswith("wrong_setup") else "bad_pack"
        return ReplayResult(False, None, None, None, code, str(err))
    for i, action in enumerate(record["actions"]):
        if state.is_terminal():
            return ReplayResult(False, None, i, action.get("seat"), "out_of_turn", "the hand is over", state)
        try:
            state.apply(action)
        except IllegalAction as err:
            return ReplayResult(False, None, i, action.get("seat"), err.reason, str(err), state)
    if not state.is_terminal():
        return ReplayResult(False, None, len(record["actions"]), state.current_player(), "incomplete",
                            "the record stops before the hand ends", state)
    claimed = record.get("result")
    if claimed is not None and not _same_result(claimed, state.settlement()):
        given = json.loads(json.dumps(state.settlement()))  # the settlement as its JSON: tuples are lists
        return ReplayResult(False, None, None, None, "result_mismatch",
                            envelope.result_differences(claimed, given) or "the result differs", state)
    return ReplayResult(True, state=state)


def replay(record: dict, rules: DadunRules | None = None) -> ReplayResult:
    """Replay a Dadun hand or match record (answer of the ``replay`` operation: ``.answer()``)."""
    rules = envelope.game_rules(record, rules)
    if record.get("record") == "match":
        expect = None
        result = ReplayResult(True)
        for h, hand in enumerate(record.get("hands", [])):
            result = replay_hand(hand, rules, expect)
            if not result.accepted:
                result.hand = h
                return result
            state = result.state
            res = state.settlement()
            expect = {"levels": res["levels"], "level": res["next_level"], "previous": state.for_next_hand(),
                      "cutter": state.finish[0]}
        return result
    return replay_hand(record, rules)


__all__ = ["hand_body", "match_body", "replay", "Counter"]
