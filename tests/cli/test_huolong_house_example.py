"""docs/examples/huolong-house.yaml: the public Shengji house rules as a house variant of datong-guide;
it validates, bots play it (seeds 1-3) and its match records verify; the scenarios it inherits pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from datong_rules.reference_impl.variant import open_variant

from examples_support import play_and_verify, run

REPO = Path(__file__).resolve().parents[2]
HOUSE = REPO / "docs" / "examples" / "huolong-house.yaml"
HOUSE_RULES = {  # rule id → the value the house file sets (every house option)
    "trick.ruff_same_shape": False,
    "follow.meteor_obliges_pair": True,
    "follow.keep_meteors_whole": True,
    "bottom.multiplier": {"by_last_trick_size": {"1": 2, "2": 4, "3": 8}},
    "declaration.nobody_declared": "bottom_first_level_card",
    "declaration.window": "until_bury",
    "declaration.overcall_by": "not_current_declarer",
    "star_burial.levels_per_joker": [0],
}


def test_the_house_file_validates_and_sets_every_house_option():
    result = run("validate", str(HOUSE))
    assert result.exit_code == 0, result.output
    house = open_variant(str(HOUSE))
    assert {rule_id: house.rule(rule_id) for rule_id in HOUSE_RULES} == HOUSE_RULES
    web = {entry["id"] for entry in house.data["sources"] if entry["kind"] == "web"}
    for rule_id in HOUSE_RULES:
        item = house.data["rules"]
        for part in rule_id.split("."):
            item = item[part]
        assert item.get("inferred") or item["source"]["id"] in web, rule_id


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_the_house_file_and_its_record_verifies(seed, tmp_path):
    assert play_and_verify(HOUSE, seed, tmp_path)["variant"] == "huolong/shengji-house"


def test_the_scenarios_the_house_file_inherits_pass():
    result = run("conform", "--variant", str(HOUSE), "-q")
    assert result.exit_code == 0, result.output
    assert " 0 failed" in result.output
