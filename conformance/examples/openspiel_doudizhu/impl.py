#!/usr/bin/env python3
"""OpenSpiel's Dou Dizhu (``open_spiel==2.0.2``, ``pyspiel.load_game("dou_dizhu")``) behind the datong-rules
conformance protocol 2 (JSON lines on stdin/stdout).

OpenSpiel exposes Dou Dizhu only as a game: a chance node deals the cards, three seats bid, then they play, and a
state's ``legal_actions()`` is OpenSpiel's verdict on what the seat to act may play. This program asks every
question by **building a state**: it chooses the chance outcomes that deal the wanted cards to the wanted seats, lets
seat 0 bid 3 (so it is the landlord and leads), has seat 0 lead away the cards it holds beyond the query's hand
(the others pass), has seat 2 win a trick and lead the query's table when there is one (for a table too large for
seat 2's 17 cards, seat 2 is the landlord instead: :func:`plan`), and then reads the legal actions of seat 0. It answers, for the house file ``docs/examples/biedan-doudizhu-openspiel.yaml``
(``biedan/biedan-doudizhu-openspiel``) only:

* ``biedan/legal_play`` and ``biedan/legal_play_count``: seat 0's legal actions;
* ``biedan/beats``: whether seat 0, holding exactly the play's cards, may play them on the table;
* ``biedan/classify``: the legal leads of seat 0 holding exactly the cards that use every card (OpenSpiel's action
  names each one's kind: solo, chain, trio with a kicker, airplane ``chain-kickers``, bomb, rocket).

It holds **no rule of its own**: it translates the kit's card tokens into OpenSpiel's deal outcomes and its action
strings back into ranks and kinds. What OpenSpiel's deal cannot hold (a hand of more than 20 cards, of 20 facing a
table, of more than 17 facing a table of more than 15; a table of more than 19 cards) and ``card_order`` (OpenSpiel has no public card sort) are answered
``skipped``, as is every other operation and variant. OpenSpiel plays its rules whatever a query's
``variant_rules`` say, so this program never reads them.

Run:  datong-rules conform --variant docs/examples/biedan-doudizhu-openspiel.yaml \\
          --impl-cmd "python conformance/examples/openspiel_doudizhu/impl.py"
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))    # the examples' shared plumbing
from doudizhu_protocol import (BadQuery, Engine, NotAnswerable, cards_of, check_flags,  # noqa: E402
                               count_card_sets, judge_play, serve)

NAME = "openspiel-doudizhu-adapter"
VARIANTS = ("biedan/biedan-doudizhu-openspiel",)

try:
    import pyspiel
except ImportError as err:  # said once on stderr; the handshake still happens, every query is skipped
    GAME, WHY_NOT = None, f"OpenSpiel is not installed ({err}): pip install open_spiel==2.0.2"
else:
    GAME, WHY_NOT = pyspiel.load_game("dou_dizhu"), None

# ---- translation: the kit's card tokens <-> OpenSpiel's cards and rank letters ------------------------------------
# OpenSpiel writes a rank as one of "3456789TJQKA2" and the jokers as "(BWJ)" (black-and-white, the small one: the
# kit's LJ) and "(CJ)" (coloured, the big one: the kit's BJ); this program writes them "B" and "R".
RANKS = "3456789TJQKA2BR"
KIT_RANK = {**{r: r for r in "3456789JQKA2"}, "T": "10", "B": "LJ", "R": "BJ"}
JOKER_LETTER = {"LJ": "B", "BJ": "R"}


def letter(token: str) -> str:
    """The kit's card token as OpenSpiel's rank letter (``H10`` -> ``T``, ``LJ`` -> ``B``, ``BJ`` -> ``R``)."""
    return JOKER_LETTER.get(token) or ("T" if token[1:] == "10" else token[1:])


def deal_name(token: str) -> str:
    """The kit's card token as OpenSpiel's deal outcome names it (``Deal HT``, ``Deal (BWJ)``)."""
    joker = {"LJ": "(BWJ)", "BJ": "(CJ)"}.get(token)
    return "Deal " + (joker or token[0] + letter(token))


def ranks_of(action: str) -> tuple[Counter, str]:
    """OpenSpiel's play string (``333444-Q(CJ)``) as ``(its ranks counted, the main part before "-")``."""
    text = action.replace("(BWJ)", "B").replace("(CJ)", "R")
    main, _, _ = text.partition("-")
    return Counter(text.replace("-", "")), main


