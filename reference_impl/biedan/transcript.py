"""The readable lines of ``datong-rules play`` for one Biedan hand (the table's view with every card shown): the
hands dealt, the egg, one line per round with each play named (pair, straight, bomb …) and who takes the round and
leads next, the places, the exchange and the bank said in the rulebook's words, in 中文 or English (``lang``:
``"zh"`` or ``"en"``; the sentences are :data:`WORDS`, the shared words
:mod:`~datong_rules.reference_impl.transcript_words`)."""

from __future__ import annotations

from ..cards import format_cards
from ..transcript_words import SHARED, Words, joined, say, seat
from .combinations import classify
from .rulebook import NAMES as LABELS
from .state import HandState
from .words import PLACES

NAMES = {"single": "single", "pair": "pair", "triple": "triple", "bomb": "bomb", "straight": "straight",
         "pair_run": "pair run", "rocket": "rocket"}
"""The combinations in the English transcript's words (a name not here is shown with its underscores as spaces); the
中文 transcript names them as the rulebook does (:data:`~datong_rules.reference_impl.biedan.rulebook.NAMES`)."""
STEPS: Words = {
    "draw": {"zh": "{to}从{frm}那里抽走最大的一张牌", "en": "{to} draws the best card from {frm}"},
    "give": {"zh": "{frm}把最大的一张牌给{to}", "en": "{frm} gives their best card to {to}"},
    "take_egg": {"zh": "{to}收下蛋", "en": "{to} takes the egg"},
    "hand_over": {"zh": "{frm}把其余的牌交给{to}", "en": "{frm} hands their other cards to {to}"},
    "return": {"zh": "{frm}把最小的牌还给{to}", "en": "{frm} returns the worst cards to {to}"},
    "banker_extra": {"zh": "庄家{frm}再给{to}一张牌", "en": "the banker, {frm}, also gives {to} a card"},
    "other": {"zh": "{frm}给{to}牌", "en": "{frm} gives {to} cards"},
}
"""The exchange's steps in words (``{frm}``, ``{to}``: the seats); ``other`` for a step not named here."""
PLACE_NAMES = {"first": "first", "second": "second", "third": "third (stuck with the egg, 憋蛋)"}
"""The places in the English transcript's words (the 中文 ones are the table's, :data:`.words.PLACES`)."""

WORDS: Words = {
    "header": {"zh": "── 第{number}局 · 庄家：{banker}（{how}）· 先摸牌：{drawer}",
               "en": "── hand {number} · banker {banker} ({how}) · first drawer {drawer}"},
    "holder": {"zh": "拿着{card}的人", "en": "holder of {card}"},
    "last_hand": {"zh": "上一局定的", "en": "from the last hand"},
    "egg": {"zh": "蛋（{seat}扣下）：{cards}", "en": "Egg ({seat} buries): {cards}"},
    "out": {"zh": " — 出完，{place}", "en": " — out, {place}"},
    "takes_leads": {"zh": " → {seat}拿下这一轮，接着出", "en": " → {seat} takes the round and leads"},
    "takes_out": {"zh": " → {seat}拿下这一轮，已经出完，由{next}出",
                  "en": " → {seat} takes the round and is out, so {next} leads"},
    "takes": {"zh": " → {seat}拿下这一轮；{next}出", "en": " → {seat} takes the round; {next} leads"},
    "round": {"zh": "第{n:2}轮：{plays}{end}", "en": "Round {n:2}: {plays}{end}"},
    "places": {"zh": "名次：{places}", "en": "Places: {places}"},
    "place": {"zh": "{place} {seat}", "en": "{place} {seat}"},
    "third": {"zh": "{place}（憋蛋）", "en": "third (stuck with the egg, 憋蛋)"},
    "the_egg": {"zh": "蛋", "en": "the egg"},
    "exchange": {"zh": "换牌：{step}：{cards}", "en": "Exchange: {step}: {cards}"},
    "kept": {"zh": "留庄", "en": "keeps the bank"},
    "stepped_down": {"zh": "下庄；下一局由{next}坐庄", "en": "steps down; {next} banks next"},
    "bank": {"zh": "庄家：{seat}{kept}", "en": "Bank: {seat} {kept}"},
    "flush": {"zh": "清一色{name}", "en": "flush {name}"},
    "stopped": {"zh": "打了{n}局（共{total}局）后停下", "en": "Session stopped after {n} hand{s} of {total}"},
    "tally_so_far": {"zh": "目前的总分（{points}）：{tally}", "en": "Tally so far ({points}): {tally}"},
    "tally": {"zh": "总分（{points}）：{tally}", "en": "Tally ({points}): {tally}"},
    "seat_points": {"zh": "{seat} {points:+d}", "en": "{seat} {points:+d}"},
    "score": {"zh": "每局第一名 {first:+d}，第二名 {second:+d}，第三名 {third:+d}",
              "en": "first {first:+d}, second {second:+d}, third {third:+d} a hand"},
    "winner": {"zh": "赢家：{seat}", "en": "Winner: {seat}"},
    "shared": {"zh": "并列赢家：{seats}", "en": "Shared win: {seats}"},
    "reached": {"zh": "，到了目标 {target:+d}", "en": ", target {target:+d} reached"},
    "over": {"zh": "打完{n}局，这一场结束{reached}（庄家留庄{kept}次）",
             "en": "Session over after {n} hand{s}{reached} (bank kept {kept} time{ks})"},
}
"""The transcript's sentences in both languages."""


def _cards(t, cards) -> str:
    return format_cards(sorted(cards, key=lambda c: (-t.card_strength[c], "SHCDBL".index(c[0]))), symbols=True)


