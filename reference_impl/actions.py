"""The actions every game shares, in one notation (``spec/schema/common.schema.json#/$defs/action``):

* ``{"type": "pass", "seat": s}``;
* ``{"type": "play", "seat": s, "cards": [...], "reading": {"combination": name, "cards": [...]}}``: ``reading.cards[i]``
  is the card ``cards[i]`` stands for (a wild card's declared value; other cards stand for themselves); ``reading``
  may be left out when the cards have exactly one reading (the game decides);
* ``{"type": "bury", "seat": s, "cards": [...]}``: cards put aside from one's hand (憋蛋's egg);
* ``{"type": "give", "seat": s, "to": t, "cards": [...]}``: cards passed to another seat (exchanges, tribute).

Cards are in the notation of :mod:`datong_rules.reference_impl.cards`. A game may have actions of its own besides
these (Huolong's deal, show, close, load). :func:`read_action` checks the shape of a shared action and returns it with
canonical card tokens; whether it is legal is the game's question.
"""

from __future__ import annotations

from typing import Any

from .cards import CANONICAL, parse_cards

KINDS = ("pass", "play", "bury", "give")
"""The shared action types."""

_KEYS = {"pass": {"type", "seat"}, "play": {"type", "seat", "cards", "reading"}, "bury": {"type", "seat", "cards"},
         "give": {"type", "seat", "to", "cards"}}


class ActionError(ValueError):
    """An action that is not in the notation (one line: what is wrong, what was expected)."""


def _seat(action: dict[str, Any], key: str, players: int) -> int:
    value = action.get(key)
    if type(value) is not int or not 0 <= value < players:
        raise ActionError(f"{key}: expected a seat 0–{players - 1}, got {value!r}")
    return value


def _cards(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not value:
        raise ActionError(f"{where}: expected a non-empty list of cards, got {value!r}")
    try:
        return parse_cards(value)
    except ValueError as err:
        raise ActionError(f"{where}: {err}") from None


def read_action(action: Any, players: int) -> dict[str, Any]:
    """A shared action checked for its shape, with canonical card tokens (a copy).

    Args:
        action: the action as given (parsed JSON).
        players: the number of seats (seats are ``0 … players - 1``).

    Raises:
        ActionError: not a mapping, an unknown type, a missing or unknown key, a bad seat or card, a reading whose
            cards do not pair with the play's.
    """
    if action.__class__ is dict:  # the common case, a pass or a play without a reading in canonical tokens: at once
        kind = action.get("type")
        seat = action.get("seat")
        if seat.__class__ is int and 0 <= seat < players:
            if kind == "play":
                cards = action.get("cards")
                try:  # len 3: type, seat and cards only; canonical tokens (an unhashable card: the general path)
                    if cards.__class__ is list and cards and len(action) == 3 and CANONICAL.issuperset(cards):
                        return {"type": kind, "seat": seat, "cards": list(cards)}
                except TypeError:
                    pass
            elif kind == "pass" and len(action) == 2:
                return {"type": kind, "seat": seat}
    elif not isinstance(action, dict):
        raise ActionError(f"expected an action (a mapping), got {type(action).__name__}")
    kind = action.get("type")
    if kind not in KINDS:
        raise ActionError(f"type: expected one of {', '.join(KINDS)}, got {kind!r}")
    if not _KEYS[kind].issuperset(action):
        unknown = sorted(set(action) - _KEYS[kind])
        raise ActionError(f"unknown key {unknown[0]!r} in a {kind} (expected {', '.join(sorted(_KEYS[kind]))})")
    out: dict[str, Any] = {"type": kind, "seat": _seat(action, "seat", players)}
    if kind == "give":
        out["to"] = _seat(action, "to", players)
        if out["to"] == out["seat"]:
            raise ActionError(f"to: a seat gives to another seat, not to itself ({out['seat']})")
    if kind != "pass":
        out["cards"] = _cards(action.get("cards"), "cards")
    if kind == "play" and "reading" in action:
        reading = action["reading"]
        if not isinstance(reading, dict) or set(reading) != {"combination", "cards"} \
                or not isinstance(reading["combination"], str):
            raise ActionError(f"reading: expected {{combination, cards}}, got {reading!r}")
        meant = _cards(reading["cards"], "reading.cards")
        if len(meant) != len(out["cards"]):
            raise ActionError(f"reading.cards: {len(meant)} cards for a play of {len(out['cards'])} (one per card)")
        out["reading"] = {"combination": reading["combination"], "cards": meant}
    return out


def malformed(action: Any, players: int) -> str:
    """Why ``action`` is not in the shared notation (:func:`read_action`'s :class:`ActionError`, one line), or ``""``
    when it is: the detail of a ``bad_action`` refusal."""
    try:
        read_action(action, players)
    except ActionError as err:
        return str(err)
    return ""


def stands_for(action: dict[str, Any]) -> list[tuple[str, str]]:
    """``(card, the card it stands for)`` for each card of a play (itself without a reading)."""
    meant = (action.get("reading") or {}).get("cards") or action["cards"]
    return list(zip(action["cards"], meant, strict=True))


