"""Operation and variant names across games, and the wildcards a handshake may use.

An operation's **full name** is ``<game>/<op>`` (``huolong/classify``, ``biedan/classify``). In a scenario
file ``op: classify`` means the operation of the game of the scenario's variant (a variant id is
``<game>/<name>``). ``--op classify`` selects that operation in every game, ``--op huolong/classify`` in one.

What an implementation declares (``supported_operations()``, a handshake's ``operations`` and ``variants``):

* ``*``: everything;
* a full name, or a pattern with ``*`` for a whole part: ``huolong/*``, ``*/classify``, ``huolong/li-zhijiang``;
* a bare operation name (``classify``, as protocol 1 and the 0.1 Python adapters write them): the Huolong
  operation of that name (:data:`LEGACY_GAME`; protocol 1 knew one game).
"""

from __future__ import annotations

WILDCARD = "*"
LEGACY_GAME = "huolong"
"""The game a bare operation name of a handshake or ``supported_operations()`` means (protocol 1)."""


def game_of(variant_id: str) -> str:
    """The game of a variant id (``"huolong/li-zhijiang"`` → ``"huolong"``); ``""`` for an id without ``/``."""
    game, sep, _ = variant_id.partition("/")
    return game if sep else ""


def full_op(game: str, op: str) -> str:
    """``"huolong", "classify"`` → ``"huolong/classify"``; an ``op`` already full is returned as it is."""
    return op if "/" in op else f"{game}/{op}"


def bare_op(op: str) -> str:
    """``"huolong/classify"`` → ``"classify"``; a bare name as it is."""
    return op.rpartition("/")[2]


def declared(pattern: str) -> str:
    """A declared operation pattern in full form: a bare name means the Huolong operation (protocol 1)."""
    return pattern if pattern == WILDCARD or "/" in pattern else f"{LEGACY_GAME}/{pattern}"


def matches(pattern: str, name: str) -> bool:
    """Whether a declared ``pattern`` (``*``, ``huolong/*``, ``*/classify``, an exact name) covers the full
    ``name`` (``huolong/classify`` or a variant id); ``*`` stands for one whole part, not for part of a word."""
    if pattern == WILDCARD:
        return True
    want, have = pattern.split("/"), name.split("/")
    return len(want) == len(have) and all(w in (WILDCARD, h) for w, h in zip(want, have))


def covered(patterns: list[str], name: str) -> bool:
    """Whether any of the declared ``patterns`` covers ``name`` (see :func:`matches`)."""
    return any(matches(p, name) for p in patterns)


def selects(wanted: str, scenario_game: str, scenario_op: str) -> bool:
    """Whether an ``--op`` value selects a scenario's operation: a bare ``classify`` in every game, a full
    ``huolong/classify`` (or ``huolong/*``) in its game."""
    if "/" not in wanted:
        return wanted == scenario_op
    return matches(wanted, f"{scenario_game}/{scenario_op}")
