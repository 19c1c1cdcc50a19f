"""``python -m datong_rules.conformance.mutation``: plant every fault of the catalogue, one at a time, and print
which scenarios caught each, then the kill rate.

    python -m datong_rules.conformance.mutation                       # the bundled suite
    python -m datong_rules.conformance.mutation -v                    # list every killing scenario
    python -m datong_rules.conformance.mutation --only ties-to-last-played --scenarios path/to/scenarios
    python -m datong_rules.conformance.mutation --lang zh             # in 中文 (also DATONG_RULES_LANG=zh, a zh locale)

The language of its words is chosen as the CLI's (``--lang``, else ``DATONG_RULES_LANG``, else the locale, else
English): :data:`WORDS`, and a survivor's description from the fault catalogue in that language
(:meth:`~datong_rules.reference_impl.faults.Mutant.described`). Identifiers (mutant, scenario and rule ids) and what
is quoted (a scenario's message, the error of a fault that could not be planted) stay as written.

Exit status: 0 when every mutant is killed and the engine is restored; 1 when a mutant survives
(or could not be planted, or the engine was not restored); 2 for bad arguments or scenario files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from datong_rules.conformance.scenarios_io import ScenarioError

from datong_rules.reference_impl.faults import all_mutants
from datong_rules.reference_impl.transcript_words import LANGS, Words, environment_lang, say
from .runner import MutantOutcome, MutationReport, run_mutants

SHOWN_KILLERS = 2

WORDS: Words = {
    "title": {"zh": "变异检查：{mutants} 个变异 × {scenarios} 个场景，用时 {seconds:.1f} 秒",
              "en": "mutation check: {mutants} mutants × {scenarios} scenarios in {seconds:.1f} s"},
    "left_out": {"zh": "略去：{count} 个在未变异的引擎上就不通过的场景（如 {example}）",
                 "en": "left out: {count} scenarios that do not pass on the unmutated engine (e.g. {example})"},
    "stale": {"zh": "无法植入  {id}：{error}", "en": "STALE     {id}: {error}"},
    "survived": {"zh": "没抓住    {id}  [{rules}]", "en": "SURVIVED  {id}  [{rules}]"},
    "killed": {"zh": "抓住      {id:<32} {count:>3} 个场景（{counts}）；{right} 个涉及 {rules}",
               "en": "killed    {id:<32} {count:>3} scenarios ({counts}); {right} cite {rules}"},
    "failed": {"zh": "{n} 个不通过", "en": "{n} failed"},
    "errored": {"zh": "，{n} 个出错", "en": ", {n} errored"},
    "killer": {"zh": "          - {id}", "en": "          - {id}"},
    "killer_said": {"zh": "          - {id}：{message}", "en": "          - {id}: {message}"},
    "not_on_rule": {"zh": "只被涉及其他规则的场景抓住：{ids}", "en": "caught only by scenarios citing other rules: {ids}"},
    "rate": {"zh": "抓住率：{killed}/{mutants}（{rate:.0%}）", "en": "kill rate: {killed}/{mutants} ({rate:.0%})"},
    "survivors": {"zh": "没抓住的：{ids}", "en": "survivors: {ids}"},
    "leaked": {"zh": "错误：未变异的引擎没有再给出基线的答案（有补丁没有撤销）",
               "en": "ERROR: the unmutated engine does not give the baseline answers again (a patch leaked)"},
    "list": {"zh": "、", "en": ", "},
    "error": {"zh": "错误：{text}", "en": "error: {text}"},
    "unknown": {"zh": "没有这个变异：{ids}（已有：{known}）", "en": "unknown mutant {ids} (known: {known})"},
}
"""The check's words in 中文 and English (``lang`` of :func:`render`), each with the same ``{name}`` fields; the
English is the check's historical wording, kept byte for byte."""


