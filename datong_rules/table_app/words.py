"""The table's words in both languages: the page's labels, each action told as a sentence, the end of a trick or round,
and the settlement row by row.

What is said of a game (its facts, its own actions, its settlement's keys, its result) comes from the game's
``words`` facet (:mod:`datong_rules.reference_impl.games`; :func:`game_words`); this module words what every game
shares (plays, passes, gives, buries). Seats are named as in the rulebooks
(:data:`datong_rules.rulebook.labels.SEAT_NAMES`: 甲乙丙丁 / A B C D); cards are told by their names
(:func:`datong_rules.rulebook.card_svg.card_name`).
"""

from __future__ import annotations

from typing import Any

from types import SimpleNamespace

from datong_rules.reference_impl.table import Table
from datong_rules.rulebook.card_svg import card_name
from datong_rules.rulebook.labels import KEY_LABELS, SEAT_NAMES
from datong_rules.rulebook.story import text


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
    "turn_over": {"zh": "这一局结束了。", "en": "The hand is over."},
    "phase_cards": {"zh": "选好牌，再按下面的按钮。", "en": "Pick the cards, then press a button below."},
    "selection": {"zh": "所选的牌", "en": "Your selection"},
    "select_none": {"zh": "还没有选牌。", "en": "No card selected."},
    "makes": {"zh": "牌型：{what}", "en": "Combination: {what}"},
    "makes_none": {"zh": "这些牌不成一种牌型。", "en": "These cards make no combination."},
    "legal_now": {"zh": "现在可以这样出。", "en": "You may make this now."},
    "not_legal_now": {"zh": "现在不能这样出。", "en": "You may not make this now."},
    "readings": {"zh": "有几种出法，选一种：", "en": "The cards can be read several ways; pick one:"},
    "reading_one": {"zh": "这些牌只有一种出法可以出：", "en": "The cards may be played one way now:"},
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
    "finish": {"zh": "出完的先后", "en": "Order of going out"},
    "match_won": {"zh": "整场比赛结束：{who}赢了。", "en": "The match is over: {who} won."},
    "match_won_you": {"zh": "整场比赛结束：{who}赢了——你赢了！", "en": "The match is over: {who} won — you won!"},
    "match_lost_you": {"zh": "整场比赛结束：{who}赢了，你输了。", "en": "The match is over: {who} won; you lost."},
    "match_no_winner": {"zh": "整场比赛结束，没有赢家。", "en": "The match is over, without a winner."},
    "match_record": {"zh": "下载整场比赛的记录（JSON）", "en": "Download the match's record (JSON)"},
    "busy": {"zh": "正在等牌桌回答……", "en": "Waiting for the table…"},
    "friends": {"zh": "和朋友一起打", "en": "Play with friends"},
    "friends_help": {"zh": "每个座位有自己的邀请链接，把链接发给一位朋友，他在自己的浏览器里打开就坐到这个座位上；"
                           "没有人坐的座位由机器人打。链接就是入座的凭证：只发给你要邀请的人，不要了就取消。"
                           "朋友要能连到这台电脑：用 --host 加上这台电脑在局域网里的地址（或 0.0.0.0，即这台电脑的每个地址）启动牌桌。",
                     "en": "Each seat has its own invitation link: send it to one friend, who opens it in their own "
                           "browser and takes the seat; a seat nobody takes is played by a bot. The link is the "
                           "seat's key: send it only to the friend you invite, and revoke it when it is no longer "
                           "needed. Your friends must be able to reach this computer: start the table with --host "
                           "and this computer's address on your local network (or 0.0.0.0: every address of this "
                           "computer)."},
    "invite": {"zh": "邀请", "en": "Invite"},
    "revoke": {"zh": "取消邀请", "en": "Revoke"},
    "friend_bot": {"zh": "机器人", "en": "a bot"},
    "friend_invited": {"zh": "已邀请，朋友还没来", "en": "invited, not joined yet"},
    "friend_joined": {"zh": "朋友在打", "en": "a friend plays"},
    "friend_mark": {"zh": "（朋友）", "en": " (friend)"},
    "gone_title": {"zh": "邀请已取消", "en": "Invitation revoked"},
}
"""Labels of the page."""

