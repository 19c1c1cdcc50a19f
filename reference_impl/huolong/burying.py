"""Burying the bottom (扣底) and star burial (摘星 / 载王): ``bury.*`` and ``star_burial.*``.

Bury: the banker, holding the bottom, puts back ``bury.count`` cards. Reason codes (operation ``bury``,
first that applies): ``wrong_count``, ``not_in_hand``, ``big_joker`` (``bury.big_jokers:
star_burial_only``), ``not_side_card`` (``bury.cards: side_only``), ``too_many_points``
(``bury.max_points``). When no bury of the hand meets the limits (side cards, points),
``bury.unmet_limits: any_bury`` lifts them (big jokers stay out).

Star burial: after the bury, players put big jokers into the bottom and take bottom cards back, one
for each joker, the smallest first by the hand's ranking (side cards below trumps, by strength; equal
strengths in suit order S H C D), never a card of ``star_burial.exchange.exclude`` (``point_cards``;
``meteor_cards``: three or more identical cards lying in the bottom; ``big_jokers``: a big joker
already in the bottom). Players
decide once each in ``star_burial.order`` (``attackers_first``: the banker's next player, the other
attacker, the banker, the banker's partner, a load by a later seat passing the seats before it;
``simultaneous``: no turn order, each seat decides once whenever it likes); with
``star_burial.banker_jokers: with_bury`` the banker's big jokers go in with the bury itself (they may be
buried whatever ``bury.big_jokers`` and ``bury.cards`` say, each counts as a star of the banker team) and the
banker makes no decision in the round; then the rules force loads: ``forced_after: N`` (once N
big jokers are in the bottom, every other one must go in) and ``policy: fast`` (every big joker must go
in, except at ``fast_exempt_levels``). A forced joker with no bottom card to take back stays in hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

from ..cards import BIG_JOKER, SUITS, expand
from .ranking import Ranking
from .rules import STAR_BURIAL_ORDERS, HuolongRules, RulesError
from .sampling import random_multiset
from .scoring import card_points

# bury reason codes (operation ``bury``)
WRONG_COUNT = "wrong_count"
NOT_IN_HAND = "not_in_hand"
BIG_JOKER_CODE = "big_joker"
NOT_SIDE_CARD = "not_side_card"
TOO_MANY_POINTS = "too_many_points"

# star-burial reason codes (record replay; the star_burial operation lists refused indices)
OUT_OF_TURN = "out_of_turn"
NOT_HELD = "not_held"
TEAM_MAY_NOT_LOAD = "team_may_not_load"
NO_EXCHANGE_CARD = "no_exchange_card"
BAD_COUNT = "bad_count"

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


# -- bury --------------------------------------------------------------------------------------------
def bury_count(rules: HuolongRules) -> int:
    """The number of cards the banker buries (``bury.count``)."""
    return int(rules.bury["count"])


def _bury_settings(rules: HuolongRules) -> tuple[str, int | None, str, str]:
    """(``bury.cards``, ``bury.max_points``, ``bury.unmet_limits``, ``bury.big_jokers``); the values were
    checked when the rules were built (:data:`~.rules.SUPPORTED`)."""
    bury = rules.bury
    return bury["cards"], bury["max_points"], bury["unmet_limits"], bury["big_jokers"]


def jokers_with_bury(rules: HuolongRules) -> bool:
    """``star_burial.banker_jokers: with_bury`` (with star burial enabled): the banker's big jokers go in with the
    bury, as stars of the banker team."""
    return bool(rules.star_burial.get("enabled")) and rules.star_burial.get("banker_jokers") == "with_bury"


def _side_or_star(rules: HuolongRules, ranking: Ranking, card: str) -> bool:
    """Whether ``card`` meets ``bury.cards: side_only``: a side card, or a big joker buried as a star (with_bury)."""
    return not ranking.trump_of[card] or (card == BIG_JOKER and jokers_with_bury(rules))


def _candidates(rules: HuolongRules, ranking: Ranking, hand: Counter) -> tuple[list[str], list[str]]:
    """(cards that may be buried at all, those among them meeting ``bury.cards``), one token per copy."""
    cards, _, _, jokers = _bury_settings(rules)
    stars = jokers_with_bury(rules)
    jokers_ok = jokers == "allowed" or stars
    allowed = [c for c, k in hand.items() if k > 0 and (jokers_ok or c != BIG_JOKER) for _ in range(k)]
    if cards == "any":
        return allowed, allowed
    trump_of = ranking.trump_of  # _side_or_star, the rule read once
    return allowed, [c for c in allowed if not trump_of[c] or (stars and c == BIG_JOKER)]


def limits_can_be_met(rules: HuolongRules, ranking: Ranking, hand: Counter) -> bool:
    """Whether the hand holds a bury meeting ``bury.cards`` and ``bury.max_points`` (else ``unmet_limits``)."""
    return _limits_met(rules, _candidates(rules, ranking, hand)[1])


def _limits_met(rules: HuolongRules, limited: list[str]) -> bool:
    """:func:`limits_can_be_met` of the candidates meeting ``bury.cards`` (one token per copy)."""
    _, max_points, _, _ = _bury_settings(rules)
    n = bury_count(rules)
    if len(limited) < n:
        return False
    if max_points is None:
        return True
    cheapest = sorted(rules.point_map[c] for c in limited)[:n]
    return sum(cheapest) <= max_points


def check_bury(rules: HuolongRules, ranking: Ranking, hand: Counter, cards: Sequence[str]) -> str | None:
    """Whether the banker holding ``hand`` (bottom taken up) may bury ``cards`` (operation ``bury``).

    Args:
        rules, ranking: the variant's rules and the hand's ranking (which cards are side cards).
        hand: the banker's hand with the bottom taken up (a multiset).
        cards: the cards put back.

    Returns:
        None when legal, else the first reason code that applies (see the module doc).
    """
    cards_rule, max_points, _, jokers = _bury_settings(rules)
    if len(cards) != bury_count(rules):
        return WRONG_COUNT
    for card, k in Counter(cards).items():
        if hand.get(card, 0) < k:
            return NOT_IN_HAND
    if jokers == "star_burial_only" and BIG_JOKER in cards and not jokers_with_bury(rules):
        return BIG_JOKER_CODE
    if cards_rule == "side_only" and not all(_side_or_star(rules, ranking, c) for c in cards):
        if limits_can_be_met(rules, ranking, hand):
            return NOT_SIDE_CARD
    if max_points is not None and card_points(rules, cards) > max_points:
        if limits_can_be_met(rules, ranking, hand):
            return TOO_MANY_POINTS
    return None


def random_bury(rules: HuolongRules, ranking: Ranking, hand: Counter, rng: random.Random) -> list[str]:
    """A legal bury drawn uniformly at random: every distinct bury of :func:`legal_buries` equally likely (a uniform
    sub-multiset of the cards that may be buried, under the point cap when the limits can be met:
    :func:`.sampling.random_multiset`).

    Raises:
        ValueError: the hand holds fewer allowed cards than ``bury.count``.
    """
    _, max_points, _, _ = _bury_settings(rules)
    allowed, limited = _candidates(rules, ranking, hand)
    n = bury_count(rules)
    capped = _limits_met(rules, limited)
    pool = limited if capped else allowed
    if len(pool) < n:
        raise ValueError(f"the banker holds only {len(pool)} cards that may be buried, {n} needed")
    return random_multiset(list(Counter(pool).items()), n, rng, points=rules.point_map,
                           max_points=max_points if capped else None)


def legal_buries(rules: HuolongRules, ranking: Ranking, hand: Counter) -> Iterator[tuple[str, ...]]:
    """Every distinct legal bury (multisets, as sorted tuples), lazily: there may be millions.

    When ``bury.cards`` and ``bury.max_points`` can be met, only the cards meeting ``bury.cards`` are combined (a bury
    with another card is refused: :func:`check_bury`), so that the first legal bury comes at once."""
    allowed, limited = _candidates(rules, ranking, hand)
    pool = limited if limits_can_be_met(rules, ranking, hand) else allowed
    seen = set()
    for combo in combinations(sorted(pool), bury_count(rules)):
        if combo not in seen:
            seen.add(combo)
            if check_bury(rules, ranking, hand, combo) is None:
                yield combo


# -- star burial -----------------------------------------------------------------------------------
def load_order(rules: HuolongRules, banker: int) -> list[int]:
    """The seats that decide in the star-burial round, in turn order (``star_burial.order``, see
    :data:`~.rules.STAR_BURIAL_ORDERS`); without the banker under ``banker_jokers: with_bury``."""
    seats = [(banker + k) % rules.players for k in STAR_BURIAL_ORDERS[rules.star_burial["order"]]]
    return [s for s in seats if s != banker] if jokers_with_bury(rules) else seats


def may_load(rules: HuolongRules, banker: int, seat: int) -> bool:
    """Whether ``seat``'s team may bury stars (``star_burial.who``: either_team, banker_team, attackers)."""
    who = rules.star_burial["who"]
    if who == "either_team":
        return True
    return (who == "banker_team") == (seat % 2 == banker % 2)


