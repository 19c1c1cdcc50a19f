"""The narrated sample hand of a variant: one hand of a recorded reference-engine game (the game's rulebook
facet names it and replays it, :func:`sample_hand`), told step by step: declaration, bury, star burial, the
tricks that matter pictured (the first, those with many points, the first ruff and overruff, the last), the
rest summarised, and the settlement explained row by row.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .card_svg import cards_html, suit_label
from .game_data import facet_data, rulebook_facet
from .labels import KEY_LABELS, LANGS, UI, label, seat_name
from .rules_html import condition_html, outcome_html, rule_items
from .sample_climbing import climbing_sample_page
from .sample_common import page_head, pictured

MAX_PICTURED = 7
"""At most this many tricks are pictured; the others are summarised."""


def pick_tricks(tricks: list[dict[str, Any]]) -> list[int]:
    """Numbers of the tricks worth picturing, in play order: the first, the first ruff, the first overruff,
    the richest ones (20 points or more), the last; at most :data:`MAX_PICTURED`."""
    chosen: list[int] = []

    def add(n: int | None) -> None:
        if n is not None and n not in chosen:
            chosen.append(n)

    if tricks:
        add(tricks[0]["number"])
        add(tricks[-1]["number"])
    add(next((t["number"] for t in tricks if t["ruff"]), None))
    add(next((t["number"] for t in tricks if t["overruff"]), None))
    for t in sorted(tricks, key=lambda t: (-t["points"], t["number"])):
        if t["points"] >= 20 and len(chosen) < MAX_PICTURED:
            add(t["number"])
    return sorted(chosen)


def _cap(text: str) -> str:
    """A sentence's first letter in upper case (``player A`` → ``Player A``); Chinese is unchanged."""
    return text[:1].upper() + text[1:]


def _trick_html(t: dict[str, Any], lang: str) -> str:
    zh = lang == "zh"
    rows = "".join(f'<span class="play"><span class="play-who">{escape(seat_name(seat, lang))}</span>'
                   f'{cards_html(p, lang)}</span>' for seat, p in zip(t["seats"], t["plays"]))
    notes = []
    if t["overruff"]:
        notes.append(UI["overruff_note"][lang])
    elif t["ruff"]:
        notes.append(UI["ruff_note"][lang])
    if t["last"]:
        notes.append(UI["last_note"][lang])
    who = _cap(seat_name(t["winner"], lang))
    team = label(KEY_LABELS, t["winner_team"], lang)
    won = (f"{who}（{team}）赢，这一轮有{t['points']}分。" if zh
           else f"{who} ({team}) wins; the trick holds {t['points']} points.")
    return (f'<div class="trick"><p class="trick-head">{escape(UI["trick_n"][lang].format(n=t["number"]))}</p>'
            f'<div class="plays">{rows}</div><p>{escape(won)} {escape(" ".join(notes))}</p></div>')


