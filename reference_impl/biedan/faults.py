"""憋蛋 Biedan's planted faults for the mutation check (:mod:`datong_rules.reference_impl.faults`): the other value
of an option the bundled variant plays (:func:`~datong_rules.reference_impl.faults.option_mutants`), and a faulty
egg check. Each names the rule it breaks; scenarios citing that rule catch it."""

from __future__ import annotations

from ..faults import Mutant, Patcher, catalogue, option_mutants
from . import state

GUIDE = "biedan/biedan-guide"

MUTANTS: list[Mutant] = option_mutants(GUIDE, [
    ("biedan-next-of-last-player", "After a round the next player of the one whose play stood leads, not that "
     "player.", "play.next_leader", "next_of_last_player"),
    ("biedan-pass-locks-out", "A player who passed must keep passing until the round ends.", "play.pass_locks_out",
     True),
    ("biedan-bombs-only-beat-bombs", "A bomb beats only a bomb, not an ordinary combination.",
     "beating.bombs_beat_ordinary", False),
    ("biedan-bank-to-next-player", "A banker who is not first out passes the bank to the next player, not to the "
     "first out.", "banker.next_when_lost", "banker_next_player"),
    ("biedan-first-lead-holds-banker-card", "The banker's first lead must contain the banker card (♥3).",
     "play.first_lead_with_banker_card", True),
    ("biedan-must-beat", "A player able to beat the table may not pass.", "play.pass", "only_when_unable"),
    ("biedan-target-one", "The session ends once a tally reaches 1.", "match.target", 1),
])
"""Every mutant, in catalogue order."""


@catalogue(MUTANTS)("biedan-egg-any-count", "The banker may bury any number of cards as the egg.", "egg.count")
def _egg_any_count(p: Patcher) -> None:
    original = state.egg_reason

    def egg_reason(rules, hand, egg):
        reason = original(rules, hand, egg)
        return None if reason == "wrong_count" else reason

    p.function(state, "egg_reason", egg_reason)
