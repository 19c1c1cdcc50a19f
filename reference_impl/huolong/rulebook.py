"""攉龙 rulebook data (the ``rulebook`` facet of the game registry): the card ranking chart, the outline of a player's page, the teaching examples, the glossary terms and the sample
hands, all owned by the game so that every game supplies its own (the layout is in :mod:`datong_rules.rulebook`).

Nothing here states a rule: rules come from the variant files (``spec/huolong/*.yaml``). This module says in
which order a player meets them, which scenarios of the suite teach them (by name, simplest first), which words
the pages use, and which recorded game each variant's sample hand is taken from.

Public data:

* :func:`chart_data` ``(rules) -> dict | None``: the card ranking chart (groups of example cards), drawn for one
  example level and trump suit (:data:`EXAMPLE_LEVEL`, :data:`EXAMPLE_TRUMP_SUIT`): a layout choice, not a rule.
* :data:`PLAYER_PAGE`: the player's page, section by section (pagat.com's order).
* :data:`EXAMPLES`: per section and variant, the teaching examples by scenario name (the scenario id without
  ``huolong.<variant>.``), in teaching order.
* :data:`TERMS`: the glossary of the pages (Chinese term, English term, definitions in both languages).
* :data:`WORDS`: per variant, the word the pages use for a concept the sources name differently.
* :data:`SAMPLE_HANDS`: per variant, the seed and hand of the recorded game that the sample hand narrates.
* :func:`sample_hand` ``(variant_id) -> dict``: that hand, replayed from its record, as narration data.
* :func:`example_story` ``(scenario, rules) -> dict``: a teaching example's situation and answer as stories
  (:mod:`.stories`).
* :func:`selection` ``(state, seat, cards) -> list``: the actions a selection of cards can make now, in words, for
  the table (:mod:`.selection`).
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..cards import BIG_JOKER, SMALL_JOKER, SUITS
from .selection import selection as selection
from .stories import example_story as example_story

SECTION_TITLES: dict[str, dict[str, str]] = {
    "declaration": {"zh": "亮主定主", "en": "Declaring trumps"},
    "bury": {"zh": "扣底", "en": "Burying the bottom"},
    "star_burial": {"zh": "摘星（载王）", "en": "Star burial (joker loading)"},
    "trumps": {"zh": "主牌", "en": "Trumps"},
    "lead": {"zh": "出牌", "en": "Leading"},
    "follow": {"zh": "跟牌", "en": "Following"},
    "trick": {"zh": "一轮谁大", "en": "Who wins a trick"},
    "bottom": {"zh": "底牌的分", "en": "The bottom's points"},
    "rotation": {"zh": "轮庄", "en": "The next banker"},
    "match_end": {"zh": "一龙结束", "en": "End of the match"},
    "stakes": {"zh": "输赢分", "en": "Stakes"},
}
"""The titles of the rule sections only this game has (the rulebook titles the others)."""

SECTION_WORDS: dict[str, str] = {"star_burial": "star"}
"""Sections titled on the 中文 pages by the variant's own word (:data:`WORDS`): 载王 or 摘星, not both."""

EXAMPLE_LEVEL: Final = "10"
"""The level drawn in the chart when the variant has it (a level in the middle of the order shows
that the level rank leaves its place among the plain cards); otherwise the start level."""
EXAMPLE_TRUMP_SUIT: Final = "H"
EXAMPLE_SIDE_SUIT: Final = "S"


def example_level(levels_order: list[str] | None, start: str | None) -> str:
    """:data:`EXAMPLE_LEVEL` if the variant plays it, else its start level, else ``"3"``."""
    if levels_order and EXAMPLE_LEVEL in levels_order:
        return EXAMPLE_LEVEL
    return start or (levels_order[0] if levels_order else "3")


