"""A house variant checked with the scenarios it inherits: ``conform --variant FILE`` (and ``coverage``, the pytest
plugin).

A house variant file (a club's rules) ``extends`` a published variant and changes a few rules. It inherits every
scenario of its game (those of the bundled variants and of the suite's fixture variants alike) whose question is
valid under the house's rules and whose expected answer the reference engine, playing the house, gives: the engine
plays every rule, so what it answers under the house is what the house's rules say. :func:`inherit` asks it each
scenario (answers cached, :mod:`.playing`) and keeps those it passes, asked about the house variant: the
implementation receives the house file's resolved rules as a fixture variant (``Implementation.use_variants``,
protocol 2's ``variant_rules``). No table of dependencies is needed: a scenario or a game added is inherited
exactly at once.

A scenario left out says why (:class:`LeftOut`): the engine's answer under the house differs on some expected keys,
or it refuses the question (the question is invalid there). A scenario expecting a refusal (bad input) is inherited
when the engine playing the house refuses it too, and left out when it answers. To help read it, the rules the house changes (from the
scenario's variant) that those keys depend on are named: those the scenario declares and those the reference
engine found (:mod:`.dependencies`, for a scenario that file has). Scenarios of ``replay`` are not inherited (a game
record names the variant it was played with) unless the record's variant is the house itself.

A rule changes when its value differs from the value of the variant the house extends (the whole section's values
for a section id such as ``declaration``); text and provenance do not count. What checks each changed rule (the
inherited scenarios that tell the house from the variant it extends, and the derived checks) is :mod:`.derived`'s.
"""

from __future__ import annotations

import dataclasses
import json
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from datong_rules.reference_impl.variant import SpecError, Variant, VariantNotFound, load_variant, open_variant
from datong_rules.reference_impl.variant.resolve import is_variant_path
from datong_rules.reference_impl.variant.variant import iter_rules

from . import bundled_spec, dependencies
from .playing import Refused, playing
from .runner import compare
from .scenarios_io import Scenario

_MISSING = object()

NOT_INHERITED = {"replay": "a game record names the variant it was played with, and a whole hand depends on "
                           "every rule"}
"""Operations whose scenarios a house variant never inherits (unless written for the house itself), and why."""

DIFFERS, INVALID, RECORD = "differs", "invalid", "not_inherited"
"""The kinds of :attr:`LeftOut.why`."""


@dataclass(frozen=True)
class LeftOut:
    """A scenario of the house's game that the house does not inherit, and why.

    Attributes:
        scenario: the scenario (as written, for its own variant).
        why: :data:`DIFFERS` (the reference engine playing the house answers some expected keys otherwise, or
            answers a question the scenario expects refused as bad input),
            :data:`INVALID` (it refuses the question under the house's rules) or :data:`RECORD` (a ``replay``,
            :data:`NOT_INHERITED`).
        keys: for :data:`DIFFERS`, the expected keys whose value differs.
        rules: the rules the house changes (from the scenario's variant) that the scenario's answer depends on, as
            far as the scenario's declared rules and the computed dependencies tell (may be empty: the answer
            differs all the same).
        message: for :data:`INVALID`, the engine's refusal; for :data:`RECORD`, the reason.
    """

    scenario: Scenario
    why: str
    keys: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    message: str = ""

    @property
    def text(self) -> str:
        """One line saying why (without the scenario's id), in English (:meth:`said`)."""
        return self.said("en")

    def said(self, lang: str = "en") -> str:
        """One line saying why (without the scenario's id) in ``lang`` (``"zh"`` or ``"en"``; the engine's refusal
        and the reason of a replay as written)."""
        words = {key: said[lang] for key, said in LEFT_OUT_WORDS.items()}
        if self.why == RECORD:
            return self.message
        depends = words["depends"].format(rules=", ".join(self.rules)) if self.rules else ""
        if self.why == INVALID:
            return words["invalid"].format(message=self.message) + depends
        if self.scenario.bad_input:
            return words["answers_bad_input"] + depends
        return words["differs"].format(keys=", ".join(self.keys)) + depends


LEFT_OUT_WORDS: dict[str, dict[str, str]] = {
    "depends": {"zh": "；取决于 {rules}", "en": "; depends on {rules}"},
    "invalid": {"zh": "按家规这个问题不成立（{message}）", "en": "the question is invalid under the house rules ({message})"},
    "answers_bad_input": {"zh": "参考引擎按家规回答了这个问题，它在原来的版本里是输入有误",
                          "en": "the reference engine playing the house answers the question, bad input in its variant"},
    "differs": {"zh": "参考引擎按家规对 {keys} 的回答不同",
                "en": "the reference engine playing the house answers {keys} otherwise"},
    "line": {"zh": "  略去 {id}：{why}", "en": "  left out {id}: {why}"},
    "records": {"zh": "  略去 {count} 个 replay 场景：牌局记录写明了打的是哪个版本，而一整局取决于每一条规则",
                "en": "  left out {count} {scenarios} of replay: {why}"},
}
"""The words of :meth:`LeftOut.said` and :func:`left_out_lines` in 中文 and English (the console passes the
command's language; the reports' ``reason`` is English)."""


