"""Teaching examples for players: a scenario of the suite shown as a small story with pictured cards and its
answer said in words (never an answer code), in the page's language.

An example whose cards are fewer than a real hand is labelled as a simplified deal.
"""

from __future__ import annotations

from html import escape
from typing import Any

from datong_rules.reference_impl.table import Table

from .answers_climbing import answer_html as climbing_answer
from .answers_climbing import given_html as climbing_given
from .card_svg import cards_html, suit_label
from .examples import ScenarioLike, value_html
from .labels import KEY_LABELS, UI, label, seat_name

REASONS: dict[str, dict[str, str]] = {
    "too_many_points": {"zh": "扣下的分太多", "en": "the buried cards hold too many points"},
    "big_joker": {"zh": "大王不能当普通底牌扣", "en": "a big joker cannot be buried as an ordinary card"},
    "not_side_card": {"zh": "扣了主牌", "en": "a trump was buried"},
    "wrong_count": {"zh": "张数不对", "en": "the number of cards is wrong"},
    "not_in_hand": {"zh": "手里没有这些牌", "en": "the player does not hold these cards"},
    "not_one_combination": {"zh": "不是一个牌型", "en": "the cards are not one combination"},
    "must_follow_suit": {"zh": "有首家出的花色就必须跟", "en": "the player must follow the led suit"},
}
"""Answer codes of the operations (docs/implementers/operations.md) in words; an unknown code is shown as
itself in code type."""

TOY_KEYS = ("deal", "hand", "bottom")
"""Given keys holding a part of a deal: an example with them is a simplified (toy) deal."""


def reason_words(code: Any, lang: str) -> str:
    """An answer code in words."""
    entry = REASONS.get(str(code))
    return entry[lang] if entry else str(code)


def _team(team: str, lang: str) -> str:
    return label(KEY_LABELS, team, lang)


def answer_words(sc: ScenarioLike, lang: str) -> str:
    """The scenario's expected answer as one or two sentences (HTML)."""
    e, g, zh = sc.expect, sc.given, lang == "zh"
    climbing = climbing_answer(sc, lang)
    if climbing is not None:
        return climbing
    if sc.op == "trick_winner":
        who = seat_name(e["winner"], lang)
        pts = e.get("points", 0)
        return escape(f"{who}最大，赢得这一轮，拿走{pts}分。" if zh else f"{who[0].upper()}{who[1:]} wins the trick and takes {pts} points.")
    if sc.op == "declare":
        suit = suit_label(e["trump_suit"], lang) if e.get("trump_suit") else ""
        banker = seat_name(e["banker"], lang) if e.get("banker") is not None else ""
        if e.get("outcome") == "redeal":
            return escape("没有人亮主：重新发牌。" if zh else "Nobody declared: the cards are dealt again.")
        head = ("没有人亮主，由底牌定主：" if zh else "Nobody declared, so the bottom decides: ") if e.get("outcome") == "bottom" else ""
        text = f"{head}{suit}是主，{banker}当庄家。" if zh else f"{head}{suit} are trumps and {banker} is the banker."
        if e.get("rejected"):
            n = "、".join(str(i + 1) for i in e["rejected"]) if zh else ", ".join(str(i + 1) for i in e["rejected"])
            text += f"第{n}次亮牌无效。" if zh else f" Show {n} does not count."
        return escape(text)
    if sc.op == "bury":
        if e.get("legal"):
            return escape("可以这样扣。" if zh else "This bury is allowed.")
        return escape(f"不能这样扣：{reason_words(e.get('reason'), lang)}。" if zh
                      else f"Not allowed: {reason_words(e.get('reason'), lang)}.")
    if sc.op == "star_burial":
        parts = [f'<span class="answer-line">{UI["bottom_now"][lang]} {cards_html(e.get("bottom", []), lang)}</span>']
        taken = [c for group in e.get("taken_back", []) for c in group]
        if taken:
            parts.append(f'<span class="answer-line">{UI["taken_back"][lang]} {cards_html(taken, lang)}</span>')
        for f in e.get("forced", []):
            parts.append(f'<span class="answer-line">{escape(UI["forced"][lang].format(who=seat_name(f["seat"], lang), n=f["count"]))}</span>')
        return "".join(parts)
    if sc.op == "settle":
        lv_before, lv = g.get("levels", {}), e.get("levels", {})
        lines = []
        for team in ("banker_team", "attackers"):
            if team in lv:
                before = lv_before.get(team, "?")
                lines.append((f"{_team(team, lang)}：{before} → {lv[team]}" if zh
                              else f"{_team(team, lang)}: {before} → {lv[team]}"))
        if e.get("match_winner"):
            lines.append(f"{_team(e['match_winner'], lang)}赢得这一龙。" if zh else f"The {_team(e['match_winner'], lang)} win the match.")
        elif e.get("next_banker") is not None:
            nb = seat_name(e["next_banker"], lang)
            lines.append(f"下一局{nb}当庄家。" if zh else f"Next hand: {nb} is the banker.")
        stakes = e.get("stakes") or {}
        if any(stakes.values()):
            lines.append((f"输赢分：庄家方每人{stakes.get('banker_team', 0):+d}。" if zh
                          else f"Stakes: {stakes.get('banker_team', 0):+d} for each banker-team player."))
        return "<br>".join(escape(x) for x in lines)
    return escape(", ".join(f"{label(KEY_LABELS, k, lang)}: {v}" for k, v in e.items()))


