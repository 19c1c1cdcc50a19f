"""The 打墩 Dadun state API, Match, records and the rules' SUPPORTED table."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

from datong_rules.reference_impl import records
from datong_rules.reference_impl.bots import play_hand
from datong_rules.reference_impl.dadun import bots
from datong_rules.reference_impl.dadun import combinations as cb
from datong_rules.reference_impl.dadun.ops import OPS
from datong_rules.reference_impl.dadun.rules import SUPPORTED
from datong_rules.reference_impl.dadun.state import Match, new_hand

V = "dadun/dadun-guide"
SCHEMA = Path(__file__).parents[3] / "spec" / "schema" / "games" / "dadun" / "rules.schema.json"


def test_supported_values_are_the_schema_enums():
    defs = json.loads(SCHEMA.read_text(encoding="utf-8"))["$defs"]
    for rule_id, values in SUPPORTED.items():
        schema = defs[f"rule.{rule_id}"]["properties"]["value"]
        allowed = schema.get("enum") or ([True, False] if schema.get("type") == "boolean" else None)
        assert allowed is not None and set(allowed) == set(values), rule_id


def test_the_deal_the_marked_card_and_the_lead():
    state = new_hand(V, random.Random(3))
    sizes = [sum(h.values()) for h in state.hands]
    drawer = state.first_drawer
    expected = [0] * 4
    for i, n in enumerate([41, 41, 40, 40]):
        expected[(drawer + i) % 4] = n
    if state.bonus["transfer"]:
        expected[drawer] -= 1
        expected[(drawer + 2) % 4] += 1
    assert sizes == expected
    assert state.current_player() == drawer == state.holder
    assert state.marked == state.pack[0]
    assert sum(state.cards_everywhere().values()) == 162


def test_random_and_greedy_hands_end_and_replay():
    for seed in range(3):
        rng = random.Random(seed)
        state = play_hand(new_hand(V, rng), [bots.RandomBot(rng)] * 4)
        assert state.is_terminal()
        assert state.cards_everywhere() == Counter(state.pack)
        result = state.settlement()
        assert result["pattern"] in ("1+2", "13+24", "14+23")
        verdict = records.replay(records.hand_record(state, seed=seed))
        assert verdict.accepted, verdict


def test_a_tampered_record_is_refused():
    rng = random.Random(4)
    state = play_hand(new_hand(V, rng), [bots.RandomBot(rng)] * 4)
    record = records.hand_record(state, seed=4)
    record["result"]["winner"] = 1 - record["result"]["winner"]
    assert OPS["replay"](V, {"record": record})["reason"] == "result_mismatch"
    record = records.hand_record(state, seed=4)
    record["actions"] = record["actions"][:5]
    assert OPS["replay"](V, {"record": record})["reason"] == "incomplete"
    record = records.hand_record(state, seed=4)
    record["actions"][1] = {"type": "play", "seat": record["actions"][1]["seat"], "cards": ["BJ", "LJ"]}
    answer = OPS["replay"](V, {"record": record})
    assert answer["index"] == 1 and answer["reason"] in ("not_in_hand", "not_a_combination")


def test_a_match_reaches_its_end_and_its_record_verifies():
    match = Match(V, 2)
    match.play([bots.RandomBot(match.rng)] * 4)
    assert match.over
    assert records.replay(records.match_record(match)).accepted


def test_settle_by_hand():
    # 13+24: first side 100 + 60 = 160 ≥ 155 (full), other 100 < 135: the first side wins one level
    ans = OPS["settle"](V, {"finish": [0, 1, 2], "captured": [100, 100, 60, 40]})
    assert (ans["pattern"], ans["winner"], ans["gain"], ans["levels"]) == ("13+24", 0, 1, ["3", "2"])
    # 14+23 (first 0, partner 2 last): first side 50 + 20 before = 70; other 120 + 80 = 200: only the other full
    ans = OPS["settle"](V, {"finish": [0, 1, 3], "captured": [50, 120, 50, 80], "first_partner_before": 20})
    assert (ans["pattern"], ans["scores"], ans["winner"], ans["gain"]) == (
        "14+23", {"first_side": 70, "other_side": 200}, 1, 1)
    # neither full (20 and 120): the last-out's side (team 1) loses
    ans = OPS["settle"](V, {"finish": [0, 1, 2], "captured": [10, 120, 10, 0]})
    assert (ans["winner"], ans["gain"]) == (0, 1)
    # the losers under 35 (20): the winners go up two
    ans = OPS["settle"](V, {"finish": [0, 1, 2], "captured": [100, 20, 60, 0]})
    assert (ans["winner"], ans["gain"]) == (0, 2)
    # 1+2: two levels; at A the winners of a hand played at A win the match
    ans = OPS["settle"](V, {"levels": ["A", "K"], "level": "A", "finish": [0, 2], "captured": [0, 0, 0, 0]})
    assert (ans["pattern"], ans["match_over"], ans["match_winner"]) == ("1+2", True, 0)


def test_deal_order_and_bonus_by_hand():
    # count from the cutter (as 1): K = 13 from seat 1 → seat (1 + 12) mod 4 = 1; big joker 15 from 0 → seat 2
    assert OPS["deal_order"](V, {"cutter": 1, "marked_card": "SK"})["first_drawer"] == 1
    assert OPS["deal_order"](V, {"cutter": 0, "marked_card": "BJ"})["first_drawer"] == 2
    assert OPS["deal_order"](V, {"cutter": 0, "marked_card": "SK", "previous": {"first_out": 0, "last_out": 3}})[
        "first_drawer"] == 3
    assert OPS["marked_card"](V, {"marked_card": "S9", "holder": 2, "copies": [2, 0, 1, 0]}) == {
        "bonus": 1, "team": 0, "transfer": {"from": 2, "to": 0, "card": "S9"}, "leader": 2}
    assert OPS["marked_card"](V, {"marked_card": "S9", "holder": 2, "copies": [0, 0, 3, 0]})["bonus"] == 2


def test_round_with_the_wind():
    # seat 0 leads its last card, nobody beats it: its partner seat 2 leads (五)
    ans = OPS["round"](V, {"hand_sizes": [1, 5, 5, 5], "leader": 0, "actions": [
        {"type": "play", "seat": 0, "cards": ["SK"]}, {"type": "pass", "seat": 1}, {"type": "pass", "seat": 2},
        {"type": "pass", "seat": 3}]})
    assert (ans["over"], ans["next_leader"], ans["wind"], ans["points"], ans["out"]) == (True, 2, True, 10, [0])


def test_actions_are_read_in_the_shared_notation():
    """An action outside the notation is bad_action (unknown key, bad seat, a reading that does not pair with the
    cards); an empty play is empty_play once the turn is right; card tokens are kept canonical."""
    state = new_hand(V, random.Random(3))
    seat = state.current_player()
    card = sorted(state.hands[seat].elements())[0]
    assert state.check({"type": "play", "seat": seat, "cards": [card], "extra": 1}) == "bad_action"
    assert state.check({"type": "play", "seat": 7, "cards": [card]}) == "bad_action"
    assert state.check({"type": "play", "seat": seat, "cards": [card],
                        "reading": {"combination": "single", "cards": [card, card]}}) == "bad_action"
    assert state.check({"type": "play", "seat": seat, "cards": []}) == "empty_play"
    assert state.check({"type": "play", "seat": (seat + 1) % 4, "cards": []}) == "out_of_turn"
    assert state.check({"type": "pass", "seat": seat}) == "must_lead"
    assert state.judge({"type": "pass", "seat": seat}) == ("must_lead", None)  # judge: the reason and the reading
    reason, reading = state.judge({"type": "play", "seat": seat, "cards": [card]})
    assert reason is None and cb.reading_dict(reading) == {"combination": "single", "cards": [card]}
    state.apply({"type": "play", "seat": seat, "cards": [card.lower()]})
    assert state.actions[-1]["cards"] == [card]


def test_greedy_bots_play_the_same_hand_whatever_the_hash_seed():
    """legal_actions lists plays in one order in every run, so a seeded match of greedy bots is reproducible (string
    hashing differs between processes)."""
    code = ("import random; from datong_rules.reference_impl.dadun.state import new_hand; "
            "from datong_rules.reference_impl.dadun.bots import GreedyBot; "
            "from datong_rules.reference_impl.bots import play_hand; "
            "s = play_hand(new_hand('dadun/dadun-guide', random.Random(1)), [GreedyBot()] * 4); print(s.actions)")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(runs) == 1


def test_legal_actions_are_generated_lazily_and_list_every_legal_play_once(monkeypatch):
    # legal_actions yields class by class (no list of every play made first: the first action needs one class's
    # plays), the same plays as legal_plays (every distinct (cards, reading)), each once, each judged legal
    from datong_rules.reference_impl.dadun import state as state_module
    from datong_rules.reference_impl.dadun.plays import iter_plays, legal_plays
    rng = random.Random(21)
    state = new_hand(V, rng)
    for _ in range(6):
        state.apply(state.random_action(rng))

    def answers() -> bool:  # the seat to act follows and holds a play that beats the table
        return state.table is not None and state.turn not in state.round.locked and next(iter_plays(
            state.rules, state.hands[state.turn], state.level, state.table[1], state.table_was), None) is not None
    while not answers():
        state.apply(state.random_action(rng))
    seat = state.turn
    made = []
    real = state_module.class_cards  # a class's plays, made when the listing reaches the class
    monkeypatch.setattr(state_module, "class_cards", lambda *args: made.append(args[-1]) or real(*args))
    actions = state.legal_actions()
    first = next(actions)
    assert len(made) == 1 and state.check(first) is None
    listed = [first, *actions]
    assert len(made) > 1
    plays = [(tuple(a["cards"]), a["reading"]["combination"], tuple(a["reading"]["cards"])) for a in listed
             if a["type"] == "play"]
    table = state.table[1] if state.table else None
    expected = [(cards, r.combination, tuple(r.cards)) for cards, r in legal_plays(
        state.rules, state.hands[seat], state.level, table, state.table_was)]
    assert len(plays) == len(set(plays)) and sorted(plays) == sorted(expected) and plays
    assert all(state.check(a) is None for a in listed[:200])


LEAD_PLAYS = {  # (cards, combination): the legal plays of S5 D5 C6 H2 BJ leading at level 2, counted by hand
    ("S5",): "single", ("D5",): "single", ("C6",): "single", ("BJ",): "single",
    ("H2",): "single",  # wild.alone: a lone wild is a level card
    ("D5", "S5"): "pair", ("H2", "S5"): "pair", ("D5", "H2"): "pair",  # the wild stands for a 5
    ("C6", "H2"): "pair",  # the wild stands for a 6; never paired with the joker (wild.never_pair_with_joker)
    ("D5", "H2", "S5"): "triple",  # the wild as the third 5; no 6-6-x or full house (one 6, one wild), no bomb
}
"""Every (sorted cards, combination) a uniform draw may give; each set of cards here has one reading."""
FOLLOW_PLAYS = {cards: name for cards, name in LEAD_PLAYS.items() if name == "pair"}
"""Over a pair of 4s: the four pairs beat it (5s and 6s are higher); no single, triple or bomb answers a pair."""


def _chi_square(drawn: Counter, expected: list, n: int) -> float:
    """Pearson's statistic of ``n`` draws against equal chances for every item of ``expected``."""
    each = n / len(expected)
    return sum((drawn[item] - each) ** 2 / each for item in expected)


