"""Biedan's data for the rulebook pages (the ``rulebook`` facet of the game registry): the single-card order and one
example of every combination, as cards (drawn by ``datong_rules.rulebook``). Everything is read from the variant's
rules; the example ranks and suits are a layout choice, not a rule."""

from __future__ import annotations

from typing import Any

from ..climbing.stories import teller
from ..variant.variant import rule_value
from .selection import selector

SECTION_TITLES: dict[str, dict[str, str]] = {
    "banker": {"zh": "庄家", "en": "The banker"},
    "egg": {"zh": "扣蛋", "en": "The egg"},
    "exchange": {"zh": "换牌与进贡", "en": "The exchange"},
}
"""The titles of the rule sections only this game has (the rulebook titles the others)."""

OUTLINE: tuple[str, ...] = ("players", "deck", "deal", "banker", "egg", "ranking", "combinations", "beating", "play",
                            "hand_end", "exchange", "match")
"""The rule sections of a Biedan variant in playing order (the rulebook pages and comparisons follow it)."""

NAMES: dict[str, dict[str, str]] = {
    "single": {"zh": "单张", "en": "Single"},
    "pair": {"zh": "对子", "en": "Pair"},
    "triple": {"zh": "三张", "en": "Triple"},
    "bomb": {"zh": "炸弹", "en": "Bomb"},
    "straight": {"zh": "顺子", "en": "Straight"},
    "pair_run": {"zh": "连对", "en": "Pair run"},
    "rocket": {"zh": "天王炸", "en": "Rocket"},
    "flush": {"zh": "清一色", "en": "flush"},
    "triple_run": {"zh": "飞机（三连）", "en": "Airplane (triple run)"},
    "triple_with_single": {"zh": "三带一", "en": "Three with one"},
    "triple_with_pair": {"zh": "三带二", "en": "Three with a pair"},
    "four_with_two_singles": {"zh": "四带二", "en": "Four with two"},
    "four_with_two_pairs": {"zh": "四带两对", "en": "Four with two pairs"},
    "airplane_with_singles": {"zh": "飞机带单牌", "en": "Airplane with singles"},
    "airplane_with_pairs": {"zh": "飞机带对子", "en": "Airplane with pairs"},
}
"""Names of the combinations of biedan-guide and of the Dou Dizhu-style house combinations (docs/examples; a name not
here is shown as it is)."""

LABELS: dict[str, dict[str, str]] = {
    "single_order": {"zh": "单张从大到小（花色不分大小）", "en": "Single cards, high to low (suits do not rank)"},
    "combinations": {"zh": "牌型举例", "en": "The combinations, one example each"},
    "beats": {"zh": "管得住", "en": "beats"},
}

_SUITS = "SHCD"


def chart(rules: dict) -> dict | None:
    """``{single: [[card…]…], combinations: [{name, label, cards}], flush: {mixed, flush} | None}`` for a variant's
    resolved ``rules`` mapping, or None when it lacks the rules the chart needs."""
    order = rule_value(rules, "ranking.single_order", None)
    seq = rule_value(rules, "ranking.sequence_order", None)
    catalogue = rule_value(rules, "combinations.catalogue", None)
    if not (isinstance(order, list) and isinstance(seq, list) and isinstance(catalogue, list)):
        return None
    single = [[r] if r in ("BJ", "LJ") else ["S" + r] for r in order]
    combos = []
    for combo in catalogue:
        cards = _example(combo, seq)
        if cards:
            combos.append({"name": combo["name"], "label": NAMES.get(combo["name"], {}), "cards": cards})
    flush = None
    applies = (rule_value(rules, "combinations.flush", None) or {}).get("applies_to", [])
    straight = next((c for c in catalogue if c["name"] in applies and c.get("shape") == "sequence"), None)
    if straight is not None and len(seq) >= 5:
        ranks = seq[2:2 + straight["min_length"]]
        flush = {"mixed": [_SUITS[i % 4] + r for i, r in enumerate(ranks)], "flush": ["H" + r for r in ranks]}
    return {"single": single, "combinations": combos, "flush": flush}


