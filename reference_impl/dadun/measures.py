"""What ``datong-rules simulate`` measures in a 打墩 Dadun hand and match (shape:
:class:`datong_rules.reference_impl.measures.GameMeasures`).

The hand's natural winner is the **team the settlement names** (``winner``: the partners who went out first and
second, or the side the thresholds give, rules ``settlement.*``). Dadun has no banker; the side measured against it
is the team of the player who **went out first** (``first_out_team_won``) and the team of the player who **led the
hand** (made its first play: the marked card's holder, or the seat a tribute names; ``leader_team_won``).

Rules fired (:func:`rules_fired`), each only when it decided something in the hand:

* ``settlement.partners_first_second``: partners went out first and second (1+2), which ends and settles the hand.
* ``settlement.thresholds``: three players went out, so the sides' points against the thresholds chose the winner.
* ``merging.stages``: the hand ended 14+23 with staged merging and the first-out's partner had captured points
  before going out (those points were merged into the first side's score).
* ``settlement.levels``: the winners gained other than ``settlement.levels.winners`` levels (the losers' score was
  under the line) or the losers went down.
* ``marked_card.bonus_all_three`` / ``marked_card.bonus_partner_pair``: the marked-card bonus was earned that way.
* ``play.wind``: a round ended with the wind (接风): the partner of the player whose play stood led the next round.
* ``combinations.catalogue[<name>]`` for a combination above the ordinary tier (``bomb``, ``linked_bomb``, ``dun``,
  ``linked_dun`` …): a play of it was made (the id is the rule ``combinations.catalogue`` and the catalogue entry's
  name in brackets).
* ``beating.bombs_beat_ordinary``: a play of the bomb tier or above beat an ordinary play that stood.
* ``wild.cards``: a play used the wild card (the level card of the wild suit) standing for another card.
* ``settlement.tribute``: the hand began with a tribute phase (cards given and returned, or the tribute resisted).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..measures import Measure
from .combinations import TIER

PLAYERS = 4

MEASURES: tuple[Measure, ...] = (
    Measure("first_out_team_won", "rate", "hand", "The first player out's team wins the hand", "头游一方赢这一局"),
    Measure("leader_team_won", "rate", "hand", "The first leader's team wins the hand", "首家一方赢这一局"),
    *(Measure(f"seat_won_{s}", "rate", "hand", f"Seat {s}'s team wins the hand", f"{s}号座位一方赢这一局")
      for s in range(PLAYERS)),
    Measure("hand_actions", "mean", "hand", "Hand length in actions (plays and passes)", "每局动作数（出牌和不要）",
            "actions", "个动作"),
    Measure("hand_rounds", "mean", "hand", "Hand length in rounds", "每局圈数", "rounds", "圈"),
    Measure("points_winners", "mean", "hand", "Points captured by the winning team", "赢家一方抓的分", "points",
            "分"),
    Measure("partners_first_second", "rate", "hand", "Partners go out first and second (1+2)", "对家头游二游（1+2）",
            rule="settlement.partners_first_second"),
    Measure("bomb_played", "rate", "hand", "A bomb, linked bomb or dun is played", "打出炸弹、连炸或墩"),
    Measure("wind_taken", "rate", "hand", "The wind is taken (接风)", "有人接风", rule="play.wind"),
    Measure("wild_used", "rate", "hand", "A wild card stands for another card", "用了百搭牌", rule="wild.cards"),
    Measure("tribute_given", "rate", "hand", "A tribute is given before play (进贡)", "开打前有人进贡",
            rule="settlement.tribute"),
    Measure("match_hands", "mean", "match", "Hands per match", "每场局数", "hands", "局"),
    Measure("match_starter_won", "rate", "match", "The first hand's leader's team wins the match",
            "第一局首家一方赢得整场"),
    *(Measure(f"match_seat_won_{s}", "rate", "match", f"Seat {s}'s team wins the match", f"{s}号座位一方赢得整场")
      for s in range(PLAYERS)),
)

"""The measures of a Dadun hand and match (ids as in the module doc)."""

PRIMARY = {"hand": "leader_team_won", "match": "match_starter_won"}
"""Who wins, the measure ``datong-rules simulate`` judges a comparison by unless the keeper names another: per hand
whether the first leader's team wins the hand, per match whether the first hand's side wins the match."""


def _play_actions(state: Any) -> list[dict]:
    """The plays and passes of the hand (a tribute's gives left out)."""
    return [a for a in state.actions if a["type"] in ("play", "pass")]


def _rounds(state: Any) -> Iterator[list[dict]]:
    """The actions of each round of the hand, the last (unfinished when the hand ended) included."""
    done = 0
    for entry in state.rounds:
        done += len(entry["actions"])
        yield entry["actions"]
    rest = _play_actions(state)[done:]
    if rest:
        yield rest


def _plays(state: Any) -> Iterator[tuple[dict, dict | None]]:
    """Every play of the hand with the play it answered (None for a lead)."""
    for actions in _rounds(state):
        standing = None
        for action in actions:
            if action["type"] == "play":
                yield action, standing
                standing = action


def _above_ordinary(play: dict) -> bool:
    """A play of the bomb ladder or above (its combination's tier in the catalogue, ``combinations.catalogue``)."""
    return TIER.get(play["reading"]["combination"], 0) > 0


def _leader(state: Any) -> int:
    """The seat that led the hand's first round (the marked card's holder, or after a tribute the seat the tribute
    rules name)."""
    return _play_actions(state)[0]["seat"]


def _uses_wild(state: Any, play: dict) -> bool:
    stands = play["reading"]["cards"]
    return any(card == state.wild and stood != card for card, stood in zip(play["cards"], stands, strict=False))


def observe_hand(state: Any) -> dict[str, float]:
    """Measure id → value for one finished hand (a ``dadun.state.HandState`` with its ``result``)."""
    result = state.result
    winner = result["winner"]
    plays = list(_plays(state))
    out = {"first_out_team_won": float(state.finish[0] % 2 == winner),
           "leader_team_won": float(_leader(state) % 2 == winner),
           "hand_actions": float(len(_play_actions(state))),
           "hand_rounds": float(sum(1 for _ in _rounds(state))),
           "points_winners": float(sum(result["captured"][s] for s in range(PLAYERS) if s % 2 == winner)),
           "partners_first_second": float(result["pattern"] == "1+2"),
           "bomb_played": float(any(_above_ordinary(p) for p, _ in plays)),
           "wind_taken": float(any(entry["wind"] for entry in state.rounds)),
           "wild_used": float(any(_uses_wild(state, p) for p, _ in plays)),
           "tribute_given": float(bool(_tribute(state) and _tribute(state)["given"]))}
    for seat in range(PLAYERS):
        out[f"seat_won_{seat}"] = float(seat % 2 == winner)
    return out


def _tribute(state: Any) -> dict | None:
    """The hand's tribute phase ``{givers, receivers, resisted, given}``, or None (no tribute in this hand)."""
    return getattr(state, "tribute", None)


def _settlement_fired(state: Any) -> set[str]:
    rules, result = state.rules, state.result
    if result["pattern"] == "1+2":
        return {"settlement.partners_first_second"}
    fired = {"settlement.thresholds"}
    if result["pattern"] == "14+23" and rules.merging == "staged" and state.first_partner_before > 0:
        fired.add("merging.stages")
    lr = rules.levels_rule
    levels_before = [rules.level_order.index(lv) for lv in state.levels]
    levels_after = [rules.level_order.index(lv) for lv in result["levels"]]
    loser = 1 - result["winner"]
    if result["gain"] != lr.get("winners") or levels_after[loser] < levels_before[loser] + result["bonus"][loser]:
        fired.add("settlement.levels")
    return fired


def rules_fired(state: Any) -> frozenset[str]:
    """The rule ids that decided something in the finished hand ``state`` (definitions in the module doc)."""
    fired = _settlement_fired(state)
    bonus = state.bonus
    if bonus["bonus"]:
        fired.add("marked_card.bonus_partner_pair" if bonus["transfer"] else "marked_card.bonus_all_three")
    if any(entry["wind"] for entry in state.rounds):
        fired.add("play.wind")
    if _tribute(state) is not None:
        fired.add("settlement.tribute")
    for play, standing in _plays(state):
        if _above_ordinary(play):
            fired.add(f"combinations.catalogue[{play['reading']['combination']}]")
            if standing is not None and TIER.get(standing["reading"]["combination"], 0) == 0:
                fired.add("beating.bombs_beat_ordinary")
        if _uses_wild(state, play):
            fired.add("wild.cards")
    return frozenset(fired)


def observe_match(hands: Sequence[Any]) -> dict[str, float]:
    """Measure id → value for one match from its finished hands in order: ``match_hands``, and when the last hand
    won the match (``match.end``), whether the first hand's leader's team won it and each seat's team's win."""
    out: dict[str, float] = {"match_hands": float(len(hands))}
    winner = hands[-1].result.get("match_winner") if hands else None
    if winner is None:
        return out
    out["match_starter_won"] = float(_leader(hands[0]) % 2 == winner)
    for seat in range(PLAYERS):
        out[f"match_seat_won_{seat}"] = float(seat % 2 == winner)
    return out

