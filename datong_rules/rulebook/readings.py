"""The register of readings (``spec/readings.yaml``): where a source allows more than one reading, which one each
variant plays, why, and which fixture variants pin the others.

The register is data (validated against ``spec/schema/readings.schema.json``); this module loads it and answers
which entries a variant's rule has. The page is :mod:`datong_rules.rulebook.readings_page`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from datong_rules.reference_impl import games
from datong_rules.reference_impl.paths import schema_path, spec_root
from datong_rules.reference_impl.schema_validator import SchemaValidator
from datong_rules.reference_impl.variant import load_variant

from datong_rules.reference_impl.spec_data import load_checked

READINGS_FILE = "readings.yaml"
SCHEMA_FILE = "readings.schema.json"


class ReadingsError(ValueError):
    """The register does not load or does not match its schema; the message is one line per problem, each naming
    the file and the entry."""


@dataclass(frozen=True)
class Readings:
    """The loaded register.

    Attributes:
        entries: the entries in file order, each the mapping of the schema's ``entry`` (``id``, ``game``, ``kind``,
            ``source``, ``question``, ``readings``, ``choices``).
    """

    entries: tuple[dict[str, Any], ...]

    def by_id(self) -> dict[str, dict[str, Any]]:
        """``{entry id: entry}``."""
        return {e["id"]: e for e in self.entries}

    def for_rule(self, variant_id: str, rule_id: str, chain: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        """The entries with a choice for ``rule_id`` made by ``variant_id`` or by one of the variants it extends
        (``chain``, e.g. ``("huolong/base", "huolong/li-zhijiang")``), in file order."""
        variants = {variant_id, *chain}
        return [e for e in self.entries
                if any(c["rule"] == rule_id and c["variant"] in variants for c in e["choices"])]

    def of_game(self, game: str) -> list[dict[str, Any]]:
        """The entries of ``game`` in file order."""
        return [e for e in self.entries if e["game"] == game]


def variant_chain(variant_id: str) -> tuple[str, ...]:
    """The ids of the variants ``variant_id`` extends (its ``extends`` chain, itself included); just
    ``(variant_id,)`` for a variant the registry does not know (a house file)."""
    try:
        return tuple(load_variant(variant_id).chain) or (variant_id,)
    except (KeyError, ValueError, FileNotFoundError):
        return (variant_id,)


_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"


def _steps(section: str) -> tuple[str, ...]:
    """A section's path of numbers and headings: ``"三.6④"`` → ``("三", "6", "4")``, ``"导语 4"`` → ``("导语",
    "4")``, ``"三.5 特别说明"`` → ``("三", "5", "特别说明")``. Dots and spaces separate steps; a circled number
    (①…⑩) is a step of its own."""
    for n, mark in enumerate(_CIRCLED, 1):
        section = section.replace(mark, f".{n}")
    return tuple(step for step in re.split(r"[.\s]+", section.strip()) if step)


def sections_agree(entry_section: str, rule_section: str) -> bool:
    """Whether a register entry's section agrees with the section its chosen rule cites (same source).

    Both may list several sections separated by ``、``. They agree when some section of the entry and some section
    of the rule lie on one path of the source's numbering: one equals the other or contains it (``三`` contains
    ``三.3``; ``一.五`` contains ``一.五.4``; ``三.5`` contains ``三.5 特别说明``). Sections of different branches
    never agree (``一.六.8`` and ``一.六.9``; ``一.五`` and ``一.六.8``; ``【底牌：】`` and ``【抓分抠底】``).
    """
    def paths(sections: str) -> list[tuple[str, ...]]:
        return [_steps(part) for part in sections.split("、") if part.strip()]

    def on_one_path(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
        shorter = min(len(a), len(b))
        return shorter > 0 and a[:shorter] == b[:shorter]

    return any(on_one_path(a, b) for a in paths(entry_section) for b in paths(rule_section))


def register_path() -> Path:
    """Path of ``spec/readings.yaml``."""
    return spec_root() / READINGS_FILE


def check_register(data: Any, file: str) -> list[str]:
    """Problems of the register's data ``data`` read from ``file``: schema errors, duplicate ids, a ``chosen``
    that names no reading of its entry, a game the registry does not know. One line each; empty when the register is sound."""
    schema = json.loads(schema_path(SCHEMA_FILE).read_text(encoding="utf-8"))
    problems = SchemaValidator(schema).problems(data, file)
    if problems:
        return problems
    seen: set[str] = set()
    known = games.ids()
    for entry in data["readings"]:
        if entry["game"] not in known:
            problems.append(f"{file}: entry {entry['id']}: game {entry['game']!r} is not a game of the registry "
                            f"(expected one of {', '.join(known)})")
        if entry["id"] in seen:
            problems.append(f"{file}: entry {entry['id']}: the id is used twice")
        seen.add(entry["id"])
        names = [r["name"] for r in entry["readings"]]
        if len(set(names)) != len(names):
            problems.append(f"{file}: entry {entry['id']}: two readings have the same name")
        problems += [f"{file}: entry {entry['id']}: {c['variant']} {c['rule']} chooses {c['chosen']!r}, "
                     f"which is not one of its readings ({', '.join(names)})"
                     for c in entry["choices"] if c["chosen"] not in names]
    return problems


@lru_cache(maxsize=1)
def load_readings() -> Readings:
    """The bundled register.

    Raises:
        ReadingsError: the file is not YAML or breaks its schema (one line per problem).
    """
    data = load_checked(register_path(), check_register, ReadingsError)
    return Readings(tuple(data["readings"]))
