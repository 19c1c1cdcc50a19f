"""Teaching examples of the climbing games (憋蛋 Biedan, 打墩 Dadun) for players: the situation of a scenario laid
out (cards as pictures, seats named, passes in words) and its expected answer said in sentences, in the page's
language. :mod:`.answers` asks this module first; an operation it does not know returns ``None``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from html import escape
from typing import Any

from datong_rules.reference_impl.variant import load_variant
from datong_rules.reference_impl.variant.variant import rule_value

from .card_svg import cards_html
from .game_data import facet_data
from .labels import SEAT_NAMES, seat_name

L: dict[str, dict[str, str]] = {
    "level": {"zh": "级数", "en": "Level"},
    "level_v": {"zh": "{level}", "en": "{level}"},
    "table": {"zh": "桌上的牌", "en": "On the table"},
    "play": {"zh": "出的牌", "en": "The play"},
    "hand": {"zh": "手牌", "en": "Hand"},
    "egg": {"zh": "扣下的牌", "en": "Buried"},
    "nothing": {"zh": "没有（轮到他首出）", "en": "nothing (the player leads)"},
    "pass": {"zh": "过", "en": "pass"},
    "as": {"zh": "（当作{name}出）", "en": " (played as a {name})"},
    "table_was_round_opening": {"zh": "（这一轮首发的牌）", "en": " (led to open the round)"},
    "table_was_hand_opening": {"zh": "（一局的第一手）", "en": " (the first play of the hand)"},
    "table_was_follow": {"zh": "（压牌出的）", "en": " (played to beat)"},
    "passed": {"zh": "这一轮已经过过一次", "en": "Already passed in this round"},
    "first_lead": {"zh": "一局的第一手", "en": "First lead of the hand"},
    "yes": {"zh": "是", "en": "yes"},
    "sizes": {"zh": "各人手里的牌数", "en": "Cards in hand"},
    "n_cards": {"zh": "{who}{n}张", "en": "{who} {n}"},
    "leader": {"zh": "首出", "en": "Leads"},
    "out_before": {"zh": "已经出完", "en": "Already out"},
    "actions": {"zh": "出牌经过", "en": "What happens"},
    "places": {"zh": "名次", "en": "Places"},
    "place_line": {"zh": "第一名{first}，第二名{second}，第三名{third}", "en": "first {first}, second {second}, third {third}"},
    "banker": {"zh": "庄家", "en": "Banker"},
    "cards_of": {"zh": "{who}手里的牌", "en": "{who}'s cards"},
    "out_order": {"zh": "出完的先后", "en": "Order of going out"},
    "marked": {"zh": "明牌", "en": "Marked card"},
    "holder": {"zh": "明牌主人", "en": "Holder"},
    "copies": {"zh": "各人手里有几张和明牌一样的牌", "en": "Copies of the marked card held"},
    "cutter": {"zh": "切牌的人", "en": "Cutter"},
    "previous": {"zh": "上一局", "en": "Last hand"},
    "previous_v": {"zh": "头游{first}，末游{last}", "en": "first out {first}, last {last}"},
    "no_last": {"zh": "没有末游", "en": "no last player"},
    "cards": {"zh": "牌", "en": "Cards"},
    "team_levels": {"zh": "两队的级数", "en": "Team levels"},
    "captured": {"zh": "各人抓到的分", "en": "Points captured"},
    "bonus": {"zh": "明牌奖励", "en": "Marked-card bonus"},
    "before": {"zh": "头游出完前同伴抓到的分", "en": "Partner's points before the first went out"},
    "team": {"zh": "{a}{b}队", "en": "team {a}–{b}"},  # the seats' letters: 甲丙队, team A–C
}
"""Labels of the situation, both languages."""

REASONS: dict[str, dict[str, str]] = {
    "wrong_type": {"zh": "牌型不对", "en": "it is not the same combination"},
    "wrong_count": {"zh": "张数不对", "en": "the number of cards is wrong"},
    "not_higher": {"zh": "不比桌上的牌大", "en": "it is not higher than the play on the table"},
    "not_a_combination": {"zh": "不是一种牌型", "en": "the cards are not one combination"},
    "must_lead": {"zh": "该首出的人不能过", "en": "the player who leads cannot pass"},
    "empty_play": {"zh": "一张牌也没出", "en": "no card was played"},
    "not_in_hand": {"zh": "手里没有这些牌", "en": "the player does not hold these cards"},
    "reading_needed": {"zh": "这几张牌有几种出法，要说明当什么出", "en": "the cards can be read several ways, and the play must say which"},
    "locked_out": {"zh": "过了牌的人这一轮不能再出", "en": "a player who passed is out of the round"},
}

S: dict[str, dict[str, str]] = {
    "beats": {"zh": "管得住。", "en": "It beats the play on the table."},
    "not_beats": {"zh": "管不住：{why}。", "en": "It does not beat it: {why}."},
    "not_beats_plain": {"zh": "管不住。", "en": "It does not beat it."},
    "legal_pass": {"zh": "可以过。", "en": "Passing is allowed."},
    "legal_play": {"zh": "可以这样出。", "en": "This play is allowed."},
    "illegal": {"zh": "不行：{why}。", "en": "Not allowed: {why}."},
    "egg_ok": {"zh": "可以这样扣。", "en": "This egg is allowed."},
    "round_over": {"zh": "这一轮结束。", "en": "The round is over."},
    "round_on": {"zh": "这一轮还没结束，轮到{who}。", "en": "The round goes on; {who} is to play."},
    "takes": {"zh": "{who}拿走这一轮的{p}分。", "en": "{Who} takes the round's {p} points."},
    "next": {"zh": "下一轮由{who}先出。", "en": "{Who} leads the next round."},
    "wind": {"zh": "下一轮由{who}接风先出。", "en": "{Who} takes the wind and leads the next round."},
    "hand_over": {"zh": "这一局结束。", "en": "The hand is over."},
    "out": {"zh": "出完的先后：{who}。", "en": "Out so far: {who}."},
    "kept": {"zh": "庄家第一个出完，继续坐庄。", "en": "The banker went out first and keeps the bank."},
    "lost": {"zh": "庄家没有第一个出完，下台；下一局{who}坐庄。", "en": "The banker did not go out first and steps down; {who} banks next."},
    "draw": {"zh": "{to}从{frm}手里抽走{r}", "en": "{To} takes {r} from {frm}"},
    "give": {"zh": "{frm}给{to}{r}", "en": "{Frm} gives {r} to {to}"},
    "take_egg": {"zh": "{to}收下蛋（{r}）", "en": "{To} takes the egg ({r})"},
    "hand_over_step": {"zh": "{frm}把其余的{n}张（{r}）交给{to}", "en": "{Frm} hands the other {n} cards ({r}) to {to}"},
    "hand_over_one": {"zh": "{frm}把剩下的一张（{r}）交给{to}", "en": "{Frm} hands the last card ({r}) to {to}"},
    "return_one": {"zh": "{frm}退给{to}最差的一张（{r}）", "en": "{Frm} returns the worst card ({r}) to {to}"},
    "return": {"zh": "{frm}退给{to}最差的{n}张（{r}）", "en": "{Frm} returns the worst {n} ({r}) to {to}"},
    "extra": {"zh": "{frm}再给{to}{r}", "en": "{Frm} also gives {r} to {to}"},
    "bonus": {"zh": "{team}升{n}级。", "en": "{Team} goes up {n} levels."},
    "bonus_one": {"zh": "{team}升1级。", "en": "{Team} goes up 1 level."},
    "no_bonus": {"zh": "没有奖励。", "en": "No bonus."},
    "transfer": {"zh": "{frm}把明牌交给同伴{to}。", "en": "{Frm} hands the marked card to the partner, {to}."},
    "leads": {"zh": "{who}先出。", "en": "{Who} leads."},
    "count": {"zh": "从切牌人数{n}个人，{who}先抓牌，拿到明牌。", "en": "Counting {n} from the cutter: {who} draws first and gets the marked card."},
    "no_count": {"zh": "上一局的末游{who}先抓牌，拿到明牌。", "en": "Last hand's last player, {who}, draws first and gets the marked card."},
    "sizes": {"zh": "抓到的张数：{sizes}。", "en": "Cards drawn: {sizes}."},
    "points": {"zh": "共{p}分。", "en": "{p} points in all."},
    "pattern_12": {"zh": "同伴包了头游二游：{team}升{g}级，不看分。", "en": "Partners first and second: {team} goes up {g}, whatever the points."},
    "scores": {"zh": "头游方{a}分（{af}），另一方{b}分（{bf}）。", "en": "First-out side {a} ({af}), other side {b} ({bf})."},
    "full": {"zh": "满", "en": "full"},
    "not_full": {"zh": "不满", "en": "not full"},
    "winner": {"zh": "{team}赢，升{g}级。", "en": "{Team} wins and goes up {g}."},
    "both_full": {"zh": "两方都满，头游方赢。", "en": "Both sides are full: the first-out side wins."},
    "neither_full": {"zh": "两方都不满，末游所在的一方输。", "en": "Neither side is full: the side of the last player loses."},
    "one_full": {"zh": "只有一方满，满的一方赢。", "en": "Only one side is full: that side wins."},
    "levels": {"zh": "级数：{a} → {b}。", "en": "Levels: {a} → {b}."},
    "match_won": {"zh": "{team}赢得全局。", "en": "{Team} wins the match."},
    "next_level": {"zh": "下一局打{level}。", "en": "The next hand is played at {level}."},
    "no_combination": {"zh": "不成牌型，不能一起出。", "en": "Not a combination: the cards cannot be played together."},
    "reading": {"zh": "可以当作{name}出：", "en": "It can be played as a {name}:"},
}
"""The answer sentences, both languages (``{Who}`` is ``{who}`` with a capital)."""


def _seat(seat: Any, lang: str) -> str:
    return seat_name(seat, lang)


def _say(key: str, lang: str, **values: Any) -> str:
    out = {}
    for k, v in values.items():
        out[k] = v
        if isinstance(v, str):
            out[k[:1].upper() + k[1:]] = v[:1].upper() + v[1:]
    return S[key][lang].format(**out)


def _team(team: int, lang: str) -> str:
    names = SEAT_NAMES[lang]
    return L["team"][lang].format(a=names[team], b=names[team + 2])


def _why(code: Any, lang: str) -> str:
    entry = REASONS.get(str(code))
    return entry[lang] if entry else str(code)


def _row(label: str, value_html: str) -> str:
    return f"<tr><th>{escape(label)}</th><td>{value_html}</td></tr>"


def wilds_at(rules: dict[str, Any], level: Any) -> frozenset[str]:
    """The wild card tokens of a hand played at ``level`` under ``rules`` (the rule ``wild.cards``: ``{rank, suit}``,
    ``rank`` may be ``"level"``); empty without the rule or, for a level-rank wild, without a level."""
    spec = rule_value(rules, "wild.cards", None)
    if not isinstance(spec, dict) or "rank" not in spec or "suit" not in spec or (spec["rank"] == "level" and not level):
        return frozenset()
    return frozenset({f'{spec["suit"]}{level if spec["rank"] == "level" else spec["rank"]}'})


@lru_cache(maxsize=64)
def _rules_of(variant_id: str) -> dict[str, Any]:
    try:
        return load_variant(variant_id).data.get("rules") or {}
    except (KeyError, ValueError, FileNotFoundError):
        return {}


def wild_cards(sc: Any) -> frozenset[str]:
    """The wild card tokens in a scenario's situation: :func:`wilds_at` the scenario's ``level`` under its variant's
    rules (a fixture variant's own rules when the scenario has one)."""
    level = sc.given.get("level") if isinstance(sc.given, dict) else None
    fixture = getattr(sc, "fixture", None)
    rules = (fixture.data.get("rules") or {}) if fixture is not None else _rules_of(str(sc.variant))
    return wilds_at(rules, level)


def _stood_for(cards: list[str], played: list[str], wilds: frozenset[str]) -> list[int]:
    """Positions in a reading's ``cards`` that the wild cards of ``played`` stand for: the reading's cards beyond
    the played cards that are not wild."""
    natural = Counter(c for c in played if c not in wilds)
    marks = []
    for i, card in enumerate(cards):
        if natural[card] > 0:
            natural[card] -= 1
        else:
            marks.append(i)
    return marks


def _cards_of(value: Any, lang: str, game: str, wilds: frozenset[str] = frozenset()) -> str:
    """A play: a card list, or ``{cards, reading}`` (Dadun), with the reading said in words (the combination's name
    from the game's rulebook facet ``NAMES``)."""
    if isinstance(value, dict):
        html = cards_html(value.get("cards") or [], lang, wilds=wilds)
        name = (value.get("reading") or {}).get("combination")
        if name:
            names = facet_data(game, "NAMES", {}) or {}
            word = names.get(name, {}).get(lang, name)
            html += escape(L["as"][lang].format(name=word if lang == "zh" else word.lower()))
        return html
    if value == "pass":
        return escape(L["pass"][lang])
    if not value:
        return escape(L["nothing"][lang])
    return cards_html(value, lang, wilds=wilds)


def _sep(lang: str) -> str:
    return "，" if lang == "zh" else ", "


def _ranks(ranks: list[str], lang: str) -> str:
    names = {"BJ": {"zh": "大王", "en": "big joker"}, "LJ": {"zh": "小王", "en": "small joker"}}
    return ("、" if lang == "zh" else ", ").join(names[r][lang] if r in names else r for r in ranks)


def _one_card(ranks: list[str], lang: str) -> str:
    """The cards a player takes or gives: in English one card gets its article (the big joker, a 7, an 8)."""
    if lang != "en" or len(ranks) != 1:
        return _ranks(ranks, lang)
    rank = ranks[0]
    if rank in ("BJ", "LJ"):
        return f"the {_ranks(ranks, lang)}"
    return f"{'an' if rank in ('8', 'A') else 'a'} {rank}"


# -- the situation --------------------------------------------------------------------------------------------------
def is_climbing(sc: Any) -> bool:
    """Whether the scenario's game lays its examples out as a climbing game (its rulebook facet says
    ``EXAMPLE_LAYOUT = "climbing"``)."""
    return facet_data(str(sc.variant).split("/")[0], "EXAMPLE_LAYOUT") == "climbing"


def given_html(sc: Any, lang: str) -> str | None:
    """The situation of a climbing scenario as a small table, or ``None`` for another game or an operation not laid
    out here."""
    if not is_climbing(sc):
        return None
    g, op, game = sc.given, sc.op, str(sc.variant).split("/")[0]
    wild = wild_cards(sc)
    rows: list[str] = []
    if "level" in g and op in ("beats", "legal_play"):
        rows.append(_row(L["level"][lang], escape(L["level_v"][lang].format(level=g["level"]))))
    if op in ("beats", "legal_play", "egg"):
        if "hand" in g:
            rows.append(_row(L["hand"][lang], cards_html(g["hand"], lang, wilds=wild)))
        if "table" in g:
            was = L.get(f"table_was_{g.get('table_was')}", {}).get(lang, "") if g.get("table_was") else ""
            rows.append(_row(L["table"][lang], _cards_of(g["table"], lang, game, wild) + escape(was)))
        if "play" in g:
            rows.append(_row(L["play"][lang], _cards_of(g["play"], lang, game, wild)))
        if "egg" in g:
            rows.append(_row(L["egg"][lang], cards_html(g["egg"], lang, wilds=wild)))
        for flag in ("passed", "first_lead"):
            if g.get(flag):
                rows.append(_row(L[flag][lang], escape(L["yes"][lang])))
    elif op == "round":
        sizes = _sep(lang).join(L["n_cards"][lang].format(who=_seat(s, lang), n=n) for s, n in enumerate(g["hand_sizes"]))
        rows.append(_row(L["sizes"][lang], escape(sizes)))
        if g.get("out"):
            rows.append(_row(L["out_before"][lang], escape(_sep(lang).join(_seat(s, lang) for s in g["out"]))))
        rows.append(_row(L["leader"][lang], escape(_seat(g["leader"], lang))))
        plays = "".join(f'<span class="play"><span class="play-who">{escape(_seat(a["seat"], lang))}</span>'
                        + (escape(L["pass"][lang]) if a["type"] == "pass" else cards_html(a["cards"], lang, wilds=wild))
                        + "</span>" for a in g.get("actions", []))
        rows.append(_row(L["actions"][lang], f'<div class="plays">{plays}</div>' if plays else escape(L["nothing"][lang])))
    elif op == "exchange":
        pl = g["places"]
        rows.append(_row(L["places"][lang], escape(L["place_line"][lang].format(
            **{k: _seat(v, lang) for k, v in pl.items()}))))
        rows.append(_row(L["banker"][lang], escape(_seat(g["banker"], lang))))
        for seat, cards in enumerate(g.get("hands", [])):
            if cards:
                rows.append(_row(L["cards_of"][lang].format(who=_seat(seat, lang)), cards_html(cards, lang, wilds=wild)))
        rows.append(_row(L["egg"][lang], cards_html(g["egg"], lang, wilds=wild)))
    elif op == "settle" and "out" in g:
        rows.append(_row(L["banker"][lang], escape(_seat(g["banker"], lang))))
        rows.append(_row(L["out_order"][lang], escape(_sep(lang).join(_seat(s, lang) for s in g["out"]))))
    elif op == "settle" and "finish" in g:
        rows.append(_row(L["team_levels"][lang], escape(_sep(lang).join(f"{_team(t, lang)} {lv}" for t, lv in enumerate(g["levels"])))))
        rows.append(_row(L["level"][lang], escape(L["level_v"][lang].format(level=g["level"]))))
        rows.append(_row(L["out_order"][lang], escape(_sep(lang).join(_seat(s, lang) for s in g["finish"]))))
        rows.append(_row(L["captured"][lang], escape(_sep(lang).join(f"{_seat(s, lang)} {p}" for s, p in enumerate(g["captured"])))))
        if g.get("first_partner_before"):
            rows.append(_row(L["before"][lang], escape(str(g["first_partner_before"]))))
        if any(g.get("bonus") or []):
            rows.append(_row(L["bonus"][lang], escape(_sep(lang).join(f"{_team(t, lang)} +{b}" for t, b in enumerate(g["bonus"])))))
    elif op == "marked_card":
        rows.append(_row(L["marked"][lang], cards_html([g["marked_card"]], lang, wilds=wild)))
        rows.append(_row(L["holder"][lang], escape(_seat(g["holder"], lang))))
        rows.append(_row(L["copies"][lang], escape(_sep(lang).join(f"{_seat(s, lang)} {n}" for s, n in enumerate(g["copies"])))))
    elif op == "deal_order":
        rows.append(_row(L["cutter"][lang], escape(_seat(g["cutter"], lang))))
        rows.append(_row(L["marked"][lang], cards_html([g["marked_card"]], lang, wilds=wild)))
        prev = g.get("previous")
        if prev:
            last = _seat(prev["last_out"], lang) if prev.get("last_out") is not None else L["no_last"][lang]
            rows.append(_row(L["previous"][lang], escape(L["previous_v"][lang].format(first=_seat(prev["first_out"], lang), last=last))))
    elif op == "classify":
        if "level" in g:
            rows.append(_row(L["level"][lang], escape(L["level_v"][lang].format(level=g["level"]))))
        rows.append(_row(L["cards"][lang], cards_html(g["cards"], lang, wilds=wild)))
    elif op == "round_points":
        rows.append(_row(L["cards"][lang], cards_html(g["cards"], lang, wilds=wild)))
    else:
        return None
    return f'<table class="kv">{"".join(rows)}</table>'


# -- the answer -----------------------------------------------------------------------------------------------------
def _beats(e: dict[str, Any], lang: str) -> str:
    if e.get("beats"):
        return _say("beats", lang)
    return _say("not_beats", lang, why=_why(e["reason"], lang)) if e.get("reason") else _say("not_beats_plain", lang)


def _legal(sc: Any, lang: str) -> str:
    e = sc.expect
    if e.get("legal"):
        if sc.op == "egg":
            return _say("egg_ok", lang)
        return _say("legal_pass" if sc.given.get("play") == "pass" else "legal_play", lang)
    return _say("illegal", lang, why=_why(e.get("reason"), lang))


def _round(sc: Any, lang: str) -> str:
    e, zh = sc.expect, lang == "zh"
    out = []
    if e.get("over") is False:
        out.append(_say("round_on", lang, who=_seat(e["to_act"], lang)))
    else:
        out.append(_say("round_over", lang))
        if e.get("points") is not None and e.get("last_player") is not None:
            out.append(_say("takes", lang, who=_seat(e["last_player"], lang), p=e["points"]))
        if e.get("hand_over"):
            out.append(_say("hand_over", lang))
        elif e.get("next_leader") is not None:
            plays = [a["seat"] for a in sc.given.get("actions", []) if a["type"] == "play"]
            last = e.get("last_player", plays[-1] if plays else None)
            wind = e.get("wind", last in (e.get("out") or []) and e["next_leader"] != last)
            out.append(_say("wind" if wind else "next", lang, who=_seat(e["next_leader"], lang)))
    if e.get("out"):
        out.append(_say("out", lang, who=("、" if zh else ", ").join(_seat(s, lang) for s in e["out"])))
    return ("" if zh else " ").join(out)


def _exchange(sc: Any, lang: str) -> str:
    lines = []
    for m in sc.expect.get("moves", []):
        key = {"draw": "draw", "give": "give", "take_egg": "take_egg", "hand_over": "hand_over_step",
               "return": "return"}.get(m["step"], "extra")
        frm = _seat(m["from"], lang) if m.get("from") is not None else ""
        count, ranks = m.get("count", 0), m.get("ranks", [])
        if count == 1 and key in ("hand_over_step", "return"):
            key = {"hand_over_step": "hand_over_one", "return": "return_one"}[key]
        cards = _one_card(ranks, lang) if key in ("draw", "give", "extra") else _ranks(ranks, lang)
        lines.append(_say(key, lang, frm=frm, to=_seat(m["to"], lang), n=count, r=cards))
    end = "。" if lang == "zh" else "."
    return "<br>".join(escape(f"{i}. {line}{end}") for i, line in enumerate(lines, 1))


def _settle(sc: Any, lang: str) -> str | None:
    e, zh = sc.expect, lang == "zh"
    if "places" in e:
        pl = e["places"]
        head = L["place_line"][lang].format(**{k: _seat(v, lang) for k, v in pl.items()})
        head = (head + "。") if zh else (head[:1].upper() + head[1:] + ".")
        tail = _say("kept", lang) if e.get("banker_kept") else _say("lost", lang, who=_seat(e["next_banker"], lang))
        return escape(head + ("" if zh else " ") + tail)
    if "pattern" not in e:
        return None
    out = []
    if e["pattern"] == "1+2":
        out.append(_say("pattern_12", lang, team=_team(e["winner"], lang), g=e["gain"]))
    else:
        sc_, full = e.get("scores") or {}, e.get("full") or {}
        words = {True: S["full"][lang], False: S["not_full"][lang]}
        out.append(_say("scores", lang, a=sc_.get("first_side"), b=sc_.get("other_side"),
                        af=words[bool(full.get("first_side"))], bf=words[bool(full.get("other_side"))]))
        decision = "both_full" if all(full.values()) else "neither_full" if not any(full.values()) else "one_full"
        out.append(_say(decision, lang))
        out.append(_say("winner", lang, team=_team(e["winner"], lang), g=e["gain"]))
    before = sc.given.get("levels", ["?", "?"])
    after = e.get("levels", before)
    out.append(_say("levels", lang, a=" / ".join(before), b=" / ".join(after)))
    if e.get("match_over") and e.get("match_winner") is not None:
        out.append(_say("match_won", lang, team=_team(e["match_winner"], lang)))
    elif e.get("next_level"):
        out.append(_say("next_level", lang, level=e["next_level"]))
    return "<br>".join(escape(x) for x in out)


def _marked(sc: Any, lang: str) -> str:
    e = sc.expect
    out = []
    if e.get("bonus"):
        out.append(_say("bonus" if e["bonus"] > 1 else "bonus_one", lang, team=_team(e["team"], lang), n=e["bonus"]))
        if e.get("transfer"):
            out.append(_say("transfer", lang, frm=_seat(e["transfer"]["from"], lang), to=_seat(e["transfer"]["to"], lang)))
    else:
        out.append(_say("no_bonus", lang))
    out.append(_say("leads", lang, who=_seat(e["leader"], lang)))
    return escape(("" if lang == "zh" else " ").join(out))


def _deal_order(sc: Any, lang: str) -> str:
    e = sc.expect
    who = _seat(e["first_drawer"], lang)
    head = _say("count", lang, n=e["count"], who=who) if e.get("count") is not None else _say("no_count", lang, who=who)
    sizes = _sep(lang).join(L["n_cards"][lang].format(who=_seat(s, lang), n=n) for s, n in enumerate(e["hand_sizes"]))
    return escape(head + ("" if lang == "zh" else " ") + _say("sizes", lang, sizes=sizes))


def _classify(sc: Any, lang: str) -> str:
    """Each reading of the cards: the combination's name and what the cards stand for (a wild card as the card it
    replaces)."""
    readings = sc.expect.get("readings") or []
    if not readings:
        return escape(S["no_combination"][lang])
    names = facet_data(str(sc.variant).split("/")[0], "NAMES", {}) or {}
    wilds, played = wild_cards(sc), list(sc.given.get("cards") or [])
    out = []
    for r in readings:
        word = names.get(r["combination"], {}).get(lang, r["combination"])
        marks = _stood_for(list(r["cards"]), played, wilds) if wilds & set(played) else []
        out.append(f'<span class="answer-line">{escape(S["reading"][lang].format(name=word if lang == "zh" else word.lower()))} '
                   f'{cards_html(r["cards"], lang, wild_at=marks)}</span>')
    return "".join(out)


ANSWERS: dict[str, Callable[[Any, str], str | None]] = {
    "classify": _classify,
    "beats": lambda sc, lang: escape(_beats(sc.expect, lang)),
    "legal_play": lambda sc, lang: escape(_legal(sc, lang)),
    "egg": lambda sc, lang: escape(_legal(sc, lang)),
    "round": lambda sc, lang: escape(_round(sc, lang)),
    "exchange": _exchange,
    "settle": _settle,
    "marked_card": _marked,
    "deal_order": _deal_order,
    "round_points": lambda sc, lang: escape(_say("points", lang, p=sc.expect["points"])),
}


def answer_html(sc: Any, lang: str) -> str | None:
    """The expected answer of a climbing scenario in sentences (HTML), or ``None`` for an operation (or a Huolong
    ``settle``) not explained here."""
    fn = ANSWERS.get(sc.op)
    if fn is None or not is_climbing(sc) or (sc.op == "settle" and "places" not in sc.expect and "pattern" not in sc.expect):
        return None
    return fn(sc, lang)
