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
from ..records import ReplayResult
from .rules import BiedanRules, rules_for
from .state import PLAYERS, HandState, IllegalAction

FORMAT = 1


def hand_body(state: HandState, *, deal_number: int = 1) -> dict[str, Any]:
    """The body of the record of a finished (or unfinished) hand (after the envelope)."""
    body = {"format": FORMAT, "banker": None if state.banker_by_card else state.banker, "previous": state.previous,
            "pack": list(state.pack), "actions": [dict(a) for a in state.actions]}
    if state.is_terminal():
        body["result"] = state.settlement()
    return body


def match_body(match: Any) -> dict[str, Any]:
    """The body of the record of a session (:class:`~.state.Match`): every hand as a hand record."""
    return {"format": FORMAT, "hands": [envelope.hand_record(s, seed=match.seed) for s in match.states]}


def _refuse(reason: str, index: int | None = None, seat: int | None = None) -> ReplayResult:
    return ReplayResult(False, index=index, seat=seat, reason=reason)


def _replay_hand(record: dict, rules: BiedanRules, expect_banker: Any = ..., expect_previous: Any = ...
                 ) -> tuple[ReplayResult, HandState | None]:
    pack = record.get("pack")
    if not isinstance(pack, list) or sorted(map(str, pack)) != sorted(ALL_CARDS) * rules.decks:
        return _refuse("bad_pack"), None
    banker = record.get("banker")
    previous = record.get("previous")
    if banker is not None and (isinstance(banker, bool) or not isinstance(banker, int) or not 0 <= banker < PLAYERS):
        return _refuse("wrong_banker"), None
    if expect_banker is not ... and (banker != expect_banker or previous != expect_previous):
        return _refuse("wrong_banker"), None
    if previous is not None and not _is_previous(previous):
        return _refuse("wrong_banker"), None
    state = HandState(rules, pack, banker=banker, previous=previous)
    actions = record.get("actions")
    if not isinstance(actions, list):
        return _refuse("incomplete", 0), None
    for index, action in enumerate(actions):
        seat = action.get("seat") if isinstance(action, dict) else None
        seat = seat if type(seat) is int and 0 <= seat < PLAYERS else None  # the action's seat, when it is one
        try:
            state.apply(action)
        except IllegalAction as err:
            return _refuse(err.reason, index, seat), None
        except (KeyError, TypeError, ValueError):
            return _refuse("not_in_hand", index, seat), None
    if not state.is_terminal():
        return _refuse("incomplete", len(actions)), None
    given = _comparable(json.loads(json.dumps(state.settlement()))) if "result" in record else None
    if "result" in record and _comparable(record["result"]) != given:
        detail = envelope.result_differences(_comparable(record["result"]), given, wholes=("egg", "cards")) \
            or "the result differs"
        return ReplayResult(False, reason="result_mismatch", detail=detail), None
    return ReplayResult(True, state=state), state


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
    rules = rules_for(rules if rules is not None else record.get("variant"))
    if record["record"] == "hand":
        return _replay_hand(record, rules)[0]
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise ValueError("record.hands: expected a list of hand records")
    banker: Any = None
    previous: Any = None
    state = None
    for number, hand in enumerate(hands):
        if not isinstance(hand, dict):
            refused = _refuse("incomplete")
            refused.hand = number
            return refused
        answer, state = _replay_hand(hand, rules, banker, previous)
        if state is None:
            answer.hand = number
            return answer
        result = state.settlement()
        banker = result["next_banker"]
        previous = {"places": result["places"], "banker": result["banker"]}
    return ReplayResult(True, state=state)
