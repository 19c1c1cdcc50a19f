"""A toy game for ``datong-rules simulate`` whose probabilities are worked by hand: two players each draw one card
from a small pack (without putting it back); the higher card wins the hand, equal cards win nobody. A match ends
when a seat has won ``target`` hands.

With the pack 1, 1, 2, 3 (:data:`PACK`) the 12 ordered draws (seat 0's card, seat 1's card) give:

* seat 0 higher in 5 of them (2 over either 1, 3 over either 1, 3 over 2), so seat 0 wins a hand with p = 5/12;
* seat 1 higher in 5 (the same, mirrored): 5/12; equal cards (the two 1s, in either order) in 2: 1/6.

A match to 2 wins: each hand is decisive with probability 5/6, so a decisive hand takes 6/5 hands on average; given
a decisive hand each seat wins it with 1/2, so the match needs 2 decisive hands with probability 1/2 (the same seat
twice) and 3 otherwise: 2.5 decisive hands, 2.5 × 6/5 = 3 hands per match on average; each seat wins the match
with 1/2. The tests check the simulated estimates against these values.

It is not a game of Datong and is registered only for the tests that use it (:func:`entrant`).
"""

from __future__ import annotations

from dataclasses import dataclass

from datong_rules.reference_impl import games
from datong_rules.simulate.shards import Entrant

PACK = (1, 1, 2, 3)
"""The pack of the worked probabilities above."""

P_SEAT0_WINS = 5 / 12
P_TIE = 2 / 12
HANDS_PER_MATCH = 3.0

GAME = games.Game("draw", {"zh": "抽牌玩具", "en": "Draw toy"}, "toy", "draw_toy")
"""The toy's registry entry (package ``draw_toy``: this folder, on the tests' import path)."""


@dataclass(frozen=True)
class DrawRules:
    """The toy's rules: the pack (card values), the wins that end a match, the seats (2)."""

    variant_id: str
    pack: tuple[int, ...]
    target: int = 2
    players: int = 2


def entrant(pack: tuple[int, ...] = PACK, target: int = 2, label: str = "draw/standard") -> Entrant:
    """A simulate entrant of the toy with this pack and match target (its rules also as variant-like data, so
    that the rules that differ between two entrants are listed)."""
    rules = DrawRules(label, tuple(pack), target)
    data = {"deal": {"pack": {"value": list(pack), "text": {"en": "The pack.", "zh": "牌。"}}},
            "match": {"target": {"value": target, "text": {"en": "Wins to end a match.", "zh": "胜局数。"}}}}
    return Entrant(label, label, None, GAME, rules, data)
