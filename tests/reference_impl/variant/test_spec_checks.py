"""The checks a schema cannot make (datong_rules.reference_impl.variant.checks and .settlement_check).

Most tests write a small house variant that extends a bundled one and changes one rule, then look for the problem
(kind, rule path, line) that change must cause, and only that.
"""

from __future__ import annotations

import textwrap

import pytest

from datong_rules.reference_impl.paths import spec_root
from datong_rules.reference_impl.variant import Registry, check_file, load_variant
from datong_rules.reference_impl.variant.findings import semantic_findings
from datong_rules.reference_impl.huolong.settlement_check import settlement_findings

SPEC_ROOT = spec_root()
HEAD = "id: huolong/test-house\nextends: {parent}\nname: {{zh: 甲, en: A}}\nsummary: {{zh: 甲, en: A}}\nrules:\n"


def rule(section: str, name: str, value: str) -> str:
    """A rule item in YAML, inferred, at the usual indentation."""
    return (f"  {section}:\n    {name}:\n      value: {value}\n      text: {{zh: 测试, en: Test}}\n"
            "      inferred: {reason: test}\n")


def problems_of(tmp_path, *rules: str, parent: str = "huolong/li-zhijiang"):
    path = tmp_path / "house.yaml"
    path.write_text(HEAD.format(parent=parent) + "".join(rules), encoding="utf-8")
    return check_file(path)


def kinds(problems) -> list[tuple[str, str]]:
    return [(p.kind, p.rule_path) for p in problems]


def table(rows: str) -> str:
    body = textwrap.indent(textwrap.dedent(rows).strip("\n"), "        ")
    return ("  settlement:\n    table:\n      value:\n" + body + "\n      text: {zh: 测试, en: Test}\n"
            "      inferred: {reason: test}\n")


# ------------------------------------------------------------------------------------------------ bundled data

@pytest.mark.parametrize("variant_id", ["huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform",
                                        "huolong/base"])
def test_bundled_variants_pass_every_check(variant_id):
    variant = load_variant(variant_id)
    assert semantic_findings(variant, {"li-zhijiang", "datong-guide", "online-platform"}) == []


def test_house_fixture_is_valid():
    from pathlib import Path

    assert check_file(Path(__file__).parent / "fixtures" / "house-club.yaml") == []


# ------------------------------------------------------------------------------------------------ sources

def test_unknown_source_is_reported_at_the_id(tmp_path):
    text = ("  bury:\n    count:\n      value: 6\n      text: {zh: 六, en: six}\n"
            "      source: {id: hearsay, section: 一}\n")
    (problem,) = problems_of(tmp_path, text)
    assert (problem.kind, problem.rule_path, problem.line) == ("unknown_source", "rules.bury.count.source.id", 10)
    assert "li-zhijiang" in problem.expected


def test_source_check_is_skipped_when_sources_are_unknown():
    variant = load_variant("huolong/li-zhijiang")
    assert semantic_findings(variant, None) == []
    assert [f[1] for f in semantic_findings(variant, set())] == ["unknown_source"] * len(
        [r for r in variant.rule_ids() if "source" in variant.item(r)])


# ------------------------------------------------------------------------------------------------ rank orders

ALL_LEVELS = '["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A]'


def test_plain_order_missing_a_rank(tmp_path):
    problems = problems_of(tmp_path, rule("ranking", "plain_order", '[A, K, Q, J, "10", "9", "8", "7", "6", "5", "4"]'))
    assert kinds(problems) == [("rank_order", "rules.ranking.plain_order.value")]
    assert "misses rank 3" in problems[0].message


def test_plain_order_repeating_a_rank(tmp_path):
    order = '[A, K, Q, J, "10", "9", "8", "7", "6", "5", "4", "3", K]'
    problems = problems_of(tmp_path, rule("ranking", "plain_order", order))
    assert kinds(problems) == [("rank_order", "rules.ranking.plain_order.value[12]")]


