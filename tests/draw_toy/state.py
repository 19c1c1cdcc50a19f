"""The draw toy's hand and match, shaped as the kit's state API (``Match.play`` is the kit's match loop)."""

from __future__ import annotations

import random

from datong_rules.reference_impl.bots import play_match
from datong_rules.reference_impl.state_api import IllegalAction, MatchError

__all__ = ["HandState", "Match", "MatchError", "new_hand"]


class HandState:
    """One hand: the shuffled pack; seat 0 then seat 1 draw its top card; ``cards[seat]`` is what each drew."""

    def __init__(self, rules, pack: list[int]) -> None:
        self.rules, self.pack, self.cards = rules, pack, [None, None]

    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.cards.index(None)

    def legal_actions(self) -> list[dict]:
        return [] if self.is_terminal() else [{"type": "draw", "seat": self.current_player()}]

    def apply(self, action: dict) -> None:
        if action != {"type": "draw", "seat": self.current_player()}:
            raise IllegalAction("out_of_turn", action.get("seat"), action)
        self.cards[action["seat"]] = self.pack.pop()

    def is_terminal(self) -> bool:
        return None not in self.cards

    def winner(self) -> int | None:
        """The seat with the higher card, None for equal cards."""
        a, b = self.cards
        return None if a == b else (0 if a > b else 1)


def new_hand(rules, rng: random.Random) -> HandState:
    pack = list(rules.pack)
    rng.shuffle(pack)
    return HandState(rules, pack)


class Match:
    """Hands until a seat has won ``rules.target`` of them."""

    def __init__(self, rules, seed: int | None = None, *, max_hands: int = 500) -> None:
        self.rules, self.rng, self.max_hands = rules, random.Random(seed), max_hands
        self.hands: list[HandState] = []
        self.wins = [0, 0]

    @property
    def over(self) -> bool:
        return max(self.wins) >= self.rules.target

    def new_hand(self) -> HandState:
        if len(self.hands) >= self.max_hands:
            raise MatchError(f"no winner after {self.max_hands} hands")
        return new_hand(self.rules, self.rng)

    def finish_hand(self, state: HandState) -> None:
        self.hands.append(state)
        if state.winner() is not None:
            self.wins[state.winner()] += 1

    def play(self, bots, hands: int | None = None, on_hand=None) -> None:
        play_match(self, bots, hands, on_hand)
