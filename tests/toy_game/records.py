"""The toy game's record body and replay (the envelope is the kit's, :mod:`datong_rules.reference_impl.records`)."""

from __future__ import annotations

from typing import Any

from datong_rules.reference_impl import records as envelope
from datong_rules.reference_impl.replay import GameReplay, Refusal, ReplayResult, replay_record

from . import HERE
from .state import Match, ToyHand
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


class ToyReplay(GameReplay):
    """The toy's hooks of the kit's replay driver: the pack and first seat, ``settle`` entries, ``missing_actions``."""

    incomplete = "missing_actions"

    def start(self, rules: ToyRules, hand: dict, expected: Any) -> ToyHand:
        try:
            return ToyHand(rules, hand["pack"], first=hand["first"], hand_number=hand["hand_number"])
        except ValueError as err:
            raise Refusal("bad_pack", detail=str(err)) from None

    def step(self, state: ToyHand, index: int, action: dict) -> None:
        if action.get("type") != "settle":
            super().step(state, index, action)
        elif not state.is_terminal():
            raise Refusal("wrong_phase", index, detail="a settle entry before the end")
        elif {k: v for k, v in action.items() if k != "type"} != state.settlement():
            raise Refusal("wrong_settlement", index, detail=f"the rules give {state.settlement()}")


def replay(record: dict, rules: ToyRules | None = None) -> ReplayResult:
    """Replay a toy hand or match record; ``.answer()`` is the ``replay`` operation's answer."""
    return replay_record(record, envelope.game_rules(record, rules), ToyReplay())
