"""The 打墩 Dadun engine reads run lengths from combinations.catalogue and refuses catalogue values it cannot play."""

from __future__ import annotations

import copy

import pytest
from datong_rules.reference_impl.dadun.ops import OPS
from datong_rules.reference_impl.dadun.rules import RulesError, rules_for, rules_with
from datong_rules.reference_impl.variant import load_variant

V = "dadun/dadun-guide"


def _catalogue(**changes: dict) -> list[dict]:
    """The guide's catalogue with some entries' fields changed (name → fields)."""
    entries = copy.deepcopy(load_variant(V).rule("combinations.catalogue"))
    for entry in entries:
        entry.update(changes.get(entry["name"], {}))
    return entries


def _ladder(flush_size: int) -> list[dict]:
    return [dict(step, size=flush_size) if step["combination"] == "straight_flush" else step
            for step in load_variant(V).rule("beating.bomb_ladder")]


@pytest.fixture(scope="module")
def six():
    """Straights and straight flushes of six cards."""
    return rules_with(V, {"combinations.catalogue": _catalogue(straight={"length": 6}, straight_flush={"length": 6}),
                          "beating.bomb_ladder": _ladder(6)})


def test_six_card_straights_are_played(six):
    # 3-4-5-6-7-8 in two suits is a straight of six; five of them are no combination at all
    six_cards = ["S3", "H4", "S5", "S6", "S7", "S8"]
    assert OPS["classify"](six, {"cards": six_cards, "level": "2"})["combinations"] == ["straight"]
    assert OPS["classify"](six, {"cards": six_cards[:5], "level": "2"})["readings"] == []
    assert OPS["classify"](rules_for(V), {"cards": six_cards[:5], "level": "2"})["combinations"] == ["straight"]
    # six singles and the straight; no straight flush (H4 breaks the suit)
    assert OPS["legal_play_count"](six, {"hand": six_cards, "level": "2"})["by_combination"] == {
        "single": 6, "straight": 1}
    # one suit: the six cards are also a straight flush (a bomb), and it beats a straight of six
    flush = ["S3", "S4", "S5", "S6", "S7", "S8"]
    assert OPS["classify"](six, {"cards": flush, "level": "2"})["combinations"] == ["straight", "straight_flush"]
    table = {"cards": ["S4", "H5", "S6", "S7", "S8", "S9"], "reading": {"combination": "straight"}}
    assert OPS["beats"](six, {"level": "2", "table": table, "play": {
        "cards": flush, "reading": {"combination": "straight_flush"}}})["beats"] is True


@pytest.mark.parametrize(("changes", "said"), [
    ({"pair_run": {"unit": 1}}, "entry 6 (pair_run): unit = 1"),
    ({"straight": {"length": 14}}, "entry 5 (straight): length = 14"),
    ({"full_house": {"pair": "same_suit"}}, "entry 4 (full_house): pair = 'same_suit'"),
    ({"full_house": {"key": ["pair", "triple_power"]}}, "entry 4 (full_house): key = ['pair', 'triple_power']"),
    ({"dun": {"size": 4}}, "entry 11 (dun): size = 4"),
])
def test_catalogue_values_the_engine_cannot_play_are_refused(changes, said):
    with pytest.raises(RulesError, match="combinations.catalogue") as err:
        rules_with(V, {"combinations.catalogue": _catalogue(**changes)})
    assert said in str(err.value)


def test_a_straight_flush_length_without_a_ladder_step_is_refused():
    with pytest.raises(RulesError, match="straight_flush of 6 cards has no step on beating.bomb_ladder"):
        rules_with(V, {"combinations.catalogue": _catalogue(straight_flush={"length": 6})})


@pytest.mark.parametrize(("rule_id", "value"), [
    ("ranking.power_order", ["BJ", "LJ", "level", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]),
    ("wild.never_in", []),
    ("combinations.linked_adjacency", {"order": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
                                       "jokers": []}),
])
def test_orders_and_lists_the_engine_plays_one_way_are_refused_otherwise(rule_id, value):
    # the engine plays 2 low, no wild in a dun, the joker duns linked: another value
    # would be ignored, so it is refused (validate places the error at the rule)
    with pytest.raises(RulesError, match=rule_id.replace(".", r"\.") + ".*is not played by the engine"):
        rules_with(V, {rule_id: value})


