"""The rulebook's own words: headings, labels and the playing order of rule sections.

Only layout vocabulary lives here (what a heading or a table column is called, in 中文 and English).
Every rule text comes from the variant files; nothing here states a rule.
Terms follow the project glossary (docs/glossary.md).
"""

from __future__ import annotations

import re

from typing import Final

LANGS: Final[tuple[str, str]] = ("zh", "en")
"""Page languages, Chinese first."""

LANG_NAMES: Final[dict[str, str]] = {"zh": "中文", "en": "English"}

SECTION_ORDER: Final[tuple[str, ...]] = (
    "players", "deck", "deal", "declaration", "bury", "star_burial", "levels", "trumps", "ranking",
    "combinations", "lead", "follow", "trick", "points", "bottom", "settlement", "rotation",
    "match_end", "stakes",
)
"""Rule sections in playing order. A section of a variant that is not listed here is shown under
"other rules" (:data:`UI` ``other_rules``), never dropped."""

SECTION_TITLES: Final[dict[str, dict[str, str]]] = {  # a game titles its own sections (its facet's SECTION_TITLES)
    "players": {"zh": "人数与座位", "en": "Players and seats"},
    "deck": {"zh": "用牌", "en": "The cards"},
    "deal": {"zh": "起牌", "en": "The deal"},
    "levels": {"zh": "级别", "en": "Levels"},
    "ranking": {"zh": "牌的大小", "en": "Card ranking"},
    "combinations": {"zh": "牌型", "en": "Combinations"},
    "points": {"zh": "分数", "en": "Points"},
    "settlement": {"zh": "结算升级", "en": "Settlement"},
    "beating": {"zh": "管牌", "en": "Beating a play"},
    "play": {"zh": "出牌与过", "en": "Playing and passing"},
    "hand_end": {"zh": "一局结束", "en": "End of the hand"},
    "match": {"zh": "一场", "en": "The session"},
    "wild": {"zh": "百搭", "en": "Wild cards"},
}

SUMMARY_ROWS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("players", ("players.count", "players.partnership")),
    ("cards", ("deck.decks", "deck.jokers_per_deck")),
    ("deal", ("deal.hand_size", "deal.bottom_size")),
    ("objective", ("levels.start", "levels.past_last_level")),
)
"""The summary box: a label key of :data:`UI` and the rule ids whose texts fill the row."""

