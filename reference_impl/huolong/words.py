"""攉龙 at the table (the ``words`` facet, :mod:`datong_rules.reference_impl.games`): what the table page says of a
hand and a match of this game, in 中文 and English. The page (``datong_rules.table_app``) knows no game: it asks
this module for the facts of the hand, the sides, the result and the words of the game's own actions.

Seats are named by the caller (``name(seat) -> str``, the person's seat as "you"); teams are seats of the same
parity [players.partnership: opposite seats], as :meth:`~.hand.HandState.match_winner_team` counts them.
"""

from __future__ import annotations

from typing import Any
from ..state_api import CardName, SeatName

Name = SeatName  # the table names seats for the reader (the state API's alias)

SAY: dict[str, dict[str, str]] = {
    "banker": {"zh": "庄家：{who}", "en": "Banker: {who}"},
    "trumps": {"zh": "主：{suit}", "en": "Trumps: {suit}"},
    "side": {"zh": "你在{side}（{seats}）", "en": "You are on the {side} ({seats})"},
    "won": {"zh": "{side}{how}：你们赢了这一局。", "en": "The {side} {how}: your side won this hand."},
    "lost": {"zh": "{side}{how}：你们输了这一局。", "en": "The {side} {how}: your side lost this hand."},
    "kept": {"zh": "守住了庄", "en": "keep the bank"},
    "took": {"zh": "夺下了庄", "en": "take the bank"},
    "redealt": {"zh": "没有人亮主，这一局重新发牌。", "en": "Nobody declared: this hand is dealt again."},
}
"""Sentences of the facts and the result."""

SIDES: dict[str, dict[str, str]] = {"banker_team": {"zh": "庄家方", "en": "banker's side"},
                                    "attackers": {"zh": "闲家方", "en": "attackers' side"}}
"""The two sides of a hand."""

SUITS: dict[str, dict[str, str]] = {"S": {"zh": "黑桃", "en": "spades"}, "H": {"zh": "红桃", "en": "hearts"},
                                    "C": {"zh": "梅花", "en": "clubs"}, "D": {"zh": "方块", "en": "diamonds"}}

OFFER: dict[str, dict[str, str]] = {
    "status": {"zh": "你现在可以亮主，也可以继续发牌。", "en": "You may show now, or let the deal go on."},
    "decline": {"zh": "不亮，继续", "en": "No show, go on"},
}
"""What the page says while the cards are dealt and the person may show, and its button to let the deal go on."""

ACTIONS: dict[str, dict[str, dict[str, str]]] = {
    "show": {"say": {"zh": "{who}亮{cards}", "en": "{who} shows {cards}"},
             "choice": {"zh": "亮{cards}", "en": "show {cards}"}},
    "load": {"say": {"zh": "{who}埋了{n}张大王", "en": "{who} puts {n} big jokers in the bottom"},
             "choice": {"zh": "埋{n}张大王", "en": "put {n} big jokers in the bottom"},
             "turn": {"zh": "轮到你决定往底里埋几张大王。",
                      "en": "Your turn to decide how many big jokers go in the bottom."}},
}
"""The game's own actions: ``say`` (a seat did it), ``choice`` (a button), ``turn`` (the person is to do it);
``{n}`` is the action's ``count``."""

SETTLEMENT: dict[str, dict[str, str]] = {
    "attacker_points": {"zh": "闲家的分", "en": "attackers' points"},
    "captured_points": {"zh": "闲家抓到的分", "en": "points captured by the attackers"},
    "bottom_points": {"zh": "底牌的分", "en": "points in the bottom"},
    "bottom_dug": {"zh": "挖底", "en": "bottom dug"},
    "dug_with_level_rank": {"zh": "用级牌挖底", "en": "dug with a level card"},
    "stars": {"zh": "星", "en": "stars"},
    "row": {"zh": "结算表中适用的一行", "en": "the settlement table's row that applies"},
    "redeal": {"zh": "重新发牌", "en": "dealt again"},
    "banker_team": SIDES["banker_team"], "attackers": SIDES["attackers"],
}
"""Labels of this game's settlement keys (the rulebook's key labels name the shared ones)."""

SEAT_KEYS = frozenset({"next_banker"})
"""Settlement keys whose value is a seat."""


def _team(seat: int) -> int:
    return seat % 2


def match_winners(match: Any) -> list[int] | None:
    """The seats of the team that won the match; None while it goes on ([] if it stopped without a winner)."""
    if not match.over:
        return None
    if match.winner is None:
        return []
    return [s for s in range(match.rules.players) if _team(s) == match.winner]


def _side(state: Any, seat: int) -> str | None:
    banker = state.summary().get("banker")
    if type(banker) is not int:
        return None
    return "banker_team" if _team(seat) == _team(banker) else "attackers"


def facts(state: Any, seat: int, lang: str, name: Name, card: CardName) -> list[str]:
    """The banker, the trump suit and the person's side, once known."""
    summary = state.summary()
    found = []
    banker = summary.get("banker")
    if type(banker) is int:
        found.append(SAY["banker"][lang].format(who=name(banker)))
    trump = summary.get("trump_suit")
    if isinstance(trump, str) and trump in SUITS:
        found.append(SAY["trumps"][lang].format(suit=SUITS[trump][lang]))
    side = _side(state, seat)
    if side is not None:
        seats = ("、" if lang == "zh" else ", ").join(name(s) for s in range(state.rules.players)
                                                     if _team(s) == _team(seat))
        found.append(SAY["side"][lang].format(side=SIDES[side][lang], seats=seats))
    return found


def hand_result(state: Any, seat: int, lang: str, name: Name) -> str | None:
    """The end of the hand for the person: which side kept or took the bank, and whether theirs won."""
    settled = state.settlement()
    banker = state.summary().get("banker")
    if settled.get("redeal") or type(banker) is not int:
        return SAY["redealt"][lang]
    next_banker = settled.get("next_banker")
    if type(next_banker) is not int:
        return None
    kept = _team(next_banker) == _team(banker)
    side = "banker_team" if kept else "attackers"
    won = _side(state, seat) == side
    return SAY["won" if won else "lost"][lang].format(side=SIDES[side][lang], how=SAY["kept" if kept else "took"][lang])


def turn_words(state: Any, seat: int, lang: str, name: Name) -> str | None:
    """The status line when the person is to act, when the game words it itself (None: the page's own)."""
    return None


def marked_cards(state: Any) -> dict[str, dict[str, str]]:
    """Cards of the hand the page marks, with the mark's words: none in this game."""
    return {}
