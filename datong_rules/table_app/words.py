"""The table's words in both languages: the page's labels, each action told as a sentence, the end of a trick or round,
and the settlement row by row.

Seats are named as in the rulebooks (:data:`datong_rules.rulebook.labels.SEAT_NAMES`: 甲乙丙丁 / A B C D); cards are
told by their names (:func:`datong_rules.rulebook.card_svg.card_name`).
"""

from __future__ import annotations

from typing import Any

from datong_rules.reference_impl.table import Table
from datong_rules.rulebook.card_svg import card_name
from datong_rules.rulebook.labels import KEY_LABELS, SEAT_NAMES, label


UI: dict[str, dict[str, str]] = {
    "title": {"zh": "{variant} · 牌桌", "en": "{variant} · table"},
    "other_lang": {"zh": "English", "en": "中文"},
    "you": {"zh": "你（{seat}）", "en": "you ({seat})"},
    "your_hand": {"zh": "你的牌", "en": "Your hand"},
    "no_cards": {"zh": "（没有牌）", "en": "(no cards)"},
    "on_table": {"zh": "桌上", "en": "On the table"},
    "nothing_on_table": {"zh": "桌上还没有牌。", "en": "No card on the table yet."},
    "turn_you": {"zh": "轮到你了。", "en": "Your turn."},
    "turn_play": {"zh": "轮到你出牌。", "en": "Your turn to play."},
    "turn_bury": {"zh": "轮到你扣牌：选{n}张牌扣下。", "en": "Your turn to bury: pick {n} cards to lay face down."},
    "turn_give": {"zh": "轮到你给牌。", "en": "Your turn to give cards."},
    "turn_load": {"zh": "轮到你决定往底里埋几张大王。", "en": "Your turn to decide how many big jokers go in the bottom."},
    "turn_offer": {"zh": "你现在可以亮主，也可以继续发牌。", "en": "You may show now, or let the deal go on."},
    "turn_over": {"zh": "这一局结束了。", "en": "The hand is over."},
    "phase_cards": {"zh": "选好牌，再按下面的按钮。", "en": "Pick the cards, then press a button below."},
    "selection": {"zh": "所选的牌", "en": "Your selection"},
    "select_none": {"zh": "还没有选牌。", "en": "No card selected."},
    "makes": {"zh": "牌型：{what}", "en": "Combination: {what}"},
    "makes_none": {"zh": "这些牌不成一种牌型。", "en": "These cards make no combination."},
    "legal_now": {"zh": "现在可以这样出。", "en": "You may make this now."},
    "not_legal_now": {"zh": "现在不能这样出。", "en": "You may not make this now."},
    "readings": {"zh": "有几种出法，选一种：", "en": "The cards can be read several ways; pick one:"},
    "show_legal": {"zh": "显示可以怎么出", "en": "Show legal plays"},
    "legal_list": {"zh": "现在可以：", "en": "You may now:"},
    "more": {"zh": "……还有更多", "en": "… and more"},
    "refused": {"zh": "不行", "en": "Refused"},
    "reason_code": {"zh": "原因代码", "en": "reason code"},
    "rule_link": {"zh": "规则书中的这条规则", "en": "this rule in the rulebook"},
    "source": {"zh": "来源", "en": "source"},
    "inferred": {"zh": "推断（来源未说明）", "en": "inferred (the sources are silent)"},
    "log": {"zh": "经过", "en": "What happened"},
    "tricks": {"zh": "每一轮", "en": "Tricks and rounds"},
    "settlement": {"zh": "结算", "en": "Settlement"},
    "download": {"zh": "下载这一局的记录（JSON，可用 datong-rules verify 检查）",
                 "en": "Download the hand's record (JSON, checked by datong-rules verify)"},
    "next_hand": {"zh": "下一局", "en": "Next hand"},
    "new_table": {"zh": "开一张新桌", "en": "Open a new table"},
    "seat_label": {"zh": "座位", "en": "Seat"},
    "lang_label": {"zh": "语言", "en": "Language"},
    "start": {"zh": "开始", "en": "Start"},
    "cards_left": {"zh": "{n}张", "en": "{n} cards"},
    "hand_number": {"zh": "第{n}局", "en": "Hand {n}"},
    "clear": {"zh": "清除选择", "en": "Clear selection"},
    "expired": {"zh": "这张桌子不存在或已过期。", "en": "This table does not exist or has expired."},
}
"""Labels of the page."""

BUTTONS: dict[str, dict[str, str]] = {
    "play": {"zh": "出牌", "en": "Play"},
    "pass": {"zh": "过", "en": "Pass"},
    "bury": {"zh": "扣下", "en": "Bury"},
    "give": {"zh": "给出", "en": "Give"},
    "decline": {"zh": "不亮，继续", "en": "No show, go on"},
}
"""The buttons of the person's actions."""