def _example(combo: dict, seq: list[str]) -> list[str]:
    if combo.get("shape") == "same_rank":
        rank = seq[min(len(seq) - 1, 4 + combo["size"])]
        return [_SUITS[i] + rank for i in range(min(combo["size"], 4))]
    if combo.get("shape") == "sequence":
        length = max(combo["min_length"], 3 if combo["unit"] == 1 else 2)
        ranks = seq[:length] if combo["unit"] > 1 else seq[3:3 + length + 1]
        return [_SUITS[(i + k) % 4] + r for i, r in enumerate(ranks) for k in range(combo["unit"])]
    return list(combo.get("cards", []))


def chart_data(rules: dict) -> dict | None:
    """The chart as labelled rows of card groups, ``{rows: [{label: {zh, en}, groups: [[card…]…]}]}``: the single
    order (high to low), then each combination (one group), then a flush straight above the same mixed straight."""
    data = chart(rules)
    if data is None:
        return None
    rows = [{"label": LABELS["single_order"], "groups": data["single"]}]
    for combo in data["combinations"]:
        label = combo["label"] or {"zh": combo["name"], "en": combo["name"]}
        rows.append({"label": label, "groups": [combo["cards"]]})
    if data["flush"]:
        rows.append({"label": {"zh": "清一色顺子管住同样的杂色顺子", "en": "A flush straight beats the same mixed straight"},
                     "groups": [data["flush"]["flush"], data["flush"]["mixed"]]})
    return {"rows": rows}


# -- the player's pages: outline, teaching examples, words, terms, matrix, sample hand ---------------------
Text = dict[str, str]

example_story = teller(NAMES)
"""A teaching example's situation and answer as stories, told as every climbing game tells them
(:func:`..climbing.stories.example_story`) with this game's combination names."""

FAMILY: Text = {
    "zh": "出牌比大小、先出完为胜的爬牌游戏，和斗地主、争上游是一家",
    "en": "a climbing game (beat the last play or pass; the first to shed all cards wins), a relative of Dou Dizhu "
          "and Zheng Shangyou",
}

