"""Protocol 1 kept for good: what an engine that speaks protocol 1 is asked, and what its answer is judged by.

Protocol 1 is the contract release 0.1.0 published (Huolong only; bare operation names), frozen in
``spec/schema/protocol-1/`` (:data:`~datong_rules.conformance.operations_schema.PROTOCOL_1_FOLDER`). Later releases
add answer keys, given keys and reason codes; an engine written to 0.1 must keep passing unchanged, so for it:

* a scenario whose ``given`` the frozen schema does not accept (a given key added later, such as ``settle``'s
  ``attackers_last_banker``) is not asked: skipped, with the reason;
* only the expected keys the frozen answer schema knows are compared (``facts``' ``first_drawer_later_hands`` is
  not); a scenario left with none, or expecting a value the frozen schema does not allow (a later reason code), is
  skipped;
* the answer is checked against the frozen answer schema, never today's (no later key is ever required).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jsonschema

from datong_rules.conformance import operations_schema
from datong_rules.conformance.scenarios_io import Scenario, schema_message

PROTOCOL = 1


@dataclass(frozen=True)
class Question:
    """A scenario as put to a protocol-1 engine.

    Attributes:
        skip: why the scenario is not asked at all (one line), or ``None``.
        expect: the expected keys protocol 1 knows (a subset of the scenario's ``expect``).
        loose: likewise of its ``expect_loose``.
    """

    skip: str | None
    expect: dict[str, Any]
    loose: dict[str, dict[str, Any]]


def question(scenario: Scenario) -> Question:
    """What of ``scenario`` a protocol-1 engine is asked (see the module's docstring).

    Args:
        scenario: a Huolong scenario (other games never reach a protocol-1 engine).

    Returns:
        The :class:`Question`; ``skip`` names the first given or expected part outside protocol 1.
    """
    op = scenario.full_op
    given_check = operations_schema.validator(op, operations_schema.GIVEN, protocol=PROTOCOL)
    answer_check = operations_schema.validator(op, operations_schema.ANSWER, protocol=PROTOCOL)
    if given_check is None or answer_check is None:
        return Question(f"operation '{scenario.op}' is not part of protocol 1 (an engine answers it by protocol 2)",
                        {}, {})
    error = jsonschema.exceptions.best_match(given_check.iter_errors(scenario.given))
    if error is not None:
        return Question(f"its given is outside protocol 1 ({error.json_path}: {schema_message(error)}); an engine "
                        f"is asked it by protocol 2", {}, {})
    known = set(answer_check.schema.get("properties", {}))
    expect = {k: v for k, v in scenario.expect.items() if k in known}
    loose = {k: v for k, v in scenario.loose.items() if k in known}
    newer = sorted((set(scenario.expect) | set(scenario.loose)) - known)
    if not expect and not loose:
        return Question(f"it asks only for answer keys newer than protocol 1 ({', '.join(newer)})", {}, {})
    expect_check = operations_schema.validator(op, operations_schema.EXPECT, protocol=PROTOCOL)
    assert expect_check is not None  # an answer schema gives an expect schema
    error = jsonschema.exceptions.best_match(expect_check.iter_errors(expect))
    if error is not None:
        return Question(f"it expects a value outside protocol 1 ({error.json_path}: {schema_message(error)})", {}, {})
    return Question(None, expect, loose)
