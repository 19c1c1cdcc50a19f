"""Settlement of a finished hand: ``settlement.table``, ``star_burial.*`` levels, ``levels.*``, ``rotation.*``, ``stakes.*``.

The order of the steps, for every variant:

1. The first row of ``settlement.table`` whose conditions all hold is chosen. Conditions:
   ``attacker_points {min, max}`` (inclusive), ``bottom_dug``, ``bottom_big_jokers {min, max}``
   (the big jokers in the bottom: ``stars.banker_team + stars.attackers``), ``banker_level``
   (a list of ranks holding the banker team's level), ``dug_with_level_rank``, ``dug_with_big_joker``.
2. Star levels (``star_burial``): the team that won the last trick (the attackers iff the bottom was
   dug) is the successful one (``success: loader_team_wins_last_trick``; with ``last_trick_and_points``
   only if it also won on points, the attackers reaching ``points.threshold`` or the banker team keeping them
   under it, else no team is credited with any joker). It is credited with its own
   big jokers, and with ``on_failure: opponents_gain`` also with the other team's; with
   ``on_failure: opponents_gain_if_points_lost`` (倒载) with the other team's only when that team also lost
   the points (a banker team whose attackers reached ``points.threshold``; attackers who did not); with
   ``on_failure: wasted`` (or 倒载 without the points lost) the other team's jokers give nobody anything.
   A team credited with *k* jokers gains ``levels_per_joker[0] + … + levels_per_joker[k-1]`` levels
   (the list covers every big joker of the pack: a variant check), or *k* × the entry of a one-entry list
   (``[0]``: big jokers give no levels; ``[3]``: three each); plus ``small_joker_levels`` for each small joker
   lying in the bottom (GameBase ``joker2AddUpgrade``; 0 in the bundled variants).
3. Each team's level gain is the row's ``advance`` for it plus its star levels
   (``star_burial.row_advance: added``), or, for a team whose credited jokers are worth more than 0 levels,
   its star levels alone (``replaced``; jokers worth 0 levels in all replace nothing). That gain goes through :func:`levels.advance` **once** (so stop levels apply to the
   whole gain: a banker team at 10 gaining 1 + 3 stops at J, it does not go on from J with the star levels).
   Mechanism of the kit, written in the variants' ``levels.stop_levels`` note: no source says in which order
   the two gains meet a stop level.
4. ``set_level`` then overrides the level of the team it names (hook-down: the banker team back to 3
   whatever it gained).
5. The match winner is the row's ``match_winner`` (打通) if it names one; otherwise a team that
   passed the last level (``levels.past_last_level``); if both did, the team that won the last trick.
6. The next banker follows the row's ``banker`` (``keep`` → ``rotation.keep``, ``take_over`` →
   ``rotation.take_over``; ``team_alternates`` reads ``attackers_last_banker``), or is None when the match is won.
7. Stakes are the row's ``stakes`` per player of each team (0 when absent or when ``stakes.enabled``
   is false).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .levels import advance
from .rules import TEAMS, HuolongRules, RulesError


def _zero_teams() -> dict[str, int]:
    return {"banker_team": 0, "attackers": 0}


@dataclass
class SettleInput:
    """A finished hand, as settlement needs it.

    Attributes:
        banker: this hand's banker seat (0–3).
        levels: ``{"banker_team": rank, "attackers": rank}``, both teams' levels before the hand.
        attacker_points: the attackers' final score in points, the bottom already added with its multiplier.
        bottom_dug: the attackers won the last trick.
        stars: big jokers each team put into the bottom by star burial, ``{banker_team: int, attackers: int}``.
        dug_with_level_rank: the attackers dug the bottom (won the last trick) with a play of level-rank cards
            (钩, li-zhijiang 一.六.8); never true with ``bottom_dug`` false.
        dug_with_big_joker: the attackers dug the bottom with a play of big jokers (GameBase ``downgradeByJoker1``);
            never true with ``bottom_dug`` false.
        bottom_small_jokers: small jokers lying in the bottom at the end of the hand
            (``star_burial.small_joker_levels``).
        attackers_last_banker: the seat the attacking team last had as banker in the match, or None when it has not
            had the bank (``rotation.take_over: team_alternates``).
    """

    banker: int
    levels: dict[str, str]
    attacker_points: int
    bottom_dug: bool
    stars: dict[str, int] = field(default_factory=_zero_teams)
    dug_with_level_rank: bool = False
    dug_with_big_joker: bool = False
    bottom_small_jokers: int = 0
    attackers_last_banker: int | None = None


@dataclass
class SettleOutcome:
    """What a hand's settlement decides.

    Attributes:
        row: the name of the ``settlement.table`` row that applied.
        next_banker: the next hand's banker seat, or None when the match is over.
        levels: both teams' levels after the hand, named by their role in the settled hand.
        match_winner: ``"banker_team"`` / ``"attackers"`` when the match is won with this hand, else None.
        stakes: stakes won (+) or lost (−) by each player of each team.
        level_gain: levels credited to each team (row advance + star levels) before stop levels and
            ``set_level`` are applied.
    """

    row: str
    next_banker: int | None
    levels: dict[str, str]
    match_winner: str | None
    stakes: dict[str, int]
    level_gain: dict[str, int]


def _in_range(value: int, bounds: dict) -> bool:
    return bounds.get("min", value) <= value <= bounds.get("max", value)


def unmet(when: dict, inp: SettleInput) -> list[str]:
    """The condition keys of a settlement row's ``when`` that the hand ``inp`` does not meet, in the row's order
    (empty: the row applies). The rulebook's sample hand uses it to explain the table row by row."""
    jokers = inp.stars["banker_team"] + inp.stars["attackers"]
    failed = []
    for key, cond in when.items():
        if ((key == "attacker_points" and not _in_range(inp.attacker_points, cond))
                or (key == "bottom_big_jokers" and not _in_range(jokers, cond))
                or (key == "bottom_dug" and inp.bottom_dug != cond)
                or (key == "dug_with_level_rank" and inp.dug_with_level_rank != cond)
                or (key == "dug_with_big_joker" and inp.dug_with_big_joker != cond)
                or (key == "banker_level" and inp.levels["banker_team"] not in cond)):
            failed.append(key)
    return failed