PLAYER_PAGE: list[dict[str, Any]] = [
    {"id": "game",
     "title": {"zh": "这是什么游戏", "en": "The game"},
     "intro": {"zh": "憋蛋是大同一带的{family}：三个人用一副牌，庄家一个人对两位闲家，谁先把手里的牌出完谁赢。"
                     "庄家先扣下三张牌作“蛋”，最后还有牌的人就“憋蛋”：他收下蛋，还要按名次交出好牌。"
                     "一场打{match.hands}局，每局按名次记分，打完总分最高的人赢。",
               "en": "Biedan is {family} from around Datong: three players share one deck, the banker alone against two "
                     "defenders, and whoever sheds all their cards first wins. The banker first buries three cards "
                     "as the egg; the last player still holding cards is stuck with the egg, takes it, and gives up "
                     "good cards by finishing place. A match is {match.hands} hands; each hand adds points by place "
                     "to a tally, and the highest tally at the end wins."},
     "terms": ["banker", "defenders", "egg", "stuck", "round", "pass", "wind", "bomb", "rocket", "flush", "tally"]},
    {"id": "players",
     "title": {"zh": "人数与座位", "en": "Players and seats"},
     "picture": "seating",
     "rules": ["players.count", "players.partnership", "players.play_direction"]},
    {"id": "cards",
     "title": {"zh": "用牌、牌的大小和牌型", "en": "Cards, ranking and combinations"},
     "picture": "ranking",
     "rules": ["deck.*", "ranking.*", "combinations.*"]},
    {"id": "flow",
     "title": {"zh": "一局怎么打", "en": "How a hand goes"},
     "steps": [
         {"zh": "摸牌：三人轮流一张一张摸，54张全部摸完，每人{deal.hand_size}张。",
          "en": "Deal: the players draw one card at a time in turn until the 54 cards are gone, {deal.hand_size} each."},
         {"zh": "定庄：第一局摸到红桃3的人当庄家；以后庄家第一个出完就接着坐庄，否则由上一局第一个出完的人坐庄。",
          "en": "Banker: in the first hand whoever drew the ♥3 is the banker; later the banker stays banker by going "
                "out first, otherwise the first player out of the last hand banks."},
         {"zh": "扣蛋：庄家从自己手里挑{egg.count}张牌背面朝上扣下，这就是蛋。",
          "en": "The egg: the banker lays {egg.count} of their own cards face down; these are the egg."},
         {"zh": "首出：庄家先出牌，出任何一种牌型都行。", "en": "First lead: the banker leads any combination."},
         {"zh": "一轮：下家要么出同一牌型、同样张数、更大的牌压住，要么过；其他人都过，这一轮结束，没人压住的那个人接着出。",
          "en": "A round: each next player either beats the last play with the same combination, as many cards and "
                "higher, or passes; when all the others pass, the round ends and the player whose play stood leads again."},
         {"zh": "出完：出完牌的人退出，其余的人接着打；出完最后一手没人管时由下家接风。",
          "en": "Going out: a player who sheds their last card drops out and the others play on; if nobody beats that "
                "last play, the next player takes the wind and leads."},
         {"zh": "憋蛋：只剩一个人有牌时这一局结束，他就是憋蛋的人（第三名）。",
          "en": "Stuck with the egg: the hand ends when one player alone holds cards; that player is third."},
         {"zh": "换牌和定庄：按名次换牌，第三名收下蛋；庄家第一个出完才能继续坐庄。",
          "en": "Exchange and bank: cards change hands by place and the third takes the egg; the banker keeps the "
                "bank only by going out first."},
         {"zh": "记分：第一名记{match.score.first}分，第二名记{match.score.second}分，第三名记{match.score.third}分。"
                "换来的牌不带到下一局（下一局重新洗牌），从这一局带到下一局的只有庄和分数。",
          "en": "Score: the first scores {match.score.first}, the second {match.score.second}, the third "
                "{match.score.third}. The exchanged cards do not carry into the next hand (it is shuffled afresh); "
                "only the bank and the tally carry over."},
         {"zh": "一场的输赢：打完{match.hands}局，总分最高的人赢；最高分相同的人并列第一。",
          "en": "The match: after {match.hands} hands the highest tally wins; players level on it share the win."},
     ],
     "aims": {"zh": "庄家的目标：第一个出完，继续坐庄。闲家的目标：两人合作，只要有一人比庄家先出完就赢，不让自己憋蛋。",
              "en": "The banker wants to go out first and keep the bank. The defenders work together: either of them "
                    "going out before the banker wins, and neither wants to be stuck with the egg."}},
    {"id": "deal",
     "title": {"zh": "摸牌和定庄", "en": "Deal and the banker"},
     "rules": ["deal.*", "banker.first", "banker.abandoned_hand"]},
    {"id": "egg",
     "title": {"zh": "扣蛋", "en": "Burying the egg"},
     "rules": ["egg.*"]},
    {"id": "play",
     "title": {"zh": "出牌和压牌", "en": "Leading and beating"},
     "rules": ["play.first_lead", "play.first_lead_with_banker_card", "beating.*", "play.pass", "play.pass_locks_out"]},
    {"id": "rounds",
     "title": {"zh": "一轮和接风", "en": "Rounds and the wind"},
     "rules": ["play.round_end", "play.next_leader", "play.leader_out", "hand_end.when"]},
    {"id": "scoring",
     "title": {"zh": "结算：换牌和坐庄", "en": "Settlement: the exchange and the bank"},
     "intro": {"zh": "换牌是做什么的：它就是这一局的结算，让人看得见谁赢谁输。第一名从第三名手里拿走最好的牌，赚得最多；"
                     "第二名不赚不亏；憋蛋的第三名收下蛋，好牌被拿走、换回的是最差的牌，亏得最重。下一局重新洗牌，"
                     "换来的牌并不带过去：一局的输赢留下来的，是按名次记的分和谁坐庄。",
               "en": "What the exchange is for: it is the settlement of the hand, the result made visible. The first takes "
                     "the best card from the third and gains most; the second neither gains nor loses; the third, "
                     "stuck with the egg, takes the egg, loses the good cards and gets back the worst, the heaviest "
                     "loss. The next hand is shuffled afresh, so the exchanged cards do not carry over: what a hand's "
                     "result leaves behind is the score by place and who banks."},
     "rules": ["exchange.*", "banker.keep_when", "banker.next_when_lost"]},
    {"id": "match",
     "title": {"zh": "一场和输赢", "en": "The match and its result"},
     "rules": ["match.*"]},
    {"id": "tips",
     "title": {"zh": "几点建议", "en": "Tips"},
     "tips": [
         {"zh": "当庄家时，扣蛋要扣没用的牌：小而零散、凑不成顺子、对子或炸弹的牌，留下好组合的牌。",
          "en": "As the banker, bury the cards you cannot use: low, scattered cards that make no straight, pair or "
                "bomb, so that what you keep plays well together."},
         {"zh": "当闲家时，两个闲家是一伙的：合力压庄家的牌，给同伴让路；自己走不掉，就帮同伴拿第一。",
          "en": "As a defender, the two defenders are on one side: beat the banker's plays together and make way "
                "for your partner; if you cannot go out first yourself, help your partner to."},
         {"zh": "记住大王、小王和2出了没有，就知道自己手里的大牌还管不管用。",
          "en": "Keep track of the jokers and the 2s that have been played: then you know whether your high cards "
                "still rule."},
         {"zh": "闲家也别落到最后：最后一个收蛋，还要把好牌交出去。",
          "en": "Even as a defender, do not be the last one holding cards: the last player takes the egg and gives "
                "up their good cards."}],
     "source": {"id": "biedan-guide", "section": "五"}},
    {"id": "differences",
     "title": {"zh": "这个版本的不同之处", "en": "How this variant differs"},
     "intro": {"zh": "目前只收了这一个版本。它和斗地主、争上游一样比大小、先出完为胜，不同的是：一副牌三个人全部摸完，"
                     "庄家扣三张作蛋；没有三带一、飞机这类带牌的牌型；同花色的顺子（清一色）更大；输家收蛋并交出好牌，"
                     "一场的输赢按名次记分。原文没说清的地方，这个版本都选了一种读法；下面每一条后面写着没有选的读法，牌桌也可以约定照它打：",
               "en": "This is the only variant so far. Like Dou Dizhu and Zheng Shangyou it is won by going out first, "
                     "but all 54 cards are dealt to three players, the banker buries three as the egg, there are no "
                     "combinations with attachments (no triple with one, no airplane), a one-suit straight (flush) "
                     "ranks higher, and the loser takes the egg and gives up good cards; the match is decided by a tally "
                     "of points by place. "
                     "Where the source is unclear the variant picks one reading; each rule below names the reading not "
                     "chosen, which a table may agree to play instead:"},
     "rules": ["play.next_leader", "beating.bombs_beat_ordinary", "combinations.flush_reach", "exchange.timing",
               "exchange.banker_tribute", "banker.next_when_lost", "play.pass_locks_out",
               "play.first_lead_with_banker_card", "match.score", "match.target", "combinations.attachments"]},
]
"""The player's page, section by section (the layout is :mod:`datong_rules.rulebook.player_page`)."""