def exchange_card(rules: HuolongRules, ranking: Ranking, bottom: Counter) -> str | None:
    """The bottom card a loader takes back for one big joker (``star_burial.exchange``), or None.

    The smallest card by ``ranking``, equal strengths in suit order S H C D (``ties: suit_order``),
    skipping the excluded cards
    (``point_cards``; ``meteor_cards``: a card lying in the bottom as many times as the catalogue's
    meteor has cards, or more; ``big_jokers``: a big joker lying in the bottom). ``take_back:
    smallest`` and ``ties: suit_order`` are the only values :func:`~.rules.rules_for` accepts.
    """
    exclude = rules.star_burial["exchange"]["exclude"]
    meteor = rules.combo_size.get("meteor") if "meteor_cards" in exclude else None
    no_big, no_points, points = "big_jokers" in exclude, "point_cards" in exclude, rules.point_map
    best, best_key = None, None
    strength = ranking.strength_map
    for card, k in bottom.items():
        if k <= 0:
            continue
        if no_big and card == BIG_JOKER:
            continue
        if no_points and points[card] > 0:
            continue
        if meteor is not None and k >= meteor:
            continue
        key = (strength[card], _SUIT_INDEX.get(card[0], len(SUITS)))
        if best_key is None or key < best_key:
            best, best_key = card, key
    return best


