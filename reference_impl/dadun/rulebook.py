"""打墩 Dadun's data for the rulebook pages (the ``rulebook`` facet of the game registry): the order of ranks, one
example of every combination, and the bomb ladder drawn as cards, strongest first. Everything is read from the
variant's rules mapping; the example ranks and suits are a layout choice, not a rule."""

from __future__ import annotations

from typing import Any

from ..climbing.stories import teller
from ..variant.variant import rule_value
from .selection import selector

SECTION_TITLES: dict[str, dict[str, str]] = {
    "cut": {"zh": "切牌", "en": "The cut"},
    "marked_card": {"zh": "明牌", "en": "The marked card"},
    "merging": {"zh": "合分", "en": "Merging the points"},
}
"""The titles of the rule sections only this game has (the rulebook titles the others)."""

OUTLINE: tuple[str, ...] = ("players", "deck", "cut", "deal", "marked_card", "ranking", "wild", "combinations",
                            "beating", "play", "points", "merging", "hand_end", "settlement", "levels", "match")
"""The rule sections of a Dadun variant in playing order."""

NAMES: dict[str, dict[str, str]] = {
    "single": {"zh": "单张", "en": "Single"}, "pair": {"zh": "对子", "en": "Pair"},
    "triple": {"zh": "光三", "en": "Bare triple"}, "full_house": {"zh": "三带二", "en": "Full house"},
    "straight": {"zh": "五张顺", "en": "Straight"}, "pair_run": {"zh": "三连对", "en": "Pair run"},
    "triple_run": {"zh": "三连三", "en": "Triple run"}, "straight_flush": {"zh": "同花顺", "en": "Straight flush"},
    "bomb": {"zh": "炸弹", "en": "Bomb"}, "linked_bomb": {"zh": "连炸", "en": "Linked bomb"},
    "dun": {"zh": "墩", "en": "Dun"}, "linked_dun": {"zh": "连墩", "en": "Linked dun"},
    "joker_bomb": {"zh": "天王炸", "en": "Joker bomb"},
}
"""Names of the combinations (a name not here is shown as it is)."""

_EXAMPLES: dict[str, list[str]] = {
    "single": ["S9"], "pair": ["S9", "D9"], "triple": ["S9", "H9", "C9"],
    "full_house": ["S5", "H5", "C5", "S6", "D6"], "straight": ["S6", "H7", "C8", "D9", "S10"],
    "pair_run": ["S7", "H7", "S8", "C8", "S9", "D9"],
    "triple_run": ["S7", "H7", "C7", "S8", "H8", "D8", "S9", "C9", "D9"],
    "straight_flush": ["H6", "H7", "H8", "H9", "H10"], "bomb": ["SQ", "HQ", "CQ", "DQ"],
    "linked_bomb": ["S5", "H5", "C5", "D5", "S6", "H6", "C6", "D6"], "dun": ["S6", "S6", "S6"],
    "linked_dun": ["S6", "S6", "S6", "D7", "D7", "D7"], "joker_bomb": ["BJ", "BJ", "LJ", "LJ"],
}
_SUITS = "SHCD"


def _ladder_cards(step: dict) -> list[str]:
    size = step["size"]
    if step["combination"] == "straight_flush":
        return ["S9", "S10", "SJ", "SQ", "SK"]
    if step["combination"] == "joker_bomb":
        return list(_EXAMPLES["joker_bomb"])
    if step["combination"] == "bomb":
        return [_SUITS[i % 4] + "7" for i in range(size)]
    half = size // 2
    return [_SUITS[i % 4] + "7" for i in range(half)] + [_SUITS[i % 4] + "8" for i in range(half)]


def _step_label(step: dict) -> dict[str, str]:
    """The name of one step of the ladder: 八张炸 / 8-card bomb, 六张连炸 (6+6) / 6+6 linked bomb, 同花顺, 墩."""
    size, kind = step["size"], step["combination"]
    numbers = "零一二三四五六七八九十"
    count = (lambda n: numbers[n] if n <= 10 else f"十{numbers[n - 10]}" if n < 20 else str(n))
    if kind == "bomb":
        return {"zh": f"{count(size)}张炸", "en": f"{size}-card bomb"}
    if kind == "linked_bomb":
        return {"zh": f"{count(size // 2)}张连炸", "en": f"{size // 2}+{size // 2} linked bomb"}
    name = NAMES.get(kind, {"zh": kind, "en": kind})
    return {"zh": name["zh"], "en": name["en"].lower()}