def trump_groups(trump_order: list[str], plain_order: list[str], level: str, trump_suit: str) -> list[list[str]]:
    """The trumps as groups of equal cards, strongest first.

    Args:
        trump_order: the card classes of ``ranking.trump_order`` (``big_joker``, ``small_joker``,
            ``trump_suit_level``, ``off_suit_level``, ``trump_suit_two``, ``off_suit_two``,
            ``trump_suit_plain``); a class not known here is kept as a one-item group holding its
            name, so nothing is dropped from the chart.
        plain_order: ranks high to low (``ranking.plain_order``).
        level: the level rank, e.g. ``"10"``.
        trump_suit: a suit letter.

    Returns:
        e.g. ``[["BJ"], ["LJ"], ["H10"], ["S10", "C10", "D10"], ["H2"], ["S2", "C2", "D2"], ["HA"], …]``.
    """
    others = [s for s in SUITS if s != trump_suit]
    classes: dict[str, list[list[str]]] = {
        "big_joker": [[BIG_JOKER]],
        "small_joker": [[SMALL_JOKER]],
        "trump_suit_level": [[trump_suit + level]],
        "off_suit_level": [[s + level for s in others]],
        "trump_suit_two": [[trump_suit + "2"]],
        "off_suit_two": [[s + "2" for s in others]],
        "trump_suit_plain": [[trump_suit + r] for r in plain_order if r not in (level, "2")],
    }
    groups: list[list[str]] = []
    for name in trump_order:
        groups.extend(classes.get(name, [[name]]))
    return groups


def side_groups(plain_order: list[str], level: str, suit: str) -> list[list[str]]:
    """One side suit high to low, the level rank taken out: ``[["SA"], ["SK"], …]``."""
    return [[suit + r] for r in plain_order if r not in (level, "2")]


def chart_data(rules: dict[str, Any]) -> dict[str, Any] | None:
    """Everything the chart needs from a variant's ``rules`` mapping, or ``None`` without a ranking.

    Returns:
        ``{"level", "trump_suit", "side_suit", "trumps": groups, "side": groups}``.
    """
    ranking = rules.get("ranking") or {}
    if "trump_order" not in ranking or "plain_order" not in ranking:
        return None
    levels = rules.get("levels") or {}
    level = example_level((levels.get("order") or {}).get("value"), (levels.get("start") or {}).get("value"))
    plain = [str(r) for r in ranking["plain_order"]["value"]]
    side_suit = EXAMPLE_SIDE_SUIT
    return {
        "level": level,
        "trump_suit": EXAMPLE_TRUMP_SUIT,
        "side_suit": side_suit,
        "trumps": trump_groups(list(ranking["trump_order"]["value"]), plain, level, EXAMPLE_TRUMP_SUIT),
        "side": side_groups(plain, level, side_suit),
    }


Text = dict[str, str]

FAMILY: Final[Text] = {
    "zh": "升级类（八十分一族）吃分游戏",
    "en": "a trick-taking level game of the Sheng Ji (升级, \"level up\") / Tractor family",
}

