"""The home page (docs/index.md, docs/index.en.md) and README.md are current: they name every bundled game, every
playable variant of it (README) and the register of readings."""

from __future__ import annotations

from pathlib import Path

import pytest

from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import list_variants, load_variant

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g for g in games.ids() if g != "toy"]
PLAYABLE = [v for v in list_variants() if not load_variant(v).abstract]


def test_every_game_has_a_playable_variant():
    assert {v.split("/")[0] for v in PLAYABLE} == set(GAMES) and len(GAMES) >= 3


@pytest.mark.parametrize("page, lang", [("docs/index.md", "zh"), ("docs/index.en.md", "en")])
def test_the_home_page_names_every_game_and_the_register(page, lang):
    text = (ROOT / page).read_text(encoding="utf-8")
    for game in GAMES:
        name = games.get(game).name[lang]
        assert name.split(" · ")[-1] in text, (page, name)
    assert "rulebooks/readings.md" in text
    only = {"zh": "目前收录的是**攉龙**", "en": "covers **Huolong** in three"}[lang]
    assert only not in text


def test_readme_names_every_playable_variant_and_the_register():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert [v for v in PLAYABLE if f"`{v}`" not in text] == []
    assert "spec/readings.yaml" in text
