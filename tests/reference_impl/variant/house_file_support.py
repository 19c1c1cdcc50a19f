"""House variant files written by the tests: one rule of a bundled variant replaced (a module of its own, imported by
a unique name, like ``conformance_support``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from datong_rules.reference_impl.variant import load_variant


def house_file(folder: Path, variant_id: str, rule_id: str, value: Any) -> Path:
    """``folder/house.yaml``: a house variant extending ``variant_id`` whose rule ``rule_id`` has ``value`` (an
    inferred item with a test text); written as JSON, which YAML reads (``3.0`` stays a float)."""
    game = variant_id.split("/")[0]
    section, name = rule_id.split(".", 1)
    item = {"value": value, "text": {"zh": "测试", "en": "Test"}, "inferred": {"reason": "test"}}
    data = {"id": f"{game}/house-test", "extends": variant_id, "name": {"zh": "测试", "en": "Test"},
            "summary": {"zh": "测试", "en": "Test"}, "rules": {section: {name: item}}}
    path = folder / "house.yaml"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def rule_copy(variant_id: str, rule_id: str) -> Any:
    """A deep copy of a bundled variant's rule value (never the cached variant's own data, which edits would
    change for every later test)."""
    return json.loads(json.dumps(load_variant(variant_id).rule(rule_id)))
