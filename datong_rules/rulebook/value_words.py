"""The words of the named option values no bundled variant sets, in both languages, for the options reference
(:mod:`.options_page`).

A value a bundled variant sets is worded by that variant's own ``text``; a value none sets (a house option, or
the other reading of a source) has its words here, so that every named value of every rule of a game's rule
schema (``enum``, ``const``, ``true``/``false``, and the named alternatives of ``anyOf``/``oneOf``) is worded on
the page in each language. ``tests/rulebook/test_option_values_worded.py`` walks every such value of the bundled
schemas and fails on one without words here or in a variant.

Shape: ``{game: {rule id: {value: {"zh": …, "en": …}}}}``, the value as written in YAML (``skipped``, ``false``,
``3``); the value ``"*"`` words every value of the rule, ``{value}`` standing for it. The 中文 words have no
English sentence; a value's words say what the game is like with it, not what the schema is.
"""

from __future__ import annotations

from typing import Final

ANY_VALUE: Final = "*"
"""The key that words every value of a rule (``{value}`` in the words stands for the value)."""

Words = dict[str, str]

VALUE_WORDS: Final[dict[str, dict[str, dict[str, Words]]]] = {
    "huolong": {
        "players.play_direction": {"clockwise": {
            "zh": "顺时针出牌；打法一样，座位左右对调。", "en": "Play goes clockwise; the same game with the seats mirrored."}},
        "declaration.overcall_by": {"other_team": {
            "zh": "只有当前亮主一方的对手可以反主。", "en": "Only the other team of the show in force may overcall."}},
        "bury.big_jokers": {"allowed": {
            "zh": "大王也可以当普通底牌扣下。", "en": "Big jokers may be buried as ordinary bottom cards."}},
        "star_burial.enabled": {"false": {
            "zh": "没有摘星：大王不能扣进底牌。", "en": "No star burial: big jokers never go into the bottom."}},
        "star_burial.who": {
            "banker_team": {"zh": "只有庄家一方可以摘星。", "en": "Only the banker team may bury stars."},
            "attackers": {"zh": "只有闲家一方可以摘星。", "en": "Only the attackers may bury stars."}},
        "star_burial.policy": {"fast": {
            "zh": "快局：每张大王都必须扣进底牌。", "en": "Fast match: every big joker must be buried."}},
        "star_burial.on_failure": {"wasted": {
            "zh": "摘星失败，大王就白扣了，谁也不因它升级。",
            "en": "A failed star burial is wasted: nobody gains levels for its big jokers."}},
        "trumps.level_rank": {"false": {
            "zh": "副牌花色的级牌不是主牌。", "en": "The level-rank cards of the other suits are not trumps."}},
        "trumps.trump_suit": {"false": {
            "zh": "主花色的其余各牌不是主牌。", "en": "The other cards of the trump suit are not trumps."}},
        "rotation.keep": {
            "banker": {"zh": "庄家一方继续坐庄时，本局庄家接着当庄。",
                       "en": "When the banker team keeps the bank, the same banker banks again."},
            "banker_next": {"zh": "庄家一方继续坐庄时，下一局由本局庄家的下家当庄。",
                            "en": "When the banker team keeps the bank, the player after this hand's banker banks."},
            "banker_previous": {"zh": "庄家一方继续坐庄时，下一局由本局庄家的上家当庄。",
                                "en": "When the banker team keeps the bank, the player before this hand's banker "
                                      "banks."}},
        "rotation.take_over": {
            "banker": {"zh": "闲家上台时，下一局仍由本局庄家的座位当庄。",
                       "en": "When the attackers take over, this hand's banker's seat banks again."},
            "banker_partner": {"zh": "闲家上台时，下一局由本局庄家的同伴当庄。",
                               "en": "When the attackers take over, this hand's banker's partner banks."},
            "banker_previous": {"zh": "闲家上台时，下一局由本局庄家的上家当庄。",
                                "en": "When the attackers take over, the player before this hand's banker banks."}},
    },
    "biedan": {
        "players.play_direction": {"clockwise": {
            "zh": "顺时针出牌；打法一样，座位左右对调。", "en": "Play goes clockwise; the same game with the seats mirrored."}},
        "banker.next_when_lost": {"banker_next_player": {
            "zh": "庄家下台后由原庄家的下家坐庄。", "en": "A banker who steps down is followed by the old banker's next player."}},
        "egg.secret": {"false": {
            "zh": "蛋扣下后亮给大家看。", "en": "The egg is shown to everyone once buried."}},
        "combinations.flush_reach": {"same_ranks": {
            "zh": "清一色顺子只压点数相同的杂色顺子。", "en": "A flush straight beats only the mixed straight of the same ranks."}},
        "play.first_lead_with_banker_card": {"true": {
            "zh": "由红桃3定庄的那一局，第一手要带上它（没扣进蛋时）。",
            "en": "In a hand whose banker the ♥3 chose, the first lead must hold it (unless it was buried)."}},
        "play.pass_locks_out": {"true": {
            "zh": "过了就要一直过到这一轮结束。", "en": "A player who passed keeps passing until the round ends."}},
        "exchange.banker_tribute": {"extra_card": {
            "zh": "庄家没拿第一时，除了按名次给的牌，再多给一张进贡。",
            "en": "A banker who is not first gives one more card as tribute, besides the card of their place."}},
    },
    "dadun": {
        "players.play_direction": {"clockwise": {
            "zh": "顺时针出牌；打法一样，座位左右对调。", "en": "Play goes clockwise; the same game with the seats mirrored."}},
        "marked_card.later_hands": {"lead_only": {
            "zh": "以后各局的明牌只定首出，不给奖励。", "en": "In later hands the marked card gives the lead only, no bonus."}},
        "ranking.lead_means": {"hand_opening": {
            "zh": "只有一局的第一手算首发。", "en": "Only the hand's first play is a lead."}},
        "ranking.level_beats_led_level": {"false": {
            "zh": "同点数的牌互相压不住，级牌也一样。", "en": "Equal ranks never beat each other, level cards included."}},
        "ranking.full_house_pair": {"promoted": {
            "zh": "三带二的对子也按级牌升到A之上。", "en": "The pair of a full house is promoted like the triple."}},
        "wild.never_pair_with_joker": {"false": {
            "zh": "混儿可以和王配对。", "en": "A wild may pair with a joker."}},
        "wild.for_jokers": {"allowed": {
            "zh": "单出并声明时，混儿可以当王。", "en": "A wild may stand for a joker, as a declared single."}},
        "wild.only_wilds": {"declared": {
            "zh": "全是混儿的牌可以声明当作别的牌。", "en": "A play of wilds only may be declared as other cards."}},
        "wild.three_wilds_dun": {"true": {
            "zh": "三张红桃级牌算墩。", "en": "The three wild hearts are a dun."}},
        "combinations.triple_run_ace": {"printed": {
            "zh": "三连按原文印的顺序比，AAA222333只比222333444大。",
            "en": "Triple runs rank as printed: AAA222333 just above 222333444."}},
        "combinations.dun_also_triple": {"false": {
            "zh": "三张相同的牌总是墩。", "en": "Three identical cards are always a dun."}},
        "combinations.flush_also_straight": {"false": {
            "zh": "同花五连总是同花顺。", "en": "A one-suit run of five is always a straight flush."}},
        "combinations.linked_bomb_halves": {"smaller_half": {
            "zh": "连炸的两半张数可以不同，按小的一半算。", "en": "The halves of a linked bomb may differ, ranked by the smaller."}},
        "combinations.ace_two_link": {"every_linked_shape": {
            "zh": "连墩、连炸里A也接在2下面。", "en": "The A also links below the 2 in linked duns and linked bombs."}},
        "combinations.runs_skip_level": {"skipped": {
            "zh": "家规：级牌不进顺子和连，跳过它（打8时5-6-7-9-10是顺子）。",
            "en": "House rule: runs and links jump the level rank (at level 8, 5-6-7-9-10 is a straight)."}},
        "beating.bombs_beat_ordinary": {"false": {
            "zh": "炸弹只能压更小的炸弹。", "en": "A bomb beats only lower bombs."}},
        "beating.linked_dun_order": {"adjacent_above_equal": {
            "zh": "相邻的连墩都比相同的连墩大。", "en": "Every adjacent linked dun ranks above every equal one."}},
        "levels.start": {ANY_VALUE: {"zh": "两队都从{value}打起。", "en": "Both teams start at level {value}."}},
    },
}
"""The words of the values no bundled variant sets, by game, rule id and value (see the module's docstring)."""


def value_words(game: str, rule_id: str, value: str) -> Words:
    """The words of ``value`` (as written in YAML) of ``rule_id`` in ``game``: ``{"zh": …, "en": …}``, or ``{}``
    when none are written here."""
    rule = VALUE_WORDS.get(game, {}).get(rule_id, {})
    if value in rule:
        return dict(rule[value])
    template = rule.get(ANY_VALUE)
    return {lang: text.format(value=value) for lang, text in template.items()} if template else {}
