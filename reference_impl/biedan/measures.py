"""What ``datong-rules simulate`` measures in a 憋蛋 Biedan hand and match (shape:
:class:`datong_rules.reference_impl.measures.GameMeasures`).

The hand's natural winner is the **player who goes out first** (first place); the banker's side is the banker alone,
who keeps the bank by going out first (``banker.keep_when``), and who may be stuck with the egg as third.

Rules fired (:func:`rules_fired`), each only when it decided something in the hand:

* ``banker.first``: the banker of this hand was chosen by holding the card of ``banker.first`` (a session's first
  hand).
* ``banker.keep_when``: the banker went out first and keeps the bank.
* ``banker.next_when_lost``: the banker did not go out first, so the rule chose the next banker.
* ``combinations.catalogue[<name>]`` for a combination above the ordinary tier (``bomb``, ``rocket`` …): a play of it
  was made (the id is the rule ``combinations.catalogue`` and the catalogue entry's name in brackets).
* ``beating.bombs_beat_ordinary``: a bomb beat an ordinary play that stood.
* ``beating.rocket_beats_all``: a rocket (the top tier) beat a play that stood.
* ``play.leader_out``: a round ended on the last play of a player who was out by it, so the next player still
  holding cards led (the wind).
* ``exchange.timing``: the exchange moved cards between players in this hand.
* ``egg.count``: the egg went to a player in the exchange (the third takes the egg).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
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

PRIMARY = {"hand": "banker_side_won", "match": "match_starter_won"}
"""Who wins, the measure ``datong-rules simulate`` judges a comparison by unless the keeper names another: per hand
whether the banker goes out first, per match whether the first hand's side wins the match."""


@dataclass(frozen=True)
class Digest:
    """What the measures read from a finished hand, gathered in one pass over its plays and passes.

    Attributes:
        actions: plays and passes; rounds: rounds played (the one the hand ended in included); wind: some round's
        next leader was given by ``play.leader_out``; played: the names of the combinations above the ordinary tier
        that were played (bombs, the rocket); bomb_over_ordinary: a
        bomb beat an ordinary play; top_over_any: a play of the top tier (the rocket) beat a play that stood.
    """

    actions: int
    rounds: int
    wind: bool
    played: frozenset[str]
    bomb_over_ordinary: bool
    top_over_any: bool


@lru_cache(maxsize=4096)
def _reading(t: Any, cards: tuple[str, ...]) -> Any:
    return readings(t, list(cards))[0]


def _gone_at(actions: Sequence[dict], out: Sequence[int]) -> dict[int, int]:
    """The index of the play that emptied a seat's hand (its last play) → that seat, for the seats that went out
    (read from the end: they went out late in the hand)."""
    found: dict[int, int] = {}
    left = set(out)
    for i in range(len(actions) - 1, -1, -1):
        if not left:
            break
        action = actions[i]
        if action["seat"] in left and action["type"] == "play":
            left.discard(action["seat"])
            found[i] = action["seat"]
    return found


_MEMO: list[Any] = [None, None]  # the last state digested and its Digest (observe_hand and rules_fired share it)


def digest(state: Any) -> Digest:
    """The :class:`Digest` of the finished hand ``state``: its plays and passes replayed on the round machine
    (:class:`..climbing.round_state.Round`, so ``play.*`` house rules count rounds as the engine plays them)."""
    if _MEMO[0] is state:
        return _MEMO[1]
    actions = [a for a in state.actions if a["type"] in ("play", "pass")]
    gone = _gone_at(actions, state.out)
    end = len(actions) - 1
    holding = [True] * PLAYERS
    machine, rounds, wind, standing = Round(state.rules.round), 1, False, None
    played, beats = set(), set()
    for i, action in enumerate(actions):
        seat = action["seat"]
        if action["type"] == "pass":
            machine.pass_(seat)
        else:
            reading = _reading(state.t, tuple(action["cards"]))
            if reading.tier != "ordinary":
                played.add(reading.combination)
            if standing is not None:
                beats.add((standing.tier, reading.tier))
            standing = reading
            machine.play(seat)
            if i in gone:
                holding[gone[i]] = False
        if i < end and machine.next_to_act(seat, holding) is None:
            wind = wind or not holding[machine.last]
            machine.end(holding)
            rounds, standing = rounds + 1, None
    found = Digest(len(actions), rounds, wind, frozenset(played), ("ordinary", "bomb") in beats,
                   any(beaten == "top" for _, beaten in beats))
    _MEMO[0], _MEMO[1] = state, found
    return found


def observe_hand(state: Any) -> dict[str, float]:
    """Measure id → value for one finished hand (a ``biedan.state.HandState`` in phase ``over``)."""
    places, banker = state.places, state.banker
    seen = digest(state)
    out = {"banker_side_won": float(places["first"] == banker),
           "banker_third": float(places["third"] == banker),
           "hand_actions": float(seen.actions),
           "hand_rounds": float(seen.rounds),
           "points_banker": float(score(state.rules, places)[banker]),
           "bomb_played": float(bool(seen.played)),
           "exchange_cards": float(sum(len(m["cards"]) for m in state.moves))}
    for seat in range(PLAYERS):
        out[f"seat_won_{seat}"] = float(places["first"] == seat)
    return out


def rules_fired(state: Any) -> frozenset[str]:
    """The rule ids that decided something in the finished hand ``state`` (definitions in the module doc)."""
    fired = set()
    seen = digest(state)
    if state.banker_by_card:
        fired.add("banker.first")
    fired.add("banker.keep_when" if state.places["first"] == state.banker else "banker.next_when_lost")
    fired.update(f"combinations.catalogue[{name}]" for name in seen.played)
    if seen.bomb_over_ordinary:
        fired.add("beating.bombs_beat_ordinary")
    if seen.top_over_any:
        fired.add("beating.rocket_beats_all")
    if seen.wind:
        fired.add("play.leader_out")
    if state.moves:
        fired.add("exchange.timing")
    if any(m["from"] is None for m in state.moves):
        fired.add("egg.count")
    return frozenset(fired)


def observe_match(hands: Sequence[Any]) -> dict[str, float]:
    """Measure id → value for one session from its finished hands in order: ``match_hands``, and who has the most
    points over the session (``match.score``): seats level on the highest tally share the win, each counted as a
    winner."""
    out: dict[str, float] = {"match_hands": float(len(hands))}
    if not hands:
        return out
    totals = [0] * PLAYERS
    for hand in hands:
        for seat, points in enumerate(score(hand.rules, hand.places)):
            totals[seat] += points
    best = max(totals)
    out["match_starter_won"] = float(totals[hands[0].banker] == best)
    for seat in range(PLAYERS):
        out[f"match_seat_won_{seat}"] = float(totals[seat] == best)
    return out
