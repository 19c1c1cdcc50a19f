"""The typed rules: every rule the engine obeys is read from the variant, and a value it cannot play is refused
when the rules are built (rules_for / rules_with), in one line naming the rule id."""

from __future__ import annotations

from collections import Counter

import pytest

from datong_rules.reference_impl.huolong.burying import exchange_card
from datong_rules.reference_impl.huolong.ranking import Ranking
from datong_rules.reference_impl.huolong.rules import SUPPORTED, RulesError, rules_for, rules_with

VARIANTS = ["huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_source_variants_use_supported_values_only(variant):
    rules_for(variant)  # would raise RulesError


@pytest.mark.parametrize(
    ("rule_id", "value"),
    [
        ("ranking.trumps_beat_side", False),   # the schema allows false; the engine ranks every trump above side cards
        ("levels.hand_level", "attackers"),
        ("points.captured_by", "leader_team"),
        ("lead.first_trick", "banker_next"),
        ("lead.next_trick", "banker"),
        ("lead.one_combination", 1),           # 1 is not true
        ("declaration.window", "after_deal"),  # refused at once, not when a hand starts
        ("bury.unmet_limits", "redeal"),
        ("star_burial.policy", "optional"),
        ("deal.first_drawer", {"first_hand": 0, "later_hands": "dealer_next"}),
        ("star_burial.exchange", {"take_back": "largest", "ties": "suit_order", "exclude": []}),
        ("star_burial.exchange", {"take_back": "smallest", "ties": "by_rank", "exclude": []}),
        ("star_burial.exchange", {"take_back": "smallest", "ties": "suit_order", "exclude": ["trumps"]}),
    ],
)
def test_a_value_the_engine_cannot_play_is_refused_in_one_line(rule_id, value):
    with pytest.raises(RulesError) as err:
        rules_with("huolong/datong-guide", {rule_id: value})
    message = str(err.value)
    assert message.startswith(f"{rule_id}: ") and "\n" not in message


def test_every_supported_rule_is_a_rule_of_the_variants():
    """SUPPORTED names real rule ids (a typo there would check nothing)."""
    from datong_rules.reference_impl.variant import load_variant

    for variant in VARIANTS:
        ids = set(load_variant(variant).rule_ids())
        assert set(SUPPORTED) <= ids


def test_meteor_cards_follow_the_catalogue_s_meteor():
    """star_burial.exchange meteor_cards: a meteor is as many identical cards as combinations.catalogue says; in a
    house variant whose meteor has 4 cards, three D4 in the bottom are no meteor and the smallest, D4, is taken."""
    catalogue = [{"name": "single", "size": 1, "identical": True}, {"name": "pair", "size": 2, "identical": True},
                 {"name": "meteor", "size": 4, "identical": True}]
    house = rules_with("huolong/li-zhijiang", {"combinations.catalogue": catalogue})
    bottom = Counter(["S5", "C10", "D4", "D4", "D4", "SA"])
    assert exchange_card(house, Ranking(house, "3", "H"), bottom) == "D4"
    li = rules_for("huolong/li-zhijiang")
    assert exchange_card(li, Ranking(li, "3", "H"), bottom) == "SA"


def test_schema_accepts_exactly_the_named_values_the_engine_plays():
    """Every rule of rules.SUPPORTED whose values are names or flags: the variant schema allows exactly those
    values, so a house variant gets a schema error with a line number for a value the engine cannot play, and
    no value the engine plays is refused by the schema."""
    import json

    from datong_rules.reference_impl.huolong.rules import SUPPORTED
    from datong_rules.reference_impl.paths import schema_path

    defs = json.loads(schema_path("games/huolong/rules.schema.json").read_text(encoding="utf-8"))["$defs"]
    for rule_id, allowed in SUPPORTED.items():
        value_schema = defs[f"rule.{rule_id}"]["properties"]["value"]
        if all(isinstance(a, bool) for a in allowed):
            expected = {"type": "boolean"} if set(allowed) == {True, False} else {"const": allowed[0]}
            assert {k: v for k, v in value_schema.items() if k in ("type", "const")} == expected, rule_id
        elif all(isinstance(a, str) for a in allowed):
            assert sorted(value_schema.get("enum", [])) == sorted(allowed), rule_id


def test_one_joker_per_deck_is_refused_by_name():
    """deck.jokers_per_deck: the engine builds decks with both jokers or none; 1 is refused when the rules are
    built (it used to build a 162-card pack while counting 159)."""
    from datong_rules.reference_impl.huolong.rules import RulesError, rules_with

    with pytest.raises(RulesError, match=r"^deck\.jokers_per_deck: "):
        rules_with("huolong/datong-guide", {"deck.jokers_per_deck": 1})