EXAMPLES: dict[str, dict[str, list[str]]] = {
    "egg": {"biedan-guide": ["egg.low-cards-001", "egg.heart-three-001", "egg.two-cards-001"]},
    "play": {"biedan-guide": ["beats.single-higher-001", "beats.single-equal-001", "beats.pair-aces-over-kings-001",
                              "legal-play.follow-wrong-type-001", "beats.straight-higher-001",
                              "legal-play.follow-wrong-count-001", "legal-play.follow-bomb-on-pair-001",
                              "beats.flush-on-mixed-same-ranks-001", "legal-play.follow-rocket-on-straight-001",
                              "legal-play.follow-pass-can-beat-001"]},
    "rounds": {"biedan-guide": ["round.both-pass-001", "round.beaten-then-passes-001", "round.passer-plays-again-001",
                                "round.wind-001", "round.hand-over-001"]},
    "scoring": {"biedan-guide": ["settle.banker-first-001", "settle.defender-first-banker-second-001",
                                 "exchange.banker-first-001", "exchange.banker-stuck-001"]},
    "match": {"biedan-guide": ["settle.score-places-001", "settle.score-banker-stuck-001"]},
}
"""Teaching examples by section, simplest first; every name is a scenario ``biedan.<variant>.<name>`` of the suite."""

