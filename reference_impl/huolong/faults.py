"""The catalogue of planted faults: typical mistakes an implementer of Huolong makes.

Each :class:`~datong_rules.reference_impl.faults.Mutant` plants one fault with a
:class:`~datong_rules.reference_impl.faults.Patcher`:
either a small faulty replacement of an engine function (most wrap the original and change one
decision) or a rule value changed in the typed rules the engine reads (the fault an implementer
makes by hard-coding the wrong number or option). ``rules`` names the rule ids the fault breaks:
the scenarios that catch it should cite one of them.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..cards import JOKERS, sort_cards
from ..faults import Mutant, Patcher, catalogue, rule_value
from . import combinations, declaration, follow, levels, settlement, trick
from .ranking import TRUMP, Ranking

LI, GUIDE, ONLINE = "huolong/li-zhijiang", "huolong/datong-guide", "huolong/online-platform"
VARIANTS = (LI, GUIDE, ONLINE)


MUTANTS: list[Mutant] = []
"""Every mutant, in catalogue order."""

mutant = catalogue(MUTANTS)
"""Decorator: register the decorated ``plant(patcher)`` function as a mutant."""


def _every_variant(p: Patcher, rule_id: str, change: Callable[[Any, str], Any]) -> None:
    """Override ``rule_id`` in every variant with ``change(published value, variant id)``."""
    for vid in VARIANTS:
        p.rules(vid, {rule_id: change(copy.deepcopy(rule_value(vid, rule_id)), vid)})


# -- ranking ----------------------------------------------------------------------------------------
def _wrap_strengths(p: Patcher, adjust: Callable[[Ranking, dict[str, float]], None]) -> None:
    original = Ranking._strengths

    def _strengths(self: Ranking) -> dict[str, float]:
        out = original(self)
        adjust(self, out)
        return out

    p.attribute(Ranking, "_strengths", _strengths)


@mutant("off-suit-level-by-suit",
        {"zh": "副级牌按花色分大小（黑桃 > 红桃 > 梅花 > 方块），而不是一样大。",
         "en": "Off-suit level cards rank by suit (spades > hearts > clubs > diamonds) instead of being equal."},
        "ranking.trump_order")
def _off_suit_level_by_suit(p: Patcher) -> None:
    bonus = {"S": 0.75, "H": 0.5, "C": 0.25, "D": 0.0}

    def adjust(r: Ranking, out: dict[str, float]) -> None:
        for card, klass in r.class_map.items():
            if klass == "off_suit_level":
                out[card] += bonus[card[0]]

    _wrap_strengths(p, adjust)


@mutant("trump-level-equals-off-suit",
        {"zh": "主花色的级牌只算得和副级牌一样大。",
         "en": "The trump suit's level card is only as strong as the off-suit level cards."},
        "ranking.trump_order")
def _trump_level_equals_off_suit(p: Patcher) -> None:
    def adjust(r: Ranking, out: dict[str, float]) -> None:
        off = [out[c] for c, k in r.class_map.items() if k == "off_suit_level"]
        for card, klass in r.class_map.items():
            if klass == "trump_suit_level" and off:
                out[card] = off[0]

    _wrap_strengths(p, adjust)


@mutant("twos-above-level-cards", {"zh": "2 排在级牌上面。",
                                   "en": "The 2s rank above the level cards."}, "ranking.trump_order")
def _twos_above_level(p: Patcher) -> None:
    def change(order: list[str], _: str) -> list[str]:
        twos = [k for k in order if k.endswith("_two")]
        rest = [k for k in order if not k.endswith("_two")]
        at = rest.index("trump_suit_level")
        return rest[:at] + twos + rest[at:]

    _every_variant(p, "ranking.trump_order", change)


@mutant("small-joker-above-big", {"zh": "小王比大王大。",
                                  "en": "The small joker ranks above the big joker."}, "ranking.trump_order")
def _small_joker_above_big(p: Patcher) -> None:
    def change(order: list[str], _: str) -> list[str]:
        i, j = order.index("big_joker"), order.index("small_joker")
        order[i], order[j] = order[j], order[i]
        return order

    _every_variant(p, "ranking.trump_order", change)


@mutant("level-rank-in-plain-order",
        {"zh": "级牌没有从各门花色里抽出来：级牌仍算本花色的普通牌。",
         "en": "The level rank is not taken out of the suits: level cards stay plain cards of their suit."},
        "trumps.level_rank", "ranking.plain_order")
def _level_rank_in_plain_order(p: Patcher) -> None:
    _every_variant(p, "trumps.level_rank", lambda value, _: False)


# -- trick winner -----------------------------------------------------------------------------------
def _faulty_trick_winner(*, ties_to_last: bool = False, ruff_any_shape: bool = False,
                         mixed_wins: bool = False, discards_win: bool = False) -> Callable:
    """A copy of :func:`datong_rules.reference_impl.huolong.trick.trick_winner` with one decision made wrong.

    ``ties_to_last``: an equal play takes the trick; ``ruff_any_shape``: trumps of any shape ruff
    (by their strongest card); ``mixed_wins``: a play of the led suit competes whatever its shape
    (by its strongest card); ``discards_win``: side cards of another suit compete by rank.
    """
    def trick_winner(rules: Any, ranking_: Ranking, plays: Any) -> int:
        if not plays or combinations.classify(ranking_, plays[0]) is None:
            raise ValueError("a trick's lead must be one combination")
        lead = plays[0]
        n = len(lead)
        suit_map, strength = ranking_.suit_map, ranking_.strength_map
        led_suit = suit_map[lead[0]]
        best, best_strength = 0, strength[lead[0]]
        for i in range(1, len(plays)):
            play = list(plays[i])
            if len(play) != n:
                continue
            suits = {suit_map[c] for c in play}
            one_combination = play.count(play[0]) == n
            all_trumps, all_led = suits == {TRUMP}, suits == {led_suit}
            if one_combination and (all_led or all_trumps):
                s = strength[play[0]]
            elif ruff_any_shape and all_trumps:
                s = max(strength[c] for c in play)
            elif mixed_wins and all_led:
                s = max(strength[c] for c in play)
            elif discards_win and one_combination:
                s = strength[play[0]]
            else:
                continue
            if s > best_strength or (ties_to_last and s == best_strength):
                best, best_strength = i, s
        return best

    return trick_winner


@mutant("ties-to-last-played", {"zh": "几手牌一样大时，后出的那手赢这一轮。",
                                "en": "Between equal plays the one played last wins the trick."}, "ranking.ties")
def _ties_to_last(p: Patcher) -> None:
    p.function(trick, "trick_winner", _faulty_trick_winner(ties_to_last=True))


@mutant("ruff-shape-ignored",
        {"zh": "毙牌不论牌型都能赢：两张不成对的主牌能压住首发的对子（按较大的那张比）。",
         "en": "A ruff wins in any shape: two odd trumps beat a led pair (ranked by the stronger card)."},
        "trick.ruff_same_shape")
def _ruff_shape_ignored(p: Patcher) -> None:
    p.function(trick, "trick_winner", _faulty_trick_winner(ruff_any_shape=True))


@mutant("mixed-play-wins",
        {"zh": "跟了首发的花色、却不是首发牌型的牌（两张不成对的红桃跟红桃对子）也能赢。",
         "en": "A follow of the led suit that is not the led combination (two odd hearts on a heart pair) can win."},
        "trick.winner")
def _mixed_play_wins(p: Patcher) -> None:
    p.function(trick, "trick_winner", _faulty_trick_winner(mixed_wins=True))


@mutant("discard-wins", {"zh": "垫出的另一门副牌也按大小比，能赢这一轮。",
                         "en": "A discard of another side suit competes by rank and can win the trick."},
                        "trick.winner")
def _discard_wins(p: Patcher) -> None:
    p.function(trick, "trick_winner", _faulty_trick_winner(discards_win=True))


# -- play legality ----------------------------------------------------------------------------------
def _accepting(p: Patcher, reason: str) -> None:
    """``check_play`` accepts the plays it would refuse with ``reason``."""
    original = follow.check_play

    def check_play(*args: Any) -> str | None:
        result = original(*args)
        return None if result == reason else result

    p.function(follow, "check_play", check_play)


@mutant("follow-suit-not-enforced", {"zh": "手里还有首发的花色时，跟牌的人也可以毙或垫。",
                                     "en": "A follower may ruff or discard while still holding the led suit."},
        "follow.follow_suit")
def _follow_suit_not_enforced(p: Patcher) -> None:
    _accepting(p, follow.MUST_FOLLOW_SUIT)
    original = follow.legal_plays

    def legal_plays(rules: Any, ranking_: Ranking, hand: Counter, trick_: Any) -> list[tuple[str, ...]]:
        if not trick_:
            return original(rules, ranking_, hand, trick_)
        n = len(trick_[0])
        held = [(c, k) for c, k in Counter(hand).items() if k > 0]
        return sorted(tuple(sort_cards(play)) for play in follow.multisets_of(held, n))

    p.function(follow, "legal_plays", legal_plays)


@mutant("wrong-count-accepted", {"zh": "跟的张数比首发多或少也被接受。",
                                 "en": "A follow with more or fewer cards than the lead is accepted."},
                                "follow.same_count")
def _wrong_count_accepted(p: Patcher) -> None:
    _accepting(p, follow.WRONG_COUNT)


@mutant("pair-must-follow-pair",
        {"zh": "首发对子时，手里有这门花色对子的人必须跟对子（攉龙里跟牌的牌型不限）。",
         "en": "A follower holding a pair of the led suit must play it on a led pair (the shape is free in "
               "Huolong)."},
        "follow.shape")
def _pair_must_follow_pair(p: Patcher) -> None:
    _every_variant(p, "follow.shape", lambda value, _: "match_when_held")


def _wrap_classify(p: Patcher, decide: Callable[[Ranking, Any, str | None], str | None]) -> None:
    original = combinations.classify

    def classify(ranking_: Ranking, cards: Any) -> str | None:
        return decide(ranking_, cards, original(ranking_, cards))

    p.function(combinations, "classify", classify)


@mutant("pair-of-unequal-cards",
        {"zh": "点数相同、花色不同的牌（H5 S5）被当成对子或流星。",
         "en": "Cards of one rank but different suits (H5 S5) count as a pair, or a meteor."},
        "combinations.catalogue")
def _pair_of_unequal_cards(p: Patcher) -> None:
    def decide(r: Ranking, cards: Any, found: str | None) -> str | None:
        if found is None and cards and not any(c in JOKERS for c in cards) and len({c[1:] for c in cards}) == 1:
            return r.rules.combo_by_size.get(len(cards))
        return found

    _wrap_classify(p, decide)


@mutant("joker-meteor-unrecognised", {"zh": "三张大王或三张小王不被认作流星。",
                                      "en": "Three big jokers or three small jokers are not taken for a meteor."},
        "combinations.catalogue")
def _joker_meteor_unrecognised(p: Patcher) -> None:
    _wrap_classify(p, lambda r, cards, found: None if len(cards) == 3 and cards[0] in JOKERS else found)


# -- points, bottom ---------------------------------------------------------------------------------
@mutant("threshold-119", {"zh": "闲家拿到 119 分就算够分，而不是 120 分。",
                          "en": "The attackers make their points at 119 instead of 120."}, "points.threshold")
def _threshold_119(p: Patcher) -> None:
    def shift(rows: list[dict], vid: str) -> list[dict]:
        threshold = rule_value(vid, "points.threshold")
        for row in rows:
            bounds = row.get("when", {}).get("attacker_points", {})
            if bounds.get("min") == threshold:
                bounds["min"] = threshold - 1
            if bounds.get("max") == threshold - 1:
                bounds["max"] = threshold - 2
        return rows

    _every_variant(p, "points.threshold", lambda value, _: value - 1)
    _every_variant(p, "settlement.table", shift)


@mutant("bottom-multiplier-swapped",
        {"zh": "抠底时该算一倍的底分算了两倍，该算两倍的只算一倍。",
         "en": "The dug bottom counts once where it should count double, and double where it should count once."},
        "bottom.multiplier")
def _bottom_multiplier_swapped(p: Patcher) -> None:
    _every_variant(p, "bottom.multiplier", lambda value, _: 1 if value == 2 else 2)


@mutant("king-worth-5", {"zh": "K 算 5 分，而不是 10 分。",
                         "en": "A K is worth 5 points instead of 10."}, "points.card_points")
def _king_worth_5(p: Patcher) -> None:
    _every_variant(p, "points.card_points", lambda value, _: {**value, "K": 5})


@mutant("ten-worth-5", {"zh": "10 算 5 分，而不是 10 分。",
                        "en": "A 10 is worth 5 points instead of 10."}, "points.card_points")
def _ten_worth_5(p: Patcher) -> None:
    _every_variant(p, "points.card_points", lambda value, _: {**value, "10": 5})


# -- declaration ------------------------------------------------------------------------------------
@mutant("overcall-order-reversed",
        {"zh": "亮王反主的大小倒过来了：小王能反大王，一张大王能反两张。",
         "en": "Joker shows overcall in reverse order: a small joker overcalls a big one, one big joker overcalls "
               "two."},
        "declaration.shows")
def _overcall_order_reversed(p: Patcher) -> None:
    def change(shows: list[dict], _: str) -> list[dict]:
        jokers = [s for s in shows if s["card"] in JOKERS]
        strengths = sorted(s["strength"] for s in jokers)
        for show, strength in zip(sorted(jokers, key=lambda s: -s["strength"]), strengths):
            show["strength"] = strength
        return shows

    _every_variant(p, "declaration.shows", change)


@mutant("next-card-of-anyone",
        {"zh": "亮王定花色时，取的是紧接着发出的那张牌（不管发给谁），而不是亮主的人自己的下一张牌。",
         "en": "A joker show takes its suit from the very next card dealt (to whoever) instead of the shower's next "
               "card."},
        "declaration.shows")
def _next_card_of_anyone(p: Patcher) -> None:
    def on_card(self: declaration.Declaration, card: str) -> int:
        if self.closed:
            raise RuntimeError("the deal is over")
        seat = (self.first_drawer + self.dealt) % self.rules.players
        self.held[seat][card] += 1
        self.dealt += 1
        for waiting_seat in list(self._waiting):
            self._resolve(waiting_seat, card, self._waiting[waiting_seat])
        return seat

    p.attribute(declaration.Declaration, "on_card", on_card)


@mutant("fallback-last-bottom-card",
        {"zh": "没人亮主时，用底牌里最后一张有花色的牌定主，而不是第一张。",
         "en": "When nobody declares, the bottom's last card with a suit fixes the trumps instead of its first."},
        "declaration.nobody_declared")
def _fallback_last_bottom_card(p: Patcher) -> None:
    original = declaration.Declaration.finish

    def finish(self: declaration.Declaration, bottom: Any) -> declaration.DeclarationResult:
        return original(self, list(reversed(list(bottom))))

    p.attribute(declaration.Declaration, "finish", finish)


@mutant("same-team-overcall-refused", {"zh": "只有另一方才能反主。",
                                       "en": "Only the other team may overcall a declaration."},
                                      "declaration.overcall_by")
def _same_team_overcall_refused(p: Patcher) -> None:
    _every_variant(p, "declaration.overcall_by", lambda value, _: "other_team")


@mutant("joker-chain-refused",
        {"zh": "online-platform：亮主的人下一张牌是王时不能接着亮，这张王被跳过。",
         "en": "online-platform: a shower whose next card is a joker may not chain it; the joker is skipped."},
        "declaration.next_card_joker")
def _joker_chain_refused(p: Patcher) -> None:
    p.rules(ONLINE, {"declaration.next_card_joker": "skip"})


@mutant("declare-every-hand", {"zh": "li-zhijiang 后面的每一局又重新亮主，而不是沿用这一龙的主花色。",
                               "en": "li-zhijiang's later hands declare trumps again instead of keeping the match's "
                                     "suit."},
        "declaration.scope")
def _declare_every_hand(p: Patcher) -> None:
    p.rules(LI, {"declaration.scope": "hand"})


@mutant("last-flipper-is-banker",
        {"zh": "最后一个翻出级牌的人当庄家，而不是第一个。",
         "en": "The last player to flip a level card becomes the banker instead of the first."}, "declaration.shows")
def _last_flipper_is_banker(p: Patcher) -> None:
    for vid in (GUIDE, ONLINE):
        shows = rule_value(vid, "declaration.shows")
        p.rules(vid, {"declaration.shows": [{**s, "banker": "shower"} for s in shows]})


@mutant("redeal-ignored", {"zh": "online-platform 没人亮主时用底牌定花色，而不是重新发牌。",
                           "en": "When nobody declares in online-platform, the bottom fixes the suit instead of a "
                                 "redeal."},
        "declaration.nobody_declared")
def _redeal_ignored(p: Patcher) -> None:
    p.rules(ONLINE, {"declaration.nobody_declared": "bottom_first_non_joker"})


# -- bury, star burial ------------------------------------------------------------------------------
@mutant("bury-limit-off-by-one",
        {"zh": "li-zhijiang 的扣底分数上限差了一分：正好 40 分的扣底被拒绝（上限被当成小于 40）。",
         "en": "li-zhijiang's bury limit is off by one: a bury of exactly 40 points is refused (limit taken as < "
               "40)."},
        "bury.max_points")
def _bury_limit_off_by_one(p: Patcher) -> None:
    # The limit is not raised to 41: every card is worth a multiple of 5 points, so a limit of 41 accepts
    # exactly the buries 40 accepts; that mutant would be equivalent and no scenario could catch it.
    p.rules(LI, {"bury.max_points": rule_value(LI, "bury.max_points") - 1})


@mutant("trumps-buried", {"zh": "li-zhijiang 的庄家可以扣主牌（扣底只能扣副牌）。",
                          "en": "li-zhijiang's banker may bury trumps (the bury must be side cards)."}, "bury.cards")
def _trumps_buried(p: Patcher) -> None:
    p.rules(LI, {"bury.cards": "any"})


@mutant("big-joker-buried", {"zh": "庄家可以把大王当普通底牌扣下去。",
                             "en": "The banker may bury a big joker as an ordinary bottom card."}, "bury.big_jokers")
def _big_joker_buried(p: Patcher) -> None:
    _every_variant(p, "bury.big_jokers", lambda value, _: "allowed")


@mutant("first-star-three-levels",
        {"zh": "online-platform 底牌里的第一张大王升 3 级，而不是 2 级。",
         "en": "online-platform's first big joker in the bottom is worth 3 levels instead of 2."},
        "star_burial.levels_per_joker")
def _first_star_three_levels(p: Patcher) -> None:
    p.rules(ONLINE, {"star_burial.levels_per_joker": [3, 3, 3]})


@mutant("star-failure-swapped",
        {"zh": "摘星失败时王的去处弄反了：该归对方的作废了，该作废的却归了对方。",
         "en": "A failed star burial's jokers go the wrong way: wasted where the opponents gain them, and the "
               "reverse."},
        "star_burial.on_failure")
def _star_failure_swapped(p: Patcher) -> None:
    swap = {"wasted": "opponents_gain", "opponents_gain": "wasted", "opponents_gain_if_points_lost": "wasted"}
    _every_variant(p, "star_burial.on_failure", lambda value, _: swap[value])


@mutant("star-levels-row-advance-swapped",
        {"zh": "王升的级该替换结算表那一行的升级数时却加在上面，该加上时反而替换了。",
         "en": "The jokers' levels come on top of the settlement row's advance where they replace it, and the "
               "reverse."},
        "star_burial.row_advance")
def _star_levels_row_advance_swapped(p: Patcher) -> None:
    swap = {"added": "replaced", "replaced": "added"}
    _every_variant(p, "star_burial.row_advance", lambda value, _: swap[value])


@mutant("third-joker-not-forced",
        {"zh": "li-zhijiang：底牌里已有两张大王时，第三张没有被强制放进去。",
         "en": "li-zhijiang: with two big jokers in the bottom, the third is not forced in."},
        "star_burial.forced_after")
def _third_joker_not_forced(p: Patcher) -> None:
    p.rules(LI, {"star_burial.forced_after": None})


@mutant("star-exchange-takes-points",
        {"zh": "li-zhijiang：载王的人可以从底牌里换回分牌和组成流星的牌。",
         "en": "li-zhijiang: a joker loader may take back point cards and meteor cards from the bottom."},
        "star_burial.exchange")
def _star_exchange_takes_points(p: Patcher) -> None:
    p.rules(LI, {"star_burial.exchange": {**rule_value(LI, "star_burial.exchange"), "exclude": []}})


# -- settlement -------------------------------------------------------------------------------------
@mutant("stop-levels-ignored", {"zh": "一次升好几级时越过了停级（J、A），而不是停在那里。",
                                "en": "A jump of several levels passes the stop levels (J, A) instead of stopping "
                                      "there."},
        "levels.stop_levels")
def _stop_levels_ignored(p: Patcher) -> None:
    _every_variant(p, "levels.stop_levels", lambda value, _: {**value, "jumps_stop": False})


@mutant("attackers-advance-at-stop",
        {"zh": "li-zhijiang 里停在 J 或 A 的闲家也像别的队一样升级。",
         "en": "li-zhijiang's attackers standing at J or A advance like any other team."}, "levels.stop_levels")
def _attackers_advance_at_stop(p: Patcher) -> None:
    p.rules(LI, {"levels.stop_levels": {**rule_value(LI, "levels.stop_levels"), "attackers_advance": True}})


@mutant("hook-down-ignored", {"zh": "li-zhijiang 的钩到底（打 J 的庄家方被打回 3）从来不发生。",
                              "en": "li-zhijiang's hook-down (a banker team at J sent back to 3) never happens."},
        "settlement.table")
def _hook_down_ignored(p: Patcher) -> None:
    rows = [r for r in rule_value(LI, "settlement.table") if r.get("then", {}).get("set_level") is None]
    p.rules(LI, {"settlement.table": rows})


@mutant("keep-rotation-to-banker", {"zh": "庄家方保住庄时，还是原来那个人当庄家。",
                                    "en": "When the banker team keeps the bank, the same player deals again."},
        "rotation.keep")
def _keep_rotation_to_banker(p: Patcher) -> None:
    _every_variant(p, "rotation.keep", lambda value, _: "banker")


@mutant("take-over-to-wrong-seat",
        {"zh": "闲家上台时，由原庄家的上家当庄家，而不是他的下家。",
         "en": "When the attackers take over, the player before the old banker deals next instead of the one after."},
        "rotation.take_over")
def _take_over_to_wrong_seat(p: Patcher) -> None:
    _every_variant(p, "rotation.take_over", lambda value, _: "banker_previous")


@mutant("shutout-not-special", {"zh": "光头（闲家 0 分、庄家方保底）被当成普通的赢来结算。",
                                "en": "A shutout (attackers at 0, bottom held) is settled as an ordinary win."},
        "settlement.table")
def _shutout_not_special(p: Patcher) -> None:
    for vid in (GUIDE, ONLINE):
        rows = [r for r in rule_value(vid, "settlement.table") if r.get("name") != "shutout"]
        p.rules(vid, {"settlement.table": rows})


@mutant("stakes-sign-flipped", {"zh": "输赢的钱付反了：赢的一方付钱，输的一方收钱。",
                                "en": "Stakes are paid the wrong way: winners pay, losers collect."},
        "settlement.table", "stakes.enabled")
def _stakes_sign_flipped(p: Patcher) -> None:
    original = settlement.settle

    def settle(rules: Any, inp: settlement.SettleInput) -> settlement.SettleOutcome:
        out = original(rules, inp)
        out.stakes = {team: -amount for team, amount in out.stakes.items()}
        return out

    p.function(settlement, "settle", settle)


@mutant("passing-A-does-not-end-match", {"zh": "打到 A 的一方再升级时并没有赢下这一龙。",
                                         "en": "A team at A that advances again does not win the match."},
        "levels.past_last_level")
def _passing_a_does_not_end(p: Patcher) -> None:
    original = levels.advance

    def advance(*args: Any, **kwargs: Any) -> tuple[str, bool]:
        level, _ = original(*args, **kwargs)
        return level, False

    p.function(levels, "advance", advance)