@dataclass
class HouseSuite:
    """The scenarios a house variant inherits.

    Attributes:
        variant: the house variant (resolved).
        scenarios: the inherited scenarios, asked about the house variant (``variant`` is its id, ``fixture`` it),
            and the house's own (those of the suite written for its id).
        own: how many of ``scenarios`` are the house's own (not inherited).
        left_out: the scenarios of the house's game it does not inherit, each with why (:class:`LeftOut`).
        asked: how many scenarios of the house's game were considered (inherited + left out).
        changed: the rule ids whose value the house file (or a file between it and the published variant) changes,
            compared with the published variant it extends.
        derived: the derived checks of the changed rules (:mod:`.derived`; empty until made, or with
            ``--no-derived``).
        coverage: changed rule → ``{"hand_worked": n, "derived": m}``: the inherited scenarios and derived checks
            that tell the house from the variant it extends on that rule (:func:`.derived.cover`).
        unchecked: the changed rules no check of the run covers.
    """

    variant: Variant
    scenarios: list[Scenario] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    asked: int = 0
    own: int = 0
    changed: list[str] = field(default_factory=list)
    derived: list[Scenario] = field(default_factory=list)
    coverage: dict[str, dict[str, int]] = field(default_factory=dict)
    unchecked: list[str] = field(default_factory=list)


def value(variant: Variant, rule_id: str) -> Any:
    """The value of a rule item, or of a section (``{rule id: value}`` of its items); a missing id is a value too
    (a sentinel different from every value)."""
    try:
        return variant.rule(rule_id)
    except KeyError:
        pass
    node: Any = variant.data.get("rules", {})
    for part in rule_id.split("."):
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return {sub: item.get("value") for sub, item in iter_rules(node)} if isinstance(node, dict) else _MISSING


def same(a: Any, b: Any) -> bool:
    """Whether two rule values (as :func:`value` gives them) are equal as JSON."""
    if a is _MISSING or b is _MISSING:
        return a is b
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def changed_rules(house: Variant, base: Variant) -> list[str]:
    """The rule ids whose value differs between ``house`` and ``base`` (rules only one of them has included), in
    the house file's order."""
    ids = house.checked_rule_ids() + [r for r in base.checked_rule_ids() if r not in set(house.checked_rule_ids())]
    return [r for r in ids if not same(value(house, r), value(base, r))]


def depends_on(scenario: Scenario, keys: Iterable[str] | None = None) -> tuple[str, ...]:
    """The rule ids the scenario's expected ``keys`` (default: all) depend on: those it declares (per-key
    attribution when it has one), then those the reference engine found (:func:`.dependencies.computed`, for a
    scenario of that file) that it does not declare."""
    keys = list(scenario.expect) + [k for k in scenario.loose if k not in scenario.expect] if keys is None \
        else list(keys)
    declared = tuple(scenario.rules_of(keys))
    found = dependencies.computed(scenario) or {}
    extra = sorted({r for k in keys for r in found.get(k, ()) if r not in declared})
    return declared + tuple(extra)


def game_of(variant: Variant) -> str:
    """The game id of a resolved variant (its ``game``, else its id's first part)."""
    return str(variant.data.get("game") or variant.id.split("/", 1)[0])


