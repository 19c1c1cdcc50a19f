"""The readable lines ``datong-rules play`` prints for a Huolong match: one block per hand (the hands dealt,
declaration, bury, star burial, tricks with the shape led and the attackers' running points, bottom, the settlement
said in the rulebook's words, levels) and the match's last line, in 中文 or English (``lang``: ``"zh"`` or ``"en"``;
the sentences are :data:`WORDS`, the shared words :mod:`~datong_rules.reference_impl.transcript_words`).

Teams are named by their seats (``seats 0/2``, ``seats 1/3``); seats are numbered in play order.
"""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, expand, format_cards
from ..transcript_words import SHARED, Words, joined, say, seat
from .dealing import deal
from .hand import HandState
from .match import Match, plural
from .selection import NAMES

SHAPES = {1: "single", 2: "pair", 3: "meteor"}
"""The combination a lead of that many cards is (a lead is one combination of identical cards), named in 中文 by the
table's words (:data:`.selection.NAMES`)."""

SHOWN = {"BJ": "大王", "LJ": "小王", "level_card": "级牌"}
"""What a kind of show shows (its ``card``), in the glossary's 中文 words: the 中文 transcript names a show by it
(a kind's own ``name`` is the variant's identifier; the English transcript shows that name, its underscores as
spaces)."""

COUNTS = {2: "两", 3: "三", 4: "四"}
"""How many cards a show shows, said in 中文 before its card (``两张大王``); the cards themselves are on the line."""