PLAYER_PAGE: Final[list[dict[str, Any]]] = [
    {"id": "game",
     "title": {"zh": "这是什么游戏", "en": "The game"},
     "intro": {"zh": "攉龙是山西大同一带流行的{family}：四个人分成两队，用三副牌打，庄家一方要守住分数和底牌，闲家一方要抓分、挖底。"
                     "两队都从3打起，每局按结果升级，谁先打过A谁赢这一龙。",
               "en": "Huolong is {family} from around Datong in Shanxi: four players in two teams play with three decks; "
                     "the banker team defends the points and the bottom, the attackers try to capture points and win "
                     "the last trick. Both teams start at level 3, each hand moves the levels, and the first team to "
                     "get past A wins the match."},
     "terms": ["banker", "banker_team", "attackers", "level", "trump", "bottom", "meteor", "star_burial", "dig"]},
    {"id": "players",
     "title": {"zh": "人数与座位", "en": "Players and seats"},
     "picture": "seating",
     "rules": ["players.count", "players.partnership", "players.play_direction"]},
    {"id": "cards",
     "title": {"zh": "用牌和牌的大小", "en": "Cards and ranking"},
     "picture": "ranking",
     "rules": ["deck.decks", "deck.jokers_per_deck", "trumps.permanent", "trumps.level_rank", "trumps.trump_suit",
               "ranking.trump_order", "ranking.plain_order", "ranking.trumps_beat_side", "ranking.ties",
               "points.card_points", "combinations.catalogue"]},
    {"id": "flow",
     "title": {"zh": "一局怎么打", "en": "How a hand goes"},
     "steps": [
         {"zh": "起牌：四人轮流一张一张起牌，每人{deal.hand_size}张，剩{deal.bottom_size}张作底牌。",
          "en": "Deal: the players draw one card at a time in turn until each holds {deal.hand_size}; "
                "{deal.bottom_size} cards are left as the bottom."},
         {"zh": "亮主：起牌时亮牌定下主花色和庄家。", "en": "Declare: a show during the deal fixes the trump suit and the banker."},
         {"zh": "扣底：庄家拿起底牌，再扣下同样多的牌。", "en": "Bury: the banker takes the bottom and puts back as many cards."},
         {"zh": "{star}：想冲级的玩家可以把大王放进底牌，换回小牌。",
          "en": "Star burial: players may put big jokers into the bottom for extra levels, taking back small cards."},
         {"zh": "出牌：庄家先出，每轮最大的人拿走这一轮的分，下一轮由他先出。",
          "en": "Play: the banker leads the first trick; whoever wins a trick takes its points and leads the next."},
         {"zh": "最后一轮：赢最后一轮的一方决定底牌：庄家方赢是保底，闲家方赢是{dig}，底牌的分归闲家。",
          "en": "Last trick: if the banker team wins it, the bottom is held; if the attackers win it, they dig the "
                "bottom and score its points."},
         {"zh": "结算：看闲家得分够不够{points.threshold}分、底牌保没保住，查结算表决定谁升几级。",
          "en": "Settle: whether the attackers reached {points.threshold} points and whether the bottom was held "
                "decide, by the settlement table, who advances and how far."},
         {"zh": "下一局：按结算结果定下一局的庄家，再起牌。", "en": "Next hand: the settlement names the next banker; deal again."},
     ],
     "aims": {"zh": "庄家方的目标：让闲家得分少于{points.threshold}分，并赢最后一轮保住底牌。"
                    "闲家方的目标：抓够{points.threshold}分，最好再{dig}。",
              "en": "The banker team wants to keep the attackers under {points.threshold} points and to win the last "
                    "trick. The attackers want {points.threshold} points or more, and to win the last trick too."}},
    {"id": "deal",
     "title": {"zh": "起牌和亮主", "en": "Deal and declaring"},
     "rules": ["deal.method", "deal.first_drawer", "declaration.*"]},
    {"id": "bury",
     "title": {"zh": "扣底和{star}", "en": "Burying and star burial"},
     "rules": ["bury.*", "star_burial.*"]},
    {"id": "play",
     "title": {"zh": "出牌", "en": "Play"},
     "rules": ["lead.*", "follow.*", "trick.*", "points.captured_by"]},
    {"id": "scoring",
     "title": {"zh": "算分和结算", "en": "Scoring"},
     "rules": ["points.threshold", "bottom.*", "settlement.*"]},
    {"id": "match",
     "title": {"zh": "一龙", "en": "The match"},
     "rules": ["levels.*", "rotation.*", "match_end.*", "stakes.*"]},
    {"id": "tips",
     "title": {"zh": "几点建议", "en": "Tips"},
     "tips": [
         {"zh": "记分牌：5、10、K一共300分，闲家要拿到{points.threshold}分。记住哪些分牌已经出过，就知道还能争多少分。",
          "en": "Count the point cards: 5s, 10s and kings make 300 in all, and the attackers need {points.threshold}. "
                "Knowing which have gone tells you how many are still to fight for."},
         {"zh": "最后一轮决定底牌归谁：底里有分时，留一张大主、一对或一个流星到最后。",
          "en": "The last trick decides the bottom: when it holds points, keep a high trump, a pair or a meteor for the end."},
         {"zh": "毙牌只能按领出的牌型毙：单张毙单张、对子毙对子、流星毙流星。手里某门副牌越早出完，越早能毙。",
          "en": "A ruff wins only in the shape led: a single on a single, a pair on a pair, a meteor on a meteor. The "
                "sooner a side suit is gone from your hand, the sooner you can ruff it."},
         {"zh": "{star}要有把握赢最后一轮：失败了大王白放，有的版本还把级数算给对方。",
          "en": "Bury big jokers only when your team can win the last trick: a failed star burial gains nothing, and "
                "in some variants its levels go to the other team."}],
     "source": None},
    {"id": "differences", "title": {"zh": "这个版本的不同之处", "en": "How this variant differs"}},
]
"""The player's page, section by section. ``rules`` lists rule ids (``section.*`` for a whole section) whose
texts the section shows, in that order; ``{family}``, ``{star}``, ``{dig}`` and ``{<rule id>}`` in texts are
filled in (family, the variant's words, the rule's value)."""

