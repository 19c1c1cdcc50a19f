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


# ---------------------------------------------------------------------------------------------------- 憋蛋 Biedan
BIEDAN = "biedan/biedan-guide"


def biedan_hand(seed: int):
    game = games.get("biedan")
    return game.state.new_hand(game.rules_for(BIEDAN), random.Random(seed)), random.Random(seed)


def rank(card: str) -> str:
    return card if card in ("BJ", "LJ") else card[1:]


def test_biedan_a_lower_single_does_not_beat_and_a_pair_is_the_wrong_type():
    """The lead is a single; the next player selects a lower single (ranking.single_order) and then a pair."""
    order = load_variant(BIEDAN).rule("ranking.single_order")
    for seed in range(60):
        state, rng = biedan_hand(seed)
        if not until(state, rng, lambda s: s.phase == "play" and s.table is not None and len(s.table_cards) == 1):
            continue
        seat = state.current_player()
        held = list(state.hands[seat].elements())
        top = order.index(rank(state.table_cards[0]))
        lower = [c for c in held if order.index(rank(c)) > top]
        pairs = [[a, b] for a in held for b in held if a < b and rank(a) == rank(b)]
        if lower and pairs:
            break
    else:
        pytest.fail("no seed gives a follower with a lower single and a pair")
    for lang in ("zh", "en"):
        answer = describe_selection(state, seat, [lower[0]], lang)
        assert answer["combination"] == {"zh": "单张", "en": "single"}[lang]
        assert answer["refusal"]["reason"] == "not_higher"
        assert rule_ids(answer["refusal"]) == ["beating.follow", "ranking.single_order", "combinations.flush_reach"]
        assert answer["refusal"]["rules"][0]["source"] == "biedan-guide 三.3"
    assert_chinese(describe_selection(state, seat, [lower[0]], "zh"))
    pair = describe_selection(state, seat, pairs[0], "en")
    assert pair["combination"] == "pair" and pair["refusal"]["reason"] == "wrong_type"
    assert rule_ids(pair["refusal"]) == ["beating.follow", "beating.bombs_beat_ordinary", "beating.rocket_beats_all"]


def test_biedan_a_lead_of_a_pair_and_an_egg_of_the_wrong_size():
    state, rng = biedan_hand(4)
    banker = state.current_player()
    assert state.phase == "bury"
    two = list(state.hands[banker].elements())[:2]
    egg = describe_selection(state, banker, two, "zh")
    assert egg["refusal"]["reason"] == "wrong_count" and rule_ids(egg["refusal"]) == ["egg.count"]
    assert_chinese(egg)
    for seed in range(40):
        state, rng = biedan_hand(seed)
        until(state, rng, lambda s: s.phase == "play")
        seat = state.current_player()
        held = list(state.hands[seat].elements())
        pairs = [[a, b] for a in held for b in held if a < b and rank(a) == rank(b)]
        if pairs:
            break
    zh = describe_selection(state, seat, pairs[0], "zh")
    assert zh["legal_now"] is True and zh["combination"] == "对子" and zh["readings"] == ["首出：对子"]
    assert describe_selection(state, seat, pairs[0], "en")["readings"] == ["Lead: pair"]


# ---------------------------------------------------------------------------------------------------- 打墩 Dadun
DADUN = "dadun/dadun-guide"


def dadun_lead(need):
    """The first lead of a Dadun hand whose leader holds what ``need(state, hand)`` finds (a seed is searched)."""
    game = games.get("dadun")
    for seed in range(80):
        state = game.state.new_hand(game.rules_for(DADUN), random.Random(seed))
        seat = state.current_player()
        found = need(state, state.hands[seat])
        if found:
            return state, seat, found
    pytest.fail("no seed gives the hand needed")