UI: Final[dict[str, dict[str, str]]] = {
    "players": {"zh": "玩家", "en": "Players"},
    "cards": {"zh": "用牌", "en": "Cards"},
    "deal": {"zh": "发牌", "en": "Deal"},
    "objective": {"zh": "目标", "en": "Objective"},
    "summary": {"zh": "概要", "en": "At a glance"},
    "chart": {"zh": "牌的大小一览", "en": "Card ranking chart"},
    "chart_example": {"zh": "例：打{level}，{suit}为主。", "en": "Example: level {level}, {suit} are trumps."},
    "chart_trumps": {"zh": "主牌（从大到小）", "en": "Trumps, high to low"},
    "chart_side": {"zh": "副牌（每门花色都一样，从大到小）", "en": "A side suit, high to low (all side suits alike)"},
    "chart_equal": {"zh": "框在一起的牌一样大。", "en": "Cards boxed together are equal."},
    "rules": {"zh": "规则", "en": "The rules"},
    "other_rules": {"zh": "其他规则", "en": "Other rules"},
    "source": {"zh": "来源", "en": "Source"},
    "setting": {"zh": "设置", "en": "setting"},
    "source_kind": {"zh": "{kind}，{where}", "en": "{kind}, {where}"},
    "kind_app": {"zh": "程序", "en": "app"},
    "kind_web": {"zh": "网页", "en": "web page"},
    "at_commit": {"zh": "提交 {commit}", "en": "commit {commit}"},
    "at_version": {"zh": "版本 {version}", "en": "version {version}"},
    "section": {"zh": "第{section}节", "en": "section {section}"},
    "inferred": {"zh": "推断（来源未说明）", "en": "Inferred (the sources are silent)"},
    "value_example": {"zh": "例题：取值", "en": "Worked example of the value"},
    "inferred_mark": {"zh": "（来源没讲，这个版本定的）", "en": "(not in the source: this variant's choice)"},
    "note": {"zh": "注", "en": "Note"},
    "value": {"zh": "取值", "en": "Value"},
    "settlement_table": {"zh": "结算表（从上往下，第一条符合的为准）",
                         "en": "Settlement table (the first matching row applies)"},
    "row": {"zh": "行", "en": "Row"},
    "when": {"zh": "条件", "en": "When"},
    "then": {"zh": "结果", "en": "Then"},
    "examples": {"zh": "例题", "en": "Worked examples"},
    "folded_examples": {"zh": "再看{n}个例题", "en": "{n} more worked examples"},
    "folded_example": {"zh": "再看{n}个例题", "en": "{n} more worked example"},
    "page_toc": {"zh": "本页各节", "en": "Sections of this page"},
    "example": {"zh": "例", "en": "Example"},
    "given": {"zh": "已知", "en": "Given"},
    "expect": {"zh": "答案", "en": "Outcome"},
    "reasoning": {"zh": "推理（英文）", "en": "Reasoning"},
    "checks": {"zh": "检验规则", "en": "Checks rules"},
    "more_examples": {"zh": "本节另有{n}个检验例子，见测试套件 {path}。",
                      "en": "{n} more scenarios of this part are in the suite, {path}."},
    "compare": {"zh": "各版本对照", "en": "Variants compared"},
    "compare_link": {"zh": "别的版本有什么不同，见[{title}]({href})。",
                     "en": "How the other variants differ: see [{title}]({href})."},
    "sources": {"zh": "来源文献", "en": "Sources"},
    "other_lang": {"zh": "English version", "en": "中文版"},
    "english_only": {"zh": "（这段说明只有英文：打法文件没有写中文）", "en": ""},
    "same_in_all": {"zh": "各版本相同", "en": "same in all"},
    "differs": {"zh": "不同", "en": "differs"},
    "absent": {"zh": "（无此规则）", "en": "(no such rule)"},
    "rule_id": {"zh": "规则", "en": "Rule"},
    "differences": {"zh": "不同之处一览", "en": "Differences at a glance"},
    "compare_intro": {"zh": "下表按出牌顺序逐条对照{game}的各个版本。黄色标出的行各版本不一样；相同的规则只写一次。",
                      "en": "Every rule of the {game} variants, side by side in playing order. Rows marked in "
                            "yellow differ between variants; a rule that is the same everywhere is written once."},
    "see_table": {"zh": "见该版本的结算表", "en": "see the variant's table"},
    "rulebooks": {"zh": "规则书", "en": "Rulebooks"},
    "rulebooks_intro": {"zh": "每个版本的规则书都由规则数据（spec/）在建站时生成，中文一页，英文一页。",
                        "en": "Every variant's rulebook is generated from the rule data (spec/) when the site is "
                              "built, one page in Chinese and one in English."},
    "variant": {"zh": "版本", "en": "Variant"},
    "seat": {"zh": "{name}", "en": "player {name}"},
    "seats_caption": {"zh": "{first}坐在下方；出牌顺序为{direction}，依次是{order}。",
                      "en": "{first} sits at the bottom; play goes {direction}, in the order {order}."},
    "place_south": {"zh": "南（下方）", "en": "south (bottom)"},
    "place_east": {"zh": "东（右方）", "en": "east (right)"},
    "place_north": {"zh": "北（上方）", "en": "north (top)"},
    "place_west": {"zh": "西（左方）", "en": "west (left)"},
    "direction_counter_clockwise": {"zh": "逆时针", "en": "counter-clockwise"},
    "direction_clockwise": {"zh": "顺时针", "en": "clockwise"},
    "direction_arrow_counter_clockwise": {"zh": "↺ 逆时针", "en": "↺ counter-clockwise"},
    "direction_arrow_clockwise": {"zh": "↻ 顺时针", "en": "↻ clockwise"},
    "round": {"zh": "第{n}圈", "en": "round {n}"},
    "yes": {"zh": "是", "en": "yes"},
    "no": {"zh": "否", "en": "no"},
    "none": {"zh": "无", "en": "none"},
    "and": {"zh": "，", "en": ", "},
    "cards_n": {"zh": "（共{n}张）", "en": " ({n} cards)"},
    "options": {"zh": "规则选项参考", "en": "Options reference"},
    "options_intro": {"zh": "规则数据格式（<code>spec/schema/variant.schema.json</code>）里的每一条规则：它决定什么，可以取哪些值，"
                            "收录的各个版本各取了哪个值（点版本名看它的规则书）。来源之间有分歧的选项排在最前面，用黄色标出，"
                            "这些是俱乐部写自己的打法时要拿主意的地方。没有一个来源用到的取值是家规选项。",
                      "en": "Every rule of the rule data format (<code>spec/schema/variant.schema.json</code>): what it "
                            "decides, the values the kit accepts, and which bundled variant uses which value (a "
                            "variant's name links to its rulebook). The options where the sources differ come first, "
                            "marked in yellow: they are what a club has to decide when it writes its own variant. A "
                            "value that no source uses is a house option."},
    "options_stats": {"zh": "共{n}条规则，其中{k}条各来源不同；可玩的版本必须写出其中{r}条（<code>$defs/complete.{game}</code>）。",
                      "en": "{n} rules, {k} of which differ between the sources; a playable variant must define "
                            "{r} of them (<code>$defs/complete.{game}</code>)."},
    "options_how": {"zh": "怎样写自己的打法、检查它、和已发布的版本比较，见[规则维护指南]({href})。",
                    "en": "How to write your own variant, check it and compare it with a bundled one: see the "
                          "[rule keeper's guide]({href})."},
    "options_link": {"zh": "每条规则可以取哪些值，见[{title}]({href})。",
                     "en": "Which values each rule accepts: see [{title}]({href})."},
    "options_differ": {"zh": "各来源不同的选项", "en": "Where the sources differ"},
    "options_differ_intro": {"zh": "下面每一条，各个来源的规定都不一样，俱乐部要自己选定一种。",
                             "en": "The sources disagree on each of these; a club has to pick one."},
    "options_agreed": {"zh": "各来源相同的选项", "en": "Where the sources agree"},
    "options_agreed_intro": {"zh": "下面的规则各个来源都一样；表里另外列出的取值是家规选项。",
                             "en": "The sources agree on these rules; any other value listed is a house option."},
    "decides_differ": {"zh": "各来源的规定不同，条文见下。", "en": "The sources differ; their texts are below."},
    "schema_text": {"zh": "格式说明（英文）", "en": "Schema"},
    "accepts": {"zh": "可取的值", "en": "Accepts"},
    "used_by": {"zh": "采用的版本", "en": "Used by"},
    "meaning": {"zh": "条文", "en": "Text"},
    "field": {"zh": "字段", "en": "Field"},
    "field_meaning": {"zh": "含义", "en": "Meaning"},
    "field_values": {"zh": "取值里各字段的可选值", "en": "Named values of the fields inside the value"},
    "house_option": {"zh": "家规选项，来源中没有", "en": "house option, not used by any source"},
    "optional": {"zh": "可以不写", "en": "optional"},
    "unset": {"zh": "收录的版本都没有这条规则", "en": "no bundled variant sets it"},
    "list_sep": {"zh": "、", "en": ", "},
    "seating_label": {"zh": "座位图：甲、乙、丙、丁按出牌顺序围桌而坐，同队的两人面对面，出牌方向为{direction}",
                      "en": "Seating: players A, B, C, D sit round the table in playing order, partners opposite; "
                            "play goes {direction}"},
    "seating_caption": {"zh": "同色的两人是一队，面对面坐；箭头是起牌、出牌的方向（{direction}）。",
                        "en": "Partners share a colour and sit opposite; the arrow shows the direction of the deal "
                              "and of play ({direction})."},
    "seating_label_solo": {"zh": "座位图：各人按出牌顺序围桌而坐，出牌方向为{direction}",
                           "en": "Seating: the players sit round the table in playing order; play goes {direction}"},
    "seating_caption_solo": {"zh": "没有固定的队：庄家一人对其余的人；箭头是摸牌、出牌的方向（{direction}）。",
                             "en": "No fixed teams: the banker plays against the others; the arrow shows the direction "
                                   "of the deal and of play ({direction})."},
    "rule_data": {"zh": "这条规则的数据和出处", "en": "this rule as data, with its source"},
    "rule_ref": {"zh": "§", "en": "§"},
    "table": {"zh": "在牌桌上试玩", "en": "Play it at the table"},
    "table_intro": {"zh": "边打边学：在浏览器里打这个版本，你坐一个位子，其余几家由机器人打。哪一手牌不合规则，页面会说出是哪条规则不允许、"
                          "它出自哪里，并链接回这本规则书。先装上牌桌扩展，再打开牌桌：",
                    "en": "Learn it by playing: open this variant at a table in your browser, you at one seat and bots at the "
                          "others. When the rules refuse a play, the page names the rule that refuses it and its source, "
                          "with a link back to this rulebook. Install the table extra, then open the table:"},
    "table_house": {"zh": "打自己的家规时，把版本名换成家规文件的路径。",
                    "en": "To play your own house rules, give the path of your house file instead of the variant's name."},
    "table_friends": {"zh": "和朋友一起打：牌桌页面上的“和朋友一起打”给每个座位一个邀请链接，朋友在自己的浏览器里打开链接就坐到"
                            "那个座位上，谁出了牌，大家的页面马上都看得到；没人坐的座位由机器人打，开桌的人随时可以取消邀请。"
                            "朋友不在这台电脑上时，启动牌桌时把监听地址设成这台电脑在局域网里的地址，或者 0.0.0.0（这台电脑的每个"
                            "地址；命令会提醒这样做让谁能连进来）（见命令帮助；默认的 127.0.0.1 只有本机能连）。被取消邀请的朋友，"
                            "页面上会看到邀请已经取消。",
                      "en": "To play with friends: the table page's \"Play with friends\" gives one invitation link per "
                            "seat; a friend who opens it in their own browser takes that seat, and every move shows at "
                            "once on everyone's page. Seats nobody takes are played by bots, and the host can revoke a "
                            "link at any time (the friend's page then says so). For friends on other computers, start "
                            "the table with --host and this computer's address on your local network, or 0.0.0.0 "
                            "(every address of this computer; the command warns who can then reach it); the default, "
                            "127.0.0.1, serves this computer only."},
    "tips_source": {"zh": "这几点是来源《{title}》第{section}部分里的建议，用我们自己的话说。",
                    "en": "These retell, in our own words, the advice of part {section} of the source text 《{title}》."},
    "tips_own": {"zh": "这几点是本工具根据上面的规则给的建议。",
                 "en": "This advice is the kit's own, drawn from the rules above."},
    "point_cards": {"zh": "带金边的是分牌：{cards}分。", "en": "Gold-edged cards score points: {cards}."},
    "sample_hand": {"zh": "牌局实例", "en": "Sample hand"},
    "quick_card": {"zh": "速查卡", "en": "Quick-reference card"},
    "quick_card_pdf": {"zh": "速查卡（PDF，A4一页）", "en": "Quick-reference card (PDF, one A4 page)"},
    "rules_data": {"zh": "规则数据", "en": "Rules as data"},
    "differences_intro": {"zh": "下面这些规则和其他版本不一样：", "en": "In these rules this variant differs from the others:"},
    "toy_deal": {"zh": "简化牌例：只画出有关的几张牌，实际每人{n}张。",
                 "en": "Simplified deal: only the cards that matter are shown; in a real hand each player holds {n}."},
    "answer": {"zh": "结果", "en": "Result"},
    "card_numbers": {"zh": "要记住的数", "en": "Numbers to remember"},
    "card_combinations": {"zh": "牌型和出牌", "en": "Combinations and leading"},
    "card_follow": {"zh": "跟牌和谁大", "en": "Following and who wins"},
    "card_levels": {"zh": "级别和轮庄", "en": "Levels and the next banker"},
    "matrix": {"zh": "主要不同", "en": "The differences that matter"},
    "same_value": {"zh": "取值相同，说法不同", "en": "same value, worded differently"},
    "which_title": {"zh": "我们打的是哪个版本？", "en": "Which variant do we play?"},
    "which_intro": {"zh": "各版本只在下面几处不同。照你们平时的打法，在每一题里找到相符的说法，点进去就是那个版本的规则书。"
                          "多数题都指向同一个版本，就是你们打的版本。",
                    "en": "The variants differ only in the points below. For each question pick the answer your table "
                          "plays; it links to the variant that plays it. The variant most of your answers point to "
                          "is yours."},
    "glossary_title": {"zh": "术语表", "en": "Glossary"},
    "glossary_intro": {"zh": "规则书里用到的词。把鼠标停在词上，也能看到解释。",
                       "en": "The Chinese terms the rulebooks use. Hover over a term to see its definition."},
    "way_in": {"zh": "第一次来？先看", "en": "New here? Start with"},
    "sample_intro": {"zh": "下面是参考引擎按本版本规则打的一局，一步一步讲给你听。规则本身见", "en": "One hand played by the reference engine under this variant's rules, told step by step. For the rules themselves, see the"},
    "sample_source": {"zh": "这局牌由下面的命令记录，可以原样重放：", "en": "The game was recorded with this command, which replays it exactly:"},
    "sample_settle": {"zh": "结算", "en": "Settlement"},

    "rules_data_intro": {"zh": "这一页把本版本的每条规则连同编号、取值和出处逐条列出，供核对和编程用；学打牌请看",
                         "en": "Every rule of this variant with its id, value and source, for checking and for "
                               "implementers; to learn the game, read the"},
    "player_page": {"zh": "玩家规则书", "en": "player's rulebook"},
}