EXAMPLES: Final[dict[str, dict[str, list[str]]]] = {
    "deal": {
        "li-zhijiang": ["declare.big-joker-then-heart-six-001", "declare.two-big-jokers-overcall-001",
                        "declare.nobody-bottom-first-card-001"],
        "datong-guide": ["declare.level-card-flip-001", "declare.big-joker-over-small-001",
                         "declare.nobody-bottom-001"],
        "online-platform": ["declare.big-over-small-001", "declare.level-card-flips-001",
                            "declare.nobody-redeal-001"],
    },
    "bury": {
        "li-zhijiang": ["bury.six-side-cards-001", "bury.45-points-001", "star.attacker-loads-one-001",
                        "star.two-loaded-third-forced-001"],
        "datong-guide": ["bury.trumps-allowed-001", "bury.big-joker-001", "star.point-card-taken-001",
                         "star.three-seats-001"],
        "online-platform": ["bury.trumps-allowed-001", "bury.big-joker-001", "star.attacker-buries-one-001",
                            "star.two-in-nothing-forced-001"],
    },
    "play": {
        "li-zhijiang": ["trick.side-single-highest-001", "trick.higher-pair-of-led-suit-001",
                        "trick.ruff-single-001", "trick.overruff-with-off-suit-two-001",
                        "trick.ruff-pair-with-pair-001", "trick.identical-cards-first-wins-001"],
        "datong-guide": ["trick.four-tens-001", "trick.identical-aces-first-wins-001",
                         "trick.level-ten-ruffs-diamonds-001", "trick.pair-ruff-and-overruff-001",
                         "trick.meteor-ruff-overruff-001", "trick.mixed-plays-never-win-001"],
        "online-platform": ["trick.worked-example-side-order-001", "trick.low-trump-takes-points-001",
                            "trick.worked-example-trump-lead-001", "trick.pair-ruff-overruffed-by-jokers-001",
                            "trick.two-different-trumps-on-pair-001", "trick.discarded-kings-001"],
    },
    "scoring": {
        "li-zhijiang": ["settle.points-kept-bottom-held-001", "settle.threshold-120-dug-001",
                        "settle.one-star-held-001", "settle.hook-down-001"],
        "datong-guide": ["settle.threshold-119-held-001", "settle.dig-and-topple-120-001",
                         "settle.one-star-held-001", "settle.shutout-001"],
        "online-platform": ["settle.threshold-119-held-001", "settle.threshold-120-dug-001",
                            "settle.one-star-held-001", "settle.shutout-001"],
    },
}
"""Teaching examples by section and variant, simplest first. Every name must be a scenario of the suite
(``huolong.<variant>.<name>``): a test checks it."""