WORDS: dict[str, dict[str, Text]] = {"biedan-guide": {}}
"""No concept has two names in the one source."""

TERMS: dict[str, dict[str, Text]] = {
    "banker": {"term": {"zh": "庄家", "en": "banker"},
               "def": {"zh": "扣蛋、首先出牌、一个人对另外两人的玩家。", "en": "The player who buries the egg, leads first and plays alone against the other two."}},
    "defenders": {"term": {"zh": "闲家", "en": "defenders"},
                  "def": {"zh": "庄家以外的两个人，合作对付庄家。", "en": "The two players other than the banker, who play together against the banker."}},
    "egg": {"term": {"zh": "蛋", "en": "egg"},
            "def": {"zh": "庄家开局扣下的三张牌，背面朝上，到结算才亮出来（原文也叫底牌）。", "en": "The three cards the banker lays face down at the start, shown only at the settlement (the source also calls them the bottom, 底牌)."}},
    "stuck": {"term": {"zh": "憋蛋", "en": "stuck with the egg"},
              "def": {"zh": "最后还没出完牌的人，他收下蛋，是第三名。", "en": "The last player still holding cards; they take the egg and are third."}},
    "round": {"term": {"zh": "一轮", "en": "round"},
              "def": {"zh": "从首出一手牌到其他人都过为止。", "en": "From a lead until every other player has passed."}},
    "pass": {"term": {"zh": "过", "en": "pass"},
             "def": {"zh": "轮到自己时不出牌。", "en": "Not playing when one's turn comes."}},
    "wind": {"term": {"zh": "接风", "en": "take the wind"},
             "def": {"zh": "有人出完最后一手牌而没人压时，由他的下家出下一轮。", "en": "When a player's last play stands, the next player leads the next round."}},
    "bomb": {"term": {"zh": "炸弹", "en": "bomb"},
             "def": {"zh": "四张同点数的牌，能压住不是炸弹的牌型。", "en": "Four cards of one rank; it beats any play that is not a bomb."}},
    "rocket": {"term": {"zh": "天王炸", "en": "rocket"},
               "def": {"zh": "大王加小王，最大的牌型。", "en": "The big and the small joker together, the highest play."}},
    "flush": {"term": {"zh": "清一色", "en": "flush"},
              "def": {"zh": "全部同一花色的顺子，比杂色的顺子大。", "en": "A straight all of one suit; it beats a straight of mixed suits."}},
    "places": {"term": {"zh": "第一名、第二名、第三名", "en": "first, second, third"},
               "def": {"zh": "按出完牌的先后排的名次。", "en": "The places in the order the players go out."}},
    "tally": {"term": {"zh": "总分", "en": "tally"},
              "def": {"zh": "一场里每局按名次记的分加起来；打完一场，总分最高的人赢。", "en": "The points a player's places earned in the hands of a match, added up; the highest tally wins the match."}},
}
"""The words the pages define (hover definitions and the glossary)."""

