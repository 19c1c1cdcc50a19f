"""What ``datong-rules simulate`` measures in a 攉龙 Huolong hand and match (shape:
:class:`datong_rules.reference_impl.measures.GameMeasures`).

The hand's natural winner is the **banker team when it keeps the bank** (坐庄): the settlement row applied keeps the
banker on the banker team (``banker: keep``) or makes the banker team win the match outright (打通). Otherwise the
attackers won the hand (they take over, or win the match).

Rules fired (:func:`rules_fired`), each only when it decided something in the hand:

* ``settlement.table[<row name>]``: the row of ``settlement.table`` that applied (every settled hand fires exactly
  one row; its name is the row's ``name``: ``shutout`` is 光头, ``hook_down`` is 钩到底 …). The id is the rule id
  ``settlement.table`` and the row's name in brackets, as a place in the rule.
* ``bottom.dig``: the attackers won the last trick and so dug the bottom.
* ``bottom.multiplier``: the bottom was dug and the attackers gained other than its points (a multiplier other than 1
  met a bottom with points).
* ``star_burial.enabled``: at least one big joker lay in the bottom by star burial (摘星).
* ``star_burial.on_failure``: the team that lost the last trick had big jokers in the bottom (its burial failed;
  the rule decided whether the opponents gain them or they are wasted).
* ``star_burial.levels_per_joker``: big jokers credited to a team gave it levels.
* ``levels.stop_levels``: a team's level moved less than the levels it gained (a stop level held it, or it stood
  on a stop level as attackers).
* ``declaration.nobody_declared``: nobody declared (the bottom fixed the trumps, or the hand is redealt).
* ``declaration.overcall_by``: a show by another seat overcalled an earlier one (two or more seats showed).
* ``stakes.enabled``: the row applied moved stakes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..measures import Measure

PLAYERS = 4

MEASURES: tuple[Measure, ...] = (
    Measure("banker_side_won", "rate", "hand", "Banker team keeps the bank", "庄家一方保庄"),
    *(Measure(f"seat_won_{s}", "rate", "hand", f"Seat {s}'s team won the hand", f"{s}号座位一方赢这一局")
      for s in range(PLAYERS)),
    Measure("banker_seat_0", "rate", "hand", "Seat 0 is the banker", "0号座位当庄家"),
    Measure("hand_actions", "mean", "hand", "Hand length in actions", "每局动作数", "actions", "个动作"),
    Measure("hand_tricks", "mean", "hand", "Hand length in tricks", "每局轮数", "tricks", "轮"),
    Measure("attacker_points", "mean", "hand", "Attackers' points (bottom included)", "闲家得分（含底分）",
            "points", "分"),
    Measure("bottom_dug", "rate", "hand", "Attackers dig the bottom", "闲家挖底", rule="bottom.dig"),
    Measure("stars_buried", "rate", "hand", "Big jokers buried as stars", "有人摘星", rule="star_burial.enabled"),
    Measure("redealt", "rate", "hand", "Hand redealt (nobody declared)", "无人亮主重新发牌",
            rule="declaration.nobody_declared"),
    Measure("match_hands", "mean", "match", "Hands per match", "每场局数", "hands", "局"),
    Measure("match_starter_won", "rate", "match", "The first banker's team wins the match", "第一局庄家一方赢得整场"),
    *(Measure(f"match_seat_won_{s}", "rate", "match", f"Seat {s}'s team wins the match", f"{s}号座位一方赢得整场")
      for s in range(PLAYERS)),
)

"""The measures of a Huolong hand and match (ids as in the module doc)."""

PRIMARY = {"hand": "banker_side_won", "match": "match_starter_won"}
"""Who wins, the measure ``datong-rules simulate`` judges a comparison by unless the keeper names another: per hand
whether the banker's team keeps the bank, per match whether the first hand's side wins the match."""


def _settled(state: Any) -> bool:
    return getattr(state, "phase", None) == "settled"


def banker_team_won(state: Any) -> bool:
    """Whether the banker team won the settled hand ``state`` (a ``huolong.hand.HandState``): it keeps the bank
    (the next banker is of its team) or wins the match with this hand."""
    out = state.outcome
    if out.match_winner is not None:
        return out.match_winner == "banker_team"
    return out.next_banker % 2 == state.banker % 2


def observe_hand(state: Any) -> dict[str, float]:
    """Measure id → value for one finished hand (a settled or redealt ``HandState``). A redealt hand gives only
    ``redealt`` (1); a settled hand gives every hand measure but ``redealt`` is 0."""
    if not _settled(state):
        return {"redealt": 1.0}
    won = banker_team_won(state)
    out = {"banker_side_won": float(won), "redealt": 0.0,
           "banker_seat_0": float(state.banker == 0),
           "hand_actions": float(sum(1 for a in state.actions if a["type"] in ("show", "bury", "load", "play"))),
           "hand_tricks": float(len(state.tricks)),
           "attacker_points": float(state.final_attacker_points),
           "bottom_dug": float(bool(state.bottom_dug)),
           "stars_buried": float(_stars(state)["banker_team"] + _stars(state)["attackers"] > 0)}
    for seat in range(PLAYERS):
        out[f"seat_won_{seat}"] = float(won == (seat % 2 == state.banker % 2))
    return out


def _stars(state: Any) -> dict[str, int]:
    return dict(state.star.stars) if state.star else {"banker_team": 0, "attackers": 0}


def _stopped(state: Any) -> bool:
    """A team's level moved fewer levels than it gained and the team did not win the match (``levels.stop_levels``;
    passing the last level wins it); a team whose level a row's ``set_level`` sets is left out."""
    order, out = state.rules.level_order, state.outcome
    row_sets = _row(state).get("then", {}).get("set_level", {})
    before = {"banker_team": state.team_levels[state.banker % 2],
              "attackers": state.team_levels[(state.banker + 1) % 2]}
    for team, gain in out.level_gain.items():
        if gain <= 0 or team in row_sets:
            continue
        if order.index(out.levels[team]) < order.index(before[team]) + gain and out.match_winner != team:
            return True  # neither moved the whole gain nor passed the last level with it
    return False