WORDS: Final[dict[str, dict[str, Text]]] = {
    "li-zhijiang": {"star": {"zh": "载王", "en": "star burial"}, "dig": {"zh": "挖底", "en": "dig the bottom"}},
    "datong-guide": {"star": {"zh": "摘星", "en": "star burial"}, "dig": {"zh": "挖底", "en": "dig the bottom"}},
    "online-platform": {"star": {"zh": "摘星", "en": "star burial"}, "dig": {"zh": "挖底", "en": "dig the bottom"}},
}
"""The word each variant's pages use where the sources differ (载王 in 李志江's text, 摘星 in the others; 挖底
everywhere, never its synonym 抠底), so that a page uses one term per concept."""

TERMS: Final[dict[str, dict[str, Text]]] = {
    "banker": {"term": {"zh": "庄家", "en": "banker"},
               "def": {"zh": "拿底牌、扣底、出第一轮牌的人。", "en": "The player who takes and buries the bottom and leads the first trick."}},
    "banker_team": {"term": {"zh": "庄家方", "en": "banker team"},
                    "def": {"zh": "庄家和他的同伴（对面坐的人）。", "en": "The banker and the banker's partner (sitting opposite)."}},
    "attackers": {"term": {"zh": "闲家", "en": "attackers"},
                  "def": {"zh": "另一队的两个人，他们抓分、挖底。", "en": "The other team; they collect points and try to win the last trick."}},
    "level": {"term": {"zh": "级牌", "en": "level rank"},
              "def": {"zh": "庄家方正在打的级（3到A），这一点数的牌都是主牌。",
                      "en": "The rank the banker team is playing (3 to A); cards of that rank are trumps."}},
    "trump": {"term": {"zh": "主牌", "en": "trumps"},
              "def": {"zh": "大王、小王、所有的2、级牌和主花色的牌，比所有副牌大。",
                      "en": "The jokers, every 2, the level-rank cards and the trump suit; they beat every side card."}},
    "side": {"term": {"zh": "副牌", "en": "side cards"},
             "def": {"zh": "主牌以外的牌。", "en": "The cards that are not trumps."}},
    "bottom": {"term": {"zh": "底牌", "en": "bottom"},
               "def": {"zh": "起牌后剩下的几张牌，归庄家换牌；最后一轮决定底牌的分归谁。",
                       "en": "The cards left after the deal; the banker exchanges them, and the last trick decides who scores them."}},
    "meteor": {"term": {"zh": "流星", "en": "meteor"},
               "def": {"zh": "三张同花色同点数的牌（三张大王也算）。", "en": "Three identical cards (three big jokers count too)."}},
    "pair": {"term": {"zh": "对子", "en": "pair"},
             "def": {"zh": "两张同花色同点数的牌。", "en": "Two identical cards: same suit, same rank."}},
    "star_burial": {"term": {"zh": "摘星", "en": "star burial"},
                    "def": {"zh": "把大王放进底牌冲级。",
                            "en": "Putting big jokers into the bottom for extra levels."}},
    "loading": {"term": {"zh": "载王", "en": "star burial"},
                "def": {"zh": "把大王放进底牌冲级（李志江的叫法）。",
                        "en": "Putting big jokers into the bottom for extra levels."}},
    "dig": {"term": {"zh": "挖底", "en": "dig the bottom"},
            "def": {"zh": "闲家赢了最后一轮，底牌的分归闲家。",
                    "en": "The attackers win the last trick and score the bottom's points."}},
    "dig_alt": {"term": {"zh": "抠底", "en": "dig the bottom"},
                "def": {"zh": "闲家赢了最后一轮，底牌的分归闲家。",
                        "en": "The attackers win the last trick and score the bottom's points."}},
    "hold": {"term": {"zh": "保底", "en": "hold the bottom"},
             "def": {"zh": "庄家方赢了最后一轮，底牌的分不给闲家。", "en": "The banker team wins the last trick; the bottom's points stay out of the attackers' score."}},
    "ruff": {"term": {"zh": "毙", "en": "ruff"},
             "def": {"zh": "没有首家出的花色时，用主牌去打它。", "en": "Playing trumps on a led side suit you have none of, to win the trick."}},
    "declare": {"term": {"zh": "亮主", "en": "declare"},
                "def": {"zh": "起牌时亮出牌来定主花色和庄家。", "en": "Showing cards during the deal to fix the trump suit and the banker."}},
    "overcall": {"term": {"zh": "反主", "en": "overcall"},
                 "def": {"zh": "用更大的亮牌推翻前面的亮主。", "en": "Overriding an earlier declaration with a stronger show."}},
    "take_over": {"term": {"zh": "上台", "en": "take over"},
                  "def": {"zh": "闲家方变成下一局的庄家方。", "en": "The attackers become the banker team of the next hand."}},
    "match": {"term": {"zh": "一龙", "en": "match"},
              "def": {"zh": "从3打到有一队打过A为止的整场比赛。", "en": "A whole game, from level 3 until a team gets past A."}},
    "hook_down": {"term": {"zh": "钩到底", "en": "hooked down"},
                  "def": {"zh": "庄家方打J时被闲家用J挖底，降回3。", "en": "A banker team at J whose bottom is dug with a J falls back to 3."}},
    "shutout": {"term": {"zh": "光头", "en": "shutout"},
                "def": {"zh": "闲家一分没得。", "en": "The attackers scored nothing."}},
}
"""The words the pages define (the glossary page shows them all; a page's first use of one carries its
definition on hover). Definitions follow the project glossary (docs/glossary.md)."""

