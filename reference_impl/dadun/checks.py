"""打墩 Dadun's checks of a resolved variant beyond its schema (run by the loader through the game registry).

Warnings only (``validate`` reports them and succeeds; :func:`..variant.findings.warning_findings`): a step of
``beating.bomb_ladder`` or ``beating.bomb_ladder_extension`` whose ``combination`` is no entry of
``combinations.catalogue`` [``ladder_step_unused``]. The engine plays such a variant (no play ever stands on the
step), but a house that removed a combination from its catalogue most likely meant to remove its steps too. A rule
absent from the variant (an abstract one) is skipped.
"""

from __future__ import annotations

from typing import Any

from ..variant.findings import Finding
from ..variant.variant import rule_value

LADDERS = ("beating.bomb_ladder", "beating.bomb_ladder_extension")
"""The rules whose steps name a combination of the catalogue."""


def warnings(variant: Any) -> list[Finding]:
    """The ladder steps naming a combination the catalogue lacks (``Variant`` or its data mapping): one finding per
    ladder rule and combination, at its first such step's ``combination``, naming every such step; each involves
    ``combinations.catalogue``, so that a house file that changed only its catalogue is told at its catalogue."""
    data = variant.data if hasattr(variant, "data") else variant
    rules = data.get("rules", {})
    catalogue = rule_value(rules, "combinations.catalogue")
    if not isinstance(catalogue, list):
        return []
    names = {str(entry.get("name")) for entry in catalogue if isinstance(entry, dict)}
    out = []
    for rule_id in LADDERS:
        steps = rule_value(rules, rule_id)
        unused: dict[str, list[int]] = {}
        for index, step in enumerate(steps if isinstance(steps, list) else []):
            name = step.get("combination") if isinstance(step, dict) else None
            if isinstance(name, str) and name not in names:
                unused.setdefault(name, []).append(index)
        for name, places in unused.items():
            which = ", ".join(str(i + 1) for i in places)
            out.append(Finding(("rules", *rule_id.split("."), "value", places[0], "combination"), "ladder_step_unused",
                               f"step{'s' if len(places) > 1 else ''} {which} name{'' if len(places) > 1 else 's'} "
                               f"the combination {name!r}, which combinations.catalogue lacks: no play stands there",
                               f"a combination of the catalogue ({', '.join(sorted(names))}), or the step removed",
                               ("combinations.catalogue",)))
    return out