HOW_TO: dict[str, dict[str, Any]] = {
    "title": {"zh": "怎么在这里打牌", "en": "How to play here"},
    "steps": {
        "zh": ["轮到你时，点你的牌把它们选上（再点一次取消），再按“出牌”“扣下”或“给出”。选上的牌能不能出，下面马上会说，还会说它是什么牌型。",
               "有几种出法的牌（比如带百搭的），会列出每一种出法，点你要的那一种。",
               "“显示可以怎么出”列出你现在所有合规的出法，点一个就出。",
               "出的牌不合规时，网页会说明是哪条规则不允许、这条规则的出处，并链接到规则书。",
               "一局打完看结算，按“下一局”接着打；整场打完会说谁赢了。每一局都可以下载记录，用 datong-rules verify 检查。"],
        "en": ["On your turn, click your cards to pick them (click again to drop one), then press Play, Bury or Give. "
               "What the picked cards make, and whether they may be played now, is said at once.",
               "Cards that can be read several ways (wild cards, say) list each reading: press the one you mean.",
               "“Show legal plays” lists every legal move you have now: press one to make it.",
               "A move the rules refuse is explained: the rule, where it comes from, and a link into the rulebook.",
               "At the end of a hand the settlement shows; “Next hand” deals the next one, and the end of the match "
               "says who won. Every hand's record can be downloaded and checked with datong-rules verify."],
    },
}
"""The table page's short "how to play here", in both languages."""

ERRORS: dict[str, dict[str, str]] = {
    "not_your_turn": {"zh": "现在不是你的回合。", "en": "It is not your turn."},
    "not_your_seat": {"zh": "只能替你自己的座位行动。", "en": "You may act for your own seat only."},
    "hand_not_over": {"zh": "这一局还没有结束。", "en": "The hand is not over yet."},
    "match_over": {"zh": "整场比赛已经结束，没有下一局了。", "en": "The match is over: there is no next hand."},
    "nothing_to_decline": {"zh": "牌桌没有在等你。", "en": "The table is not waiting for you."},
    "stale": {"zh": "牌桌已经往下走了（可能是点了两次，或在另一个标签页里出了牌）。下面是现在的牌桌。",
              "en": "The table has moved on (a second click, or a move made in another tab). Here is the table "
                    "as it is now."},
    "network": {"zh": "连不上牌桌，请重新载入页面。", "en": "The table cannot be reached; reload the page."},
    "not_host": {"zh": "只有开桌的人才能邀请或取消邀请。", "en": "Only the table's host may invite or revoke."},
    "revoked": {"zh": "开桌的人取消了你的邀请：这个座位现在由机器人来打。想回到牌桌，请向开桌的人要一个新链接。",
                "en": "The host has revoked your invitation: a bot plays this seat now. To come back, ask the host "
                      "for a new link."},
    "bad_lang": {"zh": "lang：应为 zh（中文）或 en（English），收到 {got}",
                 "en": "lang: expected zh (中文) or en (English), got {got}"},
}
"""The table's refusals of a request, in the page's language (the code is :attr:`~.session.Refused.code`)."""

BUTTONS: dict[str, dict[str, str]] = {
    "play": {"zh": "出牌", "en": "Play"},
    "pass": {"zh": "过", "en": "Pass"},
    "bury": {"zh": "扣下", "en": "Bury"},
    "give": {"zh": "给出", "en": "Give"},
}
"""The buttons of the person's actions."""

OFFER: dict[str, dict[str, str]] = {
    "status": {"zh": "你现在可以行动，也可以让牌桌继续。", "en": "You may act now, or let the table go on."},
    "decline": {"zh": "继续", "en": "Go on"},
}
"""An offer while the table acts, worded for a game whose ``words`` facet does not word it (``OFFER``)."""

