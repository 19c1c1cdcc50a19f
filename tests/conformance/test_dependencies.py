"""The rules each scenario's answer depends on, found by the reference engine (conformance/scenarios/dependencies.json):
every scenario the file has declares what it depends on, the finder finds what a scenario leaves out, and a house
file's report names them. The file need not be up to date: inheritance asks the engine (test_house_files.py)."""

from __future__ import annotations

import dataclasses

import pytest

from conformance_support import LOCKING_CLUB, import_engines

from datong_rules.conformance import dependencies, find_dependencies
from datong_rules.conformance.house import depends_on, inherit
from datong_rules.reference_impl.variant import open_variant

import_engines()


@pytest.fixture
def suite(bundled_suite):
    return bundled_suite


def _scenario(suite, scenario_id):
    return next(s for s in suite if s.id == scenario_id)


def test_every_scenario_declares_the_rules_its_answer_depends_on(suite):
    missing = []
    for scenario in suite:
        keys = dependencies.computed(scenario)
        if keys is None:
            continue
        missing += [f"{scenario.location}: {scenario.id}: {key} depends on {rule}"
                    for key, rule in dependencies.undeclared(scenario, keys)]
    assert not missing, "add these rules to the scenarios' rules (and key_rules), if the sources support them:\n" \
        + "\n".join(missing)


def test_undeclared_reads_key_rules_and_sections(suite):
    scenario = _scenario(suite, "dadun.dadun-guide.facts.wilds-default-001")
    assert dependencies.undeclared(scenario, {"wild_cards": ["levels.start"]}) == []
    bare = dataclasses.replace(scenario, rules=("wild.cards", "levels.start"),
                               key_rules={"start_level": ("levels.start",), "wild_cards": ("wild.cards",)})
    assert dependencies.undeclared(bare, {"wild_cards": ["levels.start"]}) == [("wild_cards", "levels.start")]
    section = dataclasses.replace(scenario, rules=("wild", "levels"), key_rules={})
    assert dependencies.undeclared(section, {"wild_cards": ["levels.start", "wild.cards"]}) == []


def test_a_default_given_leaves_out_is_a_dependency(suite):
    # "K on A", no level given: at the starting level 2 the A is higher; a house variant starting at K makes the
    # K a level card above the A, so the answer depends on levels.start.
    scenario = _scenario(suite, "dadun.dadun-guide.beats.single-lower-001")
    assert "level" not in scenario.given
    assert "levels.start" in dependencies.computed(scenario)["beats"]


def test_a_refused_question_is_a_dependency_of_every_key(suite):
    # with play.pass_locks_out a seat that passed may not play again in the round: the engine refuses the actions
    scenario = _scenario(suite, "biedan.biedan-guide.round.straight-round-001")
    keys = dependencies.computed(scenario)
    assert all("play.pass_locks_out" in rules for rules in keys.values())


def test_the_finder_finds_a_rule_a_scenario_leaves_out(suite):
    scenario = _scenario(suite, "dadun.dadun-guide.beats.single-lower-001")
    trimmed = dataclasses.replace(scenario, rules=("beating.follow",), key_rules={})
    found = find_dependencies.compute([trimmed], pairs=False)
    assert "levels.start" in found.keys[scenario.id]["beats"]
    assert "points.cards" not in found.keys[scenario.id]["beats"]
    assert dependencies.undeclared(trimmed, found.keys[scenario.id]) == [("beats", "levels.start"),
                                                                         ("reason", "levels.start")]
    assert found.tried > 10


def test_two_rules_that_matter_together_are_both_dependencies(suite):
    # level 10, hearts trump: H10 ranks above S10 while the trump suit's cards or the level cards are trumps; a
    # house variant where neither is a trump gives another order, though neither change alone does
    scenario = _scenario(suite, "huolong.datong-guide.card-order.jokers-over-level-001")
    alone = find_dependencies.compute([scenario], pairs=False)
    assert alone.keys[scenario.id]["order"] == []
    assert {"trumps.trump_suit", "trumps.level_rank"} <= set(dependencies.computed(scenario)["order"])