SAMPLE_HANDS: Final[dict[str, dict[str, Any]]] = {
    "li-zhijiang": {"seed": 5, "hand": 1, "bots": "greedy"},      # a joker loaded, points kept, bottom held
    "datong-guide": {"seed": 8, "hand": 1, "bots": "greedy"},     # two shows, a star, dig-and-topple
    "online-platform": {"seed": 4, "hand": 1, "bots": "greedy"},  # three shows, a star held
}
"""The recorded game each sample hand comes from: ``datong-rules play <id> --seed <seed> --bots <bots> --record FILE``
records it; ``hand`` is the settled hand narrated (1 = the first)."""


def _short(variant_id: str) -> str:
    return variant_id.split("/", 1)[-1]


def levels_of(record: dict[str, Any], banker: int, banker_team: bool) -> str:
    """The level before the hand of the banker team (``banker_team``) or of the attackers."""
    seat_team = banker % 2 if banker_team else (banker + 1) % 2
    return record["team_levels"][seat_team]


def _team(seat: int, banker: int) -> str:
    """``banker_team`` or ``attackers``: the team of ``seat`` in a hand with that banker (partners sit opposite)."""
    return "banker_team" if seat % 2 == banker % 2 else "attackers"


def sample_hand(variant_id: str) -> dict[str, Any] | None:
    """The sample hand of a variant, replayed from the record of a reference-engine game.

    The game is played with the variant's rules, :data:`SAMPLE_HANDS` seed and bots; the chosen hand's record
    (:func:`datong_rules.reference_impl.records.hand_record`) is replayed action by action on a fresh hand, and
    what a narrator needs is read off the replay.

    Returns:
        ``None`` when the variant has no sample; else ``{"seed", "bots", "hand_number", "team_levels", "level",
        "levels_before": {banker_team, attackers}, "first_drawer", "shows": [{seat, cards, after}], "declaration":
        {...}, "banker", "trump_suit", "bottom" (dealt), "buried", "loads": [{seat, count, team}], "final_bottom",
        "tricks": [{"number", "leader", "plays": [[cards] in play order], "seats": [seat of each play], "winner",
        "winner_team", "points", "attackers_won", "ruff", "overruff", "last"}],
        "settle": the record's settle entry, "rows": [{"number", "name", "unmet": [condition keys not met]}] for
        the settlement table's rows down to the one that applies, "sections": the page told as a story
        (:func:`.sample_story.sections`)}``.
    """
    from ..records import hand_record
    from .bots import BOTS
    from .match import Match
    from .rules import rules_for
    from .sample_story import sections

    spec = SAMPLE_HANDS.get(_short(variant_id))
    if spec is None:
        return None
    rules = rules_for(variant_id)
    match = Match(rules, spec["seed"])
    rng = random.Random(spec["seed"])
    settled: list[Any] = []  # as `datong-rules play VARIANT --seed N --bots KIND` plays it
    match.play([BOTS[spec["bots"]](rng) for _ in range(rules.players)], hands=spec["hand"],
               on_hand=lambda st: settled.append(st) if st.phase == "settled" else None)
    if len(settled) < spec["hand"]:
        return None
    record = hand_record(settled[spec["hand"] - 1], seed=spec["seed"])
    replay, told = _replay(record, rules)
    settle = next(a for a in record["actions"] if a["type"] == "settle")
    levels = record["team_levels"]
    hand = {"seed": spec["seed"], "bots": spec["bots"], "hand_number": record["hand_number"],
            "team_levels": list(levels),
            "levels_before": {"banker_team": levels[replay.banker % 2], "attackers": levels[(replay.banker + 1) % 2]},
            "level": replay.level, "first_drawer": record["first_drawer"], **told, "banker": replay.banker,
            "trump_suit": replay.trump_suit, "final_bottom": list(settle["bottom"]), "tricks": _tricks(replay, rules),
            "settle": settle, "rows": _rows(record, replay, rules, settle), "threshold": rules.threshold}
    star = WORDS.get(_short(variant_id), {}).get("star")
    return {**hand, "sections": sections(hand, list(rules.settlement_table), star)}