SAY: dict[str, dict[str, str]] = {
    "play": {"zh": "{who}出{cards}", "en": "{who} plays {cards}"},
    "play_read": {"zh": "{who}出{cards}（{reading}）", "en": "{who} plays {cards} ({reading})"},
    "pass": {"zh": "{who}过", "en": "{who} passes"},
    "bury": {"zh": "{who}扣下{n}张牌", "en": "{who} buries {n} cards"},
    "bury_own": {"zh": "{who}扣下{cards}", "en": "{who} buries {cards}"},
    "give": {"zh": "{who}给{to}{cards}", "en": "{who} gives {cards} to {to}"},
    "give_hidden": {"zh": "{who}给{to}{n}张牌", "en": "{who} gives {n} cards to {to}"},
    "other": {"zh": "{who}：{what}", "en": "{who}: {what}"},
    "trick_won": {"zh": "第{n}轮：{who}赢。", "en": "Trick {n}: {who} wins."},
    "trick_points": {"zh": "第{n}轮：{who}赢，这一轮有{p}分。", "en": "Trick {n}: {who} wins; the trick holds {p} points."},
    "round_won": {"zh": "第{n}轮：{who}的牌最大，大家都过。", "en": "Round {n}: {who}'s play stands; everyone else passed."},
    "round_empty": {"zh": "第{n}轮结束。", "en": "Round {n} is over."},
    "hand_over_tricks": {"zh": "这一局结束，一共{n}轮。", "en": "The hand is over after {n} tricks."},
    "hand_over_rounds": {"zh": "这一局结束，一共{n}轮。", "en": "The hand is over after {n} rounds."},
    "turn_of": {"zh": "轮到{who}。", "en": "{who} is to act."},
}
"""Sentences of the hand (``{who}`` is a seat's name)."""

CHOICES: dict[str, dict[str, str]] = {
    "play": {"zh": "出{cards}", "en": "play {cards}"},
    "play_read": {"zh": "出{cards}（{reading}）", "en": "play {cards} ({reading})"},
    "pass": {"zh": "过", "en": "pass"},
    "bury": {"zh": "扣下{cards}", "en": "bury {cards}"},
    "give": {"zh": "给{to}{cards}", "en": "give {cards} to {to}"},
    "take": {"zh": "从{giver}那里拿{cards}", "en": "take {cards} from {giver}"},
}
"""A legal action of the person, told without a subject (the buttons of the choices and of the legal list)."""

SETTLE_LABELS: dict[str, dict[str, str]] = {
    "step": {"zh": "步骤", "en": "step"},
    "yes": {"zh": "是", "en": "yes"}, "no": {"zh": "否", "en": "no"},
}
"""Labels the page itself needs besides the rulebook's :data:`~datong_rules.rulebook.labels.KEY_LABELS` and the
game's ``SETTLEMENT``."""


def _no_words(*_: Any) -> None:
    return None


def _no_facts(*_: Any) -> list[str]:
    return []


def _no_marks(_: Any) -> dict[str, dict[str, str]]:
    return {}


def _no_winners(match: Any) -> list[int] | None:
    return [] if match.over else None


PLAIN = SimpleNamespace(OFFER=OFFER, ACTIONS={}, SETTLEMENT={}, SEAT_KEYS=frozenset(), TEAM_KEYS=frozenset(),
                        facts=_no_facts, turn_words=_no_words, hand_result=_no_words, match_winners=_no_winners,
                        marked_cards=_no_marks, hand_order=_no_words)
"""The words of a game without a ``words`` facet: nothing said of the game beyond what every game shares (the
hand in notation order: ``hand_order`` gives no key)."""


def game_words(game: Any) -> Any:
    """The ``words`` facet of ``game`` (a :class:`~datong_rules.reference_impl.games.Game`), its missing parts (or
    the whole facet) taken from :data:`PLAIN`."""
    facet = game.facet("words")
    if facet is None:
        return PLAIN
    return SimpleNamespace(**{k: getattr(facet, k, v) for k, v in vars(PLAIN).items()},
                           move_words=getattr(facet, "move_words", None))


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


