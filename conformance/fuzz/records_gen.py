"""Questions of the ``replay`` operation: game records played by the reference engine's random bots, whole or cut.

A record is a match the game's bots play under the variant's rules (the game's ``state.Match`` and ``bots.BOTS``
facets, the shared ``records.match_record``), from a seed Hypothesis draws; one or two hands, so that what passes
from one hand to the next (the exchange, the banker, the levels) is checked too. Most records are left whole (an
engine must accept them); some are cut (the last hand's actions stop early: the record ends before the hand does)
or lose one action (what follows is out of turn or out of place): an engine must refuse those where the reference
does. Hypothesis shrinks toward seed 0, one hand, no cut.
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