def _replay(record: dict[str, Any], rules: Any) -> tuple[Any, dict[str, Any]]:
    """A hand record replayed by the replay driver's Huolong steps (:data:`.records.HOOKS`) up to its settlement,
    with what a narrator needs noted on the way. Returns ``(state, told)``, ``told`` being ``{"shows": [{seat, cards,
    after}], "declaration": the record's entry, "bottom": the dealt bottom, "buried": cards, "loads": [{seat, count,
    team}]}``."""
    from .records import HOOKS

    state = HOOKS.start(rules, record, None)
    told: dict[str, Any] = {"shows": [], "declaration": {}, "bottom": [], "buried": [], "loads": []}
    for index, action in enumerate(record["actions"]):
        HOOKS.step(state, index, action)
        kind = action["type"]
        if kind == "show":
            told["shows"].append({"seat": action["seat"], "cards": list(action["cards"]), "after": action["after"]})
        elif kind == "declaration":
            told["declaration"] = dict(action)
        elif kind == "bury":
            told["buried"] = list(action["cards"])
        elif kind == "load":
            told["loads"].append({"seat": action["seat"], "count": action.get("count", 0),
                                  "team": _team(action["seat"], state.banker)})
    told["bottom"] = list(state.dealt_bottom)
    return state, told


def _tricks(replay: Any, rules: Any) -> list[dict[str, Any]]:
    """The replayed hand's tricks as :func:`sample_hand` gives them."""
    ranking = replay.ranking
    tricks = []
    for number, (leader, plays, winner, points) in enumerate(replay.tricks, 1):
        led_trump = ranking.is_trump(plays[0][0])
        trumped = [i for i, p in enumerate(plays) if i and all(ranking.is_trump(c) for c in p)]
        win_trump = all(ranking.is_trump(c) for c in plays[(winner - leader) % rules.players])
        tricks.append({"number": number, "leader": leader, "plays": [list(p) for p in plays], "winner": winner,
                       "seats": [(leader + i) % rules.players for i in range(len(plays))],
                       "winner_team": _team(winner, replay.banker),
                       "points": points, "attackers_won": winner % 2 != replay.banker % 2,
                       "ruff": not led_trump and win_trump,
                       "overruff": not led_trump and win_trump and len(trumped) >= 2,
                       "last": number == len(replay.tricks)})
    return tricks


