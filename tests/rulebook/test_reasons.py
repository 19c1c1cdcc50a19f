"""spec/reasons.yaml: every reason code each game's engine can answer has words and rules, and every rule it names
is a rule of each of the game's playable variants."""

from __future__ import annotations

import json
import random
import re

import pytest
import yaml

from datong_rules.reference_impl import games
from datong_rules.reference_impl.paths import spec_root
from datong_rules.reference_impl.variant import list_variants, load_variant
from datong_rules.conformance.scenarios_io import load_scenarios
from datong_rules.reference_impl.reasons import (check_reasons, codes, load_reasons, reason_entry, reason_words,
                                                 reasons_path)

GAMES = ("huolong", "biedan", "dadun")


def operation_codes(game: str) -> set[str]:
    """Every reason code of the game's operations schema (the enums of its ``…Reason`` definitions)."""
    schema = json.loads((spec_root() / "schema" / "games" / game / "operations.schema.json").read_text(encoding="utf-8"))
    found: set[str] = set()
    for name, node in schema["$defs"].items():
        if name.endswith("Reason"):
            found |= set(node.get("enum", []))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_code_of_the_operations_has_an_entry_and_nothing_else(game):
    assert operation_codes(game), game
    assert codes(game) == operation_codes(game)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_named_is_a_rule_of_each_playable_variant(game):
    variants = [load_variant(v) for v in list_variants() if v.startswith(game + "/")]
    playable = [v for v in variants if not v.abstract]
    assert playable
    for variant in playable:
        have = set(variant.rule_ids())
        for entry in load_reasons()[game]:
            assert set(entry.rules) <= have, (variant.id, entry.code, set(entry.rules) - have)


@pytest.mark.parametrize("game", GAMES)
def test_the_words_are_in_both_languages(game):
    for entry in load_reasons()[game]:
        assert not re.search(r"[A-Za-z]{3,}", entry.words["zh"]), (entry.code, entry.words["zh"])
        assert re.search(r"[\u4e00-\u9fff]", entry.words["zh"]) and not re.search(r"[\u4e00-\u9fff]", entry.words["en"])
        assert not re.search(r"[A-Za-z]{3,}", entry.short["zh"]), (entry.code, entry.short["zh"])
        assert re.search(r"[\u4e00-\u9fff]", entry.short["zh"]) and not re.search(r"[\u4e00-\u9fff]", entry.short["en"])


STORY_ACTIONS = {"huolong": {"bury": "bury"}, "biedan": {"beats": "play", "legal_play": "play", "egg": "bury"},
                 "dadun": {"beats": "play", "legal_play": "play"}}
"""Per game, the operations whose refusals the rulebook's teaching stories tell, and the action refused."""


def test_every_reason_a_story_tells_is_told_in_the_short_words_of_spec_reasons():
    told = set()
    for sc in load_scenarios():
        action = STORY_ACTIONS.get(sc.game, {}).get(sc.op)
        reason = sc.expect.get("reason") if isinstance(sc.expect, dict) else None
        if action is None or reason is None:
            continue
        entry = reason_entry(sc.game, reason, action)
        assert entry is not None, (sc.id, reason)
        story = games.get(sc.game).facet("rulebook").example_story(sc, None)
        said = json.dumps(story["answer"], ensure_ascii=False)
        assert entry.short["en"] in said and entry.short["zh"] in said, (sc.id, said)
        told.add((sc.game, reason))
    assert {g for g, _ in told} == set(STORY_ACTIONS) and len(told) >= 10, told


def test_reason_words_of_an_unknown_code_are_the_code():
    assert reason_words("dadun", "no_such_code") == "no_such_code"
    assert reason_words("biedan", "wrong_count", "bury") == {"en": "the egg has another number of cards",
                                                             "zh": "扣蛋的张数不对"}


def _tries(state, rng):
    """Actions to ask ``check`` about in ``state``: the legal ones changed in the ways a player gets them wrong (another
    seat, cards not held, no cards, one card fewer or more, a pass), and a malformed one."""
    base = state.random_action(rng) if state.current_player() is not None else {"type": "play", "seat": 0, "cards": []}
    base = {key: value for key, value in base.items() if key != "reading"}  # a changed play has no declared reading
    seat = base.get("seat", 0)
    hand = sorted(state.hands[seat].elements()) if isinstance(seat, int) and 0 <= seat < len(state.hands) else []
    cards = list(base.get("cards", []))
    tries = [dict(base, seat=(seat + 1) % len(state.hands)), dict(base, cards=[]), dict(base, cards=cards + ["BJ"] * 4),
             dict(base, cards=cards[:-1]), dict(base, cards=rng.sample(hand, min(len(hand), 2))),
             dict(base, cards=rng.sample(hand, min(len(hand), 5))), {"type": "pass", "seat": seat},
             {"type": "play", "seat": seat, "cards": "not a list"}, {"type": "bury", "seat": seat, "cards": cards}]
    return tries


@pytest.mark.parametrize("game, variant", [("huolong", "huolong/li-zhijiang"), ("huolong", "huolong/online-platform"),
                                           ("biedan", "biedan/biedan-guide"), ("dadun", "dadun/dadun-guide")])
def test_every_code_the_engine_answers_while_playing_has_an_entry(game, variant):
    """A hand played at random; at every step the engine is asked about wrong actions: each code it answers is in
    spec/reasons.yaml (and at least the common refusals come up)."""
    registered = games.get(game)
    rng = random.Random(7)
    state = registered.state.new_hand(registered.rules_for(variant), rng)
    seen: set[str] = set()
    steps = 0
    while not state.is_terminal() and steps < 400:
        for action in _tries(state, rng):
            reason = state.check(action)
            if reason is not None:
                seen.add(reason)
                assert reason_entry(game, reason, action.get("type")) is not None, (game, reason, action)
        state.apply(state.random_action(rng))
        steps += 1
    assert {"not_in_hand", "bad_action"} <= seen, seen


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["reasons"]["huolong"][0].pop("zh"), "'zh' is a required property"),
    (lambda d: d["reasons"]["huolong"].append(dict(d["reasons"]["huolong"][0])), "is given twice"),
    (lambda d: d["reasons"].update(wakeng=d["reasons"]["huolong"]), "not a game of the registry"),
    (lambda d: d["reasons"]["dadun"][0].update(rules=["Play Pass"]), "does not match"),
    (lambda d: d["reasons"]["biedan"][0].pop("short"), "'short' is a required property"),
    (lambda d: d["reasons"]["biedan"][0]["short"].pop("zh"), "'zh' is a required property"),
    (lambda d: d["reasons"]["dadun"][1]["short"].update(en="No card was played."), "short/en"),
])
def test_a_broken_file_is_named_in_one_line(edit, expected):
    data = yaml.safe_load(reasons_path().read_text(encoding="utf-8"))
    edit(data)
    problems = check_reasons(data, "reasons.yaml")
    assert problems and all("\n" not in p and p.startswith("reasons.yaml: ") for p in problems)
    assert any(expected in p for p in problems), problems


def test_the_entry_of_a_code_follows_the_action_refused():
    assert reason_entry("huolong", "wrong_count", "bury").rules == ("bury.count",)
    assert reason_entry("huolong", "wrong_count", "play").rules == ("follow.same_count",)
    assert reason_entry("huolong", "wrong_count").rules == ("follow.same_count",)
    assert reason_entry("biedan", "out_of_turn", "give").rules == ("exchange.timing",)
    assert reason_entry("dadun", "no_such_code") is None
