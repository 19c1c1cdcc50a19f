"""Questions of the ``replay`` and ``round`` operations: game records played by the reference engine's random bots.

A record is a match the game's bots play under the variant's rules (the game's ``state.Match`` and ``bots.BOTS``
facets, the shared ``records.match_record``), from a seed Hypothesis draws; one or two hands, so that what passes
from one hand to the next (the exchange, the banker, the levels) is checked too. Most records are left whole (an
engine must accept them); some are cut (the last hand's actions stop early: the record ends before the hand does)
or lose one action (what follows is out of turn or out of place): an engine must refuse those where the reference
does. Hypothesis shrinks toward seed 0, one hand, no cut.

A ``round`` question is one round of such a hand, whole or its first actions: the hand sizes at the round's start
are the cards each seat plays from then on, plus one for a seat still holding cards when the hand ends (the record's
result names who went out); the rounds are cut where the game's ``round`` operation says a round is over.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hypothesis import strategies as st

from datong_rules.reference_impl import games, records

RECORD_GAMES = ("biedan", "dadun")
"""Games whose replay questions are generated here (Huolong's records are checked by its scenarios and verify)."""

MAX_SEED = (1 << 31) - 1


def replay_strategy(game: games.Game, rules: Any) -> st.SearchStrategy[dict[str, Any]] | None:
    """A strategy of ``{"record": …}`` givens for ``game`` played by ``rules``, or None when the game has no match
    state or bots."""
    state, bots = game.facet("state"), game.facet("bots")
    if game.id not in RECORD_GAMES or state is None or bots is None or "random" not in getattr(bots, "BOTS", {}):
        return None
    played = _player(state, bots.BOTS["random"], rules)

    @st.composite
    def given(draw: Callable[..., Any]) -> dict[str, Any]:
        record = played(draw(st.integers(0, MAX_SEED)), draw(st.integers(1, 2)))
        hand = record["hands"][-1]
        cut = draw(st.integers(0, 5))
        actions = hand["actions"]
        if cut == 4 and actions:  # the record stops before the hand is over
            hand["actions"] = actions[: draw(st.integers(0, len(actions) - 1))]
        elif cut == 5 and actions:  # one action left out
            drop = draw(st.integers(0, len(actions) - 1))
            hand["actions"] = actions[:drop] + actions[drop + 1:]
        return {"record": record}
    return given()


def round_strategy(game: games.Game, rules: Any, ask: Callable[[dict[str, Any]], dict[str, Any]]
                   ) -> st.SearchStrategy[dict[str, Any]] | None:
    """A strategy of ``round`` givens for ``game`` played by ``rules`` (``ask(given)``: the reference's ``round``, used
    only to find where a round ends), or None when the game has no match state or bots."""
    state, bots = game.facet("state"), game.facet("bots")
    if game.id not in RECORD_GAMES or state is None or bots is None or "random" not in getattr(bots, "BOTS", {}):
        return None
    played = _player(state, bots.BOTS["random"], rules)

    @st.composite
    def given(draw: Callable[..., Any]) -> dict[str, Any]:
        hand = played(draw(st.integers(0, MAX_SEED)), 1)["hands"][0]
        rounds = _rounds(game.id, hand, rules.players, ask)
        if not rounds:
            return {"hand_sizes": [1] * rules.players, "leader": 0, "actions": []}
        question = rounds[draw(st.integers(0, len(rounds) - 1))]
        cut = draw(st.integers(0, len(question["actions"])))
        return {**question, "actions": question["actions"][:cut] if cut else question["actions"]}
    return given()


def _out_at_end(game: str, result: dict[str, Any]) -> list[int]:
    """The seats out when the hand ended, in order, from a hand record's ``result``."""
    if game == "biedan":
        return [result["places"]["first"], result["places"]["second"]]
    return list(result.get("finish", []))


def _rounds(game: str, hand: dict[str, Any], players: int, ask: Callable[[dict[str, Any]], dict[str, Any]]
            ) -> list[dict[str, Any]]:
    """Every round of a played hand as a whole ``round`` given."""
    moves = [{k: v for k, v in a.items()} for a in hand["actions"] if a["type"] in ("play", "pass")]
    out_end = _out_at_end(game, hand.get("result") or {})
    left = [sum(len(a["cards"]) for a in moves if a["type"] == "play" and a["seat"] == s) + (s not in out_end)
            for s in range(players)]
    rounds, start, out = [], 0, []
    while start < len(moves):
        base = {"hand_sizes": list(left), "leader": moves[start]["seat"]}
        if game == "dadun":
            base.update(level=hand["level"], out=list(out), hand_opening=not rounds)
        end = start + 1
        while True:
            try:
                answer = ask({**base, "actions": moves[start:end]})
            except ValueError:
                return rounds  # a hand the round operation reads otherwise: keep the rounds so far
            if answer["over"] or end == len(moves):
                break
            end += 1
        rounds.append({**base, "actions": moves[start:end]})
        for action in moves[start:end]:
            if action["type"] == "play":
                left[action["seat"]] -= len(action["cards"])
        out = [s for s in out_end if left[s] == 0]
        if answer.get("hand_over"):
            break
        start = end
    return rounds


def _player(state: Any, bot: Callable[[random.Random], Any], rules: Any) -> Callable[[int, int], dict[str, Any]]:
    """``play(seed, hands) -> match record`` (a fresh copy each call; the games are cached)."""

    @lru_cache(maxsize=256)
    def play(seed: int, hands: int) -> str:
        match = state.Match(rules, seed, max_hands=hands)
        rng = random.Random(seed)
        try:
            match.play([bot(rng) for _ in range(rules.players)], hands=hands)
        except state.MatchError:
            pass  # the match ended earlier (a hand cap): its record is still a record
        return records.dumps(records.match_record(match))

    return lambda seed, hands: json.loads(play(seed, hands))


def played_match(game: games.Game, rules: Any, seed: int, hands: int) -> dict[str, Any] | None:
    """The record of a match of at most ``hands`` hands that ``game``'s random bots play under ``rules`` from
    ``seed`` (it ends earlier when the rules end it: a target tally reached), or None when the game's records are
    not generated here (:data:`RECORD_GAMES`). For the derived checks of a house variant's match rules
    (:mod:`datong_rules.conformance.derived`)."""
    state, bots = game.facet("state"), game.facet("bots")
    if game.id not in RECORD_GAMES or state is None or bots is None or "random" not in getattr(bots, "BOTS", {}):
        return None
    return _player(state, bots.BOTS["random"], rules)(seed, hands)