def sample_page(doc: Any, lang: str) -> str | None:
    """The sample-hand page of one variant in one language, as Markdown; ``None`` when the game names no
    sample hand for the variant."""
    facet = rulebook_facet(doc.game)
    if facet is None or not hasattr(facet, "sample_hand"):
        return None
    hand = facet.sample_hand(doc.id)
    if hand is None:
        return None
    if hand.get("kind") == "climbing":
        return climbing_sample_page(doc, lang, hand)
    zh = lang == "zh"
    short = doc.id.split("/", 1)[-1]
    words = (facet_data(doc.game, "WORDS", {}) or {}).get(short, {})
    star = words.get("star", {}).get(lang, UI["star_default"][lang])
    banker, suit = hand["banker"], hand["trump_suit"]
    out = page_head(doc, lang, hand)

    out.append(f"## 1. {UI['sample_declare'][lang]} {{#declare}}\n\n")
    level = hand["level"]
    out.append(f'<p>{escape(UI["sample_level"][lang].format(level=level))}</p>\n\n')
    lines = []
    for s in hand["shows"]:
        who = _cap(seat_name(s["seat"], lang))
        lines.append(f'<li>{escape(UI["show_line"][lang].format(who=who, n=s["after"]))} {cards_html(s["cards"], lang)}</li>')
    if lines:
        out.append(f'<ul>{"".join(lines)}</ul>\n\n')
    decl = hand["declaration"]
    result = (f"结果：{suit_label(suit, lang)}是主，{seat_name(banker, lang)}当庄家。" if zh
              else f"Result: {suit_label(suit, lang)} are trumps and {seat_name(banker, lang)} is the banker.")
    if decl.get("outcome") == "bottom":
        result = (f"没有人亮主，底牌定主：{suit_label(suit, lang)}是主，{seat_name(banker, lang)}当庄家。" if zh
                  else f"Nobody declared; the bottom fixes trumps: {suit_label(suit, lang)}, and {seat_name(banker, lang)} is the banker.")
    out.append(f"<p>{escape(result)}</p>\n\n")

    out.append(f"## 2. {UI['sample_bury'][lang].format(star=star)} {{#bury}}\n\n")
    out.append(f'<p>{escape(UI["dealt_bottom"][lang].format(who=_cap(seat_name(banker, lang))))}</p><p>{cards_html(hand["bottom"], lang)}</p>\n\n')
    out.append(f'<p>{escape(UI["buried_line"][lang])}</p><p>{cards_html(hand["buried"], lang)}</p>\n\n')
    loads = [ld for ld in hand["loads"] if ld["count"]]
    if loads:
        for ld in loads:
            out.append(f'<p>{escape(UI["load_line"][lang].format(who=_cap(seat_name(ld["seat"], lang)), team=label(KEY_LABELS, ld["team"], lang), n=ld["count"], star=star))}</p>\n\n')
    else:
        out.append(f'<p>{escape(UI["no_load"][lang].format(star=star))}</p>\n\n')
    out.append(f'<p>{escape(UI["final_bottom"][lang])}</p><p>{cards_html(hand["final_bottom"], lang)}</p>\n\n')

    out.append(f"## 3. {UI['sample_play'][lang]} {{#play}}\n\n")
    tricks = hand["tricks"]
    shown = pick_tricks(tricks)
    out.append(f'<p>{escape(UI["play_intro"][lang].format(n=len(tricks), k=len(shown)))}</p>\n\n')
    out.extend(pictured(tricks, shown, lambda t: _trick_html(t, lang), lambda skipped: _summary(skipped, lang)))

    out.append(f"## 4. {UI['sample_settle'][lang]} {{#settle}}\n\n")
    out.append(_settlement(hand, doc.rules, lang) + "\n\n")
    return "".join(out)


def _summary(skipped: list[dict[str, Any]], lang: str) -> str:
    first, last = skipped[0]["number"], skipped[-1]["number"]
    att = [t for t in skipped if t["attackers_won"]]
    pts = sum(t["points"] for t in att)
    span = f"{first}" if first == last else (f"{first}–{last}")
    key = "summary_line" if len(skipped) > 1 else ("summary_one_att" if att else "summary_one_bank")
    text = UI[key][lang].format(span=span, n=len(skipped), a=len(att), p=pts)
    return f'<p class="trick-summary">{escape(text)}</p>'


def _settlement(hand: dict[str, Any], rules: dict[str, Any], lang: str) -> str:
    s = hand["settle"]
    zh = lang == "zh"
    rows = [(UI["st_captured"][lang], escape(str(s["captured_points"]))),
            (UI["st_bottom"][lang], escape((f"{s['bottom_points']}分，" if zh else f"{s['bottom_points']} points, ")
                                           + (UI["st_dug"][lang] if s["bottom_dug"] else UI["st_held"][lang]))),
            (UI["st_total"][lang], escape(str(s["attacker_points"])))]
    stars = s.get("stars") or {}
    rows.append((UI["st_stars"][lang], escape(("；" if zh else "; ").join(f"{label(KEY_LABELS, k, lang)} {v}"
                                                                         for k, v in stars.items()))))
    table = dict(rule_items(rules)).get("settlement.table", {}).get("value") or []
    for checked in hand.get("rows", []):
        row = table[checked["number"] - 1]
        head = UI["st_row"][lang].format(n=checked["number"])
        if checked["unmet"]:
            missed = condition_html({k: row["when"][k] for k in checked["unmet"]}, lang)
            rows.append((head, f'{escape(UI["st_not_row"][lang])} {missed}'))
        else:
            rows.append((head, f'{escape(UI["st_this_row"][lang])} ' + condition_html(row["when"], lang) + " → "
                         + outcome_html(row["then"], lang)))
    b_team, a_team = hand["levels_before"]["banker_team"], hand["levels_before"]["attackers"]
    lv = s["levels"]
    rows.append((label(KEY_LABELS, "banker_team", lang), escape(f"{b_team} → {lv['banker_team']}")))
    rows.append((label(KEY_LABELS, "attackers", lang), escape(f"{a_team} → {lv['attackers']}")))
    if s.get("match_winner"):
        rows.append((UI["st_winner"][lang], escape(label(KEY_LABELS, s["match_winner"], lang))))
    elif s.get("next_banker") is not None:
        rows.append((label(KEY_LABELS, "next_banker", lang), escape(seat_name(s["next_banker"], lang))))
    body = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in rows)  # values are HTML already
    return f'<table class="kv sample-settle">{body}</table>'
