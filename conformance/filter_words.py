"""Why a ``--variant`` or ``--op`` filter value selects no scenario of the suite, in one line: shared by
``conform`` (which says it in its language) and the pytest plugin (``--datong-variant``, ``--datong-op``).

Each function takes ``say(template, **fields) -> str``, the wording of an English template with ``{name}`` fields
(the CLI's ``tr``; default :func:`english`, the template filled in as it is).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from datong_rules.conformance.runner import select
from datong_rules.conformance.scenarios_io import Scenario, closest

Say = Callable[..., str]


def english(template: str, **fields: Any) -> str:
    """``template`` with its fields filled in (:meth:`str.format`): the English wording."""
    return template.format(**fields)


def hint(value: str, choices: Sequence[str], say: Say = english) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to ``value``, or ``""``."""
    close = closest(value, list(choices))
    return say(" (did you mean '{close}'?)", close=close) if close is not None else ""


def unmatched_variant(scenarios: Sequence[Scenario], value: str, say: Say = english, option: str = "--variant"
                      ) -> str | None:
    """The line for a variant id no scenario of ``scenarios`` names (with the suite's variants and the closest
    one), or None when one does; ``option``: the option that gave it, named first."""
    suite_variants = sorted({s.variant for s in scenarios})
    if value in suite_variants:
        return None
    return say("{option} {value}: no scenario of this variant{hint} (variants in the suite: {variants})",
               option=option, value=value, hint=hint(value, suite_variants, say), variants=", ".join(suite_variants))


def unmatched_op(scenarios: Sequence[Scenario], value: str, say: Say = english, option: str = "--op") -> str | None:
    """The line for an operation (``classify`` or ``huolong/classify``) no scenario of ``scenarios`` asks (with the
    suite's operations and the closest one), or None when one does; ``option``: the option that gave it."""
    if select(scenarios, ops=[value]):
        return None
    suite_ops = sorted({s.op for s in scenarios} | {s.full_op for s in scenarios})
    return say("{option} {value}: no scenario of this operation{hint} (operations in the suite: {ops})",
               option=option, value=value, hint=hint(value, suite_ops, say),
               ops=", ".join(sorted({s.full_op for s in scenarios})))
