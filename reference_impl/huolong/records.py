"""Huolong's game records: the body of a hand or match record, and its replay (see
:mod:`datong_rules.reference_impl.records` for the envelope, reading and validation).

A *hand record* holds, after the envelope, the setup the hand starts from (hand number, team levels, banker
and kept trump suit, first drawer), the full dealing order (``pack``) and the ordered ``actions``
(``show``, ``declaration``, ``bury``, ``load``, ``play``, ``settle``); a *match record* is the list of
a match's hand records (redeals included). The schema ``spec/schema/games/huolong/record.schema.json`` lists the
action shapes and the reason codes of a refused record.

Replay is lenient where the record may leave things out and strict on everything it says:
``declaration`` and ``settle`` entries are optional but checked when present; star-burial seats that
pass may be absent (a load by a later seat passes those before it); forced loads are made by the
rules and not listed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .. import records as envelope
from ..records import ReplayResult
from .dealing import check_pack, first_drawer as default_first_drawer
from .hand import HandState, IllegalAction
from .match import Match, next_last_bankers
from .rules import TEAM_ALTERNATES, HuolongRules, RulesError

# replay reason codes beyond the rule codes of the actions themselves
WRONG_DECLARATION = "wrong_declaration"
WRONG_SETTLEMENT = "wrong_settlement"
EXTRA_ACTION = "extra_action"
MISSING_ACTIONS = "missing_actions"
BAD_AFTER = "bad_after"
BAD_PACK = "bad_pack"
WRONG_SETUP = "wrong_setup"
WRONG_PHASE = "wrong_phase"


# -- writing ---------------------------------------------------------------------------------------
def hand_body(state: HandState, *, deal_number: int = 1) -> dict[str, Any]:
    """The body of a hand record (after the envelope): setup, pack and actions; the setup has ``last_bankers`` only
    under ``rotation.take_over: team_alternates`` (the one rule that reads it)."""
    body = {
        "hand_number": state.hand_number,
        "deal_number": deal_number,
        "team_levels": list(state.team_levels),
        "banker": state.decl.fixed_banker,
        "trump_suit": state.decl.kept_suit,
        "first_drawer": state.first_drawer,
    }
    if _reads_last_bankers(state.rules):
        body["last_bankers"] = list(state.last_bankers)
    body["pack"] = list(state.pack)
    body["actions"] = [dict(a) for a in state.actions]
    return body


def _reads_last_bankers(rules: HuolongRules) -> bool:
    """Whether the rotation reads the teams' last bankers (``rotation.take_over: team_alternates``)."""
    return rules.rotation_take_over == TEAM_ALTERNATES


def match_body(match: Match) -> dict[str, Any]:
    """The body of a match record: every hand played so far as a hand record, redeals included, and the winner."""
    hands = []
    deal_number = 1
    for state in match.hands:
        hands.append(envelope.hand_record(state, seed=match.seed, deal_number=deal_number))
        deal_number = deal_number + 1 if state.phase == "redeal" else 1
    return {"hands": hands, "match_winner": match.winner}


# -- replay ----------------------------------------------------------------------------------------
def _claim_mismatch(claim: dict, actual: dict, last_trick_level_rank: bool | None = None) -> str | None:
    """The first key of a ``declaration``/``settle`` entry that disagrees with the replayed hand, as a message.

    ``last_trick_level_rank`` (settle entries): whether the last trick was won with level-rank cards by either
    team. Records written by release 0.1 put that in ``dug_with_level_rank`` even when the banker team won the
    last trick; the flag now means the attackers dug with level cards, so a ``true`` with an
    undug bottom is accepted when the last trick was indeed won with level cards (it cannot change a settlement:
    the flag counts only with a dug bottom).
    """
    for key, value in claim.items():
        if key == "type":
            continue
        got = actual.get(key, "<absent>")
        if key == "bottom" and isinstance(value, list) and isinstance(got, list):
            same = Counter(value) == Counter(got)
        elif (key == "dug_with_level_rank" and value is True and last_trick_level_rank
              and actual.get("bottom_dug") is False):
            same = True
        else:
            same = value == got
        if not same:
            return f"{key}: record says {value!r}, the rules give {got!r}"
    return None