def _given_html(sc: ScenarioLike, lang: str, table: Table | None) -> str:
    g = sc.given
    rows = []
    climbing = climbing_given(sc, lang)  # None unless the game lays out climbing examples
    if climbing is not None:
        return climbing
    if sc.op == "trick_winner" and table is not None and isinstance(g.get("leader"), int) and g.get("plays"):
        plays = "".join(f'<span class="play"><span class="play-who">{escape(seat_name(table.next_seat(g["leader"], i), lang))}'
                        f'</span>{cards_html(p, lang)}</span>' for i, p in enumerate(g["plays"]))
        facts = "".join(f"<tr><th>{escape(label(KEY_LABELS, k, lang))}</th><td>{value_html(k, g[k], lang, g, table)}</td></tr>"
                        for k in ("level", "trump_suit") if k in g)
        return f'<table class="kv">{facts}</table><div class="plays">{plays}</div>'
    if sc.op == "settle":
        facts = []
        for key in ("banker", "attacker_points", "bottom_dug", "dug_with_level_rank"):
            if key in g:
                facts.append(f"<tr><th>{escape(label(KEY_LABELS, key, lang))}</th><td>{value_html(key, g[key], lang, g, table)}</td></tr>")
        for team, n in (g.get("stars") or {}).items():
            if n:
                facts.append(f"<tr><th>{escape(UI['stars_of'][lang].format(team=_team(team, lang)))}</th><td>{n}</td></tr>")
        return f'<table class="kv">{"".join(facts)}</table>'
    for key, value in g.items():
        if sc.op == "declare" and key == "level":
            continue
        if key == "shows":
            value = [{"seat": s["seat"], "cards": s["cards"]} for s in value]
        rows.append(f"<tr><th>{escape(label(KEY_LABELS, key, lang))}</th><td>{value_html(key, value, lang, g, table)}</td></tr>")
    return f'<table class="kv">{"".join(rows)}</table>'


def _table(rules: dict[str, Any] | None) -> Table | None:
    try:
        return Table.from_rules(rules or {})
    except ValueError:
        return None


def example_block(sc: ScenarioLike, number: int, lang: str, rules: dict[str, Any] | None = None) -> str:
    """One teaching example: title (the scenario's description), the simplified-deal label where it applies,
    the situation pictured, and the answer in words."""
    desc = escape(str(sc.description.get(lang) or ""))
    hand_size = (((rules or {}).get("deal") or {}).get("hand_size") or {}).get("value", "?")
    toy = any(k in sc.given for k in TOY_KEYS)
    if toy and isinstance(hand_size, int) and set(sc.given) & set(TOY_KEYS) == {"hand"}:
        toy = len(sc.given["hand"]) < hand_size  # a whole hand is no simplified deal
    tag = f'<p class="toy-label">{escape(UI["toy_deal"][lang].format(n=hand_size))}</p>' if toy else ""
    return (f'<div class="example teaching" id="ex-{escape(sc.id)}">'
            f'<p class="example-title"><strong>{UI["example"][lang]} {number}</strong> {desc}</p>{tag}'
            f'{_given_html(sc, lang, _table(rules))}'
            f'<p class="answer"><span class="prov-label">{UI["answer"][lang]}</span> {answer_words(sc, lang)}</p></div>')
