"""The resolved variant: a variant file with its ``extends`` chain applied (see :mod:`.merge`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .. import games
from .errors import Path_
from .merge import is_rule_item
from .yaml_loader import LoadedYaml


@dataclass(frozen=True)
class Variant:
    """A resolved variant.

    Attributes:
        id: the variant id (``"huolong/li-zhijiang"``).
        data: the resolved mapping: ``id``, ``extends`` (if any), ``abstract``, ``game``, ``family``, ``name``,
            ``summary``, ``rules``. Shared by every caller of a cached variant: read it, do not modify it.
        file: the path of the variant's own file (str).
        chain: the variant ids from the root of the ``extends`` chain to this one (``("huolong/base",
            "huolong/li-zhijiang")``); a house file of the chain is there by its own ``id``.
    """

    id: str
    data: dict
    file: str = ""
    chain: tuple[str, ...] = ()
    files: tuple[LoadedYaml, ...] = field(default=(), repr=False, compare=False)

    @property
    def abstract(self) -> bool:
        """Whether the variant's own file says ``abstract: true`` (not inherited); abstract variants are not
        playable."""
        return bool(self.data.get("abstract", False))

    @property
    def parent(self) -> str | None:
        """The id of the published variant the variant extends, or ``None``. A house file that extends another
        house file (by its path) names, resolved, the published variant their chain ends on; :attr:`chain` lists
        every link."""
        return self.data.get("extends")

    def item(self, rule_id: str) -> dict:
        """The whole rule item at ``rule_id`` (``"ranking.trump_order"``): ``{value, text, source|inferred, note?}``.

        Raises:
            KeyError: the variant has no such rule (message names the rule and the variant).
        """
        node: Any = self.data.get("rules", {})
        for part in rule_id.split("."):
            if not isinstance(node, dict) or part not in node:
                raise KeyError(f"variant {self.id} has no rule {rule_id}")
            node = node[part]
        if not is_rule_item(node):
            raise KeyError(f"{rule_id} is a rule section of variant {self.id}, not a rule")
        return node

    def rule(self, rule_id: str) -> Any:
        """The ``value`` of the rule item at ``rule_id`` (e.g. ``"bottom.multiplier"`` → ``2``).

        Raises:
            KeyError: the variant has no such rule.
        """
        return self.item(rule_id)["value"]

    def rule_ids(self) -> list[str]:
        """Every rule id of the variant, in file order (sections in the order the chain first defines them)."""
        return [rule_id for rule_id, _ in iter_rules(self.data.get("rules", {}))]

    def checked_rule_ids(self) -> list[str]:
        """The rule ids an engine can be checked on: :meth:`rule_ids` less the items marked ``text_only: true``
        (rules a rulebook shows but no engine plays, e.g. 打墩's table talk, dadun-guide 导语 1) and less the rules that are
        moot in this variant (:meth:`moot_rules`). Rule coverage counts these."""
        moot = self.moot_rules()
        return [rule_id for rule_id, item in iter_rules(self.data.get("rules", {}))
                if not (isinstance(item, dict) and item.get("text_only") is True) and rule_id not in moot]

    def moot_rules(self) -> dict[str, dict[str, str]]:
        """Rules whose value changes no answer in this variant, because of the values of other rules (e.g. 攉龙's
        ``follow.keep_meteors_whole`` where no rule obliges a pair): ``{rule_id: {"zh": why, "en": why}}``, as the
        game's ``checks`` facet says (``moot_rules(variant)``; a game without it has none). No scenario can tell
        their values apart here, so rule coverage leaves them out and says why."""
        game = games.find(self.data.get("game"))
        checks = game.facet("checks") if game is not None else None
        moot = getattr(checks, "moot_rules", None)
        return dict(moot(self)) if moot is not None else {}

    def origin(self, path: Path_) -> tuple[str, int, int]:
        """Where the node at ``path`` (a path from the top of the resolved data, e.g. ``("rules", "bury",
        "count")``) was written: ``(file, line, column)``, taken from the last file of the chain that has it (or,
        failing that, the nearest ancestor that some file has)."""
        path = tuple(path)
        for depth in range(len(path), -1, -1):
            prefix = path[:depth]
            for loaded in reversed(self.files):
                if prefix in loaded.positions:
                    return (loaded.file, *loaded.positions[prefix])
        return (self.file, 1, 1)

    def defined_in(self, rule_id: str) -> str:
        """The id of the variant in the chain whose file gives the rule item ``rule_id`` (the last one that does).

        Raises:
            KeyError: no file of the chain has it.
        """
        self.item(rule_id)
        path = ("rules", *rule_id.split("."))
        for variant_id, loaded in zip(reversed(self.chain), reversed(self.files), strict=True):
            if path in loaded.positions:
                return variant_id
        raise KeyError(f"variant {self.id} has no rule {rule_id}")


def iter_rules(rules: dict, prefix: str = "") -> Iterator[tuple[str, dict]]:
    """``(rule_id, item)`` for every rule item under ``rules``, depth first, in mapping order."""
    for key, node in rules.items():
        rule_id = f"{prefix}.{key}" if prefix else key
        if is_rule_item(node):
            yield rule_id, node
        elif isinstance(node, dict):
            yield from iter_rules(node, rule_id)


def rule_differences(rules_a: dict, rules_b: dict) -> tuple[list[str], list[str]]:
    """The rules of two variants compared by value (what ``datong-rules diff`` and ``datong-rules simulate`` list).

    Args:
        rules_a, rules_b: the resolved ``rules`` mappings of the two variants.

    Returns:
        ``(order, changed)``: every rule id of either (``rules_a``'s in its order, then those only ``rules_b`` has),
        and those of them whose value differs or that only one variant has, in the same order.
    """
    items_a, items_b = dict(iter_rules(rules_a)), dict(iter_rules(rules_b))
    order = list(items_a) + [r for r in items_b if r not in items_a]
    changed = [r for r in order if r not in items_a or r not in items_b or items_a[r]["value"] != items_b[r]["value"]]
    return order, changed


MISSING: Any = object()
"""Returned by :func:`rule_value` for a rule that is absent."""


def rule_value(rules: dict, rule_id: str, default: Any = MISSING) -> Any:
    """The ``value`` of the rule item ``rule_id`` in a (resolved) ``rules`` mapping, or ``default`` if absent."""
    node: Any = rules
    for part in rule_id.split("."):
        if not isinstance(node, dict) or part not in node:
            return default
        node = node[part]
    return node["value"] if is_rule_item(node) else default