WORDS: Words = {
    "header": {"zh": "── 第{n}局{deal} · {levels} · 先摸牌：{drawer}",
               "en": "── hand {n}{deal} · {levels} · first drawer {drawer}"},
    "deal": {"zh": "（第{n}次发牌）", "en": " (deal {n})"},
    "team": {"zh": "{a}/{b}号座位", "en": "seats {a}/{b}"},
    "team_at": {"zh": "{team}打{level}", "en": "{team} at {level}"},
    "declaration": {"zh": "亮主：", "en": "Declaration:"},
    "chain": {"zh": "，发了{after}张牌后又亮{cards}", "en": ", then {cards} after {after}"},
    "show": {"zh": "  {seat}在发了{after}张牌后亮{cards}{chain}（{kind}）：{fate}",
             "en": "  {seat} shows {cards} after {after} cards{chain} ({kind}): {fate}"},
    "kind": {"zh": "{count}张{card}", "en": "{count} {card}"},
    "suit": {"zh": "主花色 {suit}", "en": "suit {suit}"},
    "none": {"zh": "无", "en": "none"},
    "lapsed": {"zh": "作废", "en": "lapsed"},
    "declared": {"zh": "亮主定的", "en": "declared"},
    "bottom": {"zh": "没人亮主：按底牌里第一张有花色的牌定", "en": "nobody declared: the bottom's first suited card"},
    "kept": {"zh": "沿用第一局的", "en": "kept from the first hand"},
    "redeal": {"zh": "  没人亮主：重新发牌", "en": "  nobody declared: the cards are dealt again"},
    "trumps": {"zh": "  主花色 {suit}（{how}），庄家 {banker}，打{level}",
               "en": "  trump suit {suit} ({how}), banker {banker}, level {level}"},
    "bury": {"zh": "扣底（{seat}）：{cards}", "en": "Bury ({seat}): {cards}"},
    "star_with_bury": {"zh": "摘星：{seat}扣底时埋了{n}张大王",
                       "en": "Star burial: {seat} loads {n} big joker(s) with the bury"},
    "star_load": {"zh": "摘星：{seat}埋了{n}张大王，收回{cards}",
                  "en": "Star burial: {seat} loads {n} big joker(s), takes back {cards}"},
    "star_must": {"zh": "摘星：{seat}必须埋{n}张大王，收回{cards}",
                  "en": "Star burial: {seat} must load {n} big joker(s), takes back {cards}"},
    "star_none": {"zh": "摘星：没有", "en": "Star burial: none"},
    "n_cards": {"zh": "{n}张", "en": "{n} cards"},
    "attackers": {"zh": "闲家", "en": "attackers"},
    "banker_team": {"zh": "庄家方", "en": "banker team"},
    "taken": {"zh": "，{p}分归{side}", "en": ", {p} points to the {side}"},
    "running": {"zh": "（闲家共{n}分）", "en": " (attackers {n})"},
    "trick": {"zh": "第{n:2}轮（领出{shape}）：{shown} → {seat}赢{taken}",
              "en": "Trick {n:2} ({shape} led): {shown} → {seat} wins{taken}"},
    "dug": {"zh": "闲家抠底", "en": "dug by the attackers"},
    "held": {"zh": "庄家方保底", "en": "held by the banker team"},
    "bottom_line": {"zh": "底牌：{cards}（{p}分），{held}", "en": "Bottom: {cards} ({p} points), {held}"},
    "points": {"zh": "闲家的分：{a}（抓分 {c}，底牌 {b}）", "en": "Attackers' points: {a} (tricks {c}, bottom {b})"},
    "settlement": {"zh": "结算：{words}", "en": "Settlement: {words}"},
    "levels": {"zh": "级数：{levels}", "en": "Levels: {levels}"},
    "shutout": {"zh": "光头：闲家一分没抓到", "en": "a shutout: the attackers took no points"},
    "made": {"zh": "闲家抓了{p}分（要{t}分）", "en": "the attackers made {p} points ({t} needed)"},
    "and_dug": {"zh": "，并且抠底", "en": ", and dug the bottom"},
    "and_held": {"zh": "，庄家方保底", "en": ", and the banker team held the bottom"},
    "the_banker_team": {"zh": "庄家方", "en": "the banker team"},
    "the_attackers": {"zh": "闲家", "en": "the attackers"},
    "buried": {"zh": "{side}埋了{n}张大王，{how}", "en": "{side} buried {jokers}, {how}"},
    "won_last": {"zh": "最后一轮赢了", "en": "and won the last trick"},
    "lost_last": {"zh": "最后一轮却输了", "en": "but lost the last trick"},
    "moved": {"zh": "{team} {a} → {b}", "en": "{team} {a} → {b}"},
    "levels_moved": {"zh": "升级：{moved}", "en": "levels: {moved}"},
    "nobody_up": {"zh": "谁也不升级", "en": "nobody goes up"},
    "match_over": {"zh": "这一龙结束", "en": "the match is over"},
    "banks_next": {"zh": "下一局由{seat}坐庄（{how}）", "en": "{seat} banks next ({how})"},
    "keeps": {"zh": "庄家方守住了庄", "en": "the banker team keeps the bank"},
    "take_over": {"zh": "闲家上台", "en": "the attackers take over"},
    "stakes": {"zh": "输赢：庄家方 {b:+}，闲家 {a:+}", "en": "stakes: banker team {b:+}, attackers {a:+}"},
    "won": {"zh": "{team}打了{n}局，赢得这一龙 · {levels}", "en": "Match won by {team} after {hands} · {levels}"},
    "no_winner": {"zh": "打了{n}局，还没有赢家 · {levels}", "en": "No winner yet after {hands} · {levels}"},
}
"""The transcript's sentences in both languages."""


def _cards(cards) -> str:
    return format_cards(cards, symbols=True)


def _suit(suit: str | None, lang: str = "en") -> str:
    return SUIT_SYMBOLS.get(suit, say(WORDS, "none", lang)) if suit else say(WORDS, "none", lang)


def _team_name(team: int, lang: str = "en") -> str:
    return say(WORDS, "team", lang, a=team, b=team + 2)


def _levels(levels: tuple[str, str], lang: str = "en") -> str:
    return joined([say(WORDS, "team_at", lang, team=_team_name(t, lang), level=levels[t]) for t in (0, 1)], lang)


