"""What the climbing games' bots share: a bot holds its random source and answers ``choose(state) -> action``
(the bot contract of docs/adding-a-game.md); the random bot plays the state's own sampler."""

from __future__ import annotations

import random
from typing import Any


class Bot:
    """A bot: ``Bot(rng)``; subclasses answer :meth:`choose`."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, state: Any) -> dict:
        """The action of ``state``'s current player (subclasses)."""
        raise NotImplementedError


class RandomBot(Bot):
    """A random legal action: the state's own sampler, ``state.random_action(rng)`` (the state API)."""

    def choose(self, state: Any) -> dict:
        """A random legal action of ``state``'s current player."""
        return state.random_action(self.rng)
