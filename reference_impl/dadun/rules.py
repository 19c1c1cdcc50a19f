"""A typed view of a resolved 打墩 Dadun variant: every rule value the engine reads, taken from the data.

:func:`rules_for` returns a frozen :class:`DadunRules`; each field is the ``value`` of one rule item (rule id beside
the field). Values the engine cannot play are refused with a one-line :class:`RulesError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..cards import ALL_CARDS, card_rank
from ..climbing.cardset import FACES
from ..climbing.catalogue import RUN_LENGTHS, Between, Combination, OneOf, read_catalogue
from ..climbing.seats import RoundRules
from ..climbing.variant_rules import RulesSource, check_played, reader, round_rules
from ..variant import Variant

SUPPORTED: dict[str, tuple[Any, ...]] = {
    "players.count": (4,),
    "players.partnership": ("fixed_partnerships",),
    "players.play_direction": ("counter_clockwise", "clockwise"),
    "deck.decks": (3, 2),
    "deck.jokers_per_deck": (2,),
    "deal.method": ("one_card_each_in_turn",),
    "marked_card.drawn_by": ("first_drawer",),
    "marked_card.first_lead": ("holder",),
    "marked_card.later_hands": ("same_as_first", "lead_only"),
    "ranking.suits": ("equal",),
    "ranking.lead_means": ("round_opening", "hand_opening", "none"),
    "ranking.level_beats_led_level": (True, False),
    "ranking.full_house_pair": ("face_value", "promoted"),
    "wild.never_pair_with_joker": (True, False),
    "wild.for_jokers": ("never", "allowed"),
    "wild.alone": ("level_card", "declared"),
    "wild.only_wilds": ("natural", "declared"),
    "wild.three_wilds_dun": (True, False),
    "combinations.pairs_of_jokers": ("same_joker",),
    "combinations.triple_run_ace": ("low", "printed"),
    "combinations.dun_also_triple": (True, False),
    "combinations.flush_also_straight": (True, False),
    "combinations.linked_bomb_halves": ("equal", "smaller_half"),
    "combinations.ace_two_link": ("full_house", "every_linked_shape"),
    "combinations.runs_skip_level": ("face_value", "skipped"),
    "beating.follow": ("same_combination_same_size",),
    "beating.bombs_beat_ordinary": (True, False),
    "beating.linked_dun_order": ("interleaved", "higher_rank", "adjacent_above_equal"),
    "play.pass": ("always",),
    "play.pass_locks_out": (True, False),
    "play.round_end": ("all_others_passed",),
    "play.next_leader": ("last_player",),
    "play.wind": ("partner",),
    "play.wind_partner_out": ("next_active_player",),
    "points.capture": ("last_player_of_round",),
    "points.final_round": ("third_out",),
    "points.last_out": ("void",),
    "merging.stages": ("staged", "pairs_only"),
    "levels.played": ("last_winner",),
}
"""Rule id → the values the engine plays, for rules whose value is a name or a flag (kept equal to the enums of
spec/schema/games/dadun/rules.schema.json by a test)."""


PLAYED: dict[str, Any] = {
    "ranking.power_order": ["BJ", "LJ", "level", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"],
    "wild.never_in": frozenset(("dun", "linked_dun")),
}
"""Rule id → the one value of a list or mapping the engine plays (the others are refused, never ignored)."""


class RulesError(ValueError):
    """A variant the Dadun engine cannot play (one line: the variant id and the rule)."""


CATALOGUE: dict[str, dict[str, Any]] = {
    "single": {"shape": "same_rank", "size": 1, "tier": "ordinary", "key": "power"},
    "pair": {"shape": "same_rank", "size": 2, "tier": "ordinary", "key": "power"},
    "triple": {"shape": "same_rank", "size": 3, "tier": "ordinary", "key": "power"},
    "full_house": {"shape": "triple_with_pair", "size": 5, "pair": OneOf(("adjacent_rank", "any_rank")),
                   "tier": "ordinary", "key": OneOf((["triple_power", "pair"], "triple_power"))},
    "straight": {"shape": "sequence", "unit": 1, "length": Between(*RUN_LENGTHS), "tier": "ordinary", "key": "top"},
    "pair_run": {"shape": "sequence", "unit": 2, "length": Between(*RUN_LENGTHS), "tier": "ordinary", "key": "top"},
    "triple_run": {"shape": "sequence", "unit": 3, "length": Between(*RUN_LENGTHS), "tier": "ordinary", "key": "top"},
    "straight_flush": {"shape": "sequence", "unit": 1, "length": Between(*RUN_LENGTHS), "suited": True, "tier": "bomb",
                       "key": "top"},
    "bomb": {"shape": "same_rank", "min_size": 4, "tier": "bomb", "key": ["ladder", "power"]},
    "linked_bomb": {"shape": "linked", "count": 2, "unit": "bomb", "relation": "adjacent", "tier": "bomb",
                    "key": ["ladder", "base"]},
    "dun": {"shape": "identical", "size": 3, "tier": "dun", "key": "power"},
    "linked_dun": {"shape": "linked", "count": 2, "unit": "dun", "relation": "adjacent_or_equal",
                   "tier": "linked_dun", "key": "linked_dun_order"},
    "joker_bomb": {"shape": "fixed_set", "cards": ["BJ", "BJ", "LJ", "LJ"], "tier": "bomb", "key": "ladder"},
}
"""combinations.catalogue: each combination the engine plays, with the fields it plays (templates of
:func:`..climbing.catalogue.read_catalogue`; runs of any length from 2 to 13 ranks)."""


@dataclass(frozen=True)
class DadunRules:
    """The rules of one playable Dadun variant (every field is one rule's value; rule id in the comment)."""

    variant_id: str
    players: int  # players.count
    play_direction: str  # players.play_direction
    decks: int  # deck.decks
    hand_sizes: tuple[int, ...]  # deal.hand_sizes (from the first drawer on)
    count_values: dict[str, Any]  # cut.count.values
    marked_later: str  # marked_card.later_hands
    bonus_all_three: int  # marked_card.bonus_all_three
    bonus_partner_pair: int  # marked_card.bonus_partner_pair.levels
    power_order: tuple[str, ...]  # ranking.power_order (high to low, with "level")
    sequence_order: tuple[str, ...]  # ranking.sequence_order.order (low to high; the A may be at both ends)
    promoted_types: frozenset[str]  # ranking.level_promotion.applies_to
    lead_means: str  # ranking.lead_means
    level_beats_led_level: bool  # ranking.level_beats_led_level
    full_house_pair: str  # ranking.full_house_pair
    wild_suit: str  # wild.cards.suit
    wild_never_pair_with_joker: bool  # wild.never_pair_with_joker
    wild_for_jokers: str  # wild.for_jokers
    wild_alone: str  # wild.alone
    wild_only_wilds: str  # wild.only_wilds
    three_wilds_dun: bool  # wild.three_wilds_dun
    catalogue: tuple[str, ...]  # combinations.catalogue (names, in order)
    combinations: tuple[Combination, ...]  # combinations.catalogue (the entries)
    full_house_ace: frozenset[str]  # combinations.full_house_adjacency.ace, with 2 when ace_two_link says so
    full_house_any_pair: bool  # combinations.catalogue: the full house's pair: any_rank (else adjacent_rank)
    full_house_pair_key: bool  # combinations.catalogue: the full house's key [triple_power, pair] (else triple_power)
    full_house_joker_pair: bool  # combinations.full_house_adjacency.jokers: as_pair (else excluded)
    triple_run_ace: str  # combinations.triple_run_ace
    dun_also_triple: bool  # combinations.dun_also_triple
    flush_also_straight: bool  # combinations.flush_also_straight
    linked_order: tuple[str, ...]  # combinations.linked_adjacency.order
    linked_bomb_halves: str  # combinations.linked_bomb_halves
    ace_two_link: str  # combinations.ace_two_link
    runs_skip_level: str  # combinations.runs_skip_level
    bombs_beat_ordinary: bool  # beating.bombs_beat_ordinary
    ladder: tuple[tuple[str, int], ...]  # beating.bomb_ladder + beating.bomb_ladder_extension (low to high)
    linked_dun_order: str  # beating.linked_dun_order
    pass_locks_out: bool  # play.pass_locks_out
    round: RoundRules  # play.pass_locks_out, play.next_leader, play.wind, play.wind_partner_out, hand_end.when
    point_cards: dict[str, int]  # points.cards (none: empty)
    has_points: bool  # points.cards is not none (none: the hand is settled by places only)
    merging: str  # merging.stages
    partners_first_second_levels: int  # settlement.partners_first_second.levels
    thresholds: tuple[int, int]  # settlement.thresholds (first side, other side)
    levels_rule: dict[str, int]  # settlement.levels
    start_level: str  # levels.start
    level_order: tuple[str, ...]  # levels.order
    max_hands: int  # match.max_hands
    a_rule: str = "win_at_a"  # match.end.win
    failures_at_a: int | None = None  # match.end.failures_at_a (None: a team stays at A however often it fails)
    a_own_level: bool = False  # match.end.at: own_level_a (a team passes A only in a hand at its own level A)
    tribute: dict[str, Any] | None = None  # settlement.tribute (None for the value none)

    @property
    def cards_total(self) -> int:
        """Cards in the pack (54 per deck)."""
        return 54 * self.decks

    def sequence(self, combination: str) -> tuple[int, int]:
        """(length in ranks, cards per rank) of a run of the catalogue [combinations.catalogue]; (0, 0) when the
        catalogue has no such run."""
        return self._runs.get(combination, (0, 0))

    def windows(self, length: int, level: str = "") -> tuple[tuple[str, ...], ...]:
        """The runs of ``length`` ranks at ``level``, lowest first: every slice of ``ranking.sequence_order`` that
        names no rank twice (with the A at both ends, A2345 is the lowest straight and 10JQKA the highest); with
        ``combinations.runs_skip_level: skipped`` the level rank is first taken out of the order, so the ranks on
        either side of it are adjacent (at level 8: 5679 10) [ranking.sequence_order, combinations.runs_skip_level].
        A run's compare key is its index here."""
        gap = level if self.runs_skip_level == "skipped" else ""
        found = self._windows.get(gap)
        if found is None:
            order = tuple(r for r in self.sequence_order if r != gap)
            found = self._windows[gap] = {
                n: tuple(w for w in (order[i:i + n] for i in range(len(order) - n + 1)) if len(set(w)) == n)
                for n in range(1, len(order) + 1)}
        return found.get(length) or ()

    @cached_property
    def _windows(self) -> dict[str, dict[int, tuple[tuple[str, ...], ...]]]:
        return {}

    @cached_property
    def _runs(self) -> dict[str, tuple[int, int]]:
        return {c.name: (c.min_length, int(c.unit)) for c in self.combinations if c.shape == "sequence"}

    @cached_property
    def card_points(self) -> dict[str, int]:
        """Card token → its points [points.cards] (0 for a card of no point rank)."""
        return {card: self.point_cards.get(card_rank(card), 0) for card in ALL_CARDS}

    @cached_property
    def catalogue_order(self) -> dict[str, int]:
        """Combination name → its position in the catalogue (the order of readings) [combinations.catalogue]."""
        return {name: i for i, name in enumerate(self.catalogue)}

    def linked_steps(self, level: str) -> tuple[tuple[str, str, int], ...]:
        """The adjacent rank pairs of linked duns and linked bombs at ``level`` as (lower, higher, base) triples,
        base being the lower rank's place in the linked order (0 for 2–3); with ``combinations.ace_two_link:
        every_linked_shape`` also (A, 2, -1), the A standing below the 2; with ``combinations.runs_skip_level:
        skipped`` the level rank is out of the order and its neighbours link (at level 6: (5, 7)), so no pair holds
        the level rank [combinations.linked_adjacency, combinations.ace_two_link, combinations.runs_skip_level]."""
        return self._links(level)[0]

    def link_base(self, rank: str, level: str) -> int:
        """The place of ``rank`` in the linked order at ``level`` (the base of two duns of that rank, comparable
        with :meth:`linked_steps`' bases)."""
        return self._links(level)[1][rank]

    def _links(self, level: str) -> tuple[tuple[tuple[str, str, int], ...], dict[str, int]]:
        gap = level if self.runs_skip_level == "skipped" else ""
        found = self._link_memo.get(gap)
        if found is None:
            order = [r for r in self.linked_order if r != gap]
            low_ace = self.ace_two_link == "every_linked_shape" and self.linked_order[0] == "2" and \
                self.linked_order[-1] == "A" and gap != "A"
            if low_ace:
                order = ["A"] + order
            shift = int(low_ace)
            steps = tuple((a, b, i - shift) for i, (a, b) in enumerate(zip(order, order[1:])))
            found = self._link_memo[gap] = (steps, {r: i - shift for i, r in enumerate(order)})
        return found

    @cached_property
    def _link_memo(self) -> dict[str, tuple[tuple[tuple[str, str, int], ...], dict[str, int]]]:
        return {}

    def linked_step(self, a: str, b: str, level: str) -> tuple[str, str, int] | None:
        """The (lower, higher, base) step of :meth:`linked_steps` at ``level`` joining ranks ``a`` and ``b`` (either
        order), or None when they do not link (remembered)."""
        slot = (a, b, level)
        memo = self._step_memo
        if slot not in memo:
            memo[slot] = next((step for step in self.linked_steps(level) if {step[0], step[1]} == {a, b}), None)
        return memo[slot]

    @cached_property
    def _step_memo(self) -> dict[tuple[str, str, str], tuple[str, str, int] | None]:
        return {}

    def ladder_step(self, combination: str, size: int) -> int | None:
        """Position (0 = lowest) of a bomb-tier play on the ladder, or None when the ladder has no such step."""
        return self._ladder_places.get((combination, size))

    @cached_property
    def _ladder_places(self) -> dict[tuple[str, int], int]:
        """Each step of the ladder → its first position."""
        places: dict[tuple[str, int], int] = {}
        for i, step in enumerate(self.ladder):
            places.setdefault(step, i)
        return places


def rules_from_variant(variant: Variant) -> DadunRules:
    """The rules of a resolved variant (not cached).

    Raises:
        RulesError: not a Dadun variant, abstract, a rule missing, or a value the engine cannot play.
    """
    v = reader(variant, "dadun", SUPPORTED, RulesError, "Dadun")
    check_played(variant, PLAYED, RulesError, "Dadun")
    if set(v("combinations.linked_adjacency")["jokers"]) != {"LJ", "BJ"}:
        raise RulesError(f"{variant.id}: combinations.linked_adjacency: jokers = "
                         f"{v('combinations.linked_adjacency')['jokers']!r} is not played by the engine (it plays: "
                         "['LJ', 'BJ']: the small-joker dun links with the big-joker dun)")
    hand_sizes = tuple(v("deal.hand_sizes"))
    if sum(hand_sizes) != 54 * v("deck.decks") or len(hand_sizes) != v("players.count"):
        raise RulesError(f"{variant.id}: deal.hand_sizes must give every card of the pack to the 4 players")
    ladder = tuple((s["combination"], s["size"]) for s in list(v("beating.bomb_ladder")) + list(
        v("beating.bomb_ladder_extension")))
    levels_rule = dict(v("settlement.levels"))
    points = v("points.cards")
    if points == "none" and "partner_third" not in levels_rule:
        raise RulesError(f"{variant.id}: points.cards: none needs settlement.levels by place ({{partner_third, "
                         f"partner_last}}): without points no score decides the hand")
    combinations = read_catalogue(v("combinations.catalogue"), CATALOGUE, RulesError)
    for combo in combinations:
        if combo.name == "straight_flush" and ("straight_flush", combo.min_length) not in ladder:
            raise RulesError(f"{variant.id}: combinations.catalogue: a straight_flush of {combo.min_length} cards "
                             "has no step on beating.bomb_ladder")
        if combo.name == "joker_bomb" and ("joker_bomb", 4) not in ladder:
            raise RulesError(f"{variant.id}: combinations.catalogue: the joker_bomb has no step on beating.bomb_ladder "
                             "(add {combination: joker_bomb, size: 4} where it ranks)")
    full_house = next((c for c in combinations if c.name == "full_house"), None)
    _check_pack(variant.id, v("deck.decks"), combinations, v("settlement.tribute"))
    a_rule, failures_at_a = _match_end(variant.id, v("match.end"))
    return DadunRules(
        variant_id=variant.id,
        players=v("players.count"),
        play_direction=v("players.play_direction"),
        decks=v("deck.decks"),
        hand_sizes=hand_sizes,
        count_values=dict(v("cut.count")["values"]),
        marked_later=v("marked_card.later_hands"),
        bonus_all_three=v("marked_card.bonus_all_three"),
        bonus_partner_pair=v("marked_card.bonus_partner_pair")["levels"],
        power_order=tuple(v("ranking.power_order")),
        sequence_order=tuple(v("ranking.sequence_order")["order"]),
        promoted_types=frozenset(v("ranking.level_promotion")["applies_to"]),
        lead_means=v("ranking.lead_means"),
        level_beats_led_level=v("ranking.level_beats_led_level"),
        full_house_pair=v("ranking.full_house_pair"),
        wild_suit=v("wild.cards")["suit"],
        wild_never_pair_with_joker=v("wild.never_pair_with_joker"),
        wild_for_jokers=v("wild.for_jokers"),
        wild_alone=v("wild.alone"),
        wild_only_wilds=v("wild.only_wilds"),
        three_wilds_dun=v("wild.three_wilds_dun"),
        catalogue=tuple(combo.name for combo in combinations),
        combinations=combinations,
        full_house_ace=frozenset(v("combinations.full_house_adjacency")["ace"]) | {"2"},
        full_house_any_pair=full_house is not None and dict(full_house.extra).get("pair") == "any_rank",
        full_house_pair_key=full_house is None or full_house.key != "triple_power",
        full_house_joker_pair=v("combinations.full_house_adjacency")["jokers"] == "as_pair",
        triple_run_ace=v("combinations.triple_run_ace"),
        dun_also_triple=v("combinations.dun_also_triple"),
        flush_also_straight=v("combinations.flush_also_straight"),
        linked_order=tuple(v("combinations.linked_adjacency")["order"]),
        linked_bomb_halves=v("combinations.linked_bomb_halves"),
        ace_two_link=v("combinations.ace_two_link"),
        runs_skip_level=v("combinations.runs_skip_level"),
        bombs_beat_ordinary=v("beating.bombs_beat_ordinary"),
        ladder=ladder,
        linked_dun_order=v("beating.linked_dun_order"),
        pass_locks_out=v("play.pass_locks_out"),
        round=round_rules(v, ("play.wind", "play.wind_partner_out")),
        point_cards=dict(points) if points != "none" else {},
        has_points=points != "none",
        merging=v("merging.stages"),
        partners_first_second_levels=v("settlement.partners_first_second")["levels"],
        thresholds=(v("settlement.thresholds")["first_side"], v("settlement.thresholds")["other_side"]),
        levels_rule=levels_rule,
        start_level=v("levels.start"),
        level_order=tuple(v("levels.order")),
        max_hands=v("match.max_hands"),
        a_rule=a_rule,
        failures_at_a=failures_at_a,
        a_own_level=v("match.end").get("at", "any_level_a") == "own_level_a",
        tribute=_tribute(variant.id, v("settlement.tribute")),
    )


def _check_pack(variant_id: str, decks: int, combinations: tuple[Combination, ...], tribute: Any) -> None:
    """Refuse what ``deck.decks`` makes impossible: a combination of three identical cards (the dun, the linked
    dun) or a tribute resisted with more big jokers than the pack holds [deck.decks].

    Raises:
        RulesError: one line naming the rule.
    """
    identical = [c.name for c in combinations if c.shape == "identical" or c.unit == "dun"]
    if decks < 3 and identical:
        raise RulesError(f"{variant_id}: combinations.catalogue: {', '.join(identical)} need three identical cards, "
                         f"which {decks} decks do not hold (deck.decks: {decks})")
    if isinstance(tribute, dict) and isinstance(tribute.get("resist_big_jokers"), int) \
            and tribute["resist_big_jokers"] > decks:
        raise RulesError(f"{variant_id}: settlement.tribute: resist_big_jokers = {tribute['resist_big_jokers']} "
                         f"big jokers, but {decks} decks hold {decks} (deck.decks: {decks})")


A_RULES = ("win_at_a", "partner_not_last")
"""match.end.win: the values the engine plays."""

TRIBUTE_LEADS = ("giver", "marked_card")
"""settlement.tribute.lead: the values the engine plays."""


def _match_end(variant_id: str, value: dict) -> tuple[str, int | None]:
    """(match.end.win, match.end.failures_at_a or None) [match.end].

    Raises:
        RulesError: a ``win`` the engine does not play, or failures that are not a whole number of at least 1.
    """
    win, failures = value.get("win"), value.get("failures_at_a")
    if win not in A_RULES:
        raise RulesError(f"{variant_id}: match.end: win = {win!r} is not played by the engine (it plays: "
                         f"{', '.join(map(repr, A_RULES))})")
    if failures is not None and (type(failures) is not int or failures < 1):
        raise RulesError(f"{variant_id}: match.end: failures_at_a must be a whole number of at least 1 or null, "
                         f"got {failures!r}")
    return win, failures


def _tribute(variant_id: str, value: Any) -> dict[str, Any] | None:
    """The tribute between hands, None for ``none`` [settlement.tribute]: ``{from: last_out | losing_side, wild:
    kept | given, resist_big_jokers: n, return_at_most: rank, lead: giver | marked_card}``.

    Raises:
        RulesError: a value the engine does not play.
    """
    if value == "none":
        return None
    want = {"from": ("last_out", "losing_side"), "wild": ("kept", "given"), "lead": TRIBUTE_LEADS}
    if not isinstance(value, dict) or any(value.get(k) not in allowed for k, allowed in want.items()) or type(
            value.get("resist_big_jokers")) is not int or value.get("return_at_most") not in FACES:
        raise RulesError(f"{variant_id}: settlement.tribute = {value!r} is not played by the engine (it plays: "
                         "'none' or {from: last_out | losing_side, wild: kept | given, resist_big_jokers: n, "
                         "return_at_most: rank, lead: giver | marked_card})")
    return dict(value)


_SOURCE = RulesSource(DadunRules, rules_from_variant, RulesError)
rules_for = _SOURCE.rules_for
"""The rules of a playable Dadun variant: a bundled id (cached), a loaded Variant, or DadunRules as they are."""
rules_with = _SOURCE.rules_with
"""The rules of a bundled Dadun variant with some rule values replaced (tests, planted faults)."""