def action_words(action: dict[str, Any], lang: str, person: int | None, words: Any = PLAIN,
                 reading: Any = None) -> str:
    """One action as a sentence of the hand (other seats' buried and given cards are not told); a play with its
    combination and declared reading (``reading``: a text of ``datong_rules.rulebook.story``) when known; the
    game's own actions in the words of its facet (``words``: :func:`game_words`)."""
    seat = action.get("seat")
    who = seat_words(seat, lang, person)
    kind = action.get("type")
    cards = list(action.get("cards") or [])
    mine = seat == person
    if kind == "play":
        if reading is not None:
            return SAY["play_read"][lang].format(who=who, cards=cards_words(cards, lang), reading=text(reading, lang))
        return SAY["play"][lang].format(who=who, cards=cards_words(cards, lang))
    if kind == "give":
        to = seat_words(action.get("to"), lang, person)
        if mine or action.get("to") == person:
            return SAY["give"][lang].format(who=who, to=to, cards=cards_words(cards, lang))
        return SAY["give_hidden"][lang].format(who=who, to=to, n=len(cards))
    if kind == "bury":
        key = "bury_own" if mine else "bury"
        return SAY[key][lang].format(who=who, n=len(cards), cards=cards_words(cards, lang))
    if kind == "pass":
        return SAY["pass"][lang].format(who=who)
    own = words.ACTIONS.get(kind, {}).get("say")
    if own:
        return own[lang].format(who=who, cards=cards_words(cards, lang), n=action.get("count", 0))
    return SAY["other"][lang].format(who=who, what=kind)


def choice_words(action: dict[str, Any], lang: str, person: int | None = None, words: Any = PLAIN) -> str:
    """One of the person's actions told without a subject (:data:`CHOICES`): ``出红桃10`` / ``play 10 of hearts``; a
    give made in another seat's name to the person is a take (憋蛋's draw)."""
    kind = action.get("type")
    cards = cards_words(list(action.get("cards") or []), lang)
    reading = action.get("reading") or {}
    if kind == "play" and reading and reading.get("cards") != action.get("cards"):
        return CHOICES["play_read"][lang].format(cards=cards, reading=cards_words(list(reading.get("cards") or []),
                                                                                   lang))
    if kind == "give" and person is not None and action.get("seat") != person:
        return CHOICES["take"][lang].format(cards=cards, giver=seat_words(action.get("seat"), lang, person))
    own = words.ACTIONS.get(kind, {}).get("choice")
    if own:
        return own[lang].format(cards=cards, n=action.get("count", 0))
    if kind not in CHOICES:
        return str(kind)
    return CHOICES[kind][lang].format(cards=cards, to=seat_words(action.get("to"), lang, person))


def trick_words(trick: Any, lang: str, person: int | None, climbing: bool) -> str:
    """The end of a trick (its winner and points, when known) or of a round (whose play stood)."""
    who = seat_words(trick.winner, lang, person)
    if climbing:
        key = "round_won" if trick.winner is not None else "round_empty"
        return SAY[key][lang].format(n=trick.number, who=who)
    if trick.points is not None:
        return SAY["trick_points"][lang].format(n=trick.number, who=who, p=trick.points)
    return SAY["trick_won"][lang].format(n=trick.number, who=who)


FIXED_TEAMS = ("opposite_seats", "fixed_partnerships")
"""The partnerships whose teams are known before a hand (a two-item list is then one value per team)."""


def key_label(key: str, lang: str, words: Any = PLAIN) -> str:
    """A settlement key's label: the game's (``SETTLEMENT`` of its words facet), else the rulebook's, else the
    page's :data:`SETTLE_LABELS`; else the key with its underscores as spaces."""
    for table in (words.SETTLEMENT, KEY_LABELS, SETTLE_LABELS):
        if key in table:
            return table[key][lang]
    return key.replace("_", " ")


def team_words(team: int, lang: str, seats: Table) -> str:
    """A team of partners by its seats' names (甲丙队 / team A–C), the seats the variant's table puts in ``team``."""
    names = [SEAT_NAMES[lang][s] for s in seats.seats if seats.team(s) == team]
    return "".join(names) + "队" if lang == "zh" else "team " + "–".join(names)


