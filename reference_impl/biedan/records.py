"""Game records of 憋蛋 Biedan and their replay (command ``verify``, operation ``replay``).

The envelope (``record, kit, game, variant, seed``) is :mod:`datong_rules.reference_impl.records`'; the body of a
**hand record** is ``{format: 1, banker: seat | null (null: the first hand of a session, banked by the holder of
banker.first's card), previous: {places, banker} | null (the last hand, for exchange.timing after_next_deal), pack:
[54 cards in dealing order], actions: [...], result: {places, banker, banker_kept, next_banker, egg, moves}}``; of a
**match record** ``{format: 1, hands: [hand records]}``, each hand's ``banker`` and ``previous`` following from the
hand before. Schema: ``spec/schema/games/biedan/record.schema.json``.

:func:`replay` gives a :class:`~datong_rules.reference_impl.records.ReplayResult` whose ``answer()`` is the
``replay`` operation's answer, with the codes of docs/implementers/biedan-operations.md.
"""

from __future__ import annotations

import json
from typing import Any

from .. import records as envelope
from ..cards import ALL_CARDS, CardNotationError, parse_card
from ..replay import GameReplay, Refusal, ReplayResult, replay_record
from ..state_api import seat_of
from .rules import BiedanRules, rules_for
from .state import PLAYERS, HandState, match_over, score

FORMAT = 1


def hand_body(state: HandState, *, deal_number: int = 1) -> dict[str, Any]:
    """The body of the record of a finished (or unfinished) hand (after the envelope)."""
    body = {"format": FORMAT, "banker": None if state.banker_by_card else state.banker, "previous": state.previous,
            "pack": list(state.pack), "actions": [dict(a) for a in state.actions]}
    if state.is_terminal():
        body["result"] = state.settlement()
    return body


def match_body(match: Any) -> dict[str, Any]:
    """The body of the record of a session (:class:`~.state.Match`): every hand as a hand record, and ``match_over``
    (whether the session is over: every hand played, or a tally at match.target)."""
    return {"format": FORMAT, "hands": [envelope.hand_record(s, seed=match.seed) for s in match.states],
            "match_over": match.over}


class BiedanReplay(GameReplay):
    """Biedan's hooks of the replay driver (:func:`datong_rules.reference_impl.replay.replay_record`): the setup of
    each hand (pack, banker, the last hand's places), actions whose cards are not held, and the claimed result.
    In a match the expectation passed from hand to hand is ``{banker, previous}`` (both None for the first hand)."""

    def start(self, rules: BiedanRules, hand: Any, expected: dict | None) -> HandState:
        """The hand state of ``hand``; its banker and ``previous`` checked (against the hands before, in a match)."""
        if not isinstance(hand, dict):
            raise Refusal("incomplete")
        pack = hand.get("pack")
        if not isinstance(pack, list) or sorted(map(str, pack)) != sorted(ALL_CARDS) * rules.decks:
            raise Refusal("bad_pack")
        banker = hand.get("banker")
        previous = hand.get("previous")
        if banker is not None and (isinstance(banker, bool) or not isinstance(banker, int)
                                   or not 0 <= banker < PLAYERS):
            raise Refusal("wrong_banker")
        if expected is not None and (banker != expected["banker"] or previous != expected["previous"]):
            raise Refusal("wrong_banker")
        if previous is not None and not _is_previous(previous):
            raise Refusal("wrong_banker")
        state = HandState(rules, pack, banker=banker, previous=previous)
        if not isinstance(hand.get("actions"), list):
            raise Refusal("incomplete", 0)
        return state

    def step(self, state: HandState, index: int, action: Any) -> None:
        """``state.apply(action)``; an action that cannot be read (a card not held) is refused as ``not_in_hand``."""
        try:
            super().step(state, index, action)
        except (KeyError, TypeError, ValueError) as err:  # an IllegalAction is a Refusal already
            raise Refusal("not_in_hand", index, seat_of(action, PLAYERS), str(err)) from None

    def finish(self, state: HandState, hand: dict) -> None:
        """The hand must be over (else ``incomplete``, no seat), and its ``result``, when given, the rules' one."""
        if not state.is_terminal():
            raise Refusal("incomplete", len(hand["actions"]))
        given = _comparable(json.loads(json.dumps(state.settlement()))) if "result" in hand else None
        if "result" in hand and _comparable(hand["result"]) != given:
            raise Refusal("result_mismatch", detail=envelope.result_differences(
                _comparable(hand["result"]), given, wholes=("egg", "cards")) or "the result differs")

    def first_setup(self, rules: BiedanRules) -> dict:
        """A session's first hand: no banker yet (the holder of ``banker.first``'s card), no previous hand."""
        return {"banker": None, "previous": None}

    def next_setup(self, rules: BiedanRules, hand: dict, state: HandState, expected: dict) -> dict:
        """The next hand's banker and previous hand (places and banker) from this hand's settlement, with the
        session's tally so far (match.score) and the number of hands after which it ended (match.hands,
        match.target; None while it goes on)."""
        result = state.settlement()
        points = score(state.rules, result["places"])
        tally = [a + b for a, b in zip(expected.get("tally", [0] * PLAYERS), points)]
        played = expected.get("played", 0) + 1
        ended = expected.get("ended")
        if ended is None and match_over(state.rules, played, tally):
            ended = played
        return {"banker": result["next_banker"], "previous": {"places": result["places"], "banker": result["banker"]},
                "tally": tally, "played": played, "ended": ended}


    def check_match(self, record: dict, state: HandState, expected: dict) -> None:
        """A session ends after ``match.hands`` hands or the hand in which a tally reaches ``match.target``: a
        record holding hands after that end is ``result_mismatch`` (index null); ``match_over``, when the record
        gives it, says whether the session is over (a record cut short claims an end its hands do not reach):
        else ``result_mismatch``, index null."""
        played, ended = len(record["hands"]), expected.get("ended")
        if ended is not None and ended < played:
            raise Refusal("result_mismatch", detail=f"the session ended after hand {ended} (match.hands, "
                                                    f"match.target), but the record holds {played} hands")
        if "match_over" not in record:
            return
        if record["match_over"] != (ended is not None):
            tally = "" if state.rules.match_target is None else \
                f" with the tally {expected.get('tally')} (target {state.rules.match_target})"
            raise Refusal("result_mismatch", detail=f"match_over is {str(record['match_over']).lower()}, but the "
                                                    f"record holds {played} of the session's "
                                                    f"{state.rules.match_hands} hands{tally}")