def _matches(when: dict, inp: SettleInput, jokers: int) -> bool:
    return not unmet(when, inp)


def find_row(rules: HuolongRules, inp: SettleInput) -> dict:
    """The first row of ``settlement.table`` whose ``when`` conditions all hold.

    Raises:
        RulesError: no row matches (the variant's table has a gap).
    """
    jokers = inp.stars["banker_team"] + inp.stars["attackers"]
    for row in rules.settlement_table:
        if _matches(row.get("when", {}), inp, jokers):
            return row
    raise RulesError(
        f"settlement.table of {rules.variant_id}: no row for attacker_points={inp.attacker_points}, "
        f"bottom_dug={inp.bottom_dug}, big jokers={jokers}"
    )


def joker_levels(rules: HuolongRules, count: int) -> int:
    """Levels for ``count`` big jokers credited to one team (``star_burial.levels_per_joker``: entry *i* is the
    levels of the (*i*+1)-th joker; a one-entry list gives every joker its levels).

    Raises:
        RulesError: ``count`` exceeds the list (the variant checks make it cover every big joker of the pack, so
            only rules built in memory can reach this).
    """
    schedule = rules.star_burial.get("levels_per_joker") or []
    if len(schedule) == 1:  # one entry: the levels of every big joker
        return schedule[0] * count
    if count > len(schedule):
        raise RulesError(f"star_burial.levels_per_joker of {rules.variant_id}: no entry for big joker {count}")
    return sum(schedule[:count])


def star_credit(rules: HuolongRules, stars: dict[str, int], bottom_dug: bool, attacker_points: int) -> dict[str, int]:
    """Big jokers credited to each team (step 2 of the module doc); all 0 when star burial is disabled.

    Args:
        stars: big jokers each team put into the bottom.
        bottom_dug: the attackers won the last trick.
        attacker_points: the attackers' final score (``on_failure: opponents_gain_if_points_lost``).
    """
    credit = _zero_teams()
    if not rules.star_burial.get("enabled"):
        return credit
    winner = "attackers" if bottom_dug else "banker_team"
    loser = "banker_team" if bottom_dug else "attackers"
    points_lost = {"banker_team": attacker_points >= rules.threshold,
                   "attackers": attacker_points < rules.threshold}
    if rules.star_burial.get("success") == "last_trick_and_points" and points_lost[winner]:
        return credit
    on_failure = rules.star_burial["on_failure"]
    credit[winner] = stars[winner]
    if on_failure == "opponents_gain" or (on_failure == "opponents_gain_if_points_lost" and points_lost[loser]):
        credit[winner] += stars[loser]
    return credit


