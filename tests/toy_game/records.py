"""The toy game's record body and replay (the envelope is the kit's, :mod:`datong_rules.reference_impl.records`)."""

from __future__ import annotations

from typing import Any

from datong_rules.reference_impl import records as envelope
from datong_rules.reference_impl.records import ReplayResult

from . import HERE
from .state import IllegalAction, Match, ToyHand
from .rules import ToyRules

SCHEMA = HERE / "record.schema.json"
"""The toy's record schema (envelope keys and the body)."""


def hand_body(state: ToyHand, *, deal_number: int = 1) -> dict[str, Any]:
    """``hand_number``, ``first`` (first card and first lead), ``pack`` and ``actions`` (with the ``settle`` entry)."""
    return {"hand_number": state.hand_number, "first": state.first, "pack": list(state.pack),
            "actions": [dict(a) for a in state.actions]}


def match_body(match: Match) -> dict[str, Any]:
    """Every hand record of the match, and the scores."""
    return {"hands": [envelope.hand_record(h, seed=match.seed) for h in match.hands], "scores": list(match.scores)}


def _replay_hand(rules: ToyRules, record: dict) -> tuple[ToyHand | None, ReplayResult | None]:
    try:
        state = ToyHand(rules, record["pack"], first=record["first"], hand_number=record["hand_number"])
    except ValueError as err:
        return None, ReplayResult(False, None, None, None, "bad_pack", str(err))
    for i, action in enumerate(record["actions"]):
        if action.get("type") == "settle":
            if not state.is_terminal():
                return state, ReplayResult(False, None, i, None, "wrong_phase", "a settle entry before the end")
            claim = {k: v for k, v in action.items() if k != "type"}
            if claim != state.settlement():
                return state, ReplayResult(False, None, i, None, "wrong_settlement", f"the rules give {state.settlement()}")
            continue
        try:
            state.apply(action)
        except IllegalAction as err:
            return state, ReplayResult(False, None, i, err.seat, err.reason, str(err), state)
    if not state.is_terminal():
        return state, ReplayResult(False, None, len(record["actions"]), state.current_player(), "missing_actions")
    return state, None


def replay(record: dict, rules: ToyRules | None = None) -> ReplayResult:
    """Replay a toy hand or match record; ``.answer()`` is the ``replay`` operation's answer."""
    rules = envelope.game_rules(record, rules)
    hands = record["hands"] if record["record"] == "match" else [record]
    state = None
    for h, hand in enumerate(hands):
        state, refused = _replay_hand(rules, hand)
        if refused is not None:
            if record["record"] == "match":
                refused.hand = h
            return refused
    return ReplayResult(True, state=state)
