"""The Biedan variant loads, the engine's SUPPORTED values equal the schema's enums, and the loader refuses what one
deck makes impossible with a located one-line message."""

from __future__ import annotations

import json
import textwrap

import pytest

from datong_rules.reference_impl.biedan.rules import SUPPORTED, RulesError, rules_for
from datong_rules.reference_impl.paths import schema_path
from datong_rules.reference_impl.variant import SpecError, check_file, load_variant, open_variant


def test_guide_loads():
    rules = rules_for("biedan/biedan-guide")
    assert (rules.players, rules.hand_size, rules.egg_size, rules.first_banker_card) == (3, 18, 3, "H3")
    assert rules.next_leader == "last_player" and rules.bombs_beat_ordinary and rules.flush_reach == "any_ranks"


def test_every_rule_has_provenance():
    variant = load_variant("biedan/biedan-guide")
    for rule_id in variant.rule_ids():
        item = variant.item(rule_id)
        assert ("source" in item) != ("inferred" in item), rule_id
        assert item["text"]["zh"] and item["text"]["en"], rule_id
        assert ("note" in item) == ("note_zh" in item), rule_id  # every reader-facing text in 中文 and English
        assert "inferred" not in item or "reason_zh" in item["inferred"], rule_id


def test_supported_equals_schema_enums():
    defs = json.loads(schema_path("games/biedan/rules.schema.json").read_text(encoding="utf-8"))["$defs"]
    for rule_id, values in SUPPORTED.items():
        value_schema = defs[f"rule.{rule_id}"]["properties"]["value"]
        allowed = value_schema.get("enum") or ([True, False] if value_schema.get("type") == "boolean" else None)
        assert allowed is not None, rule_id
        assert set(allowed) == set(values), rule_id
    enums = [k[5:] for k, v in defs.items() if k.startswith("rule.")
             and ("enum" in v["properties"]["value"] or v["properties"]["value"].get("type") == "boolean")]
    assert set(enums) == set(SUPPORTED)


HOUSE = """\
id: biedan/house
extends: biedan/biedan-guide
name: {{zh: 家规, en: House}}
summary: {{zh: 家规, en: House}}
rules:
{body}
"""


def _house(tmp_path, body: str):
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE.format(body=textwrap.indent(textwrap.dedent(body), "  ")), encoding="utf-8")
    return path


def test_five_card_bomb_refused(tmp_path):
    path = _house(tmp_path, """\
        combinations:
          catalogue:
            value:
              - {name: single, shape: same_rank, size: 1, tier: ordinary}
              - {name: big_bomb, shape: same_rank, size: 5, tier: bomb}
              - {name: straight, shape: sequence, unit: 1, min_length: 3, tier: ordinary}
            text: {zh: 五张炸弹, en: five-card bombs}
            inferred: {reason: a test}
        """)
    problems = check_file(path)
    assert [(p.line, p.kind) for p in problems] == [(10, "impossible")]
    assert "5-card bomb cannot be formed" in problems[0].message
    assert "\n" not in str(problems[0])


@pytest.mark.parametrize("name, words", [("pair", "flush pair is impossible"), ("single", "means nothing"),
                                         ("rocket", "jokers have no suit"), ("pair_run", "flush pair_run"),
                                         ("bomb", "flush bomb"), ("nothing", "not in the catalogue")])
def test_impossible_flush_refused(tmp_path, name, words):
    path = _house(tmp_path, f"""\
        combinations:
          flush:
            value: {{applies_to: [straight, {name}]}}
            text: {{zh: 清一色, en: flush}}
            inferred: {{reason: a test}}
        """)
    problems = check_file(path)
    assert len(problems) == 1 and words in problems[0].message
    assert (problems[0].line, problems[0].column) == (8, 38)


def test_deal_arithmetic_and_single_order(tmp_path):
    path = _house(tmp_path, """\
        deal:
          hand_size:
            value: 17
            text: {zh: 十七张, en: seventeen}
            inferred: {reason: a test}
        ranking:
          single_order:
            value: [BJ, LJ, "2", A, K, Q, J, "10", "9", "8", "7", "6", "5", "4", "4"]
            text: {zh: 顺序, en: order}
            inferred: {reason: a test}
        """)
    kinds = sorted(p.kind for p in check_file(path))
    assert kinds == ["deal_arithmetic", "rank_order"]


def test_unknown_option_value_refused_by_schema(tmp_path):
    path = _house(tmp_path, """\
        play:
          next_leader: {value: nobody, text: {zh: 无, en: none}, inferred: {reason: a test}}
        """)
    problems = check_file(path)
    assert [p.kind for p in problems] == ["bad_value"]
    assert "last_player, next_of_last_player" in problems[0].expected


def test_rules_refuse_other_games():
    with pytest.raises(RulesError, match="not a Biedan variant"):
        rules_for(load_variant("huolong/li-zhijiang"))
    with pytest.raises(SpecError):
        rules_for("biedan/nonexistent")


