"""The narrated sample hand of a climbing game (憋蛋 Biedan, 打墩 Dadun): the game's rulebook facet replays a recorded
reference-engine hand (``sample_hand(variant_id)`` returning ``{"kind": "climbing", ...}``, see the games'
``sample.py``); this module tells it: the deal and setup, the rounds that matter pictured (the first, bombs and duns,
a player going out, the wind, rounds rich in points, the last), the rest summarised, and the settlement.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .answers_climbing import wilds_at
from .card_svg import cards_html
from .labels import SEAT_NAMES, seat_name
from .sample_page import page_head, pictured

MAX_PICTURED = 7
"""At most this many rounds are pictured; the others are summarised."""

T: dict[str, dict[str, str]] = {
    "deal": {"zh": "摸牌和开局", "en": "Deal and setup"},
    "play": {"zh": "出牌", "en": "Play"},
    "settle": {"zh": "结算", "en": "Settlement"},
    "round_n": {"zh": "第{n}轮", "en": "Round {n}"},
    "pass": {"zh": "过", "en": "pass"},
    "out": {"zh": "出完", "en": "out"},
    "intro_biedan": {"zh": "这一局共{n}轮。下面画出其中要紧的{k}轮（第一轮、炸弹、有人出完、接风和最后一轮），其余的只说结果。",
                     "en": "The hand has {n} rounds. The {k} that matter are pictured (the first, bombs, a player going "
                           "out, the wind, the last); the others are told in short."},
    "intro_dadun": {"zh": "这一局共{n}轮。下面画出其中要紧的{k}轮（第一轮、炸弹和墩、有人出完、接风、分多的几轮和最后一轮），其余的只说结果。",
                    "en": "The hand has {n} rounds. The {k} that matter are pictured (the first, bombs and duns, a "
                          "player going out, the wind, rounds rich in points, the last); the others are told in short."},
    "took": {"zh": "{who}的牌没人压，这一轮归{who}。", "en": "Nobody beats {who}; the round is {whose}."},
    "took_points": {"zh": "{who}的牌没人压，这一轮的{p}分归{who}。", "en": "Nobody beats {who}; the round's {p} points go to {whom}."},
    "leads_next": {"zh": "下一轮由{who}先出。", "en": "{who} leads the next round."},
    "wind": {"zh": "{who}已经出完，由{next}接风。", "en": "{who} is out, so {next} takes the wind and leads."},
    "hand_over": {"zh": "这一局结束。", "en": "The hand is over."},
    "bomb_note": {"zh": "这一轮有炸弹。", "en": "A bomb is played in this round."},
    "dun_note": {"zh": "这一轮有墩。", "en": "A dun is played in this round."},
    "summary": {"zh": "第{span}轮从略：{takers}。", "en": "Rounds {span} in short: {takers}."},
    "summary_one": {"zh": "第{span}轮从略：{takers}。", "en": "Round {span} in short: {takers}."},
    "took_short": {"zh": "{who}赢第{n}轮", "en": "{who} wins round {n}"},
    "took_short_points": {"zh": "{who}赢第{n}轮（{p}分）", "en": "{who} wins round {n} ({p} points)"},
    # Biedan
    "b_first_drawer": {"zh": "{who}先摸牌，三人轮流一张一张摸完54张牌，每人18张。",
                       "en": "{who} draws first; the three draw one card at a time until all 54 are gone, 18 each."},
    "b_banker_card": {"zh": "{who}摸到了红桃3，当庄家。", "en": "{who} drew the ♥3 and is the banker."},
    "b_banker_kept": {"zh": "{who}是上一局定下的庄家。", "en": "{who} is the banker, as the last hand decided."},
    "b_hand": {"zh": "{who}的牌：", "en": "{Who}'s cards:"},
    "b_egg": {"zh": "{who}扣下三张牌作蛋（背面朝上，别人看不到）：", "en": "{Who} buries three cards as the egg (face down, hidden from the others):"},
    "b_places": {"zh": "名次", "en": "Places"},
    "b_place_line": {"zh": "第一名{first}，第二名{second}，{third}憋蛋（第三名）。",
                     "en": "First {first}, second {second}; {third} is stuck with the egg (third)."},
    "b_exchange": {"zh": "换牌", "en": "The exchange"},
    "b_draw": {"zh": "{to}从{frm}手里抽走最好的一张：", "en": "{To} takes the best card from {frm}:"},
    "b_give": {"zh": "{frm}给{to}一张最好的牌：", "en": "{Frm} gives {to} their best card:"},
    "b_take_egg": {"zh": "{to}收下蛋：", "en": "{To} takes the egg:"},
    "b_hand_over": {"zh": "{frm}把其余的牌全部交给{to}：", "en": "{Frm} hands all other cards to {to}:"},
    "b_return": {"zh": "{frm}从中挑出最差的几张退给{to}：", "en": "{Frm} returns the worst of them to {to}:"},
    "b_extra": {"zh": "{frm}再给{to}一张最好的牌：", "en": "{Frm} also gives {to} their best card:"},
    "b_bank": {"zh": "坐庄", "en": "The bank"},
    "b_kept": {"zh": "庄家{who}第一个出完，下一局继续坐庄。", "en": "The banker, {who}, went out first and keeps the bank."},
    "b_lost": {"zh": "庄家{who}没有第一个出完，下台；下一局由{next}坐庄。",
               "en": "The banker, {who}, did not go out first and steps down; {next} is the next banker."},
    # Dadun
    "d_level": {"zh": "这是第一局，两队都打{level}。", "en": "This is the first hand; both teams are at level {level}."},
    "d_cut": {"zh": "{who}切牌，翻出的明牌是：", "en": "{Who} cuts; the marked card turned up is:"},
    "d_drawer": {"zh": "按明牌的点数从切牌人数起，{who}先抓牌，也抓到了明牌，所以这一局由{who}先出。各人抓到的张数：{sizes}。",
                 "en": "Counting the marked card's value from the cutter, {who} draws first, gets the marked card and so "
                       "leads the hand. Cards drawn: {sizes}."},
    "d_bonus": {"zh": "明牌奖励：{team}升{n}级，在这一局结束时加上。", "en": "Marked-card bonus: {team} goes up {n} at the end of the hand."},
    "d_transfer": {"zh": "{frm}把明牌交给同伴{to}，凑成三张。", "en": "{Frm} hands the marked card to the partner, {to}, to make three."},
    "d_no_bonus": {"zh": "另外两张和明牌一样的牌不在明牌主人或他同伴一个人手里，没有奖励。",
                   "en": "The two copies of the marked card are not together in the holder's or the partner's hand: no bonus."},
    "d_finish": {"zh": "出完的先后", "en": "Order of going out"},
    "d_pattern": {"zh": "局面", "en": "Pattern"},
    "d_captured": {"zh": "各人抓到的分", "en": "Points captured"},
    "d_scores": {"zh": "两方的分（合并后）", "en": "The sides' scores (after merging)"},
    "d_first_side": {"zh": "头游方", "en": "first-out side"},
    "d_other_side": {"zh": "另一方", "en": "other side"},
    "d_full": {"zh": "满", "en": "full"},
    "d_not_full": {"zh": "不满", "en": "not full"},
    "d_winner": {"zh": "赢的一队", "en": "Winners"},
    "d_levels": {"zh": "级数", "en": "Levels"},
    "d_next": {"zh": "下一局打{level}。", "en": "The next hand is played at {level}."},
    "d_match_won": {"zh": "{team}在打A的一局里赢了，赢得全局。", "en": "{team} won a hand at A and wins the match."},
    "d_team": {"zh": "{a}{b}队", "en": "team {a}–{b}"},
}
"""The narration's words in both languages."""

