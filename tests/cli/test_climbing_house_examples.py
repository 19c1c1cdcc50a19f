"""docs/examples/biedan-house.yaml, dadun-house.yaml and dadun-guandan.yaml (the rule keepers' guide's examples for the
climbing games):
each validates, changes exactly the rules the guide says, bots play it to the match's result (seeds 1-3), its match
records verify, and the scenarios it inherits pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from datong_rules.reference_impl.variant import open_variant

from examples_support import play_and_verify, run

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "docs" / "examples"
HOUSES = {  # file → (the variant it extends, {rule id: the value the house file sets}, what a finished match prints)
    "biedan-house.yaml": ("biedan/biedan-guide", {
        "play.next_leader": "next_of_last_player",
        "beating.bombs_beat_ordinary": False,
        "exchange.timing": "after_next_deal",
        "match.hands": 8,
        "match.score": {"first": 0, "second": 0, "third": -1},
    }, ("Winner: seat", "Shared win: seat")),
    "dadun-house.yaml": ("dadun/dadun-guide", {
        "play.pass_locks_out": True,
        "beating.linked_dun_order": "higher_rank",
        "wild.alone": "declared",
        "merging.stages": "pairs_only",
    }, ("passes A and wins", "No team passed A")),
    "dadun-guandan.yaml": ("dadun/dadun-guide", {
        "settlement.tribute": {"from": "last_out", "wild": "kept", "resist_big_jokers": 3, "return_at_most": "10",
                               "lead": "giver"},
        "settlement.partners_first_second": {"winner": "first_side", "levels": 3},
        "settlement.levels": {"partner_third": 2, "partner_last": 1},
        "match.end": {"must_play": "A", "win": "partner_not_last", "failures_at_a": 3},
    }, ("passes A and wins", "No team passed A")),
}


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_the_house_file_validates_and_changes_exactly_its_house_rules(name):
    parent, rules, _ = HOUSES[name]
    result = run("validate", str(EXAMPLES / name))
    assert result.exit_code == 0, result.output
    house = open_variant(str(EXAMPLES / name))
    assert {rule_id: house.rule(rule_id) for rule_id in rules} == rules
    diff = run("diff", parent, str(EXAMPLES / name))
    assert diff.exit_code == 0, diff.output
    assert f"{len(rules)} 条规则不同 / rule(s) differ" in diff.output
    for rule_id in rules:
        assert f"■ {rule_id}\n" in diff.output


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("name", sorted(HOUSES))
def test_bots_play_the_house_file_to_a_result_and_its_record_verifies(name, seed, tmp_path):
    record = play_and_verify(EXAMPLES / name, seed, tmp_path, ends=HOUSES[name][2])
    assert record["variant"] == open_variant(str(EXAMPLES / name)).id


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_the_scenarios_the_house_file_inherits_pass(name):
    result = run("conform", "--variant", str(EXAMPLES / name), "-q")
    assert result.exit_code == 0, result.output
    assert " 0 failed" in result.output
