"""憋蛋 at the table (the ``words`` facet, :mod:`datong_rules.reference_impl.games`): what the table page says of a
hand and a session of this game, in 中文 and English: the banker, the settlement exchange step by step (its own
words, not another game's), the places and who won the session.

Seats are named by the caller (``name(seat) -> str``, the person's seat as "you").
"""

from __future__ import annotations

from typing import Any
from ..state_api import CardName, SeatName

Name = SeatName  # the table names seats for the reader (the state API's alias)

SAY: dict[str, dict[str, str]] = {
    "banker": {"zh": "庄家：{who}", "en": "Banker: {who}"},
    "place": {"zh": "你是{place}。", "en": "You came {place}."},
}

PLACES: dict[str, dict[str, str]] = {"first": {"zh": "第一名", "en": "first"},
                                     "second": {"zh": "第二名", "en": "second"},
                                     "third": {"zh": "第三名", "en": "third"}}

EXCHANGE: dict[str, dict[str, str]] = {
    "draw": {"zh": "换牌：轮到你从{giver}的牌里拿走最大的{n}张。",
             "en": "The exchange: your turn to take the best {n} of {giver}'s cards."},
    "give": {"zh": "换牌：轮到你把最大的{n}张牌给{to}。", "en": "The exchange: your turn to give your best {n} to {to}."},
    "return": {"zh": "换牌：轮到你把最小的{n}张牌还给{to}。",
               "en": "The exchange: your turn to give your worst {n} back to {to}."},
    "banker_extra": {"zh": "换牌：轮到你（庄家）把最大的{n}张牌给{to}。",
                     "en": "The exchange: your turn, as the banker, to give your best {n} to {to}."},
}
"""The person's turn in a step of the settlement exchange [exchange.*] (``{n}`` cards)."""

ACTIONS: dict[str, dict[str, dict[str, str]]] = {}
"""No action of this game's own (bury, give, play and pass are the shared ones)."""

SETTLEMENT: dict[str, dict[str, str]] = {
    "places": {"zh": "名次", "en": "places"}, **PLACES,
    "banker_kept": {"zh": "庄家继续坐庄", "en": "the banker keeps the bank"},
    "egg": {"zh": "蛋", "en": "egg"},
    "moves": {"zh": "换牌", "en": "exchange"},
    "score": {"zh": "这一局的得分", "en": "this hand's points"},
}
"""Labels of this game's settlement keys."""

SEAT_KEYS = frozenset({"first", "second", "third", "banker", "next_banker"})
"""Settlement keys whose value is a seat."""

STEPS: dict[str, dict[str, str]] = {
    "draw": {"zh": "抽牌", "en": "draw"}, "give": {"zh": "给牌", "en": "give"},
    "take_egg": {"zh": "收蛋", "en": "take the egg"}, "hand_over": {"zh": "交出其余的牌", "en": "hand over the rest"},
    "return": {"zh": "退牌", "en": "return"}, "banker_extra": {"zh": "庄家多给", "en": "banker's extra card"},
}
"""The steps of the exchange as the settlement's ``moves`` name them."""


def match_winners(match: Any) -> list[int] | None:
    """The seats with the session's highest tally [match.score]; None while hands remain."""
    return list(match.winners) if match.over else None


def facts(state: Any, seat: int, lang: str, name: Name, card: CardName) -> list[str]:
    """The banker, once known."""
    banker = state.summary().get("banker")
    return [SAY["banker"][lang].format(who=name(banker))] if type(banker) is int else []


def hand_result(state: Any, seat: int, lang: str, name: Name) -> str | None:
    """The person's place in the hand."""
    places = state.settlement().get("places") or {}
    place = next((p for p, s in places.items() if s == seat), None)
    return SAY["place"][lang].format(place=PLACES[place][lang]) if place in PLACES else None


def turn_words(state: Any, seat: int, lang: str, name: Name) -> str | None:
    """The status line of the person's turn in the exchange (None outside it: the page's own)."""
    steps = getattr(state, "steps", None)
    if state.phase not in ("exchange", "settle_exchange") or not steps:
        return None
    step = steps[0]
    words = EXCHANGE.get(step.name)
    if words is None:
        return None
    giver = name(step.giver) if step.giver is not None else "—"
    return words[lang].format(giver=giver, to=name(step.receiver), n=step.count)


def move_words(move: dict[str, Any], lang: str, name: Name) -> str:
    """One move of the settlement's exchange: its step, from whom to whom (the cards are pictured by the page)."""
    step = STEPS.get(str(move.get("step")), {}).get(lang, str(move.get("step")))
    frm = name(move["from"]) if type(move.get("from")) is int else "—"
    to = name(move["to"]) if type(move.get("to")) is int else "—"
    return f"{step}：{frm} → {to}" if lang == "zh" else f"{step}: {frm} → {to}"


def marked_cards(state: Any) -> dict[str, dict[str, str]]:
    """Cards of the hand the page marks: none in this game."""
    return {}
