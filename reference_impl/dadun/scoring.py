"""打墩 Dadun setup and scoring: the cut and draw, the marked-card bonus, points, merging and settlement.

Pure functions used by the operations and the state API; rule ids in the docstrings.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..climbing.cardset import FACES, check_cards, is_card, rank_of
from ..climbing.seats import partner_of
from .rules import DadunRules
from .tribute import roles as tribute_roles

def team_of(rules: DadunRules, seat: int) -> int:
    """Team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (partners sit opposite) [players.partnership]."""
    return seat % (rules.players // 2)


def points_of(rules: DadunRules, cards: Collection[str]) -> int:
    """Point value of cards [points.cards]."""
    try:
        return sum(map(rules.card_points.__getitem__, cards))
    except KeyError:  # a token that is no card: worth nothing, as its rank is no point rank
        return sum(rules.point_cards.get(rank_of(c), 0) for c in cards)


def count_value(rules: DadunRules, card: str) -> int:
    """The counting value of the marked card [cut.count]."""
    rank = rank_of(card)
    values = rules.count_values
    if rank in values:
        return int(values[rank])
    return int(rank)


def _seat(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise ValueError(f"{what} must be a seat 0-3, got {value!r}")
    return value


def first_drawer(rules: DadunRules, cutter: int, marked: str, previous: dict | None) -> tuple[int, int | None]:
    """(first drawer, count used or None) [cut.count, cut.later_hands]."""
    if previous is not None and previous.get("last_out") is not None:
        return _seat(previous["last_out"], "previous.last_out"), None
    value = count_value(rules, marked)
    return (cutter + value - 1) % rules.players, value


def hand_sizes_by_seat(rules: DadunRules, drawer: int) -> list[int]:
    """Cards per seat when ``drawer`` draws first [deal.hand_sizes]."""
    sizes = [0] * rules.players
    for i, n in enumerate(rules.hand_sizes):
        sizes[(drawer + i) % rules.players] = n
    return sizes


def deal_order(rules: DadunRules, given: dict) -> dict:
    """Answer of deal_order (docs/implementers/dadun-operations.md)."""
    cutter = _seat(given.get("cutter"), "cutter")
    marked = given.get("marked_card")
    if not isinstance(marked, str) or not is_card(marked):
        raise ValueError(f"marked_card must be a card, got {marked!r}")
    previous = given.get("previous")
    if previous is not None and not isinstance(previous, dict):
        raise ValueError("previous must be {first_out, last_out} or null")
    if previous is not None:
        first_out = _seat(previous.get("first_out"), "previous.first_out")
        if cutter != first_out:  # a contradiction, not another deal
            raise ValueError(f"cutter {cutter} is not the previous hand's first-out (seat {first_out}), who cuts in "
                             "later hands [cut.later_hands]")
        if previous.get("last_out") == first_out:
            raise ValueError(f"previous.last_out {first_out} is also the previous hand's first-out")
    drawer, count = first_drawer(rules, cutter, marked, previous)
    return {"first_drawer": drawer, "holder": drawer, "leader": drawer,
            "hand_sizes": hand_sizes_by_seat(rules, drawer), "count": count}


def bonus(rules: DadunRules, marked: str, holder: int, copies: list[int], first_hand: bool) -> dict:
    """The marked-card bonus: {bonus, team, transfer} [marked_card.bonus_*, marked_card.later_hands]."""
    team = team_of(rules, holder)
    if not first_hand and rules.marked_later == "lead_only":
        return {"bonus": 0, "team": team, "transfer": None}
    if copies[holder] == 3:
        return {"bonus": rules.bonus_all_three, "team": team, "transfer": None}
    partner = partner_of(holder, rules.players)
    if copies[partner] == 2 and copies[holder] == 1:
        return {"bonus": rules.bonus_partner_pair, "team": team,
                "transfer": {"from": holder, "to": partner, "card": marked}}
    return {"bonus": 0, "team": team, "transfer": None}


def marked_card(rules: DadunRules, given: dict) -> dict:
    """Answer of marked_card."""
    marked = given.get("marked_card")
    if not isinstance(marked, str) or not is_card(marked):
        raise ValueError(f"marked_card must be a card, got {marked!r}")
    holder = _seat(given.get("holder"), "holder")
    copies = given.get("copies")
    if not isinstance(copies, list) or len(copies) != rules.players or not all(
            isinstance(c, int) and c >= 0 for c in copies) or sum(copies) > rules.decks or copies[holder] < 1:
        raise ValueError(f"copies must be {rules.players} counts summing to at most {rules.decks}, the holder's at "
                         "least 1")
    answer = bonus(rules, marked, holder, copies, bool(given.get("first_hand", True)))
    answer["leader"] = holder
    return answer


def _level_index(rules: DadunRules, level: Any, what: str) -> int:
    if level not in rules.level_order:
        raise ValueError(f"{what} must be a level 2 … A, got {level!r}")
    return rules.level_order.index(level)


def places_of(rules: DadunRules, finish: list[int]) -> list[int | None]:
    """Each seat's finishing place, by seat: 1 for the first out … 4 for the last; after partners first and second
    (a finish of two seats) the other two seats are not placed (None) [hand_end.when]."""
    places: list[int | None] = [None] * rules.players
    for place, seat in enumerate(finish, 1):
        places[seat] = place
    if len(finish) == rules.players - 1:
        places[places.index(None)] = rules.players
    return places


def _gains_by_score(rules: DadunRules, first: int, second: int, third: int, last: int, captured: list[int],
                    first_partner_before: int) -> tuple[str, dict | None, dict | None, int, list[int]]:
    """(pattern, scores, full, winner, gains) of a 13+24 or 14+23 hand [merging.stages, settlement.thresholds,
    settlement.decision, settlement.levels]."""
    first_team = team_of(rules, first)
    if partner_of(first, rules.players) == third:
        pattern, first_side, other_side = "13+24", captured[first] + captured[third], captured[second]
    else:
        pattern = "14+23"
        first_side = captured[first] + (first_partner_before if rules.merging == "staged" else 0)
        other_side = captured[second] + captured[third]
    scores = {"first_side": first_side, "other_side": other_side}
    full = {"first_side": first_side >= rules.thresholds[0], "other_side": other_side >= rules.thresholds[1]}
    lr = rules.levels_rule
    gains = [0, 0]
    if "partner_third" in lr:  # by the partner's place, whatever the points: the first-out's team wins
        winner = first_team
        gains[winner] = lr["partner_third"] if pattern == "13+24" else lr["partner_last"]
        if not rules.has_points:  # points.cards: none: no score at all
            return pattern, None, None, winner, gains
        return pattern, scores, full, winner, gains
    if full["first_side"] == full["other_side"]:
        winner = first_team if full["first_side"] else 1 - team_of(rules, last)
    else:
        winner = first_team if full["first_side"] else 1 - first_team
    loser_score = first_side if winner != first_team else other_side
    if "losers_down_below" in lr:
        gains[winner] = lr["winners"]
        if loser_score < lr["losers_down_below"]:
            gains[1 - winner] = -1
    else:
        gains[winner] = lr["winners_if_losers_below"] if loser_score < lr["invalid_below"] else lr["winners"]
    return pattern, scores, full, winner, gains


def passes_a(rules: DadunRules, winner: int, first_team: int, pattern: str, level_was_a: bool,
             played_at_a: bool, owner: int | None = None) -> bool:
    """Whether the winners pass A with this hand [match.end]: the hand was played at A and the winners were at A;
    with ``at: own_level_a`` also the level played was theirs (``owner``, the team whose level the hand was played
    at; None: either team at A); with ``win: partner_not_last`` also the first-out is theirs and the first-out's
    partner is not last (1+2 or 13+24)."""
    if not (level_was_a and played_at_a):
        return False
    if rules.a_own_level and owner is not None and owner != winner:
        return False
    return rules.a_rule == "win_at_a" or (winner == first_team and pattern != "14+23")


def settle_hand(rules: DadunRules, levels: list[str], level: str, finish: list[int], captured: list[int],
                first_partner_before: int, bonus_levels: list[int], a_failures: list[int] | None = None,
                owner: int | None = None) -> dict:
    """Settle one hand [merging.stages, settlement.*, levels.*, match.end]. See the settle operation.

    ``a_failures[t]``: hands team ``t`` has played at its level A without passing it (match.end.failures_at_a;
    the answer gives them after this hand when the rule counts them). ``owner``: the team whose level ``level`` is
    (the previous hand's winners; None: not told), read with ``match.end.at: own_level_a``."""
    first = finish[0]
    first_team = team_of(rules, first)
    top = len(rules.level_order) - 1
    scores = full = None
    if len(finish) == 2:
        if partner_of(finish[0], rules.players) != finish[1]:
            raise ValueError("a finish of two seats must be partners (1+2)")
        pattern, winner = "1+2", first_team
        gains = [0, 0]
        gains[winner] = rules.partners_first_second_levels
    else:
        second, third = finish[1], finish[2]
        last = (set(range(rules.players)) - set(finish)).pop()
        if partner_of(first, rules.players) == second:
            raise ValueError("partners first and second end the hand: give two seats")
        pattern, scores, full, winner, gains = _gains_by_score(rules, first, second, third, last, captured,
                                                               first_partner_before)
    idx = [_level_index(rules, lv, "levels") for lv in levels]
    played_at_a = _level_index(rules, level, "level") == top
    match_over = passes_a(rules, winner, first_team, pattern, idx[winner] == top, played_at_a, owner)
    own = owner if rules.a_own_level else None  # match.end.at: only the owner plays its level A
    new = [min(top, max(0, idx[t] + gains[t] + bonus_levels[t])) for t in (0, 1)]
    answer: dict[str, Any] = {"pattern": pattern, "first_team": first_team, "scores": scores, "full": full,
                              "winner": winner, "gain": gains[winner], "places": places_of(rules, finish)}
    if rules.tribute is not None:  # settlement.tribute: who gives to whom after the next deal
        answer["tribute"] = tribute_roles(rules, finish, winner)
    if rules.failures_at_a is not None:
        failures = list(a_failures or [0, 0])
        for t in (0, 1):
            if played_at_a and idx[t] == top and own in (None, t) and not (match_over and t == winner):
                failures[t] += 1
                if failures[t] >= rules.failures_at_a:  # back to the start level, counting afresh
                    new[t], failures[t] = rules.level_order.index(rules.start_level), 0
        answer["a_failures"] = failures
    new_levels = [rules.level_order[i] for i in new]
    answer.update({"levels": new_levels, "next_level": new_levels[winner], "match_over": match_over,
                   "match_winner": winner if match_over else None})
    return answer


def _check_captured(rules: DadunRules, finish: list[int], captured: list[int], before: object) -> None:
    """Refuse points no hand can capture: a negative count, more than the pack holds together [points.cards], or
    ``first_partner_before`` (the first-out's partner's points when the first went out) above that partner's whole
    capture or below 0.

    Raises:
        ValueError: one line naming the contradiction.
    """
    pack = rules.decks * 4 * sum(rules.point_cards.values())
    if any(c < 0 for c in captured) or sum(captured) > pack:
        raise ValueError(f"captured points {captured} are impossible: each at least 0 and together at most the "
                         f"pack's {pack} [points.cards]")
    partner = partner_of(finish[0], rules.players)
    if type(before) is not int or not 0 <= before <= captured[partner]:
        raise ValueError(f"first_partner_before {before!r} is impossible: the first-out's partner (seat {partner}) "
                         f"captured {captured[partner]} in the whole hand, expected 0 … {captured[partner]}")


def settle(rules: DadunRules, given: dict) -> dict:
    """Answer of settle (docs/implementers/dadun-operations.md): ``given`` ``{levels?, level?, level_owner?, finish,
    captured, first_partner_before?, bonus?, a_failures?}``.

    Raises:
        ValueError: bad input, one line; ``level`` left out while the teams' levels differ, or neither team's level
            [levels.played].
    """
    levels = given.get("levels", [rules.start_level, rules.start_level])
    if not isinstance(levels, list) or len(levels) != 2:
        raise ValueError("levels must be two levels [team 0, team 1]")
    finish = given.get("finish")
    if not isinstance(finish, list) or len(finish) not in (2, 3) or len(set(finish)) != len(finish):
        raise ValueError("finish must list 2 or 3 different seats in the order they went out")
    for s in finish:
        _seat(s, "finish")
    captured = given.get("captured", None if rules.has_points else [0] * rules.players)
    if not isinstance(captured, list) or len(captured) != rules.players or not all(
            isinstance(c, int) for c in captured):
        raise ValueError(f"captured must be {rules.players} point counts (by seat)")
    if not rules.has_points and any(captured):
        raise ValueError(f"captured points {captured} in a variant whose cards have no points [points.cards: none]")
    _check_captured(rules, finish, captured, given.get("first_partner_before", 0))
    bonus_levels = given.get("bonus", [0, 0])
    if "level" in given:
        level = given["level"]
    elif levels[0] == levels[1]:  # played at the previous winners' level [levels.played]: both teams' here
        level = levels[0]
    else:
        raise ValueError(f"level is required when the teams' levels differ ({levels[0]}, {levels[1]}): the hand was "
                         f"played at the previous winners' level, which settle is not told")
    if level not in FACES:
        raise ValueError(f"level must be a rank 2 … A, got {level!r}")
    if level not in levels:
        raise ValueError(f"level {level} is neither team's level ({levels[0]}, {levels[1]}): a hand is played at the "
                         f"level the previous winners reached, expected one of the two")
    owner = _owner(rules, given, levels, level)
    failures = given.get("a_failures", [0, 0])
    if not isinstance(failures, list) or len(failures) != 2 or not all(
            type(n) is int and n >= 0 for n in failures):
        raise ValueError("a_failures must be two counts [team 0, team 1]")
    return settle_hand(rules, levels, level, finish, captured, given.get("first_partner_before", 0),
                       list(bonus_levels), failures, owner)


def _owner(rules: DadunRules, given: dict, levels: list[str], level: str) -> int | None:
    """The team whose level the hand was played at: ``level_owner`` when given (a team whose level is ``level``),
    else the one team at ``level``; None when both are (not needed unless ``match.end.at: own_level_a`` at A).

    Raises:
        ValueError: a ``level_owner`` that is not 0 or 1 or whose level is not ``level``; none given while both
            teams are at A and the rule needs it.
    """
    if "level_owner" in given:
        owner = given["level_owner"]
        if type(owner) is not int or owner not in (0, 1) or levels[owner] != level:
            raise ValueError(f"level_owner must be the team (0 or 1) whose level is the level played {level}, got "
                             f"{owner!r} (levels {levels[0]}, {levels[1]})")
        return owner
    if levels[0] != levels[1]:
        return levels.index(level)
    if rules.a_own_level and level == rules.level_order[-1]:
        raise ValueError(f"level_owner is required when both teams are at {level} [match.end.at: own_level_a]: only "
                         "the team whose level the hand was played at (the previous hand's winners) can pass it")
    return None


__all__ = ["team_of", "points_of", "places_of", "passes_a", "deal_order", "marked_card", "settle", "settle_hand", "bonus",
           "first_drawer", "hand_sizes_by_seat", "check_cards"]