def chart_data(rules: dict) -> dict | None:
    """``{rows: [{label: {zh, en}, groups: [[card…]…], labels?: [{zh, en}…]}]}``: the rank order (at the start level, beating), each
    combination (one group), then the printed bomb ladder strongest first, a dun and a linked dun on top."""
    order = rule_value(rules, "ranking.power_order", None)
    catalogue = rule_value(rules, "combinations.catalogue", None)
    ladder = rule_value(rules, "beating.bomb_ladder", None)
    start = rule_value(rules, "levels.start", None) or "2"
    if not (isinstance(order, list) and isinstance(catalogue, list) and isinstance(ladder, list)):
        return None
    ranks = [start if r == "level" else r for r in order if r != start or r == "level"]
    rows = [{"label": {"zh": f"点数从大到小（打{start}时，压牌；花色不分大小）",
                       "en": f"Ranks high to low (at level {start}, beating; suits do not rank)"},
             "groups": [[r] if r in ("BJ", "LJ") else ["S" + r] for r in ranks]}]
    for combo in catalogue:
        name = combo["name"]
        if name in _EXAMPLES:
            rows.append({"label": NAMES.get(name, {"zh": name, "en": name}), "groups": [_EXAMPLES[name]]})
    extension = rule_value(rules, "beating.bomb_ladder_extension", None)
    jokers = [s for s in (extension if isinstance(extension, list) else []) if s.get("combination") == "joker_bomb"]
    steps = [{"combination": "linked_dun", "size": 6}, {"combination": "dun", "size": 3}] + jokers + list(
        reversed(ladder))
    groups = [_EXAMPLES[s["combination"]] if s["combination"] in ("dun", "linked_dun") else _ladder_cards(s)
              for s in steps]
    rows.append({"label": _LADDER_LABELS[bool(jokers)], "groups": groups, "labels": [_step_label(s) for s in steps]})
    return {"rows": rows}


_LADDER_LABELS = {
    False: {"zh": "墩和炸弹从大到小（连墩 > 墩 > 八张炸 > 六张连炸 > … > 四张炸）",
            "en": "Duns and bombs, strongest first (linked dun > dun > 8-card bomb > 6+6 linked > … > 4-card bomb)"},
    True: {"zh": "墩和炸弹从大到小（连墩 > 墩 > 天王炸 > 八张以上的炸弹 > 八张炸 > 六张连炸 > … > 四张炸）",
           "en": "Duns and bombs, strongest first (linked dun > dun > joker bomb > the bombs above 8 cards > 8-card bomb "
                 "> 6+6 linked > … > 4-card bomb)"},
}
"""The label of the ladder row, without and with a joker bomb on top of the ladder's extension."""


# -- the player's pages: outline, teaching examples, words, terms, matrix, sample hand ---------------------
Text = dict[str, str]

example_story = teller(NAMES)
"""A teaching example's situation and answer as stories, told as every climbing game tells them
(:func:`..climbing.stories.example_story`) with this game's combination names."""

FAMILY: Text = {
    "zh": "出牌比大小的升级游戏，把八十分的抓分和掼蛋的出牌合在一起",
    "en": "a climbing game with levels, joining the point capturing of Bashifen (八十分) to the play of Guandan (掼蛋)",
}