class _Reject(Exception):
    def __init__(self, index: int | None, seat: int | None, reason: str, detail: str = "") -> None:
        self.index, self.seat, self.reason, self.detail = index, seat, reason, detail


def _start(rules: HuolongRules, record: dict) -> HandState:
    problem = check_pack(rules, record["pack"])
    if problem:
        raise _Reject(None, None, BAD_PACK, problem)
    banker = record.get("banker")
    if record.get("trump_suit") is not None and not (record["hand_number"] > 1
                                                     and rules.declaration.get("scope") == "match"):
        raise _Reject(None, None, WRONG_SETUP, f"trump_suit is {record['trump_suit']!r} in a hand that declares "
                                               f"its own trumps (the record schema asks for null)")
    expected_first = default_first_drawer(rules, record["hand_number"], banker)
    if record["first_drawer"] != expected_first:
        raise _Reject(None, None, WRONG_SETUP,
                      f"first_drawer is {record['first_drawer']}, deal.first_drawer gives {expected_first}")
    try:
        return HandState(rules, record["pack"], hand_number=record["hand_number"],
                         team_levels=record["team_levels"], banker=banker,
                         trump_suit=record.get("trump_suit"), first_drawer=record["first_drawer"],
                         last_bankers=record.get("last_bankers") or (None, None))
    except (ValueError, RulesError) as err:
        raise _Reject(None, None, WRONG_SETUP, str(err)) from None


def _close_deal(state: HandState) -> None:
    state.deal_until(state.total)
    state.apply({"type": "close"})


def _replay_actions(state: HandState, actions: list[dict]) -> None:
    for i, act in enumerate(actions):
        kind, seat = act.get("type"), act.get("seat")
        try:
            if state.finished and not (kind == "settle" and state.phase == "settled"):
                raise _Reject(i, seat, EXTRA_ACTION, f"the hand already ended ({state.phase})")
            if kind == "show":
                after = act["after"]
                if state.phase == "bury" and not state.decl.closed:  # declaration.window: until_bury
                    if after != state.total:
                        raise _Reject(i, seat, BAD_AFTER, f"after={after} for a show after the deal of "
                                                          f"{state.total} cards")
                    state.apply({"type": "show", "seat": seat, "cards": act["cards"]})
                    continue
                if state.phase not in ("deal", "declare"):
                    raise _Reject(i, seat, WRONG_PHASE, f"a show in the {state.phase} phase")
                if after < state.dealt or after > state.total:
                    raise _Reject(i, seat, BAD_AFTER, f"after={after} with {state.dealt} cards dealt")
                state.deal_until(after)
                state.apply({"type": "show", "seat": seat, "cards": act["cards"]})
                continue
            if kind == "declaration":
                if state.phase not in ("deal", "declare"):
                    raise _Reject(i, None, WRONG_PHASE, f"a declaration entry in the {state.phase} phase")
                _close_deal(state)
                mismatch = _claim_mismatch(act, state.actions[-1])
                if mismatch:
                    raise _Reject(i, None, WRONG_DECLARATION, mismatch)
                continue
            if state.phase in ("deal", "declare"):
                _close_deal(state)
                if state.finished:
                    raise _Reject(i, seat, EXTRA_ACTION, "the hand is to be redealt")
            if state.phase == "star_burial" and kind != "load":
                state.end_star_burial()
            if kind == "settle":
                if state.phase != "settled":
                    raise _Reject(i, None, WRONG_PHASE, f"a settle entry in the {state.phase} phase")
                mismatch = _claim_mismatch(act, state.settle_claim(), state.last_trick_level_rank)
                if mismatch:
                    raise _Reject(i, None, WRONG_SETTLEMENT, mismatch)
                continue
            state.apply(act)
        except IllegalAction as err:
            raise _Reject(i, err.seat, err.reason, str(err)) from None


def _finish(state: HandState, n_actions: int) -> None:
    if state.phase in ("deal", "declare"):
        _close_deal(state)
    if state.phase == "star_burial":
        state.end_star_burial()
    if not state.finished:
        raise _Reject(n_actions, state.to_move(), MISSING_ACTIONS, f"the record ends in the {state.phase} phase")


