"""The readable lines of ``datong-rules play`` for the toy game."""

from __future__ import annotations

from datong_rules.reference_impl.cards import format_cards

from .state import Match, ToyHand


def match_hand_lines(match: Match, state: ToyHand) -> list[str]:
    """One line per action of the hand, then its settlement."""
    out = [f"── hand {state.hand_number} · first seat {state.first}"]
    for action in state.actions:
        if action["type"] == "pass":
            out.append(f"  seat {action['seat']} passes")
        elif action["type"] == "play":
            meant = action.get("reading", {}).get("cards")
            out.append(f"  seat {action['seat']} plays {format_cards(action['cards'], symbols=True)}"
                       + (f" as {format_cards(meant, symbols=True)}" if meant and meant != action["cards"] else ""))
        elif action["type"] == "give":
            out.append(f"  seat {action['seat']} gives {format_cards(action['cards'], symbols=True)} "
                       f"to seat {action['to']}")
        else:
            out.append(f"  finish {action['finish']}, scores {action['scores']}")
    return out


def match_end_lines(match: Match) -> list[str]:
    """The scores, and the winner if one seat leads."""
    who = "no single winner" if match.winner is None else f"seat {match.winner} wins"
    return [f"Scores {match.scores}: {who}"]
