"""Every game's simulate measures on random play: each observed id is a declared measure of the right kind and
``per``, and each fired rule id names a rule of the variant (or a named entry of a list rule, ``rule[name]``)."""

from __future__ import annotations

import importlib
import random

import pytest

from datong_rules.reference_impl import games
from datong_rules.reference_impl.measures import Measure
from datong_rules.reference_impl.variant import default_registry

PLAYED = ("huolong/datong-guide", "huolong/li-zhijiang", "huolong/online-platform", "biedan/biedan-guide",
          "dadun/dadun-guide")


def rule_exists(variant, rule_id: str) -> bool:
    """``settlement.table`` is a rule of the variant; ``settlement.table[shutout]`` is an entry named ``shutout`` of
    that rule's list value."""
    base, _, name = rule_id.partition("[")
    try:
        value = variant.rule(base)
    except KeyError:
        return False
    if not name:
        return True
    return isinstance(value, list) and any(isinstance(e, dict) and e.get("name") == name[:-1] for e in value)


def play_matches(variant_id: str, matches: int) -> list[list]:
    """``matches`` matches of random bots, each the list of its finished hand states."""
    game = games.game_of_variant(variant_id)
    rules = game.rules_for(variant_id)
    out = []
    for seed in range(matches):
        match = game.state.Match(rules, seed)
        players = 3 if game.id == "biedan" else 4
        match.play([game.bots.BOTS["random"](random.Random(seed * 10 + s)) for s in range(players)])
        out.append(list(match.hands))
    return out


@pytest.mark.parametrize("variant_id", PLAYED)
def test_random_play_observes_declared_measures_and_existing_rules(variant_id):
    game_id = variant_id.split("/")[0]
    module = games.measures(game_id)
    assert module is importlib.import_module(f"datong_rules.reference_impl.{game_id}.measures")
    declared = {m.id: m for m in module.MEASURES}
    assert len(declared) == len(module.MEASURES), "measure ids are unique"
    assert all(isinstance(m, Measure) for m in module.MEASURES)
    variant = default_registry().load_variant(variant_id)
    seen, fired = set(), set()
    for hands in play_matches(variant_id, 2):
        for state in hands:
            for mid, value in module.observe_hand(state).items():
                assert declared[mid].per == "hand", mid
                assert declared[mid].kind == "mean" or value in (0.0, 1.0), (mid, value)
                seen.add(mid)
            fired |= module.rules_fired(state)
        for mid, value in module.observe_match(hands).items():
            assert declared[mid].per == "match", mid
            assert declared[mid].kind == "mean" or value in (0.0, 1.0), (mid, value)
            seen.add(mid)
    assert {"seat_won_0", "hand_actions", "match_hands"} <= seen
    assert fired, "some rule decided something in two matches"
    assert not [r for r in fired if not rule_exists(variant, r)]
    for measure in module.MEASURES:
        assert measure.rule is None or rule_exists(variant, measure.rule), measure.rule


def test_rule_exists_reads_named_entries():
    variant = default_registry().load_variant("huolong/li-zhijiang")
    assert rule_exists(variant, "settlement.table[hook_down]")
    assert not rule_exists(variant, "settlement.table[shutout]")
    assert not rule_exists(variant, "settlement.hook")
    assert rule_exists(variant, "bottom.dig")
