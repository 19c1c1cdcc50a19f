"""The narrated sample hand of the Dadun rulebook: one hand of a reference-engine game, read off the finished hand's
rounds, as the data a narrator needs and the story the rulebook lays out (``datong_rules.rulebook.story``): the level,
the cut and the marked card, the play (told as every climbing game tells it, :mod:`..climbing.sample_story`), the
finishing order, the merged scores and the levels."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..climbing.sample_story import play_story, sections
from .bots import BOTS
from .rules import rules_for
from .scoring import points_of
from .state import Match

Text = dict[str, Any]

SAY: dict[str, dict[str, str]] = {
    "intro": {"zh": "这一局共{n}轮。下面画出其中要紧的{k}轮（第一轮、炸弹和墩、有人出完、接风、分多的几轮和最后一轮），其余的只说结果。",
              "en": "The hand has {n} rounds. The {k} that matter are pictured (the first, bombs and duns, a "
                    "player going out, the wind, rounds rich in points, the last); the others are told in short."},
    "bomb_note": {"zh": "这一轮有炸弹。", "en": "A bomb is played in this round."},
    "dun_note": {"zh": "这一轮有墩。", "en": "A dun is played in this round."},
    "level": {"zh": "这是第一局，两队都打{level}。", "en": "This is the first hand; both teams are at level {level}."},
    "cut": {"zh": "{who}切牌，翻出的明牌是：", "en": "{Who} cuts; the marked card turned up is:"},
    "drawer": {"zh": "按明牌的点数从切牌人数起，{who}先抓牌，也抓到了明牌，所以这一局由{who}先出。各人抓到的张数：{sizes}。",
               "en": "Counting the marked card's value from the cutter, {who} draws first, gets the marked card and "
                     "so leads the hand. Cards drawn: {sizes}."},
    "n_cards": {"zh": "{who}{n}张", "en": "{who} {n}"},
    "hands": {"zh": "各人抓到的牌（按点数从小到大排，级牌排在A后面，右上角有金色标记的是百搭）",
              "en": "The cards each player drew (by rank, low to high; the level rank after the A; a gold badge "
                    "marks a wild card)"},
    "hand_of": {"zh": "{who}（{n}张）", "en": "{Who} ({n})"},
    "bonus": {"zh": "明牌奖励：{team}升{n}级，在这一局结束时加上。",
              "en": "Marked-card bonus: {team} goes up {n} at the end of the hand."},
    "transfer": {"zh": "{frm}把明牌交给同伴{to}，凑成三张。",
                 "en": "{Frm} hands the marked card to the partner, {to}, to make three."},
    "no_bonus": {"zh": "另外两张和明牌一样的牌不在明牌主人或他同伴一个人手里，没有奖励。",
                 "en": "The two copies of the marked card are not together in the holder's or the partner's hand: "
                       "no bonus."},
    "finish": {"zh": "出完的先后", "en": "Order of going out"},
    "place": {"zh": "{place}{who}", "en": "{place} {who}"},
    "pattern": {"zh": "局面", "en": "Pattern"},
    "captured": {"zh": "各人抓到的分", "en": "Points captured"},
    "seat_points": {"zh": "{who} {p}", "en": "{who} {p}"},
    "scores": {"zh": "两方的分（合并后）", "en": "The sides' scores (after merging)"},
    "side_score": {"zh": "{side} {n}（{state}）", "en": "{side} {n} ({state})"},
    "first_side": {"zh": "头游方", "en": "first-out side"},
    "other_side": {"zh": "另一方", "en": "other side"},
    "full": {"zh": "满", "en": "full"},
    "not_full": {"zh": "不满", "en": "not full"},
    "winner": {"zh": "赢的一队", "en": "Winners"},
    "winner_gain": {"zh": "{team}，升{gain}级", "en": "{Team}, up {gain}"},
    "levels": {"zh": "级数", "en": "Levels"},
    "team_levels": {"zh": "{team} {before} → {after}", "en": "{team} {before} → {after}"},
    "next": {"zh": "下一局打{level}。", "en": "The next hand is played at {level}."},
    "match_won": {"zh": "{team}在打A的一局里赢了，赢得全局。", "en": "{Team} won a hand at A and wins the match."},
}
"""The narration's sentences in both languages (``{who}`` and the like are seats, ``{team}`` a team, named by the
rulebook)."""

PLACES: tuple[dict[str, str], ...] = ({"zh": "头游", "en": "first out"}, {"zh": "二游", "en": "second out"},
                                      {"zh": "三游", "en": "third out"}, {"zh": "末游", "en": "last"})
"""The names of the places in the order of going out."""


def _say(key: str, **values: Any) -> Text:
    """The sentence ``key`` as a story text ``{zh, en, with}``."""
    return {**SAY[key], "with": values}


def _team(team: int) -> dict[str, list[int]]:
    """Team 0 (seats 0 and 2) or team 1 (seats 1 and 3): partners sit opposite."""
    return {"team": [team, team + 2]}


FACE = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The ranks at face value, low to high (the order of rule ranking.sequence_order without the low A)."""

