"""The toy game's operations: ``readings`` (every reading of some cards) and ``beats`` (does a play beat another),
and ``replay`` (a record verified). Bad input raises ValueError with one line."""

from __future__ import annotations

from typing import Any

from datong_rules.reference_impl import records
from datong_rules.reference_impl.cards import parse_cards

from .combos import beats, declared, readings
from .rules import ToyRules


def _cards(given: Any, key: str, where: str = "given") -> list[str]:
    if not isinstance(given, dict) or not isinstance(given.get(key), list):
        raise ValueError(f"{where}.{key}: expected a list of cards")
    try:
        return parse_cards(given[key])
    except ValueError as err:
        raise ValueError(f"{where}.{key}: {err}") from None


def op_readings(rules: ToyRules, given: dict) -> dict:
    """``{cards}`` → ``{readings: [{combination, rank}]}``, low to high."""
    return {"readings": [{"combination": c, "rank": r} for c, r in readings(rules, _cards(given, "cards"))]}


def op_beats(rules: ToyRules, given: dict) -> dict:
    """``{play: {cards, reading?}, previous: {cards, reading?}}`` → ``{beats}`` (and ``reason`` when a play has
    no usable reading)."""
    out = []
    for key in ("play", "previous"):
        part = given.get(key) if isinstance(given, dict) else None
        reading = declared(rules, _cards(part, "cards", f"given.{key}"), (part or {}).get("reading"))
        if isinstance(reading, str):
            return {"beats": False, "reason": reading}
        out.append(reading)
    return {"beats": beats(rules, out[0], out[1])}


def op_replay(rules: ToyRules, given: dict) -> dict:
    """``{record}`` → the replay answer (``accepted``, ``index``, ``seat``, ``reason``)."""
    try:
        return records.verify(given.get("record"), rules).answer()
    except records.RecordError as err:
        raise ValueError(f"given.record: {err}") from None


OPS = {"readings": op_readings, "beats": op_beats, "replay": op_replay}
"""Operation name → function."""
