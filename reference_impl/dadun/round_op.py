"""The ``round`` operation of 打墩 Dadun: one round from its lead, on card counts only (docs/implementers/
dadun-operations.md) [play.*, points.*, hand_end.when]."""

from __future__ import annotations

from ..climbing.cardset import FACES, check_cards
from . import combinations as cb
from .rules import DadunRules
from .scoring import PARTNER, points_of


def run_round(rules: DadunRules, given: dict) -> dict:
    """Answer of ``round``.

    Raises:
        ValueError: bad input, or an action the rules refuse (out of turn, a pass by the leader, a play that is no
        combination or does not beat the table, more cards than the seat holds, an action after the end).
    """
    level = given.get("level", rules.start_level)
    if level not in FACES:
        raise ValueError(f"level must be a rank 2 … A, got {level!r}")
    sizes = given.get("hand_sizes")
    if not isinstance(sizes, list) or len(sizes) != 4 or not all(isinstance(n, int) and n >= 0 for n in sizes):
        raise ValueError("hand_sizes must be 4 card counts")
    sizes = list(sizes)
    out = list(given.get("out", []))
    leader = given.get("leader")
    if leader not in range(4) or sizes[leader] == 0:
        raise ValueError(f"leader must be a seat holding cards, got {leader!r}")
    table = None  # (Reading, seat)
    table_was = "hand_opening" if given.get("hand_opening") else "round_opening"
    next_was = table_was
    passed: set[int] = set()
    locked: set[int] = set()
    turn: int | None = leader
    points = 0
    over = hand_over = wind = False
    next_leader = last_player = None
    from .ops import resolve

    def active() -> list[int]:
        return [s for s in range(4) if sizes[s] > 0]

    def next_active(seat: int) -> int:
        for step in range(1, 5):
            if sizes[(seat + step) % 4] > 0:
                return (seat + step) % 4
        raise ValueError("nobody left to play")

    actions = given.get("actions")
    if not isinstance(actions, list):
        raise ValueError("actions must be a list")
    for i, action in enumerate(actions):
        if over:
            raise ValueError(f"actions[{i}]: the round is already over")
        if not isinstance(action, dict) or action.get("type") not in ("play", "pass"):
            raise ValueError(f"actions[{i}]: expected {{type: play|pass, seat, …}}")
        seat = action.get("seat")
        if seat != turn:
            raise ValueError(f"actions[{i}]: seat {seat!r} acts out of turn (seat {turn} is to act)")
        if action["type"] == "pass":
            if table is None:
                raise ValueError(f"actions[{i}]: the leader cannot pass")
            passed.add(seat)
            if rules.pass_locks_out:
                locked.add(seat)
        else:
            cards = tuple(check_cards(action.get("cards"), f"actions[{i}].cards", rules.decks))
            if not cards or len(cards) > sizes[seat]:
                raise ValueError(f"actions[{i}]: seat {seat} plays {len(cards)} cards and holds {sizes[seat]}")
            reading = resolve(rules, cards, action.get("reading"), level, f"actions[{i}]")
            if table is not None:
                reason = cb.beats(rules, reading, table[0], level, table_was)
                if reason:
                    raise ValueError(f"actions[{i}]: the play does not beat the table ({reason})")
                table_was = "follow"
            else:
                table_was = next_was
            table = (reading, seat)
            points += points_of(rules, cards)
            sizes[seat] -= len(cards)
            passed = set(locked)
            if sizes[seat] == 0:
                out.append(seat)
                if (len(out) == 2 and PARTNER[out[0]] == out[1]) or len(out) == 3:
                    over = hand_over = True
                    last_player = seat
                    turn = None
                    continue
        last = table[1]
        if set(active()) - {last} <= passed:
            over, last_player, turn = True, last, None
            if sizes[last] > 0:
                next_leader = last
            elif sizes[PARTNER[last]] > 0:
                next_leader, wind = PARTNER[last], True
            else:
                next_leader, wind = next_active(last), True
            continue
        nxt = next_active(seat)
        while nxt in locked and nxt != last:
            nxt = next_active(nxt)
        turn = nxt
    return {"over": over, "hand_over": hand_over, "to_act": turn,
            "table": None if over or table is None else {"cards": list(_cards_of(actions, table[1])),
                                                         "reading": table[0].as_dict()},
            "last_player": last_player if over else (table[1] if table else None),
            "next_leader": next_leader, "wind": wind, "points": points, "out": out}


def _cards_of(actions: list, seat: int) -> list[str]:
    for action in reversed(actions):
        if action.get("type") == "play" and action.get("seat") == seat:
            return list(action["cards"])
    return []
