"""The readable lines of ``datong-rules play`` for 打墩 Dadun, in the rulebook's words: the cut, the wild cards and
the hands dealt; one line per round with each play named (its combination, a wild card marked ``*`` and what it
stands for), who takes the round with how many points and who leads next (the wind when a player went out); the
places in going-out order; the finish pattern (1+2, 13+24, 14+23), the sides' points against their marks, the
levels gained and the next hand's level. In 中文 or English (``lang``: ``"zh"`` or ``"en"``; the sentences are
:data:`WORDS`, the shared words :mod:`~datong_rules.reference_impl.transcript_words`)."""

from __future__ import annotations

from collections import Counter

from ..cards import format_cards
from ..transcript_words import SHARED, Words, joined, say, seat
from .rulebook import NAMES
from .sample import PLACES
from .scoring import points_of
from .state import HandState, Match, sorted_cards


WORDS: Words = {
    "header": {"zh": "── 第{n}局 · 打{level}（0队打{a}，1队打{b}）· {cutter}切牌 · 明牌 {marked} · {drawer}先摸牌，明牌在他手里",
               "en": "── hand {n} · level {level} (team 0 at {a}, team 1 at {b}) · {cutter} cuts · marked card {marked}"
                     " · {drawer} draws first and holds it"},
    "wild": {"zh": "  百搭：百搭花色的级牌，{card}（标 *）",
             "en": "  Wild cards: the level rank of the wild suit, {card} (marked *)"},
    "dealt": {"zh": "  {seat}（{n}张）：{cards}", "en": "  {seat} ({n} cards): {cards}"},
    "team": {"zh": "{t}队（{a}号和{b}号座位）", "en": "team {t} (seats {a} and {b})"},
    "bonus": {"zh": "明牌奖励：{team} +{b}{transfer}", "en": "Marked-card bonus: {team} +{b}{transfer}"},
    "transfer": {"zh": "（{frm}转给{to}）", "en": " ({frm} gives it to {to})"},
    "resisted": {"zh": "抗贡：{givers}手里的大王够多，不进贡",
                 "en": "Tribute resisted: {givers} hold enough big jokers; nothing is exchanged"},
    "tribute": {"zh": "进贡：{gifts}", "en": "Tribute: {gifts}"},
    "gift_tribute": {"zh": "{frm}把{card}贡给{to}", "en": "{frm} gives {card} to {to}"},
    "gift_return": {"zh": "{frm}把{card}还给{to}", "en": "{frm} returns {card} to {to}"},
    "as": {"zh": " 当作 {cards}", "en": " as {cards}"},
    "bomb": {"zh": "{n}张炸弹", "en": "{n}-card bomb"},
    "linked_bomb": {"zh": "{n}+{n}连炸", "en": "{n}+{n} linked bomb"},
    "out": {"zh": " — 出完，{place}", "en": " — out, {place}"},
    "takes": {"zh": "{seat}拿下这一轮", "en": "{seat} takes the round"},
    "points": {"zh": "（{p}分）", "en": " ({p} points)"},
    "leads": {"zh": "{seat}出", "en": "{seat} leads"},
    "wind": {"zh": "{seat}接风出（{taker}的同伴，{taker}已出完）",
             "en": "{seat} leads (the wind: partner of {taker}, who is out)"},
    "round": {"zh": " 第{n:2}轮：{plays} → {taken}；{lead}", "en": " Round {n:2}: {plays} → {taken}; {lead}"},
    "last_round": {"zh": " 最后一轮：{plays}{end}", "en": " Last round: {plays}{end}"},
    "place": {"zh": "{place} {seat}", "en": "{place} {seat}"},
    "places": {"zh": " 名次：{places}", "en": " Places: {places}"},
    "gain": {"zh": "{team}升{g}级", "en": "{team} goes up {g}"},
    "one_two": {"zh": "1+2：同伴两人头游、二游，这一局结束；{gain}",
                "en": "1+2: partners went out first and second, the hand ends; {gain}"},
    "finish": {"zh": " 结果：{why} → 级数 {a} / {b}，下一局打{next}",
               "en": " Finish: {why} → levels {a} / {b}, next hand at {next}"},
    "bonus_after": {"zh": "；明牌奖励 {bonuses}", "en": "; marked-card bonus {bonuses}"},
    "team_bonus": {"zh": "{team} +{b}", "en": "{team} +{b}"},
    "next_tribute": {"zh": " 下一局进贡：{givers}向{receivers}进贡",
                     "en": " Next hand's tribute: {givers} give{s} to {receivers}"},
    "13+24": {"zh": "头游和三游是同伴", "en": "first and third out are partners"},
    "14+23": {"zh": "头游和末游是同伴", "en": "first and last are partners"},
    "partner_place": {"zh": "{pattern}（{how}）：头游的同伴是{place}，不论分数；{gain}",
                      "en": "{pattern} ({how}): the first-out's partner is {place}, whatever the points; {gain}"},
    "third": {"zh": "三游", "en": "third"},
    "full": {"zh": "满", "en": "full"},
    "not_full": {"zh": "不满", "en": "not full"},
    "sides": {"zh": "头游方 {a}分（{af}，要{at}分），另一方 {b}分（{bf}，要{bt}分）",
              "en": "first-out side {a} ({af}, {at} needed), other side {b} ({bf}, {bt} needed)"},
    "both_full": {"zh": "两方都满：头游方赢", "en": "both full: the first-out side wins"},
    "neither_full": {"zh": "两方都不满：末游一方输", "en": "neither full: the last player's side loses"},
    "one_full": {"zh": "只有一方满：满的一方赢", "en": "only one side full: it wins"},
    "score_why": {"zh": "{pattern}（{how}）：{sides}；{rule}；{gain}", "en": "{pattern} ({how}): {sides}; {rule}; {gain}"},
    "invalid_below": {"zh": "（输的一方不到{n}分，算作没有分）",
                      "en": " (the losing side scored under {n}, which counts as nothing)"},
    "down_below": {"zh": "；输的一方不到{n}分，降1级", "en": "; the losing side scored under {n} and goes down 1"},
    "failed_at_a": {"zh": " 没过A：{team}打A已失败{n}次", "en": " Not past A: {team} has failed at A {n} time(s)"},
    "back_from_a": {"zh": " 没过A：{team}打A失败了{n}次，退回{start}",
                    "en": " Not past A: {team} has failed at A {n} times and goes back to {start}"},
    "match_won": {"zh": "{t}队（{a}号和{b}号座位）过了A，赢了。", "en": "Team {t} (seats {a} and {b}) passes A and wins."},
    "no_winner": {"zh": "没有一队过A：级数 {a} / {b}。", "en": "No team passed A: levels {a} / {b}."},
}
"""The transcript's sentences in both languages."""


