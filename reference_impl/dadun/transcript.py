"""The readable lines of ``datong-rules play`` for 打墩 Dadun, in the rulebook's words: the cut, the wild cards and
the hands dealt; one line per round with each play named (its combination, a wild card marked ``*`` and what it
stands for), who takes the round with how many points and who leads next (the wind when a player went out); the
places in going-out order; the finish pattern (1+2, 13+24, 14+23), the sides' points against their marks, the
levels gained and the next hand's level."""

from __future__ import annotations

from collections import Counter

from ..cards import format_cards
from .rulebook import NAMES
from .scoring import points_of
from .state import HandState, Match, sorted_cards

PLACES = ("first out", "second out", "third out", "last")
"""Going-out places, in the rulebook's words (头游, 二游, 三游, 末游)."""


def _cards(cards: list[str], wild: str) -> str:
    """Cards with suit symbols; each wild card (the token ``wild``) marked ``*``."""
    return " ".join(f"{shown}*" if card == wild else shown
                    for card, shown in zip(cards, format_cards(cards, symbols=True).split()))


def _name(reading: dict) -> str:
    """A play's combination in words: ``pair``, ``5-card bomb``, ``4+4 linked bomb``, ``dun`` …"""
    kind = reading.get("combination", "")
    size = len(reading.get("cards") or [])
    if kind == "bomb":
        return f"{size}-card bomb"
    if kind == "linked_bomb":
        return f"{size // 2}+{size // 2} linked bomb"
    return NAMES.get(kind, {}).get("en", kind.replace("_", " ")).lower()


def _play(action: dict, wild: str) -> str:
    if action["type"] == "pass":
        return f"{action['seat']}: pass"
    text = _cards(action["cards"], wild)
    reading = action.get("reading") or {}
    meant = reading.get("cards")
    if meant and sorted(meant) != sorted(action["cards"]):
        text += f" as {format_cards(meant, symbols=True)}"
    return f"{action['seat']}: {text} ({_name(reading)})" if reading else f"{action['seat']}: {text}"


def team_name(team: int) -> str:
    """``team 0 (seats 0 and 2)``."""
    return f"team {team} (seats {team} and {team + 2})"


def match_hand_lines(match: Match, state: HandState) -> list[str]:
    """The hand: setup and hands, one line per round, the places, the result."""
    wild = f"{state.rules.wild_suit}{state.level}"  # wild.cards: the level rank of the wild suit
    out = [f"── hand {state.hand_number} · level {state.level} (team 0 at {state.levels[0]}, team 1 at "
           f"{state.levels[1]}) · seat {state.cutter} cuts · marked card {format_cards([state.marked], symbols=True)}"
           f" · seat {state.first_drawer} draws first and holds it"]
    out.append(f"  Wild cards: the level rank of the wild suit, {format_cards([wild], symbols=True)} (marked *)")
    players = state.rules.players
    for seat in range(players):
        start = [c for i, c in enumerate(state.pack) if (state.first_drawer + i) % players == seat]
        out.append(f"  seat {seat} ({len(start)} cards): {_cards(sorted_cards(Counter(start)), wild)}")
    b = state.bonus
    if b["bonus"]:
        out.append(f"Marked-card bonus: {team_name(b['team'])} +{b['bonus']}"
                   + (f" (seat {b['transfer']['from']} gives it to seat {b['transfer']['to']})"
                      if b["transfer"] else ""))
    out += tribute_lines(state)
    left = {seat: len(h) for seat, h in enumerate(state.hands)}
    for action in state.actions:  # the cards each seat held when play began: after the tribute
        if action["type"] == "play":
            left[action["seat"]] += len(action["cards"])
    finish: list[int] = []

    def said(action: dict) -> str:
        text = _play(action, wild)
        if action["type"] == "play":
            left[action["seat"]] -= len(action["cards"])
            if left[action["seat"]] == 0:
                finish.append(action["seat"])
                text += f" — out, {PLACES[len(finish) - 1]}"
        return text

    for n, rnd in enumerate(state.rounds, 1):
        plays = " · ".join(said(a) for a in rnd["actions"])
        points = points_of(state.rules, [c for a in rnd["actions"] if a["type"] == "play" for c in a["cards"]])
        taken = f"seat {rnd['taker']} takes the round" + (f" ({points} points)" if points else "")
        lead = (f"seat {rnd['leader']} leads (the wind: partner of seat {rnd['taker']}, who is out)" if rnd["wind"]
                else f"seat {rnd['leader']} leads")
        out.append(f" Round {n:2}: {plays} → {taken}; {lead}")
    moves = [a for a in state.actions if a["type"] != "give"]
    tail = moves[sum(len(r["actions"]) for r in state.rounds):]
    if tail:
        out.append(" Last round: " + " · ".join(said(a) for a in tail) + " → hand over")
    if state.result:
        out += _result_lines(state)
    return out