def _validate(rules: HuolongRules, inp: SettleInput) -> None:
    if not isinstance(inp.banker, int) or not 0 <= inp.banker < rules.players:
        raise ValueError(f"banker must be a seat 0–{rules.players - 1}, got {inp.banker!r}")
    for name, mapping in (("levels", inp.levels), ("stars", inp.stars)):
        if set(mapping) != set(TEAMS):
            raise ValueError(f"{name} must name exactly banker_team and attackers, got {sorted(mapping)}")
    for team, rank in inp.levels.items():
        if rank not in rules.level_order:
            raise ValueError(f"levels.{team}: {rank!r} is not a level of {rules.variant_id}")
    for team, n in inp.stars.items():
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"stars.{team} must be a count ≥ 0, got {n!r}")
    for flag in ("dug_with_level_rank", "dug_with_big_joker"):
        if getattr(inp, flag) and not inp.bottom_dug:
            raise ValueError(f"{flag} is true but bottom_dug is false (expected {flag} only when the attackers dig "
                             f"the bottom)")
    if inp.dug_with_level_rank and inp.dug_with_big_joker:
        raise ValueError("dug_with_level_rank and dug_with_big_joker are both true (a play is of identical cards: "
                         "the last trick was won with level cards or with big jokers, expected at most one of them)")
    if type(inp.bottom_small_jokers) is not int or inp.bottom_small_jokers < 0:
        raise ValueError(f"bottom_small_jokers must be a count ≥ 0, got {inp.bottom_small_jokers!r}")
    last = inp.attackers_last_banker
    if last is not None and (type(last) is not int or not 0 <= last < rules.players or last % 2 == inp.banker % 2):
        raise ValueError(f"attackers_last_banker must be a seat of the attacking team or null, got {last!r}")
    if not isinstance(inp.attacker_points, int) or inp.attacker_points < 0:
        raise ValueError(f"attacker_points must be an integer ≥ 0, got {inp.attacker_points!r}")


def settle(rules: HuolongRules, inp: SettleInput) -> SettleOutcome:
    """Settle a finished hand (rule ``settlement.table`` and the rules named in the module doc).

    Args:
        rules: the variant's rules.
        inp: the hand's result.

    Returns:
        A :class:`SettleOutcome`.

    Raises:
        ValueError: malformed input (bad seat, unknown level, negative counts), one-line message.
        RulesError: the variant's table has no row for this result.
    """
    _validate(rules, inp)
    row = find_row(rules, inp)
    then = row.get("then", {})
    credit = star_credit(rules, inp.stars, inp.bottom_dug, inp.attacker_points)
    small = (rules.star_burial.get("small_joker_levels") or 0) if rules.star_burial.get("enabled") else 0
    stars = {team: joker_levels(rules, n) + (small * inp.bottom_small_jokers if n else 0)
             for team, n in credit.items()}
    replaced = rules.star_burial.get("enabled") and rules.star_burial["row_advance"] == "replaced"
    gain = {team: stars[team] if replaced and stars[team] > 0 else then.get("advance", {}).get(team, 0) + stars[team]
            for team in TEAMS}
    levels: dict[str, str] = {}
    passed: dict[str, bool] = {}
    for team in TEAMS:
        levels[team], passed[team] = advance(rules, inp.levels[team], gain[team], team == "attackers")
    for team, rank in then.get("set_level", {}).items():
        levels[team], passed[team] = str(rank), False
    winner = then.get("match_winner")
    if winner is None:
        passed_teams = [t for t in TEAMS if passed[t]]
        if len(passed_teams) == 1:
            winner = passed_teams[0]
        elif passed_teams:
            winner = "attackers" if inp.bottom_dug else "banker_team"
    stakes = {team: then.get("stakes", {}).get(team, 0) if rules.stakes_enabled else 0 for team in TEAMS}
    next_banker = None if winner else rules.next_banker(inp.banker, then["banker"], inp.attackers_last_banker)
    return SettleOutcome(
        row=row.get("name", ""), next_banker=next_banker, levels=levels, match_winner=winner,
        stakes=stakes, level_gain=gain,
    )