def _cards(cards: list[str], wild: str) -> str:
    """Cards with suit symbols; each wild card (the token ``wild``) marked ``*``."""
    return " ".join(f"{shown}*" if card == wild else shown
                    for card, shown in zip(cards, format_cards(cards, symbols=True).split()))


def _place(i: int, lang: str) -> str:
    """The ``i``-th going-out place (0: first out) in words, as the sample hand names it (头游, 二游, 三游, 末游)."""
    return PLACES[i][lang]


def _name(reading: dict, lang: str = "en") -> str:
    """A play's combination in words: ``pair``, ``5-card bomb``, ``4+4 linked bomb``, ``dun`` … (``对子``,
    ``5张炸弹``, ``4+4连炸``, ``墩`` …)."""
    kind = reading.get("combination", "")
    size = len(reading.get("cards") or [])
    if kind == "bomb":
        return say(WORDS, "bomb", lang, n=size)
    if kind == "linked_bomb":
        return say(WORDS, "linked_bomb", lang, n=size // 2)
    if lang == "zh":
        return NAMES.get(kind, {}).get("zh", kind)
    return NAMES.get(kind, {}).get("en", kind.replace("_", " ")).lower()


def _play(action: dict, wild: str, lang: str = "en") -> str:
    if action["type"] == "pass":
        return say(SHARED, "play", lang, seat=action["seat"], cards=say(SHARED, "pass", lang))
    text = _cards(action["cards"], wild)
    reading = action.get("reading") or {}
    meant = reading.get("cards")
    if meant and sorted(meant) != sorted(action["cards"]):
        text += say(WORDS, "as", lang, cards=format_cards(meant, symbols=True))
    if reading:
        text = say(SHARED, "named", lang, text=text, name=_name(reading, lang))
    return say(SHARED, "play", lang, seat=action["seat"], cards=text)


def team_name(team: int, lang: str = "en") -> str:
    """``team 0 (seats 0 and 2)`` / ``0队（0号和2号座位）``."""
    return say(WORDS, "team", lang, t=team, a=team, b=team + 2)


def match_hand_lines(match: Match, state: HandState, lang: str = "en") -> list[str]:
    """The hand in ``lang``: setup and hands, one line per round, the places, the result."""
    wild = f"{state.rules.wild_suit}{state.level}"  # wild.cards: the level rank of the wild suit
    out = [say(WORDS, "header", lang, n=state.hand_number, level=state.level, a=state.levels[0], b=state.levels[1],
               cutter=seat(state.cutter, lang), marked=format_cards([state.marked], symbols=True),
               drawer=seat(state.first_drawer, lang))]
    out.append(say(WORDS, "wild", lang, card=format_cards([wild], symbols=True)))
    players = state.rules.players
    for n in range(players):
        start = [c for i, c in enumerate(state.pack) if (state.first_drawer + i) % players == n]
        out.append(say(WORDS, "dealt", lang, seat=seat(n, lang), n=len(start),
                       cards=_cards(sorted_cards(Counter(start)), wild)))
    b = state.bonus
    if b["bonus"]:
        transfer = say(WORDS, "transfer", lang, frm=seat(b["transfer"]["from"], lang),
                       to=seat(b["transfer"]["to"], lang)) if b["transfer"] else ""
        out.append(say(WORDS, "bonus", lang, team=team_name(b["team"], lang), b=b["bonus"], transfer=transfer))
    out += tribute_lines(state, lang)
    left = {n: len(h) for n, h in enumerate(state.hands)}
    for action in state.actions:  # the cards each seat held when play began: after the tribute
        if action["type"] == "play":
            left[action["seat"]] += len(action["cards"])
    finish: list[int] = []

    def said(action: dict) -> str:
        text = _play(action, wild, lang)
        if action["type"] == "play":
            left[action["seat"]] -= len(action["cards"])
            if left[action["seat"]] == 0:
                finish.append(action["seat"])
                text += say(WORDS, "out", lang, place=_place(len(finish) - 1, lang))
        return text

    for n, rnd in enumerate(state.rounds, 1):
        plays = " · ".join(said(a) for a in rnd["actions"])
        points = points_of(state.rules, [c for a in rnd["actions"] if a["type"] == "play" for c in a["cards"]])
        taken = say(WORDS, "takes", lang, seat=seat(rnd["taker"], lang)) \
            + (say(WORDS, "points", lang, p=points) if points else "")
        lead = say(WORDS, "wind" if rnd["wind"] else "leads", lang, seat=seat(rnd["leader"], lang),
                   taker=seat(rnd["taker"], lang))
        out.append(say(WORDS, "round", lang, n=n, plays=plays, taken=taken, lead=lead))
    moves = [a for a in state.actions if a["type"] != "give"]
    tail = moves[sum(len(r["actions"]) for r in state.rounds):]
    if tail:
        out.append(say(WORDS, "last_round", lang, plays=" · ".join(said(a) for a in tail),
                       end=say(SHARED, "hand_over", lang)))
    if state.result:
        out += _result_lines(state, lang)
    return out


def _seats(seats: list[int], lang: str = "en") -> str:
    """``seat 3`` or ``seats 1 and 3``."""
    return seat(seats[0], lang) if len(seats) == 1 else say(SHARED, "seats_two", lang, a=seats[0], b=seats[1])


def tribute_lines(state: HandState, lang: str = "en") -> list[str]:
    """The tribute after the deal [settlement.tribute], in ``lang``: who gave what to whom, or that it was resisted,
    and who leads; nothing without a tribute."""
    t = state.tribute
    if t is None:
        return []
    if t["resisted"]:
        givers = SHARED["and"][lang].join(seat(s, lang) for s in t["givers"])
        return [say(WORDS, "resisted", lang, givers=givers)]
    return [say(WORDS, "tribute", lang, gifts=" · ".join(
        say(WORDS, f"gift_{g['kind']}", lang, frm=seat(g["from"], lang), to=seat(g["to"], lang),
            card=format_cards([g["card"]], symbols=True)) for g in t["given"]))]


def _score_words(state: HandState, lang: str = "en") -> str:
    """Why a 13+24 or 14+23 hand went as it did: the partner's place, or the sides' points against their marks."""
    r = state.result
    assert r is not None
    gain = say(WORDS, "gain", lang, team=team_name(r["winner"], lang), g=r["gain"])
    how = say(WORDS, r["pattern"], lang)
    if "partner_third" in state.rules.levels_rule:
        place = say(WORDS, "third", lang) if r["pattern"] == "13+24" else _place(3, lang)
        return say(WORDS, "partner_place", lang, pattern=r["pattern"], how=how, place=place, gain=gain)
    first_side, other_side = state.rules.thresholds
    s, full = r["scores"], r["full"]
    sides = say(WORDS, "sides", lang, a=s["first_side"], b=s["other_side"], at=first_side, bt=other_side,
                af=say(WORDS, "full" if full["first_side"] else "not_full", lang),
                bf=say(WORDS, "full" if full["other_side"] else "not_full", lang))
    if full["first_side"] and full["other_side"]:
        rule = "both_full"
    elif not (full["first_side"] or full["other_side"]):
        rule = "neither_full"
    else:
        rule = "one_full"
    why = say(WORDS, "score_why", lang, pattern=r["pattern"], how=how, sides=sides, rule=say(WORDS, rule, lang),
              gain=gain)
    below = state.rules.levels_rule.get("invalid_below")
    loser = s["other_side"] if r["winner"] == r["first_team"] else s["first_side"]
    if below is not None and loser < below:
        why += say(WORDS, "invalid_below", lang, n=below)
    elif "losers_down_below" in state.rules.levels_rule and loser < state.rules.levels_rule["losers_down_below"]:
        why += say(WORDS, "down_below", lang, n=state.rules.levels_rule["losers_down_below"])
    return why


def _failure_lines(state: HandState, lang: str = "en") -> list[str]:
    """Each team at A that did not pass it in a hand played at A, with its failures [match.end.failures_at_a]."""
    r, rules = state.result, state.rules
    assert r is not None
    top = rules.level_order[-1]
    if "a_failures" not in r or state.level != top:
        return []
    out = []
    for team in (0, 1):
        if state.levels[team] != top or (r["match_over"] and team == r["winner"]):
            continue
        failures = r["a_failures"][team]
        out.append(say(WORDS, "failed_at_a", lang, team=team_name(team, lang), n=failures) if failures else
                   say(WORDS, "back_from_a", lang, team=team_name(team, lang), n=rules.failures_at_a,
                       start=rules.start_level))
    return out


def _result_lines(state: HandState, lang: str = "en") -> list[str]:
    """The places, the finish pattern and what it decides, the levels."""
    r = state.result
    finish = r["finish"]
    places = [say(WORDS, "place", lang, place=_place(i, lang), seat=seat(n, lang)) for i, n in enumerate(finish)]
    if len(finish) == 3:
        places.append(say(WORDS, "place", lang, place=_place(3, lang),
                          seat=seat((set(range(state.rules.players)) - set(finish)).pop(), lang)))
    out = [say(WORDS, "places", lang, places=joined(places, lang))]
    if r["pattern"] == "1+2":
        why = say(WORDS, "one_two", lang, gain=say(WORDS, "gain", lang, team=team_name(r["winner"], lang),
                                                    g=r["gain"]))
    else:
        why = _score_words(state, lang)
    bonus = r.get("bonus") or [0, 0]
    if any(bonus):
        why += say(WORDS, "bonus_after", lang, bonuses=joined(
            [say(WORDS, "team_bonus", lang, team=team_name(t, lang), b=b) for t, b in enumerate(bonus) if b], lang))
    out.append(say(WORDS, "finish", lang, why=why, a=r["levels"][0], b=r["levels"][1], next=r["next_level"]))
    out += _failure_lines(state, lang)
    if r.get("tribute"):
        g, t = r["tribute"]["givers"], r["tribute"]["receivers"]
        out.append(say(WORDS, "next_tribute", lang, givers=_seats(g, lang), receivers=_seats(t, lang),
                       s="s" if len(g) == 1 else ""))
    return out


def match_end_lines(match: Match, lang: str = "en") -> list[str]:
    """The match's end in ``lang``: the winning team, or the levels when the hand limit was reached."""
    if match.winner is not None:
        return [say(WORDS, "match_won", lang, t=match.winner, a=match.winner, b=match.winner + 2)]
    return [say(WORDS, "no_winner", lang, a=match.levels[0], b=match.levels[1])]
