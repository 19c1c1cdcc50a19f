"""The typed state API (:mod:`datong_rules.reference_impl.state_api`) is every game's: each game's hand state, match
and bots satisfy its Protocols; every game raises the one IllegalAction and MatchError; ``check`` gives a reason code
or None in every game; the one match loop and the one replay driver carry every game.

Expected values are reasoned from the rules: a pass by the seat that leads is ``must_lead`` in both climbing games
(a round is opened by a play); an action by a seat not to act is ``out_of_turn``; a record cut before its hand ends
is refused at ``len(actions)`` with the game's code for it (Huolong ``missing_actions``, the climbing games
``incomplete``).
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from datong_rules.reference_impl import bots as bot_loop
from datong_rules.reference_impl import games, records, state_api
from datong_rules.reference_impl.replay import GameReplay, Refusal, replay_record

VARIANTS = {"huolong": "huolong/li-zhijiang", "biedan": "biedan/biedan-guide", "dadun": "dadun/dadun-guide"}
INCOMPLETE = {"huolong": "missing_actions", "biedan": "incomplete", "dadun": "incomplete"}


def _rules(game_id: str):
    return games.get(game_id).rules_for(VARIANTS[game_id])


def _hand(game_id: str, seed: int = 1):
    return games.get(game_id).facet("state").new_hand(_rules(game_id), random.Random(seed))


def _to_play(state, rng: random.Random):
    """Random actions until the play of cards begins (the deal, declaration, bury and exchange done; 打墩 starts
    there)."""
    while getattr(state, "phase", "play") != "play":
        state.apply(state.random_action(rng))
    return state


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_each_game_satisfies_the_protocols(game_id):
    game = games.get(game_id)
    state = _hand(game_id)
    match = game.facet("state").Match(_rules(game_id), 1)
    made = bot_loop.make_bots(game, "random", random.Random(1), _rules(game_id).players)
    assert isinstance(state, state_api.HandState)
    assert isinstance(match, state_api.Match)
    assert all(isinstance(bot, state_api.Bot) for bot in made)
    assert game.facet("state").IllegalAction is state_api.IllegalAction
    assert game.facet("state").MatchError is state_api.MatchError
    assert issubclass(state_api.IllegalAction, state_api.RuleError) and issubclass(state_api.MatchError,
                                                                                  state_api.RuleError)


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_check_gives_a_reason_code_or_none_and_apply_raises_the_one_illegal_action(game_id):
    rng = random.Random(2)
    state = _to_play(_hand(game_id, 2), rng)
    seat = state.current_player()
    other = (seat + 1) % _rules(game_id).players
    legal = state.random_action(random.Random(3))
    assert state.check(legal) is None
    wrong_seat = {**legal, "seat": other}
    assert state.check(wrong_seat) == "out_of_turn"
    before = json.dumps(state.summary(), sort_keys=True, default=str)
    with pytest.raises(state_api.IllegalAction) as info:
        state.apply(wrong_seat)
    assert (info.value.reason, info.value.seat, info.value.action) == ("out_of_turn", other, wrong_seat)
    assert str(info.value).startswith(f"seat {other}: illegal {legal['type']}: out_of_turn")
    assert json.dumps(state.summary(), sort_keys=True, default=str) == before  # refused: nothing changed


@pytest.mark.parametrize("game_id", ["biedan", "dadun"])
def test_a_lead_cannot_pass_in_either_climbing_game(game_id):
    state = _to_play(_hand(game_id, 4), random.Random(4))
    assert state.check({"type": "pass", "seat": state.current_player()}) == "must_lead"


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_the_one_match_loop_plays_every_game(game_id):
    game = games.get(game_id)
    rules = _rules(game_id)
    match = game.facet("state").Match(rules, 5)
    seen = []
    match.play(bot_loop.make_bots(game, "greedy", random.Random(5), rules.players), hands=2, on_hand=seen.append)
    assert len(seen) >= 2 and list(match.hands) == seen  # Huolong: a redealt hand is seen and does not count
    assert all(state.is_terminal() for state in seen)
    with pytest.raises(state_api.MatchError):
        match.finish_hand(match.new_hand())  # handed back unfinished


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_the_one_replay_driver_refuses_a_cut_record_where_it_stops(game_id):
    state = bot_loop.play_hand(_hand(game_id, 6), bot_loop.make_bots(games.get(game_id), "random", random.Random(6),
                                                                      _rules(game_id).players))
    record = json.loads(records.dumps(records.hand_record(state, seed=6)))
    assert records.verify(record).accepted
    cut = copy.deepcopy(record)
    kept = [a for a in cut["actions"] if a["type"] not in ("settle",)][:5]
    cut["actions"] = kept
    cut.pop("result", None)
    result = records.verify(cut)
    assert (result.accepted, result.reason, result.index) == (False, INCOMPLETE[game_id], len(kept))


def test_the_driver_calls_the_hooks_in_order():
    """A game of one counter: each action adds its ``n``; the hand ends at 3; a match's next hand starts where the
    last one ended. The driver starts, steps, finishes, passes the setup on, and reports the first refusal."""

    class Count:
        def __init__(self, start: int) -> None:
            self.total, self.actions = start, []

        def apply(self, action):
            if action["n"] < 1:
                raise state_api.IllegalAction("too_small", action.get("seat"), action, "n < 1")
            self.total += action["n"]

        def is_terminal(self):
            return self.total >= 3

        def current_player(self):
            return 0

    class Hooks(GameReplay):
        def start(self, rules, hand, expected):
            if expected is not None and hand["start"] != expected:
                raise Refusal("wrong_setup")
            return Count(hand["start"])

        def first_setup(self, rules):
            return 0

        def next_setup(self, rules, hand, state, expected):
            return state.total

    hand = {"record": "hand", "start": 0, "actions": [{"n": 1}, {"n": 2}]}
    assert replay_record(hand, None, Hooks()).accepted
    refused = replay_record({**hand, "actions": [{"n": 1}, {"n": 0, "seat": 2}]}, None, Hooks())
    assert refused.answer() == {"accepted": False, "index": 1, "seat": 2, "reason": "too_small"}
    assert refused.detail == "n < 1"
    short = replay_record({**hand, "actions": [{"n": 1}]}, None, Hooks())
    assert short.answer() == {"accepted": False, "index": 1, "seat": 0, "reason": "incomplete"}
    match = {"record": "match", "hands": [hand, {"start": 3, "actions": [{"n": 3}]}, {"start": 5, "actions": []}]}
    assert replay_record(match, None, Hooks()).answer() == {"accepted": False, "index": None, "seat": None,
                                                             "reason": "wrong_setup", "hand": 2}


def _validated(state, bots):
    """The hand loop that checks every action (``apply(action)``), as for actions from outside."""
    if state.rules.variant_id.startswith("huolong"):
        return huolong_play_checked(state, bots)
    return bot_loop.play_hand(state, bots)


def huolong_play_checked(state, bots):
    """攉龙's bot hand loop with every action checked: the cards dealt as the table deals them, every bot action
    applied through ``check`` first."""
    from datong_rules.reference_impl.huolong import bots as huolong_bots

    class Checked:
        def __init__(self, inner):
            self.inner = inner

        def apply(self, action, validate=True):
            assert self.inner.check(action) is None, action
            self.inner.apply(action)

        def __getattr__(self, name):
            return getattr(self.inner, name)
    huolong_bots.play_hand(Checked(state), bots)
    return state


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_the_trusted_match_loop_plays_as_the_checked_one(game_id, kind):
    # Match.play applies the bots' actions trusted (the shipped fast path); the same seeds with every action checked
    # give the same hands, action for action: the bots choose legal actions only, and trusting them changes nothing
    game = games.get(game_id)
    rules = _rules(game_id)
    fast = game.facet("state").Match(rules, 11)
    fast.play(bot_loop.make_bots(game, kind, random.Random(11), rules.players), hands=2)
    slow = game.facet("state").Match(rules, 11)
    bot_loop.play_match(slow, bot_loop.make_bots(game, kind, random.Random(11), rules.players), hands=2,
                        play_hand=_validated, counts=lambda state: getattr(state, "phase", "") != "redeal")
    assert len(fast.hands) == len(slow.hands) >= 2
    for a, b in zip(fast.hands, slow.hands):
        assert a.actions == b.actions and a.settlement() == b.settlement()
