"""Game records (JSON, ``spec/schema/record.schema.json``): writing, reading, replaying and verifying.

A *hand record* holds the variant, the setup the hand starts from (hand number, team levels, banker
and kept trump suit, first drawer), the full dealing order (``pack``) and the ordered ``actions``
(``show``, ``declaration``, ``bury``, ``load``, ``play``, ``settle``); a *match record* is the list of
a match's hand records (redeals included). The schema's description lists the action shapes and the
reason codes of a refused record.

Replay is lenient where the record may leave things out and strict on everything it says:
``declaration`` and ``settle`` entries are optional but checked when present; star-burial seats that
pass may be absent (a load by a later seat passes those before it); forced loads are made by the
rules and not listed.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import __version__
from .huolong.dealing import check_pack, first_drawer as default_first_drawer
from .huolong.hand import HandState, IllegalAction
from .huolong.match import Match
from .huolong.rules import HuolongRules, RulesError, rules_for
from .paths import schema_path

# replay reason codes beyond the rule codes of the actions themselves
WRONG_DECLARATION = "wrong_declaration"
WRONG_SETTLEMENT = "wrong_settlement"
EXTRA_ACTION = "extra_action"
MISSING_ACTIONS = "missing_actions"
BAD_AFTER = "bad_after"
BAD_PACK = "bad_pack"
WRONG_SETUP = "wrong_setup"
WRONG_PHASE = "wrong_phase"


class RecordError(ValueError):
    """A file that is not a readable record (bad JSON, schema violation, unknown variant): one line."""


@dataclass
class ReplayResult:
    """The verdict on a record.

    Attributes:
        accepted: True when every action is legal and every claim agrees.
        hand: for a match record, the index in ``hands`` of the hand at fault (else None).
        index: the index in that hand's ``actions`` of the first refused action or disagreeing claim
            (``len(actions)`` for ``missing_actions``; None for a setup problem).
        seat: the seat that made the refused action (None for claims and setup problems).
        reason: a reason code; detail: a short human explanation.
        state: the replayed :class:`HandState` of the last hand replayed (for comparisons).
    """

    accepted: bool
    hand: int | None = None
    index: int | None = None
    seat: int | None = None
    reason: str | None = None
    detail: str = ""
    state: HandState | None = None

    def answer(self) -> dict[str, Any]:
        """The ``replay`` operation's answer."""
        if self.accepted:
            return {"accepted": True}
        out: dict[str, Any] = {"accepted": False, "index": self.index, "seat": self.seat, "reason": self.reason}
        if self.hand is not None:
            out["hand"] = self.hand
        return out


# -- writing ---------------------------------------------------------------------------------------
def hand_record(state: HandState, *, seed: int | None = None, deal_number: int = 1) -> dict[str, Any]:
    """The record of a hand (finished or not) as a JSON-ready dict."""
    setup_banker = state.decl.fixed_banker
    return {
        "record": "hand",
        "kit": __version__,
        "game": "huolong",
        "variant": state.rules.variant_id,
        "seed": seed,
        "hand_number": state.hand_number,
        "deal_number": deal_number,
        "team_levels": list(state.team_levels),
        "banker": setup_banker,
        "trump_suit": state.decl.kept_suit,
        "first_drawer": state.first_drawer,
        "pack": list(state.pack),
        "actions": [dict(a) for a in state.actions],
    }


def match_record(match: Match) -> dict[str, Any]:
    """The record of a match: every hand played so far, redeals included."""
    hands = []
    deal_number = 1
    for state in match.hands:
        hands.append(hand_record(state, seed=match.seed, deal_number=deal_number))
        deal_number = deal_number + 1 if state.phase == "redeal" else 1
    return {
        "record": "match",
        "kit": __version__,
        "game": "huolong",
        "variant": match.rules.variant_id,
        "seed": match.seed,
        "hands": hands,
        "match_winner": match.winner,
    }


# -- reading ---------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _validator():
    from .schema_validator import SchemaValidator

    schema = json.loads(schema_path("record.schema.json").read_text(encoding="utf-8"))
    return SchemaValidator(schema)