PLACES: dict[str, tuple[str, ...]] = {"zh": ("头游", "二游", "三游", "末游"),
                                      "en": ("first out", "second out", "third out", "last")}
"""Dadun's names of the places in the order of going out."""


def _w(key: str, lang: str) -> str:
    return T[key][lang]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


SEAT_FIELDS = frozenset({"who", "next", "frm", "to", "first", "second", "third"})
"""The fields of the sentences that are seats (named 甲乙丙丁 / player A–D)."""


def _fmt(key: str, lang: str, **seats: Any) -> str:
    """Fill a sentence: ``{who}`` and the like are seats (named), their capitalised forms ``{Who}`` too."""
    values: dict[str, Any] = {}
    for k, v in seats.items():
        name = seat_name(v, lang) if k in SEAT_FIELDS and isinstance(v, int) else str(v)
        values[k] = name
        values[k[:1].upper() + k[1:]] = _cap(name)
    if lang == "en" and "who" in seats:
        values["whose"] = values["who"] + "'s"
        values["whom"] = values["who"]
    return _cap(T[key][lang].format(**values))


def pick_rounds(rounds: list[dict[str, Any]]) -> list[int]:
    """Numbers of the rounds worth a picture, in play order: the first, the last, the wind, a player going out,
    duns, bombs, then the richest in points (30 or more); at most :data:`MAX_PICTURED`."""
    chosen: list[int] = []
    ranked = [r for r in rounds[:1] + rounds[-1:]]
    ranked += [r for r in rounds if r["wind"]] + [r for r in rounds if any(p["out"] for p in r["plays"])]
    ranked += [r for r in rounds if any(p.get("tier") == "dun" for p in r["plays"])]
    ranked += [r for r in rounds if any(p.get("tier") in ("bomb", "top") for p in r["plays"])]
    ranked += sorted((r for r in rounds if r.get("points", 0) >= 30), key=lambda r: -r["points"])
    for r in ranked:
        if r["number"] not in chosen and len(chosen) < MAX_PICTURED:
            chosen.append(r["number"])
    return sorted(chosen)