SEQUENCES = {"straight", "straight_flush", "pair_run", "triple_run", "full_house", "linked_dun", "linked_bomb"}
"""Combinations of several ranks, pictured at face value (a level card is not moved above the A in them)."""


def rank_key(level: str, face: bool = False, low_ace: bool = False) -> Any:
    """A sort key for pictured cards, low to high: 2 … A, the level rank after the A (unless ``face``), the small
    and the big joker last; ``low_ace`` puts the A first (A2345); suits in notation order within a rank."""
    def key(card: str) -> tuple[int, int]:
        if card in ("LJ", "BJ"):
            return (len(FACE) + 1 + (card == "BJ"), 0)
        rank = card[1:]
        at = -1 if low_ace and rank == "A" else len(FACE) if rank == level and not face else FACE.index(rank)
        return (at, "SHCD".index(card[0]))
    return key


def picture_order(cards: list[str], meant: list[str], wild: str, level: str, combination: str | None,
                  ) -> tuple[list[str], list[str]]:
    """A play's cards in the order they are pictured, and the cards its wild cards stand for (empty when the play
    means its own cards): each card placed where the card it means ranks (a wild beside the cards it joins),
    low to high by :func:`rank_key`; a run holding both A and 2 but no K reads the A low."""
    naturals = [c for c in cards if c != wild]
    stand_ins = list((Counter(meant) - Counter(naturals)).elements()) if sorted(meant) != sorted(cards) else []
    ranks = {c[1:] for c in meant if c not in ("LJ", "BJ")}
    key = rank_key(level, face=combination in SEQUENCES,
                   low_ace=combination in SEQUENCES and {"A", "2"} <= ranks and "K" not in ranks)
    wilds = [c for c in cards if c == wild]
    pairs = [(c, c) for c in naturals] + list(zip(wilds, stand_ins or wilds))
    return [c for c, _ in sorted(pairs, key=lambda pair: key(pair[1]))], stand_ins


def setup_story(hand: dict[str, Any]) -> list[dict[str, Any]]:
    """The deal of a sample hand (:func:`replay_sample`) as a story: the level, the cut, the first drawer, the cards
    each seat drew (each hand pictured, by rank, wild cards marked), the marked-card bonus."""
    sizes = {"each": [_say("n_cards", who={"seat": seat}, n=n) for seat, n in enumerate(hand["seat_sizes"])]}
    out: list[dict[str, Any]] = [
        {"text": _say("level", level=hand["level"])},
        {"text": _say("cut", who={"seat": hand["cutter"]}), "cards": [hand["marked"]]},
        {"text": _say("drawer", who={"seat": hand["first_drawer"]}, sizes=sizes)},
        {"heading": SAY["hands"]},
        {"rows": [{"label": _say("hand_of", who={"seat": seat}, n=len(cards)), "cards": cards,
                   **({"wilds": hand["wilds"]} if hand.get("wilds") else {})}
                  for seat, cards in enumerate(hand["hands"])]}]
    bonus = hand["bonus"]
    if not bonus.get("bonus"):
        return out + [{"text": SAY["no_bonus"]}]
    said = [_say("bonus", team=_team(bonus["team"]), n=bonus["bonus"])]
    if bonus.get("transfer"):
        said.append(_say("transfer", frm={"seat": bonus["transfer"]["from"]}, to={"seat": bonus["transfer"]["to"]}))
    return out + [{"text": said}]


