"""Helpers of the Biedan tests: the variant with some options changed, and a pack that deals given hands."""

from __future__ import annotations

from datong_rules.reference_impl.biedan.rules import BiedanRules, rules_for, rules_with
from datong_rules.reference_impl.cards import ALL_CARDS

GUIDE = "biedan/biedan-guide"

OPTIONS = {
    "play.next_leader": ["last_player", "next_of_last_player"],
    "beating.bombs_beat_ordinary": [True, False],
    "combinations.flush_reach": ["any_ranks", "same_ranks"],
    "exchange.timing": ["end_of_hand", "after_next_deal"],
    "exchange.banker_tribute": ["same_card", "extra_card"],
    "banker.next_when_lost": ["first_out", "banker_next_player"],
    "play.pass_locks_out": [False, True],
    "play.first_lead_with_banker_card": [False, True],
    "players.play_direction": ["counter_clockwise", "clockwise"],
    "play.pass": ["always", "only_when_unable"],
    "match.target": ["none", 1],
    "ranking.sequence_order": [["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
                               ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]],
}
"""Every option the engine plays, with its values (the guide's value first)."""


def with_options(**values) -> BiedanRules:
    """The guide's rules with options changed: ``with_options(play__next_leader="next_of_last_player")``."""
    if not values:
        return rules_for(GUIDE)
    return rules_with(GUIDE, {key.replace("__", "."): value for key, value in values.items()}, "biedan/test-options")


def pack_for(hands: list[list[str]], first_drawer: int = 0) -> list[str]:
    """A dealing order that gives seat s the cards ``hands[s]`` (18 each) when ``first_drawer`` draws first."""
    assert sorted(c for h in hands for c in h) == sorted(ALL_CARDS), "the hands must hold the 54 cards once"
    order = [hands[(first_drawer + k) % 3] for k in range(3)]
    return [order[i % 3][i // 3] for i in range(54)]


def split_rest(fixed: list[list[str]]) -> list[list[str]]:
    """Complete partial hands to 18 cards each with the cards nobody holds yet (in notation order)."""
    used = {c for h in fixed for c in h}
    rest = [c for c in ALL_CARDS if c not in used]
    out = []
    for hand in fixed:
        need = 18 - len(hand)
        out.append(list(hand) + rest[:need])
        rest = rest[need:]
    return out