def _round_html(r: dict[str, Any], lang: str, wilds: frozenset[str] = frozenset()) -> str:
    rows = []
    for p in r["plays"]:
        who = escape(seat_name(p["seat"], lang))
        if p["cards"] is None:
            body = f'<span class="pass">{escape(_w("pass", lang))}</span>'
        else:
            body = cards_html(p["cards"], lang, wilds=wilds) + (f' <span class="out-tag">{escape(_w("out", lang))}</span>'
                                                   if p["out"] else "")
        rows.append(f'<span class="play"><span class="play-who">{who}</span>{body}</span>')
    notes = []
    tiers = {p.get("tier") for p in r["plays"]}
    if "dun" in tiers:
        notes.append(_w("dun_note", lang))
    elif tiers & {"bomb", "top"}:
        notes.append(_w("bomb_note", lang))
    if "points" in r:
        notes.append(_fmt("took_points", lang, who=r["taker"], p=r["points"]))
    else:
        notes.append(_fmt("took", lang, who=r["taker"]))
    if r["last"] or r["next_leader"] is None:
        notes.append(_w("hand_over", lang))
    elif r["wind"]:
        notes.append(_fmt("wind", lang, who=r["taker"], next=r["next_leader"]))
    else:
        notes.append(_fmt("leads_next", lang, who=r["next_leader"]))
    sep = "" if lang == "zh" else " "
    return (f'<div class="trick"><p class="trick-head">{escape(_w("round_n", lang).format(n=r["number"]))}</p>'
            f'<div class="plays">{"".join(rows)}</div><p>{escape(sep.join(notes))}</p></div>')


def _summary(skipped: list[dict[str, Any]], lang: str) -> str:
    first, last = skipped[0]["number"], skipped[-1]["number"]
    span = f"{first}" if first == last else f"{first}–{last}"
    parts = []
    for r in skipped:
        who = seat_name(r["taker"], lang)
        key = "took_short_points" if r.get("points") else "took_short"
        parts.append(T[key][lang].format(who=who, n=r["number"], p=r.get("points", 0)))
    takers = ("，" if lang == "zh" else "; ").join(parts)
    key = "summary" if len(skipped) > 1 else "summary_one"
    return f'<p class="trick-summary">{escape(_w(key, lang).format(span=span, takers=takers))}</p>'


def _rows(rows: list[tuple[str, str]]) -> str:
    body = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in rows)  # values are HTML already
    return f'<table class="kv sample-settle">{body}</table>'


def _biedan_setup(hand: dict[str, Any], lang: str) -> list[str]:
    banker = hand["banker"]
    sep = "" if lang == "zh" else " "
    out = [f'<p>{escape(_fmt("b_first_drawer", lang, who=hand["first_drawer"]))}{sep}'
           f'{escape(_fmt("b_banker_card" if hand["banker_by_card"] else "b_banker_kept", lang, who=banker))}</p>']
    for seat, cards in enumerate(hand["hands"]):
        out.append(f'<p>{escape(_fmt("b_hand", lang, who=seat))}</p><p>{cards_html(cards, lang)}</p>')
    out.append(f'<p>{escape(_fmt("b_egg", lang, who=banker))}</p><p>{cards_html(hand["egg"], lang)}</p>')
    return out


def _biedan_settle(hand: dict[str, Any], lang: str) -> list[str]:
    pl = hand["places"]
    out = [f'<p>{escape(_fmt("b_place_line", lang, first=pl["first"], second=pl["second"], third=pl["third"]))}</p>',
           f"<h3>{escape(_w('b_exchange', lang))}</h3>"]
    items = []
    for m in hand["moves"]:
        key = {"draw": "b_draw", "give": "b_give", "take_egg": "b_take_egg", "hand_over": "b_hand_over",
               "return": "b_return"}.get(m["step"], "b_extra")
        frm = m["from"] if m["from"] is not None else ""
        items.append(f'<li>{escape(_fmt(key, lang, frm=frm, to=m["to"]))} {cards_html(m["cards"], lang)}</li>')
    out.append(f'<ol class="flow">{"".join(items)}</ol>')
    bank = (_fmt("b_kept", lang, who=hand["banker"]) if hand["banker_kept"]
            else _fmt("b_lost", lang, who=hand["banker"], next=hand["next_banker"]))
    out.append(f"<h3>{escape(_w('b_bank', lang))}</h3><p>{escape(bank)}</p>")
    return out