PLAYER_PAGE: list[dict[str, Any]] = [
    {"id": "game",
     "title": {"zh": "这是什么游戏", "en": "The game"},
     "intro": {"zh": "打墩是{family}：四个人两两一队，同伴对面坐，用三副牌打。轮到的人要么用同样的牌型压住上一手，要么过；"
                     "出完牌的先后和抓到的分（5、10、K）决定哪一队升级。两队都从2打起，先在打A的一局里赢的一队赢得全局。"
                     "三张完全相同的牌叫“墩”，比任何炸弹都大。",
               "en": "Dadun is {family}: four players in two teams, partners facing each other, play with three decks. "
                     "Whoever is to play either beats the last play with the same kind of combination or passes; the "
                     "order of going out and the points captured (5s, 10s and kings) decide which team goes up. Both "
                     "teams start at level 2, and the first team to win a hand played at its level A wins the match. "
                     "Three identical cards are a dun, stronger than any bomb."},
     "terms": ["dun", "linked_dun", "bomb", "level", "wild", "marked_card", "round", "wind", "places", "patterns",
               "full"]},
    {"id": "players",
     "title": {"zh": "人数与座位", "en": "Players and seats"},
     "picture": "seating",
     "rules": ["players.*"]},
    {"id": "cards",
     "title": {"zh": "用牌和牌的大小", "en": "Cards and ranking"},
     "picture": "ranking",
     "rules": ["deck.*", "ranking.power_order", "ranking.suits", "ranking.sequence_order", "points.cards"]},
    {"id": "flow",
     "title": {"zh": "一局怎么打", "en": "How a hand goes"},
     "steps": [
         {"zh": "切牌：切牌的人翻开一张明牌，按它的点数从切牌人数起，数到的人先抓牌。",
          "en": "Cut: the cutter turns up the marked card; counting its value round the table from the cutter gives "
                "the first drawer."},
         {"zh": "抓牌：从先抓的人起一张一张把162张牌抓完（41、41、40、40张）；先抓的人拿到明牌。",
          "en": "Draw: from the first drawer the players draw the 162 cards one at a time (41, 41, 40 and 40); the "
                "first drawer gets the marked card."},
         {"zh": "明牌奖励：明牌的另外两张也在明牌主人或他同伴手里，这一队到局末多升级。",
          "en": "Marked-card bonus: when the two copies of the marked card are with its holder or the partner, that "
                "team goes up extra levels at the end of the hand."},
         {"zh": "首出：拿到明牌的人先出，出任何牌型都行。", "en": "First lead: the holder of the marked card leads any combination."},
         {"zh": "一轮：下家用同一牌型、同样张数、更大的牌压住，或者用炸弹、墩压，或者过；其他人都过，这一轮结束，最后压牌的人拿走这一轮的分，再出下一轮。",
          "en": "A round: each next player beats the last play with the same combination, as many cards and higher, "
                "or with a bomb or a dun, or passes; when all the others pass, the last player takes the round's "
                "points and leads the next."},
         {"zh": "出完和接风：出完最后一手没人压时，由他的同伴接风先出。",
          "en": "Going out and the wind: when a player's last play stands, the partner takes the wind and leads."},
         {"zh": "一局结束：同伴包了头游和二游就立刻结束；否则第三个人出完时结束。",
          "en": "End of the hand: at once when partners go out first and second; otherwise when the third player is out."},
         {"zh": "结算：合并两方的分，看满不满，定哪一队升几级，下一局打赢的一队的级。",
          "en": "Settle: the sides' points are merged and checked against their marks; the winners go up, and the "
                "next hand is played at the winners' level."},
     ],
     "aims": {"zh": "每一队的目标：两人都早早出完（最好包头游二游），或者抓够分：头游方要{settlement.thresholds.first_side}分，"
                    "另一方要{settlement.thresholds.other_side}分。",
              "en": "Each team wants both partners out early (first and second out is best), or enough points: "
                    "{settlement.thresholds.first_side} for the side of the first player out, "
                    "{settlement.thresholds.other_side} for the other side."}},
    {"id": "cut",
     "title": {"zh": "切牌、抓牌和明牌", "en": "The cut, the draw and the marked card"},
     "rules": ["cut.*", "deal.*", "marked_card.*"]},
    {"id": "level",
     "title": {"zh": "级牌和百搭", "en": "The level rank and wild cards"},
     "rules": ["ranking.level_promotion", "ranking.lead_means", "ranking.level_beats_led_level",
               "ranking.full_house_pair", "wild.*"]},
    {"id": "combinations",
     "title": {"zh": "牌型和压牌", "en": "Combinations and beating"},
     "rules": ["combinations.*", "beating.follow"]},
    {"id": "bombs",
     "title": {"zh": "炸弹和墩", "en": "Bombs and duns"},
     "rules": ["beating.bombs_beat_ordinary", "beating.bomb_ladder", "beating.bomb_ladder_extension", "beating.duns",
               "beating.linked_dun_order"]},
    {"id": "rounds",
     "title": {"zh": "一轮、抓分和接风", "en": "Rounds, points and the wind"},
     "rules": ["play.*", "points.capture"]},
    {"id": "scoring",
     "title": {"zh": "算分和结算", "en": "Scoring"},
     "terms": ["places", "patterns", "full", "first_side"],
     "rules": ["points.final_round", "points.last_out", "merging.*", "hand_end.*", "settlement.*"]},
    {"id": "match",
     "title": {"zh": "升级和全局", "en": "Levels and the match"},
     "rules": ["levels.*", "match.*"]},
    {"id": "tips",
     "title": {"zh": "几点建议", "en": "Tips"},
     "tips": [
         {"zh": "和同伴商量：规则允许当面说好谁压、谁不压、用什么牌型压，只是不能说自己手里有什么牌。",
          "en": "Talk to your partner: the rules let you agree openly who beats, who holds back and with what kind "
                "of play, as long as neither says what they hold."},
         {"zh": "留着墩：一个墩比任何炸弹都大，留给决定头游或分多的那一轮。",
          "en": "Save your duns: a dun beats any bomb, so keep it for the round that decides who goes out first or "
                "that carries many points."},
         {"zh": "和同伴拿头游、二游，这一局马上结束，直接升两级；差一点时，先帮同伴走。",
          "en": "If you and your partner go out first and second, the hand ends at once and your team goes up two "
                "levels; when that is close, help your partner out first."},
         {"zh": "红桃级牌是百搭，能补成炸弹或同花顺，但不能凑墩，也不能和王配对。",
          "en": "The heart level cards are wild: they can complete a bomb or a straight flush, but never a dun, and "
                "never a pair with a joker."}],
     "source": None},
    {"id": "house_rules",
     "title": {"zh": "这类游戏常见的家规", "en": "House rules of the family"},
     "intro": {"zh": "下面几条不是原文的读法，而是掼蛋、升级一类游戏有的牌桌玩的家规；牌桌约定了，就写进自己的家规文件"
                     "（写法见规则维护指南的选项表）：",
               "en": "These are not readings of the source but house rules that some tables of the family (Guandan, "
                     "Sheng Ji) play; a table that agrees to one writes it in its house file (the rule keepers' guide "
                     "lists how):"},
     "steps": [
         {"zh": "级牌在任何一手里都比A大，一局的第一手也一样（掼蛋的大小顺序）。",
          "en": "Level cards rank above A in every play, the hand's first lead included (Guandan's order)."},
         {"zh": "顺子、三连对、三连三、同花顺和连墩、连炸跳过级牌：级牌提到A上面后空出的位置两边算相连（打8时5-6-7-9-10是顺子，"
                "777999是连墩），级牌不进顺子和连。",
          "en": "Runs, straight flushes, linked duns and linked bombs jump the level rank: the ranks on either side "
                "of the gap it leaves are adjacent (at level 8, 5-6-7-9-10 is a straight and 777999 a linked dun), "
                "and no run or link holds it."},
         {"zh": "天王炸：两张大王加两张小王，比所有炸弹和连炸都大，仍小于墩和连墩（六张王本来就是大小王连墩）。",
          "en": "The joker bomb: two big and two small jokers, above every bomb and linked bomb, still below a dun and "
                "a linked dun (all six jokers are already the joker linked dun)."}]},
    {"id": "differences",
     "title": {"zh": "这个版本的不同之处", "en": "How this variant differs"},
     "intro": {"zh": "目前只收了这一个版本。它像掼蛋一样四人两队出牌、先出完的好，又像八十分一样抓5、10、K的分；"
                     "和掼蛋不同的是用三副牌，有墩和连墩，没有进贡，切牌翻明牌定谁先出。原文没说清的地方，"
                     "这个版本都选了一种读法；下面每一条后面写着没有选的读法，牌桌也可以约定照它打：",
               "en": "This is the only variant so far. Like Guandan it is played by two teams who try to go out first, "
                     "and like Bashifen it counts the 5s, 10s and kings captured; unlike Guandan it uses three decks, "
                     "has duns and linked duns, no tribute, and a cut with a marked card decides who leads. Where the "
                     "source is unclear the variant picks one reading; each rule below names the reading not chosen, which a "
                     "table may agree to play instead:"},
     "rules": ["ranking.lead_means", "ranking.level_beats_led_level", "ranking.full_house_pair", "wild.for_jokers",
               "wild.alone", "wild.three_wilds_dun", "combinations.triple_run_ace", "combinations.linked_bomb_halves",
               "beating.linked_dun_order", "merging.stages", "settlement.levels", "settlement.tribute", "match.end",
               "marked_card.later_hands"]},
]
"""The player's page, section by section (the layout is :mod:`datong_rules.rulebook.player_page`)."""

