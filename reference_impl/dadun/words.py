"""打墩 at the table (the ``words`` facet, :mod:`datong_rules.reference_impl.games`): what the table page says of a
hand and a match of this game, in 中文 and English: the level played and its wild card [wild.cards], the tribute
steps [settlement.tribute], the settlement's keys, the team that won the match [match.end]; and the order a player
holds the hand in (by the strength of a single card [ranking.power_order, ranking.level_promotion]).

Seats are named by the caller (``name(seat) -> str``, the person's seat as "you"); teams are
:func:`.scoring.team_of`'s.
"""

from __future__ import annotations

from typing import Any

from ..climbing.cardset import rank_of
from .combinations import power, wild_card
from .scoring import team_of
from ..state_api import CardName, SeatName

Name = SeatName  # the table names seats for the reader (the state API's alias)

SAY: dict[str, dict[str, str]] = {
    "level": {"zh": "打{level}", "en": "Level {level}"},
    "wild": {"zh": "百搭：{card}", "en": "Wild card: {card}"},
    "partner": {"zh": "你和{partner}一队", "en": "You play with {partner}"},
    "won": {"zh": "你们这一队赢了这一局。", "en": "Your team won this hand."},
    "lost": {"zh": "对方赢了这一局。", "en": "The other team won this hand."},
}

MARK: dict[str, str] = {"zh": "百搭", "en": "wild"}
"""The mark on a wild card of the person's hand."""

TRIBUTE: dict[str, dict[str, str]] = {
    "tribute": {"zh": "轮到你进贡给{to}。", "en": "Your turn to give tribute to {to}."},
    "return": {"zh": "轮到你还贡给{to}。", "en": "Your turn to give a card back to {to}."},
}

ACTIONS: dict[str, dict[str, dict[str, str]]] = {}
"""No action of this game's own."""

SETTLEMENT: dict[str, dict[str, str]] = {
    "pattern": {"zh": "出完的名次组合", "en": "finishing pattern"},
    "first_team": {"zh": "头游方", "en": "first-out side"},
    "scores": {"zh": "两方的分", "en": "the sides' points"},
    "full": {"zh": "满分", "en": "full"},
    "gain": {"zh": "升级数", "en": "levels gained"},
    "places": {"zh": "名次", "en": "places"},
    "next_level": {"zh": "下一局打", "en": "next hand's level"},
    "match_over": {"zh": "整场结束", "en": "match over"},
    "finish": {"zh": "出完的先后", "en": "order of going out"},
    "captured": {"zh": "各人抓到的分", "en": "points captured"},
    "bonus": {"zh": "明牌奖励", "en": "marked-card bonus"},
    "transfer": {"zh": "明牌转交", "en": "marked card handed over"},
    "a_failures": {"zh": "打A没过的次数", "en": "failures at A"},
    "givers": {"zh": "进贡的人", "en": "tribute givers"},
    "receivers": {"zh": "收贡的人", "en": "tribute receivers"},
    "resisted": {"zh": "抗贡", "en": "tribute resisted"},
    "given": {"zh": "贡牌", "en": "tribute cards"},
    "tribute": {"zh": "进贡", "en": "tribute"},
    "bonus_team": {"zh": "明牌奖励方", "en": "bonus team"},
    "first_side": {"zh": "头游方", "en": "first-out side"},
    "other_side": {"zh": "另一方", "en": "other side"},
    "match_winner": {"zh": "整场的赢家", "en": "match winner"},
}
"""Labels of this game's settlement keys."""

SEAT_KEYS = frozenset({"givers", "receivers", "finish", "from", "to"})
"""Settlement keys whose value is a seat or a list of seats."""

TEAM_KEYS = frozenset({"first_team", "winner", "match_winner"})
"""Settlement keys whose value is a team (:func:`.scoring.team_of`)."""


def match_winners(match: Any) -> list[int] | None:
    """The seats of the team that won the match [match.end]; None while it goes on ([] if stopped by the cap)."""
    if not match.over:
        return None
    if match.winner is None:
        return []
    return [s for s in range(match.rules.players) if team_of(match.rules, s) == match.winner]


def facts(state: Any, seat: int, lang: str, name: Name, card: CardName) -> list[str]:
    """The level played, its wild card and the person's partner."""
    team = team_of(state.rules, seat)
    partner = [s for s in range(state.rules.players) if s != seat and team_of(state.rules, s) == team]
    found = [SAY["level"][lang].format(level=state.level),
             SAY["wild"][lang].format(card=card(wild_card(state.rules, state.level)))]
    if partner:
        found.append(SAY["partner"][lang].format(partner=name(partner[0])))
    return found


def hand_result(state: Any, seat: int, lang: str, name: Name) -> str | None:
    """Whether the person's team won the hand."""
    winner = state.settlement().get("winner")
    if type(winner) is not int:
        return None
    return SAY["won" if winner == team_of(state.rules, seat) else "lost"][lang]


def turn_words(state: Any, seat: int, lang: str, name: Name) -> str | None:
    """The status line of the person's turn in the tribute phase (None outside it: the page's own)."""
    step = state.tribute_step
    if step is None or step.kind not in TRIBUTE:
        return None
    return TRIBUTE[step.kind][lang].format(to=name(step.receiver))


def marked_cards(state: Any) -> dict[str, dict[str, str]]:
    """The wild card of the level played [wild.cards], marked "wild" in the person's hand."""
    return {wild_card(state.rules, state.level): MARK}


def hand_order(state: Any) -> Any:
    """A sort key of the hand as a player holds it, weakest to strongest single card [ranking.power_order]: 2 … A,
    the level rank above the A when the variant promotes it for a single [ranking.level_promotion], then the small
    and the big joker (:func:`.combinations.power`); ``key(card) -> int``, equal for the cards of one rank (the
    caller keeps their suits in notation order)."""
    level = state.level
    promoted = "single" in state.rules.promoted_types
    return lambda card: power(rank_of(card), level, promoted)
