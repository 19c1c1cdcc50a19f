"""The rule sources of the kit (``spec/sources.yaml``), read for the rulebook pages."""

from __future__ import annotations

from typing import Any

import yaml


def load_sources() -> dict[str, dict[str, Any]]:
    """``spec/sources.yaml`` as ``{source id: entry}`` (each entry: ``id``, ``kind``, ``game``, ``title``, ...)."""
    from datong_rules.reference_impl.paths import spec_root

    data = yaml.safe_load((spec_root() / "sources.yaml").read_text(encoding="utf-8")) or {}
    return {str(s["id"]): s for s in data.get("sources", [])}
