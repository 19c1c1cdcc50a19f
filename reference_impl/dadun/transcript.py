"""The readable lines of ``datong-rules play`` for 打墩 Dadun: one line per round, then the finish and levels."""

from __future__ import annotations

from ..cards import format_cards
from .state import HandState, Match

_NAMES = {"single": "", "pair": "", "triple": "", "full_house": "", "straight": "", "pair_run": "",
          "triple_run": "", "straight_flush": "straight flush", "bomb": "bomb", "linked_bomb": "linked bomb",
          "dun": "dun", "linked_dun": "linked dun"}


def _play(action: dict) -> str:
    if action["type"] == "pass":
        return f"{action['seat']}: pass"
    text = format_cards(action["cards"], symbols=True)
    reading = action.get("reading") or {}
    meant = reading.get("cards")
    if meant and meant != action["cards"]:
        text += f" as {format_cards(meant, symbols=True)}"
    name = _NAMES.get(reading.get("combination", ""), "")
    return f"{action['seat']}: {text}" + (f" ({name})" if name else "")


def match_hand_lines(match: Match, state: HandState) -> list[str]:
    """The hand: setup, one line per round, the result."""
    out = [f"── hand {state.hand_number} · level {state.level} (teams {state.levels[0]} / {state.levels[1]}) · "
           f"cutter seat {state.cutter} · marked card {format_cards([state.marked], symbols=True)} · "
           f"first drawer seat {state.first_drawer}"]
    players = state.rules.players
    for seat in range(players):
        start = [c for i, c in enumerate(state.pack) if (state.first_drawer + i) % players == seat]
        out.append(f"  seat {seat}: {len(start)} cards")
    b = state.bonus
    if b["bonus"]:
        out.append(f"Marked-card bonus: team {b['team']} +{b['bonus']}"
                   + (f" (seat {b['transfer']['from']} gives it to seat {b['transfer']['to']})"
                      if b["transfer"] else ""))
    for n, rnd in enumerate(state.rounds, 1):
        lead = f"seat {rnd['leader']} leads" + (" (wind)" if rnd["wind"] else "")
        out.append(f" Round {n:2}: " + " · ".join(_play(a) for a in rnd["actions"]) + f" → {lead}")
    tail = [a for a in state.actions[len([a for r in state.rounds for a in r["actions"]]):]]
    if tail:
        out.append(" Last round: " + " · ".join(_play(a) for a in tail) + " → hand over")
    if state.result:
        r = state.result
        scores = (f", scores {r['scores']['first_side']} / {r['scores']['other_side']}" if r["scores"] else "")
        out.append(f" Finish {r['finish']} ({r['pattern']}){scores}: team {r['winner']} +{r['gain']} → levels "
                   f"{r['levels'][0]} / {r['levels'][1]}, next hand at {r['next_level']}")
    return out


def match_end_lines(match: Match) -> list[str]:
    """The match's end: the winning team, or the levels when the hand limit was reached."""
    if match.winner is not None:
        return [f"Team {match.winner} (seats {match.winner} and {match.winner + 2}) passes A and wins."]
    return [f"No team passed A: levels {match.levels[0]} / {match.levels[1]}."]