def test_dadun_three_identical_cards_read_as_a_dun_or_a_bare_triple():
    """combinations.dun_also_triple: the play declares which; both are legal leads."""
    def three(state, hand):
        wild = "H" + state.level
        return next(([c] * 3 for c, k in hand.items() if k == 3 and c not in ("BJ", "LJ", wild)), None)
    state, seat, cards = dadun_lead(three)
    for lang, names in (("zh", {"墩", "光三"}), ("en", {"dun", "bare triple"})):
        answer = describe_selection(state, seat, cards, lang)
        assert answer["legal_now"] is True
        assert set(answer["combination"].split(" / ")) == names
        assert {a["reading"]["combination"] for a in answer["actions"]} == {"dun", "triple"}
        assert all(a["cards"] == cards and a["reading"]["cards"] == cards for a in answer["actions"])
        assert len(answer["readings"]) == 2
    assert_chinese(describe_selection(state, seat, cards, "zh"))
    needed = explain_refusal(DADUN, "reading_needed", "en")
    assert rule_ids(needed) == ["combinations.dun_also_triple", "combinations.flush_also_straight", "wild.cards"]


def test_dadun_a_wild_with_a_natural_pair_is_a_bare_triple_never_a_dun():
    """wild.never_in: a wild card may not help make a dun; the three cards are a bare triple, the wild standing for a
    card of the pair's rank."""
    def pair_and_wild(state, hand):
        wild = "H" + state.level
        pair = next((c for c, k in hand.items() if k >= 2 and c not in ("BJ", "LJ", wild) and c[1:] != state.level),
                    None)
        return [pair, pair, wild] if pair and hand[wild] else None
    state, seat, cards = dadun_lead(pair_and_wild)
    zh = describe_selection(state, seat, cards, "zh")
    assert zh["combination"] == "光三" and zh["legal_now"] is True
    assert [a["reading"]["combination"] for a in zh["actions"]] == ["triple"]
    stood = zh["actions"][0]["reading"]["cards"]
    assert stood[:2] == cards[:2] and stood[2][1:] == cards[0][1:]  # the wild stands for a card of the pair's rank
    assert zh["readings"][0].startswith("首出：光三，红桃" + state.level + "当")
    assert_chinese(zh)
    en = describe_selection(state, seat, cards, "en")
    assert en["readings"][0].startswith(f"Lead: bare triple, {state.level} of hearts as the ")
    wild_dun = {"type": "play", "seat": seat, "cards": cards, "reading": {"combination": "dun", "cards": [cards[0]] * 3}}
    reason = state.check(wild_dun)
    assert reason == "wild_misuse"
    refusal = explain_refusal(DADUN, reason, "zh", wild_dun)
    assert rule_ids(refusal)[0] == "wild.never_in"
    assert refusal["rules"][0]["source"] == "dadun-guide 三.7"
    assert_chinese(refusal)


def test_a_house_hand_is_explained_by_the_house_variant_given():
    house = open_variant("docs/examples/huolong-house.yaml")
    game = games.get("huolong")
    state = game.state.new_hand(game.rules_for(house), random.Random(3))
    rng = random.Random(3)
    assert until(state, rng, lambda s: s.phase == "play")
    other = (state.to_move() + 1) % 4
    card = next(iter(state.hands[other]))
    answer = describe_selection(state, other, [card], "en", variant=house)
    assert answer["refusal"]["reason"] == "out_of_turn"
    assert answer["refusal"]["rules"][0]["href"] == "en/rulebooks/huolong/datong-guide-rules/#r-players.play_direction"
    with pytest.raises(ValueError) as err:
        describe_selection(state, other, [card], "en")
    assert "give the house file's path or its Variant" in str(err.value)
    assert explain_refusal(game.rules_for(HUOLONG), "out_of_turn", "en") == explain_refusal(HUOLONG, "out_of_turn", "en")


def test_a_flush_straight_is_named_by_the_games_word_for_flush():
    from datong_rules.reference_impl.biedan.rulebook import NAMES
    from datong_rules.reference_impl.climbing.selection import name_of
    from datong_rules.rulebook.story import text

    assert text(name_of("straight", NAMES, True), "zh") == "清一色顺子"
    assert text(name_of("straight", NAMES, True), "en") == "flush straight"
    assert text(name_of("pair_run", NAMES), "en") == "pair run"


def test_an_empty_selection_is_an_empty_play():
    state, rng = huolong_hand(2)
    until(state, rng, lambda s: s.phase == "play")
    answer = describe_selection(state, state.to_move(), [], "zh")
    assert answer["refusal"]["reason"] == "empty_play" and answer["refusal"]["words"] == "一张牌也没出。"


