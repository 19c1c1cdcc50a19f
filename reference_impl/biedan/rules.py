"""A typed view of a resolved 憋蛋 Biedan variant: every rule value the engine reads, taken from the data.

:func:`rules_for` loads a variant (or takes a :class:`~datong_rules.reference_impl.variant.Variant`) and returns a
frozen :class:`BiedanRules`. No rule constant lives here: each field is the ``value`` of one rule item (rule id
beside the field). Values the engine cannot play are refused with a one-line :class:`RulesError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..climbing.variant_rules import check_playable, check_supported, rule_value, variant_with
from ..variant import Variant, load_variant

SUPPORTED: dict[str, tuple[Any, ...]] = {
    "players.count": (3,),
    "players.partnership": ("banker_vs_rest",),
    "players.play_direction": ("counter_clockwise", "clockwise"),
    "deck.decks": (1,),
    "deck.jokers_per_deck": (2,),
    "deal.method": ("one_card_each_in_turn",),
    "banker.abandoned_hand": ("never",),
    "banker.keep_when": ("banker_first",),
    "banker.next_when_lost": ("first_out", "banker_next_player"),
    "egg.cards": ("any",),
    "egg.secret": (True, False),
    "ranking.suits": ("equal",),
    "combinations.attachments": ("none",),
    "combinations.flush_reach": ("any_ranks", "same_ranks"),
    "beating.follow": ("same_combination_same_count",),
    "beating.bombs_beat_ordinary": (True, False),
    "beating.rocket_beats_all": (True,),
    "play.first_lead": ("banker",),
    "play.first_lead_with_banker_card": (True, False),
    "play.pass": ("always",),
    "play.pass_locks_out": (True, False),
    "play.round_end": ("all_others_passed",),
    "play.next_leader": ("last_player", "next_of_last_player"),
    "play.leader_out": ("next_active_player",),
    "hand_end.when": ("one_player_left",),
    "exchange.timing": ("end_of_hand", "after_next_deal"),
    "exchange.best": ("single_order",),
    "exchange.ties": ("chooser_picks",),
    "exchange.draw": ("always",),
    "exchange.banker_tribute": ("same_card", "extra_card"),
}
"""Rule id → the values the engine plays, for every rule whose value is one of a few names or a flag (a test
keeps these equal to the enums of spec/schema/games/biedan/rules.schema.json)."""


class RulesError(ValueError):
    """A variant the Biedan engine cannot play (one line: the variant id and the rule)."""


@dataclass(frozen=True)
class Combination:
    """One entry of ``combinations.catalogue``.

    Attributes:
        name: e.g. ``"straight"``; shape: ``same_rank`` | ``sequence`` | ``fixed_set``; tier: ``ordinary`` |
        ``bomb`` | ``top``; size (same_rank), unit/min_length/max_length (sequence), cards (fixed_set).
    """

    name: str
    shape: str
    tier: str
    size: int = 0
    unit: int = 0
    min_length: int = 0
    max_length: int = 0
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class BiedanRules:
    """The rules of one playable Biedan variant (every field is one rule's value; rule id in brackets)."""

    variant_id: str
    players: int  # players.count
    play_direction: str  # players.play_direction
    decks: int  # deck.decks
    hand_size: int  # deal.hand_size
    first_drawer_first_hand: int  # deal.first_drawer
    first_banker_card: str  # banker.first.holder_of
    next_when_lost: str  # banker.next_when_lost
    egg_size: int  # egg.count
    egg_secret: bool  # egg.secret
    single_order: tuple[str, ...]  # ranking.single_order (high to low)
    sequence_order: tuple[str, ...]  # ranking.sequence_order (low to high)
    catalogue: tuple[Combination, ...]  # combinations.catalogue
    flush_applies_to: frozenset[str]  # combinations.flush
    flush_reach: str  # combinations.flush_reach
    bombs_beat_ordinary: bool  # beating.bombs_beat_ordinary
    first_lead_with_banker_card: bool  # play.first_lead_with_banker_card
    pass_locks_out: bool  # play.pass_locks_out
    next_leader: str  # play.next_leader
    exchange_timing: str  # exchange.timing
    banker_tribute: str  # exchange.banker_tribute
    match_hands: int  # match.hands

    @property
    def cards_total(self) -> int:
        """Cards in the pack (54 per deck)."""
        return 54 * self.decks

    def combination(self, name: str) -> Combination:
        """The catalogue entry ``name``. Raises KeyError."""
        for combo in self.catalogue:
            if combo.name == name:
                return combo
        raise KeyError(name)


def _value(variant: Variant, rule_id: str) -> Any:
    return rule_value(variant, rule_id, RulesError, "Biedan")


def rules_from_variant(variant: Variant) -> BiedanRules:
    """The rules of a resolved variant (not cached).

    Raises:
        RulesError: not a Biedan variant, abstract, a rule missing, or a value the engine cannot play.
    """
    check_playable(variant, "biedan", RulesError, "Biedan")
    check_supported(variant, SUPPORTED, RulesError, "Biedan")
    catalogue = tuple(Combination(
        name=c["name"], shape=c["shape"], tier=c["tier"], size=c.get("size", 0), unit=c.get("unit", 0),
        min_length=c.get("min_length", 0), max_length=c.get("max_length", 0), cards=tuple(c.get("cards", ())))
        for c in _value(variant, "combinations.catalogue"))
    return BiedanRules(
        variant_id=variant.id,
        players=_value(variant, "players.count"),
        play_direction=_value(variant, "players.play_direction"),
        decks=_value(variant, "deck.decks"),
        hand_size=_value(variant, "deal.hand_size"),
        first_drawer_first_hand=_value(variant, "deal.first_drawer")["first_hand"],
        first_banker_card=_value(variant, "banker.first")["holder_of"],
        next_when_lost=_value(variant, "banker.next_when_lost"),
        egg_size=_value(variant, "egg.count"),
        egg_secret=_value(variant, "egg.secret"),
        single_order=tuple(_value(variant, "ranking.single_order")),
        sequence_order=tuple(_value(variant, "ranking.sequence_order")),
        catalogue=catalogue,
        flush_applies_to=frozenset(_value(variant, "combinations.flush")["applies_to"]),
        flush_reach=_value(variant, "combinations.flush_reach"),
        bombs_beat_ordinary=_value(variant, "beating.bombs_beat_ordinary"),
        first_lead_with_banker_card=_value(variant, "play.first_lead_with_banker_card"),
        pass_locks_out=_value(variant, "play.pass_locks_out"),
        next_leader=_value(variant, "play.next_leader"),
        exchange_timing=_value(variant, "exchange.timing"),
        banker_tribute=_value(variant, "exchange.banker_tribute"),
        match_hands=_value(variant, "match.hands"),
    )


@lru_cache(maxsize=64)
def _rules_by_id(variant_id: str) -> BiedanRules:
    return rules_from_variant(load_variant(variant_id))


def rules_for(variant: str | Variant | BiedanRules) -> BiedanRules:
    """The rules of a playable Biedan variant: a bundled id (cached), a loaded :class:`Variant`, or rules as they
    are.

    Raises:
        RulesError: as :func:`rules_from_variant`; SpecError: the variant cannot be loaded.
    """
    if isinstance(variant, BiedanRules):
        return variant
    if isinstance(variant, str):
        return _rules_by_id(variant)
    return rules_from_variant(variant)


def rules_with(base_id: str, overrides: dict[str, Any], variant_id: str | None = None) -> BiedanRules:
    """The rules of a variant built in memory: a bundled Biedan variant with some rule values replaced (tests, the
    mutation check's ``Patcher.rules``; texts and provenance are kept).

    Args:
        base_id: e.g. ``"biedan/biedan-guide"``; overrides: rule id → value (``{"play.next_leader":
        "next_of_last_player"}``); variant_id: the id of the result (default ``base_id + "+house"``).

    Raises:
        RulesError: an override names a rule the base lacks, or as :func:`rules_from_variant`.
    """
    return rules_from_variant(variant_with(base_id, overrides, RulesError, variant_id))