def _place(place: str, lang: str) -> str:
    """A place in words: ``first`` / ``第一名``."""
    return PLACE_NAMES[place].split(" (")[0] if lang == "en" else PLACES[place]["zh"]


def lines(state: HandState, number: int, lang: str = "en") -> list[str]:
    """The transcript of the finished hand ``state`` (hand ``number``, from 1) in ``lang`` (``"zh"`` or ``"en"``)."""
    t = state.t
    replay = HandState(state.rules, state.pack, banker=None if state.banker_by_card else state.banker,
                       previous=state.previous)
    how = say(WORDS, "holder", lang, card=format_cards([state.rules.first_banker_card], symbols=True)) \
        if state.banker_by_card else say(WORDS, "last_hand", lang)
    out = [say(WORDS, "header", lang, number=number, banker=seat(state.banker, lang), how=how,
               drawer=seat(state.first_drawer, lang))]
    for n in range(3):
        out.append(say(SHARED, "dealt", lang, seat=seat(n, lang), cards=_cards(t, replay.cards_of(n))))
    before = state.rules.exchange_timing == "after_next_deal"
    if before:
        out += _moves(t, state.moves, lang)
    round_parts: list[str] = []
    round_number, last = 0, None
    for action in state.actions:
        kind, who = action["type"], action["seat"]
        phase = replay.phase
        out_before = len(replay.out)
        replay.apply(action, validate=False)
        if kind == "give":
            continue
        if kind == "bury":
            out.append(say(WORDS, "egg", lang, seat=seat(who, lang), cards=_cards(t, action["cards"])))
        else:
            played = say(SHARED, "pass", lang) if kind == "pass" else say(
                SHARED, "named", lang, text=_cards(t, action["cards"]), name=_name(t, action["cards"], lang))
            round_parts.append(say(SHARED, "play", lang, seat=who, cards=played))
            if kind != "pass":
                last = who
            if len(replay.out) > out_before:
                round_parts[-1] += say(WORDS, "out", lang,
                                       place=_place(("first", "second", "third")[len(replay.out) - 1], lang))
            if replay.table is None or replay.phase != phase:
                round_number += 1
                if replay.phase != "play":
                    end = say(SHARED, "hand_over", lang)
                else:
                    key = "takes_leads" if replay.turn == last else "takes_out" if last in replay.out else "takes"
                    end = say(WORDS, key, lang, seat=seat(last, lang), next=seat(replay.turn, lang))
                out.append(say(WORDS, "round", lang, n=round_number, plays=" · ".join(round_parts), end=end))
                round_parts = []
    result = state.settlement()
    places = result["places"]
    out.append(say(WORDS, "places", lang, places=joined([
        say(WORDS, "place", lang, place=say(WORDS, "third", lang, place=_place(p, lang)) if p == "third"
            else _place(p, lang), seat=seat(places[p], lang)) for p in ("first", "second", "third")], lang)))
    if not before:
        out += _moves(t, result["moves"], lang)
    kept = say(WORDS, "kept", lang) if result["banker_kept"] \
        else say(WORDS, "stepped_down", lang, next=seat(result["next_banker"], lang))
    out.append(say(WORDS, "bank", lang, seat=seat(result["banker"], lang), kept=kept))
    return out


def _name(t, cards: list[str], lang: str = "en") -> str:
    """The combination ``cards`` are, in words (``flush straight`` / ``清一色顺子`` for a one-suit straight)."""
    reading = classify(t, cards)
    if reading is None:
        return "?"
    if lang == "en":
        name = NAMES.get(reading.combination, reading.combination.replace("_", " "))
    else:
        name = LABELS.get(reading.combination, {}).get("zh", reading.combination)
    return say(WORDS, "flush", lang, name=name) if reading.flush and reading.combination != "single" else name


def _moves(t, moves: list[dict], lang: str = "en") -> list[str]:
    out = []
    for move in moves:
        frm = say(WORDS, "the_egg", lang) if move["from"] is None else seat(move["from"], lang)
        step = say(STEPS, move["step"] if move["step"] in STEPS else "other", lang, frm=frm,
                   to=seat(move["to"], lang))
        out.append(say(WORDS, "exchange", lang, step=step, cards=_cards(t, move["cards"])))
    return out


def match_hand_lines(match, state: HandState, lang: str = "en") -> list[str]:
    """The lines of the hand ``state``, the last one ``match`` finished (for ``datong-rules play``), in ``lang``."""
    return lines(state, len(match.states), lang)


def match_end_lines(match, lang: str = "en") -> list[str]:
    """The session's last lines in ``lang``: how many hands, the tally by seat (rule match.score) and, once every
    hand is played, the winner(s)."""
    n = len(match.results)
    kept = sum(1 for r in match.results if r["banker_kept"])
    plural = "s" if n != 1 else ""
    tally = joined([say(WORDS, "seat_points", lang, seat=seat(s, lang), points=points)
                    for s, points in enumerate(match.tally)], lang)
    first, second, third = match.rules.match_score
    points = say(WORDS, "score", lang, first=first, second=second, third=third)
    if not match.over:
        return [say(WORDS, "stopped", lang, n=n, s=plural, total=match.rules.match_hands),
                say(WORDS, "tally_so_far", lang, points=points, tally=tally)]
    winners = match.winners
    result = (say(WORDS, "winner", lang, seat=seat(winners[0], lang)) if len(winners) == 1
              else say(WORDS, "shared", lang, seats=joined([seat(s, lang) for s in winners], lang)))
    target = match.rules.match_target
    reached = say(WORDS, "reached", lang, target=target) if target is not None and max(match.tally) >= target \
        else ""
    return [say(WORDS, "over", lang, n=n, s=plural, reached=reached, kept=kept, ks="s" if kept != 1 else ""),
            say(WORDS, "tally", lang, points=points, tally=tally), result]
