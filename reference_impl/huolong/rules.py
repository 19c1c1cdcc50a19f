"""A typed view of a resolved Huolong variant: every rule value the engine needs, read from the data.

:func:`rules_for` loads a variant (``extends`` applied) and returns a frozen :class:`HuolongRules`.
Nothing here carries a game rule of its own: each field is the ``value`` of one rule item of the
variant file (its rule id is given beside the field), and values the engine does not know how to
play are refused at load time with a one-line :class:`RulesError`, so that a house variant with an
unsupported option fails early and clearly instead of deep inside a hand.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..cards import ALL_CARDS, JOKERS
from ..variant import Variant, load_variant

TEAMS: tuple[str, str] = ("banker_team", "attackers")
"""The two teams of a hand, named by their role in it."""

TRUMP_CLASSES: frozenset[str] = frozenset({
    "big_joker", "small_joker", "trump_suit_level", "off_suit_level",
    "trump_suit_two", "off_suit_two", "trump_suit_plain",
})
"""The card classes ``ranking.trump_order`` may list."""

SETTLE_CONDITIONS: frozenset[str] = frozenset({
    "attacker_points", "bottom_dug", "bottom_big_jokers", "banker_level", "dug_with_level_rank", "dug_with_big_joker",
})
SETTLE_EFFECTS: frozenset[str] = frozenset({"banker", "advance", "set_level", "stakes", "match_winner"})
ROTATION_SEAT_OFFSETS: dict[str, int] = {"banker": 0, "banker_next": 1, "banker_partner": 2, "banker_previous": 3}
"""Rotation values (``rotation.keep`` / ``rotation.take_over``) → seat offset from this hand's banker."""

TEAM_ALTERNATES = "team_alternates"
"""``rotation.take_over`` value: the partner of the seat the attacking team last had as banker (see
:meth:`HuolongRules.next_banker`)."""

DEAL_METHODS: tuple[str, ...] = ("one_card_each_in_turn",)
"""The values of ``deal.method`` the engine can deal (see :mod:`.dealing`)."""

STAR_BURIAL_ORDERS: dict[str, tuple[int, ...]] = {"attackers_first": (1, 3, 0, 2), "simultaneous": (3, 1, 2, 0)}
"""``star_burial.order`` values → seat offsets from the banker, in turn order (``simultaneous``: no turn order; the
offsets are the order the bots are asked and the forced loads are made: the app hands cards back to the banker's
previous player, next player, partner in that order)."""

EXCHANGE_EXCLUSIONS: frozenset[str] = frozenset({"point_cards", "meteor_cards", "big_jokers"})
"""The values ``star_burial.exchange.exclude`` may list (see :func:`.burying.exchange_card`)."""

SUPPORTED: dict[str, tuple[Any, ...]] = {
    "players.partnership": ("opposite_seats",),
    "deal.method": DEAL_METHODS,
    "levels.hand_level": ("banker_team",),
    "levels.past_last_level": ("match_won",),
    "ranking.trumps_beat_side": (True,),
    "ranking.ties": ("first_played",),
    "points.captured_by": ("trick_winner_team",),
    "lead.one_combination": (True,),
    "lead.first_trick": ("banker",),
    "lead.next_trick": ("trick_winner",),
    "follow.same_count": (True,),
    "follow.follow_suit": ("as_far_as_possible",),
    "follow.shape": ("free", "match_when_held"),
    "follow.meteor_obliges_pair": (False, True),
    "follow.keep_meteors_whole": (False, True),
    "trick.winner": ("highest_of_led_shape",),
    "trick.ruff_same_shape": (True, False),
    "bottom.dig": ("last_trick_winner",),
    "rotation.keep": tuple(ROTATION_SEAT_OFFSETS),
    "rotation.take_over": (*ROTATION_SEAT_OFFSETS, TEAM_ALTERNATES),
    "declaration.scope": ("match", "hand"),
    "declaration.overcall_by": ("any_player", "other_team", "not_current_declarer"),
    "declaration.next_card_joker": ("skip", "chain"),
    "declaration.window": ("during_deal", "until_bury"),
    "declaration.unresolved_show": ("lapses",),
    "declaration.nobody_declared": ("bottom_first_non_joker", "bottom_first_level_card", "redeal"),
    "declaration.show_all_big_jokers": (True, False),
    "bury.cards": ("any", "side_only"),
    "bury.unmet_limits": ("any_bury",),
    "bury.big_jokers": ("star_burial_only", "allowed"),
    "star_burial.enabled": (True, False),
    "star_burial.who": ("either_team", "banker_team", "attackers"),
    "star_burial.order": tuple(STAR_BURIAL_ORDERS),
    "star_burial.policy": ("slow", "fast"),
    "star_burial.success": ("loader_team_wins_last_trick", "last_trick_and_points"),
    "star_burial.on_failure": ("wasted", "opponents_gain", "opponents_gain_if_points_lost"),
    "star_burial.row_advance": ("added", "replaced"),
    "star_burial.banker_jokers": ("after_bury", "with_bury"),
}
"""Rule id → the values the engine plays, for every rule whose value is one of a few names or a flag.

The engine follows each of these rules in code (the value names what the code does); any other value
is refused when the rules are built. Rules with richer values (tables, lists, numbers) are checked
one by one in :func:`_check`.
"""