SAY: dict[str, dict[str, str]] = {
    "play": {"zh": "{who}出{cards}", "en": "{who} plays {cards}"},
    "play_as": {"zh": "{who}出{cards}（当作{reading}）", "en": "{who} plays {cards} (as {reading})"},
    "pass": {"zh": "{who}过", "en": "{who} passes"},
    "show": {"zh": "{who}亮{cards}", "en": "{who} shows {cards}"},
    "bury": {"zh": "{who}扣下{n}张牌", "en": "{who} buries {n} cards"},
    "bury_own": {"zh": "{who}扣下{cards}", "en": "{who} buries {cards}"},
    "give": {"zh": "{who}给{to}{cards}", "en": "{who} gives {cards} to {to}"},
    "give_hidden": {"zh": "{who}给{to}{n}张牌", "en": "{who} gives {n} cards to {to}"},
    "load": {"zh": "{who}埋了{n}张大王", "en": "{who} puts {n} big jokers in the bottom"},
    "other": {"zh": "{who}：{what}", "en": "{who}: {what}"},
    "trick_won": {"zh": "第{n}轮：{who}赢。", "en": "Trick {n}: {who} wins."},
    "trick_points": {"zh": "第{n}轮：{who}赢，这一轮有{p}分。", "en": "Trick {n}: {who} wins; the trick holds {p} points."},
    "round_won": {"zh": "第{n}轮：{who}的牌最大，大家都过。", "en": "Round {n}: {who}'s play stands; everyone else passed."},
    "round_empty": {"zh": "第{n}轮结束。", "en": "Round {n} is over."},
    "hand_over": {"zh": "这一局结束，一共{n}轮。", "en": "The hand is over after {n} tricks or rounds."},
    "turn_of": {"zh": "轮到{who}。", "en": "{who} is to act."},
    "table_acts": {"zh": "正在发牌。", "en": "The cards are being dealt."},
}
"""Sentences of the hand (``{who}`` is a seat's name)."""

CHOICES: dict[str, dict[str, str]] = {
    "play": {"zh": "出{cards}", "en": "play {cards}"},
    "play_as": {"zh": "出{cards}（当作{reading}）", "en": "play {cards} (as {reading})"},
    "pass": {"zh": "过", "en": "pass"},
    "bury": {"zh": "扣下{cards}", "en": "bury {cards}"},
    "give": {"zh": "给{to}{cards}", "en": "give {cards} to {to}"},
    "show": {"zh": "亮{cards}", "en": "show {cards}"},
    "load": {"zh": "埋{n}张大王", "en": "put {n} big jokers in the bottom"},
}
"""A legal action of the person, told without a subject (the buttons of the choices and of the legal list)."""

def ui(key: str, lang: str, **values: Any) -> str:
    """A label of :data:`UI` in ``lang`` with ``{name}`` filled."""
    return UI[key][lang].format(**values)


def seat_words(seat: int | None, lang: str, person: int | None = None) -> str:
    """A seat's name (甲 / A); the person's seat is "你（甲）" / "you (A)"."""
    if seat is None:
        return {"zh": "牌桌", "en": "the table"}[lang]
    name = SEAT_NAMES[lang][seat] if 0 <= seat < len(SEAT_NAMES[lang]) else str(seat)
    return ui("you", lang, seat=name) if seat == person else name


def cards_words(cards: list[str], lang: str) -> str:
    """Cards by name: ``红桃10、黑桃A`` / ``10 of hearts, ace of spades``."""
    return ("、" if lang == "zh" else ", ").join(card_name(c, lang) for c in cards)


def action_words(action: dict[str, Any], lang: str, person: int | None) -> str:
    """One action as a sentence of the hand (other seats' buried and given cards are not told)."""
    seat = action.get("seat")
    who = seat_words(seat, lang, person)
    kind = action.get("type")
    cards = list(action.get("cards") or [])
    mine = seat == person
    if kind == "play":
        reading = action.get("reading") or {}
        if reading and reading.get("cards") != cards:
            return SAY["play_as"][lang].format(who=who, cards=cards_words(cards, lang),
                                               reading=cards_words(list(reading["cards"]), lang))
        return SAY["play"][lang].format(who=who, cards=cards_words(cards, lang))
    if kind == "give":
        to = seat_words(action.get("to"), lang, person)
        if mine or action.get("to") == person:
            return SAY["give"][lang].format(who=who, to=to, cards=cards_words(cards, lang))
        return SAY["give_hidden"][lang].format(who=who, to=to, n=len(cards))
    if kind == "bury":
        key = "bury_own" if mine else "bury"
        return SAY[key][lang].format(who=who, n=len(cards), cards=cards_words(cards, lang))
    if kind in ("pass", "show"):
        return SAY[kind][lang].format(who=who, cards=cards_words(cards, lang))
    if kind == "load":
        return SAY["load"][lang].format(who=who, n=action.get("count", 0))
    return SAY["other"][lang].format(who=who, what=kind)


