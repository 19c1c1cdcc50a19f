"""The built site names no document outside the project (the patterns of tests/test_self_contained.py), and its
register of readings is served in both languages, reached from the rules-as-data pages."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location("self_contained", Path(__file__).resolve().parents[1] / "test_self_contained.py")
self_contained = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(self_contained)


def test_no_built_page_names_a_document_outside_the_project(built_site):
    assert built_site.returncode == 0, built_site.log[-2000:]
    found = {}
    for page in built_site.root.rglob("*.html"):
        hits = self_contained.hits(page.read_text(encoding="utf-8"))
        if hits:
            found[str(page.relative_to(built_site.root))] = hits[:3]
    assert found == {}


def test_the_register_of_readings_is_built_in_both_languages(built_site):
    for folder in ("rulebooks/readings", "en/rulebooks/readings"):
        html = (built_site.root / folder / "index.html").read_text(encoding="utf-8")
        assert html.count('class="reading-entry"') >= 40
    rules = (built_site.root / "rulebooks/huolong/li-zhijiang-rules/index.html").read_text(encoding="utf-8")
    assert 'href="../../readings/#rd-huolong-star-levels"' in rules
