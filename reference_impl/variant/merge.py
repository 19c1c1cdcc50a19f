"""The merge rules of ``extends``: how a variant file is laid over the variant it extends.

A variant file may name a parent (``extends: huolong/base``); the resolved variant is the parent's resolved data
with the file laid over it by these rules, applied from the top of the file down:

1. **Mappings merge key by key.** A key the file does not mention keeps the parent's value; a key it mentions is
   merged (if both sides are ordinary mappings) or replaced.
2. **A rule item is atomic.** A rule item is a mapping with a ``value`` key (``{value, text, source|inferred,
   note}``). When either side of a key is a rule item, the file's item replaces the parent's whole: the value, its
   text, its provenance and its note travel together, so a resolved rule never shows one source's value with another
   source's citation or explanation. To change a rule, write the whole item.
3. **Lists replace.** A list in the file replaces the parent's list whole (no appending, no merging by position).
4. **``null`` deletes.** A key whose value is ``null`` is removed from the result, with everything under it
   (a rule item, a whole section). ``null`` *inside* a rule item is an ordinary value (``max_points: {value:
   null, …}`` means "no limit"), because rule items are atomic. Deleting a key the parent does not have is an
   error (``nothing_to_delete``): it is almost always a misspelt key.
5. **Scalars replace**, and so does any value whose type differs from the parent's.
6. **Own keys are not inherited:** ``id``, ``extends`` and ``abstract`` belong to the file itself. A variant is
   abstract only if its own file says ``abstract: true``.
7. **``sources`` add up.** The top-level ``sources:`` list (sources a file cites beyond spec/sources.yaml) is the
   parent's entries followed by the file's, a file's entry replacing an inherited one of the same id: an inherited
   rule keeps the source it cites.

The functions here are pure: they never modify their arguments and return new containers (values shared with the
inputs are never mutated afterwards by the loader).
"""

from __future__ import annotations

from typing import Any

from .errors import Path_

OWN_KEYS = ("id", "extends", "abstract")
"""Top-level keys that belong to one file and are never inherited."""


def is_rule_item(node: Any) -> bool:
    """Whether ``node`` is a rule item: a mapping with a ``value`` key."""
    return isinstance(node, dict) and "value" in node


def merge(parent: Any, child: Any) -> Any:
    """Lay ``child`` over ``parent`` by the module's rules 1-5 (not 6; see :func:`merge_variant`).

    Args:
        parent: resolved data of the parent (any JSON-compatible value).
        child: the data of the file being laid over it.

    Returns:
        The merged value (new mappings; lists and scalars are taken as they are).
    """
    if not (isinstance(parent, dict) and isinstance(child, dict)) or is_rule_item(parent) or is_rule_item(child):
        return _without_nulls(child)
    out = dict(parent)
    for key, value in child.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = merge(parent.get(key), value)
    return out


def _without_nulls(node: Any) -> Any:
    """A new subtree has nothing to delete: drop ``null`` keys outside rule items (they are reported elsewhere)."""
    if isinstance(node, dict) and not is_rule_item(node):
        return {k: _without_nulls(v) for k, v in node.items() if v is not None}
    return node


def merge_sources(parent: list, child: list) -> list:
    """Rule 7: the parent's source entries, then the child's; a child entry replaces the parent's of the same id."""
    ids = {entry.get("id") for entry in child if isinstance(entry, dict)}
    kept = [entry for entry in parent if not (isinstance(entry, dict) and entry.get("id") in ids)]
    return kept + list(child)


def merge_variant(parent: dict, child: dict) -> dict:
    """Resolve one ``extends`` link: ``child`` (a whole file's data) over ``parent`` (resolved data, or ``{}``).

    Returns:
        The resolved mapping; its ``id``, ``extends`` and ``abstract`` are the child's own (``abstract`` defaults
        to ``False``; ``extends`` is absent when the child has none).
    """
    inherited = {k: v for k, v in parent.items() if k not in OWN_KEYS}
    own = {k: v for k, v in child.items() if k not in OWN_KEYS}
    out = merge(inherited, own)
    if isinstance(parent.get("sources"), list) and isinstance(child.get("sources"), list):
        out["sources"] = merge_sources(parent["sources"], child["sources"])
    out["id"] = child.get("id")
    if child.get("extends") is not None:
        out["extends"] = child["extends"]
    out["abstract"] = bool(child.get("abstract", False))
    return out


def deletions_without_target(parent: Any, child: Any, path: Path_ = ()) -> list[Path_]:
    """Paths where ``child`` says ``null`` but ``parent`` has nothing to delete (rule items are not looked into).

    Args:
        parent: the parent's resolved data (``{}`` for a file without ``extends``).
        child: the file's data.

    Returns:
        The paths of the useless ``null`` keys, in file order.
    """
    if not isinstance(child, dict) or is_rule_item(child):
        return []
    found: list[Path_] = []
    parent_map = parent if isinstance(parent, dict) and not is_rule_item(parent) else {}
    for key, value in child.items():
        if not path and key in OWN_KEYS:
            continue
        if value is None and key not in parent_map:
            found.append(path + (key,))
        elif isinstance(value, dict):
            found.extend(deletions_without_target(parent_map.get(key), value, path + (key,)))
    return found
