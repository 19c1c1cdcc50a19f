#!/usr/bin/env python3
"""RLCard's Dou Dizhu (``rlcard==1.2.0``) behind the datong-rules conformance protocol 2 (JSON lines on stdin/stdout).

The house file ``docs/examples/biedan-doudizhu.yaml`` (``biedan/biedan-doudizhu``) says that its card play is Dou
Dizhu's as RLCard's judger plays it, and the suite's fixture ``biedan/doudizhu-judger`` holds the same combinations.
This program answers the Biedan operations RLCard's own code can answer, for those two variants only:

* ``biedan/classify``: RLCard's card-type table (``rlcard.games.doudizhu.utils.CARD_TYPE``);
* ``biedan/beats``: RLCard's comparison (``utils.get_gt_cards``: the plays of a hand greater than the last play);
* ``biedan/legal_play`` and ``biedan/legal_play_count``: RLCard's legal actions, as a player's ``available_actions``
  gets them (leading: ``DoudizhuJudger.playable_cards_from_hand``; following: ``get_gt_cards`` and ``pass``);
* ``biedan/card_order``: RLCard's card sort (``utils.doudizhu_sort_card``).

It holds **no rule of its own**: it translates the kit's card tokens into RLCard's (ranks only, ``T`` for 10,
``R`` and ``B`` for the big and the small joker), asks RLCard, and translates the answer back (RLCard's type names
into the kit's combination names, RLCard's weights into ranks, RLCard's plays of ranks into the card sets of the hand
they stand for). Every other operation, and every other variant, is answered ``skipped``. RLCard plays its rules
whatever a query's ``variant_rules`` say, so this program never reads them.

Run:  datong-rules conform --variant docs/examples/biedan-doudizhu.yaml \
          --impl-cmd "python conformance/examples/rlcard_doudizhu/impl.py"
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))    # the examples' shared plumbing
from doudizhu_protocol import (BadQuery, Engine, cards_of, check_flags, count_card_sets, judge_play,  # noqa: E402
                               serve)

NAME = "rlcard-doudizhu-adapter"

try:
    import rlcard
    from rlcard.games.base import Card
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.utils import (CARD_RANK_STR, CARD_TYPE, cards2str, doudizhu_sort_card,
                                             doudizhu_sort_str, get_gt_cards)
except ImportError as err:  # said once on stderr; the handshake still happens, every query is skipped
    RLCARD, WHY_NOT = "not-installed", f"RLCard is not installed ({err}): pip install rlcard==1.2.0"
else:
    RLCARD, WHY_NOT = getattr(rlcard, "__version__", "?"), None

# ---- translation: the kit's card tokens <-> RLCard's Card objects and rank letters ---------------------------------
SUITS = "SHCD"                                            # the kit's notation order (its cards' order inside a group)
KIT_RANKS = {"10": "T", **{r: r for r in ("2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A")}}
KIT_JOKERS = {"BJ": "RJ", "LJ": "BJ"}                     # the kit's big joker is RLCard's red one, its small one black
LETTER_TO_KIT_RANK = {**{v: k for k, v in KIT_RANKS.items()}, "R": "BJ", "B": "LJ"}

# RLCard's card-type names (``CARD_TYPE`` values, ``<kind>`` or ``<kind>_chain_<length>``) -> the kit's names, and
# how its weight reads: for these kinds the weight is the index (in CARD_RANK_STR) of the lowest rank of the main part;
# for the kinds with attached cards RLCard's table counts from 1 instead of 0 (``trio_solo`` "3334" has weight 1).
KIND_NAMES = {"solo": "single", "pair": "pair", "trio": "triple", "bomb": "bomb", "rocket": "rocket",
              "solo_chain": "straight", "pair_chain": "pair_run", "trio_chain": "triple_run",
              "trio_solo": "triple_with_single", "trio_pair": "triple_with_pair",
              "four_two_solo": "four_with_two_singles", "four_two_pair": "four_with_two_pairs",
              "trio_solo_chain": "airplane_with_singles", "trio_pair_chain": "airplane_with_pairs"}
WEIGHT_FROM_ONE = {"trio_solo", "trio_pair", "four_two_solo", "four_two_pair", "trio_solo_chain", "trio_pair_chain"}
def rlcard_card(token: str) -> Card:
    """The kit's token as RLCard's ``Card`` (suit S/H/D/C and rank, or a joker with an empty rank)."""
    if token in KIT_JOKERS:
        return Card(KIT_JOKERS[token], "")
    return Card(token[0], KIT_RANKS[token[1:]])


def letters(cards: list[str]) -> str:
    """The cards as RLCard writes a play: one letter per card, in RLCard's order (its own sort of cards)."""
    ordered = sorted((rlcard_card(c) for c in cards), key=functools.cmp_to_key(doudizhu_sort_card))
    return cards2str(ordered)


def sorted_letters(text: str) -> str:
    """A string of RLCard's letters in RLCard's order (how its tables spell a play)."""
    return "".join(sorted(text, key=functools.cmp_to_key(doudizhu_sort_str)))


def card_type(play: str) -> tuple[str, int] | None:
    """RLCard's type of a play (letters, its order): ``(type name, weight)``, or None when its table lacks it."""
    types = CARD_TYPE[0].get(play)
    if not types:
        return None
    name, weight = types[0]                         # every play of RLCard's table has one type
    return name, int(weight)


