"""What ``datong-rules simulate`` measures in a 憋蛋 Biedan hand and match (shape:
:class:`datong_rules.reference_impl.measures.GameMeasures`).

The hand's natural winner is the **player who goes out first** (first place); the banker's side is the banker alone,
who keeps the bank by going out first (``banker.keep_when``), and who may be stuck with the egg as third.

Rules fired (:func:`rules_fired`), each only when it decided something in the hand:

* ``banker.first``: the banker of this hand was chosen by holding the card of ``banker.first`` (a session's first
  hand).
* ``banker.keep_when``: the banker went out first and keeps the bank.
* ``banker.next_when_lost``: the banker did not go out first, so the rule chose the next banker.
* ``combinations.catalogue[bomb]``, ``combinations.catalogue[rocket]``: a play of that combination was made (the id
  is the rule ``combinations.catalogue`` and the catalogue entry's name in brackets).
* ``beating.bombs_beat_ordinary``: a bomb beat an ordinary play that stood.
* ``beating.rocket_beats_all``: a rocket beat a bomb that stood.
* ``play.leader_out``: a round ended on the last play of a player who was out by it, so the next player still
  holding cards led (the wind).
* ``exchange.timing``: the exchange moved cards between players in this hand.
* ``egg.count``: the egg went to a player in the exchange (the third takes the egg).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..climbing.round_state import Round
from ..measures import Measure
from .combinations import readings
from .state import PLAYERS, score

MEASURES: tuple[Measure, ...] = (
    Measure("banker_side_won", "rate", "hand", "The banker goes out first (keeps the bank)", "庄家头游（保庄）"),
    Measure("banker_third", "rate", "hand", "The banker is left holding cards (third, takes the egg)",
            "庄家末游（拿蛋）"),
    *(Measure(f"seat_won_{s}", "rate", "hand", f"Seat {s} goes out first", f"{s}号座位头游") for s in range(PLAYERS)),
    Measure("hand_actions", "mean", "hand", "Hand length in actions (plays and passes)", "每局动作数（出牌和不要）",
            "actions", "个动作"),
    Measure("hand_rounds", "mean", "hand", "Hand length in rounds", "每局圈数", "rounds", "圈"),
    Measure("points_banker", "mean", "hand", "The banker's match points from the hand", "庄家这一局得的分", "points",
            "分"),
    Measure("bomb_played", "rate", "hand", "A bomb or rocket is played", "打出炸弹或王炸"),
    Measure("exchange_cards", "mean", "hand", "Cards moved in the exchange", "换牌张数", "cards", "张",
            rule="exchange.timing"),
    Measure("match_hands", "mean", "match", "Hands per session", "每场局数", "hands", "局"),
    Measure("match_starter_won", "rate", "match", "The first banker has the most points", "第一局庄家总分最高"),
    *(Measure(f"match_seat_won_{s}", "rate", "match", f"Seat {s} has the most points", f"{s}号座位总分最高")
      for s in range(PLAYERS)),
)
"""The measures of a Biedan hand and session (ids as in the module doc)."""


def _play_actions(state: Any) -> list[dict]:
    return [a for a in state.actions if a["type"] in ("play", "pass")]


def _rounds(state: Any) -> Iterator[tuple[list[dict], bool]]:
    """Each round's actions with whether the next round's leader was given by the wind (``play.leader_out``),
    replayed on the round machine; the last round (the one the hand ended in) with False."""
    actions = _play_actions(state)
    gone = {seat: max(i for i, a in enumerate(actions) if a["type"] == "play" and a["seat"] == seat)
            for seat in state.out}
    holding = [True] * PLAYERS
    machine, current = Round(state.rules.round), []
    for i, action in enumerate(actions):
        seat = action["seat"]
        current.append(action)
        if action["type"] == "pass":
            machine.pass_(seat)
        else:
            machine.play(seat)
            holding[seat] = gone.get(seat) != i and holding[seat]
            if machine.hand_over([s for s in state.out if gone[s] <= i], holding):
                break
        if machine.next_to_act(seat, holding) is None:
            wind = not holding[machine.last]
            machine.end(holding)
            yield current, wind
            current = []
    yield current, False


def _readings(state: Any) -> Iterator[tuple[Any, Any]]:
    """(reading of each play, reading of the play it answered or None)."""
    for actions, _ in _rounds(state):
        standing = None
        for action in actions:
            if action["type"] == "play":
                reading = readings(state.t, list(action["cards"]))[0]
                yield reading, standing
                standing = reading


def observe_hand(state: Any) -> dict[str, float]:
    """Measure id → value for one finished hand (a ``biedan.state.HandState`` in phase ``over``)."""
    places, banker = state.places, state.banker
    plays = list(_readings(state))
    out = {"banker_side_won": float(places["first"] == banker),
           "banker_third": float(places["third"] == banker),
           "hand_actions": float(len(_play_actions(state))),
           "hand_rounds": float(sum(1 for _ in _rounds(state))),
           "points_banker": float(score(state.rules, places)[banker]),
           "bomb_played": float(any(r.tier != "ordinary" for r, _ in plays)),
           "exchange_cards": float(sum(len(m["cards"]) for m in state.moves))}
    for seat in range(PLAYERS):
        out[f"seat_won_{seat}"] = float(places["first"] == seat)
    return out


def rules_fired(state: Any) -> frozenset[str]:
    """The rule ids that decided something in the finished hand ``state`` (definitions in the module doc)."""
    fired = set()
    if state.banker_by_card:
        fired.add("banker.first")
    fired.add("banker.keep_when" if state.places["first"] == state.banker else "banker.next_when_lost")
    for reading, standing in _readings(state):
        if reading.name in ("bomb", "rocket"):
            fired.add(f"combinations.catalogue[{reading.name}]")
        if standing is not None and reading.tier != "ordinary" and standing.tier == "ordinary":
            fired.add("beating.bombs_beat_ordinary")
        if standing is not None and reading.name == "rocket" and standing.tier == "bomb":
            fired.add("beating.rocket_beats_all")
    if any(wind for _, wind in _rounds(state)):
        fired.add("play.leader_out")
    if state.moves:
        fired.add("exchange.timing")
    if any(m["from"] is None for m in state.moves):
        fired.add("egg.count")
    return frozenset(fired)


def observe_match(hands: Sequence[Any]) -> dict[str, float]:
    """Measure id → value for one session from its finished hands in order: ``match_hands``, and who has the most
    points over the session (``match.score``; no measure when two seats tie for the most)."""
    out: dict[str, float] = {"match_hands": float(len(hands))}
    if not hands:
        return out
    totals = [0] * PLAYERS
    for hand in hands:
        for seat, points in enumerate(score(hand.rules, hand.places)):
            totals[seat] += points
    best = max(totals)
    if totals.count(best) > 1:
        return out
    leader = totals.index(best)
    out["match_starter_won"] = float(hands[0].banker == leader)
    for seat in range(PLAYERS):
        out[f"match_seat_won_{seat}"] = float(seat == leader)
    return out