class RulesError(ValueError):
    """A variant whose rule values the Huolong engine cannot play (one-line message naming the rule id)."""


@dataclass(frozen=True, eq=False)
class HuolongRules:
    """The rule values of one resolved Huolong variant (field → rule id under ``rules``).

    Units: points are card points (5/10/K), levels are ranks of ``level_order``, seats 0–3.
    Instances are cached per variant id (:func:`rules_for`) and compared by identity.
    """

    variant_id: str
    players: int                          # players.count
    partnership: str                      # players.partnership
    decks: int                            # deck.decks
    jokers_per_deck: int                  # deck.jokers_per_deck
    hand_size: int                        # deal.hand_size
    bottom_size: int                      # deal.bottom_size
    deal_method: str                      # deal.method: one_card_each_in_turn
    first_drawer: dict                    # deal.first_drawer  {first_hand: seat, later_hands: ...}
    level_order: tuple[str, ...]          # levels.order (lowest first)
    start_level: str                      # levels.start
    past_last_level: str                  # levels.past_last_level
    stop_levels: dict                     # levels.stop_levels {ranks, jumps_stop, attackers_advance}
    permanent_trumps: dict                # trumps.permanent {jokers: bool, ranks: [rank]}
    level_rank_trumps: bool               # trumps.level_rank
    trump_suit_trumps: bool               # trumps.trump_suit
    trump_order: tuple[str, ...]          # ranking.trump_order (strongest class first)
    plain_order: tuple[str, ...]          # ranking.plain_order (strongest rank first)
    ties: str                             # ranking.ties
    card_points: dict[str, int]           # points.card_points  rank → points
    threshold: int                        # points.threshold
    combinations: tuple[dict, ...]        # combinations.catalogue  [{name, size, identical}]
    lead_one_combination: bool            # lead.one_combination
    follow_same_count: bool               # follow.same_count
    follow_suit: str                      # follow.follow_suit
    follow_shape: str                     # follow.shape: free | match_when_held
    meteor_obliges_pair: bool             # follow.meteor_obliges_pair
    keep_meteors_whole: bool              # follow.keep_meteors_whole
    trick_winner_rule: str                # trick.winner
    ruff_same_shape: bool                 # trick.ruff_same_shape
    bottom_dig: str                       # bottom.dig
    bottom_multiplier: int | dict         # bottom.multiplier: n, or {by_last_trick_size: {"1": n, …}}
    settlement_table: tuple[dict, ...]    # settlement.table  [{name, when, then}]
    stakes_enabled: bool                  # stakes.enabled
    rotation_keep: str                    # rotation.keep
    rotation_take_over: str               # rotation.take_over
    declaration: dict = field(default_factory=dict)   # declaration.*  rule name → value
    bury: dict = field(default_factory=dict)          # bury.*
    star_burial: dict = field(default_factory=dict)   # star_burial.*
    lead: dict = field(default_factory=dict)          # lead.*  (first_trick, next_trick, …)
    combo_by_size: dict[int, str] = field(default_factory=dict)
    """Derived: catalogue size → combination name (all catalogue combinations are identical cards)."""
    combo_size: dict[str, int] = field(default_factory=dict)
    """Derived: combination name → its size (``meteor`` → 3)."""
    point_map: dict[str, int] = field(default_factory=dict)
    """Derived from ``points.card_points``: each of the 54 distinct tokens → its points (jokers 0)."""

    @property
    def cards_total(self) -> int:
        """Cards in the pack: ``decks × (52 + jokers_per_deck)``."""
        return self.decks * (52 + self.jokers_per_deck)

    def bottom_factor(self, last_trick_size: int | None = None) -> int:
        """The factor of ``bottom.multiplier`` for a last trick of ``last_trick_size`` cards per player.

        An integer multiplier ignores the size; ``{by_last_trick_size: {"1": m1, …}}`` gives the entry of that size.

        Raises:
            ValueError: the multiplier depends on the size and ``last_trick_size`` is None or has no entry.
        """
        multiplier = self.bottom_multiplier
        if isinstance(multiplier, int):
            return multiplier
        table = bottom_factors(multiplier) or {}
        if last_trick_size is None:
            raise ValueError("the bottom multiplier depends on the last trick's size (last_trick_size is needed)")
        if last_trick_size not in table:
            raise ValueError(f"bottom.multiplier has no factor for a last trick of {last_trick_size} card(s) "
                             f"(sizes: {', '.join(map(str, sorted(table)))})")
        return table[last_trick_size]

    @property
    def bottom_factor_max(self) -> int:
        """The largest factor ``bottom.multiplier`` can apply (the integer itself, or the largest entry)."""
        multiplier = self.bottom_multiplier
        return multiplier if isinstance(multiplier, int) else max((bottom_factors(multiplier) or {0: 0}).values())

    def next_banker(self, banker: int, outcome: str, attackers_last_banker: int | None = None) -> int:
        """The next hand's banker seat after ``outcome`` (``keep`` or ``take_over``) by ``rotation.*``.

        Args:
            attackers_last_banker: the seat the attacking team last had as banker in the match, or None when it has
                not had the bank (then its lower seat counts, so its first banker is its higher seat). Read only by
                ``rotation.take_over: team_alternates``.

        Raises:
            RulesError: ``outcome`` is neither ``keep`` nor ``take_over``.
        """
        if outcome == "take_over" and self.rotation_take_over == TEAM_ALTERNATES:
            last = (banker + 1) % 2 if attackers_last_banker is None else attackers_last_banker
            return (last + 2) % self.players
        if outcome == "keep":
            offset = ROTATION_SEAT_OFFSETS[self.rotation_keep]
        elif outcome == "take_over":
            offset = ROTATION_SEAT_OFFSETS[self.rotation_take_over]
        else:
            raise RulesError(f"settlement.table: banker must be keep or take_over, got {outcome!r}")
        return (banker + offset) % self.players


