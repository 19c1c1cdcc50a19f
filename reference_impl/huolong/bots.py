"""Bots for the Huolong hand state machine, and the loop that lets them play a hand.

A bot answers four questions about a :class:`~datong_rules.reference_impl.huolong.hand.HandState`; each answer is
checked by the state machine like any other action:

* ``choose_show(state, seat) -> cards | None``: asked right after ``seat`` received a card that can
  open a show (a joker or a level card); None to stay silent;
* ``choose_bury(state) -> cards``: the banker's bury (``bury.count`` cards);
* ``choose_load(state, seat) -> int``: how many big jokers to put into the bottom (0 to pass);
* ``choose_play(state, seat) -> cards``: the play in the current trick.

:class:`RandomBot` picks any legal answer (plays, buries and loads uniformly); :class:`GreedyBot` is simple but
not silly: it declares when it can, buries its lowest side cards without points, loads a star only while keeping
one, takes a trick as cheaply as it can and otherwise plays its lowest cards. :func:`play_hand` drives a hand
with one bot per seat.

For the generic driver (:func:`datong_rules.reference_impl.bots.play_hand`) each bot also answers
``choose(state) -> action``: the action of the seat to move (a deal step or the close of the declaration while
no seat is to move; the generic driver asks no shows, :func:`play_hand` does); and ``offer(state, seat) -> action |
None``, the show of ``seat`` while no seat is to move, for a driver that steps the deal itself (the table).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from ..bots import bots_of
from ..cards import BIG_JOKER, SUITS
from ..search_bot import DEFAULT_BUDGET, Search, parse_budget, unavailable_with
from . import burying, greedy, measures
from .follow import random_legal_play
from .hand import HandState


class _Choose(ABC):
    """``choose(state)`` and ``offer(state, seat)``: the bot's actions in the state API's terms, from its four
    questions."""

    def offer(self, state: HandState, seat: int) -> dict[str, Any] | None:
        """The bot's show for ``seat`` while the cards are dealt (no seat is to move), asked by a driver that
        steps the deal itself (:func:`datong_rules.reference_impl.bots.offered_action`: the table); None to stay
        silent or when ``seat`` has no legal show [declaration.*]."""
        if not state.decl.legal_shows(seat):
            return None
        cards = self.choose_show(state, seat)
        return {"type": "show", "seat": seat, "cards": list(cards)} if cards else None

    @abstractmethod
    def choose_show(self, state: HandState, seat: int) -> list[str] | None:
        """The show ``seat`` makes now, or None."""

    @abstractmethod
    def choose_bury(self, state: HandState) -> list[str]:
        """The banker's bury."""

    @abstractmethod
    def choose_load(self, state: HandState, seat: int) -> int:
        """How many big jokers ``seat`` loads (0 to pass)."""

    @abstractmethod
    def choose_play(self, state: HandState, seat: int) -> list[str]:
        """The play of ``seat`` in the current trick."""

    def choose(self, state: HandState) -> dict[str, Any]:
        """The action of the seat to move, or the deal's next step while no seat is to move."""
        if state.phase == "deal":
            return {"type": "deal"}
        if state.phase == "declare":
            return {"type": "close"}
        if state.phase == "bury":
            return {"type": "bury", "seat": state.banker, "cards": self.choose_bury(state)}
        seat = _seat_to_move(state)
        if state.phase == "star_burial":
            return {"type": "load", "seat": seat, "count": self.choose_load(state, seat)}
        return {"type": "play", "seat": seat, "cards": self.choose_play(state, seat)}


def _seat_to_move(state: HandState) -> int:
    """The seat to move in the star burial or the play.

    Raises:
        RuntimeError: no seat is to move (the deal, or the hand is over).
    """
    seat = state.to_move()
    if seat is None:
        raise RuntimeError(f"no seat is to move in the {state.phase} phase")
    return seat


class RandomBot(_Choose):
    """Random legal choices, from its own ``random.Random``: a play, a bury and a load drawn uniformly among the
    legal ones (every distinct card multiset, every count, equally likely); a show, when one is legal, made with
    probability ``show_chance`` and then drawn uniformly among the legal shows.

    Args:
        rng: the random source.
        show_chance: probability of making a legal show when asked (0–1).
    """

    name = "random"

    def __init__(self, rng: random.Random, show_chance: float = 0.5) -> None:
        self.rng = rng
        self.show_chance = show_chance

    def choose_show(self, state: HandState, seat: int) -> list[str] | None:
        """A random legal show, made with probability ``show_chance``; else None."""
        shows = state.decl.legal_shows(seat)
        if shows and self.rng.random() < self.show_chance:
            return self.rng.choice(shows)
        return None

    def choose_bury(self, state: HandState) -> list[str]:
        """A legal bury drawn uniformly (:func:`burying.random_bury`)."""
        return burying.random_bury(state.rules, state.known_ranking, state.hands[state.known_banker], self.rng)

    def choose_load(self, state: HandState, seat: int) -> int:
        """A random legal number of big jokers (0 included)."""
        star = state.star_round
        counts = [n for n in range(star.holdings[seat] + 1) if star.check_load(seat, n) is None]
        return self.rng.choice(counts)

    def choose_play(self, state: HandState, seat: int) -> list[str]:
        """A legal play drawn uniformly (:func:`follow.random_legal_play`)."""
        return random_legal_play(state.rules, state.known_ranking, state.hands[seat], state.trick, self.rng)