def _kind(show, lang: str) -> str:
    """The kind of a show in words: its name (English), or what it shows (中文: ``大王``, ``2张大王``)."""
    if lang == "en":
        return show.kind.name.replace("_", " ")
    card = SHOWN.get(show.kind.card, show.kind.card)
    count = show.kind.count
    return card if count == 1 else say(WORDS, "kind", lang, count=COUNTS.get(count, count), card=card)


def _declaration_lines(state: HandState, lang: str = "en") -> list[str]:
    lines = []
    for show in state.decl.shows:
        chain = "".join(say(WORDS, "chain", lang, cards=_cards(c), after=a) for c, a in show.chain)
        fate = say(WORDS, "suit", lang, suit=_suit(show.suit, lang)) if show.status == "resolved" \
            else say(WORDS, "lapsed", lang)
        lines.append(say(WORDS, "show", lang, seat=seat(show.seat, lang), cards=_cards(show.cards), after=show.after,
                         chain=chain, kind=_kind(show, lang), fate=fate))
    result = state.declaration
    if result.outcome == "redeal":
        lines.append(say(WORDS, "redeal", lang))
    else:
        lines.append(say(WORDS, "trumps", lang, suit=_suit(result.trump_suit, lang),
                         how=say(WORDS, result.outcome, lang), banker=seat(result.banker, lang), level=state.level))
    return lines


def hand_lines(state: HandState, deal_number: int, lang: str = "en") -> list[str]:
    """The readable lines of one finished hand (``deal_number``: 1, or 2, 3 … for a redealt hand) in ``lang``."""
    out = [say(WORDS, "header", lang, n=state.hand_number,
               deal=say(WORDS, "deal", lang, n=deal_number) if deal_number > 1 else "",
               levels=_levels(state.team_levels, lang), drawer=seat(state.first_drawer, lang))]
    for n, hand in enumerate(deal(state.rules, state.pack, state.first_drawer).hands):
        out.append(say(SHARED, "dealt", lang, seat=seat(n, lang), cards=_cards(expand(hand))))
    out.append(say(WORDS, "declaration", lang))
    out += _declaration_lines(state, lang)
    if state.phase == "redeal":
        return out
    out.append(say(WORDS, "bury", lang, seat=seat(state.banker, lang), cards=_cards(state.buried)))
    if state.star is not None:
        with_bury = state.buried.count("BJ") if state.rules.star_burial.get("banker_jokers") == "with_bury" else 0
        if with_bury:  # star_burial.banker_jokers: with_bury
            out.append(say(WORDS, "star_with_bury", lang, seat=seat(state.banker, lang), n=with_bury))
        for who, count, taken, forced in state.star.loads:
            out.append(say(WORDS, "star_must" if forced else "star_load", lang, seat=seat(who, lang), n=count,
                           cards=_cards(taken)))
        if not state.star.loads and not with_bury:
            out.append(say(WORDS, "star_none", lang))
    attackers, running = 1 - state.banker % 2, 0
    for n, (leader, plays, winner, points) in enumerate(state.tricks, 1):
        shown = " | ".join(say(SHARED, "play", lang, seat=(leader + i) % state.rules.players, cards=_cards(p))
                           for i, p in enumerate(plays))
        shape = SHAPES.get(len(plays[0]))
        shape = (shape if lang == "en" else NAMES[shape]["zh"]) if shape \
            else say(WORDS, "n_cards", lang, n=len(plays[0]))
        taken = ""
        if points:
            side = "attackers" if winner % 2 == attackers else "banker_team"
            running += points if winner % 2 == attackers else 0
            taken = say(WORDS, "taken", lang, p=points, side=say(WORDS, side, lang)) \
                + (say(WORDS, "running", lang, n=running) if side == "attackers" else "")
        out.append(say(WORDS, "trick", lang, n=n, shape=shape, shown=shown, seat=seat(winner, lang), taken=taken))
    claim = state.settle_claim()
    out.append(say(WORDS, "bottom_line", lang, cards=_cards(claim["bottom"]), p=claim["bottom_points"],
                   held=say(WORDS, "dug" if state.bottom_dug else "held", lang)))
    out.append(say(WORDS, "points", lang, a=claim["attacker_points"], c=claim["captured_points"],
                   b=claim["attacker_points"] - claim["captured_points"]))
    out.append(say(WORDS, "settlement", lang, words=settlement_words(state, claim, lang)))
    out.append(say(WORDS, "levels", lang, levels=_levels(state.team_levels_after(), lang)))
    return out


