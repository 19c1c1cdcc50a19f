"""打墩 Dadun bots: ``Bot(rng)`` with ``choose(state) -> action``; ``RandomBot`` is :mod:`..climbing.bots`'s."""

from __future__ import annotations

from ..climbing.bots import Bot, RandomBot
from ..climbing.seats import partner_of
from . import combinations as cb
from .state import HandState


class GreedyBot(Bot):
    """Leads its longest play of lowest strength; follows with the weakest play that beats the table, never
    bombing its partner's play; otherwise passes."""

    def choose(self, state: HandState) -> dict:
        """The weakest useful legal action."""
        actions = list(state.legal_actions())
        plays = [a for a in actions if a["type"] == "play"]
        seat = state.current_player()
        if state.table is not None and state.table[2] == partner_of(seat, state.rules.players):
            plays = [a for a in plays if cb.TIER[a["reading"]["combination"]] == 0]
        if not plays:
            return next(a for a in actions if a["type"] == "pass")

        def strength(a: dict) -> tuple:
            reading = cb.Reading(a["reading"]["combination"], tuple(a["reading"]["cards"]))
            return (cb.TIER[reading.combination], -len(a["cards"]) if state.table is None else 0,
                    cb.key(state.rules, reading, state.level, state.table is not None))
        return min(plays, key=strength)


BOTS = {"random": RandomBot, "greedy": GreedyBot}
"""Bot kinds by name."""
