"""docs/examples/biedan-house.yaml, biedan-doudizhu.yaml, biedan-doudizhu-openspiel.yaml, biedan-paodekuai.yaml,
dadun-house.yaml and dadun-guandan.yaml (the rule keepers' guide's examples for the climbing games):
each validates, changes exactly the rules the guide says, bots play it to the match's result (seeds 1-3), its match
records verify, and the scenarios it inherits pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from datong_rules.reference_impl.variant import load_variant, open_variant

from examples_support import play_and_verify, run

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "docs" / "examples"
GUANDAN_CATALOGUE = [  # openGuandan docs/rules.md §3, §4.1: 钢板 of two triples, any pair, no dun or linked bomb
    {"name": "single", "shape": "same_rank", "size": 1, "tier": "ordinary", "key": "power"},
    {"name": "pair", "shape": "same_rank", "size": 2, "tier": "ordinary", "key": "power"},
    {"name": "triple", "shape": "same_rank", "size": 3, "tier": "ordinary", "key": "power"},
    {"name": "full_house", "shape": "triple_with_pair", "size": 5, "pair": "any_rank", "tier": "ordinary",
     "key": "triple_power"},
    {"name": "straight", "shape": "sequence", "unit": 1, "length": 5, "tier": "ordinary", "key": "top"},
    {"name": "pair_run", "shape": "sequence", "unit": 2, "length": 3, "tier": "ordinary", "key": "top"},
    {"name": "triple_run", "shape": "sequence", "unit": 3, "length": 2, "tier": "ordinary", "key": "top"},
    {"name": "straight_flush", "shape": "sequence", "unit": 1, "length": 5, "suited": True, "tier": "bomb",
     "key": "top"},
    {"name": "bomb", "shape": "same_rank", "min_size": 4, "tier": "bomb", "key": ["ladder", "power"]},
    {"name": "joker_bomb", "shape": "fixed_set", "cards": ["BJ", "BJ", "LJ", "LJ"], "tier": "bomb", "key": "ladder"}]

HOUSES = {  # file → (the variant it extends, {rule id: the value the house file sets}, what a finished match prints)
    "biedan-house.yaml": ("biedan/biedan-guide", {
        "play.next_leader": "next_of_last_player",
        "beating.bombs_beat_ordinary": False,
        "exchange.timing": "after_next_deal",
        "match.hands": 8,
        "match.score": {"first": 0, "second": 0, "third": -1},
    }, ("Winner: seat", "Shared win: seat")),
    "biedan-doudizhu.yaml": ("biedan/biedan-guide", {
        "combinations.catalogue": [
            {"name": "single", "shape": "same_rank", "size": 1, "tier": "ordinary"},
            {"name": "pair", "shape": "same_rank", "size": 2, "tier": "ordinary"},
            {"name": "triple", "shape": "same_rank", "size": 3, "tier": "ordinary"},
            {"name": "bomb", "shape": "same_rank", "size": 4, "tier": "bomb"},
            {"name": "straight", "shape": "sequence", "unit": 1, "min_length": 5, "tier": "ordinary"},
            {"name": "pair_run", "shape": "sequence", "unit": 2, "min_length": 3, "max_length": 10,
             "tier": "ordinary"},
            {"name": "triple_run", "shape": "sequence", "unit": 3, "min_length": 2, "max_length": 6,
             "tier": "ordinary"},
            {"name": "rocket", "shape": "fixed_set", "cards": ["BJ", "LJ"], "tier": "top"}],
        "combinations.attachments": [
            {"name": "triple_with_single", "main": "triple", "attach": "single", "per_rank": 1},
            {"name": "triple_with_pair", "main": "triple", "attach": "pair", "per_rank": 1},
            {"name": "four_with_two_singles", "main": "bomb", "attach": "single", "per_rank": 2},
            {"name": "four_with_two_pairs", "main": "bomb", "attach": "pair", "per_rank": 2},
            {"name": "airplane_with_singles", "main": "triple_run", "attach": "single", "per_rank": 1,
             "max_length": 5},
            {"name": "airplane_with_pairs", "main": "triple_run", "attach": "pair", "per_rank": 1, "max_length": 4}],
        "combinations.attached_same_rank": 3,
        "combinations.flush": {"applies_to": []},
    }, ("Winner: seat", "Shared win: seat")),
    "biedan-doudizhu-openspiel.yaml": ("biedan/biedan-guide", {}, ("Winner: seat", "Shared win: seat")),
    "biedan-paodekuai.yaml": ("biedan/biedan-guide", {
        "play.pass": "only_when_unable",
        "ranking.sequence_order": ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
        "match.target": 3,
    }, ("Winner: seat", "Shared win: seat")),
    "dadun-house.yaml": ("dadun/dadun-guide", {
        "play.pass_locks_out": True,
        "beating.linked_dun_order": "higher_rank",
        "wild.alone": "declared",
        "merging.stages": "pairs_only",
    }, ("passes A and wins", "No team passed A")),
    "dadun-guandan.yaml": ("dadun/dadun-guide", {
        "settlement.tribute": {"from": "last_out", "wild": "kept", "resist_big_jokers": 2, "return_at_most": "10",
                               "lead": "giver"},
        "settlement.partners_first_second": {"winner": "first_side", "levels": 3},
        "settlement.levels": {"partner_third": 2, "partner_last": 1},
        "match.end": {"must_play": "A", "win": "partner_not_last", "failures_at_a": 3, "at": "own_level_a"},
        "ranking.lead_means": "none",
        "combinations.catalogue": GUANDAN_CATALOGUE,
        "combinations.full_house_adjacency": {"ace": ["K"], "jokers": "as_pair"},
        "wild.only_wilds": "declared",
        "points.cards": "none",
        "beating.bomb_ladder": [{"combination": "bomb", "size": 4}, {"combination": "bomb", "size": 5},
                                {"combination": "straight_flush", "size": 5}] + [
                                   {"combination": "bomb", "size": n} for n in (6, 7, 8)],
        "beating.bomb_ladder_extension": [{"combination": "bomb", "size": 9}, {"combination": "bomb", "size": 10},
                                          {"combination": "joker_bomb", "size": 4}],
        "deck.decks": 2,
        "deal.hand_sizes": [27, 27, 27, 27],
    }, ("passes A and wins", "No team passed A")),
}
# OpenSpiel's dou_dizhu (open_spiel/games/dou_dizhu/dou_dizhu_utils.h): RLCard's card play but no four with two
HOUSES["biedan-doudizhu-openspiel.yaml"][1].update({
    **HOUSES["biedan-doudizhu.yaml"][1],
    "combinations.attachments": [entry for entry in HOUSES["biedan-doudizhu.yaml"][1]["combinations.attachments"]
                                 if entry["main"] != "bomb"],
    "combinations.attached_same_rank": "3_beside_body"})  # dfs_add_all_airplane_kickers: wings beside the chain too


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


def test_the_dou_dizhu_house_reads_as_its_rule_sheet():
    """``diff`` against the guide shows each changed rule with the house's wording and the public source it cites
    (an open-source engine's file and function, a rules page), and lists those sources with their addresses."""
    diff = run("diff", "biedan/biedan-guide", str(EXAMPLES / "biedan-doudizhu.yaml"))
    assert diff.exit_code == 0, diff.output
    assert "source: rlcard-doudizhu rlcard/games/doudizhu/judger.py solo_attachments()" in diff.output
    assert "source: fight-the-landlord suits (suits are irrelevant)" in diff.output
    assert "rlcard-doudizhu: RLCard, Dou Dizhu (datamllab/rlcard) · https://github.com/datamllab/rlcard @ " in diff.output
    assert "可以带牌：三带一、三带二" in diff.output and "Attached plays: three with one or with a pair" in diff.output


@pytest.mark.parametrize("fixture_id, name", [("biedan/doudizhu-judger", "biedan-doudizhu.yaml"),
                                              ("biedan/doudizhu-openspiel", "biedan-doudizhu-openspiel.yaml")])
def test_the_dou_dizhu_house_plays_the_combinations_of_its_fixture(fixture_id, name):
    """The suite's fixtures biedan/doudizhu-judger (RLCard) and biedan/doudizhu-openspiel (OpenSpiel) hold the
    hand-worked scenarios of the two houses' card play: each combinations section has its house file's values, rule
    by rule."""
    from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants

    fixture = load_fixture_variants(find_variant_files())[fixture_id]
    house = open_variant(str(EXAMPLES / name))
    rules = ("catalogue", "attachments", "attached_same_rank", "flush", "flush_reach")
    assert {r: fixture.rule(f"combinations.{r}") for r in rules} == {r: house.rule(f"combinations.{r}") for r in rules}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_match_to_a_target_ends_at_the_first_hand_a_tally_reaches_it(seed):
    """biedan-paodekuai.yaml: match.target 3, match.hands 6, points +1 / 0 / -1 by place. The tally is added up from
    the places printed hand by hand: the session stops after the first hand in which a tally reaches 3, else after 6."""
    import re

    result = run("play", str(EXAMPLES / "biedan-paodekuai.yaml"), "--seed", str(seed))
    assert result.exit_code == 0, result.output
    places = re.findall(r"^Places: first seat (\d), second seat (\d), third .* seat (\d)$", result.stdout, re.M)
    tally, stop = [0, 0, 0], None
    for number, (first, _, third) in enumerate(places, 1):
        tally[int(first)] += 1
        tally[int(third)] -= 1
        if stop is None and (max(tally) >= 3 or number == 6):
            stop = number
    assert stop == len(places)
    reached = "target +3 reached" in result.stdout
    assert reached == (max(tally) >= 3)  # reached on the sixth hand is reached too


def test_the_guandan_house_plays_the_card_play_of_its_fixture():
    """The suite's fixture dadun/guandan-card-play holds the hand-worked scenarios of the house's card play: its
    combinations, wilds and bomb order have the house file's values, rule by rule."""
    from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants

    fixture = load_fixture_variants(find_variant_files())["dadun/guandan-card-play"]
    house = open_variant(str(EXAMPLES / "dadun-guandan.yaml"))
    rules = ("combinations.catalogue", "combinations.full_house_adjacency", "wild.only_wilds", "beating.bomb_ladder",
             "beating.bomb_ladder_extension")
    assert {r: fixture.rule(r) for r in rules} == {r: house.rule(r) for r in rules}
