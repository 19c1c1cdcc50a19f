"""The hand state machine (rule ids lead.first_trick, lead.next_trick, points.captured_by, bottom.dig,
bottom.multiplier, levels.hand_level, and the phase order deal → declare → bury → star_burial → play → settled)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from datong_rules.reference_impl.huolong.bots import GreedyBot, RandomBot, play_hand
from datong_rules.reference_impl.cards import SUITS
from datong_rules.reference_impl.huolong.hand import BAD_ACTION, OUT_OF_TURN, WRONG_PHASE, HandState, IllegalAction
from datong_rules.reference_impl.huolong.state import new_hand

from lifecycle_helpers import DG, LI, OP, full_pack, random_hand

LEVEL_AND_JOKERS = [c for c in {f"{s}3" for s in SUITS} | {"BJ", "LJ"}]


def declared_state(rules=LI, seed=1):
    """A hand where seat 2 shows a big joker after 3 cards and draws ♥6 next: hearts, banker 2."""
    pack = full_pack(rules, ["S4", "H5", "BJ", "C6", "D7", "S8", "H6", "D9"], seed=seed, avoid=LEVEL_AND_JOKERS)
    state = HandState(rules, pack)
    state.deal_until(3)
    state.apply({"type": "show", "seat": 2, "cards": ["BJ"]})
    state.deal_until(state.total)
    return state


def test_phases_and_declaration():
    state = declared_state()
    assert state.phase == "declare"
    assert {a["type"] for a in state.legal_actions()} >= {"close"}
    state.apply({"type": "close"})
    assert (state.phase, state.banker, state.trump_suit, state.level) == ("bury", 2, "H", "3")
    assert sum(state.hands[2].values()) == 45  # the banker took up the bottom
    assert state.actions[0] == {"type": "show", "seat": 2, "cards": ["BJ"], "after": 3}
    assert state.actions[1] == {"type": "declaration", "outcome": "declared", "trump_suit": "H", "banker": 2}


def test_deal_phase_offers_deal_and_shows():
    state = declared_state()
    fresh = HandState(LI, state.pack)
    fresh.deal_until(3)
    actions = list(fresh.legal_actions())
    assert actions[0] == {"type": "deal"}
    assert {"type": "show", "seat": 2, "cards": ["BJ"]} in actions


def test_wrong_phase_and_out_of_turn_and_bad_actions_leave_the_state_unchanged():
    state = declared_state()
    with pytest.raises(IllegalAction) as err:
        state.apply({"type": "play", "seat": 2, "cards": ["S4"]})
    assert err.value.reason == WRONG_PHASE
    state.apply({"type": "close"})
    some = list(state.hands[2].elements())[:6]
    with pytest.raises(IllegalAction) as err:
        state.apply({"type": "bury", "seat": 1, "cards": some})
    assert err.value.reason == OUT_OF_TURN
    with pytest.raises(IllegalAction) as err:
        state.apply({"type": "bury", "seat": 2, "cards": ["XX"] * 6})
    assert err.value.reason == BAD_ACTION
    with pytest.raises(IllegalAction) as err:
        state.apply({"type": "bury", "seat": 2, "cards": [["S4"]] * 6})  # unhashable items, not a TypeError
    assert err.value.reason == BAD_ACTION
    with pytest.raises(IllegalAction) as err:
        state.apply({"type": "fold"})
    assert err.value.reason == BAD_ACTION
    assert state.phase == "bury" and sum(state.hands[2].values()) == 45


def test_a_play_missing_a_field_is_a_bad_action_not_out_of_turn():
    """A play of the seat to play without 'cards' is malformed (bad_action), whatever the seat; one without 'seat'
    too; a whole play of another seat is out of turn. The state is unchanged."""
    import random
    state = declared_state()
    state.apply({"type": "close"})
    rng = random.Random(0)
    while state.phase != "play":  # the banker's bury, and what a variant asks before the first trick
        state.apply(state.random_action(rng))
    lead = state.current_player()
    state.apply({"type": "play", "seat": lead, "cards": [next(iter(state.hands[lead]))]})
    to_play = state.current_player()
    before = (state.phase, list(state.trick), [dict(hand) for hand in state.hands])
    for action, reason in (({"type": "play", "seat": to_play}, BAD_ACTION),
                           ({"type": "play", "cards": [next(iter(state.hands[to_play]))]}, BAD_ACTION),
                           ({"type": "play", "seat": (to_play + 1) % 4,
                             "cards": [next(iter(state.hands[(to_play + 1) % 4]))]}, OUT_OF_TURN)):
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert err.value.reason == reason, action
    assert (state.phase, list(state.trick), [dict(hand) for hand in state.hands]) == before


def test_first_trick_is_led_by_the_banker_then_by_each_winner():
    """lead.first_trick banker (li-zhijiang 一.六.6); lead.next_trick trick_winner."""
    state = declared_state()
    state.apply({"type": "close"})
    bots = [GreedyBot() for _ in range(4)]
    play_hand(state, bots)
    assert state.tricks[0][0] == 2
    for (_, _, winner, _), (leader, _, _, _) in zip(state.tricks, state.tricks[1:]):
        assert leader == winner


def test_play_out_of_turn_and_illegal_follow():
    state = declared_state()
    state.apply({"type": "close"})
    rng = random.Random(3)
    state.apply(state.random_action(rng))          # bury
    while state.phase == "star_burial":
        state.apply(state.random_action(rng))
    with pytest.raises(IllegalAction) as err:
        state.apply({"type": "play", "seat": 3, "cards": [next(iter(state.hands[3]))]})
    assert err.value.reason == OUT_OF_TURN
    # lead a side card, then find a follower holding that suit who tries to play something else
    for _ in range(60):
        seat = state.to_move()
        if state.trick:
            suit = state.ranking.suit_of(state.trick[0][0])
            hand = state.hands[seat]
            has = [c for c in hand if state.ranking.suit_of(c) == suit]
            other = [c for c in hand if state.ranking.suit_of(c) != suit]
            if has and other and len(state.trick[0]) == 1:
                with pytest.raises(IllegalAction) as err:
                    state.apply({"type": "play", "seat": seat, "cards": [other[0]]})
                assert err.value.reason == "must_follow_suit"
                return
        state.apply(state.random_action(rng))
    pytest.fail("no follow situation found")


def test_a_validated_play_in_any_spelling_is_read_and_a_malformed_one_refused():
    """A play in canonical tokens is taken at once; any other spelling is read into them, and a bad seat, a card that
    is no card or not hashable, cards that are no list: bad_action, the state unchanged."""
    state = declared_state()
    state.apply({"type": "close"})
    rng = random.Random(3)
    while state.phase != "play":
        state.apply(state.random_action(rng))
    seat = state.to_move()
    card = next(iter(state.hands[seat]))
    for bad in ({"type": "play", "seat": True, "cards": [card]}, {"type": "play", "seat": 4, "cards": [card]},
                {"type": "play", "seat": seat, "cards": [[card]]}, {"type": "play", "seat": seat, "cards": ["S1"]},
                {"type": "play", "seat": seat, "cards": (card,)}):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert err.value.reason == BAD_ACTION, bad
    assert not state.trick and state.hands[seat][card]
    spelled = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}.get(card[0], "") + card[1:] if card[0] in "SHCD" else card
    action = {"type": "play", "seat": seat, "cards": [spelled]}
    state.apply(action)
    assert state.trick == [[card]] and action["cards"] == [spelled]


def _to_last_trick(rules, seed):
    """A hand brought to the play phase, then cut down (white box) to one card per player for the last trick."""
    rng = random.Random(seed)
    state = HandState(rules, full_pack(rules, seed=seed))
    bots = [RandomBot(rng) for _ in range(4)]
    while state.phase == "deal":
        state.deal_one()
    state.apply({"type": "close"})
    state.apply({"type": "bury", "seat": state.banker, "cards": bots[0].choose_bury(state)})
    while state.phase == "star_burial":
        state.apply({"type": "load", "seat": state.to_move(), "count": 0})
    assert state.phase == "play"
    return state


def _last_trick(state, cards_by_offset, captured, bottom):
    b, trump = state.banker, state.trump_suit
    side = next(s for s in SUITS if s != trump)
    state.hands = [Counter() for _ in range(4)]
    for offset, card in enumerate(cards_by_offset):
        state.hands[(b + offset) % 4] = Counter([card.replace("X", side)])
    state.bottom = bottom
    state.attacker_points = captured
    state.star = None
    state.leader, state.trick = b, []
    for offset in range(4):
        seat = (b + offset) % 4
        state.apply({"type": "play", "seat": seat, "cards": list(state.hands[seat].elements())})
    return side


def test_dg_attackers_dig_with_a_level_card_and_the_bottom_counts_double():
    """bottom.dig last_trick_winner; bottom.multiplier 2 (datong-guide 三.4 '底牌的分数都只翻两倍');
    points.captured_by trick_winner_team; the last trick won by level-rank cards (dug_with_level_rank).
    Banker leads X4, the next player ruffs with an off-suit 3 (a level card, trump), X5 and X6 follow:
    the attackers take 5 points; 100 + 5 captured, bottom 20 points × 2 = 40 → 145 ≥ 120, dug: dig_and_topple."""
    state = _to_last_trick(DG, 11)
    b = state.banker
    _last_trick(state, ["X4", "X3", "X5", "X6"], 100, ["SK", "S10", "C4", "C6", "D7", "D8"])
    assert state.tricks[-1][2] == (b + 1) % 4
    claim = state.actions[-1]
    assert claim["type"] == "settle"
    assert (claim["captured_points"], claim["bottom_points"], claim["attacker_points"]) == (105, 20, 145)
    assert claim["bottom_dug"] is True and claim["dug_with_level_rank"] is True
    assert claim["row"] == "dig_and_topple"
    assert claim["next_banker"] == (b + 1) % 4                          # rotation.take_over banker_next
    assert claim["levels"] == {"banker_team": "3", "attackers": "4"}
    assert state.phase == "settled"


def test_dg_banker_team_level_card_on_the_last_trick_is_no_dig():
    """dug_with_level_rank means the attackers dug with level cards (li-zhijiang 一.六.8 钩):
    banker leads X4, the next player follows X5, the banker's partner ruffs with an off-suit 3 (a level card) and
    wins, X6 follows. The bottom is held, so the flag is false although the last trick was won with a level card."""
    state = _to_last_trick(DG, 11)
    b = state.banker
    _last_trick(state, ["X4", "X5", "X3", "X6"], 100, ["SK", "S10", "C4", "C6", "D7", "D8"])
    assert state.tricks[-1][2] == (b + 2) % 4
    claim = state.actions[-1]
    assert claim["bottom_dug"] is False and claim["dug_with_level_rank"] is False
    assert state.last_trick_level_rank is True


def test_li_bottom_held_points_of_the_banker_team_do_not_count():
    """The banker wins the last trick with XA: the bottom is held, its points are not added, and the trick's
    points go to the banker team (not counted). 100 captured < 120, held: points_kept_bottom_held, +1."""
    state = _to_last_trick(LI, 12)
    b = state.banker
    _last_trick(state, ["XA", "X4", "XK", "X6"], 100, ["SK", "S10", "C4", "C6", "D7", "D8"])
    claim = state.actions[-1]
    assert state.tricks[-1][2] == b
    assert (claim["captured_points"], claim["attacker_points"], claim["bottom_dug"]) == (100, 100, False)
    assert claim["row"] == "points_kept_bottom_held"
    assert claim["next_banker"] == (b + 2) % 4                          # rotation.keep banker_partner
    assert claim["levels"] == {"banker_team": "4", "attackers": "3"}


def test_li_dig_adds_the_bottom_once():
    """bottom.multiplier 1 (li-zhijiang 一.六.4): 100 + 10 (trick: XK) + bottom 20 = 130, dug: take over +1."""
    state = _to_last_trick(LI, 13)
    _last_trick(state, ["X4", "XA", "XK", "X6"], 100, ["SK", "S10", "C4", "C6", "D7", "D8"])
    claim = state.actions[-1]
    assert (claim["attacker_points"], claim["bottom_dug"], claim["row"]) == (130, True, "points_lost_bottom_dug")


def test_op_redeal_when_nobody_declares():
    """declaration.nobody_declared redeal (online-platform 【亮牌规则】): the hand ends in phase redeal."""
    state = HandState(OP, full_pack(OP, seed=4))
    state.deal_until(state.total)
    state.apply({"type": "close"})
    assert state.phase == "redeal" and state.finished
    assert list(state.legal_actions()) == []
    with pytest.raises(IllegalAction):
        state.apply({"type": "bury", "seat": 0, "cards": []})


def test_li_later_hand_keeps_the_suit_and_plays_the_banker_teams_level():
    """declaration.scope match; levels.hand_level banker_team."""
    state = HandState(LI, full_pack(LI, seed=5), hand_number=2, team_levels=("5", "8"), banker=3, trump_suit="S")
    assert state.first_drawer == 3 and state.level == "8"
    state.deal_until(state.total)
    assert list(state.decl.legal_shows(0)) == []
    state.apply({"type": "close"})
    assert (state.banker, state.trump_suit, state.level, state.declaration.outcome) == (3, "S", "8", "kept")


def test_bad_setups_are_refused():
    with pytest.raises(ValueError, match="not 3 decks"):
        HandState(LI, ["S3"] * 162)
    with pytest.raises(ValueError, match="161 cards"):
        HandState(LI, full_pack(LI)[:-1])
    with pytest.raises(ValueError, match="levels differ"):
        HandState(LI, full_pack(LI), team_levels=("3", "5"))


def test_no_public_keyword_skips_the_pack_check():
    # the engine's own path that skips the check (a pack it shuffled, a hand's copy) is private: a caller passing
    # the keyword that once skipped it is refused, and a bad pack is refused however a hand is made
    short = full_pack(LI)[:-1]
    with pytest.raises(TypeError):
        HandState(LI, short, pack_checked=True)
    with pytest.raises(TypeError):
        new_hand(LI, random.Random(1), pack_checked=True)
    with pytest.raises(ValueError, match="161 cards"):
        HandState(LI, short, hand_number=2, team_levels=("3", "3"), banker=0, trump_suit="S")
    assert new_hand(LI, random.Random(1)).copy().pack == new_hand(LI, random.Random(1)).pack  # its own path works


@pytest.mark.parametrize("rules", [LI, DG, OP])
def test_greedy_and_random_bots_finish_hands(rules):
    for seed in range(3):
        assert random_hand(rules, seed).finished
        rng = random.Random(seed)
        state = HandState(rules, full_pack(rules, seed=seed))
        play_hand(state, [GreedyBot() if s % 2 else RandomBot(rng) for s in range(4)])
        assert state.finished