def _draws(state, draw, n: int) -> Counter:
    """(sorted cards, combination) or "pass" of ``n`` actions drawn by ``draw(rng)`` (seed 4), each legal."""
    rng = random.Random(4)
    out: Counter = Counter()
    for _ in range(n):
        action = draw(rng)
        assert state.check(action) is None, action
        out["pass" if action["type"] == "pass" else (tuple(sorted(action["cards"])),
                                                     action["reading"]["combination"])] += 1
    return out


def _small_hand(table: tuple | None = None):
    """The first hand of a guide match (level 2, wild H2), the seat to lead holding S5 D5 C6 H2 BJ; with ``table``
    (cards, combination) an opponent's play stands in a new round."""
    state = new_hand(V, random.Random(3))
    seat = state.turn
    assert state.level == "2" and state.tribute_step is None  # the first hand: level 2, no tribute
    state.hands[seat] = Counter(["S5", "D5", "C6", "H2", "BJ"])
    if table is not None:
        cards, name = table
        state.table = (cards, cb.reading_of(state.rules, name, cards, state.level), (seat + 1) % 4)
        state.table_was = "follow"
    return state


# Pearson's statistic stays below these bounds with probability 1 - 1e-5 for a uniform sampler (9 and 4 degrees of
# freedom; the 0.999 quantiles are 27.9 and 18.5): generous for a fixed seed, yet far below a biased sampler's.
LEAD_BOUND, FOLLOW_BOUND = 40.0, 30.0


