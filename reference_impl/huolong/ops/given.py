"""Reading the ``given`` of a Huolong operation: one function per kind of value.

Each reader takes ``(mapping, key, where)``: it checks the value ``mapping[key]`` of a scenario's
``given`` (shapes in docs/implementers/operations.md) and returns it in the engine's form, or raises
:class:`ValueError` with a one-line message that says where the value is (``given.shows[2].seat:
expected a seat 0–3, got 7``); the runner reports such an answer as *errored*. ``where`` names the
mapping in those messages: ``"given"`` (the default) for the top level, ``"given.shows[2]"`` for an
entry of a list (see :func:`entries`). A reader with a ``default`` returns it when the key is absent;
without one, an absent key is an error.

Used by :mod:`.play` and :mod:`.hand`; nothing here knows a game rule beyond the variant's
level order (levels), the size of its pack (``decks × (52 + jokers_per_deck)``, rules ``deck.decks`` and
``deck.jokers_per_deck``: no list of cards may hold more, which also bounds the work a query can ask for)
and the notation (cards, suits, seats 0–3).
"""

from __future__ import annotations

from typing import Any

from ...cards import SUITS, parse_card, parse_cards
from ..ranking import Ranking
from ..rules import TEAMS, HuolongRules

_SEATS = range(4)
"""The seats of the operations (0–3, in playing order)."""

_REQUIRED: Any = object()
"""Default of ``default``: the key must be present."""


def need(mapping: Any, key: str, where: str = "given", default: Any = _REQUIRED) -> Any:
    """``mapping[key]`` (or ``default`` when given and the key is absent).

    Raises:
        ValueError: ``mapping`` is not a mapping, or lacks ``key`` and there is no default
            (``given: missing 'hand'``).
    """
    if not isinstance(mapping, dict):
        raise ValueError(f"{where}: expected a mapping, got {mapping!r}")
    if key not in mapping:
        if default is _REQUIRED:
            raise ValueError(f"{where}: missing {key!r}")
        return default
    return mapping[key]


def _within_pack(rules: HuolongRules, count: int, where: str) -> None:
    if count > rules.cards_total:
        raise ValueError(f"{where}: {count} cards, more than the whole pack of {rules.variant_id} "
                         f"({rules.cards_total} cards)")


def cards(rules: HuolongRules, mapping: Any, key: str, where: str = "given") -> list[str]:
    """The list of cards at ``key``, as canonical tokens in the given order.

    Raises:
        ValueError: missing, not a list, more cards than the variant's pack, or a bad card (its position
            is named).
    """
    value = need(mapping, key, where)
    if not isinstance(value, list):
        raise ValueError(f"{where}.{key}: expected a list of cards")
    _within_pack(rules, len(value), f"{where}.{key}")
    try:
        return parse_cards(value)
    except ValueError as err:
        raise ValueError(f"{where}.{key}: {err}") from None


def card_lists(rules: HuolongRules, mapping: Any, key: str, where: str = "given") -> list[list[str]]:
    """The list of plays (lists of cards) at ``key``, e.g. ``trick`` or ``plays``.

    Raises:
        ValueError: missing, not a list of lists, more cards in all than the variant's pack, or a bad card.
    """
    value = need(mapping, key, where)
    if not isinstance(value, list) or not all(isinstance(p, list) for p in value):
        raise ValueError(f"{where}.{key}: expected a list of lists of cards")
    _within_pack(rules, sum(len(p) for p in value), f"{where}.{key}")
    try:
        return [parse_cards(p) for p in value]
    except ValueError as err:
        raise ValueError(f"{where}.{key}: {err}") from None


def level(rules: HuolongRules, mapping: Any, key: str, where: str = "given") -> str:
    """The level rank at ``key``, one of the variant's ``levels.order`` (``T`` and lower case accepted).

    Raises:
        ValueError: missing, or not a level of the variant.
    """
    value = need(mapping, key, where)
    text = str(value).strip().upper()
    text = "10" if text == "T" else text
    if text not in rules.level_order:
        raise ValueError(f"{where}.{key}: {value!r} is not a level of {rules.variant_id}")
    return text


