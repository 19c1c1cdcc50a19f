"""Published protocols kept for good: what an engine that speaks an earlier protocol is asked, and what its answer
is judged by.

Each published version of the JSON-lines protocol is a contract an engine was written to; a later change of the
kit must not break it. So the contract of each is frozen (:data:`~datong_rules.conformance.operations_schema.FROZEN_FOLDERS`):

* protocol 1, release 0.1.0's (Huolong only, bare operation names): ``spec/schema/protocol-1/``;
* protocol 2 as published (full operation names, fixture rules in ``variant_rules``; each game's part as first
  published: Huolong's, Biedan's and the shared types at commit a724054, Dadun's at f28d853):
  ``spec/schema/protocol-2/``;
* protocol 3 (:data:`LATEST`) is protocol 2's messages with the answer keys, given keys and values added since
  (攉龙 ``facts``' ``first_drawer_later_hands``; 憋蛋 ``settle``'s ``score``; 打墩 ``settle``'s ``places``,
  ``a_failures`` and ``tribute`` and its given
  ``a_failures``; later reason codes and combination names), and a refusal of bad input told apart from a failure
  (``errored``'s ``bad_input``, ``ready``'s ``refuses_bad_input``): today's ``spec/schema/``.

For an engine speaking a frozen protocol (:data:`FROZEN`):

* a scenario whose ``given`` the frozen schema does not accept (a given key added later) is not asked: skipped,
  with the reason; so is, under protocol 1, one of an operation (or game) 0.1 did not have (protocol 2 carries
  every game: an operation or game added after it is asked and judged by today's schema, there being nothing of
  it to keep);
* only the expected keys the frozen answer schema knows are compared; a scenario left with none, or expecting a
  value the frozen schema does not allow (a later reason code), is skipped; so is one expecting the question
  refused as bad input (``expect_bad_input``: protocol 3 tells a refusal from a failure, the frozen ones cannot);
* the answer is checked against the frozen answer schema, never today's, so no later key is ever required; a key a
  later protocol defines is accepted (and checked by its later definition), never refused as unknown
  (:func:`~datong_rules.conformance.operations_schema.answer_validator`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from datong_rules.conformance import operations_schema

if TYPE_CHECKING:  # the JSON-lines adapter reads the versions here: nothing heavy is imported before a question
    from datong_rules.conformance.scenarios_io import Scenario

FROZEN = tuple(sorted(operations_schema.FROZEN_FOLDERS))
"""The published protocols whose contracts are frozen (1 and 2)."""
LATEST = 3
"""The newest protocol: today's schemas. The runner offers every version up to it."""
PROTOCOLS = tuple(range(1, LATEST + 1))
"""The versions the runner speaks (``protocols`` in ``start``)."""


@dataclass(frozen=True)
class Question:
    """A scenario as put to an engine of a frozen protocol.

    Attributes:
        skip: why the scenario is not asked at all (one line), or ``None``.
        expect: the expected keys the protocol knows (a subset of the scenario's ``expect``).
        loose: likewise of its ``expect_loose``.
    """

    skip: str | None
    expect: dict[str, Any]
    loose: dict[str, dict[str, Any]]


def is_frozen(protocol: int | None) -> bool:
    """Whether an engine speaking ``protocol`` (None: an in-process engine) is judged by a frozen contract."""
    return protocol in FROZEN


def question(scenario: Scenario, protocol: int) -> Question:
    """What of ``scenario`` an engine speaking the frozen ``protocol`` is asked (see the module's docstring).

    Args:
        scenario: the scenario (under protocol 1, an operation or game 0.1 did not have is skipped).
        protocol: one of :data:`FROZEN`.

    Returns:
        The :class:`Question`; ``skip`` names the first given or expected part outside the protocol.

    Raises:
        ValueError: ``protocol`` is not a frozen one.
    """
    import jsonschema

    from datong_rules.conformance.schema_messages import schema_message

    if not is_frozen(protocol):
        raise ValueError(f"protocol {protocol!r} is not frozen (frozen: {', '.join(map(str, FROZEN))})")
    op = scenario.full_op
    if scenario.bad_input:
        return Question(f"it expects the question refused as bad input, which an engine says by protocol 3 "
                        f"(an errored reply with \"bad_input\": true)", {}, {})
    later = f"an engine is asked it by protocol {protocol + 1} or later"
    given_check = operations_schema.validator(op, operations_schema.GIVEN, protocol=protocol)
    answer_check = operations_schema.validator(op, operations_schema.ANSWER, protocol=protocol)
    if given_check is None or answer_check is None:
        if protocol >= 2:  # no schema describes it, then or now: nothing to keep, asked as any engine is
            return Question(None, scenario.expect, scenario.loose)
        return Question(f"operation '{scenario.op}' is not part of protocol {protocol} ({later})", {}, {})
    error = jsonschema.exceptions.best_match(given_check.iter_errors(scenario.given))
    if error is not None:
        return Question(f"its given is outside protocol {protocol} ({error.json_path}: {schema_message(error)}); "
                        f"{later}", {}, {})
    known = set(answer_check.schema.get("properties", {}))
    expect = {k: v for k, v in scenario.expect.items() if k in known}
    loose = {k: v for k, v in scenario.loose.items() if k in known}
    newer = sorted((set(scenario.expect) | set(scenario.loose)) - known)
    if not expect and not loose:
        return Question(f"it asks only for answer keys newer than protocol {protocol} ({', '.join(newer)})", {}, {})
    expect_check = operations_schema.validator(op, operations_schema.EXPECT, protocol=protocol)
    assert expect_check is not None  # an answer schema gives an expect schema
    error = jsonschema.exceptions.best_match(expect_check.iter_errors(expect))
    if error is not None:
        return Question(f"it expects a value outside protocol {protocol} ({error.json_path}: "
                        f"{schema_message(error)})", {}, {})
    return Question(None, expect, loose)
