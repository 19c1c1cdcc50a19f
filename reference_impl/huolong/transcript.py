"""The readable lines ``datong-rules play`` prints for a Huolong match: one block per hand (the hands dealt,
declaration, bury, star burial, tricks with the shape led and the attackers' running points, bottom, the settlement
said in the rulebook's words, levels) and the match's last line.

Teams are named by their seats (``seats 0/2``, ``seats 1/3``); seats are numbered in play order.
"""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, expand, format_cards
from .dealing import deal
from .hand import HandState
from .match import Match, plural

SHAPES = {1: "single", 2: "pair", 3: "meteor"}
"""The combination a lead of that many cards is (a lead is one combination of identical cards)."""


def _cards(cards) -> str:
    return format_cards(cards, symbols=True)


def _suit(suit: str | None) -> str:
    return SUIT_SYMBOLS.get(suit, "none") if suit else "none"


def _team_name(team: int) -> str:
    return f"seats {team}/{team + 2}"


def _levels(levels: tuple[str, str]) -> str:
    return f"{_team_name(0)} at {levels[0]}, {_team_name(1)} at {levels[1]}"


def _declaration_lines(state: HandState) -> list[str]:
    lines = []
    for show in state.decl.shows:
        chain = "".join(f", then {_cards(c)} after {a}" for c, a in show.chain)
        if show.status == "resolved":
            fate = f"suit {_suit(show.suit)}"
        else:
            fate = "lapsed"
        lines.append(f"  seat {show.seat} shows {_cards(show.cards)} after {show.after} cards{chain} "
                     f"({show.kind.name.replace('_', ' ')}): {fate}")
    result = state.declaration
    how = {"declared": "declared", "bottom": "nobody declared: the bottom's first suited card",
           "kept": "kept from the first hand", "redeal": "nobody declared"}[result.outcome]
    if result.outcome == "redeal":
        lines.append(f"  {how}: the cards are dealt again")
    else:
        lines.append(f"  trump suit {_suit(result.trump_suit)} ({how}), banker seat {result.banker}, "
                     f"level {state.level}")
    return lines


def hand_lines(state: HandState, deal_number: int) -> list[str]:
    """The readable lines of one finished hand (``deal_number``: 1, or 2, 3 … for a redealt hand)."""
    out = [f"── hand {state.hand_number}" + (f" (deal {deal_number})" if deal_number > 1 else "")
           + f" · {_levels(state.team_levels)} · first drawer seat {state.first_drawer}"]
    for seat, hand in enumerate(deal(state.rules, state.pack, state.first_drawer).hands):
        out.append(f"  seat {seat}: {_cards(expand(hand))}")
    out.append("Declaration:")
    out += _declaration_lines(state)
    if state.phase == "redeal":
        return out
    out.append(f"Bury (seat {state.banker}): {_cards(state.buried)}")
    if state.star is not None:
        with_bury = state.buried.count("BJ") if state.rules.star_burial.get("banker_jokers") == "with_bury" else 0
        if with_bury:  # star_burial.banker_jokers: with_bury
            out.append(f"Star burial: seat {state.banker} loads {with_bury} big joker(s) with the bury")
        for seat, count, taken, forced in state.star.loads:
            what = "must load" if forced else "loads"
            out.append(f"Star burial: seat {seat} {what} {count} big joker(s), takes back {_cards(taken)}")
        if not state.star.loads and not with_bury:
            out.append("Star burial: none")
    attackers, running = 1 - state.banker % 2, 0
    for n, (leader, plays, winner, points) in enumerate(state.tricks, 1):
        shown = " | ".join(f"{(leader + i) % state.rules.players}: {_cards(p)}" for i, p in enumerate(plays))
        shape = SHAPES.get(len(plays[0]), f"{len(plays[0])} cards")
        taken = ""
        if points:
            side = "attackers" if winner % 2 == attackers else "banker team"
            running += points if winner % 2 == attackers else 0
            taken = f", {points} points to the {side}" + (f" (attackers {running})" if side == "attackers" else "")
        out.append(f"Trick {n:2} ({shape} led): {shown} → seat {winner} wins{taken}")
    claim = state.settle_claim()
    held = "dug by the attackers" if state.bottom_dug else "held by the banker team"
    out.append(f"Bottom: {_cards(claim['bottom'])} ({claim['bottom_points']} points), {held}")
    out.append(f"Attackers' points: {claim['attacker_points']} "
               f"(tricks {claim['captured_points']}, bottom {claim['attacker_points'] - claim['captured_points']})")
    out.append("Settlement: " + settlement_words(state, claim))
    out.append(f"Levels: {_levels(state.team_levels_after())}")
    return out


def settlement_words(state: HandState, claim: dict) -> str:
    """The settlement in the rulebook's words: the attackers' points against the threshold, the bottom, the big
    jokers buried and whether that succeeded, who goes up how far, the next banker, the stakes."""
    banker_team, threshold = state.banker % 2, state.rules.threshold
    pts = claim["attacker_points"]
    parts = ["a shutout: the attackers took no points" if pts == 0 and not claim["bottom_dug"] else
             f"the attackers made {pts} points ({threshold} needed)"]
    parts[0] += ", and dug the bottom" if claim["bottom_dug"] else ", and the banker team held the bottom"
    stars = claim["stars"]
    for role, name in (("banker_team", "the banker team"), ("attackers", "the attackers")):
        if stars.get(role):
            won_last = claim["bottom_dug"] == (role == "attackers")
            parts.append(f"{name} buried {plural(stars[role], 'big joker')}, "
                         + ("and won the last trick" if won_last else "but lost the last trick"))
    before, after = state.team_levels, state.team_levels_after()
    moved = [f"{_team_name(t)} {before[t]} → {after[t]}" for t in (0, 1) if before[t] != after[t]]
    parts.append("levels: " + ", ".join(moved) if moved else "nobody goes up")
    nxt = claim["next_banker"]
    if nxt is None:
        parts.append("the match is over")
    else:
        keeps = nxt % 2 == banker_team
        parts.append(f"seat {nxt} banks next (" + ("the banker team keeps the bank" if keeps else
                                                   "the attackers take over") + ")")
    if any(claim["stakes"].values()):
        parts.append(f"stakes: banker team {claim['stakes']['banker_team']:+}, attackers {claim['stakes']['attackers']:+}")
    return "; ".join(parts)


def deal_number(match: Match, state: HandState) -> int:
    """The deal number of ``state`` (the last hand taken into ``match``): 1, or 2, 3 … after redeals."""
    n = 1
    for earlier in reversed(match.hands[:-1]):
        if earlier.phase != "redeal" or earlier.hand_number != state.hand_number:
            break
        n += 1
    return n


def match_hand_lines(match: Match, state: HandState) -> list[str]:
    """The lines of the hand just taken into ``match`` (:func:`hand_lines` with its deal number)."""
    return hand_lines(state, deal_number(match, state))


def match_end_lines(match: Match) -> list[str]:
    """The match's last line: who won after how many hands, or that nobody has won yet; the teams' levels."""
    settled = sum(1 for h in match.hands if h.phase == "settled")
    if match.winner is not None:
        return [f"Match won by {_team_name(match.winner)} after {plural(settled, 'hand')} · {_levels(match.team_levels)}"]
    return [f"No winner yet after {plural(settled, 'hand')} · {_levels(match.team_levels)}"]
