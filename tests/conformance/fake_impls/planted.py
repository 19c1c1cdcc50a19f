"""Engines that pass the conformance suite but read one rule differently, for the tests of ``datong-rules fuzz``.

* :class:`LapsedShowCancels`: the reference engine, except that a show which lapses (its shower draws no card
  with a suit before the deal ends) also cancels the declaration it overcalled, so that the nobody-declared rule
  decides instead (the reference: the overcalled declaration stands again, ``declaration.unresolved_show``).
* :class:`TwoFaults`: 憋蛋 ``classify`` reading neither bombs nor pair runs (two faults, the same wrong keys).
* :class:`CountFaults`: 憋蛋 ``legal_play_count`` with two faults whose counts are wrong (the same keys, numbers).
* :class:`ParentRules`: answers a house variant's questions with the rules of the variant it extends (an engine
  that never read the house file): ``huolong/datong-club`` (docs/examples/house-variant.yaml) as
  ``huolong/datong-guide``.
* :class:`WingsOfTheNextRank`: plays every house variant by its rules (the fixture rules the runner sends), except
  that ``classify`` also reads a run of four triples (333444555666) as an airplane of three triples whose wings are
  the three cards of the rank next to it, which Dou Dizhu's house file refuses (combinations.attached_same_rank: a
  rank whose three cards are attached is never next to the airplane).
* :class:`ParentClassify`: plays every house variant by its rules (the fixture rules the runner sends), except
  ``classify``, which it answers with the rules of the variant the house extends (an engine whose combinations
  were never updated for the house).

    PYTHONPATH=tests/conformance/fake_impls datong-rules fuzz --impl planted:LapsedShowCancels --variant datong-guide
"""

from __future__ import annotations

from collections import Counter
from unittest import mock

from datong_rules.conformance.adapters.base import Implementation
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.reference_impl.huolong import declaration


class _Cancelling(declaration.Declaration):
    """A declaration in which a show lapsing at the end of the deal takes the show it overcalled with it."""

    def show(self, seat, cards):
        before = self.current()
        shown = super().show(seat, cards)
        if before is not None and shown is not before:
            shown.overcalled = before
        return shown

    def finish(self, bottom):
        for waiting in self._waiting.values():
            for show in waiting:
                overcalled = getattr(show, "overcalled", None)
                if overcalled is not None:
                    overcalled.status = "lapsed"
        return super().finish(bottom)


class LapsedShowCancels(Implementation):
    """The reference engine with the planted reading of ``declaration.unresolved_show`` (see the module doc)."""

    name, version = "planted-lapsed-show", "0.1"

    def __init__(self):
        self.reference = ReferenceImplementation()

    def answer(self, variant, op, given):
        if op != "declare":
            return self.reference.answer(variant, op, given)
        with mock.patch.object(declaration, "Declaration", _Cancelling):
            return self.reference.answer(variant, op, given)


class ParentRules(Implementation):
    """Answers the house variant huolong/datong-club as if it were huolong/datong-guide (the variant it extends)."""

    name, version = "planted-parent-rules", "0.1"
    PARENTS = {"huolong/datong-club": "huolong/datong-guide"}

    def __init__(self):
        self.reference = ReferenceImplementation()

    def answer(self, variant, op, given):
        return self.reference.answer(self.PARENTS.get(variant, variant), op, given)


class ParentClassify(Implementation):
    """Plays a house variant by its rules, but classifies as the variant it extends does (see the module doc)."""

    name, version = "planted-parent-classify", "0.1"

    def __init__(self):
        self.reference = ReferenceImplementation()

    def use_variants(self, variants):
        super().use_variants(variants)
        self.reference.use_variants(variants)

    def answer(self, variant, op, given):
        if op.rpartition("/")[2] == "classify" and variant in self.fixture_variants:
            return self.reference.answer(self.fixture_variants[variant]["extends"], op, given)
        return self.reference.answer(variant, op, given)


class WingsOfTheNextRank(ParentClassify):
    """Plays a house variant by its rules (the fixture rules passed on as :class:`ParentClassify` does), but reads a
    run of four triples also as an airplane of three triples with wings of one rank next to it (see the module
    doc)."""

    name, version = "planted-wings-of-the-next-rank", "0.1"

    def answer(self, variant, op, given):
        answer = self.reference.answer(variant, op, given)
        if op.rpartition("/")[2] != "classify":
            return answer
        runs = [r for r in answer.get("readings", []) if r.get("combination") == "triple_run" and r.get("length") == 4]
        for run in runs:  # 333444555666: also 444555666 with the wings 333 (or 333444555 with 666)
            answer["readings"].append({**run, "combination": "airplane_with_singles", "length": 3})
        return answer


class TwoFaults(Implementation):
    """The reference engine with two faults in 憋蛋 ``classify`` that get the same answer keys wrong
    (``combination``, ``readings``), neither explained by a switched reading: a bomb (four of a rank) is not read as a
    combination, and neither is a pair run. Each is a fault of its own; fuzz must shrink and show both (two public
    engines' faults, one hiding the other behind the same wrong keys, were found only one at a time)."""

    name, version = "planted-two-faults", "0.1"
    MISSED = ("bomb", "pair_run")

    def __init__(self):
        self.reference = ReferenceImplementation()

    def answer(self, variant, op, given):
        answer = self.reference.answer(variant, op, given)
        if op == "classify" and answer.get("combination") in self.MISSED:
            return {**answer, "combination": None, "readings": []}
        return answer


class CountFaults(Implementation):
    """The reference engine with two faults in 憋蛋 ``legal_play_count`` after two a public Dou Dizhu engine had, both
    getting the same keys wrong (``count`` and ``plays``, numbers): on the rocket each bomb of the hand counts as a
    play (a bomb beats the rocket), and a hand that leads holding four of a rank counts one play fewer (a play missed
    around the rank held four times). Neither question answers the other's fault: they shrink to two cases."""

    name, version = "planted-count-faults", "0.1"

    def __init__(self):
        self.reference = ReferenceImplementation()

    def answer(self, variant, op, given):
        answer = self.reference.answer(variant, op, given)
        if op != "legal_play_count":
            return answer
        held = Counter(card[1:] for card in given["hand"] if card not in ("BJ", "LJ"))
        fours = sum(1 for n in held.values() if n == 4)
        if not fours:
            return answer
        if sorted(given.get("table") or []) == ["BJ", "LJ"]:
            return {**answer, "count": answer["count"] + fours, "plays": answer["plays"] + fours}
        if given.get("table") is None:
            return {**answer, "count": answer["count"] - 1, "plays": answer["plays"] - 1}
        return answer
