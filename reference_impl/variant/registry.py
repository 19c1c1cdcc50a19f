"""INTERIM variant registry: naive loading so that the engine can be built in parallel with the loader.

Replaced by the full loader (schema validation, line-numbered errors, safe YAML); the API stays.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import yaml

from ..paths import spec_root


@dataclass(frozen=True)
class Variant:
    """A resolved variant: ``data`` is the merged mapping of the file and its ``extends`` chain."""

    id: str
    data: dict

    @property
    def abstract(self) -> bool:
        return bool(self.data.get("abstract", False))

    def rule(self, path: str) -> Any:
        """The ``value`` of the rule item at ``path`` (e.g. ``"ranking.trump_order"``); KeyError if absent."""
        node: Any = self.data["rules"]
        for part in path.split("."):
            node = node[part]
        return node["value"]


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for key, val in over.items():
        if val is None:
            out.pop(key, None)
        elif isinstance(val, dict) and "value" not in val and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], val)
        else:
            out[key] = val
    return out


@lru_cache(maxsize=None)
def load_variant(variant_id: str) -> Variant:
    path = spec_root() / f"{variant_id}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    parent = data.get("extends")
    if parent:
        data = _merge(load_variant(parent).data, {k: v for k, v in data.items() if k not in ("extends", "abstract")})
        data["abstract"] = yaml.safe_load(path.read_text(encoding="utf-8")).get("abstract", False)
    return Variant(variant_id, data)


def list_variants() -> list[str]:
    root = spec_root()
    return sorted(str(p.relative_to(root).with_suffix("")) for p in root.glob("*/*.yaml"))