EXAMPLES: dict[str, dict[str, list[str]]] = {
    "cut": {"dadun-guide": ["deal-order.five-001", "deal-order.ace-001", "deal-order.later-hand-001",
                            "marked-card.all-three-001", "marked-card.partner-pair-001",
                            "marked-card.opponent-pair-001"]},
    "level": {"dadun-guide": ["beats.level-two-beats-ace-001", "beats.level-led-face-value-001",
                              "beats.level-beating-above-ace-001", "beats.level-on-led-level-001",
                              "classify.wild-alone-001", "classify.wild-pair-001", "classify.wild-bomb-001",
                              "classify.wild-no-dun-001", "classify.wild-joker-pair-none-001"]},
    "combinations": {"dadun-guide": ["beats.single-higher-001", "beats.single-equal-001", "beats.pair-on-single-001",
                                     "beats.full-house-higher-pair-001", "beats.straight-higher-001",
                                     "beats.pair-run-printed-001"]},
    "bombs": {"dadun-guide": ["beats.bomb-on-single-001", "beats.bomb-five-on-four-001", "beats.sf-on-five-bomb-001",
                              "beats.linked-four-on-sf-001", "beats.dun-on-eight-bomb-001",
                              "beats.dun-on-joker-linked-001"]},
    "rounds": {"dadun-guide": ["round.all-pass-001", "round.beaten-round-001", "round.points-sum-001",
                               "round.wind-001", "round.wind-beaten-001"]},
    "scoring": {"dadun-guide": ["round-points.five-ten-king-001", "settle.partners-1-2-001",
                                "settle.13-24-first-full-001", "settle.13-24-both-full-001",
                                "settle.13-24-neither-full-001", "settle.14-23-both-full-001",
                                "settle.14-23-neither-001", "settle.losers-below-35-001"]},
    "match": {"dadun-guide": ["settle.stop-at-ace-001", "settle.win-at-ace-001"]},
}
"""Teaching examples by section, simplest first; every name is a scenario ``dadun.<variant>.<name>`` of the suite."""