def bottom_factors(multiplier: Any) -> dict[int, int] | None:
    """``bottom.multiplier`` by last-trick size: ``{size: factor}`` for ``{by_last_trick_size: {"1": 2, …}}``,
    None for an integer multiplier (the same factor whatever the size)."""
    if isinstance(multiplier, dict):
        return {int(size): int(factor) for size, factor in (multiplier.get("by_last_trick_size") or {}).items()}
    return None


def _section(variant: Any, name: str) -> dict:
    """All rule values of one section (``declaration`` → {scope: …, shows: …}); {} when absent."""
    items = variant.data.get("rules", {}).get(name, {}) or {}
    return {key: item["value"] for key, item in items.items() if isinstance(item, dict) and "value" in item}


def _require(cond: bool, rule_id: str, message: str) -> None:
    if not cond:
        raise RulesError(f"{rule_id}: {message}")


def _one_of(value: Any, allowed: tuple[Any, ...]) -> bool:
    """``value`` is one of ``allowed`` with the same type (``1`` is not ``True``)."""
    return any(type(value) is type(a) and value == a for a in allowed)


def _check_supported(rule: Any) -> None:
    """Refuse a value of :data:`SUPPORTED` the engine does not play (``rule(rule_id)`` reads a value)."""
    for rule_id, allowed in SUPPORTED.items():
        value = rule(rule_id)
        _require(_one_of(value, allowed), rule_id,
                 f"unsupported value {value!r} (supported: {', '.join(map(repr, allowed))})")


