"""House files written before the neighbours' options (tests/fixtures/house-files: the example house files as they
were) still validate with no problem and load as playable rules of their game: a new rule item has a value every
bundled variant gives, so no old file must name it."""

from __future__ import annotations

from pathlib import Path

import pytest

from datong_rules.reference_impl.games import get
from datong_rules.reference_impl.variant import open_variant

from examples_support import run

KEPT = Path(__file__).resolve().parents[1] / "fixtures" / "house-files"
FILES = sorted(KEPT.glob("*.yaml"))


def test_the_kept_files_are_there():
    assert {f.name for f in FILES} >= {"biedan-doudizhu.yaml", "dadun-guandan.yaml", "huolong-house.yaml"}


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_a_kept_house_file_validates_and_loads_as_playable_rules(path):
    result = run("validate", str(path))
    assert result.exit_code == 0 and "no problems" in result.output, result.output
    variant = open_variant(str(path))
    game = get(variant.data["game"])
    assert game.rules_for(variant) is not None