def inherit(house: Variant, suite: Iterable[Scenario]) -> HouseSuite:
    """The scenarios of ``house``'s game that hold for it (see the module doc).

    Args:
        house: the resolved house variant (``open_variant(FILE)``).
        suite: the scenarios to choose from (the bundled suite, or ``--scenarios``); scenarios written for the
            house variant itself (its id) are kept as they are.

    Returns:
        The :class:`HouseSuite`, without coverage nor derived checks: :func:`.derived.check_house` adds them.

    Raises:
        ValueError: the reference engine cannot play the house (one line naming the file's variant and why).
    """
    out = HouseSuite(house)
    try:
        engine = playing(house)
    except ValueError as exc:
        raise ValueError(f"{house.id}: the reference engine cannot play it: {exc}") from None
    game = game_of(house)
    bases: dict[str, Variant] = {}
    for scenario in suite:
        if scenario.variant == house.id:  # the rule keeper's own scenario, written for the house
            out.scenarios.append(scenario)
            out.own += 1
            continue
        if scenario.game != game:
            continue
        out.asked += 1
        if scenario.op in NOT_INHERITED:
            out.left_out.append(LeftOut(scenario, RECORD, message=NOT_INHERITED[scenario.op]))
            continue
        answer = engine.answer(scenario.op, scenario.given)
        if scenario.bad_input:  # bad input here too when the engine playing the house refuses it
            if isinstance(answer, Refused):
                out.scenarios.append(dataclasses.replace(scenario, variant=house.id, fixture=house))
            else:
                if scenario.variant not in bases:
                    bases[scenario.variant] = scenario.fixture or load_variant(scenario.variant)
                rules = tuple(r for r in scenario.rules
                              if not same(value(house, r), value(bases[scenario.variant], r)))
                out.left_out.append(LeftOut(scenario, DIFFERS, rules=rules))
            continue
        wrong = [] if isinstance(answer, Refused) else compare(scenario.op, scenario.expect, answer, scenario.loose)
        if not wrong and not isinstance(answer, Refused):
            out.scenarios.append(dataclasses.replace(scenario, variant=house.id, fixture=house))
            continue
        if scenario.variant not in bases:
            bases[scenario.variant] = scenario.fixture or load_variant(scenario.variant)
        base = bases[scenario.variant]
        rules = tuple(r for r in depends_on(scenario, None if isinstance(answer, Refused) else wrong)
                      if not same(value(house, r), value(base, r)))
        out.left_out.append(LeftOut(scenario, INVALID, rules=rules, message=answer.message)
                            if isinstance(answer, Refused) else LeftOut(scenario, DIFFERS, tuple(wrong), rules))
    parent = load_variant(house.parent) if house.parent else None
    out.changed = changed_rules(house, parent) if parent is not None else []
    return out


def _count(suite: HouseSuite, why: str) -> int:
    return sum(1 for entry in suite.left_out if entry.why == why)


SUMMARY: dict[str, dict[str, str]] = {
    "house": {"zh": "自定规则版本 {id}（{ref}）继承 {parents}：继承了本游戏的手算场景 {n} 个（共 {asked} 个），略去 {out} 个"
                    "（{differs} 个在这套家规下答案不同，{invalid} 个在这里不成立，{record} 个重放别的版本的对局记录）",
              "en": "house variant {id} ({ref}) extends {parents}: {n} hand-worked scenario{s} of the game inherited "
                    "(of {asked}), {out} left out ({differs} answered otherwise under the house, {invalid} invalid "
                    "there, {record} replay a record of another variant)"},
    "own": {"zh": "；另有它自己的手算场景 {own} 个", "en": "; {own} hand-worked scenario{s} of its own"},
    "changes": {"zh": "{ref} 改了的规则，以及每条规则上能把它和 {parent} 区分开的检查{total}：",
                "en": "rules {ref} changes, and the checks that tell it from {parent} on each{total}:"},
    "total": {"zh": "（共 {n} 个派生检查）", "en": " ({n} derived checks in all)"},
    "rule": {"zh": "  {rule}：手算 {hand} 个，派生 {derived} 个", "en": "  {rule}: {hand} hand-worked, {derived} derived"},
    "unchecked_rule": {"zh": "  {rule}：未检查", "en": "  {rule}: unchecked"},
    "unchecked": {"zh": "{ref} 里没有任何检查覆盖的规则：{rules}", "en": "rules of {ref} that no check covers: {rules}"},
    "compare": {"zh": "  在生成的问题上把引擎和参考引擎就这些规则比一比：{fuzz}",
                "en": "  compare the engine with the reference engine on generated questions about them: {fuzz}"},
    "more": {"zh": "  想问多久就问多久，就这套家规的每条规则生成更多问题：{fuzz}",
             "en": "  more generated questions, for as long as you like, on every rule of the house: {fuzz}"},
    "list": {"zh": "，", "en": ", "},
}
"""The words of :func:`summary_lines` in 中文 and English (the command passes its language)."""


