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
from .user_files import UserFileError, decode_utf8, read_user_file
from .variant import SpecError

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
MAX_RECORD_BYTES = 8 * 2**20
"""Largest record file :func:`load` reads, in bytes (8 MiB). Measured: a whole bot-played match is 30–490 KB (360
matches of the three bundled variants, random and greedy bots: at most 31 hands, about 15 KB per hand); a match
stopped by ``play``'s default cap of 500 hands would be about 7.5 MB."""

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted in a record (a record needs 6 levels), as for spec files."""

MAX_DIGITS = 1000
"""Longest whole number accepted in a record, in digits (seeds are the only large numbers)."""

_PRUNE_ABOVE = 8
"""Lists longer than this are cut to one element when looking for jsonschema's error (see :func:`validate`); no list
of the record schema has a ``minItems`` or ``maxItems`` above 2, so the cut list is valid wherever the whole was."""


class _BadJson(ValueError):
    """Raised from the JSON reader's hooks."""


@lru_cache(maxsize=1)
def _validator():
    from .schema_validator import SchemaValidator

    schema = json.loads(schema_path("record.schema.json").read_text(encoding="utf-8"))
    return SchemaValidator(schema)


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests arrays and objects deeper than :data:`MAX_DEPTH` (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            if depth > MAX_DEPTH:
                return True
            stack.extend((child, depth + 1) for child in (node.values() if isinstance(node, dict) else node))
    return False


def _narrow(node: Any, rest: tuple | None, here: tuple, kept: dict[tuple, int]) -> Any:
    """A copy of ``node`` in which every list longer than :data:`_PRUNE_ABOVE` keeps one element: the one the
    remaining error path ``rest`` goes through (``None`` off that path), else the first. ``kept`` receives, for
    each cut list (by its path ``here`` in the copy), the index in the original of the element kept."""
    def follow(key: Any) -> tuple | None:
        return rest[1:] if rest and type(rest[0]) is type(key) and rest[0] == key else None

    if isinstance(node, dict):
        return {key: _narrow(child, follow(key), here + (key,), kept) for key, child in node.items()}
    if not isinstance(node, list):
        return node
    if len(node) <= _PRUNE_ABOVE:
        return [_narrow(child, follow(index), here + (index,), kept) for index, child in enumerate(node)]
    wanted = rest[0] if rest and type(rest[0]) is int else 0
    chosen = wanted if 0 <= wanted < len(node) else 0
    kept[here] = chosen
    return [_narrow(node[chosen], follow(chosen), here + (0,), kept)]


def _original_path(path: tuple, kept: dict[tuple, int]) -> tuple:
    """A path in the copy made by :func:`_narrow` → the same place in the original."""
    out = list(path)
    for depth in range(len(path)):
        if tuple(path[:depth]) in kept and isinstance(path[depth], int):
            out[depth] = kept[tuple(path[:depth])]
    return tuple(out)


def _schema_error(record: Any):
    """jsonschema's most relevant error of ``record`` with its path in ``record``, or ``None`` when it is valid.

    Fast on large records: jsonschema-rs tells whether the record is valid and where its first error is; jsonschema
    (whose messages the kit uses everywhere) then looks only at a copy cut down around that place (:func:`_narrow`).
    """
    import jsonschema

    check = _validator()
    if check.quickly_valid(record):
        return None
    hint = check.quick_error_path(record)
    kept: dict[tuple, int] = {}
    errors = []
    if hint is not None:
        errors = list(check.full.iter_errors(_narrow(record, hint, (), kept)))
    if not errors:  # no jsonschema-rs, or its hint led nowhere: jsonschema on the whole record
        kept = {}
        errors = list(check.full.iter_errors(record))
    if not errors:
        return None
    best = jsonschema.exceptions.best_match(errors)
    while best.context:  # into a oneOf (a seat or null): the branch that nearly fits
        best = jsonschema.exceptions.best_match(best.context)
    return best, _original_path(tuple(best.absolute_path), kept)


def validate(record: Any) -> None:
    """Check a record against ``record.schema.json`` (``record: hand`` or ``match`` decides which part applies).

    Raises:
        RecordError: one line naming the place (``hands[2].seed``) and what is wrong there, e.g.
            ``not a valid record at hands[2].seed: found the text 'abc' (expected a whole number or null)``; or
            data nested deeper than :data:`MAX_DEPTH`.
    """
    from .variant.errors import format_path
    from .variant.schema_check import describe_error

    if _too_deep(record):
        raise RecordError(f"nesting deeper than {MAX_DEPTH} levels (expected at most {MAX_DEPTH} levels of arrays "
                          "and objects)")
    found = _schema_error(record)
    if found is None:
        return
    error, path = found
    described = describe_error(error, path)
    if len(described) == 1:
        where, _, message, expected = described[0]
    elif all(kind == "missing_key" for _, kind, _, _ in described):
        where, message, expected = path, "missing keys " + ", ".join(d[3] for d in described), ""
    else:  # several unknown keys of one object
        where, message, expected = path, "; ".join(d[2] for d in described), described[0][3]
    if len(expected) > 200:
        expected = expected[:197] + "..."
    raise RecordError(f"not a valid record at {format_path(where) or 'the top'}: {message}"
                      + (f" (expected {expected})" if expected else ""))


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        duplicate = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise _BadJson(f"duplicate key '{duplicate}' in an object (expected each key once)")
    return obj


def _constant(name: str) -> Any:
    raise _BadJson(f"{name} is not a JSON number (expected a whole number)")


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _BadJson(f"a number of {digits} digits (expected at most {MAX_DIGITS} digits)")
    return int(text)


def parse(text: str) -> dict[str, Any]:
    """A record from JSON text, validated (strict JSON: no duplicate keys, no NaN or Infinity).

    Raises:
        RecordError: bad JSON (with line and column), too deep, a duplicate key, a huge number, or a schema violation.
    """
    try:
        record = json.loads(text, object_pairs_hook=_object, parse_constant=_constant, parse_int=_integer)
    except json.JSONDecodeError as err:
        raise RecordError(f"bad JSON at line {err.lineno} column {err.colno}: {err.msg}") from None
    except _BadJson as err:
        raise RecordError(f"bad JSON: {err}") from None
    except RecursionError:
        raise RecordError(f"nesting deeper than {MAX_DEPTH} levels (expected at most {MAX_DEPTH} levels of arrays "
                          "and objects)") from None
    validate(record)
    return record


def load(path: str | Path) -> dict[str, Any]:
    """Read and validate a record file (UTF-8 JSON, a byte order mark allowed, at most :data:`MAX_RECORD_BYTES`).

    Raises:
        RecordError: not a regular file (a folder, a FIFO …), unreadable, too large, not UTF-8, or as :func:`parse`.
            The message does not repeat the file name.
    """
    try:
        text = decode_utf8(read_user_file(path, MAX_RECORD_BYTES))
    except UserFileError as err:
        where = f" at line {err.line} column {err.column}" if err.kind == "encoding" else ""
        raise RecordError(f"{err.message}{where}" + (f" (expected {err.expected})" if err.expected else "")) from None
    return parse(text)


def known_variants() -> list[str]:
    """The playable bundled variant ids (those a record may name without a variant file)."""
    from .variant import default_registry

    registry = default_registry()
    out = []
    for variant_id in registry.variant_ids():
        try:
            if not registry.load_variant(variant_id).abstract:
                out.append(variant_id)
        except SpecError:
            continue
    return out


def _rules(record: dict, rules: HuolongRules | None = None) -> HuolongRules:
    """The rules a record is replayed with: ``rules`` when given (a house variant; its id must be the record's),
    else the bundled variant the record names.

    Raises:
        RecordError: an unknown, broken or unplayable variant, or ``rules`` of another variant.
    """
    variant_id = record["variant"]
    if rules is not None:
        if rules.variant_id != variant_id:
            raise RecordError(f"the record is of variant '{variant_id}', the variant given is '{rules.variant_id}'")
        return rules
    try:
        return rules_for(variant_id)
    except SpecError as err:
        if err.kind in ("unknown_variant", "bad_id", "outside_spec"):
            raise RecordError(f"unknown variant '{variant_id}' (known: {', '.join(known_variants())}; for a house "
                              "variant, give its file with --variant)") from None
        raise RecordError(f"variant '{variant_id}' cannot be loaded: {err}") from None
    except RulesError as err:
        raise RecordError(str(err)) from None


def dumps(record: dict) -> str:
    """A record as JSON text (one action per line, so that diffs stay readable), ending in a newline."""
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def dump(record: dict, path: str | Path) -> None:
    """Write a record to ``path`` as :func:`dumps` gives it (UTF-8).

    Raises:
        OSError: the file cannot be written.
    """
    Path(path).write_text(dumps(record), encoding="utf-8")


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
    rules = _rules(record, rules)
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


def replay_match(record: dict, rules: HuolongRules | None = None) -> ReplayResult:
    """Replay a (schema-valid) match record: every hand, and how each follows from the ones before.

    Args:
        record: the match record.
        rules: as for :func:`replay_hand`.

    Raises:
        RecordError: unknown or unplayable variant, or ``rules`` of another variant.
    """
    rules = _rules(record, rules)
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


def verify(record: Any, rules: HuolongRules | None = None) -> ReplayResult:
    """Validate and replay a hand or match record.

    Args:
        record: the record (parsed JSON).
        rules: the rules of a house variant the record was played with (see :func:`replay_hand`).

    Raises:
        RecordError: not a valid record, an unknown or unplayable variant, or ``rules`` of another variant.
    """
    validate(record)
    return replay(record, rules)


def replay(record: dict, rules: HuolongRules | None = None) -> ReplayResult:
    """Replay a record already validated (by :func:`load`, :func:`parse` or :func:`validate`): a hand or a match.

    Raises:
        RecordError: as :func:`verify`, schema violations aside.
    """
    return replay_match(record, rules) if record["record"] == "match" else replay_hand(record, rules)
