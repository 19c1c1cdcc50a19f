"""The search bot (kind ``search[:N]``, :mod:`datong_rules.reference_impl.search_bot`): determinized Monte Carlo
over the state API, for every game, with no rule of any game in it.

Small seeded runs: it plays whole hands of each game legally (every choice it makes checked by the state before it
is applied), the same seed plays the same hand, the redeal it samples from keeps what the seat may know, a budget
makes it beat random bots, and its notes say what it does and what it never chooses."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from datong_rules.reference_impl import games
from datong_rules.reference_impl.bots import bots_of, kind_problem
from datong_rules.reference_impl.search_bot import CANDIDATES, DEFAULT_BUDGET, MAX_BUDGET, Search, parse_budget
from datong_rules.reference_impl.state_api import Redealable, redealt
from datong_rules.simulate import bots_described
from datong_rules.simulate.shards import Entrant

VARIANTS = {"biedan": "biedan/biedan-guide", "dadun": "dadun/dadun-guide", "huolong": "huolong/li-zhijiang"}


class Checked:
    """A bot whose every answer is judged by the state before the match loop applies it (the loops apply bots'
    plays trusted); counts the answers it checked."""

    def __init__(self, bot) -> None:
        self.bot, self.checked = bot, 0

    def _judged(self, state, action: dict) -> None:
        assert state.check(action) is None, action
        self.checked += 1

    def choose(self, state) -> dict:
        action = self.bot.choose(state)
        if state.current_player() is not None:
            self._judged(state, action)
        return action

    def choose_play(self, state, seat: int) -> list[str]:  # Huolong's question
        cards = self.bot.choose_play(state, seat)
        self._judged(state, {"type": "play", "seat": seat, "cards": cards})
        return cards

    def __getattr__(self, name: str):
        return getattr(self.bot, name)


def _search(bot) -> Search:
    """The search inside a search bot (Huolong's bot holds it; the climbing games' bot is it)."""
    return getattr(bot, "search", bot)


def _hand(game_id: str, budget: int, seed: int, others: str = "greedy"):
    """One hand of ``game_id``'s variant, seat 0 a checked search bot of ``budget``, the others ``others``: the
    finished hand state and the checked bot."""
    game = games.get(game_id)
    rules = game.rules_for(VARIANTS[game_id])
    table = game.facet("bots").BOTS
    rng = random.Random(seed)
    seat0 = Checked(bots_of(table, f"search:{budget}", rng, 1)[0])
    played = []
    game.facet("state").Match(rules, seed).play([seat0, *bots_of(table, others, rng, rules.players - 1)], hands=1,
                                                on_hand=played.append)
    return played[-1], seat0


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_it_plays_a_whole_hand_of_each_game_legally(game_id):
    state, seat0 = _hand(game_id, budget=4, seed=3)
    assert state.is_terminal()
    assert state.cards_everywhere() == Counter(state.pack)  # no card lost or made by the copies it searched
    assert seat0.checked > 0, "seat 0 was asked for a play"
    assert _search(seat0.bot).rollouts > 0, "at least one decision had more than one candidate"
    assert "seat_won_0" in games.measures(game_id).observe_hand(state)  # what it plays for: a settled hand


def test_the_same_seed_plays_the_same_hand():
    first, _ = _hand("biedan", budget=6, seed=11)
    again, _ = _hand("biedan", budget=6, seed=11)
    assert first.actions == again.actions and first.pack == again.pack


PLAY_ONE_HAND = """
import json, random, sys
from datong_rules.reference_impl import games
from datong_rules.reference_impl.bots import bots_of
game = games.get(sys.argv[1])
rules = game.rules_for(sys.argv[2])
table = game.facet("bots").BOTS
rng = random.Random(11)
bots = bots_of(table, "search:3", rng, 1) + bots_of(table, "greedy", rng, rules.players - 1)
played = []
game.facet("state").Match(rules, 11).play(bots, hands=1, on_hand=played.append)
print(json.dumps(played[-1].actions, sort_keys=True))
"""


@pytest.mark.parametrize("game_id", ["dadun", "huolong"])
def test_the_same_seed_plays_the_same_hand_in_another_process(game_id):
    """Two processes with other string hashes (as simulate's workers are) play the same hand from the same seed."""
    import os
    import subprocess
    import sys

    def played(hash_seed: str) -> str:
        done = subprocess.run([sys.executable, "-c", PLAY_ONE_HAND, game_id, VARIANTS[game_id]], capture_output=True,
                              text=True, timeout=300, env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    first = played("1")
    assert first.startswith("[") and '"type": "play"' in first
    assert played("2") == first


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_a_sampled_deal_keeps_what_the_seat_knows(game_id):
    """Mid-hand, the deal a search samples keeps seat 0's cards and every seat's count, shuffles the other seats'
    cards among them, and the copy made from it leaves the hand itself unchanged."""
    game = games.get(game_id)
    rules = game.rules_for(VARIANTS[game_id])
    greedy = bots_of(game.facet("bots").BOTS, "greedy", random.Random(1), rules.players)
    state = game.facet("state").Match(rules, 7).new_hand()
    while state.current_player() is None or len(state.actions) < 12:  # past the deal and a few plays
        seat = state.current_player()
        state.apply(greedy[0 if seat is None else seat].choose(state))
    assert isinstance(state, Redealable)
    before = [Counter(h) for h in state.hands]
    search = Search(random.Random(2), 4, type(greedy[0]), games.measures(game))
    seat = state.current_player()
    deal = search._deal(state.hands, seat)
    assert deal[seat] == before[seat]
    assert [h.total() for h in deal] == [h.total() for h in before]
    assert sum(deal, Counter()) == sum(before, Counter())
    copy = state.with_hands(deal)
    assert [+h for h in copy.hands] == [+h for h in deal] and [+h for h in state.hands] == [+h for h in before]
    assert copy.cards_everywhere() == state.cards_everywhere()


def test_a_redeal_that_loses_or_makes_cards_is_refused():
    current = [Counter({"S2": 1, "H3": 1}), Counter({"D4": 1})]
    with pytest.raises(ValueError, match="seat 0 holds 2 cards, the redeal gives it 1"):
        redealt(current, [["S2"], ["H3", "D4"]])
    with pytest.raises(ValueError, match="other cards"):
        redealt(current, [["S2", "H3"], ["D5"]])
    with pytest.raises(ValueError, match="a redeal of 2 seats, got 1"):
        redealt(current, [["S2", "H3", "D4"]])


def test_with_a_budget_it_beats_random_bots_at_biedan():
    """Seat 0 searching (8 rollouts per decision) against two random bots, 8 seeded sessions of 6 hands (48 hands).
    Under equal play each of the three seats goes out first a third of the time (16 hands, standard deviation
    √(48·⅓·⅔) ≈ 3.3); the greedy rollouts alone already shed cards far better than random play, so the search seat
    should go out first in most hands. Asked: more than half (25 or more), 2.7 standard deviations above a third."""
    game = games.get("biedan")
    rules = game.rules_for(VARIANTS["biedan"])
    table = game.facet("bots").BOTS
    rng = random.Random(5)
    bots = [*bots_of(table, "search:8", rng, 1), *bots_of(table, "random", rng, 2)]
    won = []
    for session in range(8):
        game.facet("state").Match(rules, 100 + session).play(
            bots, on_hand=lambda state: won.append(state.places["first"] == 0))
    assert len(won) == 48 == 8 * rules.match_hands
    assert sum(won) > 48 / 2, sum(won)


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_the_notes_say_what_it_does_and_what_it_never_chooses(game_id):
    note = games.get(game_id).facet("bots").NOTES["search"]
    assert "search:N" in note["en"] and "rollouts per decision" in note["en"] and "greedy" in note["en"]
    assert "sampled deals of the cards it cannot see" in note["en"] and "ignored" in note["en"]
    assert "It never" in note["en"] and f"up to {CANDIDATES}" in note["en"] and f"{DEFAULT_BUDGET} by default" in \
        note["en"]
    assert f"最多比较 {CANDIDATES} 个候选" in note["zh"] and f"默认 {DEFAULT_BUDGET}" in note["zh"]
    assert "search:N" in note["zh"] and "推演" in note["zh"] and "greedy" in note["zh"]
    assert "从不" in note["zh"] or "永远不会" in note["zh"]
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in note["en"])


def test_the_report_describes_a_search_seat_by_its_kind_without_the_budget():
    game = games.get("dadun")
    entrant = Entrant("dadun/dadun-guide", "dadun/dadun-guide", None, game, None, {})
    note = bots_described(entrant, ["search:16", "greedy", "greedy", "greedy"])
    assert note["en"].startswith("search (search:N") and "greedy gives and returns tribute" in note["en"]
    assert note["zh"].startswith("search（search:N") and "greedy：进贡和还贡" in note["zh"]


@pytest.mark.parametrize(("kind", "problem"), [
    ("search:0", f"bot kind 'search:0': budget 0 is out of range (expected rollouts per decision, a whole number "
                 f"from 1 to {MAX_BUDGET})"),
    (f"search:{MAX_BUDGET + 1}", f"bot kind 'search:{MAX_BUDGET + 1}': budget {MAX_BUDGET + 1} is out of range"),
    ("search:-3", "bot kind 'search:-3': budget '-3' is not a whole number"),
    ("search:1.5", "bot kind 'search:1.5': budget '1.5' is not a whole number"),
    ("search:lots", "bot kind 'search:lots': budget 'lots' is not a whole number"),
    ("search:", "bot kind 'search:': budget '' is not a whole number"),
    ("search:²", "bot kind 'search:²': budget '²' is not a whole number"),
    ("greedy:5", "bot kind 'greedy:5': greedy takes no parameter (write greedy)"),
    ("expert:5", "unknown bot kind 'expert' (expected one of: greedy, random, search)"),
])
def test_a_bad_kind_or_budget_is_one_line(kind, problem):
    table = games.get("biedan").facet("bots").BOTS
    found = kind_problem(table, kind)
    assert found is not None and found.startswith(problem) and "\n" not in found
    with pytest.raises(ValueError) as raised:
        bots_of(table, kind, random.Random(0), 3)
    assert str(raised.value) == found


def test_a_good_budget_is_taken():
    table = games.get("huolong").facet("bots").BOTS
    assert kind_problem(table, "search:64") is None and kind_problem(table, "search") is None
    [bot] = bots_of(table, "search:64", random.Random(0), 1)
    assert bot.search.budget == 64
    assert parse_budget("1") == 1 and parse_budget(str(MAX_BUDGET)) == MAX_BUDGET


def test_a_compiled_state_class_is_refused_unless_it_copies_itself(monkeypatch):
    # a class of a compiled module (an extension's file) cannot be deep-copied: refused in one line; one with a copy
    # method of its own (攉龙's HandState, whose with_hands uses it) is searched compiled too
    import sys
    import types

    from datong_rules.reference_impl.search_bot import unavailable_with
    module = types.ModuleType("fake_compiled_state")
    module.__file__ = "/site/fake_compiled_state.cpython-311-x86_64-linux-gnu.so"
    monkeypatch.setitem(sys.modules, module.__name__, module)
    deep = type("DeepCopied", (), {"__module__": module.__name__})
    itself = type("CopiesItself", (), {"__module__": module.__name__, "copy": lambda self: self})
    assert "needs the pure-Python build" in unavailable_with(deep)
    assert "\n" not in unavailable_with(deep)
    assert unavailable_with(itself) is None
    assert unavailable_with(type("Pure", (), {})) is None
