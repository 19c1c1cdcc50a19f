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
from dataclasses import dataclass
from typing import Any

from .. import records as envelope
from ..replay import GameReplay, Refusal, ReplayResult, replay_record
from ..state_api import IllegalAction
from .dealing import check_pack, first_drawer as default_first_drawer
from .hand import HandState
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


def _start(rules: HuolongRules, record: dict) -> HandState:
    problem = check_pack(rules, record["pack"])
    if problem:
        raise Refusal(BAD_PACK, detail=problem)
    banker = record.get("banker")
    if record.get("trump_suit") is not None and not (record["hand_number"] > 1
                                                     and rules.declaration.get("scope") == "match"):
        raise Refusal(WRONG_SETUP, detail=f"trump_suit is {record['trump_suit']!r} in a hand that declares "
                                          f"its own trumps (the record schema asks for null)")
    expected_first = default_first_drawer(rules, record["hand_number"], banker)
    if record["first_drawer"] != expected_first:
        raise Refusal(WRONG_SETUP, detail=f"first_drawer is {record['first_drawer']}, deal.first_drawer gives "
                                          f"{expected_first}")
    try:
        return HandState(rules, record["pack"], hand_number=record["hand_number"],
                         team_levels=record["team_levels"], banker=banker,
                         trump_suit=record.get("trump_suit"), first_drawer=record["first_drawer"],
                         last_bankers=record.get("last_bankers") or (None, None))
    except (ValueError, RulesError) as err:
        raise Refusal(WRONG_SETUP, detail=str(err)) from None


def _close_deal(state: HandState) -> None:
    state.deal_until(state.total)
    state.apply({"type": "close"})


def _show(state: HandState, i: int, act: dict) -> None:
    """A ``show`` entry: the deal goes on to ``after`` cards, then the show (or, under ``declaration.window:
    until_bury``, a show before the bury)."""
    seat, after = act.get("seat"), act["after"]
    if state.phase == "bury" and not state.decl.closed:  # declaration.window: until_bury
        if after != state.total:
            raise Refusal(BAD_AFTER, i, seat, f"after={after} for a show after the deal of {state.total} cards")
    elif state.phase not in ("deal", "declare"):
        raise Refusal(WRONG_PHASE, i, seat, f"a show in the {state.phase} phase")
    elif after < state.dealt or after > state.total:
        raise Refusal(BAD_AFTER, i, seat, f"after={after} with {state.dealt} cards dealt")
    else:
        state.deal_until(after)
    state.apply({"type": "show", "seat": seat, "cards": act["cards"]})


def _declaration(state: HandState, i: int, act: dict) -> None:
    """A ``declaration`` entry: the deal and the window close; the entry must say what the rules decided."""
    if state.phase not in ("deal", "declare"):
        raise Refusal(WRONG_PHASE, i, None, f"a declaration entry in the {state.phase} phase")
    _close_deal(state)
    mismatch = _claim_mismatch(act, state.actions[-1])
    if mismatch:
        raise Refusal(WRONG_DECLARATION, i, None, mismatch)


def _other(state: HandState, i: int, act: dict) -> None:
    """Any other entry: the deal and the window close first (a redeal ends the hand), the star burial ends before
    anything but a load; a ``settle`` entry must say what the rules settled; an action is applied."""
    kind, seat = act.get("type"), act.get("seat")
    if state.phase in ("deal", "declare"):
        _close_deal(state)
        if state.finished:
            raise Refusal(EXTRA_ACTION, i, seat, "the hand is to be redealt")
    if state.phase == "star_burial" and kind != "load":
        state.end_star_burial()
    if kind != "settle":
        state.apply(act)
        return
    if state.phase != "settled":
        raise Refusal(WRONG_PHASE, i, None, f"a settle entry in the {state.phase} phase")
    mismatch = _claim_mismatch(act, state.settle_claim(), state.last_trick_level_rank)
    if mismatch:
        raise Refusal(WRONG_SETTLEMENT, i, None, mismatch)


_SETUP_DEFAULTS = {"deal_number": 1, "last_bankers": [None, None]}
"""Setup keys a hand record may leave out, with the value they then have (others default to None)."""


@dataclass(frozen=True)
class _SoFar:
    """What a match record gives before its next hand: the setup keys that hand must have, the suit kept from the
    first settled hand (``declaration.scope: match``), and the winning team once a hand has won the match."""

    setup: dict[str, Any]
    first_suit: str | None = None
    winner: int | None = None


