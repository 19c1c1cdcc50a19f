"""打墩 Dadun record body and replay (the envelope is the kit's, :mod:`datong_rules.reference_impl.records`);
schema spec/schema/games/dadun/record.schema.json."""

from __future__ import annotations

import json
from typing import Any

from .. import records as envelope
from ..replay import GameReplay, Refusal, ReplayResult, replay_record
from .rules import DadunRules
from .state import HandState, Match


def hand_body(state: HandState, *, deal_number: int = 1) -> dict[str, Any]:
    """The body of a hand record: levels, level, previous, cutter, first drawer, pack, actions, result."""
    body: dict[str, Any] = {"format": 1, "deal_number": deal_number, "levels": list(state.levels),
                            "level": state.level, "previous": state.previous, "cutter": state.cutter,
                            "first_drawer": state.first_drawer, "pack": list(state.pack),
                            "actions": [dict(a) for a in state.actions]}
    if state.rules.failures_at_a is not None:  # match.end.failures_at_a: the teams' failures at A so far
        body["a_failures"] = list(state.a_failures)
    if state.result is not None:
        body["result"] = state.settlement()
    return body


def match_body(match: Match) -> dict[str, Any]:
    """The body of a match record: every hand record, and ``match_winner`` (the team that won, or None)."""
    return {"format": 1, "hands": [envelope.hand_record(h, seed=match.seed, deal_number=i + 1)
                                   for i, h in enumerate(match.hands)], "match_winner": match.winner}


class DadunReplay(GameReplay):
    """Dadun's hooks of the replay driver (:func:`datong_rules.reference_impl.replay.replay_record`): the setup of
    each hand (levels, level, previous, cutter: in a match, what the hand before gives) and the claimed result."""

    def start(self, rules: DadunRules, hand: dict, expected: dict | None) -> HandState:
        """The hand state of ``hand`` (cut, first drawer and marked card checked by the state); in a match, the
        first hand has none before it (``previous`` null) and each later one follows the hand before."""
        if expected and any(hand.get(k) != v for k, v in expected.items()):
            if expected.get("previous", ...) is None:
                raise Refusal("wrong_setup", detail="the match's first hand follows another hand (previous is not "
                                                    "null): a match record begins with the match's first hand")
            raise Refusal("wrong_setup", detail="levels or previous do not follow")
        start = rules.start_level
        if hand.get("previous") is None and (hand.get("levels") != [start, start] or hand.get("level") != start):
            raise Refusal("wrong_setup", detail=f"a first hand (previous null) is played with both teams at {start} "
                          "[levels.start]")
        try:
            return HandState(rules, list(hand["pack"]), cutter=hand["cutter"], levels=tuple(hand["levels"]),
                             level=hand["level"], previous=hand["previous"], first_drawer_seat=hand["first_drawer"],
                             a_failures=tuple(hand.get("a_failures", (0, 0))))
        except ValueError as err:
            raise Refusal("wrong_setup" if str(err).startswith("wrong_setup") else "bad_pack", detail=str(err)) from None

    def finish(self, state: HandState, hand: dict) -> None:
        """The hand must be over, and its ``result``, when given, the rules' one (``places`` may be left out: records
        of kit 0.1 do not give it)."""
        super().finish(state, hand)
        claimed = hand.get("result")
        settled = state.settlement()
        if isinstance(claimed, dict) and "places" not in claimed:  # a record written before results gave places
            settled.pop("places", None)
        if claimed is not None and claimed != settled:
            given = json.loads(json.dumps(settled))  # the settlement as its JSON: tuples are lists
            raise Refusal("result_mismatch",
                          detail=envelope.result_differences(claimed, given) or "the result differs")

    def first_setup(self, rules: DadunRules) -> dict:
        """The first hand of a match has no hand before it (``previous`` null; its levels: :meth:`start`)."""
        return {"previous": None}

    def next_setup(self, rules: DadunRules, hand: dict, state: HandState, expected: Any) -> dict:
        """The next hand's levels and level from the settlement; its cut by this hand's first out [cut.later_hands]."""
        result = state.settlement()
        setup = {"levels": result["levels"], "level": result["next_level"], "previous": state.for_next_hand(),
                 "cutter": state.finish[0]}
        if "a_failures" in result:
            setup["a_failures"] = result["a_failures"]
        return setup

    def check_match(self, record: dict, state: HandState, expected: Any) -> None:
        """``match_winner``, when the record gives it, is the team the last hand's settlement gives [match.end]
        (a match record cut short claims a winner its hands do not give): else ``wrong_setup``, index null."""
        if "match_winner" not in record:
            return
        given = state.settlement()["match_winner"]
        if record["match_winner"] != given:
            raise Refusal("wrong_setup", detail=f"match_winner is {envelope.winner_words(record['match_winner'])}, "
                                                f"the hands give {envelope.winner_words(given)}")


HOOKS = DadunReplay()
"""Dadun's hooks of the replay driver."""


def replay(record: dict, rules: DadunRules | None = None) -> ReplayResult:
    """Replay a Dadun hand or match record (answer of the ``replay`` operation: ``.answer()``)."""
    return replay_record(record, envelope.game_rules(record, rules), HOOKS)
