"""The games of the registry written into the bundled JSON schemas: generated, never edited by hand.

JSON Schema cannot look a game up, so the schemas that choose by game name the games themselves: the ``game`` enum of
``sources.schema.json`` and ``variant.schema.json``, the variant schema's branches that check ``rules`` against
``games/<game>/rules.schema.json`` and tie each game to its family, and the record schema's branches that choose
``games/<game>/record.schema.json``. This module writes those parts from the built-in games of the registry
(:data:`datong_rules.reference_impl.games.BUILTIN`); ``tests/reference_impl/variant/test_schema_games.py`` checks
that the bundled files are what it writes. After adding a game to ``BUILTIN``::

    python -m datong_rules.reference_impl.schema_games          # rewrite the schemas
    python -m datong_rules.reference_impl.schema_games --check   # exit 1, naming the stale files, if any is stale

The files are written in one compact layout (:func:`dump`): a value that fits on one line stays on one line.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import games
from .paths import spec_root

RULE_ITEM = "../../common.schema.json#/$defs/ruleItem"
"""The ``$ref`` every rule item of a game's ``rules.schema.json`` makes to the one common rule item."""

ID_PATTERN = "^[a-z][a-z0-9_]*$"
"""A game id: also a game registered from outside the kit (its rule sections are then checked by its own checks)."""

WIDTH = 118
"""Lines of the written files are at most this long where a value can be split."""


def _names(builtin: Sequence[games.Game]) -> str:
    return "; ".join(f"{g.id}: {g.name['zh']} {g.name['en']}" for g in builtin)


def _families(builtin: Sequence[games.Game]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for game in builtin:
        out.setdefault(game.family, []).append(game.id)
    return out


def _has(root: Path, game: str, part: str) -> bool:
    return (root / "games" / game / f"{part}.schema.json").is_file()


def _sources(schema: dict[str, Any], builtin: Sequence[games.Game], root: Path) -> None:
    schema["$defs"]["source"]["properties"]["game"] = {
        "enum": [g.id for g in builtin],
        "description": f"The game the text describes ({_names(builtin)}).",
    }


def _variant(schema: dict[str, Any], builtin: Sequence[games.Game], root: Path) -> None:
    families = _families(builtin)
    schema["properties"]["game"] = {
        "anyOf": [{"enum": [g.id for g in builtin]}, {"type": "string", "pattern": ID_PATTERN}],
        "description": f"The game ({_names(builtin)}), or the id of a game registered from outside the kit (its rule "
                       "sections are then checked by the game's own checks). Also the first part of the variant's id.",
    }
    schema["properties"]["family"] = {
        "enum": list(families),
        "description": "The game family: " + "; ".join(f"{', '.join(ids)}: {family}"
                                                      for family, ids in families.items()) + ".",
    }
    schema["allOf"] = [
        {"if": {"anyOf": [{"required": ["game"], "properties": {"game": {"const": g.id}}},
                          {"not": {"required": ["game"]}, "required": ["id"],
                           "properties": {"id": {"type": "string", "pattern": f"^{g.id}/"}}}]},
         "then": {"properties": {"rules": {"$ref": f"games/{g.id}/rules.schema.json"}}}}
        for g in builtin if _has(root, g.id, "rules")]
    schema["$defs"]["resolved"]["allOf"] = [
        {"if": {"required": ["game"], "properties": {"game": {"enum": ids}}},
         "then": {"properties": {"family": {"const": family}}}}
        for family, ids in families.items()]


def _record(schema: dict[str, Any], builtin: Sequence[games.Game], root: Path) -> None:
    schema["allOf"] = [{"$ref": "#/$defs/envelope"}] + [
        {"if": {"required": ["game"], "properties": {"game": {"const": g.id}}},
         "then": {"$ref": f"games/{g.id}/record.schema.json"}}
        for g in builtin if _has(root, g.id, "record")]


GENERATED: dict[str, Callable[[dict[str, Any], Sequence[games.Game], Path], None]] = {
    "sources.schema.json": _sources,
    "variant.schema.json": _variant,
    "record.schema.json": _record,
}
"""The schema files whose game parts are generated, and the function that writes those parts."""


def generated(name: str, schema: dict[str, Any], builtin: Sequence[games.Game] | None = None,
              root: Path | None = None) -> dict[str, Any]:
    """A copy of the schema file ``name`` (a key of :data:`GENERATED`) with its game parts written for ``builtin``
    (default: the registry's built-in games); a branch is written for a game whose schema file exists under
    ``root`` (default: the bundled ``spec/schema``)."""
    out = copy.deepcopy(schema)
    GENERATED[name](out, games.BUILTIN if builtin is None else builtin, root or spec_root() / "schema")
    return out


def dump(data: Any, indent: int = 0, lead: int = 0) -> str:
    """``data`` as JSON text in the schemas' layout: a list or mapping that fits in :data:`WIDTH` (after ``lead``
    characters already on its line) on one line, otherwise one member per line indented by two spaces."""
    one = json.dumps(data, ensure_ascii=False)
    if not isinstance(data, dict | list) or not data or indent + lead + len(one) <= WIDTH:
        return one
    pad = " " * (indent + 2)
    if isinstance(data, list):
        body = [pad + dump(item, indent + 2) for item in data]
        return "[\n" + ",\n".join(body) + "\n" + " " * indent + "]"
    members = []
    for key, value in data.items():
        head = json.dumps(key, ensure_ascii=False) + ": "
        members.append(pad + head + dump(value, indent + 2, len(head)))
    return "{\n" + ",\n".join(members) + "\n" + " " * indent + "}"


def expected_text(name: str, root: Path | None = None) -> str:
    """The text the generated schema file ``name`` must have (its current content with the game parts written)."""
    folder = root or spec_root() / "schema"
    schema = json.loads((folder / name).read_text(encoding="utf-8"))
    return dump(generated(name, schema, root=folder)) + "\n"


def stale(root: Path | None = None) -> list[str]:
    """The generated schema files under ``root`` (default: the bundled ``spec/schema``) that differ from
    :func:`expected_text`."""
    folder = root or spec_root() / "schema"
    return [name for name in GENERATED if (folder / name).read_text(encoding="utf-8") != expected_text(name, folder)]


def write(root: Path | None = None) -> list[str]:
    """Rewrite the stale generated schema files; returns their names."""
    folder = root or spec_root() / "schema"
    names = stale(folder)
    for name in names:
        (folder / name).write_text(expected_text(name, folder), encoding="utf-8")
    return names


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m datong_rules.reference_impl.schema_games [--check] [SCHEMA_DIR]``: rewrite (or, with ``--check``,
    only name) the generated schema files that are stale; exit status 1 when ``--check`` finds one."""
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    folders = [Path(a) for a in args if a != "--check"]
    root = folders[0] if folders else None
    names = stale(root) if check else write(root)
    for name in names:
        print(f"{'stale' if check else 'written'}: {name}")
    return 1 if check and names else 0


if __name__ == "__main__":
    raise SystemExit(main())
