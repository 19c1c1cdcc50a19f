"""Why an action is refused, as data (``spec/reasons.yaml``): per game, each reason code of its operations in words
(中文 and English: the sentence said to the player, and a short form said of a play inside a sentence) and the rule
ids that refuse it. The one source of reason words: the table app's refusals (``datong_rules.rulebook.explain``)
and the rulebooks' teaching stories (``climbing/stories.py``, ``huolong/stories.py``) both read it.

The file is validated against ``spec/schema/reasons.schema.json``; :func:`load_reasons` loads it once,
:func:`reason_entry` finds the entry of a code for an action type and :func:`reason_words` the short words of a code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import games
from .paths import schema_path, spec_root
from .schema_validator import SchemaValidator
from .spec_data import load_checked

REASONS_FILE = "reasons.yaml"
SCHEMA_FILE = "reasons.schema.json"


class ReasonsError(ValueError):
    """``spec/reasons.yaml`` does not load or breaks its schema; one line per problem, each naming the file."""


@dataclass(frozen=True)
class ReasonEntry:
    """One reason code of a game in words.

    Attributes:
        code: the reason code (``must_follow_suit``).
        action: the action type it explains (``bury``), or None for any action.
        words: ``{"zh": …, "en": …}``, the reason said to the player (a sentence).
        rules: the rule ids that refuse it, most direct first (may be empty).
        short: ``{"zh": …, "en": …}``, the reason said of a play inside a sentence (``Not allowed: {short}.``):
            lower-case English, no final stop.
    """

    code: str
    action: str | None
    words: dict[str, str]
    rules: tuple[str, ...]
    short: dict[str, str]


def reasons_path() -> Path:
    """Path of ``spec/reasons.yaml``."""
    return spec_root() / REASONS_FILE


def check_reasons(data: Any, file: str) -> list[str]:
    """Problems of the data ``data`` read from ``file``: schema errors, a game the registry does not know, a code
    given twice for the same action type. One line each; empty when the file is sound."""
    schema = json.loads(schema_path(SCHEMA_FILE).read_text(encoding="utf-8"))
    problems = SchemaValidator(schema).problems(data, file)
    if problems:
        return problems
    known = games.ids()
    for game, entries in data["reasons"].items():
        if game not in known:
            problems.append(f"{file}: reasons/{game}: not a game of the registry (expected one of {', '.join(known)})")
        seen: set[tuple[str, str | None]] = set()
        for entry in entries:
            pair = (entry["code"], entry.get("action"))
            if pair in seen:
                problems.append(f"{file}: reasons/{game}: code {pair[0]!r}"
                                + (f" for action {pair[1]!r}" if pair[1] else "") + " is given twice")
            seen.add(pair)
    return problems


@lru_cache(maxsize=1)
def load_reasons() -> dict[str, tuple[ReasonEntry, ...]]:
    """The bundled reasons: game id → its entries, in file order.

    Raises:
        ReasonsError: the file is not YAML or breaks its schema (one line per problem).
    """
    data = load_checked(reasons_path(), check_reasons, ReasonsError)
    return {game: tuple(ReasonEntry(e["code"], e.get("action"), {"zh": e["zh"], "en": e["en"]}, tuple(e["rules"]),
                                    dict(e["short"])) for e in entries)
            for game, entries in data["reasons"].items()}


def reason_entry(game: str, code: str, action_type: str | None = None) -> ReasonEntry | None:
    """The entry of ``code`` in ``game`` for an action of type ``action_type``: the one naming that type, else the
    one naming none; None when the game has no entry for the code."""
    entries = [e for e in load_reasons().get(game, ()) if e.code == code]
    for entry in entries:
        if action_type is not None and entry.action == action_type:
            return entry
    general = [e for e in entries if e.action is None]
    return general[0] if general else (entries[0] if entries else None)


def reason_words(game: str, code: Any, action_type: str | None = None) -> dict[str, str] | str:
    """The short words ``{"zh", "en"}`` of ``code`` in ``game`` for an action of type ``action_type`` (as
    :func:`reason_entry` finds the entry); the code itself (a string) when the game has no entry for it."""
    entry = reason_entry(game, str(code), action_type)
    return dict(entry.short) if entry is not None else str(code)


def codes(game: str) -> set[str]:
    """Every reason code ``game`` has an entry for."""
    return {e.code for e in load_reasons().get(game, ())}