FIELD_VALUES: dict[str, dict[str, dict[str, Text]]] = {
    "combinations.catalogue": {
        "pair": {
            "adjacent_rank": {"zh": "葫芦（三带二）里的对子必须和三张的点数相邻。",
                              "en": "A full house's pair is of a rank next to the triple's."},
            "any_rank": {"zh": "葫芦里的对子可以是任何别的点数（大小王能不能当对子，看 full_house_adjacency.jokers）。",
                         "en": "A full house's pair may be of any other rank (whether jokers may pair: "
                               "full_house_adjacency.jokers)."},
        },
        "key": {
            "[triple_power, pair]": {"zh": "两手葫芦先比三张，三张一样大再比对子。",
                                     "en": "Two full houses compare their triples, then, if equal, their pairs."},
            "triple_power": {"zh": "两手葫芦只比三张，对子不算。",
                             "en": "Two full houses compare their triples only; the pair does not count."},
        },
    },
    "combinations.full_house_adjacency": {
        "jokers": {
            "excluded": {"zh": "葫芦里不能有大小王。", "en": "No joker in a full house."},
            "as_pair": {"zh": "两张相同的王（两张大王或两张小王）可以当对子不限点数的葫芦里的对子，不能当三张；百搭牌不能代替王。",
                        "en": "Two identical jokers may be the pair of a full house whose pair is of any rank, never "
                              "the triple; a wild card never stands for them."},
        },
    },
    "match.end": {
        "at": {
            "any_level_a": {"zh": "一队打到A以后，打A的任何一局都可以过A。",
                            "en": "A team at A may pass A in any hand played at A."},
            "own_level_a": {"zh": "只有打自己的A的那一局才能过A（上一局的赢家拥有这一局打的级）：两队都到A时只有拥有者能过，"
                                  "也只算拥有者打A的失败次数。",
                            "en": "A team may pass A only in a hand played at its own level A (the previous hand's "
                                  "winners own the level played): when both teams are at A only the owner can pass, "
                                  "and only the owner's failures at A count."},
        },
    },
}
"""Named values of fields inside a rule's value (the options page lists them under the rule's values): rule id →
field → value as written in YAML flow style → its words."""

