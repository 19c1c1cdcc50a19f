"""The narrated sample hand of the Biedan rulebook: one hand of a reference-engine game, replayed action by action,
as the data a narrator needs and the story the rulebook lays out (``datong_rules.rulebook.story``): the deal and the
egg, the play (told as every climbing game tells it, :mod:`..climbing.sample_story`), the places, the exchange and the
bank."""

from __future__ import annotations

import random
from typing import Any

from ..climbing.sample_story import play_story, sections
from .bots import BOTS
from .combinations import play_reading
from .state import HandState, Match
from .rules import rules_for

Text = dict[str, Any]

SAY: dict[str, dict[str, str]] = {
    "intro": {"zh": "这一局共{n}轮。下面画出其中要紧的{k}轮（第一轮、炸弹和天王炸、有人出完、接风和最后一轮），其余的只说结果。",
              "en": "The hand has {n} rounds. The {k} that matter are pictured (the first, bombs and the rocket, a "
                    "player going out, the wind, the last); the others are told in short."},
    "bomb_note": {"zh": "这一轮有炸弹。", "en": "A bomb is played in this round."},
    "rocket_note": {"zh": "这一轮有天王炸（大王加小王）。", "en": "The rocket (big joker and small joker) is played in this round."},
    "first_drawer": {"zh": "{who}先摸牌，三人轮流一张一张摸完54张牌，每人18张。",
                     "en": "{Who} draws first; the three draw one card at a time until all 54 are gone, 18 each."},
    "banker_card": {"zh": "{who}摸到了红桃3，当庄家。", "en": "{Who} drew the ♥3 and is the banker."},
    "banker_kept": {"zh": "{who}是上一局定下的庄家。", "en": "{Who} is the banker, as the last hand decided."},
    "hand": {"zh": "{who}的牌：", "en": "{Who}'s cards:"},
    "egg": {"zh": "{who}扣下三张牌作蛋（背面朝上，别人看不到）：",
            "en": "{Who} buries three cards as the egg (face down, hidden from the others):"},
    "place_line": {"zh": "第一名{first}，第二名{second}，{third}憋蛋（第三名）。",
                   "en": "First {first}, second {second}; {third} is stuck with the egg (third)."},
    "exchange": {"zh": "换牌", "en": "The exchange"},
    "draw": {"zh": "{to}从{frm}手里抽走最好的一张：", "en": "{To} takes the best card from {frm}:"},
    "give": {"zh": "{frm}给{to}一张最好的牌：", "en": "{Frm} gives {to} their best card:"},
    "take_egg": {"zh": "{to}收下蛋：", "en": "{To} takes the egg:"},
    "hand_over": {"zh": "{frm}把其余的牌全部交给{to}：", "en": "{Frm} hands all other cards to {to}:"},
    "return": {"zh": "{frm}从中挑出最差的几张退给{to}：", "en": "{Frm} returns the worst of them to {to}:"},
    "extra": {"zh": "{frm}再给{to}一张最好的牌：", "en": "{Frm} also gives {to} their best card:"},
    "bank": {"zh": "坐庄", "en": "The bank"},
    "kept": {"zh": "庄家{who}第一个出完，下一局继续坐庄。", "en": "The banker, {who}, went out first and keeps the bank."},
    "lost": {"zh": "庄家{who}没有第一个出完，下台；下一局由{next}坐庄。",
             "en": "The banker, {who}, did not go out first and steps down; {next} is the next banker."},
    "no_carry": {"zh": "换来的牌不带到下一局：下一局重新洗牌，带过去的只有庄和分数。",
                 "en": "The exchanged cards do not carry into the next hand: it is shuffled afresh, and only the bank "
                       "and the tally carry over."},
    "score": {"zh": "记分", "en": "The score"},
    "points": {"zh": "这一局按名次记分：第一名{first}记{a}分，第二名{second}记{b}分，第三名{third}记{c}分。",
               "en": "This hand scores by place: the first, {first}, {a}; the second, {second}, {b}; the third, "
                     "{third}, {c}."},
    "tally": {"zh": "到这一局为止的总分：{each}。一场打{n}局，打完总分最高的人赢（局数和记分来源没讲，是这个版本定的）。",
              "en": "The tally after this hand: {each}. A match is {n} hands, and the highest tally at the end wins "
                    "(the number of hands and the scoring are not in the source: this variant's choice)."},
    "seat_points": {"zh": "{who}{p}分", "en": "{who} {p}"},
}
"""The narration's sentences in both languages (``{who}`` and the like are seats, named by the rulebook)."""


STEPS = ("draw", "give", "take_egg", "hand_over", "return")
"""The steps of the exchange with a sentence of their own (any other step is told as ``extra``)."""


def _say(key: str, **values: Any) -> Text:
    """The sentence ``key`` as a story text: ``{zh, en, with}``; a seat is given as ``{"seat": n}``."""
    return {**SAY[key], "with": values}


def _seat(seat: int | None) -> Any:
    return {"seat": seat} if seat is not None else ""


def setup_story(hand: dict[str, Any]) -> list[dict[str, Any]]:
    """The deal of a sample hand (:func:`replay_sample`) as a story: the first drawer, the banker, each seat's cards,
    the egg."""
    banker = _seat(hand["banker"])
    out: list[dict[str, Any]] = [{"text": [_say("first_drawer", who=_seat(hand["first_drawer"])),
                                           _say("banker_card" if hand["banker_by_card"] else "banker_kept",
                                                who=banker)]}]
    out += [{"text": _say("hand", who=_seat(seat)), "cards": cards} for seat, cards in enumerate(hand["hands"])]
    out.append({"text": _say("egg", who=banker), "cards": hand["egg"]})
    return out


