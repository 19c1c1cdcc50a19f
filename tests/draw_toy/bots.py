"""The draw toy's one bot: it draws when it is its turn."""

from __future__ import annotations


class DrawBot:
    def __init__(self, rng) -> None:
        self.rng = rng

    def choose(self, state) -> dict:
        return state.legal_actions()[0]


BOTS = {"draw": DrawBot}
