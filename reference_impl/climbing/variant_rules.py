"""Reading a climbing game's rules from a resolved variant: the pieces every climbing game's ``rules.py`` shares
(checks, the value reader, the round's rules, ``rules_for`` / ``rules_with``).

Shared by 打墩 Dadun and 憋蛋 Biedan. No rule value lives here: the functions read values by rule id and check them
against the game's ``SUPPORTED`` table.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Generic, TypeVar

from ..variant import Variant, load_variant
from .seats import RoundRules


def rule_value(variant: Variant, rule_id: str, error: type[ValueError], game_name: str) -> Any:
    """The value of ``rule_id`` in ``variant``.

    Raises:
        error: the rule is missing (one line: variant id, game, rule id).
    """
    try:
        return variant.rule(rule_id)
    except KeyError:
        raise error(f"{variant.id}: the {game_name} engine needs rule {rule_id}") from None


def check_playable(variant: Variant, game: str, error: type[ValueError], game_name: str) -> None:
    """Refuse a variant of another game, or an abstract one.

    Raises:
        error: one line naming the variant and what is wrong.
    """
    if variant.data.get("game") != game:
        raise error(f"{variant.id}: not a {game_name} variant")
    if variant.abstract:
        raise error(f"{variant.id}: an abstract variant cannot be played")


def check_supported(variant: Variant, supported: dict[str, tuple[Any, ...]], error: type[ValueError],
                    game_name: str) -> None:
    """Refuse a variant with a value the engine does not play (``supported``: rule id → values).

    Raises:
        error: one line naming the rule, its value and the values the engine plays.
    """
    for rule_id, allowed in supported.items():
        value = rule_value(variant, rule_id, error, game_name)
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            raise error(f"{variant.id}: {rule_id} = {value!r} is not played by the engine "
                        f"(it plays: {', '.join(map(repr, allowed))})")


def check_played(variant: Variant, played: dict[str, Any], error: type[ValueError], game_name: str) -> None:
    """Refuse a structured value (a list, a mapping) the engine does not read but plays as one fixed value
    (``played``: rule id → that value; lists compare in order, a frozenset compares a list as a set).

    Raises:
        error: one line naming the rule, its value and the value the engine plays.
    """
    for rule_id, want in played.items():
        value = rule_value(variant, rule_id, error, game_name)
        same = set(value) == want if isinstance(want, frozenset) and isinstance(value, list) else value == want
        if not same:
            shown = sorted(want) if isinstance(want, frozenset) else want
            raise error(f"{variant.id}: {rule_id} = {value!r} is not played by the engine (it plays: {shown!r})")


def variant_with(base_id: str, overrides: dict[str, Any], error: type[ValueError],
                 variant_id: str | None = None) -> Variant:
    """A bundled variant with some rule values replaced (tests, planted faults); texts and provenance are kept.

    Raises:
        error: an override names a rule the base lacks.
    """
    data = copy.deepcopy(load_variant(base_id).data)
    for path, value in overrides.items():
        node: Any = data.get("rules", {})
        for part in path.split("."):
            if not isinstance(node, dict) or part not in node:
                raise error(f"{base_id}: cannot override {path}: no such rule")
            node = node[part]
        node["value"] = copy.deepcopy(value)
    return Variant(variant_id or f"{base_id}+house", data)


def round_rules(value: Callable[[str], Any], wind_rules: tuple[str, ...]) -> RoundRules:
    """The rules of a round (:class:`.seats.RoundRules`) read with ``value`` (rule id → value): play.pass_locks_out,
    play.next_leader, hand_end.when (a name or a list of names), and the wind from the rule ids ``wind_rules`` in
    order of preference (the game says which of its rules name who takes the wind)."""
    when = value("hand_end.when")
    return RoundRules(pass_locks_out=value("play.pass_locks_out"), next_leader=value("play.next_leader"),
                      wind=tuple(value(rule_id) for rule_id in wind_rules),
                      hand_end=(when,) if isinstance(when, str) else tuple(when))


def reader(variant: Variant, game: str, supported: dict[str, tuple[Any, ...]], error: type[ValueError],
           game_name: str) -> Callable[[str], Any]:
    """Check that ``variant`` is a playable variant of ``game`` with values the engine plays, and return its value
    reader: rule id → value.

    Raises:
        error: as :func:`check_playable` and :func:`check_supported`; the reader raises it for a missing rule.
    """
    check_playable(variant, game, error, game_name)
    check_supported(variant, supported, error, game_name)
    return lambda rule_id: rule_value(variant, rule_id, error, game_name)


R = TypeVar("R")


class RulesSource(Generic[R]):
    """Where a climbing game's typed rules come from: ``rules_for`` (a bundled id, cached; a loaded
    :class:`Variant`; or rules as they are) and ``rules_with`` (a bundled variant with some values replaced).

    A game's ``rules`` module makes one (``_SOURCE = RulesSource(DadunRules, rules_from_variant, RulesError)``) and
    publishes its two methods as the module functions ``rules_for`` and ``rules_with`` of the registry contract.
    """

    def __init__(self, rules_type: type[R], from_variant: Callable[[Variant], R], error: type[ValueError]) -> None:
        self._type = rules_type
        self._from_variant = from_variant
        self._error = error
        self._by_id = lru_cache(maxsize=64)(lambda variant_id: from_variant(load_variant(variant_id)))

    def rules_for(self, variant: str | Variant | R) -> R:
        """The rules of a playable variant: a bundled id (cached), a loaded :class:`Variant`, or rules as they are.

        Raises:
            the game's RulesError: not a variant of the game, abstract, a rule missing, or a value the engine cannot
            play; SpecError: the variant cannot be loaded.
        """
        if isinstance(variant, self._type):
            return variant
        if isinstance(variant, str):
            return self._by_id(variant)
        return self._from_variant(variant)  # type: ignore[arg-type]

    def rules_with(self, base_id: str, overrides: dict[str, Any], variant_id: str | None = None) -> R:
        """The rules of a variant built in memory: a bundled variant with some rule values replaced (tests, the
        mutation check's ``Patcher.rules``; texts and provenance are kept).

        Args:
            base_id: e.g. ``"biedan/biedan-guide"``; overrides: rule id → value (``{"play.next_leader":
            "next_of_last_player"}``); variant_id: the id of the result (default ``base_id + "+house"``).

        Raises:
            the game's RulesError: an override names a rule the base lacks, or as :meth:`rules_for`.
        """
        return self._from_variant(variant_with(base_id, overrides, self._error, variant_id))