def test_without_permanent_twos_the_two_must_be_a_level(tmp_path):
    """The inherited orders now miss the 2: reported at the house file's trumps.permanent, which made it so."""
    permanent = rule("trumps", "permanent", "{jokers: true, ranks: []}")
    problems = problems_of(tmp_path, permanent)
    assert {(p.kind, p.rule_path, p.line) for p in problems} == {("rank_order", "rules.trumps.permanent.value", 8)}
    messages = sorted(p.message for p in problems)
    assert messages == ["levels.order (inherited from huolong/base): the order misses rank 2",
                        "ranking.plain_order (inherited from huolong/base): the order misses rank 2"]
    assert all(p.file.endswith("house.yaml") for p in problems)


def test_levels_must_be_in_the_level_order(tmp_path):
    problems = problems_of(tmp_path, rule("star_burial", "fast_exempt_levels", '["2", J]'),
                           rule("levels", "stop_levels", "{ranks: [J, A], jumps_stop: true, attackers_advance: false}"))
    assert kinds(problems) == [("unknown_rank", "rules.star_burial.fast_exempt_levels.value[0]")]


def test_settlement_ranks_must_be_levels(tmp_path):
    problems = problems_of(tmp_path, table("""
        - {name: odd, when: {banker_level: ["2"]}, then: {banker: keep, set_level: {attackers: "2"}}}
        - {name: rest, when: {}, then: {banker: keep}}
    """))
    assert sorted(kinds(problems)) == [  # row 'odd' is dead too: no level is '2'
        ("settlement_dead_row", "rules.settlement.table.value[0]"),
        ("unknown_rank", "rules.settlement.table.value[0].then.set_level.attackers"),
        ("unknown_rank", "rules.settlement.table.value[0].when.banker_level[0]"),
    ]


def test_a_problem_made_by_the_house_file_is_reported_at_its_own_line(tmp_path):
    # shrinking the level order makes li-zhijiang's stop level J (in li-zhijiang.yaml) an unknown rank: the line to
    # change is the house file's levels.order, which the message names with the inherited place
    order = '["3", "4", "5", "6", "7", "8", "9", "10", Q, K, A]'
    problems = problems_of(tmp_path, rule("levels", "order", order))
    inherited = [p for p in problems if p.kind == "unknown_rank"]
    assert inherited and all(p.file.endswith("house.yaml") and p.line == 8 for p in inherited)
    assert all(p.rule_path == "rules.levels.order.value" for p in inherited)
    assert any(p.message.startswith("levels.stop_levels.ranks[0] (inherited from huolong/li-zhijiang): 'J' is not")
               for p in inherited)
    assert all(p.context == "found with this value" for p in inherited)


def test_a_change_to_the_deck_is_reported_at_the_changed_line(tmp_path):
    """deck.decks: 1 breaks rules written in base.yaml and li-zhijiang.yaml; every problem is at the user's line."""
    problems = problems_of(tmp_path, rule("deck", "decks", "1"))
    assert problems and {(p.file.endswith("house.yaml"), p.line, p.rule_path) for p in problems} == {
        (True, 8, "rules.deck.decks.value")}
    arithmetic = next(p for p in problems if p.kind == "deal_arithmetic")
    assert arithmetic.message.startswith("deal.hand_size (inherited from huolong/base): 4 players × 39 cards")
    assert "players.count" in arithmetic.context and "deck.decks" not in arithmetic.context
    assert {p.kind for p in problems} == {"deal_arithmetic", "bad_value", "settlement_dead_row"}


