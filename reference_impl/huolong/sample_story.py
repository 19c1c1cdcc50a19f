"""攉龙's sample hand told as a story (the format is ``datong_rules.rulebook.story``): the deal and the declaration,
the bury and the star burial, the tricks that matter pictured (the first, the first ruff and overruff, the richest,
the last) with the others summarised, and the settlement row by row. :func:`sections` turns the narration data of
:func:`.rulebook.sample_hand` into the page's sections.
"""

from __future__ import annotations

from typing import Any

from .stories import TEAMS

MAX_PICTURED = 7
"""At most this many tricks are pictured; the others are summarised."""

STAR_DEFAULT = {"zh": "摘星", "en": "star burial"}
"""The word for star burial where the variant's own word is not given (``WORDS``)."""

SAY: dict[str, dict[str, str]] = {
    "declare": {"zh": "起牌和亮主", "en": "Deal and declaration"},
    "level": {"zh": "这是一龙的第一局，两队都打{level}。", "en": "This is the first hand of the match; both teams are at level {level}."},
    "show": {"zh": "{who}在发出第{n}张牌时亮出：", "en": "{Who} shows, after card {n} of the deal:"},
    "declared": {"zh": "结果：{suit}是主，{banker}当庄家。", "en": "Result: {suit} are trumps and {banker} is the banker."},
    "by_bottom": {"zh": "没有人亮主，底牌定主：{suit}是主，{banker}当庄家。",
                  "en": "Nobody declared; the bottom fixes trumps: {suit}, and {banker} is the banker."},
    "bury": {"zh": "扣底和{star}", "en": "Burying and star burial"},
    "dealt_bottom": {"zh": "{who}是庄家，拿起底牌：", "en": "{Who} is the banker and picks up the bottom:"},
    "buried": {"zh": "庄家扣下这几张作新的底牌：", "en": "The banker buries these cards as the new bottom:"},
    "load": {"zh": "{who}（{team}）{star}，放进{n}张大王，换回最小的牌。",
             "en": "{Who} ({team}) buries {n} big joker(s) in the bottom and takes back the smallest card(s)."},
    "no_load": {"zh": "这一局没有人{star}。", "en": "Nobody buries a big joker this hand."},
    "final_bottom": {"zh": "出牌时底牌是：", "en": "The bottom during play:"},
    "play": {"zh": "出牌", "en": "Play"},
    "play_intro": {"zh": "这一局共{n}轮。下面画出其中要紧的{k}轮（第一轮、毙牌、盖毙、分多的几轮和最后一轮），其余的只说结果。",
                   "en": "The hand has {n} tricks. The {k} that matter are pictured (the first, a ruff, an overruff, "
                         "the richest and the last); the rest are summarised."},
    "trick_n": {"zh": "第{n}轮", "en": "Trick {n}"},
    "ruff": {"zh": "首家出的是副牌，赢家用主牌毙了它。", "en": "A side suit was led and the winner ruffed it with a trump."},
    "overruff": {"zh": "不止一家用主牌毙，最大的主牌赢。", "en": "More than one player ruffed; the highest trump wins."},
    "last": {"zh": "这是最后一轮：它决定底牌归谁。", "en": "This is the last trick: it decides the bottom."},
    "won": {"zh": "{who}（{team}）赢，这一轮有{p}分。", "en": "{Who} ({team}) wins; the trick holds {p} points."},
    "trick_note": {"zh": "{won} {notes}", "en": "{won} {notes}"},
    "summary": {"zh": "第{span}轮（共{n}轮）从略：闲家赢了其中{a}轮，拿到{p}分。",
                "en": "Tricks {span} ({n} in all) in short: the attackers won {a} of them, taking {p} points."},
    "summary_att": {"zh": "第{span}轮从略：闲家赢，拿到{p}分。",
                    "en": "Trick {span} in short: the attackers win it and take {p} points."},
    "summary_bank": {"zh": "第{span}轮从略：庄家方赢。", "en": "Trick {span} in short: the banker team wins it."},
    "settle": {"zh": "结算", "en": "Settlement"},
    "captured": {"zh": "闲家出牌中抓到的分", "en": "Points the attackers captured in tricks"},
    "bottom": {"zh": "底牌", "en": "The bottom"},
    "bottom_points": {"zh": "{p}分，{what}", "en": "{p} points, {what}"},
    "dug": {"zh": "被闲家挖走，分加给闲家", "en": "dug by the attackers, who score it"},
    "held": {"zh": "庄家方保住了，不加分", "en": "held by the banker team, not scored"},
    "total": {"zh": "闲家总分", "en": "The attackers' total"},
    "stars": {"zh": "底里的大王", "en": "Big jokers in the bottom"},
    "team_value": {"zh": "{team} {v}", "en": "{team} {v}"},
    "row": {"zh": "结算表第{n}行", "en": "Settlement table, row {n}"},
    "not_row": {"zh": "不符合：这一行要", "en": "Does not apply: it needs"},
    "this_row": {"zh": "符合，照这一行结算：", "en": "Applies, and settles the hand:"},
    "match_won_by": {"zh": "赢得一龙", "en": "Match won by"},
    "next_banker": {"zh": "下一局庄家", "en": "next banker"},
}
"""The narration's sentences in both languages (``{who}`` a seat, ``{suit}`` a suit, named by the rulebook)."""


def _say(key: str, **values: Any) -> dict[str, Any]:
    return {**SAY[key], "with": values}


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