class StarBurial:
    """The star-burial round of one hand.

    Args:
        rules, ranking: the variant's rules and the hand's ranking.
        banker: the banker's seat.
        bottom: the bottom after the bury (any iterable of cards).
        holdings: big jokers held per seat (``{seat: n}``, or a list of 4 counts).

    Attributes:
        bottom: the bottom now (Counter; changed by the round's loads only); holdings: per-seat big jokers still held (list);
        stars: big jokers each team put in (``{"banker_team": n, "attackers": n}``; under ``with_bury`` the big
        jokers lying in the bottom given count for the banker team);
        turn: index into :attr:`order` of the next seat to decide (``attackers_first``);
        decided: the seats that have decided (``simultaneous``);
        loads: ``[(seat, count, taken_back, forced)]`` in the order made.

    Raises:
        RulesError: star burial disabled (``star_burial.enabled``).
    """

    def __init__(self, rules: HuolongRules, ranking: Ranking, banker: int, bottom: Iterable[str],
                 holdings: dict[int, int] | Sequence[int]) -> None:
        if not rules.star_burial["enabled"]:
            raise RulesError("star_burial.enabled: this variant has no star burial")
        self.rules, self.ranking, self.banker = rules, ranking, banker
        self.order = load_order(rules, banker)
        self.forced_order = [(banker + k) % rules.players for k in STAR_BURIAL_ORDERS[rules.star_burial["order"]]]
        self.bottom = Counter(bottom)
        if isinstance(holdings, dict):
            self.holdings = [int(holdings.get(s, 0)) for s in range(rules.players)]
        else:
            self.holdings = [int(h) for h in holdings]
        self.stars = {"banker_team": self.bottom[BIG_JOKER] if jokers_with_bury(rules) else 0, "attackers": 0}
        self.turn = 0
        self.simultaneous = rules.star_burial["order"] == "simultaneous"
        self.decided: set[int] = set()
        self.loads: list[tuple[int, int, list[str], bool]] = []
        self.fast = (rules.star_burial["policy"] == "fast"
                     and ranking.level not in (rules.star_burial["fast_exempt_levels"] or ()))
        self.forced_after = rules.star_burial["forced_after"]
        self._chain: tuple[Counter, list[str], bool] | None = None  # _take_up_to's last: (bottom, cards, ended)

    def copy(self) -> StarBurial:
        """A copy of this round (its bottom, holdings, stars, turn, decisions and loads copied; rules and ranking
        shared); this one is unchanged."""
        new = StarBurial(self.rules, self.ranking, self.banker, self.bottom, self.holdings)
        new.bottom = self.bottom.copy()
        new.stars, new.turn, new.decided, new.loads = dict(self.stars), self.turn, set(self.decided), list(self.loads)
        return new

    def team(self, seat: int) -> str:
        """``banker_team`` or ``attackers``."""
        return "banker_team" if seat % 2 == self.banker % 2 else "attackers"

    def _exchange(self, count: int) -> list[str] | None:
        """The cards ``count`` loads would take back, or None when a load finds none."""
        taken = self._take_up_to(count)
        return taken if len(taken) == count else None

    def _take_up_to(self, count: int) -> list[str]:
        """The cards up to ``count`` loads would take back, one joker at a time, until a load finds none: loading
        ``k`` finds its cards exactly when ``k`` is at most the length of the list. The cards of fewer loads are the
        first ones of more loads': the longest list worked out is kept until a load changes the bottom (asked
        for the legal counts, the check and the load of one decision)."""
        chain = self._chain
        if chain is None or chain[0] is not self.bottom or len(chain[1]) < count and not chain[2]:
            bottom = self.bottom.copy()
            taken = []
            for _ in range(count):
                card = exchange_card(self.rules, self.ranking, bottom)
                if card is None:
                    break
                bottom[card] -= 1
                bottom[BIG_JOKER] += 1
                taken.append(card)
            self._chain = chain = (self.bottom, taken, len(taken) < count)
        return chain[1][:count]

    def deciders(self) -> list[int]:
        """The seats still to decide, in turn order, that may load and hold a big joker."""
        return [s for s in self._open_seats() if self.holdings[s] > 0 and may_load(self.rules, self.banker, s)]

    def _open_seats(self) -> list[int]:
        """The seats whose decision is still open: from the turn on (``attackers_first``), or those that have not
        decided (``simultaneous``)."""
        if self.simultaneous:
            return [s for s in self.order if s not in self.decided]
        return self.order[self.turn:]

    def check_load(self, seat: int, count: object) -> str | None:
        """Why ``seat`` may not load ``count`` big jokers now (reason code), or None.

        A seat whose turn has passed is ``out_of_turn``; loading 0 is always allowed in turn.
        """
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            return BAD_COUNT
        if seat not in self._open_seats():
            return OUT_OF_TURN
        if count == 0:
            return None
        if not may_load(self.rules, self.banker, seat):
            return TEAM_MAY_NOT_LOAD
        if count > self.holdings[seat]:
            return NOT_HELD
        if self._exchange(count) is None:
            return NO_EXCHANGE_CARD
        return None

    def legal_counts(self, seat: int) -> list[int]:
        """Every count ``seat`` may load now (each one :meth:`check_load` accepts), ascending: [] out of turn, [0]
        for a seat that may not load or holds no big joker; the loads whose cards are found otherwise (one look at
        the bottom, not one per count)."""
        if seat not in self._open_seats():
            return []
        if not may_load(self.rules, self.banker, seat):
            return [0]
        return list(range(len(self._take_up_to(self.holdings[seat])) + 1))

    def _apply(self, seat: int, count: int, forced: bool) -> list[str]:
        taken = self._exchange(count) or []
        self._chain = None  # the bottom changes
        for card in taken:
            self.bottom[card] -= 1
            if not self.bottom[card]:
                del self.bottom[card]
        self.bottom[BIG_JOKER] += len(taken)
        self.holdings[seat] -= len(taken)
        self.stars[self.team(seat)] += len(taken)
        self.loads.append((seat, len(taken), taken, forced))
        return taken

    def load(self, seat: int, count: int) -> list[str]:
        """``seat`` loads ``count`` big jokers (its one decision; seats before it in turn order pass).

        Returns:
            The bottom cards taken back, smallest first.

        Raises:
            ValueError: the load is refused (the message ends with the reason code).
        """
        reason = self.check_load(seat, count)
        if reason is not None:
            raise ValueError(f"seat {seat} may not load {count} big joker(s): {reason}")
        return self.make_load(seat, count)

    def make_load(self, seat: int, count: int) -> list[str]:
        """:meth:`load` of a load :meth:`check_load` accepted (the caller checked it), without checking it again."""
        if self.simultaneous:
            self.decided.add(seat)
        else:
            self.turn = self.order.index(seat, self.turn) + 1
        return self._apply(seat, count, False) if count else []

    def _required(self, seat: int) -> int:
        if not may_load(self.rules, self.banker, seat) or self.holdings[seat] == 0:
            return 0
        if self.fast:
            return self.holdings[seat]
        if self.forced_after is not None and self.bottom[BIG_JOKER] >= self.forced_after:
            return self.holdings[seat]
        return 0

    def force(self) -> list[tuple[int, int]]:
        """End the round of choices and apply the loads the rules force, in turn order.

        Returns:
            ``[(seat, count)]`` of the forced loads made (a joker with no card to take back stays).
        """
        self.turn = len(self.order)
        self.decided.update(self.order)
        forced: list[tuple[int, int]] = []
        changed = True
        while changed:
            changed = False
            for seat in self.forced_order:
                need = self._required(seat)
                while need and self._exchange(1) is not None:
                    self._apply(seat, 1, True)
                    if forced and forced[-1][0] == seat:
                        forced[-1] = (seat, forced[-1][1] + 1)
                    else:
                        forced.append((seat, 1))
                    need -= 1
                    changed = True
        return forced


def run_star_burial(rules: HuolongRules, ranking: Ranking, banker: int, bottom: Sequence[str],
                    holdings: dict[int, int], loads: Sequence[tuple[int, int]]) -> dict:
    """Operation ``star_burial``: the players' loads in the order made, then the forced ones.

    Args:
        holdings: big jokers held per seat after the bury (seats absent hold none).
        loads: ``(seat, count)`` choices in the order made; a refused one is ignored (the seat may
            still load later in turn).

    Returns:
        ``{bottom, taken_back, rejected, forced, stars}`` as in docs/implementers/operations.md.

    Raises:
        RulesError: the variant has no star burial; ValueError: a negative count.
    """
    sb = StarBurial(rules, ranking, banker, bottom, holdings)
    taken_back: list[list[str]] = []
    rejected = []
    for i, (seat, count) in enumerate(loads):
        if sb.check_load(seat, count) is None:
            taken_back.append(sb.make_load(seat, count))
        else:
            taken_back.append([])
            rejected.append(i)
    forced = sb.force()
    return {
        "bottom": expand(sb.bottom),
        "taken_back": taken_back,
        "rejected": rejected,
        "forced": [{"seat": s, "count": n} for s, n in forced],
        "stars": dict(sb.stars),
    }