class HuolongReplay(GameReplay):
    """Huolong's hooks of the replay driver (:func:`datong_rules.reference_impl.replay.replay_record`): the setup of
    each hand, the entries that are not actions (``show`` with ``after``, ``declaration``, ``settle``), the forced
    steps of the table (the deal, the close, the end of the star burial) and the match's winner."""

    incomplete = MISSING_ACTIONS

    def start(self, rules: HuolongRules, hand: dict, expected: _SoFar | None) -> HandState:
        """The hand state of ``hand``; in a match, its variant and setup checked against the hands before."""
        if expected is not None:  # the hand's variant: checked by the replay driver, as for every game
            if expected.winner is not None:
                raise Refusal(WRONG_SETUP, detail="the match was already won")
            for key, value in expected.setup.items():
                got = hand.get(key, _SETUP_DEFAULTS.get(key))
                if got != value:
                    raise Refusal(WRONG_SETUP, detail=f"{key} is {got!r}, the match gives {value!r}")
        return _start(rules, hand)

    def step(self, state: HandState, index: int, action: dict) -> None:
        """One entry of ``actions`` (a ``show`` deals up to its ``after`` first; claims are checked)."""
        if state.finished and not (action.get("type") == "settle" and state.phase == "settled"):
            raise Refusal(EXTRA_ACTION, index, action.get("seat"), f"the hand already ended ({state.phase})")
        entry = _ENTRIES.get(str(action.get("type")), _other)
        try:
            entry(state, index, action)
        except IllegalAction as err:
            raise Refusal(err.reason, index, err.seat, err.detail) from None

    def finish(self, state: HandState, hand: dict) -> None:
        """The deal and the star burial end by the rules' own steps; then the hand must be over."""
        if state.phase in ("deal", "declare"):
            _close_deal(state)
        if state.phase == "star_burial":
            state.end_star_burial()
        if not state.finished:
            raise Refusal(MISSING_ACTIONS, len(hand["actions"]), state.to_move(),
                          f"the record ends in the {state.phase} phase")

    def first_setup(self, rules: HuolongRules) -> _SoFar:
        """A match's first hand: hand 1, deal 1, both teams at ``levels.start``, no banker nor kept suit."""
        setup: dict[str, Any] = {"hand_number": 1, "deal_number": 1, "team_levels": [rules.start_level] * 2,
                                 "banker": None, "trump_suit": None}
        if _reads_last_bankers(rules):
            setup["last_bankers"] = [None, None]
        return _SoFar(setup)

    def next_setup(self, rules: HuolongRules, hand: dict, state: HandState, expected: _SoFar) -> _SoFar:
        """What the next hand starts from: the same hand again after a redeal, else the next hand's levels, banker,
        (kept) trump suit and last bankers."""
        first_suit, winner = expected.first_suit, expected.winner
        if state.phase == "settled":
            first_suit = first_suit or state.trump_suit
            winner = state.match_winner_team()
        return _SoFar(_expected_setup(rules, hand, state, first_suit), first_suit, winner)

    def check_match(self, record: dict, state: HandState, expected: _SoFar) -> None:
        """``match_winner``, when the record gives it, is the team the hands give."""
        if "match_winner" in record and record["match_winner"] != expected.winner:
            raise Refusal(WRONG_SETUP, detail=f"match_winner is {envelope.winner_words(record['match_winner'])}, "
                                              f"the hands give {envelope.winner_words(expected.winner)}")


_ENTRIES = {"show": _show, "declaration": _declaration}
"""Entries of ``actions`` replayed by their own steps (every other one: :func:`_other`)."""

HOOKS = HuolongReplay()
"""Huolong's hooks of the replay driver."""


def _expected_setup(rules: HuolongRules, prev_record: dict, prev: HandState, first_suit: str | None) -> dict:
    if prev.phase == "redeal":
        out = {"hand_number": prev_record["hand_number"], "deal_number": prev_record.get("deal_number", 1) + 1,
               "team_levels": list(prev_record["team_levels"]), "banker": prev_record.get("banker"),
               "trump_suit": prev_record.get("trump_suit")}
        last = prev.last_bankers
    else:
        kept = first_suit if rules.declaration.get("scope") == "match" else None
        out = {"hand_number": prev_record["hand_number"] + 1, "deal_number": 1,
               "team_levels": list(prev.team_levels_after()), "banker": prev.settle_outcome.next_banker,
               "trump_suit": kept}
        last = next_last_bankers(prev.last_bankers, prev.known_banker)
    if _reads_last_bankers(rules):
        out["last_bankers"] = list(last)
    return out


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
    return replay_record(record, envelope.game_rules(record, rules), HOOKS)


def replay_match(record: dict, rules: HuolongRules | None = None) -> ReplayResult:
    """Replay a (schema-valid) match record: every hand, and how each follows from the ones before.

    Args:
        record: the match record.
        rules: as for :func:`replay_hand`.

    Raises:
        RecordError: unknown or unplayable variant, or ``rules`` of another variant.
    """
    return replay_record(record, envelope.game_rules(record, rules), HOOKS)


def replay(record: dict, rules: HuolongRules | None = None) -> ReplayResult:
    """Replay a (schema-valid) Huolong hand or match record; ``.answer()`` of the result is the answer of the
    ``replay`` operation.

    Raises:
        RecordError: as :func:`replay_hand`.
    """
    return replay_record(record, envelope.game_rules(record, rules), HOOKS)