def kit_reading(play: str) -> dict | None:
    """RLCard's type of ``play`` in the kit's words: ``{combination, top, length, flush}``, or None."""
    found = card_type(play)
    if found is None:
        return None
    name, weight = found
    kind, _, length = name.partition("_chain_")
    if kind == "rocket":
        top = play[-1]                              # a fixed set's top is its highest card; RLCard's string ends on it
    else:
        start = weight - (1 if kind in WEIGHT_FROM_ONE else 0)
        top = CARD_RANK_STR[start + int(length or 1) - 1]
    return {"combination": KIND_NAMES[kind + ("_chain" if length else "")], "top": LETTER_TO_KIT_RANK[top],
            "length": int(length or 1), "flush": False}      # RLCard's plays carry no suits: never a flush


def why_not_higher(table: str, play: str) -> dict:
    """A play RLCard does not let beat ``table``, answered with the kit's reason code: the code is named from the
    two plays' RLCard types alone (the kit defines ``wrong_count`` as the same combination with another number of
    cards, ``not_higher`` as the same combination and count, ``wrong_type`` as anything else)."""
    mine, theirs = kit_reading(play), kit_reading(table)
    if mine is None:
        return {"beats": False, "reason": "not_a_combination"}
    if mine["combination"] != theirs["combination"]:
        return {"beats": False, "reason": "wrong_type"}
    if mine["length"] != theirs["length"]:
        return {"beats": False, "reason": "wrong_count"}
    return {"beats": False, "reason": "not_higher"}


def greater_plays(hand: list[str], table: str) -> list[str]:
    """RLCard's answer to "which plays of ``hand`` are greater than ``table``" (``get_gt_cards``; ``pass`` included)."""
    player = SimpleNamespace(current_hand=[rlcard_card(c) for c in hand])
    return get_gt_cards(player, SimpleNamespace(played_cards=table))


def table_of(given: dict) -> str | None:
    """``given['table']`` as RLCard's letters (None: the player leads).

    Raises:
        BadQuery: the table is no play of RLCard's table of types.
    """
    if given.get("table") is None:
        return None
    table = letters(cards_of(given, "table"))
    if card_type(table) is None:
        raise BadQuery("'table' is no combination")
    return table


def legal_actions(hand: list[str], table: str | None) -> set[str]:
    """RLCard's legal actions for ``hand`` (letters), as ``DoudizhuPlayer.available_actions`` gets them: the judger's
    playable cards when leading, the greater plays and ``pass`` when following."""
    if table is None:
        return set(DoudizhuJudger.playable_cards_from_hand(letters(hand)))
    return set(greater_plays(hand, table))


def hand_and_table(given: dict) -> tuple[list[str], str | None]:
    """The checked ``hand`` and ``table`` of a ``legal_play(_count)`` query.

    Raises:
        BadQuery: a bad card, a card in both, or contradictory flags (as the operations page says).
    """
    hand = cards_of(given, "hand", empty=True)
    table = table_of(given)
    check_flags(given, hand, None if table is None else given["table"])
    return hand, table


# ---- the operations ---------------------------------------------------------------------------------------------
def card_order(given: dict) -> dict:
    """``biedan/card_order``: the cards in groups RLCard's sort finds equal, strongest first."""
    cards = sorted(cards_of(given, "cards"), key=lambda c: SUITS.index(c[0]) if c not in KIT_JOKERS else 0)
    compare = functools.cmp_to_key(lambda a, b: doudizhu_sort_card(rlcard_card(a), rlcard_card(b)))
    groups: list[list[str]] = []
    for card in sorted(cards, key=compare, reverse=True):           # stable: suits stay in notation order
        if groups and doudizhu_sort_card(rlcard_card(groups[-1][0]), rlcard_card(card)) == 0:
            groups[-1].append(card)
        else:
            groups.append([card])
    return {"order": groups}


def classify(given: dict) -> dict:
    """``biedan/classify``: RLCard's type of the cards (one reading at most), or no combination."""
    found = kit_reading(letters(cards_of(given, "cards")))
    return {"combination": found["combination"], "readings": [found]} if found else \
        {"combination": None, "readings": []}


def beats(given: dict) -> dict:
    """``biedan/beats``: whether RLCard lists ``play`` among the plays greater than ``table`` (the hand holding
    exactly the play's cards)."""
    table, cards = table_of(given), cards_of(given, "play")
    if letters(cards) in greater_plays(cards, table):
        return {"beats": True}
    return why_not_higher(table, letters(cards))


def legal_play(given: dict) -> dict:
    """``biedan/legal_play``: whether the play (or ``pass``) is one of RLCard's legal actions for the hand (leading,
    a play RLCard's judger does not list is no combination)."""
    hand, table = hand_and_table(given)
    actions = legal_actions(hand, table)
    return judge_play(given, hand, table, "pass" in actions, lambda play: letters(play) in actions,
                      lambda play: why_not_higher(table, letters(play))["reason"])


def legal_play_count(given: dict) -> dict:
    """``biedan/legal_play_count``: RLCard's legal actions for the hand, each play of ranks counted once per card set
    of the hand it stands for (the product, over its ranks, of the ways to choose that many of the held cards)."""
    hand, table = hand_and_table(given)
    actions = legal_actions(hand, table)
    return count_card_sets(Counter(letters(hand)), (Counter(a) for a in actions if a != "pass"), "pass" in actions)


ANSWERS = {"biedan/card_order": card_order, "biedan/classify": classify, "biedan/beats": beats,
           "biedan/legal_play": legal_play, "biedan/legal_play_count": legal_play_count}


if __name__ == "__main__":
    serve(Engine(NAME, f"rlcard-{RLCARD}", WHY_NOT, ANSWERS))
