"""The toy game's bots: ``Bot(rng)`` with ``choose(state) -> action``."""

from __future__ import annotations

import random

from .state import ToyHand


class RandomBot:
    """A random legal action (the state's own sampler)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: ToyHand) -> dict:
        """:meth:`ToyHand.random_action` with the bot's random source."""
        return state.random_action(self.rng)


class GreedyBot:
    """The lowest legal play (a pass only when nothing beats the table); gives away its lowest card."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose(self, state: ToyHand) -> dict:
        """The first play listed (lowest cards first), else the pass or give listed first."""
        actions = list(state.legal_actions())
        plays = [a for a in actions if a["type"] == "play"]
        return plays[0] if plays else actions[0]


BOTS = {"random": RandomBot, "greedy": GreedyBot}
"""Bot kinds by name."""
