"""Lead and follow legality: ``lead.one_combination``, ``follow.same_count``, ``follow.follow_suit``, ``follow.shape``.

* A lead is one combination of the catalogue, alone.
* A follow has as many cards as the lead, and as many cards of the led suit (all trumps are one
  suit) as the hand allows: ``min(cards of the led suit held, cards led)``. The rest is free: ruff,
  discard, or a mix.
* With ``follow.shape: match_when_held`` (a house option; the source variants have ``free``), a
  follower who holds a combination of the led shape in the led suit must play one.
* With ``follow.meteor_obliges_pair: true`` (house option), a follower of a led meteor who holds two
  identical cards of the led suit (and owes no meteor) must play a play holding two identical cards of
  the led suit; the rest follows suit as usual.
* With ``follow.keep_meteors_whole: true`` (house option), a pair duty (a led pair under
  ``match_when_held``, a led meteor under ``meteor_obliges_pair``) arises only from a pair held outside
  the hand's meteors (a led-suit card held at least twice and fewer times than a meteor has cards); it is
  met by any pair of the led suit (breaking a meteor by choice is allowed).

Hands are ``Counter`` multisets (zero or negative counts are ignored); plays and tricks are lists
of canonical tokens. The reason codes are those of the ``legal_play`` operation, checked in the
order of ``docs/implementers/operations.md``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..cards import sort_cards
from .combinations import classify
from .ranking import Ranking
from .rules import HuolongRules
from .sampling import pick, random_multiset

EMPTY_PLAY = "empty_play"
NOT_IN_HAND = "not_in_hand"
NOT_A_COMBINATION = "not_a_combination"
WRONG_COUNT = "wrong_count"
MUST_FOLLOW_SUIT = "must_follow_suit"
MUST_FOLLOW_SHAPE = "must_follow_shape"


def led_shape(ranking: Ranking, trick: Sequence[Sequence[str]]) -> tuple[int, str]:
    """(number of cards led, led suit) of a trick whose lead is one combination.

    Raises:
        ValueError: the trick's first play is empty or is not one combination.
    """
    lead = trick[0]
    if classify(ranking, lead) is None:
        raise ValueError(f"the trick's lead {list(lead)} is not one combination")
    return len(lead), ranking.suit_map[lead[0]]


def _pair_outside_meteors(rules: HuolongRules, ranking: Ranking, hand: Counter, suit: str) -> bool:
    """Whether the hand holds a pair of the led suit that can oblige (``follow.keep_meteors_whole``: only a card
    held at least twice and fewer times than the catalogue's meteor; otherwise any card held twice or more)."""
    meteor = rules.combo_size.get("meteor") if rules.keep_meteors_whole else None
    get = hand.get
    for c in ranking.suit_members[suit]:
        k = get(c, 0)
        if k >= 2 and (meteor is None or k < meteor):
            return True
    return False


def shape_forced(rules: HuolongRules, ranking: Ranking, hand: Counter, n: int, suit: str) -> list[str]:
    """Under ``follow.shape: match_when_held``, the led-suit cards of which the hand holds ``n`` or more
    (each one a combination of the led shape it must play); [] when the shape is free or n == 1, and for a
    led pair under ``follow.keep_meteors_whole`` when the hand's only such pairs lie inside its meteors."""
    if rules.follow_shape != "match_when_held" or n == 1:
        return []
    if n == 2 and not _pair_outside_meteors(rules, ranking, hand, suit):
        return []
    return [c for c in ranking.suit_members[suit] if hand.get(c, 0) >= n]


def pair_owed(rules: HuolongRules, ranking: Ranking, hand: Counter, n: int, suit: str) -> bool:
    """``follow.meteor_obliges_pair``: a led meteor (the catalogue's ``meteor``, more than 2 cards) obliges a pair of
    the led suit when the hand holds one (:func:`_pair_outside_meteors`); call only when no meteor is forced."""
    return (rules.meteor_obliges_pair and n > 2 and rules.combo_size.get("meteor") == n
            and _pair_outside_meteors(rules, ranking, hand, suit))


def _holds_pair(ranking: Ranking, play: Sequence[str], suit: str) -> bool:
    """Whether ``play`` holds two identical cards of ``suit``."""
    return any(play.count(c) >= 2 and ranking.suit_map[c] == suit for c in set(play))


def suit_count(hand: Counter, members: Sequence[str]) -> int:
    """How many cards of ``hand`` are among ``members`` (distinct tokens, e.g. ``Ranking.suit_members[suit]``).

    One look-up per member (a suit has 11 to 21 distinct tokens), not a scan of the hand; zero or
    negative counts are ignored.
    """
    get = hand.get
    total = 0
    for card in members:
        k = get(card, 0)
        if k > 0:
            total += k
    return total


def check_play(
    rules: HuolongRules, ranking: Ranking, hand: Counter, trick: Sequence[Sequence[str]], play: Sequence[str],
    led: tuple[int, str] | None = None, led_held: Sequence[str] | None = None
) -> str | None:
    """Whether ``play`` is legal for a player holding ``hand`` in the trick so far.

    Args:
        rules, ranking: the variant's rules and the hand's ranking.
        hand: the player's whole hand before the play (multiset).
        trick: the plays already made in this trick, leader's first; empty when the player leads.
        play: the cards played (multiset, any order).
        led: the trick's :func:`led_shape` when the caller knows its lead to be one combination (a hand state's
            trick, whose lead was checked when it was played); None: found from ``trick`` (and checked).
        led_held: the hand's :func:`held_of_suit` of the led suit when the caller keeps it (a hand state); the led-suit
            cards held are counted over it instead of the suit's every member.

    Returns:
        None when legal, else the first reason code that applies: ``empty_play``, ``not_in_hand``,
        ``not_a_combination``, ``wrong_count``, ``must_follow_suit``, ``must_follow_shape``.

    Raises:
        ValueError: the trick's lead is not one combination.
    """
    if not play:
        return EMPTY_PLAY
    get = hand.get
    for card in play:  # a play has 1–3 cards: counting copies in it is cheaper than a Counter
        if get(card, 0) < play.count(card):
            return NOT_IN_HAND
    if not trick:
        return None if classify(ranking, play) is not None else NOT_A_COMBINATION
    n, suit = led if led is not None else led_shape(ranking, trick)
    if len(play) != n:
        return WRONG_COUNT
    suit_map = ranking.suit_map
    played = 0
    for card in play:
        if suit_map[card] == suit:
            played += 1
    # played < min(held, n); the hand is counted only when the play is not all of the led suit
    if played < n and played < suit_count(hand, ranking.suit_members[suit] if led_held is None else led_held):
        return MUST_FOLLOW_SUIT
    if rules.follow_shape == "match_when_held" and shape_forced(rules, ranking, hand, n, suit):
        if classify(ranking, play) is None or suit_map[play[0]] != suit:
            return MUST_FOLLOW_SHAPE
    elif rules.meteor_obliges_pair and pair_owed(rules, ranking, hand, n, suit) and not _holds_pair(
            ranking, play, suit):
        return MUST_FOLLOW_SHAPE
    return None


def multisets_of(items: list[tuple[str, int]], k: int, start: int = 0) -> Iterator[tuple[str, ...]]:
    """All sub-multisets of size ``k`` of ``items[start:]`` ([(card, copies)]), each once, cards in item order."""
    # table[r]: the sub-multisets of size r of the items after the one being added (built from the last item back)
    table: list[list[tuple[str, ...]]] = [[] for _ in range(k + 1)]
    table[0].append(())
    for card, copies in reversed(items[start:]):
        for r in range(k, 0, -1):  # from the largest size down: table[r - take] is still without this card
            row = table[r]
            for take in range(1, min(copies, r) + 1):
                head = (card,) * take
                row.extend([head + rest for rest in table[r - take]])
    return iter(table[k])


def legal_plays(
    rules: HuolongRules, ranking: Ranking, hand: Counter, trick: Sequence[Sequence[str]]
) -> list[tuple[str, ...]]:
    """Every distinct legal play (multisets as tuples in notation order), for ``legal_play_count``.

    Args: as :func:`check_play`, without the play.

    Returns:
        The legal plays, each once, in notation order inside and sorted overall; [] when the hand
        holds fewer cards than were led.

    Raises:
        ValueError: the trick's lead is not one combination.
    """
    plays: list[tuple[str, ...]]
    if not trick:
        sizes = sorted(rules.combo_by_size)
        plays = [(c,) * s for c, k in hand.items() for s in sizes if s <= k]
    else:
        n, suit = led_shape(ranking, trick)
        forced = shape_forced(rules, ranking, hand, n, suit)
        if forced:
            plays = [(c,) * n for c in forced]
        else:
            get = hand.get
            # the led suit's distinct cards held, in notation order (a suit's members are): its plays are too
            led = [(c, k) for c in ranking.suit_members[suit] if (k := get(c, 0)) > 0]
            count_led = sum(k for _, k in led)
            if count_led >= n:
                plays = list(multisets_of(led, n))
                if pair_owed(rules, ranking, hand, n, suit):
                    plays = [p for p in plays if _holds_pair(ranking, p, suit)]
            else:  # all led-suit cards go in: a pair owed is among them
                suit_map = ranking.suit_map
                other = [(c, k) for c, k in hand.items() if k > 0 and suit_map[c] != suit]
                all_led = tuple(c for c, k in led for _ in range(k))
                plays = [tuple(sort_cards(all_led + rest)) for rest in multisets_of(other, n - count_led)]
    plays.sort()
    return plays


def random_legal_play(
    rules: HuolongRules, ranking: Ranking, hand: Counter, trick: Sequence[Sequence[str]], rng: random.Random,
    led: tuple[int, str] | None = None
) -> list[str]:
    """One legal play drawn uniformly at random: every distinct play of :func:`legal_plays` equally likely, drawn
    without listing them (the random bot's policy).

    Leading: one of the (card, catalogue size) pairs the hand allows. Following: one of the forced combinations
    (``match_when_held``); else a uniform sub-multiset of the led suit's cards of the led size (under
    ``meteor_obliges_pair``, redrawn until it holds a pair of the led suit), or, when the suit runs short, all its
    cards and a uniform sub-multiset of the other cards (:func:`.sampling.random_multiset`). ``led``: as
    :func:`check_play`.

    Returns:
        The play as a list of tokens (every result passes :func:`check_play`).

    Raises:
        ValueError: the hand is empty or holds fewer cards than were led; the lead is not one combination.
    """
    if not trick:
        return random_lead(rules, hand, rng)
    n, suit = led if led is not None else led_shape(ranking, trick)
    return random_follow(rules, ranking, hand, n, suit, held_of_suit(ranking, hand, suit), rng)


def held_of_suit(ranking: Ranking, hand: Counter, suit: str) -> list[str]:
    """The distinct cards of the effective ``suit`` that ``hand`` holds (positive counts), in the suit's notation
    order (``Ranking.suit_members``): what :func:`random_follow` draws from."""
    members = ranking.suit_members[suit]
    if hand and min(hand.values()) > 0:  # no zero or negative count (a hand state's): the members held, filtered in C
        return list(filter(hand.__contains__, members))
    get = hand.get
    return [c for c in members if get(c, 0) > 0]


def random_follow(rules: HuolongRules, ranking: Ranking, hand: Counter, n: int, suit: str, held: list[str],
                  rng: random.Random) -> list[str]:
    """:func:`random_legal_play` of a follower to a lead of ``n`` cards in ``suit``, given ``held``: the hand's
    :func:`held_of_suit` of the led suit (a hand state keeps it from play to play; not changed here).

    Raises:
        ValueError: the hand is empty or holds fewer than ``n`` cards.
    """
    forced = shape_forced(rules, ranking, hand, n, suit) if rules.follow_shape == "match_when_held" else None
    if forced:
        return [pick(rng, forced)] * n
    if n == 1:  # a distinct card of the led suit, else any distinct card (none of the led suit is held)
        led_cards = held or (list(hand) if hand and min(hand.values()) > 0 else [c for c, k in hand.items() if k > 0])
        if not led_cards:
            raise ValueError("an empty hand cannot follow")
        return [pick(rng, led_cards)]
    return _random_follow(rules, ranking, hand, n, suit, held, rng)


def _random_follow(rules: HuolongRules, ranking: Ranking, hand: Counter, n: int, suit: str, held: list[str],
                   rng: random.Random) -> list[str]:
    """A uniform follow of ``n`` cards (two or more) to a lead in ``suit`` whose shape is free (see
    :func:`random_legal_play`); ``held``: the hand's :func:`held_of_suit` of ``suit``.

    Raises:
        ValueError: the hand holds fewer than ``n`` cards.
    """
    led = [(c, hand[c]) for c in held]
    count_led = 0
    for _, k in led:
        count_led += k
    if count_led >= n:
        if rules.meteor_obliges_pair and pair_owed(rules, ranking, hand, n, suit):
            while True:  # uniform over the led-suit plays holding a pair: the others redrawn
                play = random_multiset(led, n, rng)
                if _holds_pair(ranking, play, suit):
                    return play
        return random_multiset(led, n, rng)
    suit_map = ranking.suit_map
    other = [(c, k) for c, k in hand.items() if k > 0 and suit_map[c] != suit]
    if count_led + sum(k for _, k in other) < n:
        raise ValueError(f"a hand of {count_led + sum(k for _, k in other)} cards cannot follow a lead of {n}")
    return [c for c, k in led for _ in range(k)] + random_multiset(other, n - count_led, rng)


LEAD_TRIES = 64
"""Rejection draws of a lead tried before the leads are listed (a hand with few cards that make a combination)."""


def random_lead(rules: HuolongRules, hand: Counter, rng: random.Random) -> list[str]:
    """A uniform lead, one of the (card, catalogue size) pairs the hand allows: a distinct card and a slot among the
    catalogue's sizes drawn uniformly, kept when the card's copies allow that slot's size (every pair equally
    likely); after :data:`LEAD_TRIES` misses the leads are listed and one is drawn.

    Raises:
        ValueError: the hand holds no combination to lead.
    """
    allowed = sizes_up_to(rules)
    top = len(allowed) - 1
    slots = len(allowed[top])  # the catalogue's sizes, smallest first: slot j is allowed[top][j]
    cards = list(hand)
    draws = len(cards) * slots
    random_ = rng.random
    for _ in range(LEAD_TRIES if cards else 0):
        x = int(random_() * draws)  # one draw for the card and the slot (random()'s 2**-53 steps: uniform enough)
        card = cards[x // slots]
        copies = hand[card]
        sizes = allowed[copies if copies < top else top] if copies > 0 else ()
        if x % slots < len(sizes):
            return [card] * sizes[x % slots]
    leads = [(c, s) for c, k in hand.items() if k > 0 for s in allowed[k if k < top else top]]
    if not leads:
        raise ValueError("the hand holds no combination to lead")
    card, size = pick(rng, leads)
    return [card] * size


@lru_cache(maxsize=None)
def sizes_up_to(rules: HuolongRules) -> tuple[tuple[int, ...], ...]:
    """For 0, 1, … copies of a card up to the catalogue's largest size: the catalogue sizes they allow, smallest
    first (cached per rules)."""
    sizes = sorted(rules.combo_by_size)
    return tuple(tuple(s for s in sizes if s <= k) for k in range(sizes[-1] + 1))