def _seats(seats: list[int]) -> str:
    """``seat 3`` or ``seats 1 and 3``."""
    return f"seat {seats[0]}" if len(seats) == 1 else f"seats {seats[0]} and {seats[1]}"


def tribute_lines(state: HandState) -> list[str]:
    """The tribute after the deal [settlement.tribute]: who gave what to whom, or that it was resisted, and who
    leads; nothing without a tribute."""
    t = state.tribute
    if t is None:
        return []
    if t["resisted"]:
        givers = " and ".join(f"seat {s}" for s in t["givers"])
        return [f"Tribute resisted: {givers} hold enough big jokers; nothing is exchanged"]
    words = {"tribute": "gives", "return": "returns"}
    return ["Tribute: " + " · ".join(f"seat {g['from']} {words[g['kind']]} "
                                     f"{format_cards([g['card']], symbols=True)} to seat {g['to']}"
                                     for g in t["given"])]


def _score_words(state: HandState) -> str:
    """Why a 13+24 or 14+23 hand went as it did: the partner's place, or the sides' points against their marks."""
    r = state.result
    assert r is not None
    winner = team_name(r["winner"])
    how = {"13+24": "first and third out are partners", "14+23": "first and last are partners"}[r["pattern"]]
    if "partner_third" in state.rules.levels_rule:
        place = "third" if r["pattern"] == "13+24" else "last"
        return f"{r['pattern']} ({how}): the first-out's partner is {place}, whatever the points; {winner} goes up {r['gain']}"
    first_side, other_side = state.rules.thresholds
    s, full = r["scores"], r["full"]
    side = (f"first-out side {s['first_side']} ({'full' if full['first_side'] else 'not full'}, {first_side} needed), "
            f"other side {s['other_side']} ({'full' if full['other_side'] else 'not full'}, {other_side} needed)")
    if full["first_side"] and full["other_side"]:
        rule = "both full: the first-out side wins"
    elif not (full["first_side"] or full["other_side"]):
        rule = "neither full: the last player's side loses"
    else:
        rule = "only one side full: it wins"
    why = f"{r['pattern']} ({how}): {side}; {rule}; {winner} goes up {r['gain']}"
    below = state.rules.levels_rule.get("invalid_below")
    loser = s["other_side"] if r["winner"] == r["first_team"] else s["first_side"]
    if below is not None and loser < below:
        why += f" (the losing side scored under {below}, which counts as nothing)"
    elif "losers_down_below" in state.rules.levels_rule and loser < state.rules.levels_rule["losers_down_below"]:
        why += f"; the losing side scored under {state.rules.levels_rule['losers_down_below']} and goes down 1"
    return why


def _failure_lines(state: HandState) -> list[str]:
    """Each team at A that did not pass it in a hand played at A, with its failures [match.end.failures_at_a]."""
    r, rules = state.result, state.rules
    assert r is not None
    top = rules.level_order[-1]
    if "a_failures" not in r or state.level != top:
        return []
    out = []
    for team in (0, 1):
        if state.levels[team] != top or (r["match_over"] and team == r["winner"]):
            continue
        failures = r["a_failures"][team]
        out.append(f" Not past A: {team_name(team)} has failed at A {failures} time(s)" if failures else
                   f" Not past A: {team_name(team)} has failed at A {rules.failures_at_a} times and goes back to "
                   f"{rules.start_level}")
    return out


def _result_lines(state: HandState) -> list[str]:
    """The places, the finish pattern and what it decides, the levels."""
    r = state.result
    finish = r["finish"]
    out = [" Places: " + ", ".join(f"{PLACES[i]} seat {seat}" for i, seat in enumerate(finish))
           + (f", last seat {(set(range(state.rules.players)) - set(finish)).pop()}" if len(finish) == 3 else "")]
    winner = team_name(r["winner"])
    if r["pattern"] == "1+2":
        why = f"1+2: partners went out first and second, the hand ends; {winner} goes up {r['gain']}"
    else:
        why = _score_words(state)
    bonus = r.get("bonus") or [0, 0]
    if any(bonus):
        why += "; marked-card bonus " + ", ".join(f"{team_name(t)} +{b}" for t, b in enumerate(bonus) if b)
    out.append(f" Finish: {why} → levels {r['levels'][0]} / {r['levels'][1]}, next hand at {r['next_level']}")
    out += _failure_lines(state)
    if r.get("tribute"):
        g, t = r["tribute"]["givers"], r["tribute"]["receivers"]
        out.append(f" Next hand's tribute: {_seats(g)} give{'s' if len(g) == 1 else ''} to {_seats(t)}")
    return out


def match_end_lines(match: Match) -> list[str]:
    """The match's end: the winning team, or the levels when the hand limit was reached."""
    if match.winner is not None:
        return [f"Team {match.winner} (seats {match.winner} and {match.winner + 2}) passes A and wins."]
    return [f"No team passed A: levels {match.levels[0]} / {match.levels[1]}."]
