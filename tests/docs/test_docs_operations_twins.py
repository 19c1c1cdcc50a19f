"""The operations guides of the climbing games in both languages (``x.md`` 中文, ``x.en.md`` English) name the same
reason codes: every code of the game in spec/reasons.yaml, written in code on both pages. (Their operations and
documented defaults are checked on both pages by the games' schema tests and tests/conformance/test_guide_defaults.py;
their language and section ids by tests/docs/test_docs_guides_language.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["biedan", "dadun"])
def test_both_languages_of_an_operations_guide_name_every_reason_code(game):
    reasons = yaml.safe_load((ROOT / "spec" / "reasons.yaml").read_text(encoding="utf-8"))["reasons"]
    codes = {entry["code"] for entry in reasons[game]}
    assert len(codes) >= 15
    for page in (f"{game}-operations.md", f"{game}-operations.en.md"):
        named = set(re.findall(r"`([a-z_]+)`", (ROOT / "docs" / "implementers" / page).read_text(encoding="utf-8")))
        assert codes - named == set(), page