@pytest.mark.parametrize("entry, words", [
    ("{name: airplane_with_singles, main: triple_run, attach: single, per_rank: 1}",
     "main 'triple_run' is not a combination of combinations.catalogue"),
    ("{name: pair_with_one, main: pair, attach: single, per_rank: 1}",
     "main 'pair' is not played by the engine (it plays: three or four of a rank, or a run of triples)"),
    ("{name: straight, main: triple, attach: single, per_rank: 1}", "the name is also a catalogue combination"),
])
def test_bad_attachments_refused_on_their_line(tmp_path, entry, words):
    path = _house(tmp_path, f"""\
        combinations:
          attachments:
            value:
              - {entry}
            text: {{zh: 带牌, en: attachments}}
            inferred: {{reason: a test}}
        """)
    problems = check_file(path)
    assert len(problems) == 1 and words in problems[0].message, problems
    assert problems[0].line == 9 and "\n" not in str(problems[0])  # the entry, not the value's line (8)
    field = "name" if "name is also" in words else "main"
    assert problems[0].rule_path == f"rules.combinations.attachments.value[0].{field}"


def test_an_attachment_named_twice_is_refused(tmp_path):
    path = _house(tmp_path, """\
        combinations:
          attachments:
            value:
              - {name: three_one, main: triple, attach: single, per_rank: 1}
              - {name: three_one, main: triple, attach: pair, per_rank: 1}
            text: {zh: 带牌, en: attachments}
            inferred: {reason: a test}
        """)
    problems = check_file(path)
    assert len(problems) == 1 and "entry 2 (three_one): the name is also given twice" in problems[0].message


@pytest.mark.parametrize("order, fine", [
    ('[A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A]', True),   # the A at either end
    ('[K, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K]', True),      # any one rank may stand at both ends
    ('["3", "4", "5", "3", "6"]', False),                                     # a repeat that is not at both ends
    ('[A, "2", "3", A, "4", A]', False),                                      # three times
])
def test_a_sequence_order_may_hold_one_rank_at_both_ends_only(tmp_path, order, fine):
    path = _house(tmp_path, f"""\
        ranking:
          sequence_order:
            value: {order}
            text: {{zh: 顺序, en: order}}
            inferred: {{reason: a test}}
        """)
    problems = check_file(path)
    assert (problems == []) is fine, problems
    if not fine:
        assert [p.kind for p in problems] == ["rank_order"] and "each rank at most once" in problems[0].expected


@pytest.mark.parametrize("value, fine", [(1, True), (2, True), (3, True), ("3_beside_body", True), (4, False),
                                         (0, False), ("2_beside_body", False)])
def test_attached_same_rank_is_one_two_or_three(tmp_path, value, fine):
    """Four attached singles of a rank would be a bomb among them; none would attach no single; beside the body is
    for three of a rank only (two could never lengthen the run)."""
    path = _house(tmp_path, f"""\
        combinations:
          attached_same_rank:
            value: {value}
            text: {{zh: 同点数, en: of a rank}}
            inferred: {{reason: a test}}
        """)
    problems = check_file(path)
    assert (problems == []) == fine, problems
    if not fine:
        assert len(problems) == 1 and problems[0].rule_path == "rules.combinations.attached_same_rank.value"
        assert problems[0].line == 8 and "expected one of: 1, 2, 3, 3_beside_body" in str(problems[0]) and "\n" not in str(problems[0])
    else:
        assert rules_for(open_variant(str(path))).attachments == ()  # the guide's none: the value changes nothing


def test_the_same_rank_fixtures_play_the_attachments_of_biedan_attachments():
    """biedan/attached-same-rank-one differs from biedan/attachments in combinations.attached_same_rank only."""
    from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants

    fixtures = load_fixture_variants(find_variant_files())
    one, two = fixtures["biedan/attached-same-rank-one"], fixtures["biedan/attachments"]
    for rule_id in ("combinations.catalogue", "combinations.attachments"):
        assert one.rule(rule_id) == two.rule(rule_id), rule_id
    assert (one.rule("combinations.attached_same_rank"), two.rule("combinations.attached_same_rank")) == (1, 2)
    assert {a.same_rank for a in rules_for(one).attachments} == {1}


def test_the_openspiel_fixture_plays_three_wings_beside_the_body():
    """biedan/doudizhu-openspiel (combinations.attached_same_rank: 3_beside_body): three attached singles of a rank
    at most, beside the main part too; biedan/doudizhu-judger (3): three at most, never beside it."""
    from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants

    fixtures = load_fixture_variants(find_variant_files())
    beside, apart = (rules_for(fixtures[f"biedan/doudizhu-{name}"]).attachments for name in ("openspiel", "judger"))
    assert {(a.same_rank, a.beside_body) for a in beside} == {(3, True)}
    assert {(a.same_rank, a.beside_body) for a in apart} == {(3, False)}