def settlement_words(state: HandState, claim: dict, lang: str = "en") -> str:
    """The settlement in the rulebook's words (in ``lang``): the attackers' points against the threshold, the
    bottom, the big jokers buried and whether that succeeded, who goes up how far, the next banker, the stakes."""
    banker_team, threshold = state.banker % 2, state.rules.threshold
    pts = claim["attacker_points"]
    parts = [say(WORDS, "shutout", lang) if pts == 0 and not claim["bottom_dug"] else
             say(WORDS, "made", lang, p=pts, t=threshold)]
    parts[0] += say(WORDS, "and_dug" if claim["bottom_dug"] else "and_held", lang)
    stars = claim["stars"]
    for role in ("banker_team", "attackers"):
        if stars.get(role):
            won_last = claim["bottom_dug"] == (role == "attackers")
            parts.append(say(WORDS, "buried", lang, side=say(WORDS, f"the_{role}", lang), n=stars[role],
                             jokers=plural(stars[role], "big joker"),
                             how=say(WORDS, "won_last" if won_last else "lost_last", lang)))
    before, after = state.team_levels, state.team_levels_after()
    moved = [say(WORDS, "moved", lang, team=_team_name(t, lang), a=before[t], b=after[t])
             for t in (0, 1) if before[t] != after[t]]
    parts.append(say(WORDS, "levels_moved", lang, moved=joined(moved, lang)) if moved
                 else say(WORDS, "nobody_up", lang))
    nxt = claim["next_banker"]
    if nxt is None:
        parts.append(say(WORDS, "match_over", lang))
    else:
        keeps = nxt % 2 == banker_team
        parts.append(say(WORDS, "banks_next", lang, seat=seat(nxt, lang),
                         how=say(WORDS, "keeps" if keeps else "take_over", lang)))
    if any(claim["stakes"].values()):
        parts.append(say(WORDS, "stakes", lang, b=claim["stakes"]["banker_team"], a=claim["stakes"]["attackers"]))
    return joined(parts, lang, "clauses")


def deal_number(match: Match, state: HandState) -> int:
    """The deal number of ``state`` (the last hand taken into ``match``): 1, or 2, 3 … after redeals."""
    n = 1
    for earlier in reversed(match.hands[:-1]):
        if earlier.phase != "redeal" or earlier.hand_number != state.hand_number:
            break
        n += 1
    return n


def match_hand_lines(match: Match, state: HandState, lang: str = "en") -> list[str]:
    """The lines of the hand just taken into ``match`` (:func:`hand_lines` with its deal number) in ``lang``."""
    return hand_lines(state, deal_number(match, state), lang)


def match_end_lines(match: Match, lang: str = "en") -> list[str]:
    """The match's last line in ``lang``: who won after how many hands, or that nobody has won yet; the teams'
    levels."""
    settled = sum(1 for h in match.hands if h.phase == "settled")
    levels = _levels(match.team_levels, lang)
    if match.winner is not None:
        return [say(WORDS, "won", lang, team=_team_name(match.winner, lang), n=settled,
                    hands=plural(settled, "hand"), levels=levels)]
    return [say(WORDS, "no_winner", lang, n=settled, hands=plural(settled, "hand"), levels=levels)]