def _row(state: Any) -> dict:
    """The ``settlement.table`` row that applied (by name)."""
    return next((row for row in state.rules.settlement_table if row.get("name", "") == state.outcome.row), {})


def _row_fired(state: Any) -> str:
    return f"settlement.table[{state.outcome.row}]"


def rules_fired(state: Any) -> frozenset[str]:
    """The rule ids that decided something in the finished hand ``state`` (definitions in the module doc)."""
    decl = state.declaration
    fired = set()
    if decl is not None and decl.outcome in ("bottom", "redeal"):
        fired.add("declaration.nobody_declared")
    if decl is not None and len({show.seat for show in decl.shows}) > 1:
        fired.add("declaration.overcall_by")
    if not _settled(state):
        return frozenset(fired)
    fired.add(_row_fired(state))
    out, stars = state.outcome, _stars(state)
    if state.bottom_dug:
        fired.add("bottom.dig")
        if state.final_attacker_points - state.attacker_points != state.bottom_points:
            fired.add("bottom.multiplier")
    if stars["banker_team"] + stars["attackers"] > 0:
        fired.add("star_burial.enabled")
        if stars["banker_team" if state.bottom_dug else "attackers"] > 0:
            fired.add("star_burial.on_failure")
        if any(out.level_gain[t] > _row_advance(state, t) for t in out.level_gain):
            fired.add("star_burial.levels_per_joker")
    if _stopped(state):
        fired.add("levels.stop_levels")
    if any(out.stakes.values()):
        fired.add("stakes.enabled")
    return frozenset(fired)


def _row_advance(state: Any, team: str) -> int:
    return _row(state).get("then", {}).get("advance", {}).get(team, 0)


def observe_match(hands: Sequence[Any]) -> dict[str, float]:
    """Measure id → value for one match from its finished hands in order (redealt ones included, not counted):
    ``match_hands`` (settled hands), and when the last hand won the match, who won it: the first banker's team
    (``match_starter_won``) and each seat's team (``match_seat_won_<s>``)."""
    settled = [h for h in hands if _settled(h)]
    out: dict[str, float] = {"match_hands": float(len(settled))}
    last = settled[-1].outcome.match_winner if settled else None
    if last is None:
        return out
    winner = settled[-1].banker % 2 if last == "banker_team" else (settled[-1].banker + 1) % 2
    out["match_starter_won"] = float(settled[0].banker % 2 == winner)
    for seat in range(PLAYERS):
        out[f"match_seat_won_{seat}"] = float(seat % 2 == winner)
    return out