KEY_LABELS: Final[dict[str, dict[str, str]]] = {
    "level": {"zh": "级牌", "en": "level"},
    "trump_suit": {"zh": "主花色", "en": "trump suit"},
    "cards": {"zh": "牌", "en": "cards"},
    "order": {"zh": "从大到小", "en": "high to low"},
    "combination": {"zh": "牌型", "en": "combination"},
    "suit": {"zh": "花色", "en": "suit"},
    "hand": {"zh": "手牌", "en": "hand"},
    "trick": {"zh": "这一轮已出的牌", "en": "trick so far"},
    "play": {"zh": "要出的牌", "en": "play"},
    "legal": {"zh": "合规", "en": "legal"},
    "reason": {"zh": "原因", "en": "reason"},
    "count": {"zh": "数目", "en": "count"},
    "leader": {"zh": "首家", "en": "leader"},
    "plays": {"zh": "各家出牌", "en": "plays"},
    "winner": {"zh": "赢家", "en": "winner"},
    "points": {"zh": "分数", "en": "points"},
    "first_drawer": {"zh": "先起牌的人", "en": "first drawer"},
    "deal": {"zh": "起牌顺序", "en": "dealing order"},
    "bottom": {"zh": "底牌", "en": "bottom"},
    "shows": {"zh": "亮牌", "en": "shows"},
    "hand_number": {"zh": "第几局", "en": "hand number"},
    "banker": {"zh": "庄家", "en": "banker"},
    "outcome": {"zh": "结果", "en": "outcome"},
    "rejected": {"zh": "无效的", "en": "rejected"},
    "dug": {"zh": "挖底", "en": "dug"},
    "awarded": {"zh": "加给闲家", "en": "awarded to the attackers"},
    "bury": {"zh": "扣下的牌", "en": "cards buried"},
    "holdings": {"zh": "手里的大王", "en": "big jokers held"},
    "loads": {"zh": "放进底牌的大王", "en": "big jokers buried"},
    "taken_back": {"zh": "拿回的牌", "en": "taken back"},
    "forced": {"zh": "被迫摘星", "en": "forced loads"},
    "stars": {"zh": "底里大王", "en": "big jokers in the bottom"},
    "levels": {"zh": "级别", "en": "levels"},
    "attacker_points": {"zh": "闲家得分", "en": "attackers' points"},
    "bottom_dug": {"zh": "挖底", "en": "bottom dug"},
    "dug_with_level_rank": {"zh": "用级牌挖底", "en": "dug with level cards"},
    "dug_with_big_joker": {"zh": "用大王挖底", "en": "dug with big jokers"},
    "next_banker": {"zh": "下一局庄家", "en": "next banker"},
    "match_winner": {"zh": "赢得一龙", "en": "match winner"},
    "stakes": {"zh": "输赢分", "en": "stakes"},
    "banker_team": {"zh": "庄家方", "en": "banker team"},
    "attackers": {"zh": "闲家方", "en": "attackers"},
    "seat": {"zh": "座位", "en": "seat"},
    "after": {"zh": "已发牌数", "en": "after cards dealt"},
    "players": {"zh": "人数", "en": "players"},
    "decks": {"zh": "副数", "en": "decks"},
    "hand_size": {"zh": "每人张数", "en": "hand size"},
    "bottom_size": {"zh": "底牌张数", "en": "bottom size"},
    "start_level": {"zh": "起始级", "en": "start level"},
    "point_total": {"zh": "总分", "en": "point total"},
    "threshold": {"zh": "够分线", "en": "threshold"},
    "partners": {"zh": "同伴", "en": "partners"},
    "first_drawer_first_hand": {"zh": "第一局先起牌", "en": "first drawer, first hand"},
    "first_drawer_later_hands": {"zh": "以后各局先起牌", "en": "first drawer, later hands"},
    "attackers_last_banker": {"zh": "闲家方上次的庄家", "en": "attackers' last banker"},
    "bottom_small_jokers": {"zh": "底里小王", "en": "small jokers in the bottom"},
    "accepted": {"zh": "通过", "en": "accepted"},
    "index": {"zh": "序号", "en": "index"},
}
"""Labels of the ``given`` and ``expect`` keys of scenarios (docs/implementers/operations.md).
An unknown key is shown as itself."""

