"""Card ranking for one hand: which cards are trumps, each card's effective suit and strength.

Implements ``trumps.permanent``, ``trumps.level_rank``, ``trumps.trump_suit``, ``ranking.trump_order``,
``ranking.plain_order`` and ``ranking.trumps_beat_side``. Everything is precomputed once per
(variant, level, trump suit) for the 54 distinct cards, so the per-card questions are dict look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..cards import ALL_CARDS, BIG_JOKER, SMALL_JOKER, SUITS, sort_cards
from .rules import HuolongRules, RulesError

_DISTINCT: tuple[str, ...] = tuple(dict.fromkeys(ALL_CARDS))
"""The distinct card tokens (the notation's tokens must be unique for the engine to be right)."""

TRUMP = "trump"
"""The effective suit of every trump card (all trumps are one suit)."""


class Ranking:
    """The ranking of every card in a hand with the given level rank and trump suit.

    Args:
        rules: the variant's rules.
        level: the hand's level rank (``"3"`` … ``"A"``, one of ``rules.level_order``).
        trump_suit: ``"S" | "H" | "C" | "D"``, or ``None`` while no trump suit is fixed (then only the
            jokers, the permanent ranks and the level rank are trumps, and every level card is an
            off-suit level card, every 2 an off-suit 2).

    Attributes (read-only mappings over the 54 distinct tokens, for hot loops):
        trump_of: card → bool; suit_map: card → ``"trump"`` or its suit letter;
        suit_members: effective suit → its distinct tokens;
        strength_map: card → int (higher is stronger; every trump above every side card; cards of
        one equal class share a number; side cards of different suits with the same rank share a
        number but are never compared, since only cards of one suit or trumps compete).

    Raises:
        RulesError: bad level or trump suit, or a variant whose ``ranking.trump_order`` leaves out a
            class of trump card, or whose ``ranking.plain_order`` leaves out a side rank.
    """

    __slots__ = ("rules", "level", "trump_suit", "trump_of", "suit_map", "strength_map", "class_map", "suit_members")

    def __init__(self, rules: HuolongRules, level: str, trump_suit: str | None) -> None:
        if level not in rules.level_order:
            raise RulesError(f"levels.order: {level!r} is not a level of {rules.variant_id}")
        if trump_suit is not None and trump_suit not in SUITS:
            raise RulesError(f"trump suit must be one of S H C D or null, got {trump_suit!r}")
        self.rules = rules
        self.level = level
        self.trump_suit = trump_suit
        self.class_map: dict[str, str | None] = {c: self._card_class(c) for c in ALL_CARDS}
        self.trump_of: dict[str, bool] = {c: k is not None for c, k in self.class_map.items()}
        self.suit_map: dict[str, str] = {c: TRUMP if self.trump_of[c] else c[0] for c in ALL_CARDS}
        self.strength_map: dict[str, int] = self._strengths()
        members: dict[str, list[str]] = {suit: [] for suit in (TRUMP, *SUITS)}
        for card in _DISTINCT:  # one pass, the tokens in notation order
            members[self.suit_map[card]].append(card)
        self.suit_members: dict[str, tuple[str, ...]] = {suit: tuple(cards) for suit, cards in members.items()}
        """Effective suit → the distinct tokens of that suit (for scanning a hand by suit)."""

    def _card_class(self, card: str) -> str | None:
        """The trump class of a card (a name of ``ranking.trump_order``), or None for a side card."""
        rules = self.rules
        if card in (BIG_JOKER, SMALL_JOKER):
            if not rules.permanent_trumps.get("jokers", False):
                raise RulesError("trumps.permanent: jokers must be trumps")
            return "big_joker" if card == BIG_JOKER else "small_joker"
        suit, rank = card[0], card[1:]
        if rules.level_rank_trumps and rank == self.level:
            return "trump_suit_level" if suit == self.trump_suit else "off_suit_level"
        if rank in rules.permanent_trumps.get("ranks", ()):
            return "trump_suit_two" if suit == self.trump_suit else "off_suit_two"
        if rules.trump_suit_trumps and suit == self.trump_suit:
            return "trump_suit_plain"
        return None

    def _strengths(self) -> dict[str, int]:
        rules = self.rules
        plain = rules.plain_order
        out: dict[str, int] = {}
        # side cards: 1 … len(plain_order), by rank only
        for card, klass in self.class_map.items():
            if klass is None:
                rank = card[1:]
                if rank not in plain:
                    raise RulesError(f"ranking.plain_order: side rank {rank!r} is missing")
                out[card] = len(plain) - plain.index(rank)
        # trumps: above every side card, class by class from the weakest
        slot: dict[tuple[str, str | None], int] = {}
        value = len(plain) + 1
        for klass in reversed(rules.trump_order):
            if klass == "trump_suit_plain":
                for rank in reversed(plain):
                    slot[(klass, rank)] = value
                    value += 1
            else:
                slot[(klass, None)] = value
                value += 1
        for card, klass in self.class_map.items():
            if klass is None:
                continue
            key = (klass, card[1:]) if klass == "trump_suit_plain" else (klass, None)
            if key not in slot:
                raise RulesError(f"ranking.trump_order: no place for {card} (class {klass})")
            out[card] = slot[key]
        return out

    def is_trump(self, card: str) -> bool:
        """True when ``card`` (a canonical token) is a trump in this hand."""
        return self.trump_of[card]

    def suit_of(self, card: str) -> str:
        """The effective suit of ``card``: ``"trump"``, or its suit letter for a side card."""
        return self.suit_map[card]

    def strength(self, card: str) -> int:
        """The strength of ``card``: higher is stronger; equal classes are equal (see the class doc)."""
        return self.strength_map[card]

    def order(self, cards: Iterable[str]) -> list[list[str]]:
        """The distinct ``cards`` in groups of equal strength, strongest group first (op ``card_order``).

        Inside a group cards are in notation order. Side cards of different suits with the same rank
        fall in one group: they never compete with each other.
        """
        groups: dict[int, list[str]] = {}
        for card in set(cards):
            groups.setdefault(self.strength_map[card], []).append(card)
        return [sort_cards(groups[s]) for s in sorted(groups, reverse=True)]

    @staticmethod
    @lru_cache(maxsize=1024)
    def get(rules: HuolongRules, level: str, trump_suit: str | None) -> Ranking:
        """A cached :class:`Ranking` (rules are compared by identity, so this is safe and cheap)."""
        return Ranking(rules, level, trump_suit)
