"""The rules each bundled scenario's expected answer depends on, as the reference engine found them: the generated
file ``conformance/scenarios/dependencies.json`` (:data:`DEPENDENCIES_FILE`), and what reads it.

:mod:`.find_dependencies` writes the file (``python -m datong_rules.conformance.find_dependencies``; how the
dependencies are found is said there). Nothing needs it to be up to date: a house variant inherits scenarios by
asking the reference engine playing the house (:mod:`.house`), not by this file. It serves two readers, and a
scenario it lacks (one added since it was written) is simply not helped by it: ``conform --variant HOUSE`` names,
for each scenario left out, the rules of the house its answer depends on (:func:`computed`, through
:func:`.house.depends_on`), and the suite's tests check that every scenario the file has declares what it depends
on (:func:`undeclared`). Rewrite it now and then, when many scenarios were added (a few minutes of CPU time).

File format (JSON, one line per scenario)::

    {"version": 1, "command": "...", "alternatives_tried": N, "alternatives_invalid": M,
     "scenarios": {
      "<scenario id>": {"variant": "<variant id>", "keys": {"<expected key>": ["<rule id>", ...], ...}},
      ...}}

A key's list is empty when no alternative value tried changes its value. Scenarios of ``replay`` are not in it.
(A file written before may also have ``"inputs"``, a hash of what it was computed from; it is not read.)
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from .scenarios_io import Scenario, scenarios_root

FILE_VERSION = 1
DEPENDENCIES_FILE = scenarios_root() / "dependencies.json"
"""The generated file (in the package, so that an installed kit has it too)."""
REGENERATE = "python -m datong_rules.conformance.find_dependencies"
"""The command that writes :data:`DEPENDENCIES_FILE`."""
_KIT = Path(__file__).resolve().parent.parent


def examples_folder() -> Path:
    """``docs/examples`` of the checkout (absent from an installed kit)."""
    return _KIT / "docs" / "examples"


@cache
def _read_file(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and data.get("version") == FILE_VERSION else {}


def forget() -> None:
    """Drop the cached content of the file (after writing it)."""
    _read_file.cache_clear()


def computed(scenario: Scenario, path: Path | None = None) -> dict[str, list[str]] | None:
    """The computed dependencies of ``scenario`` from :data:`DEPENDENCIES_FILE` (or ``path``): expected key → rule
    ids; ``None`` when the file has none for it (a scenario of your own, a ``replay``, no file), or has them for a
    scenario of the same id and another variant."""
    entry = (_read_file(str(path or DEPENDENCIES_FILE)).get("scenarios") or {}).get(scenario.id)
    if not isinstance(entry, dict) or entry.get("variant") != scenario.variant:
        return None
    keys = entry.get("keys")
    return {str(k): [str(r) for r in v] for k, v in keys.items()} if isinstance(keys, dict) else None


def render(content: dict[str, Any]) -> str:
    """The text of :data:`DEPENDENCIES_FILE` for ``content`` (the format of the module doc): JSON with one line per
    scenario, so that a change of the suite changes few lines."""
    head = {k: v for k, v in content.items() if k != "scenarios"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "scenarios": {']
    entries = list(content["scenarios"].items())
    for index, (sid, entry) in enumerate(entries):
        comma = "," if index < len(entries) - 1 else ""
        lines.append(f" {json.dumps(sid, ensure_ascii=False)}: {json.dumps(entry, ensure_ascii=False)}{comma}")
    return "\n".join([*lines, "}}"]) + "\n"


def undeclared(scenario: Scenario, keys: dict[str, list[str]]) -> list[tuple[str, str]]:
    """``(expected key, rule id)`` of every computed dependency (``keys``, as :func:`computed` gives them) that the
    scenario does not declare: neither the rule nor a section holding it is among the rules of that key
    (``key_rules``, or ``rules`` when the scenario does not attribute keys)."""
    out = []
    for key, rule_ids in keys.items():
        declared = scenario.rules_of([key])
        out += [(key, r) for r in rule_ids if not any(r == d or r.startswith(d + ".") for d in declared)]
    return out
