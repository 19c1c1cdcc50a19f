"""The ``round`` operation of 打墩 Dadun: one round from its lead, on card counts only (docs/implementers/
dadun-operations.md) [play.*, points.*, hand_end.when]; the turn, passes, wind and end are
:func:`..climbing.round_replay.replay_round`'s."""

from __future__ import annotations

from typing import Any

from ..climbing.cardset import FACES, check_cards
from ..climbing.round_replay import replay_round
from . import combinations as cb
from .play_reading import resolve
from .rules import DadunRules
from .scoring import points_of


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
    if not isinstance(sizes, list) or len(sizes) != rules.players or not all(
            isinstance(n, int) and n >= 0 for n in sizes):
        raise ValueError(f"hand_sizes must be {rules.players} card counts")
    leader = given.get("leader")
    if leader not in range(rules.players) or sizes[leader] == 0:
        raise ValueError(f"leader must be a seat holding cards, got {leader!r}")
    next_was = "hand_opening" if given.get("hand_opening") else "round_opening"
    was = [next_was]  # how the table was played: the lead's opening, then follow

    def read_play(where: str, seat: int, action: dict, table: Any) -> tuple[Any, list[str]]:
        cards = tuple(check_cards(action.get("cards"), f"{where}.cards", rules.decks))
        if not cards:
            raise ValueError(f"{where}: seat {seat} plays no cards")
        reading = resolve(rules, cards, action.get("reading"), level, where)
        if table is not None:
            reason = cb.beats(rules, reading, table, level, was[0])
            if reason:
                raise ValueError(f"{where}: the play does not beat the table ({reason})")
            was[0] = "follow"
        return reading, list(cards)

    done = replay_round(rules.round, sizes, leader, given.get("actions"), read_play, out=list(given.get("out", [])))
    return {"over": done.over, "hand_over": done.hand_over, "to_act": done.to_act,
            "table": None if done.over or done.table is None else {"cards": done.table_cards,
                                                                   "reading": cb.reading_dict(done.table)},
            "last_player": done.last, "next_leader": done.next_leader, "wind": done.wind,
            "points": points_of(rules, done.played), "out": done.out}