@functools.cache
def deal_outcomes() -> dict[str, int]:
    """OpenSpiel's card deal outcomes by name (``Deal C3`` -> its action id), read from a fresh state."""
    state = GAME.new_initial_state()
    state.apply_action(0)                                          # the face-up card's position: the first one
    return {state.action_to_string(a): a for a, _ in state.chance_outcomes()}


@functools.cache
def action_names() -> dict[int, str]:
    """Every action id of OpenSpiel's Dou Dizhu with its name (``action_to_string`` of a seat)."""
    state = GAME.new_initial_state()
    return {a: state.action_to_string(0, a) for a in range(GAME.num_distinct_actions())}


@functools.cache
def action_ids() -> dict[str, int]:
    """The inverse of :func:`action_names` (every name is one action's)."""
    return {name: a for a, name in action_names().items()}


# ---- building the state that asks the question --------------------------------------------------------------------
TABLE = None                                            # in a script: the table's action, played by seat 2


def by_rank(cards) -> list[str]:
    """The cards, lowest rank first (OpenSpiel's order of singles: 3 … A, 2, then the small and the big joker)."""
    return sorted(cards, key=lambda t: RANKS.index(letter(t)))


def plan(hand: list[str], table: list[str] | None) -> tuple[int, dict[int, list[str]], list[str | None]]:
    """How to reach the question: ``(the landlord seat, each seat's cards (the landlord's 20, the others' 17), the
    script of plays from the first lead on, OpenSpiel's names, TABLE for the table's action)``. Seat 0 holds the
    hand when its turn comes; the cards it holds beyond the hand are led away as singles (the others pass).

    * The table has at most 15 cards (or there is none): seat 0 is the landlord and leads its extra cards away;
      with a table, seat 2 beats the last one with a higher single, seats 0 and 1 pass, and seat 2 leads the table.
    * A larger table (up to 19 cards, 17 when seat 0 has cards to lead away: seat 2 keeps one, or the game is
      over): seat 2 is the landlord. Seat 0 holds 17 cards: with none extra, seat 2 leads the table at once; else seat 2 leads its lowest card, seat 0 beats it with an extra card, seat 1 passes, and seat 0 leads
      the others away as above, seat 2 winning the last one and leading the table.

    Raises:
        NotAnswerable: more cards than OpenSpiel's deal lets the seats hold this way.
    """
    if not hand:
        raise NotAnswerable("an empty hand: OpenSpiel's game is over when a seat has no card")
    used = set(hand) | set(table or ())
    rest = by_rank(t for t in kit_tokens() if t not in used)
    if table is None or len(table) <= 15:
        if len(hand) > 20 or (table is not None and len(hand) > 19):
            raise NotAnswerable(f"a hand of {len(hand)} cards: OpenSpiel's seats hold 20 at most (19 facing a play)")
        away, rest = rest[:20 - len(hand)][::-1], rest[20 - len(hand):]      # the lowest card is led away last
        script: list[str | None] = []
        for card in away:
            script += [single_name(card), "Pass", "Pass"]
        second = []
        if table is not None:
            second = [*table, rest.pop()]               # the highest other card beats the last one led away
            script[-1:] = [single_name(second[-1]), "Pass", "Pass", TABLE]
        second += [rest.pop(0) for _ in range(17 - len(second))]
        return 0, {0: hand + away, 1: rest, 2: second}, script
    extra = 17 - len(hand)
    if extra < 0 or len(table) > 19 - 2 * (extra > 0):      # seat 2 keeps a card: else the game is over
        raise NotAnswerable(f"a hand of {len(hand)} cards facing a table of {len(table)}: more than OpenSpiel's "
                            "seats hold")
    low, high = rest[0], rest[-1]
    middle = [t for t in rest if RANKS.index(letter(low)) < RANKS.index(letter(t)) < RANKS.index(letter(high))]
    away = middle[:extra][::-1]                          # the highest first: it beats seat 2's lowest card
    if len(away) < extra:
        raise NotAnswerable("not enough cards between the lowest and the highest left to lead away")
    landlord = [*table, *((low, high) if extra else ())]
    rest = [t for t in rest if t not in set(away) | set(landlord)]
    landlord += [rest.pop() for _ in range(20 - len(landlord))]
    script = []
    if extra:
        script = [single_name(low), single_name(away[0]), "Pass", "Pass"]
        for card in away[1:]:
            script += [single_name(card), "Pass", "Pass"]
        script[-1:] = [single_name(high), "Pass", "Pass"]
    return 2, {0: hand + away, 1: rest, 2: landlord}, [*script, TABLE]