def _replay_one(rules: HuolongRules, record: dict) -> HandState:
    state = _start(rules, record)
    _replay_actions(state, record["actions"])
    _finish(state, len(record["actions"]))
    return state


def replay_hand(record: dict, rules: HuolongRules | None = None) -> ReplayResult:
    """Replay a (schema-valid) hand record.

    Args:
        record: the hand record.
        rules: the rules of the record's variant when it is not bundled (a house variant); by default the bundled
            variant the record names.

    Returns:
        The :class:`ReplayResult`; ``state`` holds the replayed hand as far as it got.

    Raises:
        RecordError: unknown or unplayable variant, or ``rules`` of another variant.
    """
    rules = envelope.game_rules(record, rules)
    try:
        state = _replay_one(rules, record)
    except _Reject as rej:
        return ReplayResult(False, None, rej.index, rej.seat, rej.reason, rej.detail)
    return ReplayResult(True, state=state)


_SETUP_DEFAULTS = {"deal_number": 1, "last_bankers": [None, None]}
"""Setup keys a hand record may leave out, with the value they then have (others default to None)."""


def _expected_setup(rules: HuolongRules, prev_record: dict, prev: HandState, first_suit: str | None) -> dict:
    if prev.phase == "redeal":
        out = {"hand_number": prev_record["hand_number"], "deal_number": prev_record.get("deal_number", 1) + 1,
               "team_levels": list(prev_record["team_levels"]), "banker": prev_record.get("banker"),
               "trump_suit": prev_record.get("trump_suit")}
        last = prev.last_bankers
    else:
        kept = first_suit if rules.declaration.get("scope") == "match" else None
        out = {"hand_number": prev_record["hand_number"] + 1, "deal_number": 1,
               "team_levels": list(prev.team_levels_after()), "banker": prev.outcome.next_banker, "trump_suit": kept}
        last = next_last_bankers(prev.last_bankers, prev.banker)
    if _reads_last_bankers(rules):
        out["last_bankers"] = list(last)
    return out


def replay_match(record: dict, rules: HuolongRules | None = None) -> ReplayResult:
    """Replay a (schema-valid) match record: every hand, and how each follows from the ones before.

    Args:
        record: the match record.
        rules: as for :func:`replay_hand`.

    Raises:
        RecordError: unknown or unplayable variant, or ``rules`` of another variant.
    """
    rules = envelope.game_rules(record, rules)
    expected = {"hand_number": 1, "deal_number": 1, "team_levels": [rules.start_level] * 2,
                "banker": None, "trump_suit": None}
    if _reads_last_bankers(rules):
        expected["last_bankers"] = [None, None]
    first_suit = None
    winner = None
    state = None
    for h, hand in enumerate(record["hands"]):
        try:
            if hand["variant"] != record["variant"]:
                raise _Reject(None, None, WRONG_SETUP, f"variant {hand['variant']} in a {record['variant']} match")
            if winner is not None:
                raise _Reject(None, None, WRONG_SETUP, "the match was already won")
            got = {key: hand.get(key, _SETUP_DEFAULTS.get(key)) for key in expected}
            for key, value in expected.items():
                if got[key] != value:
                    raise _Reject(None, None, WRONG_SETUP, f"{key} is {got[key]!r}, the match gives {value!r}")
            state = _replay_one(rules, hand)
        except _Reject as rej:
            return ReplayResult(False, h, rej.index, rej.seat, rej.reason, rej.detail, state)
        if state.phase == "settled":
            first_suit = first_suit or state.trump_suit
            winner = state.match_winner_team()
        expected = _expected_setup(rules, hand, state, first_suit)
    if "match_winner" in record and record["match_winner"] != winner:
        return ReplayResult(False, len(record["hands"]) - 1, None, None, WRONG_SETUP,
                            f"match_winner is {record['match_winner']!r}, the hands give {winner!r}", state)
    return ReplayResult(True, state=state)


def replay(record: dict, rules: HuolongRules | None = None) -> ReplayResult:
    """Replay a (schema-valid) Huolong hand or match record; ``.answer()`` of the result is the answer of the
    ``replay`` operation.

    Raises:
        RecordError: as :func:`replay_hand`.
    """
    return replay_match(record, rules) if record["record"] == "match" else replay_hand(record, rules)
