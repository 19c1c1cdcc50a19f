"""A found disagreement written as a scenario file of the conformance suite, marked as the reference engine's answer.

:func:`scenario_file` renders every disagreement of a ``fuzz`` run as one YAML scenario file (the shape of
``spec/schema/scenario.schema.json``), each scenario's ``expect`` being the reference engine's whole answer. A
comment above each scenario says what the implementation answered and what differs; the file's header and each
scenario's ``reasoning`` say that the expected answer is the engine's, not yet checked against the rules, so that
nobody adds it to a suite unread (the suite's expected values come from the sources and hand reasoning).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from .driver import Disagreement

DESCRIPTION = {
    "zh": "fuzz 找到的问题：参考引擎与被测实现的答案不同（期望值是参考引擎的答案，尚未按规则核对）",
    "en": "Found by fuzz: the reference engine and the implementation answer differently (the expected answer is "
          "the reference engine's, not yet checked against the rules)",
}

REASONING = ("Found by datong-rules fuzz. The expect is the reference engine's answer ({engine}), NOT checked "
             "against the rules yet: work the case out from the variant's rules and sources, narrow rules to the "
             "rule ids it checks, and replace this text with that reasoning before adding the scenario to a suite.")


@dataclass
class Found:
    """One disagreement and where it was found.

    Attributes:
        variant: the variant id; disagreement: the shrunk case; rules: the rule ids the operation's answer
        depends on (see the game's ``RULES_READ``); again: the options that ask the same questions again
        (``--variant … --op … --seed …``).
    """

    variant: str
    disagreement: Disagreement
    rules: Sequence[str]
    again: str


def flow(value: Any) -> str:
    """``value`` as one line of YAML flow style (``{level: '3', cards: [BJ, H5]}``), the suite's style."""
    return yaml.safe_dump(value, default_flow_style=True, width=1 << 30, sort_keys=False, allow_unicode=True).strip()


def scenario_id(variant: str, op: str, given: dict[str, Any]) -> str:
    """A stable id for a found case: ``<game>.<variant name>.<op>.fuzz-<8 hex digits of the question>``."""
    game, _, name = variant.partition("/")
    digest = hashlib.sha256(json.dumps(given, sort_keys=True).encode()).hexdigest()[:8]
    return f"{game}.{name.replace('.', '-')}.{op}.fuzz-{digest}"


def scenario_file(found: Sequence[Found], *, implementation: str, engine: str) -> str:
    """The text of a scenario file holding every found case (``found`` must not be empty).

    Args:
        implementation: the implementation's name and version, for the comments.
        engine: the reference engine's name and version (the author of every ``expect``).
    """
    lines = [
        f"# Found by datong-rules fuzz: {implementation} answers these questions differently from the reference "
        "engine.",
        f"# Every expect is the REFERENCE ENGINE'S ANSWER ({engine}), not checked against the rules: check each case",
        "# against the variant's rules and sources (either engine may be wrong), then keep it in your suite.",
        "scenarios:",
    ]
    for item in found:
        case = item.disagreement
        lines += [
            f"  # {case.problem}" + (" (interrupted while shrinking: the smallest question found by then)"
                                     if case.cut_short else "" if case.shrunk else
                                     " (not shrunk: the implementation answered the shrunk question inconsistently)"),
            f"  # the implementation answered: {flow(case.answer) if case.answer is not None else '(no answer)'}",
            f"  # found again with: datong-rules fuzz … {item.again}",
            f"  - id: {scenario_id(item.variant, case.op, case.given)}",
            f"    variant: {item.variant}",
            f"    op: {case.op}",
            f"    rules: {flow(list(item.rules))}",
            f"    description: {flow(DESCRIPTION)}",
            f"    reasoning: {flow(REASONING.format(engine=engine))}",
            f"    given: {flow(case.given)}",
            f"    expect: {flow(case.reference)}",
        ]
    return "\n".join(lines) + "\n"
