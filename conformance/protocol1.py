"""Protocol 1 kept for good: what an engine that speaks protocol 1 is asked, and what its answer is judged by.

Protocol 1 is the contract release 0.1.0 published (Huolong only; bare operation names), frozen in
``spec/schema/protocol-1/`` (:data:`~datong_rules.conformance.operations_schema.PROTOCOL_1_FOLDER`). Later releases
add answer keys, given keys and reason codes; an engine written to 0.1 must keep passing unchanged, so for it:

* a scenario whose ``given`` the frozen schema does not accept (a given key added later, such as ``settle``'s
  ``attackers_last_banker``) is not asked: skipped, with the reason;
* only the expected keys the frozen answer schema knows are compared (``facts``' ``first_drawer_later_hands`` is
  not); a scenario left with none, or expecting a value the frozen schema does not allow (a later reason code), is
  skipped;
* the answer is checked against the frozen answer schema, never today's (no later key is ever required, none
  a later protocol defines is refused).

Every frozen protocol is kept the same way: :mod:`datong_rules.conformance.protocols` (this module is its protocol-1
case, kept for callers).
"""

from __future__ import annotations

from datong_rules.conformance import protocols
from datong_rules.conformance.protocols import Question
from datong_rules.conformance.scenarios_io import Scenario

PROTOCOL = 1

__all__ = ["PROTOCOL", "Question", "question"]


def question(scenario: Scenario) -> Question:
    """What of ``scenario`` a protocol-1 engine is asked (:func:`datong_rules.conformance.protocols.question`
    with protocol 1).

    Args:
        scenario: a Huolong scenario (other games never reach a protocol-1 engine).

    Returns:
        The :class:`Question`; ``skip`` names the first given or expected part outside protocol 1.
    """
    return protocols.question(scenario, PROTOCOL)