class GreedyBot(_Choose):
    """A simple greedy player (deterministic: ``rng`` is accepted for the common bot signature and not used)."""

    name = "greedy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose_show(self, state: HandState, seat: int) -> list[str] | None:
        """Show whenever possible unless the own team's declaration is in force: the strongest show, and
        among level-card flips the suit the bot holds most of."""
        cur = state.decl.current()
        if cur is not None and cur.seat % 2 == seat % 2:
            return None  # my team already declared
        shows = state.decl.legal_shows(seat)
        if not shows:
            return None
        hand = state.hands[seat]

        def suit_length(cards: list[str]) -> int:
            card = cards[0]
            return sum(k for c, k in hand.items() if c[0] == card[0]) if card[0] in SUITS else 0

        # the strongest show; among level flips, the suit I hold most of
        return max(shows, key=lambda cards: (len(cards), cards[0] == BIG_JOKER, suit_length(cards)))

    def choose_bury(self, state: HandState) -> list[str]:
        """The lowest side cards without points (then point cards, then trumps); random if that is illegal. Under
        ``star_burial.banker_jokers: with_bury`` all big jokers but one go in first (as :meth:`choose_load`)."""
        rules, ranking, hand = state.rules, state.known_ranking, state.hands[state.known_banker]
        cards = [c for c, k in hand.items() if c != BIG_JOKER for _ in range(k)]
        cards.sort(key=lambda c: (ranking.trump_of[c], rules.point_map[c] > 0, ranking.strength_map[c]))
        stars = max(0, hand[BIG_JOKER] - 1) if burying.jokers_with_bury(rules) else 0
        pick = ([BIG_JOKER] * stars + cards)[:burying.bury_count(rules)]
        if burying.check_bury(rules, ranking, hand, pick) is None:
            return pick
        return burying.random_bury(rules, ranking, hand, random.Random(0))

    def choose_load(self, state: HandState, seat: int) -> int:
        """Load all big jokers but one (kept to fight for the last trick), as many as the bottom allows."""
        star = state.star_round
        count = max(0, star.holdings[seat] - 1)  # keep one big joker to fight for the last trick
        while count and star.check_load(seat, count) is not None:
            count -= 1
        return count

    def choose_play(self, state: HandState, seat: int) -> list[str]:
        """Lead a side ace (as a pair or meteor if held) or else the lowest side single; follow by winning the
        trick as cheaply as possible unless the partner is winning it, else play the lowest cards (fewest
        points, then weakest). Between plays alike by these measures, the first in the order of
        :func:`follow.legal_plays` (the smallest tuple of tokens). Computed without listing the plays where the
        rules allow (:mod:`.greedy`)."""
        rules, ranking, trick = state.rules, state.known_ranking, state.trick
        hand = state.hands[seat]
        if not trick:
            return greedy.lead(rules, ranking, hand)
        return greedy.follow(rules, ranking, hand, trick)


class SearchBot(_Choose):
    """Determinized Monte Carlo for the plays (:class:`..search_bot.Search`, rollouts by :class:`GreedyBot`); shows,
    the bury and star burial as :class:`GreedyBot`. ``SearchBot(rng, budget)``: rollouts per decision (kind
    ``search:N``)."""

    name = "search"
    parse_parameter = staticmethod(parse_budget)

    @staticmethod
    def unavailable() -> str | None:
        """Why this bot cannot play here (:func:`..search_bot.unavailable_with`), or None."""
        return unavailable_with(HandState)

    def __init__(self, rng: random.Random | None = None, budget: int = DEFAULT_BUDGET) -> None:
        self.rng = rng if rng is not None else random.Random()
        self.greedy = GreedyBot(self.rng)
        self.search = Search(self.rng, budget, GreedyBot, measures)

    def choose_show(self, state: HandState, seat: int) -> list[str] | None:
        """As :meth:`GreedyBot.choose_show`."""
        return self.greedy.choose_show(state, seat)

    def choose_bury(self, state: HandState) -> list[str]:
        """As :meth:`GreedyBot.choose_bury`."""
        return self.greedy.choose_bury(state)

    def choose_load(self, state: HandState, seat: int) -> int:
        """As :meth:`GreedyBot.choose_load`."""
        return self.greedy.choose_load(state, seat)

    def choose_play(self, state: HandState, seat: int) -> list[str]:
        """The play the search finds best (:meth:`..search_bot.Search.choose`)."""
        return list(self.search.choose(state)["cards"])


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
"""Bot kinds by name (``datong-rules play --bots``); each is ``Bot(rng)``."""