WORDS: dict[str, dict[str, Text]] = {"dadun-guide": {}}
"""No concept has two names in the one source."""

TERMS: dict[str, dict[str, Text]] = {
    "dun": {"term": {"zh": "墩", "en": "dun"},
            "def": {"zh": "三张完全相同（点数和花色都一样）的牌，比任何炸弹都大。", "en": "Three identical cards (same rank and suit); it beats any bomb."}},
    "linked_dun": {"term": {"zh": "连墩", "en": "linked dun"},
                   "def": {"zh": "两个点数相同或相邻的墩，最大的牌型。", "en": "Two duns of equal or adjacent ranks, the strongest kind of play."}},
    "bomb": {"term": {"zh": "炸弹", "en": "bomb"},
             "def": {"zh": "四张或更多同点数的牌；同花顺和连炸也当炸弹用。", "en": "Four or more cards of one rank; straight flushes and linked bombs count as bombs too."}},
    "level": {"term": {"zh": "级、级牌", "en": "level, level rank"},
              "def": {"zh": "级是每一队在一场里走到的位置，从2一级一级升到A，赢了一局就升级；每一局打某一个级，这个点数的牌就是级牌，压牌时比A大。",
                      "en": "A team's level is how far it has come in the match, from 2 up to A; winning a hand raises it. "
                            "Each hand is played at one level, and the cards of that rank are the level rank: when "
                            "beating they rank above A."}},
    "wild": {"term": {"zh": "百搭", "en": "wild card"},
             "def": {"zh": "级牌的三张红心，可以当别的牌用，但不能凑墩。", "en": "The three hearts of the level rank; they may stand for other cards, but never help make a dun."}},
    "marked_card": {"term": {"zh": "明牌", "en": "marked card"},
                    "def": {"zh": "切牌时翻开的那张牌，拿到它的人先出。", "en": "The card turned up at the cut; whoever draws it leads first."}},
    "round": {"term": {"zh": "一轮", "en": "round"},
              "def": {"zh": "从首发一手牌到其他人都过为止；最后压牌的人拿走这一轮的分。", "en": "From a lead until all others pass; the last player takes the round's points."}},
    "wind": {"term": {"zh": "接风", "en": "take the wind"},
             "def": {"zh": "有人出完最后一手牌而没人压时，由他的同伴先出下一轮。", "en": "When a player's last play stands, the partner leads the next round."}},
    "places": {"term": {"zh": "头游、二游、三游、末游", "en": "first, second, third out, last"},
               "def": {"zh": "按出完牌的先后排的名次。", "en": "The places in the order the players go out."}},
    "patterns": {"term": {"zh": "1+2、13+24、14+23", "en": "1+2, 13+24, 14+23"},
                 "def": {"zh": "出完的格局，数字是名次：1头游、2二游、3三游、4末游，加号连起来的是同一队。1+2：头游和二游是同伴，"
                               "这一局马上结束；13+24：头游和三游一队，二游和末游一队；14+23：头游和末游一队，二游和三游一队。"
                               "后两种要看两队的分满不满。",
                         "en": "How the hand finished, by places: 1 first out, 2 second, 3 third, 4 last; numbers joined by + "
                               "are one team. 1+2: the first and second out are partners, and the hand ends at once; 13+24: "
                               "first and third are one team, second and last the other; 14+23: first and last are one "
                               "team, second and third the other. In these two the points decide."}},
    "full": {"term": {"zh": "满", "en": "full"},
             "def": {"zh": "一方的分够了：头游方155分，另一方135分。", "en": "A side has enough points: 155 for the first-out side, 135 for the other."}},
    "first_side": {"term": {"zh": "头游方", "en": "first-out side"},
                   "def": {"zh": "头游所在的一队。", "en": "The team of the first player out."}},
}
"""The words the pages define (hover definitions and the glossary)."""

