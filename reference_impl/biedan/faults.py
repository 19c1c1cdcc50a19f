"""Planted faults of 憋蛋 Biedan for the mutation check: typical mistakes an implementer makes.

Each :class:`~datong_rules.reference_impl.faults.Mutant` plants one fault with a
:class:`~datong_rules.reference_impl.faults.Patcher`: the other value of a rule option played in the bundled variant
(the fault of hard-coding the wrong reading), or a small faulty replacement of an engine function. ``rules`` names
the rule ids the fault breaks: the scenarios that catch it cite one of them.
"""

from __future__ import annotations

from ..faults import Mutant, Patcher, catalogue
from . import state

GUIDE = "biedan/biedan-guide"

MUTANTS: list[Mutant] = []
"""Every mutant, in catalogue order."""

mutant = catalogue(MUTANTS)
"""Decorator: register the decorated ``plant(patcher)`` function as a mutant."""


@mutant("biedan-next-of-last-player", "After a round the next player of the one whose play stood leads, not that "
        "player.", "play.next_leader")
def _next_of_last_player(p: Patcher) -> None:
    p.rules(GUIDE, {"play.next_leader": "next_of_last_player"})


@mutant("biedan-pass-locks-out", "A player who passed must keep passing until the round ends.",
        "play.pass_locks_out")
def _pass_locks_out(p: Patcher) -> None:
    p.rules(GUIDE, {"play.pass_locks_out": True})


@mutant("biedan-bombs-only-beat-bombs", "A bomb beats only a bomb, not an ordinary combination.",
        "beating.bombs_beat_ordinary")
def _bombs_only_beat_bombs(p: Patcher) -> None:
    p.rules(GUIDE, {"beating.bombs_beat_ordinary": False})


@mutant("biedan-bank-to-next-player", "A banker who is not first out passes the bank to the next player, not to "
        "the first out.", "banker.next_when_lost")
def _bank_to_next_player(p: Patcher) -> None:
    p.rules(GUIDE, {"banker.next_when_lost": "banker_next_player"})


@mutant("biedan-first-lead-holds-banker-card", "The banker's first lead must contain the banker card (♥3).",
        "play.first_lead_with_banker_card")
def _first_lead_holds_banker_card(p: Patcher) -> None:
    p.rules(GUIDE, {"play.first_lead_with_banker_card": True})


@mutant("biedan-egg-any-count", "The banker may bury any number of cards as the egg.", "egg.count")
def _egg_any_count(p: Patcher) -> None:
    original = state.egg_reason

    def egg_reason(rules, hand, egg):
        reason = original(rules, hand, egg)
        return None if reason == "wrong_count" else reason

    p.function(state, "egg_reason", egg_reason)
