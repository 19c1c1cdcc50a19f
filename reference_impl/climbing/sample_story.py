"""The play of a climbing game's sample hand told as a story, the same for every climbing game: the rounds that
matter pictured (the first, the game's highlights such as bombs, a player going out, the wind, rounds rich in points,
the last), the others summarised between them (the format is ``datong_rules.rulebook.story``). A game's
``sample.py`` gives the rounds of its hand and puts :func:`sections` around its own deal and settlement stories.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MAX_PICTURED = 7
"""At most this many rounds are pictured; the others are summarised."""

T: dict[str, dict[str, str]] = {
    "deal": {"zh": "摸牌和开局", "en": "Deal and setup"},
    "play": {"zh": "出牌", "en": "Play"},
    "settle": {"zh": "结算", "en": "Settlement"},
    "round_n": {"zh": "第{n}轮", "en": "Round {n}"},
    "pass": {"zh": "过", "en": "pass"},
    "out": {"zh": "出完", "en": "out"},
    "took": {"zh": "{who}的牌没人压，这一轮归{who}。", "en": "Nobody beats {who}; the round is {who}'s."},
    "took_points": {"zh": "{who}的牌没人压，这一轮的{p}分归{who}。",
                    "en": "Nobody beats {who}; the round's {p} points go to {who}."},
    "leads_next": {"zh": "下一轮由{who}先出。", "en": "{Who} leads the next round."},
    "wind": {"zh": "{who}已经出完，由{next}接风。", "en": "{Who} is out, so {next} takes the wind and leads."},
    "hand_over": {"zh": "这一局结束。", "en": "The hand is over."},
    "summary": {"zh": "第{span}轮从略：{takers}。", "en": "Rounds {span} in short: {takers}."},
    "summary_one": {"zh": "第{span}轮从略：{takers}。", "en": "Round {span} in short: {takers}."},
    "took_short": {"zh": "{who}赢第{n}轮", "en": "{who} wins round {n}"},
    "took_short_points": {"zh": "{who}赢第{n}轮（{p}分）", "en": "{who} wins round {n} ({p} points)"},
    "stands_for": {"zh": "{name}（百搭{wilds}当{meant}）", "en": "{name} (wild {wilds} as {meant})"},
}
"""The narration's words in both languages."""


def _say(key: str, **values: Any) -> dict[str, Any]:
    return {**T[key], "with": values}


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


def play_label(p: dict[str, Any], names: dict[str, dict[str, str]], wilds: Sequence[str] = ()) -> Any:
    """The words under a play's cards: its combination's name (``names``, the game's), and for a play with wild
    cards what they stand for (``p["stand_ins"]``: the cards the wilds are read as); None without a combination."""
    combination = p.get("combination")
    if not combination:
        return None
    name = names.get(combination, {"zh": combination, "en": combination.replace("_", " ")})
    name = {"zh": name["zh"], "en": name["en"][:1].lower() + name["en"][1:]}
    stand_ins = p.get("stand_ins") or []
    if not stand_ins:
        return name
    used = [c for c in p["cards"] if c in wilds][:len(stand_ins)]
    return _say("stands_for", name=name, wilds={"each": [{"card": c} for c in used], "join": "list"},
                meant={"each": [{"card": c} for c in stand_ins], "join": "list"})


def _play(p: dict[str, Any], wilds: Sequence[str] = (), names: dict[str, dict[str, str]] | None = None,
          ) -> dict[str, Any]:
    if p["cards"] is None:
        return {"seat": p["seat"], "pass": T["pass"]}
    label = play_label(p, names, wilds) if names is not None else None
    return {"seat": p["seat"], "cards": p["cards"], **({"wilds": list(wilds)} if wilds else {}),
            **({"label": label} if label else {}), **({"tag": T["out"]} if p["out"] else {})}


def round_block(r: dict[str, Any], highlights: Sequence[dict[str, Any]] = (), wilds: Sequence[str] = (),
                names: dict[str, dict[str, str]] | None = None) -> dict[str, Any]:
    """One pictured round: its plays (each named by ``names``, the game's combination names, when given), the
    highlight it shows, who takes it (and its points), who leads next."""
    notes = [h["note"] for h in highlights if _tiers(r) & set(h["tiers"])][:1]
    taker = {"seat": r["taker"]}
    notes.append(_say("took_points", who=taker, p=r["points"]) if "points" in r else _say("took", who=taker))
    if r["last"] or r["next_leader"] is None:
        notes.append(T["hand_over"])
    elif r["wind"]:
        notes.append(_say("wind", who=taker, next={"seat": r["next_leader"]}))
    else:
        notes.append(_say("leads_next", who={"seat": r["next_leader"]}))
    return {"trick": {"title": _say("round_n", n=r["number"]), "plays": [_play(p, wilds, names) for p in r["plays"]],
                      "note": notes}}


def summary_block(skipped: list[dict[str, Any]]) -> dict[str, Any]:
    """Rounds not pictured, in one line: who took each (and its points)."""
    first, last = skipped[0]["number"], skipped[-1]["number"]
    span = f"{first}" if first == last else f"{first}–{last}"
    takers = [_say("took_short_points" if r.get("points") else "took_short", who={"seat": r["taker"]},
                   n=r["number"], p=r.get("points", 0)) for r in skipped]
    return {"summary": _say("summary" if len(skipped) > 1 else "summary_one", span=span,
                            takers={"each": takers, "join": "clauses"})}


def play_story(rounds: list[dict[str, Any]], intro: dict[str, str],
               highlights: Sequence[dict[str, Any]] = (), wilds: Sequence[str] = (),
               names: dict[str, dict[str, str]] | None = None) -> list[dict[str, Any]]:
    """The play of a hand as a story: ``intro`` (a text with ``{n}`` rounds and ``{k}`` pictured), then the
    pictured rounds (:func:`pick_rounds`, :func:`round_block`) with each run of the others before one of them
    summarised (:func:`summary_block`).

    Args:
        rounds: ``[{number, plays: [{seat, cards (None: a pass), out, tier, combination?, stand_ins?}], taker,
            points?, next_leader, wind, last}]`` (``cards`` in the order they are pictured).
        wilds: the hand's wild card tokens, marked in every picture of a play.
        names: the game's combination names (``{combination: {zh, en}}``): each play is labelled with its
            combination and what its wild cards stand for (:func:`play_label`).
    """
    shown = pick_rounds(rounds, highlights)
    out: list[dict[str, Any]] = [{"text": {**intro, "with": {"n": len(rounds), "k": len(shown)}}}]
    last = 0
    for r in rounds:
        if r["number"] not in shown:
            continue
        skipped = [x for x in rounds if last < x["number"] < r["number"]]
        if skipped:
            out.append(summary_block(skipped))
        out.append(round_block(r, highlights, wilds, names))
        last = r["number"]
    return out


def sections(setup: list[dict[str, Any]], play: list[dict[str, Any]], settle: list[dict[str, Any]],
             ) -> list[dict[str, Any]]:
    """The sample page of a climbing game: ``deal``, ``play`` and ``settle``, each ``{id, title, story}``."""
    return [{"id": "deal", "title": T["deal"], "story": setup}, {"id": "play", "title": T["play"], "story": play},
            {"id": "settle", "title": T["settle"], "story": settle}]
