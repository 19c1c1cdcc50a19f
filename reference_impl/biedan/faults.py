"""憋蛋 Biedan's planted faults for the mutation check (:mod:`datong_rules.reference_impl.faults`): the other value
of an option the bundled variant plays (:func:`~datong_rules.reference_impl.faults.option_mutants`), and a faulty
egg check. Each names the rule it breaks; scenarios citing that rule catch it."""

from __future__ import annotations

from ..faults import Mutant, Patcher, catalogue, option_mutants
from . import state

GUIDE = "biedan/biedan-guide"

MUTANTS: list[Mutant] = option_mutants(GUIDE, [
    ("biedan-next-of-last-player",
     {"zh": "一轮结束后，由最后那手没人压的牌的主人的下家首发，而不是他自己。",
      "en": "After a round the next player of the one whose play stood leads, not that player."},
     "play.next_leader", "next_of_last_player"),
    ("biedan-pass-locks-out",
     {"zh": "过了一次的人要一直过到这一轮结束。",
      "en": "A player who passed must keep passing until the round ends."},
     "play.pass_locks_out", True),
    ("biedan-bombs-only-beat-bombs",
     {"zh": "炸弹只能压炸弹，压不了普通牌型。", "en": "A bomb beats only a bomb, not an ordinary combination."},
     "beating.bombs_beat_ordinary", False),
    ("biedan-bank-to-next-player",
     {"zh": "庄家没有头一个出完时，庄传给他的下家，而不是头一个出完的人。",
      "en": "A banker who is not first out passes the bank to the next player, not to the first out."},
     "banker.next_when_lost", "banker_next_player"),
    ("biedan-first-lead-holds-banker-card",
     {"zh": "庄家的第一手首发必须带上庄牌（♥3）。",
      "en": "The banker's first lead must contain the banker card (♥3)."},
     "play.first_lead_with_banker_card", True),
    ("biedan-must-beat",
     {"zh": "能压过桌上的牌的人不许过。", "en": "A player able to beat the table may not pass."},
     "play.pass", "only_when_unable"),
    ("biedan-target-one",
     {"zh": "只要有一份计数到了 1，这一场就结束。", "en": "The session ends once a tally reaches 1."},
     "match.target", 1),
])
"""Every mutant, in catalogue order."""


@catalogue(MUTANTS)("biedan-egg-any-count", {"zh": "庄家扣蛋时几张都可以。",
                                             "en": "The banker may bury any number of cards as the egg."}, "egg.count")
def _egg_any_count(p: Patcher) -> None:
    original = state.egg_reason

    def egg_reason(rules, hand, egg):
        reason = original(rules, hand, egg)
        return None if reason == "wrong_count" else reason

    p.function(state, "egg_reason", egg_reason)