def _check(rules: HuolongRules) -> None:
    """Refuse the richer values the engine cannot play (one RulesError naming the first bad rule id)."""
    _require(rules.players == 4, "players.count", f"the Huolong engine plays 4 players, got {rules.players}")
    later = rules.first_drawer.get("later_hands")
    _require(rules.first_drawer.get("first_hand") in range(rules.players)
             and (later == "banker" or (type(later) is int and later in range(rules.players))), "deal.first_drawer",
             f"unsupported value {rules.first_drawer!r} (first_hand: a seat, later_hands: banker or a seat)")
    _require(set(rules.trump_order) <= TRUMP_CLASSES, "ranking.trump_order",
             f"unknown classes {sorted(set(rules.trump_order) - TRUMP_CLASSES)}")
    _require(rules.start_level in rules.level_order, "levels.start", f"{rules.start_level!r} is not in levels.order")
    missing = {"ranks", "jumps_stop", "attackers_advance"} - set(rules.stop_levels)
    _require(not missing, "levels.stop_levels", f"missing {sorted(missing)}")
    _require(rules.jokers_per_deck in (0, 2), "deck.jokers_per_deck",
             f"the Huolong engine plays decks with both jokers or none, got {rules.jokers_per_deck}")
    bad_stops = [r for r in rules.stop_levels.get("ranks", []) if r not in rules.level_order]
    _require(not bad_stops, "levels.stop_levels", f"ranks {bad_stops} are not in levels.order")
    for combo in rules.combinations:
        _require(combo.get("identical", False) is True, "combinations.catalogue",
                 f"{combo.get('name')!r}: only combinations of identical cards are supported")
    _require(len(rules.combo_by_size) == len(rules.combinations), "combinations.catalogue",
             "two combinations have the same size")
    for row in rules.settlement_table:
        name = row.get("name", "?")
        unknown = set(row.get("when", {})) - SETTLE_CONDITIONS
        _require(not unknown, "settlement.table", f"row {name!r}: unknown conditions {sorted(unknown)}")
        unknown = set(row.get("then", {})) - SETTLE_EFFECTS
        _require(not unknown, "settlement.table", f"row {name!r}: unknown effects {sorted(unknown)}")
        then = row.get("then", {})
        _require(then.get("banker") in ("keep", "take_over"), "settlement.table",
                 f"row {name!r}: banker must be keep or take_over")
        for key in ("advance", "set_level", "stakes"):
            _require(set(then.get(key, {})) <= set(TEAMS), "settlement.table",
                     f"row {name!r}: {key} names an unknown team")
        for rank in then.get("set_level", {}).values():
            _require(rank in rules.level_order, "settlement.table", f"row {name!r}: {rank!r} is not a level")
        _require(then.get("match_winner") in (None, *TEAMS), "settlement.table",
                 f"row {name!r}: match_winner must be a team")
    factors = bottom_factors(rules.bottom_multiplier)
    if factors is not None:
        missing_sizes = ", ".join(map(str, sorted(set(rules.combo_by_size) - set(factors))))
        _require(not missing_sizes, "bottom.multiplier",
                 f"by_last_trick_size has no factor for a last trick of {missing_sizes} card(s) "
                 f"(one is needed per size of combinations.catalogue: "
                 f"{', '.join(map(str, sorted(rules.combo_by_size)))})")
    if rules.star_burial["enabled"]:
        _require(bool(rules.star_burial["levels_per_joker"]), "star_burial.levels_per_joker",
                 "needs at least one entry")
        small = rules.star_burial.get("small_joker_levels")
        _require(type(small) is int and small >= 0, "star_burial.small_joker_levels",
                 f"expected an integer ≥ 0, got {small!r}")
        exchange = rules.star_burial["exchange"] or {}
        _require(exchange.get("take_back") == "smallest", "star_burial.exchange",
                 f"unsupported take_back {exchange.get('take_back')!r} (smallest)")
        _require(exchange.get("ties") == "suit_order", "star_burial.exchange",
                 f"unsupported ties {exchange.get('ties')!r} (suit_order)")
        exclude = set(exchange.get("exclude") or ())
        _require(exclude <= EXCHANGE_EXCLUSIONS, "star_burial.exchange",
                 f"unsupported exclude {sorted(exclude - EXCHANGE_EXCLUSIONS)} (supported: {sorted(EXCHANGE_EXCLUSIONS)})")
        _require("meteor_cards" not in exclude or "meteor" in rules.combo_size, "star_burial.exchange",
                 "meteor_cards needs a meteor in combinations.catalogue")


def rules_for(variant_id: Any) -> HuolongRules:
    """The rules of a playable Huolong variant (cached per id).

    Args:
        variant_id: e.g. ``"huolong/li-zhijiang"``, or a resolved ``Variant`` (a house variant; see
            :func:`rules_from_variant`).

    Returns:
        A frozen :class:`HuolongRules`.

    Raises:
        RulesError: as :func:`rules_from_variant`.
        FileNotFoundError: no such variant file.
    """
    if not isinstance(variant_id, str):
        return rules_from_variant(variant_id)
    return _rules_for_id(variant_id)


@lru_cache(maxsize=None)
def _rules_for_id(variant_id: str) -> HuolongRules:
    return rules_from_variant(load_variant(variant_id))


rules_for.cache_clear = _rules_for_id.cache_clear  # type: ignore[attr-defined]
rules_for.cache_info = _rules_for_id.cache_info  # type: ignore[attr-defined]