def summary_lines(suite: HouseSuite, ref: str, impl_option: str, lang: str = "en") -> list[str]:
    """What a run of a house variant checked, for the console: how many scenarios of its game it inherited and left
    out (and why), and how many of its own (written for its id) it has, and the house file's rules no check covers, with the ``fuzz`` command that compares an engine on
    them; in ``lang`` (``"zh"`` or ``"en"``).

    Args:
        ref: the house variant as the user named it (its file path).
        impl_option: the implementation option to show in the suggested command.
        lang: the language of the lines.
    """
    words = {key: said[lang] for key, said in SUMMARY.items()}
    house = suite.variant
    parents = " → ".join(reversed([v for v in house.chain if v != house.id]))
    inherited = len(suite.scenarios) - suite.own
    own = words["own"].format(own=suite.own, s="" if suite.own == 1 else "s") if suite.own else ""
    lines = [words["house"].format(
        id=house.id, ref=ref, parents=parents, n=inherited, s="" if inherited == 1 else "s",
        asked=suite.asked, out=len(suite.left_out), differs=_count(suite, DIFFERS), invalid=_count(suite, INVALID),
        record=_count(suite, RECORD)) + own]
    if suite.changed:
        total = words["total"].format(n=len(suite.derived)) if suite.derived else ""
        lines.append(words["changes"].format(ref=ref, parent=house.parent, total=total))
        for rule in suite.changed:
            row = suite.coverage.get(rule, {})
            hand, derived = row.get("hand_worked", 0), row.get("derived", 0)
            lines.append(words["rule" if hand or derived else "unchecked_rule"].format(rule=rule, hand=hand,
                                                                                       derived=derived))
    fuzz = f"datong-rules fuzz --variant {shlex.quote(ref)} {impl_option}"
    if suite.unchecked:
        lines.append(words["unchecked"].format(ref=ref, rules=words["list"].join(suite.unchecked)))
        lines.append(words["compare"].format(fuzz=fuzz))
    elif suite.changed:
        lines.append(words["more"].format(fuzz=fuzz))
    return lines


def left_out_lines(suite: HouseSuite, lang: str = "en") -> list[str]:
    """One console line per scenario left out (answered otherwise or invalid under the house), saying why and
    naming the changed rules it depends on; the scenarios never inherited (``replay``) in one line with the
    reason; in ``lang`` (``"zh"`` or ``"en"``)."""
    words = {key: said[lang] for key, said in LEFT_OUT_WORDS.items()}
    lines = [words["line"].format(id=entry.scenario.id, why=entry.said(lang))
             for entry in suite.left_out if entry.why != RECORD]
    records = _count(suite, RECORD)
    if records:
        lines.append(words["records"].format(count=records, scenarios="scenario" if records == 1 else "scenarios",
                                             why=NOT_INHERITED["replay"]))
    return lines


def house_record(suite: HouseSuite, ref: str) -> dict[str, Any]:
    """What a run of a house variant checked, for the JSON and Markdown reports (``houses`` of
    ``spec/schema/report.schema.json``)::

        {"file": ref, "variant": id, "extends": [parent, …, root], "inherited": n, "own": n, "considered": n,
         "changed": [rule id, …], "unchecked": [rule id, …],
         "coverage": {rule id: {"hand_worked": n, "derived": m}, …}, "derived": n,
         "left_out": [{"id", "variant", "op", "why", "reason", "keys": [...], "depends_on": [rule id, …]}, …]}

    ``why`` is ``differs``, ``invalid`` or ``not_inherited``; ``reason`` says it in one line; ``keys`` the expected
    keys answered otherwise; ``depends_on`` the rules of the house file (changed from the scenario's variant) that
    the scenario's answer depends on, as far as known.
    """
    house = suite.variant
    left_out = [{"id": entry.scenario.id, "variant": entry.scenario.variant, "op": entry.scenario.op,
                 "why": entry.why, "reason": entry.text, "keys": list(entry.keys), "depends_on": list(entry.rules)}
                for entry in suite.left_out]
    return {"file": ref, "variant": house.id, "extends": list(reversed([v for v in house.chain if v != house.id])),
            "inherited": len(suite.scenarios) - suite.own, "own": suite.own, "considered": suite.asked, "changed": list(suite.changed),
            "unchecked": list(suite.unchecked), "coverage": {r: dict(c) for r, c in suite.coverage.items()},
            "derived": len(suite.derived), "left_out": left_out}


def split_variants(values: Iterable[str]) -> tuple[tuple[str, ...], list[tuple[str, Variant]]]:
    """``(variant ids as typed, [(path, resolved house variant), …])`` of ``--variant`` values: a value naming a
    variant file that is not a bundled one is a house variant; a bundled file's path counts as its id.

    Raises:
        ValueError: a house file that cannot be loaded, or an abstract one (one line naming the value).
    """
    ids: list[str] = []
    houses: list[tuple[str, Variant]] = []
    for value in values:
        if not value.strip() or not is_variant_path(value):
            ids.append(value)
            continue
        try:
            variant = open_variant(value)
        except (VariantNotFound, SpecError) as exc:
            raise ValueError(f"--variant {value}: {exc}") from None
        if variant.id in bundled_spec.variant_ids():
            ids.append(variant.id)
        elif variant.abstract:
            raise ValueError(f"--variant {value}: {variant.id} is abstract (a base for other variants)")
        else:
            houses.append((value, variant))
    return tuple(ids), houses