def declare_story(hand: dict[str, Any]) -> list[dict[str, Any]]:
    """The deal and the declaration: the level, each show, the trump suit and the banker."""
    out: list[dict[str, Any]] = [{"text": _say("level", level=hand["level"])}]
    shows = [{"text": _say("show", who={"seat": s["seat"]}, n=s["after"]), "cards": s["cards"]}
             for s in hand["shows"]]
    if shows:
        out.append({"items": shows})
    key = "by_bottom" if hand["declaration"].get("outcome") == "bottom" else "declared"
    out.append({"text": _say(key, suit={"suit": hand["trump_suit"]}, banker={"seat": hand["banker"]})})
    return out


def bury_story(hand: dict[str, Any], star: dict[str, str]) -> list[dict[str, Any]]:
    """The banker's bottom, the bury, the star burial (the loads, or none) and the bottom of the play."""
    out: list[dict[str, Any]] = [
        {"text": _say("dealt_bottom", who={"seat": hand["banker"]}), "cards": hand["bottom"]},
        {"text": SAY["buried"], "cards": hand["buried"]}]
    loads = [ld for ld in hand["loads"] if ld["count"]]
    out += [{"text": _say("load", who={"seat": ld["seat"]}, team=TEAMS[ld["team"]], n=ld["count"], star=star)}
            for ld in loads] or [{"text": _say("no_load", star=star)}]
    out.append({"text": SAY["final_bottom"], "cards": hand["final_bottom"]})
    return out


def _trick(t: dict[str, Any]) -> dict[str, Any]:
    notes = [SAY["overruff"]] if t["overruff"] else [SAY["ruff"]] if t["ruff"] else []
    notes += [SAY["last"]] if t["last"] else []
    won = _say("won", who={"seat": t["winner"]}, team=TEAMS[t["winner_team"]], p=t["points"])
    return {"trick": {"title": _say("trick_n", n=t["number"]),
                      "plays": [{"seat": seat, "cards": p} for seat, p in zip(t["seats"], t["plays"])],
                      "note": _say("trick_note", won=won, notes={"each": notes, "join": "space"})}}


def _summary(skipped: list[dict[str, Any]]) -> dict[str, Any]:
    first, last = skipped[0]["number"], skipped[-1]["number"]
    attackers = [t for t in skipped if t["attackers_won"]]
    span = f"{first}" if first == last else f"{first}–{last}"
    key = "summary" if len(skipped) > 1 else ("summary_att" if attackers else "summary_bank")
    return {"summary": _say(key, span=span, n=len(skipped), a=len(attackers), p=sum(t["points"] for t in attackers))}


def play_story(tricks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tricks: the pictured ones (:func:`pick_tricks`) with each run of the others before one summarised."""
    shown = pick_tricks(tricks)
    out: list[dict[str, Any]] = [{"text": _say("play_intro", n=len(tricks), k=len(shown))}]
    last = 0
    for t in tricks:
        if t["number"] not in shown:
            continue
        skipped = [x for x in tricks if last < x["number"] < t["number"]]
        if skipped:
            out.append(_summary(skipped))
        out.append(_trick(t))
        last = t["number"]
    return out


def _row_parts(checked: dict[str, Any], row: dict[str, Any]) -> list[Any]:
    if checked["unmet"]:
        return [SAY["not_row"], " ", {"when": {k: row["when"][k] for k in checked["unmet"]}}]
    return [SAY["this_row"], " ", {"when": row["when"]}, " → ", {"then": row["then"]}]


def settle_story(hand: dict[str, Any], table: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The settlement as a table: points captured, the bottom, the total, the stars, each row of the settlement
    table down to the one that applies (``table``: the variant's ``settlement.table``), the levels, then who wins the
    match or banks next."""
    s = hand["settle"]
    stars = {"each": [_say("team_value", team=TEAMS.get(k, k), v=v) for k, v in (s.get("stars") or {}).items()],
             "join": "semicolon"}
    rows: list[dict[str, Any]] = [
        {"label": SAY["captured"], "text": s["captured_points"]},
        {"label": SAY["bottom"], "text": _say("bottom_points", p=s["bottom_points"],
                                              what=SAY["dug" if s["bottom_dug"] else "held"])},
        {"label": SAY["total"], "text": s["attacker_points"]},
        {"label": SAY["stars"], "text": stars}]
    rows += [{"label": _say("row", n=checked["number"]), "parts": _row_parts(checked, table[checked["number"] - 1])}
             for checked in hand.get("rows", [])]
    before, after = hand["levels_before"], s["levels"]
    rows += [{"label": TEAMS[team], "text": f"{before[team]} → {after[team]}"} for team in ("banker_team", "attackers")]
    if s.get("match_winner"):
        rows.append({"label": SAY["match_won_by"], "text": TEAMS.get(s["match_winner"], s["match_winner"])})
    elif s.get("next_banker") is not None:
        rows.append({"label": SAY["next_banker"], "text": {"seat": s["next_banker"]}})
    return [{"rows": rows}]


def sections(hand: dict[str, Any], table: list[dict[str, Any]], star: dict[str, str] | None = None,
             ) -> list[dict[str, Any]]:
    """The sample page: ``declare``, ``bury``, ``play`` and ``settle``, each ``{id, title, story}``; ``star`` is the
    variant's word for star burial (default :data:`STAR_DEFAULT`)."""
    star = star or STAR_DEFAULT
    return [{"id": "declare", "title": SAY["declare"], "story": declare_story(hand)},
            {"id": "bury", "title": _say("bury", star=star), "story": bury_story(hand, star)},
            {"id": "play", "title": SAY["play"], "story": play_story(hand["tricks"])},
            {"id": "settle", "title": SAY["settle"], "story": settle_story(hand, table)}]
