"""The narrated sample hand of the Biedan rulebook: one hand of a reference-engine game, replayed action by
action, as the data a narrator needs (the layout is ``datong_rules.rulebook.sample_climbing``)."""

from __future__ import annotations

import random
from typing import Any

from .bots import BOTS
from .combinations import classify
from .state import HandState, Match
from .rules import rules_for


def replay_sample(variant_id: str, *, seed: int, hand: int, bots: str) -> dict[str, Any] | None:
    """Play ``variant_id`` as ``datong-rules play <variant> --seed <seed> --bots <bots>`` does and narrate hand
    number ``hand`` (from 1).

    Returns:
        ``None`` when the session has fewer hands; else ``{"kind": "climbing", "game": "biedan", "seed", "bots",
        "hand_number", "banker", "banker_by_card", "first_drawer", "hands": [cards dealt to each seat], "egg",
        "rounds": [{"number", "plays": [{"seat", "cards" (None: a pass), "out", "combination", "tier"}], "taker",
        "next_leader" (None when the hand ended), "wind", "last"}], "places": {first, second, third},
        "banker_kept", "next_banker", "moves": [{step, from, to, cards}]}``.
    """
    rules = rules_for(variant_id)
    match = Match(rules, seed)
    rng = random.Random(seed)
    match.play([BOTS[bots](rng) for _ in range(3)], hands=hand)
    if len(match.states) < hand:
        return None
    state = match.states[hand - 1]
    replay = HandState(rules, state.pack, banker=None if state.banker_by_card else state.banker,
                       previous=state.previous)
    dealt = [replay.cards_of(seat) for seat in range(3)]
    rounds: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    for action in state.actions:
        kind, seat = action["type"], action["seat"]
        if kind not in ("play", "pass"):
            replay.apply(action, validate=False)
            continue
        out_before, phase = len(replay.out), replay.phase
        replay.apply(action, validate=False)
        entry: dict[str, Any] = {"seat": seat, "cards": None, "out": len(replay.out) > out_before}
        if kind == "play":
            reading = classify(replay.t, action["cards"])
            entry.update(cards=list(action["cards"]), combination=reading.name if reading else None,
                         tier=reading.tier if reading else None)
        plays.append(entry)
        if replay.table is None or replay.phase != phase:
            taker = next(p["seat"] for p in reversed(plays) if p["cards"] is not None)
            over = replay.phase != "play"
            rounds.append({"number": len(rounds) + 1, "plays": plays, "taker": taker,
                           "next_leader": None if over else replay.turn,
                           "wind": not over and replay.turn != taker, "last": over})
            plays = []
    result = state.settlement()
    return {"kind": "climbing", "game": "biedan", "seed": seed, "bots": bots, "hand_number": hand,
            "banker": state.banker, "banker_by_card": state.banker_by_card, "first_drawer": state.first_drawer,
            "hands": dealt, "egg": list(state.egg), "rounds": rounds, "places": dict(result["places"]),
            "banker_kept": result["banker_kept"], "next_banker": result["next_banker"],
            "moves": [dict(m) for m in result["moves"]]}