def settle_story(hand: dict[str, Any]) -> list[dict[str, Any]]:
    """The end of a sample hand as a story: a table of the finishing order, the pattern, the points, the sides'
    scores, the winners and the levels; then the match's end or the next hand's level."""
    result = hand["result"]
    order = {"each": [_say("place", place=PLACES[i], who={"seat": s}) for i, s in enumerate(hand["places"])]}
    captured = {"each": [_say("seat_points", who={"seat": s}, p=p) for s, p in enumerate(hand["captured"])]}
    rows = [{"label": SAY["finish"], "text": order}, {"label": SAY["pattern"], "text": str(result.get("pattern"))},
            {"label": SAY["captured"], "text": captured}]
    if result.get("scores"):
        full = result.get("full") or {}
        rows.append({"label": SAY["scores"], "text": {"each": [
            _say("side_score", side=SAY[side], n=result["scores"][side], state=SAY["full" if full.get(side) else "not_full"])
            for side in ("first_side", "other_side")]}})
    if result.get("winner") is not None:
        rows.append({"label": SAY["winner"], "text": _say("winner_gain", team=_team(result["winner"]),
                                                          gain=result["gain"])})
    before, after = hand["levels"], result.get("levels", hand["levels"])
    rows.append({"label": SAY["levels"], "text": {"each": [
        _say("team_levels", team=_team(t), before=before[t], after=after[t]) for t in (0, 1)]}})
    out: list[dict[str, Any]] = [{"rows": rows}]
    if result.get("match_winner") is not None:
        out.append({"text": _say("match_won", team=_team(result["match_winner"]))})
    elif result.get("next_level"):
        out.append({"text": _say("next", level=result["next_level"])})
    return out


TIERS = {"straight_flush": "bomb", "bomb": "bomb", "linked_bomb": "bomb", "joker_bomb": "bomb", "dun": "dun",
         "linked_dun": "dun"}
"""Combinations above the ordinary ones (rule combinations.catalogue: tier), for picking the rounds worth a picture."""


def _play(action: dict[str, Any], out: bool, wild: str, level: str) -> dict[str, Any]:
    if action["type"] == "pass":
        return {"seat": action["seat"], "cards": None, "out": False}
    reading = action.get("reading") or {}
    combination = reading.get("combination")
    cards, stand_ins = picture_order(list(action["cards"]), list(reading.get("cards") or action["cards"]), wild,
                                     level, combination)
    return {"seat": action["seat"], "cards": cards, "out": out, "combination": combination,
            "stand_ins": stand_ins, "tier": TIERS.get(combination or "", "ordinary")}


