"""The narrated sample hand of the Dadun rulebook: one hand of a reference-engine game, read off the
finished hand's rounds, as the data a narrator needs (the layout is ``datong_rules.rulebook.sample_climbing``)."""

from __future__ import annotations

import random
from typing import Any

from .bots import BOTS
from .rules import rules_for
from .scoring import points_of
from .state import Match

TIERS = {"straight_flush": "bomb", "bomb": "bomb", "linked_bomb": "bomb", "dun": "dun", "linked_dun": "dun"}
"""Combinations above the ordinary ones (rule combinations.catalogue: tier), for picking the rounds worth a picture."""


def _play(action: dict[str, Any], out: bool) -> dict[str, Any]:
    if action["type"] == "pass":
        return {"seat": action["seat"], "cards": None, "out": False}
    combination = (action.get("reading") or {}).get("combination")
    return {"seat": action["seat"], "cards": list(action["cards"]), "out": out, "combination": combination,
            "tier": TIERS.get(combination or "", "ordinary")}


def replay_sample(variant_id: str, *, seed: int, hand: int, bots: str) -> dict[str, Any] | None:
    """Play ``variant_id`` as ``datong-rules play <variant> --seed <seed> --bots <bots>`` does and narrate hand
    number ``hand`` (from 1).

    Returns:
        ``None`` when the match has fewer hands; else ``{"kind": "climbing", "game": "dadun", "seed", "bots",
        "hand_number", "level", "levels", "cutter", "marked", "first_drawer", "seat_sizes" (cards drawn by each
        seat), "bonus", "rounds":
        [{"number", "plays": [{"seat", "cards" (None: a pass), "out", "combination", "tier"}], "taker", "points",
        "next_leader" (None when the hand ended), "wind", "last"}], "finish" (seats out, in order), "places" (every
        seat in finishing order, the last player last), "captured", "result"}`` (``result``:
        the hand's settlement, as operation ``settle`` answers it).
    """
    rules = rules_for(variant_id)
    match = Match(rules, seed)
    rng = random.Random(seed)
    match.play([BOTS[bots](rng) for _ in range(rules.players)], hands=hand)
    if len(match.hands) < hand:
        return None
    state = match.hands[hand - 1]
    finish_at = {}  # index of the action with which each seat went out
    sizes = [0, 0, 0, 0]
    for i, card in enumerate(state.pack):
        sizes[(state.first_drawer + i) % 4] += 1
    dealt = list(sizes)  # cards drawn by each seat, before the marked card may go to the partner
    if state.bonus.get("transfer"):
        sizes[state.bonus["transfer"]["from"]] -= 1
        sizes[state.bonus["transfer"]["to"]] += 1
    for i, action in enumerate(state.actions):
        if action["type"] == "play":
            sizes[action["seat"]] -= len(action["cards"])
            if sizes[action["seat"]] == 0:
                finish_at[i] = action["seat"]
    rounds: list[dict[str, Any]] = []
    index = 0
    for rnd in state.rounds:
        plays = [_play(a, index + k in finish_at) for k, a in enumerate(rnd["actions"])]
        index += len(rnd["actions"])
        cards = [c for a in rnd["actions"] if a["type"] == "play" for c in a["cards"]]
        rounds.append({"number": len(rounds) + 1, "plays": plays, "taker": rnd["taker"],
                       "points": points_of(rules, cards), "next_leader": rnd["leader"], "wind": rnd["wind"],
                       "last": False})
    tail = state.actions[index:]
    if tail:
        plays = [_play(a, index + k in finish_at) for k, a in enumerate(tail)]
        cards = [c for a in tail if a["type"] == "play" for c in a["cards"]]
        taker = next(p["seat"] for p in reversed(plays) if p["cards"] is not None)
        rounds.append({"number": len(rounds) + 1, "plays": plays, "taker": taker, "points": points_of(rules, cards),
                       "next_leader": None, "wind": False, "last": True})
    elif rounds:
        rounds[-1]["last"] = True
    return {"kind": "climbing", "game": "dadun", "seed": seed, "bots": bots, "hand_number": hand,
            "level": state.level, "levels": list(state.levels), "cutter": state.cutter, "marked": state.marked,
            "first_drawer": state.first_drawer, "seat_sizes": dealt, "bonus": dict(state.bonus),
            "rounds": rounds, "finish": list(state.finish),
            "places": list(state.finish) + [s for s in range(4) if s not in state.finish],
            "captured": list(state.captured),
            "result": dict(state.result or {})}