def settlement_rows(settlement: dict[str, Any], lang: str, person: int | None, seats: Table,
                    words: Any = PLAIN) -> list[dict[str, Any]]:
    """The settlement row by row: ``{"label", "key", "text", "cards"?}`` per entry: cards pictured when the value is a
    list of cards; seats and teams named (the keys the game's ``SEAT_KEYS`` and ``TEAM_KEYS`` list); a list with one
    value a seat told seat by seat; a mapping told as ``label value`` pairs; an exchange told step by step."""
    told = _Told(lang, person, seats, words)
    return [{"label": key_label(key, lang, words), "key": key, **told.value(key, value)}
            for key, value in settlement.items()]


class _Told:
    """The settlement's values in words, for one page (language, person, seats, the game's words)."""

    def __init__(self, lang: str, person: int | None, seats: Table, words: Any) -> None:
        self.lang, self.person, self.seats, self.words = lang, person, seats, words

    def value(self, key: str, value: Any) -> dict[str, Any]:
        for told in (self._cards, self._moves, self._team, self._seats, self._by_seat, self._by_team, self._map):
            found = told(key, value)
            if found is not None:
                return found
        return {"text": self.plain(key, value)}

    def join(self) -> str:
        return "；" if self.lang == "zh" else "; "

    def seat(self, seat: int) -> str:
        return seat_words(seat, self.lang, self.person)

    def _cards(self, key: str, value: Any) -> dict[str, Any] | None:
        from datong_rules.reference_impl.cards import is_card

        if isinstance(value, list) and value and all(isinstance(v, str) and is_card(v) for v in value):
            return {"cards": value, "text": ""}
        return None

    def _moves(self, key: str, value: Any) -> dict[str, Any] | None:
        tell = self.words.move_words if hasattr(self.words, "move_words") else None
        if key != "moves" or not isinstance(value, list) or tell is None:
            return None
        return {"text": self.join().join(f"{tell(m, self.lang, self.seat)}{'：' if self.lang == 'zh' else ': '}"
                                         f"{cards_words(list(m.get('cards') or []), self.lang)}"
                                         for m in value if isinstance(m, dict))}

    def _team(self, key: str, value: Any) -> dict[str, Any] | None:
        if key in self.words.TEAM_KEYS and type(value) is int:
            return {"text": team_words(value, self.lang, self.seats)}
        return None

    def _seats(self, key: str, value: Any) -> dict[str, Any] | None:
        if key not in self.words.SEAT_KEYS or not isinstance(value, list) or not all(type(v) is int for v in value):
            return None
        return {"text": ("，" if self.lang == "zh" else ", ").join(self.seat(s) for s in value)}

    def _by_seat(self, key: str, value: Any) -> dict[str, Any] | None:
        if isinstance(value, list) and len(value) == self.seats.players and any(type(v) is int for v in value) \
                and all(v is None or type(v) is int for v in value):
            return {"text": self.join().join(f"{self.seat(s)} {v}" for s, v in enumerate(value) if v is not None)}
        return None

    def _by_team(self, key: str, value: Any) -> dict[str, Any] | None:
        if isinstance(value, list) and len(value) == 2 and self.seats.partnership in FIXED_TEAMS and all(
                isinstance(v, (int, str)) for v in value):
            return {"text": self.join().join(f"{team_words(t, self.lang, self.seats)} {v}" for t, v in enumerate(value))}
        return None

    def _map(self, key: str, value: Any) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            return None
        return {"text": self.join().join(f"{key_label(k, self.lang, self.words)} {self.plain(k, v)}"
                                         for k, v in value.items())}

    def plain(self, key: str, value: Any) -> str:
        if isinstance(value, bool):
            return SETTLE_LABELS["yes" if value else "no"][self.lang]
        if value is None:
            return "—"
        if type(value) is int and key in self.words.SEAT_KEYS:
            return self.seat(value)
        if isinstance(value, list):
            return ("、" if self.lang == "zh" else ", ").join(self.plain(key, v) for v in value)
        if isinstance(value, dict):
            return " ".join(f"{key_label(k, self.lang, self.words)} {self.plain(k, v)}" for k, v in value.items())
        if isinstance(value, str) and value in self.words.SETTLEMENT:
            return self.words.SETTLEMENT[value][self.lang]
        return str(value)