def settle_story(hand: dict[str, Any]) -> list[dict[str, Any]]:
    """The end of a sample hand as a story: the places, each move of the exchange (and, when it is made at the end of
    the hand, that its cards do not carry over), who banks next, the hand's points and the match tally (match.*)."""
    places = {key: _seat(seat) for key, seat in hand["places"].items()}
    steps = [{"text": _say(m["step"] if m["step"] in STEPS else "extra", frm=_seat(m["from"]), to=_seat(m["to"])),
              "cards": m["cards"]} for m in hand["moves"]]
    bank = (_say("kept", who=_seat(hand["banker"])) if hand["banker_kept"]
            else _say("lost", who=_seat(hand["banker"]), next=_seat(hand["next_banker"])))
    exchange: list[dict[str, Any]] = [{"heading": SAY["exchange"]}, {"steps": steps}]
    if hand["exchange_timing"] == "end_of_hand":
        exchange.append({"text": SAY["no_carry"]})
    a, b, c = hand["match_score"]
    tally = {"each": [_say("seat_points", who=_seat(seat), p=f"{p:+d}") for seat, p in enumerate(hand["tally"])]}
    score = [{"heading": SAY["score"]},
             {"text": [_say("points", a=a, b=b, c=c, **places),
                       _say("tally", each=tally, n=hand["match_hands"])]}]
    return [{"text": _say("place_line", **places)}, *exchange, {"heading": SAY["bank"]}, {"text": bank}, *score]


def replay_sample(variant_id: str, *, seed: int, hand: int, bots: str,
                  names: dict[str, dict[str, str]] | None = None) -> dict[str, Any] | None:
    """Play ``variant_id`` as ``datong-rules play <variant> --seed <seed> --bots <bots>`` does and narrate hand
    number ``hand`` (from 1); ``names``, the game's combination names, label each play.

    Returns:
        ``None`` when the session has fewer hands; else ``{"seed", "bots",
        "hand_number", "banker", "banker_by_card", "first_drawer", "hands": [cards dealt to each seat], "egg",
        "rounds": [{"number", "plays": [{"seat", "cards" (None: a pass), "out", "combination", "tier"}], "taker",
        "next_leader" (None when the hand ended), "wind", "last"}], "places": {first, second, third},
        "banker_kept", "next_banker", "moves": [{step, from, to, cards}], "exchange_timing", "match_score" (points of
        first, second, third), "match_hands", "tally" (each seat's points after this hand), "intro": the play's opening sentence
        (``{n}`` rounds, ``{k}`` pictured), "highlights": [{"tiers", "note"}], "sections": the page's sections
        ``[{id, title, story}]`` (the deal, the play, the settlement)}``.
    """
    rules = rules_for(variant_id)
    match = Match(rules, seed)
    rng = random.Random(seed)
    match.play([BOTS[bots](rng) for _ in range(3)], hands=hand)
    if len(match.states) < hand:
        return None
    state = match.states[hand - 1]
    replay = HandState(rules, state.pack, banker=None if state.banker_by_card else state.banker,
                       previous=state.previous)
    dealt = [replay.cards_of(seat) for seat in range(3)]
    rounds: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    for action in state.actions:
        kind, seat = action["type"], action["seat"]
        if kind not in ("play", "pass"):
            replay.apply(action, validate=False)
            continue
        out_before, phase, table = len(replay.out), replay.phase, replay.table
        replay.apply(action, validate=False)
        entry: dict[str, Any] = {"seat": seat, "cards": None, "out": len(replay.out) > out_before}
        if kind == "play":
            reading = play_reading(replay.t, action["cards"], table)[0]  # as played on the table it beat
            entry.update(cards=list(action["cards"]), combination=reading.combination if reading else None,
                         tier=reading.tier if reading else None)
        plays.append(entry)
        if replay.table is None or replay.phase != phase:
            taker = next(p["seat"] for p in reversed(plays) if p["cards"] is not None)
            over = replay.phase != "play"
            rounds.append({"number": len(rounds) + 1, "plays": plays, "taker": taker,
                           "next_leader": None if over else replay.turn,
                           "wind": not over and replay.turn != taker, "last": over})
            plays = []
    result = state.settlement()
    told = {"seed": seed, "bots": bots, "hand_number": hand,
            "banker": state.banker, "banker_by_card": state.banker_by_card, "first_drawer": state.first_drawer,
            "hands": dealt, "egg": list(state.egg), "rounds": rounds, "places": dict(result["places"]),
            "banker_kept": result["banker_kept"], "next_banker": result["next_banker"],
            "moves": [dict(m) for m in result["moves"]], "intro": SAY["intro"],
            "exchange_timing": rules.exchange_timing, "match_score": list(rules.match_score),
            "match_hands": rules.match_hands, "tally": match.tally,
            "highlights": [{"tiers": ["top"], "note": SAY["rocket_note"]}, {"tiers": ["bomb"], "note": SAY["bomb_note"]}]}
    play = play_story(told["rounds"], told["intro"], told["highlights"], names=names)
    return {**told, "sections": sections(setup_story(told), play, settle_story(told))}
