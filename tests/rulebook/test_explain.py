"""A refusal explained and a selection described (datong_rules/rulebook/explain.py), for each game: the situations
are reached by playing at random, then chosen so that the rules say by hand what must happen (a follower holding the
led suit who plays another; a player who is not to play), and the answer is checked against the rule ids, texts and
sources of the variant files."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import load_variant, open_variant
from datong_rules.rulebook.explain import absolute_url, describe_selection, explain_refusal, rule_href, site_url

ENGLISH_SENTENCE = re.compile(r"[A-Za-z]+ [A-Za-z]+ [A-Za-z]+")
"""Three English words in a row: what a 中文 answer must not show."""


def zh_strings(answer: Any) -> list[str]:
    """Every string a player reads in an answer (not ids, codes, sources or links)."""
    if isinstance(answer, dict):
        return [s for key, value in answer.items() if key not in ("id", "reason", "source", "href", "actions")
                for s in zh_strings(value)]
    if isinstance(answer, list):
        return [s for value in answer for s in zh_strings(value)]
    return [answer] if isinstance(answer, str) else []


def assert_chinese(answer: Any) -> None:
    strings = zh_strings(answer)
    assert strings
    for s in strings:
        assert not ENGLISH_SENTENCE.search(s), s


def rule_ids(answer: dict) -> list[str]:
    return [r["id"] for r in answer["rules"]]


def until(state, rng, done):
    """Apply random legal actions until ``done(state)`` (or the hand ends); True when reached."""
    while not done(state):
        if state.is_terminal():
            return False
        state.apply(state.random_action(rng))
    return True


# ---------------------------------------------------------------------------------------------------- 攉龙 Huolong
HUOLONG = "huolong/li-zhijiang"


def huolong_hand(seed: int):
    game = games.get("huolong")
    return game.state.new_hand(game.rules_for(HUOLONG), random.Random(seed)), random.Random(seed)


def side_suit_of(state, card: str) -> str | None:
    """The side suit of ``card`` by the trump rules (trumps.*: jokers, every 2, the level rank and the trump suit are
    trumps), None for a trump."""
    if card in ("BJ", "LJ") or card[1:] in ("2", state.level) or card[0] == state.trump_suit:
        return None
    return card[0]


def test_huolong_out_of_turn_cites_the_order_of_play_in_both_languages():
    state, rng = huolong_hand(3)
    assert until(state, rng, lambda s: s.phase == "play")
    other = (state.to_move() + 1) % 4
    card = next(iter(state.hands[other]))
    variant = load_variant(HUOLONG)
    for lang in ("zh", "en"):
        answer = describe_selection(state, other, [card], lang)
        assert answer["legal_now"] is False and answer["actions"] == []
        refusal = answer["refusal"]
        assert refusal["reason"] == "out_of_turn"
        assert rule_ids(refusal) == ["players.play_direction", "lead.first_trick", "lead.next_trick"]
        first = refusal["rules"][0]
        assert first["text"] == variant.item("players.play_direction")["text"][lang]
        assert first["source"] == "li-zhijiang 一.六.6"  # the citation of huolong/base
        assert first["href"] == ("" if lang == "zh" else "en/") + \
            "rulebooks/huolong/li-zhijiang-rules/#r-players.play_direction"
    assert_chinese(describe_selection(state, other, [card], "zh"))
    assert refusal["words"] == "It is not your turn."


def test_huolong_must_follow_suit_names_the_follow_rule():
    """A side suit is led; a follower holding that suit selects a card of another suit: follow.follow_suit."""
    for seed in range(40):
        state, rng = huolong_hand(seed)
        reached = until(state, rng, lambda s: s.phase == "play" and len(s.trick) == 1
                        and side_suit_of(s, s.trick[0][0]) is not None and len(s.trick[0]) == 1)
        if not reached:
            continue
        led = side_suit_of(state, state.trick[0][0])
        seat = state.to_move()
        held = list(state.hands[seat])
        other = [c for c in held if side_suit_of(state, c) != led]
        if any(side_suit_of(state, c) == led for c in held) and other:
            break
    else:
        pytest.fail("no seed gives a follower who holds the led side suit and another card")
    for lang in ("zh", "en"):
        answer = describe_selection(state, seat, [other[0]], lang)
        assert answer["legal_now"] is False
        assert answer["refusal"]["reason"] == "must_follow_suit"
        assert rule_ids(answer["refusal"]) == ["follow.follow_suit"]
        assert answer["refusal"]["rules"][0]["source"] == "datong-guide 三.3"
        assert answer["refusal"]["rules"][0]["text"] == load_variant(HUOLONG).item("follow.follow_suit")["text"][lang]
    assert_chinese(describe_selection(state, seat, [other[0]], "zh"))
    follow = [c for c in held if side_suit_of(state, c) == led][0]
    legal = describe_selection(state, seat, [follow], "en")
    assert legal["legal_now"] is True and legal["refusal"] is None
    assert legal["actions"] == [{"type": "play", "seat": seat, "cards": [follow]}]
    assert legal["readings"][0].startswith("Follow: single (")


def test_huolong_a_lead_of_a_pair_and_of_two_odd_cards():
    for seed in range(40):
        state, rng = huolong_hand(seed)
        until(state, rng, lambda s: s.phase == "play")
        seat = state.to_move()
        pairs = [c for c, k in state.hands[seat].items() if k >= 2 and side_suit_of(state, c)]
        if pairs:
            break
    pair = [pairs[0]] * 2
    suit = pairs[0][0]
    zh_suit = {"S": "♠ 黑桃", "H": "♥ 红桃", "C": "♣ 梅花", "D": "♦ 方块"}[suit]
    en_suit = {"S": "♠ spades", "H": "♥ hearts", "C": "♣ clubs", "D": "♦ diamonds"}[suit]
    zh = describe_selection(state, seat, pair, "zh")
    assert zh["combination"] == f"对子（{zh_suit}）" and zh["legal_now"] is True
    assert zh["readings"] == [f"首发：对子（{zh_suit}）"]
    en = describe_selection(state, seat, pair, "en")
    assert en["combination"] == f"pair ({en_suit})" and en["readings"] == [f"Lead: pair ({en_suit})"]
    odd = [pairs[0], next(c for c in state.hands[seat] if c != pairs[0])]
    answer = describe_selection(state, seat, odd, "en")
    assert answer["combination"].startswith("2 odd cards") and answer["legal_now"] is False
    assert answer["refusal"]["reason"] == "not_a_combination"
    assert rule_ids(answer["refusal"]) == ["lead.one_combination", "combinations.catalogue"]


def test_huolong_cards_not_held_have_words_and_no_rule():
    state, rng = huolong_hand(5)
    until(state, rng, lambda s: s.phase == "play")
    seat = state.to_move()
    missing = next(c for c in ("SA", "HA", "CA", "DA", "S3", "H3") if not state.hands[seat][c])
    answer = describe_selection(state, seat, [missing], "zh")
    assert answer["refusal"] == {"reason": "not_in_hand", "words": "你手里没有这些牌。", "rules": []}


def test_huolong_a_bury_of_the_wrong_count_cites_the_bury_rule():
    state, rng = huolong_hand(3)
    assert until(state, rng, lambda s: s.phase == "bury")
    banker = state.banker
    cards = list(state.hands[banker].elements())[:5]
    answer = describe_selection(state, banker, cards, "en")
    assert answer["refusal"]["reason"] == "wrong_count"
    assert rule_ids(answer["refusal"]) == ["bury.count"]
    assert answer["readings"] == [] and answer["combination"] is None


def test_a_house_rule_cites_the_house_file_and_the_others_its_parent_page():
    answer = explain_refusal("docs/examples/huolong-house.yaml", "must_follow_shape", "zh")
    by_id = {r["id"]: r for r in answer["rules"]}
    house = open_variant("docs/examples/huolong-house.yaml")
    changed = by_id["follow.meteor_obliges_pair"]
    assert changed["house"] is True and changed["href"] is None
    assert changed["source"] == "huolong-house.yaml · shengji-required-plays description"
    assert changed["text"] == house.item("follow.meteor_obliges_pair")["text"]["zh"]
    kept = by_id["follow.shape"]
    assert kept["house"] is False and kept["href"] == "rulebooks/huolong/datong-guide-rules/#r-follow.shape"
    assert_chinese(answer)


def test_links_are_made_absolute_on_the_documentation_site():
    assert site_url() == "https://datong-rules.github.io/datong-rules/"
    href = rule_href("dadun/dadun-guide", "play.pass", "en")
    assert absolute_url(href) == "https://datong-rules.github.io/datong-rules/en/rulebooks/dadun/dadun-guide-rules/#r-play.pass"


@pytest.mark.parametrize("call, expected", [
    (lambda: explain_refusal(HUOLONG, "out_of_turn", "fr"), "unknown language 'fr'"),
    (lambda: explain_refusal(42, "out_of_turn", "en"), "expected a variant id"),
    (lambda: explain_refusal("no-such-variant", "out_of_turn", "en"), "unknown variant 'no-such-variant'"),
])
def test_bad_arguments_get_one_line(call, expected):
    with pytest.raises((ValueError, TypeError)) as err:
        call()
    assert expected in str(err.value) and "\n" not in str(err.value)


def test_an_unknown_code_is_said_as_itself():
    assert explain_refusal(HUOLONG, "made_up", "en") == {"reason": "made_up", "words": "The action is refused (made_up).",
                                                         "rules": []}


def test_a_bad_card_token_is_one_line():
    state, _ = huolong_hand(1)
    with pytest.raises(ValueError) as err:
        describe_selection(state, 0, ["S1"], "en")
    assert "S1" in str(err.value) and "\n" not in str(err.value)