SEAT_KEYS: Final[frozenset[str]] = frozenset({"leader", "winner", "first_drawer", "banker", "next_banker", "seat",
                                           "attackers_last_banker", "first_drawer_later_hands"})
"""Keys whose integer value is a seat."""

CONDITIONS: Final[dict[str, dict[str, str]]] = {
    "attacker_points": {"zh": "闲家得分", "en": "attackers' points"},
    "bottom_dug": {"zh": "挖底", "en": "bottom dug"},
    "banker_level": {"zh": "庄家方级别", "en": "banker team's level"},
    "bottom_big_jokers": {"zh": "底里大王", "en": "big jokers in the bottom"},
    "dug_with_level_rank": {"zh": "用级牌挖底", "en": "dug with level cards"},
    "dug_with_big_joker": {"zh": "用大王挖底", "en": "dug with big jokers"},
}
"""Settlement-table condition keys (``when``)."""

OUTCOMES: Final[dict[str, dict[str, str]]] = {
    "keep": {"zh": "庄家方继续坐庄", "en": "the banker team keeps the bank"},
    "take_over": {"zh": "闲家上台", "en": "the attackers take over"},
    "advance": {"zh": "{team}升{n}级", "en": "{team} advance {n}"},
    "set_level": {"zh": "{team}回到{rank}", "en": "{team} go back to {rank}"},
    "stakes": {"zh": "{team}每人{n:+d}", "en": "{team} {n:+d} per player"},
    "match_winner": {"zh": "{team}赢得一龙", "en": "{team} win the match"},
}
"""Settlement-table outcome keys (``then``)."""