def validate(record: Any) -> None:
    """Check a record against ``record.schema.json``.

    Raises:
        RecordError: naming the deepest failing JSON path and what was wrong, in one line.
    """
    errors = list(_validator().iter_errors(record))
    if not errors:
        return
    import jsonschema

    best = jsonschema.exceptions.best_match(errors)
    while best.context:  # descend into oneOf/allOf to the most precise cause
        best = jsonschema.exceptions.best_match(best.context)
    path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in best.absolute_path) or "(top)"
    message = best.message if len(best.message) < 160 else best.message[:157] + "..."
    raise RecordError(f"not a valid record at {path}: {message}")


def load(path: str | Path) -> dict[str, Any]:
    """Read and validate a record file.

    Raises:
        RecordError: unreadable file, bad JSON (with line and column) or schema violation.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RecordError(f"cannot read {path}: {err}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"bad JSON at line {err.lineno} column {err.colno}: {err.msg}") from None
    validate(record)
    return record


def _rules(record: dict) -> HuolongRules:
    try:
        return rules_for(record["variant"])
    except FileNotFoundError:
        raise RecordError(f"unknown variant {record['variant']!r}") from None
    except RulesError as err:
        raise RecordError(str(err)) from None


def dump(record: dict, path: str | Path) -> None:
    """Write a record as JSON (one action per line, so that diffs stay readable)."""
    Path(path).write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


# -- replay ----------------------------------------------------------------------------------------
def _claim_mismatch(claim: dict, actual: dict) -> str | None:
    for key, value in claim.items():
        if key == "type":
            continue
        got = actual.get(key, "<absent>")
        if key == "bottom" and isinstance(value, list) and isinstance(got, list):
            same = Counter(value) == Counter(got)
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
    expected_first = default_first_drawer(rules, record["hand_number"], banker)
    if record["first_drawer"] != expected_first:
        raise _Reject(None, None, WRONG_SETUP,
                      f"first_drawer is {record['first_drawer']}, deal.first_drawer gives {expected_first}")
    try:
        return HandState(rules, record["pack"], hand_number=record["hand_number"],
                         team_levels=record["team_levels"], banker=banker,
                         trump_suit=record.get("trump_suit"), first_drawer=record["first_drawer"])
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
                mismatch = _claim_mismatch(act, state.settle_claim())
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


def replay_hand(record: dict) -> ReplayResult:
    """Replay a (schema-valid) hand record.

    Returns:
        The :class:`ReplayResult`; ``state`` holds the replayed hand as far as it got.

    Raises:
        RecordError: unknown or unplayable variant.
    """
    rules = _rules(record)
    try:
        state = _replay_one(rules, record)
    except _Reject as rej:
        return ReplayResult(False, None, rej.index, rej.seat, rej.reason, rej.detail)
    return ReplayResult(True, state=state)


def _expected_setup(rules: HuolongRules, prev_record: dict, prev: HandState, first_suit: str | None) -> dict:
    if prev.phase == "redeal":
        return {"hand_number": prev_record["hand_number"], "deal_number": prev_record.get("deal_number", 1) + 1,
                "team_levels": list(prev_record["team_levels"]), "banker": prev_record.get("banker"),
                "trump_suit": prev_record.get("trump_suit")}
    kept = first_suit if rules.declaration.get("scope") == "match" else None
    return {"hand_number": prev_record["hand_number"] + 1, "deal_number": 1,
            "team_levels": list(prev.team_levels_after()), "banker": prev.outcome.next_banker, "trump_suit": kept}


def replay_match(record: dict) -> ReplayResult:
    """Replay a (schema-valid) match record: every hand, and how each follows from the ones before.

    Raises:
        RecordError: unknown or unplayable variant.
    """
    rules = _rules(record)
    expected = {"hand_number": 1, "deal_number": 1, "team_levels": [rules.start_level] * 2,
                "banker": None, "trump_suit": None}
    first_suit = None
    winner = None
    state = None
    for h, hand in enumerate(record["hands"]):
        try:
            if hand["variant"] != record["variant"]:
                raise _Reject(None, None, WRONG_SETUP, f"variant {hand['variant']} in a {record['variant']} match")
            if winner is not None:
                raise _Reject(None, None, WRONG_SETUP, "the match was already won")
            got = {key: hand.get(key, 1 if key == "deal_number" else None) for key in expected}
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


def verify(record: Any) -> ReplayResult:
    """Validate and replay a hand or match record.

    Raises:
        RecordError: not a valid record, or an unknown variant.
    """
    validate(record)
    return replay_match(record) if record["record"] == "match" else replay_hand(record)
