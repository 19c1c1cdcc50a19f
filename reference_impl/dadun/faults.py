"""打墩 Dadun's planted faults for the mutation check (:mod:`datong_rules.reference_impl.faults`): the other value
of an option the bundled variant plays (:func:`~datong_rules.reference_impl.faults.option_mutants`), a wind that
skips the partner and a wrong point value. Each names the rule it breaks; scenarios citing that rule catch it."""

from __future__ import annotations

from ..climbing import seats
from ..faults import Mutant, Patcher, catalogue, option_mutants
from . import scoring

GUIDE = "dadun/dadun-guide"

MUTANTS: list[Mutant] = option_mutants(GUIDE, [
    ("dadun-pass-locks-out",
     {"zh": "过了一次的人要一直过到这一轮结束。",
      "en": "A player who passed must keep passing until the round ends."},
     "play.pass_locks_out", True),
    ("dadun-lead-means-hand-opening",
     {"zh": "只有一局的第一手按本身点数算级牌；之后每一轮的首发都把级牌升上去。",
      "en": "Only the hand's first play counts level cards at face value; a later round's opening promotes them."},
     "ranking.lead_means", "hand_opening"),
    ("dadun-merge-pairs-only",
     {"zh": "14+23 时，先出完的一方只留下头游的分（没有第一步的合并）。",
      "en": "In 14+23 the first side keeps only the first-out's points (no stage-one merge)."},
     "merging.stages", "pairs_only"),
    ("dadun-marked-card-lead-only",
     {"zh": "第一局以后明牌不再加分。", "en": "The marked card gives no bonus after the first hand."},
     "marked_card.later_hands", "lead_only"),
    ("dadun-tribute-guandan",
     {"zh": "两局之间按掼蛋的规矩进贡。", "en": "Guandan's tribute is paid between hands."},
     "settlement.tribute",
     {"from": "last_out", "wild": "kept", "resist_big_jokers": 3, "return_at_most": "10", "lead": "giver"}),
    ("dadun-a-rule-guandan",
     {"zh": "过 A 还要求头游的对家不是末游。", "en": "Passing A also needs the first-out's partner not last."},
     "match.end", {"must_play": "A", "win": "partner_not_last"}),
    ("dadun-levels-by-place",
     {"zh": "13+24 和 14+23 按对家的名次升级，不管分数多少。",
      "en": "13+24 and 14+23 go by the partner's place, whatever the points."},
     "settlement.levels", {"partner_third": 2, "partner_last": 1}),
])
"""Every mutant, in catalogue order."""

mutant = catalogue(MUTANTS)


@mutant("dadun-wind-to-next-player", {"zh": "接风给了下一个还有牌的人，而不是对家。",
                                      "en": "The wind goes to the next player holding cards, not to the partner."},
        "play.wind")
def _wind_to_next_player(p: Patcher) -> None:
    original = seats.round_leader

    def round_leader(last, holding, next_leader, wind):
        return original(last, holding, next_leader, tuple(w for w in wind if w != "partner") or wind)

    p.function(seats, "round_leader", round_leader)


@mutant("dadun-tens-score-five", {"zh": "10 算 5 分，而不是 10 分。",
                                  "en": "A 10 scores 5 points instead of 10."}, "points.cards")
def _tens_score_five(p: Patcher) -> None:
    original = scoring.points_of

    def points_of(rules, cards):
        return original(rules, cards) - 5 * sum(1 for card in cards if card[1:] == "10")

    p.function(scoring, "points_of", points_of)
