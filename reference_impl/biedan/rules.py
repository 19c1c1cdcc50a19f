"""A typed view of a resolved 憋蛋 Biedan variant: every rule value the engine reads, taken from the data.

:func:`rules_for` loads a variant (or takes a :class:`~datong_rules.reference_impl.variant.Variant`) and returns a
frozen :class:`BiedanRules`. No rule constant lives here: each field is the ``value`` of one rule item (rule id
beside the field). Values the engine cannot play are refused with a one-line :class:`RulesError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..climbing.catalogue import ANY, Attachment, Combination, read_attachments, read_catalogue
from ..climbing.seats import RoundRules
from ..climbing.variant_rules import RulesSource, reader, round_rules
from ..variant import Variant

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
    "combinations.flush_reach": ("any_ranks", "same_ranks"),
    "combinations.attached_same_rank": (1, 2, 3, "3_beside_body"),
    "beating.follow": ("same_combination_same_count",),
    "beating.bombs_beat_ordinary": (True, False),
    "beating.rocket_beats_all": (True,),
    "play.first_lead": ("banker",),
    "play.first_lead_with_banker_card": (True, False),
    "play.pass": ("always", "only_when_unable"),
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


BESIDE_BODY = "3_beside_body"
"""The value of ``combinations.attached_same_rank`` that lets three attached singles of a rank lie next to a run's
main part (OpenSpiel's Dou Dizhu): three of a rank at most, as the value 3, but a set of cards may then read several
ways (docs/implementers/biedan-operations.md, ``classify``)."""


class RulesError(ValueError):
    """A variant the Biedan engine cannot play (one line: the variant id and the rule)."""


CATALOGUE: dict[str, dict[str, Any]] = {
    "same_rank": {"shape": "same_rank", "size": ANY, "tier": ANY},
    "sequence": {"shape": "sequence", "unit": ANY, "min_length": ANY, "max_length": ANY, "tier": ANY},
    "fixed_set": {"shape": "fixed_set", "cards": ANY, "tier": ANY},
}
"""combinations.catalogue: the shapes the engine plays, any size, unit, run lengths, cards and tier the schema
allows (templates of :func:`..climbing.catalogue.read_catalogue`)."""


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
    attachments: tuple[Attachment, ...]  # combinations.attachments (none: empty), combinations.attached_same_rank
    # (1, 2, 3: Attachment.same_rank; 3_beside_body: 3 and Attachment.beside_body)
    flush_applies_to: frozenset[str]  # combinations.flush
    flush_reach: str  # combinations.flush_reach
    bombs_beat_ordinary: bool  # beating.bombs_beat_ordinary
    first_lead_with_banker_card: bool  # play.first_lead_with_banker_card
    must_beat: bool  # play.pass: only_when_unable (a player able to beat the table may not pass)
    pass_locks_out: bool  # play.pass_locks_out
    next_leader: str  # play.next_leader
    round: RoundRules  # play.pass_locks_out, play.next_leader, play.leader_out (the wind), hand_end.when
    exchange_timing: str  # exchange.timing
    banker_tribute: str  # exchange.banker_tribute
    match_hands: int  # match.hands
    match_score: tuple[int, int, int]  # match.score: points added to the tally by first, second, third place
    match_target: int | None  # match.target: the tally that ends the match early (None: "none")

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


def rules_from_variant(variant: Variant) -> BiedanRules:
    """The rules of a resolved variant (not cached).

    Raises:
        RulesError: not a Biedan variant, abstract, a rule missing, or a value the engine cannot play.
    """
    value = reader(variant, "biedan", SUPPORTED, RulesError, "Biedan")
    catalogue = read_catalogue(value("combinations.catalogue"), CATALOGUE, RulesError)
    same_rank = value("combinations.attached_same_rank")
    beside_body = same_rank == BESIDE_BODY
    return BiedanRules(
        variant_id=variant.id,
        players=value("players.count"),
        play_direction=value("players.play_direction"),
        decks=value("deck.decks"),
        hand_size=value("deal.hand_size"),
        first_drawer_first_hand=value("deal.first_drawer")["first_hand"],
        first_banker_card=value("banker.first")["holder_of"],
        next_when_lost=value("banker.next_when_lost"),
        egg_size=value("egg.count"),
        egg_secret=value("egg.secret"),
        single_order=tuple(value("ranking.single_order")),
        sequence_order=tuple(value("ranking.sequence_order")),
        catalogue=catalogue,
        attachments=read_attachments(value("combinations.attachments"), catalogue, RulesError,
                                     3 if beside_body else same_rank, beside_body),
        flush_applies_to=frozenset(value("combinations.flush")["applies_to"]),
        flush_reach=value("combinations.flush_reach"),
        bombs_beat_ordinary=value("beating.bombs_beat_ordinary"),
        first_lead_with_banker_card=value("play.first_lead_with_banker_card"),
        must_beat=value("play.pass") == "only_when_unable",
        pass_locks_out=value("play.pass_locks_out"),
        next_leader=value("play.next_leader"),
        round=round_rules(value, ("play.leader_out",)),
        exchange_timing=value("exchange.timing"),
        banker_tribute=value("exchange.banker_tribute"),
        match_hands=value("match.hands"),
        match_score=tuple(value("match.score")[place] for place in ("first", "second", "third")),
        match_target=None if value("match.target") == "none" else value("match.target"),
    )


_SOURCE = RulesSource(BiedanRules, rules_from_variant, RulesError)
rules_for = _SOURCE.rules_for
"""The rules of a playable Biedan variant: a bundled id (cached), a loaded Variant, or BiedanRules as they are."""
rules_with = _SOURCE.rules_with
"""The rules of a bundled Biedan variant with some rule values replaced (tests, planted faults)."""