@functools.cache
def kit_tokens() -> tuple[str, ...]:
    """The kit's 54 card tokens."""
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    return tuple(s + r for s in "SHCD" for r in ranks) + ("LJ", "BJ")


def apply_named(state, name: str) -> None:
    """Apply the action of the seat to act that OpenSpiel names ``name``.

    Raises:
        BadQuery: OpenSpiel does not let the seat play it (e.g. the table is no combination).
    """
    action = action_ids().get(name)
    if action is None or action not in state.legal_actions():
        raise BadQuery(f"OpenSpiel does not let seat {state.current_player()} play {name!r}")
    state.apply_action(action)


def built_state(hand: list[str], table: list[str] | None, table_action: int | None):
    """OpenSpiel's state with seat 0 to act holding ``hand``: leading (``table`` None), or facing the action
    ``table_action`` (the table's cards) that seat 2 led (see :func:`plan`).

    Raises:
        NotAnswerable: the cards do not fit OpenSpiel's deal (see :func:`plan`).
    """
    landlord, seats, script = plan(hand, table)
    state = GAME.new_initial_state()
    state.apply_action(landlord)                        # the face-up card is the landlord's first: it bids first
    outcomes = deal_outcomes()
    order = [None] * 51
    for seat in range(3):
        order[seat::3] = seats[seat][:17]               # the k-th card dealt goes to seat k mod 3
    for token in order:
        state.apply_action(outcomes[deal_name(token)])
    state.apply_action(action_ids()["Bid 3"])           # the landlord: the 3 cards left are its
    for name in script:
        if name is TABLE:
            state.apply_action(table_action)
        else:
            apply_named(state, name)
    if state.current_player() != 0:
        raise RuntimeError(f"seat {state.current_player()} to act, not seat 0")
    return state


def single_name(token: str) -> str:
    """OpenSpiel's name of the solo play of one card."""
    return {"LJ": "(BWJ)", "BJ": "(CJ)"}.get(token) or letter(token)


def actions_for(state) -> list[tuple[int, str]]:
    """The seat to act's legal actions with OpenSpiel's names."""
    names = action_names()
    return [(a, names[a]) for a in state.legal_actions()]


def leads(cards: list[str]) -> list[tuple[int, str]]:
    """OpenSpiel's legal leads of seat 0 holding exactly ``cards`` that play every one of them."""
    wanted = Counter(letter(c) for c in cards)
    return [(a, name) for a, name in actions_for(built_state(cards, None, None))
            if name != "Pass" and ranks_of(name)[0] == wanted]


def table_action(table: list[str]) -> int:
    """OpenSpiel's action that plays ``table`` as a lead.

    Raises:
        BadQuery: OpenSpiel has no such play, or reads the cards two ways (ambiguous: which one was played?).
        NotAnswerable: the table is larger than a seat can lead after winning a trick.
    """
    found = leads(table)
    if not found:
        raise BadQuery("'table' is no combination for OpenSpiel")
    if len(found) > 1:
        raise NotAnswerable(f"OpenSpiel reads the table two ways ({', '.join(n for _, n in found)})")
    return found[0][0]


def legal_actions(hand: list[str], table: list[str] | None) -> list[str]:
    """OpenSpiel's legal actions (names, ``Pass`` included) of seat 0 holding ``hand`` facing ``table``."""
    action = None if table is None else table_action(table)
    return [name for _, name in actions_for(built_state(hand, table, action))]


# ---- reading OpenSpiel's plays in the kit's words -----------------------------------------------------------------
def kit_reading(name: str) -> dict:
    """OpenSpiel's play ``name`` in the kit's words: ``{combination, top, length, flush}``. The kind is the one
    OpenSpiel's action names (dou_dizhu_utils.h: solo, pair, trio, bomb, their chains, trio with a solo or a pair,
    airplanes ``chain-kickers``, rocket); OpenSpiel's plays carry no suits, so never a flush."""
    counts, main = ranks_of(name)
    if set(counts) == {"B", "R"}:
        return {"combination": "rocket", "top": "BJ", "length": 1, "flush": False}
    if "-" in name:                                     # an airplane: the chain, then its kickers
        chain = Counter(main)
        kicker = (sum(counts.values()) - sum(chain.values())) // len(chain)
        kind = "airplane_with_singles" if kicker == 1 else "airplane_with_pairs"
        return {"combination": kind, "top": top_of(chain), "length": len(chain), "flush": False}
    sizes = sorted(counts.values())
    if len(counts) == 2 and sizes[-1] == 3 and sizes[0] < 3:
        trio = next(r for r, n in counts.items() if n == 3)
        kind = "triple_with_single" if sizes[0] == 1 else "triple_with_pair"
        return {"combination": kind, "top": KIT_RANK[trio], "length": 1, "flush": False}
    per = sizes[0]
    if len(counts) == 1:
        kind = ("single", "pair", "triple", "bomb")[per - 1]
    else:
        kind = ("straight", "pair_run", "triple_run")[per - 1]
    return {"combination": kind, "top": top_of(counts), "length": len(counts), "flush": False}


