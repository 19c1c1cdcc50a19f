"""The built site publishes every bundled JSON schema at the URL its ``$id`` names, byte for byte, and lists them on
implementers/schemas (see tests/test_schema_urls.py for the addresses themselves)."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path

import yaml

from datong_rules.reference_impl.schemas import schema_files

MKDOCS = (Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8")
SITE_URL = yaml.safe_load(MKDOCS.split("\nnav:")[0])["site_url"]


def test_every_schema_is_on_the_site_at_its_id(built_site):
    assert built_site.returncode == 0, built_site.log[-3000:]
    page = unescape((built_site.root / "implementers" / "schemas" / "index.html").read_text(encoding="utf-8"))
    for name, path in schema_files().items():
        schema_id = json.loads(path.read_text(encoding="utf-8"))["$id"]
        published = built_site.root / schema_id.removeprefix(SITE_URL)
        assert published.read_bytes() == path.read_bytes(), name
        assert schema_id in page