@pytest.mark.parametrize("variant, rules", [
    (BIEDAN, ["players.play_direction", "play.first_lead", "play.next_leader"]),
    (DADUN, ["players.play_direction", "marked_card.first_lead", "play.next_leader", "play.wind"]),
])
def test_climbing_out_of_turn_and_cards_not_held(variant, rules):
    """The player after the one to lead selects a card of their own (out of turn); the one to lead selects a card
    that only another player holds (not in hand: words, no rule)."""
    game = games.get(variant.split("/")[0])
    rng = random.Random(11)
    state = game.state.new_hand(game.rules_for(variant), rng)
    assert until(state, rng, lambda s: getattr(s, "phase", "play") == "play")
    seat = state.current_player()
    other = (seat + 1) % len(state.hands)
    mine = next(iter(state.hands[other]))
    for lang in ("zh", "en"):
        late = describe_selection(state, other, [mine], lang)
        assert late["refusal"]["reason"] == "out_of_turn" and rule_ids(late["refusal"]) == rules
        assert late["refusal"]["rules"][0]["text"] == load_variant(variant).item("players.play_direction")["text"][lang]
    assert_chinese(describe_selection(state, other, [mine], "zh"))
    theirs = next(c for c in state.hands[other] if not state.hands[seat][c])
    absent = describe_selection(state, seat, [theirs], "en")
    assert absent["refusal"] == {"reason": "not_in_hand", "words": "You do not hold these cards.", "rules": []}


def test_dadun_a_natural_card_declared_as_another_is_a_bad_reading():
    """A non-wild card always stands for itself: two different natural cards declared as a pair of the first."""
    def two_ranks(state, hand):
        wild = "H" + state.level
        plain = [c for c in hand if c not in ("BJ", "LJ", wild)]
        return next(([a, b] for a in plain for b in plain if a[1:] != b[1:]), None)
    state, seat, cards = dadun_lead(two_ranks)
    action = {"type": "play", "seat": seat, "cards": cards, "reading": {"combination": "pair", "cards": [cards[0]] * 2}}
    reason = state.check(action)
    assert reason == "bad_reading"
    refusal = explain_refusal(DADUN, reason, "zh", action)
    assert rule_ids(refusal) == ["combinations.catalogue", "wild.cards"]
    assert refusal["words"] == "这几张牌不能按说明的那样出。"
    assert_chinese(refusal)



def test_in_a_chain_of_house_files_a_rule_cites_the_file_that_gives_it(tmp_path):
    """A league's file over dadun-guide, a club's file over the league's: the league's rule cites league.yaml, the
    club's cites club.yaml, a rule neither changes links to dadun-guide's page."""
    head = "name: {zh: 测试, en: Test}\nsummary: {zh: 测试, en: Test}\n"
    (tmp_path / "league.yaml").write_text(
        "id: dadun/city-league\nextends: dadun/dadun-guide\n" + head + "rules:\n  play:\n    pass_locks_out:\n"
        "      value: true\n      text: {zh: 过了牌的人要一直过到这一轮结束。, en: A player who passed keeps passing.}\n"
        "      inferred: {reason: House rule of the league.}\n", encoding="utf-8")
    (tmp_path / "club.yaml").write_text(
        "id: dadun/my-club\nextends: league.yaml\n" + head + "rules:\n  wild:\n    alone:\n      value: declared\n"
        "      text: {zh: 单出一张百搭时可以声明它当任何单张。, en: A lone wild may be declared as any single.}\n"
        "      source: {id: dadun-guide, section: 三.7}\n", encoding="utf-8")
    club = open_variant(str(tmp_path / "club.yaml"))
    locked = explain_refusal(club, "locked_out", "en")["rules"][0]
    assert locked["id"] == "play.pass_locks_out" and locked["house"] is True and locked["href"] is None
    assert locked["source"] == "league.yaml" and locked["inferred"] == "House rule of the league."
    by_id = {r["id"]: r for r in explain_refusal(club, "wild_misuse", "zh")["rules"]}
    assert by_id["wild.alone"]["source"] == "club.yaml · dadun-guide 三.7" and by_id["wild.alone"]["house"] is True
    assert by_id["wild.alone"]["text"] == "单出一张百搭时可以声明它当任何单张。"
    assert by_id["wild.never_in"]["href"] == "rulebooks/dadun/dadun-guide-rules/#r-wild.never_in"