SEAT_NAMES: Final[dict[str, tuple[str, ...]]] = {"zh": ("甲", "乙", "丙", "丁"), "en": ("A", "B", "C", "D")}
"""How the pages name the seats 0..3 (in playing order): 甲乙丙丁 / A B C D; 甲 and 丙 are partners."""


def seat_name(seat: int | str, lang: str) -> str:
    """``甲`` / ``player A`` for seat 0; a seat outside the table is shown by its number."""
    names = SEAT_NAMES[lang]
    n = int(seat) if str(seat).isdigit() else -1
    name = names[n] if 0 <= n < len(names) else str(seat)
    return UI["seat"][lang].format(name=name)


def in_brackets(text: str, lang: str) -> str:
    """``text`` in the page language's brackets: ``（…）`` in 中文, `` (…)`` (with its leading space) in English."""
    return f"（{text}）" if lang == "zh" else f" ({text})"


FORMULA = re.compile(r"[\w .]*[+\-−×*/=<>][\w .+\-−×*/=<>]*")
"""What half-width brackets hold in a 中文 text: a formula, ``座位(s+1) mod 4``."""


def brackets_for(text: str, lang: str) -> str:
    """A data text (a source's author, a rule's words) with the page language's brackets: on a 中文 page a
    half-width pair around words becomes full-width, the spaces around it dropped (a formula keeps its own)."""
    if lang != "zh":
        return text
    return re.sub(r" ?\(([^()]*)\) ?", lambda m: m.group(0) if FORMULA.fullmatch(m.group(1)) else f"（{m.group(1)}）",
                  text)