def choice_words(action: dict[str, Any], lang: str) -> str:
    """One of the person's actions told without a subject (:data:`CHOICES`): ``出红桃10`` / ``play 10 of hearts``."""
    kind = action.get("type")
    cards = list(action.get("cards") or [])
    reading = action.get("reading") or {}
    if kind == "play" and reading and reading.get("cards") != cards:
        kind = "play_as"
    if kind not in CHOICES:
        return str(kind)
    return CHOICES[kind][lang].format(cards=cards_words(cards, lang), n=action.get("count", 0),
                                      to=seat_words(action.get("to"), lang),
                                      reading=cards_words(list(reading.get("cards") or []), lang))


def trick_words(trick: Any, lang: str, person: int | None, climbing: bool) -> str:
    """The end of a trick (its winner and points, when known) or of a round (whose play stood)."""
    who = seat_words(trick.winner, lang, person)
    if climbing:
        key = "round_won" if trick.winner is not None else "round_empty"
        return SAY[key][lang].format(n=trick.number, who=who)
    if trick.points is not None:
        return SAY["trick_points"][lang].format(n=trick.number, who=who, p=trick.points)
    return SAY["trick_won"][lang].format(n=trick.number, who=who)


SETTLE_LABELS: dict[str, dict[str, str]] = {
    "captured_points": {"zh": "闲家抓到的分", "en": "points captured by the attackers"},
    "bottom_points": {"zh": "底牌的分", "en": "points in the bottom"},
    "row": {"zh": "结算表中适用的一行", "en": "the settlement table's row that applies"},
    "redeal": {"zh": "重新发牌", "en": "dealt again"},
    "places": {"zh": "名次", "en": "places"},
    "first": {"zh": "第一名", "en": "first"}, "second": {"zh": "第二名", "en": "second"},
    "third": {"zh": "第三名", "en": "third"},
    "banker_kept": {"zh": "庄家继续坐庄", "en": "the banker keeps the bank"},
    "egg": {"zh": "蛋", "en": "egg"},
    "moves": {"zh": "交换", "en": "exchange"},
    "score": {"zh": "这一局的得分", "en": "this hand's points"},
    "pattern": {"zh": "出完的名次组合", "en": "finishing pattern"},
    "first_team": {"zh": "头游方", "en": "first-out side"},
    "scores": {"zh": "两方的分", "en": "the sides' points"},
    "first_side": {"zh": "头游方", "en": "first-out side"}, "other_side": {"zh": "另一方", "en": "other side"},
    "full": {"zh": "满分", "en": "full"},
    "gain": {"zh": "升级数", "en": "levels gained"},
    "next_level": {"zh": "下一局打", "en": "next hand's level"},
    "match_over": {"zh": "全局结束", "en": "match over"},
    "finish": {"zh": "出完的先后", "en": "order of going out"},
    "captured": {"zh": "各人抓到的分", "en": "points captured"},
    "bonus": {"zh": "明牌奖励", "en": "marked-card bonus"},
    "transfer": {"zh": "明牌转交", "en": "marked card handed over"},
    "step": {"zh": "步骤", "en": "step"},
}
"""Labels of the settlement's keys that the rulebook's :data:`~datong_rules.rulebook.labels.KEY_LABELS` lacks."""

STEP_WORDS: dict[str, dict[str, str]] = {
    "draw": {"zh": "抽牌", "en": "draw"}, "give": {"zh": "给牌", "en": "give"},
    "take_egg": {"zh": "收蛋", "en": "take the egg"}, "hand_over": {"zh": "交出其余的牌", "en": "hand over the rest"},
    "return": {"zh": "退牌", "en": "return"},
}
"""Steps of an exchange (憋蛋's ``moves``); another step is shown as itself."""

TEAM_KEYS = frozenset({"first_team", "winner"})
"""Settlement keys whose whole-number value is a team (its seats as the variant's :class:`Table` gives them)."""
FIXED_TEAMS = ("opposite_seats", "fixed_partnerships")
"""The partnerships whose teams are known before a hand (a two-item list is then one value per team)."""


def key_label(key: str, lang: str) -> str:
    """A settlement key's label: the rulebook's, else :data:`SETTLE_LABELS`, else the key."""
    table = KEY_LABELS if key in KEY_LABELS else SETTLE_LABELS
    return label(table, key, lang)