MATRIX: list[dict[str, Any]] = [
    {"id": "lead_means", "title": {"zh": "什么算首发", "en": "What counts as a lead"}, "rules": ["ranking.lead_means"]},
    {"id": "level_on_level", "title": {"zh": "级牌压级牌", "en": "Level card on level card"}, "rules": ["ranking.level_beats_led_level"]},
    {"id": "wilds", "title": {"zh": "百搭", "en": "Wild cards"}, "rules": ["wild.for_jokers", "wild.alone", "wild.three_wilds_dun"]},
    {"id": "triple_run", "title": {"zh": "AAA222333", "en": "AAA222333"}, "rules": ["combinations.triple_run_ace"]},
    {"id": "linked_dun", "title": {"zh": "连墩大小", "en": "Linked dun order"}, "rules": ["beating.linked_dun_order"]},
    {"id": "merging", "title": {"zh": "合并分数", "en": "Merging points"}, "rules": ["merging.stages"]},
    {"id": "levels", "title": {"zh": "升几级", "en": "Levels won"}, "rules": ["settlement.levels"]},
    {"id": "marked", "title": {"zh": "以后各局的明牌", "en": "Later marked cards"}, "rules": ["marked_card.later_hands"]},
]
"""The comparison page's opening matrix: the readings a Dadun table must agree on, values in words."""


def matrix_fact(name: str, rules: dict, lang: str) -> tuple[Any, str]:
    """No derived matrix cells in Dadun: every row is rule texts."""
    raise KeyError(name)


QUICK_CARD: list[tuple[Text, tuple[str, ...]]] = [
    ({"zh": "要记住的数", "en": "Numbers to remember"}, ("deal.hand_sizes", "points.cards", "term:patterns",
                                                       "settlement.thresholds")),
    ({"zh": "明牌", "en": "The marked card"}, ("marked_card.first_lead", "marked_card.bonus_all_three",
                                             "marked_card.bonus_partner_pair")),
    ({"zh": "级牌和百搭", "en": "Level rank and wild cards"}, ("ranking.level_promotion", "wild.cards", "wild.never_in")),
    ({"zh": "牌型和压牌", "en": "Combinations and beating"},
     ("combinations.full_house_adjacency", "beating.follow", "beating.bombs_beat_ordinary", "beating.duns")),
    ({"zh": "一轮和出完", "en": "Rounds and going out"}, ("play.pass", "points.capture", "play.wind", "hand_end.when")),
    ({"zh": "结算", "en": "Settlement"}, ("settlement.partners_first_second", "settlement.decision", "settlement.levels",
                                        "match.end")),
]
"""The one-page quick-reference card: titled blocks of rule ids (the layout is ``datong_rules.rulebook.card_page``)."""

SAMPLE_HANDS: dict[str, dict[str, Any]] = {
    "dadun-guide": {"seed": 2, "hand": 1, "bots": "greedy"},  # a dun, the wind, 14+23 with both sides full
}
"""The recorded game of each sample hand: ``datong-rules play dadun/<variant> --seed <seed> --bots <bots>``; ``hand``
is the hand narrated (1 = the first)."""


def sample_hand(variant_id: str) -> dict[str, Any] | None:
    """The sample hand of a variant, replayed from a reference-engine game (:mod:`.sample`), or ``None``."""
    from .sample import replay_sample

    spec = SAMPLE_HANDS.get(variant_id.split("/", 1)[-1])
    return replay_sample(variant_id, **spec, names=NAMES) if spec else None


selection = selector(NAMES)
"""What a selection of cards can do now, in words, for the table (:mod:`.selection`)."""
