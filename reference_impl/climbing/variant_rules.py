"""Reading a climbing game's rules from a resolved variant: the pieces every climbing game's ``rules.py`` repeats.

Shared by 打墩 Dadun and 憋蛋 Biedan. No rule value lives here: the functions read values by rule id and check them against the game's
``SUPPORTED`` table.
"""

from __future__ import annotations

import copy
from typing import Any

from ..variant import Variant, load_variant


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