def team_words(team: int, lang: str, seats: Table) -> str:
    """A team of partners by its seats' names (甲丙队 / team A–C), the seats the variant's table puts in ``team``."""
    names = [SEAT_NAMES[lang][s] for s in seats.seats if seats.team(s) == team]
    return "".join(names) + "队" if lang == "zh" else "team " + "–".join(names)


def settlement_rows(settlement: dict[str, Any], lang: str, person: int | None, seats: Table) -> list[dict[str, Any]]:
    """The settlement row by row: ``{"label", "key", "text", "cards"?}`` per entry: cards pictured when the value is a
    list of cards; seats and teams named; a list with one value a seat told seat by seat; a mapping told as
    ``label value`` pairs; an exchange told step by step."""
    return [{"label": key_label(key, lang), "key": key, **_value(key, value, lang, person, seats)}
            for key, value in settlement.items()]


def _value(key: str, value: Any, lang: str, person: int | None, seats: Table) -> dict[str, Any]:
    for told in (_cards_value, _moves_value, _team_value, _seats_value, _by_seat_value, _by_team_value, _map_value):
        found = told(key, value, lang, person, seats)
        if found is not None:
            return found
    return {"text": _plain(key, value, lang, person)}


def _join(lang: str) -> str:
    return "；" if lang == "zh" else "; "


def _cards_value(key: str, value: Any, lang: str, person: int | None, seats: Table) -> dict[str, Any] | None:
    from datong_rules.reference_impl.cards import is_card

    if isinstance(value, list) and value and all(isinstance(v, str) and is_card(v) for v in value):
        return {"cards": value, "text": ""}
    return None


def _moves_value(key: str, value: Any, lang: str, person: int | None, seats: Table) -> dict[str, Any] | None:
    if key != "moves" or not isinstance(value, list):
        return None
    return {"text": _join(lang).join(_move(m, lang, person) for m in value if isinstance(m, dict))}


def _team_value(key: str, value: Any, lang: str, person: int | None, seats: Table) -> dict[str, Any] | None:
    if key in TEAM_KEYS and isinstance(value, int) and not isinstance(value, bool):
        return {"text": team_words(value, lang, seats)}
    return None


def _seats_value(key: str, value: Any, lang: str, person: int | None, seats: Table) -> dict[str, Any] | None:
    if key != "finish" or not isinstance(value, list):
        return None
    return {"text": ("，" if lang == "zh" else ", ").join(seat_words(s, lang, person) for s in value)}


def _by_seat_value(key: str, value: Any, lang: str, person: int | None, seats: Table) -> dict[str, Any] | None:
    if isinstance(value, list) and len(value) == seats.players and all(isinstance(v, int) for v in value):
        return {"text": _join(lang).join(f"{seat_words(s, lang, person)} {v}" for s, v in enumerate(value))}
    return None


def _by_team_value(key: str, value: Any, lang: str, person: int | None, seats: Table) -> dict[str, Any] | None:
    if isinstance(value, list) and len(value) == 2 and seats.partnership in FIXED_TEAMS and all(
            isinstance(v, (int, str)) for v in value):
        return {"text": _join(lang).join(f"{team_words(t, lang, seats)} {v}" for t, v in enumerate(value))}
    return None


def _map_value(key: str, value: Any, lang: str, person: int | None, seats: Table) -> dict[str, Any] | None:
    if not isinstance(value, dict):
        return None
    return {"text": _join(lang).join(f"{key_label(k, lang)} {_plain(k, v, lang, person)}" for k, v in value.items())}


def _move(move: dict[str, Any], lang: str, person: int | None) -> str:
    step = STEP_WORDS.get(str(move.get("step")), {}).get(lang, str(move.get("step")))
    frm = seat_words(move["from"], lang, person) if isinstance(move.get("from"), int) else "—"
    to = seat_words(move["to"], lang, person) if isinstance(move.get("to"), int) else "—"
    return f"{step} {frm} → {to}：{cards_words(list(move.get('cards') or []), lang)}" if lang == "zh" else \
        f"{step} {frm} → {to}: {cards_words(list(move.get('cards') or []), lang)}"


_SEAT_KEYS = frozenset({"banker", "next_banker", "first", "second", "third", "from", "to"})
"""Settlement keys whose whole-number value is a seat."""


def _plain(key: str, value: Any, lang: str, person: int | None) -> str:
    if isinstance(value, bool):
        return {True: {"zh": "是", "en": "yes"}, False: {"zh": "否", "en": "no"}}[value][lang]
    if value is None:
        return "—"
    if isinstance(value, int) and key in _SEAT_KEYS:
        return seat_words(value, lang, person)
    if isinstance(value, list):
        return ", ".join(_plain(key, v, lang, person) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{key_label(k, lang)} {_plain(k, v, lang, person)}" for k, v in value.items())
    return str(value)