def _rows(record: dict[str, Any], replay: Any, rules: Any, settle: dict[str, Any]) -> list[dict[str, Any]]:
    """The settlement table's rows down to the one that applies, each with the conditions it does not meet."""
    from .settlement import SettleInput, unmet

    inp = SettleInput(banker=replay.banker, levels={"banker_team": levels_of(record, replay.banker, True),
                                                    "attackers": levels_of(record, replay.banker, False)},
                      attacker_points=settle["attacker_points"], bottom_dug=settle["bottom_dug"],
                      stars=dict(settle["stars"]), dug_with_level_rank=settle["dug_with_level_rank"])
    rows = []
    for number, row in enumerate(rules.settlement_table, 1):
        failed = unmet(row.get("when", {}), inp)
        rows.append({"number": number, "name": row.get("name"), "unmet": failed})
        if not failed:
            break
    return rows


MATRIX: Final[list[dict[str, Any]]] = [
    {"id": "declaration", "title": {"zh": "亮主", "en": "Declaring"}, "rules": ["declaration.shows", "declaration.scope"]},
    {"id": "nobody", "title": {"zh": "没人亮主", "en": "Nobody declares"}, "rules": ["declaration.nobody_declared"]},
    {"id": "bury", "title": {"zh": "扣底限制", "en": "Burying limits"},
     "rules": ["bury.cards", "bury.max_points", "bury.unmet_limits"]},
    {"id": "star", "title": {"zh": "摘星（载王）", "en": "Star burial"},
     "rules": ["star_burial.levels_per_joker", "star_burial.exchange", "star_burial.forced_after"]},
    {"id": "multiplier", "title": {"zh": "挖底加分", "en": "Bottom multiplier"}, "rules": ["bottom.multiplier"]},
    {"id": "settlement", "title": {"zh": "结算", "en": "Settlement"}, "rules": ["settlement.table"]},
    {"id": "stops", "title": {"zh": "遇J、A不过", "en": "Stop levels"}, "rules": ["levels.stop_levels"]},
    {"id": "hook_down", "title": {"zh": "钩到底", "en": "Hook-down"}, "derived": "hook_down"},
    {"id": "stakes", "title": {"zh": "输赢分", "en": "Stakes"}, "rules": ["stakes.enabled"]},
    {"id": "next_banker", "title": {"zh": "下一局庄家", "en": "Next banker"}, "rules": ["rotation.keep", "rotation.take_over"]},
]
"""The comparison page's opening matrix: the differences that matter, each a row of rule texts (values in words)
or a derived fact (:func:`matrix_fact`)."""


def matrix_fact(name: str, rules: dict[str, Any], lang: str) -> tuple[Any, str]:
    """A derived matrix cell ``(value, words)``: ``hook_down`` is whether a settlement row asks how the bottom was
    dug (``dug_with_level_rank``)."""
    if name == "hook_down":
        table = ((rules.get("settlement") or {}).get("table") or {}).get("value") or []
        has = any("dug_with_level_rank" in (row.get("when") or {}) for row in table)
        if has:
            return True, TERMS["hook_down"]["def"][lang]
        return False, {"zh": "没有钩到底。", "en": "No hook-down."}[lang]
    raise KeyError(name)