def label(table: dict[str, dict[str, str]], key: str, lang: str) -> str:
    """The label of ``key`` in ``lang`` from one of the tables above; the key itself when unknown."""
    entry = table.get(key)
    return entry[lang] if entry else key


VALUE_KINDS: Final[dict[str, dict[str, str]]] = {
    "one_of": {"zh": "以下之一：{values}", "en": "one of {values}"},
    "only": {"zh": "只能是 {value}", "en": "only {value}"},
    "integer": {"zh": "整数", "en": "a whole number"},
    "or_null": {"zh": "，或 <code>null</code>", "en": ", or <code>null</code>"},
    "boolean": {"zh": "<code>true</code> 或 <code>false</code>", "en": "<code>true</code> or <code>false</code>"},
    "list_of": {"zh": "列表，每项是{item}", "en": "a list, each item {item}"},
    "at_least": {"zh": "（至少{n}项）", "en": " (at least {n})"},
    "map": {"zh": "映射：{fields}", "en": "a map: {fields}"},
    "map_each": {"zh": "映射，键为 {keys}，每个值是{each}", "en": "a map with keys {keys}, each {each}"},
    "map_pattern": {"zh": "映射，键是符合 <code>{pattern}</code> 的文字，每个值是{each}",
                    "en": "a map whose keys match <code>{pattern}</code>, each {each}"},
    "either": {"zh": "{first}；或者{second}", "en": "{first}; or {second}"},
    "text": {"zh": "符合 <code>{pattern}</code> 的文字", "en": "text matching <code>{pattern}</code>"},
    "any_text": {"zh": "文字", "en": "text"},
    "null": {"zh": "<code>null</code>（不设）", "en": "<code>null</code> (none)"},
}
"""How the options reference words what a value schema accepts (HTML; ``{…}`` are filled in)."""

DEF_LABELS: Final[dict[str, dict[str, str]]] = {
    "rank": {"zh": "点数", "en": "a rank"},
    "seat": {"zh": "座位", "en": "a seat"},
    "trumpClass": {"zh": "主牌类别", "en": "a trump class"},
    "combination": {"zh": "牌型", "en": "a combination"},
    "show": {"zh": "亮主方式", "en": "a kind of show"},
    "settlementRow": {"zh": "结算表的一行", "en": "a settlement row"},
    "identifier": {"zh": "名称（小写字母、数字和下划线）", "en": "a snake_case name"},
}
"""Names of the schema's shared definitions (``$defs``) in the options reference; others are described
by their structure."""