def replay_sample(variant_id: str, *, seed: int, hand: int, bots: str,
                  names: dict[str, dict[str, str]] | None = None) -> dict[str, Any] | None:
    """Play ``variant_id`` as ``datong-rules play <variant> --seed <seed> --bots <bots>`` does and narrate hand
    number ``hand`` (from 1); ``names``, the game's combination names, label each play.

    Returns:
        ``None`` when the match has fewer hands; else ``{"seed", "bots",
        "hand_number", "level", "levels", "cutter", "marked", "first_drawer", "seat_sizes" (cards drawn by each
        seat), "hands" (each seat's drawn cards, by :func:`rank_key`), "wilds" (the wild card's token), "bonus",
        "rounds": [{"number", "plays": [{"seat", "cards" (None: a pass; in :func:`picture_order`), "out",
        "combination", "stand_ins", "tier"}], "taker", "points",
        "next_leader" (None when the hand ended), "wind", "last"}], "finish" (seats out, in order), "places" (every
        seat in finishing order, the last player last), "captured", "result", "intro", "highlights",
        "sections"}`` (``result``: the hand's settlement, as operation ``settle`` answers it; ``intro``: the play's
        opening sentence, ``{n}`` rounds and ``{k}`` pictured; ``highlights``: the tiers that make a round worth a
        picture, most wanted first, with the note said under it; ``sections``: the page's sections ``[{id, title,
        story}]``, the deal, the play and the settlement).
    """
    rules = rules_for(variant_id)
    match = Match(rules, seed)
    rng = random.Random(seed)
    match.play([BOTS[bots](rng) for _ in range(rules.players)], hands=hand)
    if len(match.hands) < hand:
        return None
    state = match.hands[hand - 1]
    wild = f"{rules.wild_suit}{state.level}"  # wild.cards: the level rank of the wild suit
    finish_at = {}  # index of the action with which each seat went out
    sizes = [0, 0, 0, 0]
    drawn: list[list[str]] = [[], [], [], []]
    for i, card in enumerate(state.pack):
        sizes[(state.first_drawer + i) % 4] += 1
        drawn[(state.first_drawer + i) % 4].append(card)
    dealt = list(sizes)  # cards drawn by each seat, before the marked card may go to the partner
    if state.bonus.get("transfer"):
        sizes[state.bonus["transfer"]["from"]] -= 1
        sizes[state.bonus["transfer"]["to"]] += 1
    for i, action in enumerate(state.actions):
        if action["type"] == "play":
            sizes[action["seat"]] -= len(action["cards"])
            if sizes[action["seat"]] == 0:
                finish_at[i] = action["seat"]
    rounds: list[dict[str, Any]] = []
    index = 0
    for rnd in state.rounds:
        plays = [_play(a, index + k in finish_at, wild, state.level) for k, a in enumerate(rnd["actions"])]
        index += len(rnd["actions"])
        cards = [c for a in rnd["actions"] if a["type"] == "play" for c in a["cards"]]
        rounds.append({"number": len(rounds) + 1, "plays": plays, "taker": rnd["taker"],
                       "points": points_of(rules, cards), "next_leader": rnd["leader"], "wind": rnd["wind"],
                       "last": False})
    tail = state.actions[index:]
    if tail:
        plays = [_play(a, index + k in finish_at, wild, state.level) for k, a in enumerate(tail)]
        cards = [c for a in tail if a["type"] == "play" for c in a["cards"]]
        taker = next(p["seat"] for p in reversed(plays) if p["cards"] is not None)
        rounds.append({"number": len(rounds) + 1, "plays": plays, "taker": taker, "points": points_of(rules, cards),
                       "next_leader": None, "wind": False, "last": True})
    elif rounds:
        rounds[-1]["last"] = True
    told = {"seed": seed, "bots": bots, "hand_number": hand,
            "level": state.level, "levels": list(state.levels), "cutter": state.cutter, "marked": state.marked,
            "first_drawer": state.first_drawer, "seat_sizes": dealt, "bonus": dict(state.bonus),
            "hands": [sorted(cards, key=rank_key(state.level)) for cards in drawn], "wilds": [wild],
            "rounds": rounds, "finish": list(state.finish),
            "places": list(state.finish) + [s for s in range(4) if s not in state.finish],
            "captured": list(state.captured),
            "result": dict(state.result or {}), "intro": SAY["intro"],
            "highlights": [{"tiers": ["dun"], "note": SAY["dun_note"]},
                           {"tiers": ["bomb", "top"], "note": SAY["bomb_note"]}]}
    play = play_story(told["rounds"], told["intro"], told["highlights"], [wild], names)
    return {**told, "sections": sections(setup_story(told), play, settle_story(told))}