def rules_from_variant(variant: Any) -> HuolongRules:
    """The rules of an already resolved variant (a ``Variant`` with ``id``, ``data``, ``abstract``, ``rule()``).

    Used for variants built in memory (tests, house variants not yet on disk); not cached.

    Raises:
        RulesError: the variant is abstract, not a Huolong variant, misses a rule item the engine
            needs (named by rule id), or has a value the engine cannot play.
    """
    variant_id = variant.id
    if variant.data.get("game") != "huolong":
        raise RulesError(f"{variant_id}: not a Huolong variant")
    if variant.abstract:
        raise RulesError(f"{variant_id}: an abstract variant cannot be played")

    def rule(path: str) -> Any:
        try:
            return variant.rule(path)
        except (KeyError, TypeError):
            raise RulesError(f"{variant_id}: rule {path} is missing") from None

    catalogue = tuple(dict(c) for c in rule("combinations.catalogue"))
    points = {str(k): v for k, v in rule("points.card_points").items()}
    rules = HuolongRules(
        variant_id=variant_id,
        players=rule("players.count"),
        partnership=rule("players.partnership"),
        decks=rule("deck.decks"),
        jokers_per_deck=rule("deck.jokers_per_deck"),
        hand_size=rule("deal.hand_size"),
        bottom_size=rule("deal.bottom_size"),
        deal_method=rule("deal.method"),
        first_drawer=dict(rule("deal.first_drawer")),
        level_order=tuple(str(r) for r in rule("levels.order")),
        start_level=str(rule("levels.start")),
        past_last_level=rule("levels.past_last_level"),
        stop_levels=dict(rule("levels.stop_levels")),
        permanent_trumps=dict(rule("trumps.permanent")),
        level_rank_trumps=rule("trumps.level_rank"),
        trump_suit_trumps=rule("trumps.trump_suit"),
        trump_order=tuple(rule("ranking.trump_order")),
        plain_order=tuple(str(r) for r in rule("ranking.plain_order")),
        ties=rule("ranking.ties"),
        card_points={k: int(v) for k, v in points.items()},
        threshold=rule("points.threshold"),
        combinations=catalogue,
        lead_one_combination=rule("lead.one_combination"),
        follow_same_count=rule("follow.same_count"),
        follow_suit=rule("follow.follow_suit"),
        follow_shape=rule("follow.shape"),
        meteor_obliges_pair=rule("follow.meteor_obliges_pair"),
        keep_meteors_whole=rule("follow.keep_meteors_whole"),
        trick_winner_rule=rule("trick.winner"),
        ruff_same_shape=rule("trick.ruff_same_shape"),
        bottom_dig=rule("bottom.dig"),
        bottom_multiplier=rule("bottom.multiplier"),
        settlement_table=tuple(rule("settlement.table")),
        stakes_enabled=rule("stakes.enabled"),
        rotation_keep=rule("rotation.keep"),
        rotation_take_over=rule("rotation.take_over"),
        declaration=_section(variant, "declaration"),
        bury=_section(variant, "bury"),
        star_burial=_section(variant, "star_burial"),
        lead=_section(variant, "lead"),
        combo_by_size={int(c["size"]): c["name"] for c in catalogue},
        combo_size={c["name"]: int(c["size"]) for c in catalogue},
        point_map={c: 0 if c in JOKERS else int(points.get(c[1:], 0)) for c in ALL_CARDS},
    )
    _check_supported(rule)
    _check(rules)
    return rules


def rules_with(base_id: str, overrides: dict[str, Any], variant_id: str | None = None) -> HuolongRules:
    """The rules of a house variant built in memory: a published variant with some rule values replaced.

    Args:
        base_id: the variant extended, e.g. ``"huolong/datong-guide"``.
        overrides: rule id → new value, e.g. ``{"follow.shape": "match_when_held"}``; the rule
            item's text and provenance are kept (this is for tests and experiments, not for rulebooks).
        variant_id: the id to give the result (default ``base_id + "+house"``).

    Raises:
        RulesError: as :func:`rules_from_variant`, or an override names a rule the base lacks.
    """
    base = load_variant(base_id)
    data = copy.deepcopy(base.data)
    for path, value in overrides.items():
        node = data.get("rules", {})
        parts = path.split(".")
        for part in parts:
            if not isinstance(node, dict) or part not in node:
                raise RulesError(f"{base_id}: cannot override {path}: no such rule")
            node = node[part]
        node["value"] = copy.deepcopy(value)
    return rules_from_variant(Variant(variant_id or f"{base_id}+house", data))
