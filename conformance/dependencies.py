"""The rules each bundled scenario's expected answer depends on, as the reference engine found them: the generated
file ``conformance/scenarios/dependencies.json`` (:data:`DEPENDENCIES_FILE`), and what reads it.

:mod:`.find_dependencies` writes the file (``python -m datong_rules.conformance.find_dependencies``; how the
dependencies are found is said there); it is never computed when ``conform`` runs. ``conform --variant HOUSE``
reads it (:func:`computed`, through :mod:`.house`) to leave out every scenario whose answer a rule of the house
file changes; the suite's tests check that every scenario declares what it depends on (:func:`undeclared`) and that
the file is up to date: it records a hash of its inputs (:func:`inputs_digest`: the spec, the rule schemas, the
scenario and fixture variant files, the example house files and the engine's source).

File format (JSON, one line per scenario)::

    {"version": 1, "inputs": "<sha-256>", "command": "...", "alternatives_tried": N, "alternatives_invalid": M,
     "scenarios": {
      "<scenario id>": {"variant": "<variant id>", "keys": {"<expected key>": ["<rule id>", ...], ...}},
      ...}}

A key's list is empty when no alternative value tried changes its value. Scenarios of ``replay`` are not in it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from datong_rules.reference_impl.paths import spec_root

from .scenarios_io import Scenario, scenarios_root

FILE_VERSION = 1
DEPENDENCIES_FILE = scenarios_root() / "dependencies.json"
"""The generated file (in the package, so that an installed kit has it too)."""
REGENERATE = "python -m datong_rules.conformance.find_dependencies"
"""The command that writes :data:`DEPENDENCIES_FILE`."""
_KIT = Path(__file__).resolve().parent.parent
_FINDER = Path(__file__).resolve().parent / "find_dependencies.py"


def examples_folder() -> Path:
    """``docs/examples`` of the checkout (absent from an installed kit)."""
    return _KIT / "docs" / "examples"


def engine_folder() -> Path:
    """The reference engine's source folder (``reference_impl`` of the checkout, or of the installed package)."""
    return _KIT / "reference_impl"


def _input_files() -> Iterator[tuple[str, Path]]:
    """``(name, path)`` of every file the computation reads, in a stable order."""
    groups = (("spec", spec_root(), ("*.yaml", "rules.schema.json", "variant.schema.json", "common.schema.json")),
              ("scenarios", scenarios_root(), ("*.yaml",)),
              ("examples", examples_folder(), ("*.yaml",)),
              ("engine", engine_folder(), ("*.py",)))
    for name, root, patterns in groups:
        if not root.is_dir():
            continue
        found = sorted({p for pattern in patterns for p in root.rglob(pattern)
                        if p.is_file() and "__pycache__" not in p.parts})
        for path in found:
            yield f"{name}/{path.relative_to(root).as_posix()}", path
    yield "find_dependencies.py", _FINDER


def inputs_digest() -> str:
    """The SHA-256 (hex) of the inputs of the computation: the names and bytes (line ends normalised) of the variant
    files and the schemas that validate them (the games' rule schemas name the values tried), the scenario and
    fixture variant files, the example house files, the reference engine's source and the finder itself."""
    digest = hashlib.sha256()
    for name, path in _input_files():
        digest.update(name.encode() + b"\0" + path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return digest.hexdigest()


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


def recorded_digest(path: Path | None = None) -> str | None:
    """The inputs hash :data:`DEPENDENCIES_FILE` (or ``path``) was written for; ``None`` without a readable file."""
    return _read_file(str(path or DEPENDENCIES_FILE)).get("inputs")


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
