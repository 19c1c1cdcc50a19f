"""The readable lines of ``datong-rules play`` for one Biedan hand (the table's view with every card shown): the
hands dealt, the egg, one line per round with each play named (pair, straight, bomb …) and who takes the round and
leads next, the places, the exchange and the bank said in the rulebook's words."""

from __future__ import annotations

from ..cards import format_cards
from .combinations import classify
from .state import HandState

NAMES = {"single": "single", "pair": "pair", "triple": "triple", "bomb": "bomb", "straight": "straight",
         "pair_run": "pair run", "rocket": "rocket"}
"""The combinations in the rulebook's words (a name not here is shown with its underscores as spaces)."""
STEPS = {"draw": "{to} draws the best card from {frm}", "give": "{frm} gives their best card to {to}",
         "take_egg": "{to} takes the egg", "hand_over": "{frm} hands their other cards to {to}",
         "return": "{frm} returns the worst cards to {to}", "banker_extra": "the banker, {frm}, also gives {to} a card"}
"""The exchange's steps in words (``{frm}``, ``{to}``: the seats)."""
PLACE_NAMES = {"first": "first", "second": "second", "third": "third (stuck with the egg, 憋蛋)"}


def _cards(t, cards) -> str:
    return format_cards(sorted(cards, key=lambda c: (-t.card_strength[c], "SHCDBL".index(c[0]))), symbols=True)


def lines(state: HandState, number: int) -> list[str]:
    """The transcript of the finished hand ``state`` (hand ``number``, from 1)."""
    t = state.t
    replay = HandState(state.rules, state.pack, banker=None if state.banker_by_card else state.banker,
                       previous=state.previous)
    how = f"holder of {format_cards([state.rules.first_banker_card], symbols=True)}" if state.banker_by_card \
        else "from the last hand"
    out = [f"── hand {number} · banker seat {state.banker} ({how}) · first drawer seat {state.first_drawer}"]
    for seat in range(3):
        out.append(f"  seat {seat}: {_cards(t, replay.cards_of(seat))}")
    before = state.rules.exchange_timing == "after_next_deal"
    if before:
        out += _moves(t, state.moves)
    round_parts: list[str] = []
    round_number, last = 0, None
    for action in state.actions:
        kind, seat = action["type"], action["seat"]
        phase = replay.phase
        out_before = len(replay.out)
        replay.apply(action, validate=False)
        if kind == "give":
            continue
        if kind == "bury":
            out.append(f"Egg (seat {seat} buries): {_cards(t, action['cards'])}")
        else:
            round_parts.append(f"{seat}: " + ("pass" if kind == "pass" else _cards(t, action["cards"])
                                              + f" ({_name(t, action['cards'])})"))
            if kind != "pass":
                last = seat
            if len(replay.out) > out_before:
                round_parts[-1] += f" — out, {PLACE_NAMES[('first', 'second', 'third')[len(replay.out) - 1]].split(' (')[0]}"
            if replay.table is None or replay.phase != phase:
                round_number += 1
                if replay.phase != "play":
                    end = " → hand over"
                elif replay.turn == last:
                    end = f" → seat {last} takes the round and leads"
                elif last in replay.out:
                    end = f" → seat {last} takes the round and is out, so seat {replay.turn} leads"
                else:
                    end = f" → seat {last} takes the round; seat {replay.turn} leads"
                out.append(f"Round {round_number:2}: " + " · ".join(round_parts) + end)
                round_parts = []
    result = state.settlement()
    places = result["places"]
    out.append("Places: " + ", ".join(f"{PLACE_NAMES[p]} seat {places[p]}" for p in ("first", "second", "third")))
    if not before:
        out += _moves(t, result["moves"])
    kept = "keeps the bank" if result["banker_kept"] else f"steps down; seat {result['next_banker']} banks next"
    out.append(f"Bank: seat {result['banker']} {kept}")
    return out


def _name(t, cards: list[str]) -> str:
    """The combination ``cards`` are, in words (``flush straight`` for a one-suit straight)."""
    reading = classify(t, cards)
    if reading is None:
        return "?"
    name = NAMES.get(reading.combination, reading.combination.replace("_", " "))
    return f"flush {name}" if reading.flush and reading.combination != "single" else name


def _moves(t, moves: list[dict]) -> list[str]:
    out = []
    for move in moves:
        frm = "the egg" if move["from"] is None else f"seat {move['from']}"
        step = STEPS.get(move["step"], "{frm} gives {to} cards").format(frm=frm, to=f"seat {move['to']}")
        out.append(f"Exchange: {step}: {_cards(t, move['cards'])}")
    return out


def match_hand_lines(match, state: HandState) -> list[str]:
    """The lines of the hand ``state``, the last one ``match`` finished (for ``datong-rules play``)."""
    return lines(state, len(match.states))


def match_end_lines(match) -> list[str]:
    """The session's last lines: how many hands, the tally by seat (rule match.score) and, once every hand is played,
    the winner(s)."""
    n = len(match.results)
    kept = sum(1 for r in match.results if r["banker_kept"])
    plural = "s" if n != 1 else ""
    tally = ", ".join(f"seat {seat} {points:+d}" for seat, points in enumerate(match.tally))
    first, second, third = match.rules.match_score
    points = f"first {first:+d}, second {second:+d}, third {third:+d} a hand"
    if not match.over:
        return [f"Session stopped after {n} hand{plural} of {match.rules.match_hands}",
                f"Tally so far ({points}): {tally}"]
    winners = match.winners
    result = (f"Winner: seat {winners[0]}" if len(winners) == 1
              else "Shared win: " + ", ".join(f"seat {s}" for s in winners))
    target = match.rules.match_target
    reached = f", target {target:+d} reached" if target is not None and max(match.tally) >= target else ""
    return [f"Session over after {n} hand{plural}{reached} (bank kept {kept} time{'s' if kept != 1 else ''})",
            f"Tally ({points}): {tally}", result]
