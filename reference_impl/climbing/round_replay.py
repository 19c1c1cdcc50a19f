"""Replaying one round of a climbing game on card counts: the ``round`` operation that 憋蛋 Biedan and 打墩 Dadun
share (docs/implementers/biedan-operations.md, dadun-operations.md).

The round starts with a lead and goes on in play order until every other seat still holding cards has passed
(``play.round_end: all_others_passed``) or the hand ends (``hand_end.when``). The game reads each play (its cards,
its reading, whether it beats the table); this module keeps the turn and who is out, the round machine
(:class:`.round_state.Round`) the passes, the lock-outs (``play.pass_locks_out``) and who leads next.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .round_state import Round
from .seats import RoundRules

ReadPlay = Callable[[str, int, dict, Any], tuple[Any, list[str]]]
"""``read_play(where, seat, action, table) -> (reading, cards)``: the game reads a play action against the reading
on the table (None when leading) and raises ``ValueError`` (one line starting with ``where``) for a play that is
no combination or does not beat the table."""


@dataclass
class RoundResult:
    """Where a replayed round stands.

    Attributes: over (the round ended), hand_over (the hand ended with it), to_act (None when over), table (the
    reading to beat, None when over or before the lead), table_cards (its cards), last (the seat of the last play,
    None before the lead), next_leader (after a round that ended without ending the hand), wind (that leader takes
    the wind), out (the seats out, in order, after those given), played (every card played, in order).
    """

    over: bool = False
    hand_over: bool = False
    to_act: int | None = None
    table: Any = None
    table_cards: list[str] = field(default_factory=list)
    last: int | None = None
    next_leader: int | None = None
    wind: bool = False
    out: list[int] = field(default_factory=list)
    played: list[str] = field(default_factory=list)


def _seat(value: Any, where: str, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError(f"{where}: expected a seat 0-{players - 1}, found {value!r}")
    return value


def replay_round(rules: RoundRules, sizes: Sequence[int], leader: int, actions: Any, read_play: ReadPlay, *,
                 out: Sequence[int] = ()) -> RoundResult:
    """Replay ``actions`` (``{type: play|pass, seat, cards, …}``) from ``leader``'s lead.

    Args:
        sizes: cards held by each seat before the lead (one entry a seat); out: the seats already out, in order.

    Raises:
        ValueError: one line ``given.actions[i]: …``: not a list, an action that is no play or pass, a seat out of
            turn, a pass by the leader, a play of more cards than the seat holds, an action after the end, or what
            ``read_play`` raises.
    """
    if not isinstance(actions, list):
        raise ValueError("given.actions: expected a list")
    sizes = list(sizes)
    players = len(sizes)
    result = RoundResult(to_act=leader, out=list(out))
    state = Round(rules)
    for i, action in enumerate(actions):
        where = f"given.actions[{i}]"
        if result.over:
            raise ValueError(f"{where}: the round is already over")
        if not isinstance(action, dict) or action.get("type") not in ("play", "pass"):
            raise ValueError(f"{where}: expected {{type: play|pass, seat, cards}}")
        seat = _seat(action.get("seat"), f"{where}.seat", players)
        if seat != result.to_act:
            raise ValueError(f"{where}: seat {seat} is not to act (seat {result.to_act} is)")
        if action["type"] == "pass":
            if result.table is None:
                raise ValueError(f"{where}: the leader cannot pass")
            state.pass_(seat)
        else:
            reading, cards = read_play(where, seat, action, result.table)
            if len(cards) > sizes[seat]:
                raise ValueError(f"{where}: seat {seat} holds only {sizes[seat]} cards")
            sizes[seat] -= len(cards)
            result.played += cards
            result.table, result.table_cards, result.last = reading, list(cards), seat
            state.play(seat)
            if not sizes[seat]:
                result.out.append(seat)
                if state.hand_over(result.out, sizes):
                    result.over = result.hand_over = True
                    result.to_act = None
                    continue
        result.to_act = state.next_to_act(seat, sizes)
        if result.to_act is None:
            result.over = True
            result.next_leader, result.wind = state.end(sizes)
    return result