def _team(team: int, lang: str) -> str:
    names = SEAT_NAMES[lang]
    return T["d_team"][lang].format(a=names[team], b=names[team + 2])


def _dadun_setup(hand: dict[str, Any], lang: str) -> list[str]:
    sep = "，" if lang == "zh" else ", "
    sizes = [f"{seat_name(seat, lang)}{n}张" if lang == "zh" else f"{seat_name(seat, lang)} {n}"
             for seat, n in enumerate(hand["seat_sizes"])]
    out = [f'<p>{escape(_w("d_level", lang).format(level=hand["level"]))}</p>',
           f'<p>{escape(_fmt("d_cut", lang, who=hand["cutter"]))}</p><p>{cards_html([hand["marked"]], lang)}</p>',
           f'<p>{escape(_fmt("d_drawer", lang, who=hand["first_drawer"], sizes=sep.join(sizes)))}</p>']
    b = hand["bonus"]
    if b.get("bonus"):
        text = _w("d_bonus", lang).format(team=_team(b["team"], lang), n=b["bonus"])
        if b.get("transfer"):
            text += ("" if lang == "zh" else " ") + _fmt("d_transfer", lang, frm=b["transfer"]["from"], to=b["transfer"]["to"])
        out.append(f"<p>{escape(_cap(text))}</p>")
    else:
        out.append(f'<p>{escape(_w("d_no_bonus", lang))}</p>')
    return out


def _dadun_settle(hand: dict[str, Any], lang: str) -> list[str]:
    r, zh = hand["result"], lang == "zh"
    names = PLACES[lang]
    finish = hand["places"]
    sep = "，" if zh else ", "
    order = sep.join(f"{names[i]}{'' if zh else ' '}{seat_name(s, lang)}" for i, s in enumerate(finish))
    rows = [(_w("d_finish", lang), escape(order)), (_w("d_pattern", lang), escape(str(r.get("pattern"))))]
    rows.append((_w("d_captured", lang), escape(sep.join(f"{seat_name(s, lang)} {p}" for s, p in enumerate(hand["captured"])))))
    if r.get("scores"):
        full = r.get("full") or {}
        cells = []
        for side in ("first_side", "other_side"):
            state = _w("d_full" if full.get(side) else "d_not_full", lang)
            cells.append(f"{_w('d_' + side, lang)} {r['scores'][side]}（{state}）" if zh
                         else f"{_w('d_' + side, lang)} {r['scores'][side]} ({state})")
        rows.append((_w("d_scores", lang), escape(sep.join(cells))))
    if r.get("winner") is not None:
        rows.append((_w("d_winner", lang), escape(_cap(_team(r["winner"], lang))
                                                   + (f"，升{r['gain']}级" if zh else f", up {r['gain']}"))))
    before, after = hand["levels"], r.get("levels", hand["levels"])
    rows.append((_w("d_levels", lang), escape(sep.join(f"{_team(t, lang)} {before[t]} → {after[t]}" for t in (0, 1)))))
    out = [_rows(rows)]
    if r.get("match_winner") is not None:
        out.append(f'<p>{escape(_cap(_w("d_match_won", lang).format(team=_team(r["match_winner"], lang))))}</p>')
    elif r.get("next_level"):
        out.append(f'<p>{escape(_w("d_next", lang).format(level=r["next_level"]))}</p>')
    return out


def climbing_sample_page(doc: Any, lang: str, hand: dict[str, Any]) -> str:
    """The sample-hand page of a climbing game's variant in one language, as Markdown (sections ``deal``, ``play``,
    ``settle``)."""
    out = page_head(doc, lang, hand) + [f"## 1. {_w('deal', lang)} {{#deal}}\n\n"]
    setup = _biedan_setup if hand["game"] == "biedan" else _dadun_setup
    out.extend(block + "\n\n" for block in setup(hand, lang))
    out.append(f"## 2. {_w('play', lang)} {{#play}}\n\n")
    rounds = hand["rounds"]
    shown = pick_rounds(rounds)
    out.append(f'<p>{escape(_w("intro_" + hand["game"], lang).format(n=len(rounds), k=len(shown)))}</p>\n\n')
    wilds = wilds_at(doc.rules, hand.get("level"))
    out.extend(pictured(rounds, shown, lambda r: _round_html(r, lang, wilds), lambda skipped: _summary(skipped, lang)))
    out.append(f"## 3. {_w('settle', lang)} {{#settle}}\n\n")
    settle = _biedan_settle if hand["game"] == "biedan" else _dadun_settle
    out.extend(block + "\n\n" for block in settle(hand, lang))
    return "".join(out)