def top_of(counts: Counter) -> str:
    """The highest of the ranks counted, in the kit's name."""
    return KIT_RANK[max(counts, key=RANKS.index)]


def why_not(table: list[str], play: list[str]) -> str:
    """The kit's reason code for a play OpenSpiel does not let beat ``table``, named from the two plays' OpenSpiel
    kinds as the kit defines its codes (no reading of the play of the table's kind: ``wrong_type``; only readings of
    that kind with another length: ``wrong_count``; one of the same kind and length: ``not_higher``; no OpenSpiel
    play: ``not_a_combination``)."""
    mine = leads(play)
    if not mine:
        return "not_a_combination"
    theirs = kit_reading(action_names()[table_action(table)])
    alike = [r for r in (kit_reading(name) for _, name in mine) if r["combination"] == theirs["combination"]]
    if not alike:
        return "wrong_type"
    if all(r["length"] != theirs["length"] for r in alike):
        return "wrong_count"
    return "not_higher"


# ---- the operations ---------------------------------------------------------------------------------------------
def hand_and_table(given: dict) -> tuple[list[str], list[str] | None]:
    """The checked ``hand`` and ``table`` of a ``legal_play(_count)`` query (``table`` None: the seat leads)."""
    hand = cards_of(given, "hand", empty=True)
    table = None if given.get("table") is None else cards_of(given, "table")
    check_flags(given, hand, table)
    return hand, table


def classify(given: dict) -> dict:
    """``biedan/classify``: OpenSpiel's leads that play exactly the cards, each read in the kit's words."""
    readings = []
    for _, name in leads(cards_of(given, "cards")):
        reading = kit_reading(name)
        if reading not in readings:
            readings.append(reading)
    return {"combination": readings[0]["combination"] if readings else None, "readings": readings}


def beats(given: dict) -> dict:
    """``biedan/beats``: whether seat 0, holding exactly the play's cards, may play them on the table."""
    table, play = cards_of(given, "table"), cards_of(given, "play")
    if set(table) & set(play):
        raise BadQuery("a card is both in 'play' and on the 'table'")
    if plays_listed(play, legal_actions(play, table)):
        return {"beats": True}
    return {"beats": False, "reason": why_not(table, play)}


def legal_play(given: dict) -> dict:
    """``biedan/legal_play``: whether the play (or ``pass``) is one of OpenSpiel's legal actions for the hand
    (leading, a play OpenSpiel does not list is no combination)."""
    hand, table = hand_and_table(given)
    names = legal_actions(hand, table)
    return judge_play(given, hand, table, "Pass" in names, lambda play: plays_listed(play, names),
                      lambda play: why_not(table, play))


def plays_listed(play: list[str], names: list[str]) -> bool:
    """Whether one of OpenSpiel's actions ``names`` plays exactly the ranks of ``play``."""
    wanted = Counter(letter(c) for c in play)
    return any(ranks_of(name)[0] == wanted for name in names if name != "Pass")


def legal_play_count(given: dict) -> dict:
    """``biedan/legal_play_count``: OpenSpiel's legal actions for the hand, each play of ranks counted once (two
    actions of the same ranks, e.g. 333444555666 as four triples or as three with three kickers, are one card set)
    and once per card set of the hand it stands for."""
    hand, table = hand_and_table(given)
    names = legal_actions(hand, table)
    plays = {frozenset(ranks_of(name)[0].items()) for name in names if name != "Pass"}
    return count_card_sets(Counter(letter(c) for c in hand), (Counter(dict(p)) for p in plays), "Pass" in names)


ANSWERS = {"biedan/classify": classify, "biedan/beats": beats, "biedan/legal_play": legal_play,
           "biedan/legal_play_count": legal_play_count}

if __name__ == "__main__":
    serve(Engine(NAME, "open_spiel-2.0.2" if GAME else "not-installed", WHY_NOT, ANSWERS, VARIANTS))