def test_the_order_of_a_set_like_list_does_not_matter():
    assert rules_with(V, {"wild.never_in": ["linked_dun", "dun"]}).catalogue == rules_for(V).catalogue


def test_runs_follow_the_sequence_order():
    # with the A only at the top, A2345 is no straight and 10JQKA still is; 23456 is then the lowest straight
    high = rules_with(V, {"ranking.sequence_order": {
        "order": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], "wrap": False,
        "jokers": "excluded"}})
    assert OPS["classify"](high, {"cards": ["SA", "H2", "S3", "S4", "S5"], "level": "9"})["readings"] == []
    assert OPS["classify"](high, {"cards": ["S10", "HJ", "SQ", "SK", "SA"], "level": "9"})["combinations"] == [
        "straight"]
    table = {"cards": ["S2", "H3", "S4", "S5", "S6"], "reading": {"combination": "straight"}}
    assert OPS["beats"](high, {"level": "9", "table": table, "play": {"cards": ["S3", "H4", "S5", "S6", "S7"]}})[
        "beats"] is True
    # in the guide's order (the A at both ends) A2345 is the lowest straight
    assert OPS["classify"](rules_for(V), {"cards": ["SA", "H2", "S3", "S4", "S5"], "level": "9"})["combinations"] == [
        "straight"]


JOKER_BOMB = {"name": "joker_bomb", "shape": "fixed_set", "cards": ["BJ", "BJ", "LJ", "LJ"], "tier": "bomb",
              "key": "ladder"}
"""The house joker bomb (天王炸) as a catalogue entry."""


def test_a_joker_bomb_without_a_ladder_step_is_refused():
    # the joker bomb is a bomb-tier play: the variant must say where it sits on the ladder
    with pytest.raises(RulesError, match="joker_bomb has no step on beating.bomb_ladder"):
        rules_with(V, {"combinations.catalogue": _catalogue() + [JOKER_BOMB]})


@pytest.mark.parametrize(("changes", "said"), [
    ({"cards": ["BJ", "LJ"]}, "entry 13 (joker_bomb): cards = ['BJ', 'LJ']"),
    ({"cards": ["BJ", "BJ", "BJ", "LJ", "LJ", "LJ"]}, "entry 13 (joker_bomb): cards = "),
    ({"tier": "dun"}, "entry 13 (joker_bomb): tier = 'dun'"),
])
def test_joker_bombs_the_engine_cannot_play_are_refused(changes, said):
    # only two big and two small jokers, as a bomb (all six jokers are already the joker linked dun)
    ladder = load_variant(V).rule("beating.bomb_ladder") + [{"combination": "joker_bomb", "size": 4}]
    with pytest.raises(RulesError, match="combinations.catalogue") as err:
        rules_with(V, {"combinations.catalogue": _catalogue() + [dict(JOKER_BOMB, **changes)],
                       "beating.bomb_ladder": ladder})
    assert said in str(err.value)


def test_the_joker_bomb_sits_where_the_ladder_puts_it():
    # placed between the 4- and 5-card bombs instead of on top: a 5-card bomb beats it, a 4-card bomb does not
    ladder = load_variant(V).rule("beating.bomb_ladder")
    low = rules_with(V, {"combinations.catalogue": _catalogue() + [JOKER_BOMB],
                         "beating.bomb_ladder": ladder[:1] + [{"combination": "joker_bomb", "size": 4}] + ladder[1:]})
    table = {"cards": ["BJ", "BJ", "LJ", "LJ"]}
    five = {"cards": ["S9", "S9", "H9", "C9", "D9"]}
    four = {"cards": ["SK", "HK", "CK", "DK"]}
    assert OPS["beats"](low, {"level": "2", "table": table, "play": five}) == {"beats": True}
    assert OPS["beats"](low, {"level": "2", "table": table, "play": four}) == {"beats": False, "reason": "not_higher"}
