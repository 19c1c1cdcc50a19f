"""The bundled JSON schemas by name: ``variant``, ``record``, ``scenario``, ``sources``, ``games/huolong/rules`` …

A schema's name is its path under ``spec/schema/`` without ``.schema.json``; its ``$id`` is the address where the
documentation site publishes it (``https://datong-rules.github.io/datong-rules/schema/<path>``), so that editors and
validators can fetch it, and relative ``$ref`` between schemas resolve there too. ``datong-rules schema`` prints them.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any

from .paths import spec_root

SUFFIX = ".schema.json"


def schema_files() -> dict[str, Path]:
    """Every bundled schema: name → path, in name order (``{"record": …/record.schema.json, …}``)."""
    root = spec_root() / "schema"
    found = {path.relative_to(root).as_posix().removesuffix(SUFFIX): path for path in root.rglob(f"*{SUFFIX}")}
    return dict(sorted(found.items()))


def find_schema(name: str) -> Path:
    """The bundled schema ``name`` (``variant``; its file name ``variant.schema.json`` is accepted too).

    Raises:
        KeyError: no such schema; the message names the closest name and lists them all.
    """
    files = schema_files()
    key = name.removesuffix(SUFFIX).strip("/")
    if key in files:
        return files[key]
    close = difflib.get_close_matches(key, list(files), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise KeyError(f"no schema named '{name}'{hint}; the schemas are: {', '.join(files)}")


def schema_info(path: Path) -> dict[str, Any]:
    """``{"id", "title", "description"}`` of one schema file (empty strings where the schema has none)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {key: str(data.get(field, "")) for key, field in (("id", "$id"), ("title", "title"),
                                                              ("description", "description"))}
