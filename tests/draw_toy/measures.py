"""The draw toy's measures (:mod:`datong_rules.reference_impl.measures` shape): who won the hand, equal cards,
hands per match, who won the match; the rule ``deal.pack`` "fires" on equal cards."""

from __future__ import annotations

from datong_rules.reference_impl.measures import Measure

MEASURES = (
    Measure("seat_won_0", "rate", "hand", "Seat 0 won the hand", "0 号座位赢得本局"),
    Measure("tie", "rate", "hand", "Equal cards", "牌点相同", rule="deal.pack"),
    Measure("card_0", "mean", "hand", "Seat 0's card", "0 号座位的牌", "points", "点"),
    Measure("match_hands", "mean", "match", "Hands per match", "每场局数", "hands", "局"),
    Measure("match_won_0", "rate", "match", "Seat 0 won the match", "0 号座位赢得比赛"),
)


def observe_hand(state) -> dict[str, float]:
    winner = state.winner()
    return {"seat_won_0": float(winner == 0), "tie": float(winner is None), "card_0": float(state.cards[0])}


def rules_fired(state) -> frozenset[str]:
    return frozenset({"deal.pack"}) if state.winner() is None else frozenset()


def observe_match(hands) -> dict[str, float]:
    wins = [sum(1 for h in hands if h.winner() == seat) for seat in (0, 1)]
    return {"match_hands": float(len(hands)), "match_won_0": float(wins[0] > wins[1])}
