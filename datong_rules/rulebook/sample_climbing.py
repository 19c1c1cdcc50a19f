"""The narrated sample hand of a climbing game: the game's rulebook facet replays a recorded reference-engine hand
(``sample_hand(variant_id)`` returning ``{"kind": "climbing", ...}``) and tells its own part as stories (the deal
and setup, the settlement; :mod:`.story`); this module lays out the rounds, which every climbing game shares: those
that matter pictured (the first, the game's highlights such as bombs, a player going out, the wind, rounds rich in
points, the last), the rest summarised. It names no game.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from .card_svg import cards_html
from .labels import seat_name
from .sample_common import page_head, pictured
from .story import story_html, text

MAX_PICTURED = 7
"""At most this many rounds are pictured; the others are summarised."""

SETTLE_TABLE = "kv sample-settle"
"""The class of the tables of a sample hand's stories."""

T: dict[str, dict[str, str]] = {
    "deal": {"zh": "摸牌和开局", "en": "Deal and setup"},
    "play": {"zh": "出牌", "en": "Play"},
    "settle": {"zh": "结算", "en": "Settlement"},
    "round_n": {"zh": "第{n}轮", "en": "Round {n}"},
    "pass": {"zh": "过", "en": "pass"},
    "out": {"zh": "出完", "en": "out"},
    "took": {"zh": "{who}的牌没人压，这一轮归{who}。", "en": "Nobody beats {who}; the round is {whose}."},
    "took_points": {"zh": "{who}的牌没人压，这一轮的{p}分归{who}。", "en": "Nobody beats {who}; the round's {p} points go to {whom}."},
    "leads_next": {"zh": "下一轮由{who}先出。", "en": "{who} leads the next round."},
    "wind": {"zh": "{who}已经出完，由{next}接风。", "en": "{who} is out, so {next} takes the wind and leads."},
    "hand_over": {"zh": "这一局结束。", "en": "The hand is over."},
    "summary": {"zh": "第{span}轮从略：{takers}。", "en": "Rounds {span} in short: {takers}."},
    "summary_one": {"zh": "第{span}轮从略：{takers}。", "en": "Round {span} in short: {takers}."},
    "took_short": {"zh": "{who}赢第{n}轮", "en": "{who} wins round {n}"},
    "took_short_points": {"zh": "{who}赢第{n}轮（{p}分）", "en": "{who} wins round {n} ({p} points)"},
}
"""The narration's words in both languages."""


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


def _tiers(r: dict[str, Any]) -> set[Any]:
    return {p.get("tier") for p in r["plays"]}


def pick_rounds(rounds: list[dict[str, Any]], highlights: Sequence[dict[str, Any]] = ()) -> list[int]:
    """Numbers of the rounds worth a picture, in play order: the first, the last, the wind, a player going out,
    the rounds with a play of each tier of ``highlights`` (``[{"tiers": [...], "note": text}]``, most wanted first),
    then the richest in points (30 or more); at most :data:`MAX_PICTURED`."""
    chosen: list[int] = []
    ranked = [r for r in rounds[:1] + rounds[-1:]]
    ranked += [r for r in rounds if r["wind"]] + [r for r in rounds if any(p["out"] for p in r["plays"])]
    for highlight in highlights:
        ranked += [r for r in rounds if _tiers(r) & set(highlight["tiers"])]
    ranked += sorted((r for r in rounds if r.get("points", 0) >= 30), key=lambda r: -r["points"])
    for r in ranked:
        if r["number"] not in chosen and len(chosen) < MAX_PICTURED:
            chosen.append(r["number"])
    return sorted(chosen)


def _round_html(r: dict[str, Any], lang: str, highlights: Sequence[dict[str, Any]]) -> str:
    rows = []
    for p in r["plays"]:
        who = escape(seat_name(p["seat"], lang))
        if p["cards"] is None:
            body = f'<span class="pass">{escape(_w("pass", lang))}</span>'
        else:
            body = cards_html(p["cards"], lang) + (f' <span class="out-tag">{escape(_w("out", lang))}</span>'
                                                   if p["out"] else "")
        rows.append(f'<span class="play"><span class="play-who">{who}</span>{body}</span>')
    notes = [text(h["note"], lang) for h in highlights if _tiers(r) & set(h["tiers"])][:1]
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


def climbing_sample_page(doc: Any, lang: str, hand: dict[str, Any]) -> str:
    """The sample-hand page of a climbing game's variant in one language, as Markdown (sections ``deal``, ``play``,
    ``settle``). ``hand`` is what the game's rulebook facet gives (``sample_hand``): ``rounds`` (each ``{number,
    plays: [{seat, cards (None: a pass), out, tier}], taker, points?, next_leader, wind, last}``), ``intro`` (a text
    with ``{n}`` rounds and ``{k}`` pictured), ``highlights`` (``[{tiers, note}]``), and the stories ``setup`` and
    ``settle`` (:mod:`.story`), besides what :func:`.sample_common.page_head` reads."""
    highlights = hand.get("highlights") or []
    out = page_head(doc, lang, hand) + [f"## 1. {_w('deal', lang)} {{#deal}}\n\n"]
    out.extend(block + "\n\n" for block in story_html(hand["setup"], lang, SETTLE_TABLE))
    out.append(f"## 2. {_w('play', lang)} {{#play}}\n\n")
    rounds = hand["rounds"]
    shown = pick_rounds(rounds, highlights)
    out.append(f'<p>{escape(text(hand["intro"], lang, n=len(rounds), k=len(shown)))}</p>\n\n')
    out.extend(pictured(rounds, shown, lambda r: _round_html(r, lang, highlights),
                        lambda skipped: _summary(skipped, lang)))
    out.append(f"## 3. {_w('settle', lang)} {{#settle}}\n\n")
    out.extend(block + "\n\n" for block in story_html(hand["settle"], lang, SETTLE_TABLE))
    return "".join(out)