HOOKS = BiedanReplay()
"""Biedan's hooks of the replay driver."""


def _is_previous(previous: Any) -> bool:
    """Whether ``previous`` is ``{places: {first, second, third} (three different seats), banker: seat}``."""
    if not isinstance(previous, dict) or set(previous) != {"places", "banker"}:
        return False
    places, banker = previous["places"], previous["banker"]
    seats = list(places.values()) if isinstance(places, dict) and set(places) == {"first", "second", "third"} else []
    return (sorted(s for s in seats if type(s) is int) == list(range(PLAYERS))
            and type(banker) is int and 0 <= banker < PLAYERS)


def _comparable(result: Any) -> Any:
    """``result`` with its card lists (``egg``, each move's ``cards``) as sorted canonical tokens, so that they
    compare as multisets (docs/implementers/biedan-operations.md, ``replay``); anything malformed is returned as it
    is (it then differs from the replayed result)."""
    if not isinstance(result, dict):
        return result
    try:
        out = dict(result)
        if "egg" in out:
            out["egg"] = _multiset(out["egg"])
        if isinstance(out.get("moves"), list):
            out["moves"] = [dict(m, cards=_multiset(m["cards"])) if isinstance(m, dict) and "cards" in m else m
                            for m in out["moves"]]
        return out
    except (CardNotationError, TypeError):
        return result


def _multiset(cards: Any) -> list[str]:
    if not isinstance(cards, list):
        raise TypeError("not a list of cards")
    return sorted(parse_card(c) for c in cards)


def replay(record: dict, rules: Any = None) -> ReplayResult:
    """Check a hand or match record; ``rules`` (id, Variant or rules) default to the record's variant.

    Raises:
        ValueError: not a Biedan record (one line).
    """
    if not isinstance(record, dict) or record.get("record") not in ("hand", "match"):
        raise ValueError("record: expected a Biedan hand or match record ({record: hand|match, …})")
    if record["record"] == "match" and not isinstance(record.get("hands"), list):
        raise ValueError("record.hands: expected a list of hand records")
    return replay_record(record, rules_for(rules if rules is not None else record.get("variant")), HOOKS)