def test_the_pairs_tried(suite):
    from datong_rules.reference_impl.variant import load_variant

    variant = load_variant("biedan/biedan-guide")
    values = {"play.pass_locks_out": [True, False], "play.next_leader": ["last_player", "next_of_last_player"],
              "egg.secret": [True, False]}
    singles, pairs = find_dependencies.alternatives(variant, values)
    assert sorted(rule for rule, _ in singles) == sorted(values)  # each rule's one other value
    assert len(pairs) == 3 and all(a[0] != b[0] for a, b in pairs)
    assert find_dependencies.alternatives(variant, values, pairs=False)[1] == []


def test_a_pair_is_put_on_the_rules_that_make_the_difference():
    blamed = find_dependencies._blamed
    valid = {("trumps.trump_suit", "false"), ("trumps.level_rank", "false"), ("stakes.enabled", "false")}
    assert blamed((("trumps.trump_suit", False),), set()) == ["trumps.trump_suit"]
    # both valid alone: they matter together
    assert blamed((("trumps.trump_suit", False), ("trumps.level_rank", False)), valid) == \
        ["trumps.trump_suit", "trumps.level_rank"]
    # a table without stakes rows is valid only with stakes off: the table makes the difference
    table = [{"name": "row"}]
    assert blamed((("settlement.table", table), ("stakes.enabled", False)), valid) == ["settlement.table"]
    # neither valid alone: which one matters cannot be told
    assert blamed((("settlement.table", table), ("stakes.enabled", True)), valid) == []


def test_the_finder_refuses_a_scenario_the_engine_fails(suite):
    scenario = _scenario(suite, "dadun.dadun-guide.beats.single-lower-001")
    wrong = dataclasses.replace(scenario, expect={"beats": True})
    with pytest.raises(ValueError, match="single-lower-001: the reference engine does not pass it"):
        find_dependencies.compute([wrong], pairs=False)


def test_the_alternative_values_come_from_the_schema_and_the_variants():
    from datong_rules.reference_impl.variant import load_variant

    values = find_dependencies.alternative_values("dadun", [load_variant("dadun/dadun-guide")])
    assert values["play.pass_locks_out"][:2] == [True, False]  # a boolean: both values
    assert "2" in values["levels.start"]  # a rank: every value the schema names
    assert values["deal.hand_sizes"] == [[41, 41, 40, 40]]  # a free-form value: those variants set


def test_the_command_refuses_arguments(capsys):
    assert find_dependencies.main(["--check"]) == 2
    assert "usage: python -m datong_rules.conformance.find_dependencies" in capsys.readouterr().err


def test_a_house_file_names_a_computed_dependency_of_a_scenario_left_out(suite, tmp_path):
    # a club that sets only play.pass_locks_out: the round where a passer plays again is refused under it; the rule
    # is named though the scenario (trimmed here) does not declare it, as the engine found it
    house_file = tmp_path / "club.yaml"
    house_file.write_text(LOCKING_CLUB, encoding="utf-8")
    house = open_variant(str(house_file))
    scenario = _scenario(suite, "biedan.biedan-guide.round.straight-round-001")
    undeclared = dataclasses.replace(scenario, rules=tuple(r for r in scenario.rules if r != "play.pass_locks_out"),
                                     key_rules={})
    assert "play.pass_locks_out" in depends_on(undeclared)  # found by the engine, not declared
    chosen = inherit(house, [undeclared])
    assert not chosen.scenarios
    (entry,) = chosen.left_out
    assert entry.scenario is undeclared and entry.why == "invalid" and entry.rules == ("play.pass_locks_out",)


def test_a_scenario_of_your_own_depends_on_what_it_declares(suite):
    scenario = _scenario(suite, "biedan.biedan-guide.round.straight-round-001")
    own = dataclasses.replace(scenario, id="my.round-001", rules=("play.round_end",), key_rules={})
    assert dependencies.computed(own) is None
    assert depends_on(own) == ("play.round_end",)
