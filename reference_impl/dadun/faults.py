"""Planted faults of 打墩 Dadun for the mutation check: typical mistakes an implementer makes.

Each :class:`~datong_rules.reference_impl.faults.Mutant` plants one fault with a
:class:`~datong_rules.reference_impl.faults.Patcher`: the other value of a rule option played in the bundled variant
(the fault of hard-coding the wrong reading), or a small faulty replacement of an engine function. ``rules`` names
the rule ids the fault breaks: the scenarios that catch it cite one of them.
"""

from __future__ import annotations

from ..climbing import seats
from ..faults import Mutant, Patcher, catalogue
from . import scoring

GUIDE = "dadun/dadun-guide"

MUTANTS: list[Mutant] = []
"""Every mutant, in catalogue order."""

mutant = catalogue(MUTANTS)
"""Decorator: register the decorated ``plant(patcher)`` function as a mutant."""


@mutant("dadun-pass-locks-out", "A player who passed must keep passing until the round ends.", "play.pass_locks_out")
def _pass_locks_out(p: Patcher) -> None:
    p.rules(GUIDE, {"play.pass_locks_out": True})


@mutant("dadun-lead-means-hand-opening", "Only the hand's first play counts level cards at face value; a later "
        "round's opening promotes them.", "ranking.lead_means")
def _lead_means_hand_opening(p: Patcher) -> None:
    p.rules(GUIDE, {"ranking.lead_means": "hand_opening"})


@mutant("dadun-merge-pairs-only", "In 14+23 the first side keeps only the first-out's points (no stage-one merge).",
        "merging.stages")
def _merge_pairs_only(p: Patcher) -> None:
    p.rules(GUIDE, {"merging.stages": "pairs_only"})


@mutant("dadun-marked-card-lead-only", "The marked card gives no bonus after the first hand.",
        "marked_card.later_hands")
def _marked_card_lead_only(p: Patcher) -> None:
    p.rules(GUIDE, {"marked_card.later_hands": "lead_only"})


@mutant("dadun-wind-to-next-player", "The wind goes to the next player holding cards, not to the partner.",
        "play.wind")
def _wind_to_next_player(p: Patcher) -> None:
    original = seats.round_leader

    def round_leader(last, holding, next_leader, wind):
        return original(last, holding, next_leader, tuple(w for w in wind if w != "partner") or wind)

    p.function(seats, "round_leader", round_leader)


@mutant("dadun-tens-score-five", "A 10 scores 5 points instead of 10.", "points.cards")
def _tens_score_five(p: Patcher) -> None:
    original = scoring.points_of

    def points_of(rules, cards):
        return original(rules, cards) - 5 * sum(1 for card in cards if card[1:] == "10")

    p.function(scoring, "points_of", points_of)