NOTES = {
    "greedy": {
        "en": "greedy shows whenever it may (its strongest show, never over its own team's), buries its lowest side "
              "cards without points, buries all its big jokers but one as stars, leads a side ace or its lowest side "
              "single, takes a trick as cheaply as it can unless its partner holds it, and otherwise plays its lowest "
              "cards. It never leads trumps, never leads pairs or tractors other than aces, never gives points to its "
              "partner's trick on purpose, and never holds a show back to overcall later.",
        "zh": "greedy：能亮主就亮（亮最强的，不压自己一方），扣底扣最小的无分副牌，大王除留一张外都摘星埋下，首出副牌 A "
              "或最小的副牌单张，对手赢着这一轮时用最省的牌压住，否则出最小的牌。它从不首出主牌，除 A 以外从不首出对子"
              "或拖拉机，从不有意给同伴送分，也从不留着亮主等以后再反。",
    },
    "search": {
        "en": "search (search:N: N rollouts per decision, 32 by default) shows, buries and buries stars exactly "
              "as greedy does, and weighs its plays: up to 8 candidates at each trick where it has more than one "
              "legal play (every legal play when there are so few, else greedy's choice and random legal ones), "
              "each played in sampled deals of the cards it cannot see to the end of the hand with greedy bots, "
              "taking the one with which its team most often wins the hand (a tie goes to greedy's choice). A "
              "sampled deal keeps its own cards, the cards played and each player's count; the bottom stays where "
              "it lies (so it plays as if it knew the buried cards), and a suit a player failed to follow or a "
              "card shown is ignored. It never holds a show back, never buries otherwise than greedy, and never "
              "makes a play outside its candidates.",
        "zh": "search（search:N：每次决定推演 N 局，默认 32）：亮主、扣底和摘星都和 greedy 一样；出牌时如果合法出法不止一"
              "种，最多比较 8 个候选（合法出法不多时全部比较，否则取 greedy 的选择加上随机抽的合法出法），在随机补全的、"
              "自己看不到的牌里，把每个候选接着由 greedy 打到这一局结束，选自己一方最常赢的那个（一样多时取 greedy 的选择"
              "）。补全时保留自己的牌、已出的牌和每家的张数；底牌留在原处（等于知道底里扣了什么），谁没跟上某门花色、谁亮"
              "过什么牌都不管。它从不留着亮主不亮，扣底从不和 greedy 不同，也从不出候选以外的牌。",
    },
    "random": {
        "en": "random makes each choice at random among the legal ones, every distinct play, bury and load equally "
              "likely (a show with an even chance when it may), so a rule decides only as often as chance brings it "
              "about.",
        "zh": "random：在合法的选择里随机挑，每种不同的出牌、扣底和摘星机会相同（能亮主时一半机会亮），所以一条规则起作用的"
              "频率只取决于运气。",
    },
}
"""What each bot kind does and which rules it never chooses, by language (the simulate report's note on the bots)."""


def make_bots(kind: str, rng: random.Random, players: int = 4) -> list:
    """One bot per seat of the named kind, sharing ``rng`` (:func:`datong_rules.reference_impl.bots.bots_of`).

    Raises:
        ValueError: unknown kind.
    """
    return bots_of(BOTS, kind, rng, players)


def play_hand(state: HandState, bots: Sequence) -> HandState:
    """Play ``state`` to its end (settled, or to be redealt) with one bot per seat, from whatever phase it is in.

    During the deal, the receiver of each card that can open a show is asked whether to show. Under
    ``declaration.window: until_bury`` every seat with a legal show is then asked once more, in seat order from
    the banker's next player, before the banker buries. The bots' buries and plays are the engine's own: they are
    applied trusted (``apply(action, validate=False)``, the fast path of bot matches); shows and loads are checked.

    Returns:
        The same state, finished.

    Raises:
        IllegalAction: a bot chose an illegal show or load (a bug in the bot).
    """
    decl = state.decl
    pack = state.pack
    while state.phase == "deal":
        card = pack[decl.dealt]
        seat = state.deal_one()
        if decl.active and decl.may_show_with(card):
            cards = bots[seat].choose_show(state, seat)
            if cards:
                state.apply({"type": "show", "seat": seat, "cards": cards})
    if state.phase == "declare":
        state.apply({"type": "close"})
    if state.phase == "bury" and not decl.closed:  # declaration.window: until_bury
        first = state.known_banker
        for offset in range(1, state.rules.players + 1):
            seat = (first + offset) % state.rules.players
            if decl.legal_shows(seat):
                cards = bots[seat].choose_show(state, seat)
                if cards:
                    state.apply({"type": "show", "seat": seat, "cards": cards})
    if state.phase == "bury":
        banker = state.known_banker
        state.apply({"type": "bury", "seat": banker, "cards": bots[banker].choose_bury(state)}, validate=False)
    while state.phase == "star_burial":
        seat = _seat_to_move(state)
        state.apply({"type": "load", "seat": seat, "count": bots[seat].choose_load(state, seat)})
    while state.phase == "play":
        seat = _seat_to_move(state)
        state.apply({"type": "play", "seat": seat, "cards": bots[seat].choose_play(state, seat)}, validate=False)
    return state