def trump_suit(mapping: Any, key: str, where: str = "given") -> str | None:
    """The suit at ``key``: a letter ``S H C D`` (``♠ ♥ ♣ ♦`` and lower case accepted, as for cards), or
    None for null or an absent key.

    Raises:
        ValueError: anything else.
    """
    value = need(mapping, key, where, None)
    if value is None:
        return None
    suit = None
    if isinstance(value, str) and len(value.strip()) == 1:
        try:
            suit = parse_card(f"{value.strip()}A")[0]
        except ValueError:
            suit = None
    if suit not in SUITS:
        raise ValueError(f"{where}.{key}: {value!r} is not a suit (S H C D) or null")
    return suit


def ranking(rules: HuolongRules, given: Any) -> Ranking:
    """The ranking of ``given.level`` and ``given.trump_suit`` (null or absent: no trump suit yet).

    Raises:
        ValueError: a missing or bad level, or a bad suit.
    """
    return Ranking.get(rules, level(rules, given, "level"), trump_suit(given, "trump_suit"))


def seat(mapping: Any, key: str, where: str = "given", default: Any = _REQUIRED) -> int:
    """The seat 0–3 at ``key`` (``default`` when absent, if given; it is returned unchecked).

    Raises:
        ValueError: missing, or not an integer 0–3 (booleans refused).
    """
    value = need(mapping, key, where, default)
    if value is default:
        return value
    if not isinstance(value, int) or isinstance(value, bool) or value not in _SEATS:
        raise ValueError(f"{where}.{key}: expected a seat 0–3, got {value!r}")
    return value


def count(mapping: Any, key: str, where: str = "given", minimum: int = 0, default: Any = _REQUIRED) -> int:
    """The integer ≥ ``minimum`` at ``key`` (cards dealt, jokers, a hand number).

    Raises:
        ValueError: missing, or not such an integer (booleans refused).
    """
    value = need(mapping, key, where, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ValueError(f"{where}.{key}: expected an integer ≥ {minimum}, got {value!r}")
    return value


def flag(mapping: Any, key: str, where: str = "given", default: Any = _REQUIRED) -> bool:
    """``true`` or ``false`` at ``key``.

    Raises:
        ValueError: missing, or anything else (``1`` is not ``true``).
    """
    value = need(mapping, key, where, default)
    if not isinstance(value, bool):
        raise ValueError(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def teams(mapping: Any, key: str, where: str = "given", default: Any = _REQUIRED) -> dict[str, Any]:
    """The mapping at ``key`` with exactly the keys ``banker_team`` and ``attackers`` (values unchecked; a copy).

    Raises:
        ValueError: missing, or another shape.
    """
    value = need(mapping, key, where, default)
    if not isinstance(value, dict) or set(value) != set(TEAMS):
        raise ValueError(f"{where}.{key}: expected {{banker_team: …, attackers: …}}, got {value!r}")
    return dict(value)


def seat_counts(mapping: Any, key: str, where: str = "given") -> dict[int, int]:
    """A mapping seat → count at ``key`` whose keys are seats written as strings (JSON object keys):
    ``{"1": 2}`` → ``{1: 2}``; an absent key is ``{}``.

    Raises:
        ValueError: not a mapping, a key that is not a seat, or a count that is not an integer ≥ 0.
    """
    value = need(mapping, key, where, {})
    if not isinstance(value, dict):
        raise ValueError(f"{where}.{key}: expected {{seat: count}}")
    out: dict[int, int] = {}
    for name in value:
        try:
            number = int(name)
        except (TypeError, ValueError):
            number = None
        if number not in _SEATS:
            raise ValueError(f"{where}.{key}: {name!r} is not a seat 0–3")
        out[number] = count(value, name, f"{where}.{key}")
    return out


def entries(mapping: Any, key: str, shape: str, where: str = "given", default: Any = _REQUIRED) -> list[tuple[str, dict]]:
    """The entries of the list of mappings at ``key`` (``shows``, ``loads``), each with its ``where``.

    Args:
        shape: the entry shape for messages, e.g. ``"{seat, cards, after}"``.

    Returns:
        ``[(where, entry), …]``, e.g. ``[("given.shows[0]", {...}), …]``.

    Raises:
        ValueError: missing, not a list, or an entry that is not a mapping.
    """
    value = need(mapping, key, where, default)
    if not isinstance(value, list):
        raise ValueError(f"{where}.{key}: expected a list of {shape}")
    out = []
    for i, entry in enumerate(value):
        if not isinstance(entry, dict):
            raise ValueError(f"{where}.{key}[{i}]: expected {shape}")
        out.append((f"{where}.{key}[{i}]", entry))
    return out