def test_the_random_action_draws_every_legal_action_alike():
    # the random bot's policy is uniform over the legal actions, the plays listed by hand above (wild readings
    # among them), and the pass while a play stands
    state = _small_hand()
    expected = [(cards, name) for cards, name in LEAD_PLAYS.items()]
    drawn = _draws(state, state.random_action, 3000)
    assert set(drawn) == set(expected)
    assert _chi_square(drawn, expected, 3000) < LEAD_BOUND
    follow = _small_hand((("S4", "C4"), "pair"))
    expected = [(cards, name) for cards, name in FOLLOW_PLAYS.items()] + ["pass"]
    drawn = _draws(follow, follow.random_action, 1500)
    assert set(drawn) == set(expected)
    assert _chi_square(drawn, expected, 1500) < FOLLOW_BOUND
    follow.apply(follow.random_action(random.Random(5)))  # a drawn action is applied (validated)


def test_the_uniformity_check_catches_a_biased_sampler():
    # the check above can fail: a sampler that draws a play class alike whatever its number of plays (the pair of
    # 5s, three plays, then comes a third as often as the single S5) is refused, and so is one that turns down the
    # lone wild half the time
    from datong_rules.reference_impl.dadun import plays as plays_module
    state = _small_hand()
    expected = list(LEAD_PLAYS.items())

    def by_class(rng):
        from datong_rules.reference_impl.dadun.count import play_classes
        found = rng.choice(list(play_classes(state.rules, state.hands[state.turn], state.level)))
        cards, reading = next(plays_module.class_plays(state.rules, state.hands[state.turn], state.level, found))
        return {"type": "play", "seat": state.turn, "cards": list(cards), "reading": cb.reading_dict(reading)}

    def shy_of_the_wild(rng):
        action = state.random_action(rng)
        while action["cards"] == ["H2"] and rng.random() < 0.5:
            action = state.random_action(rng)
        return action
    assert _chi_square(_draws(state, by_class, 3000), expected, 3000) > LEAD_BOUND
    assert _chi_square(_draws(state, shy_of_the_wild, 3000), expected, 3000) > LEAD_BOUND


def test_the_same_rank_action_is_legal_and_narrow():
    # the cheap benchmark policy: every action legal, every play one rank's cards (no wild standing for another card)
    rng = random.Random(8)
    state = new_hand(V, rng)
    while not state.is_terminal():
        action = state.same_rank_action(rng)
        assert state.check(action) is None
        if action["type"] == "play":
            assert action["reading"]["combination"] in ("single", "pair", "triple", "bomb")
            assert action["reading"]["cards"] == action["cards"] or action["cards"] == [state.wild]
        state.apply(action, validate=False)