def test_a_problem_the_house_file_has_no_part_in_is_reported_in_the_parent(tmp_path):
    """Only when no rule the check read is set by the variant's own file: at the parent's line, 'inherits it'."""
    spec = tmp_path / "spec"
    (spec / "huolong").mkdir(parents=True)
    (spec / "sources.yaml").write_text((SPEC_ROOT / "sources.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    for name in ("base", "li-zhijiang"):
        (spec / "huolong" / f"{name}.yaml").write_text((SPEC_ROOT / "huolong" / f"{name}.yaml").read_text(
            encoding="utf-8"), encoding="utf-8")
    parent = spec / "huolong" / "li-zhijiang.yaml"
    parent.write_text(parent.read_text(encoding="utf-8") + rule("points", "threshold", "301"), encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text(HEAD.format(parent="huolong/li-zhijiang") + rule("bury", "max_points", "25"), encoding="utf-8")
    problems = [p for p in Registry(spec).check_file(house) if "house" in p.context]
    (problem,) = problems
    assert problem.file.endswith("li-zhijiang.yaml") and problem.rule_path == "rules.points.threshold.value"
    assert problem.context == "in variant huolong/test-house, which inherits it"


# ------------------------------------------------------------------------------------------------ trump order

def test_trump_order_missing_a_class(tmp_path):
    order = "[big_joker, small_joker, trump_suit_level, off_suit_level, trump_suit_two, trump_suit_plain]"
    problems = problems_of(tmp_path, rule("ranking", "trump_order", order))
    assert kinds(problems) == [("trump_order", "rules.ranking.trump_order.value")]
    assert "off_suit_two" in problems[0].message


def test_trump_order_without_level_trumps(tmp_path):
    order = "[big_joker, small_joker, trump_suit_two, off_suit_two, trump_suit_plain]"
    assert problems_of(tmp_path, rule("ranking", "trump_order", order), rule("trumps", "level_rank", "false")) == []


# ------------------------------------------------------------------------------------------------ names, arithmetic

def test_duplicate_settlement_row_names(tmp_path):
    problems = problems_of(tmp_path, table("""
        - {name: a, when: {attacker_points: {max: 119}}, then: {banker: keep}}
        - {name: a, when: {attacker_points: {min: 120}}, then: {banker: take_over}}
    """))
    assert kinds(problems) == [("duplicate_name", "rules.settlement.table.value[1].name")]


def test_hands_and_bottom_must_use_the_deck(tmp_path):
    problems = problems_of(tmp_path, rule("deal", "bottom_size", "5"))
    assert kinds(problems) == [("deal_arithmetic", "rules.deal.bottom_size.value")] * 2  # at the line changed
    assert sorted(p.message.split(" (inherited")[0] for p in problems) == ["bury.count", "deal.hand_size"]
    both = rule("deal", "bottom_size", "5") + rule("deal", "hand_size", "39").split("\n", 1)[1]
    own = problems_of(tmp_path, both)
    assert ("deal_arithmetic", "rules.deal.hand_size.value") in kinds(own)  # both set here: at the checked rule


def test_threshold_above_the_deck_points(tmp_path):
    problems = problems_of(tmp_path, rule("points", "threshold", "301"))
    assert kinds(problems) == [("bad_value", "rules.points.threshold.value")]
    assert "300" in problems[0].message  # 3 decks × 4 suits × (5 + 10 + 10)


def test_levels_per_joker_covers_every_big_joker(tmp_path):
    assert kinds(problems_of(tmp_path, rule("star_burial", "levels_per_joker", "[3, 3]"))) == [
        ("star_burial", "rules.star_burial.levels_per_joker.value")]
    assert problems_of(tmp_path, rule("star_burial", "levels_per_joker", "[3, 3, 3, 3]")) == []


def test_stakes_enabled_needs_stake_rows(tmp_path):
    problems = problems_of(tmp_path, rule("stakes", "enabled", "true"))
    assert kinds(problems) == [("stakes", "rules.stakes.enabled.value")]


def test_stakes_rows_need_stakes_enabled(tmp_path):
    problems = problems_of(tmp_path, rule("stakes", "enabled", "false"), parent="huolong/datong-guide")
    rows = [p for p in problems if p.kind == "stakes"]
    assert len(rows) == 5  # shutout, three_stars_held, all_points_dug, all_points_held, three_stars_dug
    assert all(p.file.endswith("house.yaml") and p.rule_path == "rules.stakes.enabled.value" for p in rows)
    assert all("settlement.table[" in p.message and "inherited from huolong/datong-guide" in p.message for p in rows)


# ------------------------------------------------------------------------------------------------ settlement

def rules_for(rows: list[dict], multiplier: int = 1, levels: list[str] | None = None) -> dict:
    """A minimal resolved `rules` mapping for settlement_findings: Huolong's deck and points, the given table."""
    def item(value):
        return {"value": value}
    return {
        "levels": {"order": item(levels or ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])},
        "deck": {"decks": item(3), "jokers_per_deck": item(2)},
        "points": {"card_points": item({"5": 5, "10": 10, "K": 10})},
        "bottom": {"multiplier": item(multiplier)},
        "settlement": {"table": item(rows)},
    }


def row(name: str, **when) -> dict:
    return {"name": name, "when": when, "then": {"banker": "keep"}}


def findings(rows, **kw):
    return [(kind, path[-1] if isinstance(path[-1], int) else None, message)
            for path, kind, message, _, _ in settlement_findings(rules_for(rows, **kw))]


def test_four_cases_table_is_complete():
    rows = [row("a", attacker_points={"max": 119}, bottom_dug=False), row("b", attacker_points={"max": 119},
            bottom_dug=True), row("c", attacker_points={"min": 120}, bottom_dug=False),
            row("d", attacker_points={"min": 120}, bottom_dug=True)]
    assert findings(rows) == []


def test_scores_are_multiples_of_five_so_115_to_119_is_no_gap():
    assert findings([row("a", attacker_points={"max": 115}), row("b", attacker_points={"min": 120})]) == []


def test_a_gap_of_reachable_scores_is_found():
    (finding,) = findings([row("a", attacker_points={"max": 114}), row("b", attacker_points={"min": 120})])
    assert finding[0] == "settlement_gap" and "attacker_points 115," in finding[2]  # 116-119 cannot be scored


def test_a_doubled_bottom_can_take_the_attackers_past_300():
    rows = [row("a", attacker_points={"max": 119}), row("b", attacker_points={"min": 120, "max": 300})]
    assert findings(rows, multiplier=1) == []
    (finding,) = findings(rows, multiplier=2)
    assert "attacker_points 305-600" in finding[2]


def test_gap_for_some_levels_only():
    rows = [row("j", banker_level=["J"]), row("others", banker_level=["3", "4", "5", "6", "7", "8", "9", "10", "Q",
                                                                          "K"])]
    (finding,) = findings(rows)
    assert finding[0] == "settlement_gap" and "banker_level A" in finding[2]


def test_gap_in_big_jokers_and_digging_with_the_level_rank():
    rows = [row("held", bottom_dug=False), row("dug_plain", bottom_dug=True, dug_with_level_rank=False),
            row("dug_level_few", bottom_dug=True, bottom_big_jokers={"max": 1})]
    (finding,) = findings(rows)
    assert "bottom_dug true, dug_with_level_rank true, bottom_big_jokers 2, 3" in finding[2]


def test_shadowed_row_is_dead():
    rows = [row("all", **{}), row("late", attacker_points={"max": 0})]
    assert findings(rows) == [("settlement_dead_row", 1, "row 'late' never applies: earlier rows match every hand it "
                                                          "matches")]


def test_impossible_row_is_dead():
    rows = [row("four_stars", bottom_big_jokers={"min": 4}), row("all")]
    assert findings(rows) == [("settlement_dead_row", 0, "row 'four_stars' never applies: no possible hand matches it")]


def test_row_for_a_level_trick_without_digging_is_dead():
    rows = [row("odd", bottom_dug=False, dug_with_level_rank=True), row("all")]
    assert [f[0] for f in findings(rows)] == ["settlement_dead_row"]


def test_min_above_max_stops_the_enumeration():
    assert findings([row("bad", attacker_points={"min": 5, "max": 0})]) == [
        ("bad_range", None, "min 5 is greater than max 0")]


def test_without_the_rules_it_needs_the_check_is_skipped():
    rules = rules_for([row("a", attacker_points={"max": 0})])
    del rules["bottom"]
    assert settlement_findings(rules) == []


def test_settlement_gap_is_reported_in_a_house_file(tmp_path):
    problems = problems_of(tmp_path, table("""
        - {name: low, when: {attacker_points: {max: 119}}, then: {banker: keep, advance: {banker_team: 1}}}
    """))
    assert kinds(problems) == [("settlement_gap", "rules.settlement.table.value")]
    assert problems[0].line == 8  # the `value:` key of the table


def test_the_bottom_multiplier_is_bounded(tmp_path):
    """A newcomer's multiplier of 10^35 validated; the schema bounds it to 1-10 (the sources use 1 and 2)."""
    huge = problems_of(tmp_path, rule("bottom", "multiplier", "99999999999999999999999999999999999"))
    assert [(p.kind, p.rule_path, p.message, p.expected) for p in huge] == [
        ("bad_value", "rules.bottom.multiplier.value", "99999999999999999999999999999999999 is out of range",
         "a whole number ≤ 10")]
    assert not [p for p in problems_of(tmp_path, rule("bottom", "multiplier", "10"))
                if p.rule_path.startswith("rules.bottom")]