def _row(outcome: MutantOutcome, verbose: bool, lang: str) -> list[str]:
    m = outcome.mutant
    rules = ", ".join(m.rules)  # rule ids, listed as the bracket and the English list them
    if outcome.plant_error:
        return [say(WORDS, "stale", lang, id=m.id, error=outcome.plant_error)]
    if not outcome.killed:
        return [say(WORDS, "survived", lang, id=m.id, rules=rules), f"          {m.described(lang)}"]
    failed = sum(r.status == "failed" for r in outcome.killers)
    errored = len(outcome.killers) - failed
    counts = say(WORDS, "failed", lang, n=failed) + (say(WORDS, "errored", lang, n=errored) if errored else "")
    head = say(WORDS, "killed", lang, id=m.id, count=len(outcome.killers), counts=counts,
               right=len(outcome.on_its_rules), rules=rules)
    shown = outcome.killers if verbose else (outcome.on_its_rules or outcome.killers)[:SHOWN_KILLERS]
    return [head, *(say(WORDS, "killer_said", lang, id=r.scenario.id, message=r.message) if verbose and r.message
                    else say(WORDS, "killer", lang, id=r.scenario.id) for r in shown)]


def render(report: MutationReport, verbose: bool = False, lang: str = "en") -> str:
    """The table, the kill rate and the restoration check, as text in ``lang`` (``"zh"`` or ``"en"``: :data:`WORDS`).

    Raises:
        KeyError: ``lang`` is not one of ``LANGS``.
    """
    mutants = len(report.outcomes)
    lines = [say(WORDS, "title", lang, mutants=mutants, scenarios=report.scenarios, seconds=report.duration)]
    if report.baseline_failures:
        lines.append(say(WORDS, "left_out", lang, count=len(report.baseline_failures),
                         example=report.baseline_failures[0].scenario.id))
    for outcome in report.outcomes:
        lines += _row(outcome, verbose, lang)
    listed = WORDS["list"][lang]
    not_on_rule = [o.mutant.id for o in report.outcomes if o.killed and not o.on_its_rules]
    if not_on_rule:
        lines.append(say(WORDS, "not_on_rule", lang, ids=listed.join(not_on_rule)))
    rate = report.killed / mutants if report.outcomes else 1.0
    lines.append(say(WORDS, "rate", lang, killed=report.killed, mutants=mutants, rate=rate))
    if report.survivors:
        lines.append(say(WORDS, "survivors", lang, ids=listed.join(o.mutant.id for o in report.survivors)))
    if not report.restored:
        lines.append(say(WORDS, "leaked", lang))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m datong_rules.conformance.mutation",
                                     description="Plant typical faults in the reference engine, one at a time, "
                                                 "and check the conformance suite catches each.")
    parser.add_argument("--scenarios", type=Path, help="scenario folder or file (default: the bundled suite)")
    parser.add_argument("--only", action="append", default=[], metavar="ID", help="only this mutant (repeatable)")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every killing scenario and its message")
    parser.add_argument("--lang", choices=LANGS, help="the language of the report (default: the DATONG_RULES_LANG "
                                                      "environment variable, else the locale, else en)")
    args = parser.parse_args(argv)
    lang = args.lang or environment_lang()
    known = {m.id: m for m in all_mutants()}
    unknown = [i for i in args.only if i not in known]
    if unknown:
        listed = WORDS["list"][lang]
        print(say(WORDS, "error", lang, text=say(WORDS, "unknown", lang, ids=listed.join(unknown),
                                                    known=listed.join(known))), file=sys.stderr)
        return 2
    try:
        report = run_mutants(mutants=[known[i] for i in args.only] or None, scenario_root=args.scenarios)
    except ScenarioError as exc:  # the loader's words, as written (the CLI's commands say them again in 中文)
        for line in str(exc).splitlines():
            print(say(WORDS, "error", lang, text=line), file=sys.stderr)
        return 2
    print(render(report, args.verbose, lang))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