MATRIX: list[dict[str, Any]] = [
    {"id": "next_leader", "title": {"zh": "一轮后谁出", "en": "Who leads after a round"}, "rules": ["play.next_leader"]},
    {"id": "bombs", "title": {"zh": "炸弹管什么", "en": "What a bomb beats"}, "rules": ["beating.bombs_beat_ordinary"]},
    {"id": "flush", "title": {"zh": "清一色", "en": "Flush"}, "rules": ["combinations.flush_reach"]},
    {"id": "pass", "title": {"zh": "过了还能出", "en": "Playing after a pass"}, "rules": ["play.pass_locks_out"]},
    {"id": "first_lead", "title": {"zh": "第一手", "en": "First lead"}, "rules": ["play.first_lead_with_banker_card"]},
    {"id": "exchange", "title": {"zh": "换牌时机", "en": "When cards change hands"}, "rules": ["exchange.timing"]},
    {"id": "tribute", "title": {"zh": "庄家进贡", "en": "The banker's tribute"}, "rules": ["exchange.banker_tribute"]},
    {"id": "next_banker", "title": {"zh": "下一局庄家", "en": "Next banker"}, "rules": ["banker.keep_when", "banker.next_when_lost"]},
    {"id": "score", "title": {"zh": "一场怎么记分", "en": "How a match is scored"}, "rules": ["match.score"]},
]
"""The comparison page's opening matrix: the readings a Biedan table must agree on, values in words."""


def matrix_fact(name: str, rules: dict, lang: str) -> tuple[Any, str]:
    """No derived matrix cells in Biedan: every row is rule texts."""
    raise KeyError(name)


QUICK_CARD: list[tuple[Text, tuple[str, ...]]] = [
    ({"zh": "庄家和首出", "en": "The banker and the first lead"}, ("banker.first", "play.first_lead")),
    ({"zh": "要记住的数", "en": "Numbers to remember"}, ("deal.hand_size", "egg.count", "egg.cards")),
    ({"zh": "牌型和压牌", "en": "Combinations and beating"},
     ("ranking.sequence_order", "combinations.attachments", "combinations.flush_reach", "beating.follow",
      "beating.bombs_beat_ordinary", "beating.rocket_beats_all")),
    ({"zh": "一轮和出完", "en": "Rounds and going out"},
     ("play.pass", "play.round_end", "play.next_leader", "play.leader_out", "hand_end.when")),
    ({"zh": "换牌和坐庄", "en": "Exchange and the bank"},
     ("exchange.timing", "exchange.banker_tribute", "banker.keep_when", "banker.next_when_lost")),
    ({"zh": "一场和输赢", "en": "The match and its result"}, ("match.hands", "match.score", "match.target")),
]
"""The one-page quick-reference card: titled blocks of rule ids (the layout is ``datong_rules.rulebook.card_page``)."""

SAMPLE_HANDS: dict[str, dict[str, Any]] = {
    "biedan-guide": {"seed": 3, "hand": 1, "bots": "greedy"},  # a bomb, the wind, the banker steps down
}
"""The recorded game of each sample hand: ``datong-rules play biedan/<variant> --seed <seed> --bots <bots>``; ``hand``
is the hand narrated (1 = the first)."""


def sample_hand(variant_id: str) -> dict[str, Any] | None:
    """The sample hand of a variant, replayed from a reference-engine game (:mod:`.sample`), or ``None``."""
    from .sample import replay_sample

    spec = SAMPLE_HANDS.get(variant_id.split("/", 1)[-1])
    return replay_sample(variant_id, **spec, names=NAMES) if spec else None


selection = selector(NAMES)
"""What a selection of cards can do now, in words, for the table (:mod:`.selection`)."""
