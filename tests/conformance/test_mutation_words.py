"""``python -m datong_rules.conformance.mutation`` speaks the CLI's language (``--lang``, ``DATONG_RULES_LANG``, the
locale): in 中文 no English word is left but the identifiers it quotes (mutant, scenario and rule ids) and what it
quotes as written (a scenario's message, a fault's planting error), a survivor's catalogue description included (each
mutant describes itself in both languages), and it says the same numbers as the English, line for line; the English
is unchanged."""

from __future__ import annotations

import re
import string
from types import SimpleNamespace

import pytest

from datong_rules.conformance.mutation.__main__ import WORDS, main, render
from datong_rules.conformance.mutation.runner import MutantOutcome, MutationReport
from datong_rules.conformance.scenarios_io import scenarios_root
from datong_rules.reference_impl.faults import Mutant

WORD = re.compile(r"[A-Za-z]{2,}")
"""An English word: two Latin letters or more in a row (as tests/cli/test_transcripts_zh.py)."""
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _result(scenario_id: str, status: str, rules: tuple[str, ...], message: str = "") -> SimpleNamespace:
    """A scenario result as the report reads it (its scenario's id and rules, its status and message)."""
    return SimpleNamespace(scenario=SimpleNamespace(id=scenario_id, rules=list(rules)), status=status,
                           message=message)


DESCRIPTION = {"zh": "一样大的牌里后出的赢这一轮", "en": "gives the trick to the last card played"}


def _mutant(mutant_id: str, *rules: str) -> Mutant:
    return Mutant(mutant_id, DESCRIPTION, rules, lambda patcher: None)


PLANT_ERROR = "AttributeError: no_such_function"
MESSAGE = "wrong or missing: winner"


def every_line() -> MutationReport:
    """A report with every kind of line: a scenario left out, a mutant killed by failed and errored scenarios, one
    caught only off its rules, a survivor, a stale one, and an engine not restored."""
    ties = _mutant("ties-to-last-played", "ranking.ties")
    killers = [_result("huolong.li-zhijiang.trick.tie-001", "failed", ("ranking.ties",), MESSAGE),
               _result("huolong.li-zhijiang.trick.tie-002", "failed", ("trick.winner",), MESSAGE),
               _result("huolong.li-zhijiang.trick.tie-003", "errored", ("ranking.ties",), MESSAGE)]
    outcomes = [MutantOutcome(ties, killers),
                MutantOutcome(_mutant("king-worth-5", "points.card_points"),
                              [_result("huolong.li-zhijiang.bottom.dug-25-001", "failed", ("settle.bottom",))]),
                MutantOutcome(_mutant("bury-limit-41", "bury.max_points")),
                MutantOutcome(_mutant("stale", "trick.winner"), plant_error=PLANT_ERROR)]
    left_out = [_result("huolong.li-zhijiang.trick.broken-001", "failed", ("trick.winner",))]
    return MutationReport(outcomes, 236, left_out, restored=False, duration=12.34)


ENGLISH = """\
mutation check: 4 mutants × 236 scenarios in 12.3 s
left out: 1 scenarios that do not pass on the unmutated engine (e.g. huolong.li-zhijiang.trick.broken-001)
killed    ties-to-last-played                3 scenarios (2 failed, 1 errored); 2 cite ranking.ties
          - huolong.li-zhijiang.trick.tie-001
          - huolong.li-zhijiang.trick.tie-003
killed    king-worth-5                       1 scenarios (1 failed); 0 cite points.card_points
          - huolong.li-zhijiang.bottom.dug-25-001
SURVIVED  bury-limit-41  [bury.max_points]
          gives the trick to the last card played
STALE     stale: AttributeError: no_such_function
caught only by scenarios citing other rules: king-worth-5
kill rate: 2/4 (50%)
survivors: bury-limit-41, stale
ERROR: the unmutated engine does not give the baseline answers again (a patch leaked)"""
"""The check's English, as it has always printed it (written out by hand from its format)."""


def english_words(line: str) -> list[str]:
    """The English words of a 中文 line once the identifiers and what is quoted as written are taken out."""
    for quoted in (PLANT_ERROR, MESSAGE):
        line = line.replace(quoted, " ")
    line = re.sub(r"[a-z0-9]+(?:[.-][a-z0-9_]+)+", " ", line)  # ids: kebab-case mutants, dotted rules and scenarios
    return WORD.findall(line.replace("[stale]", " ").replace("stale", " "))


def test_the_english_is_unchanged():
    assert render(every_line()) == ENGLISH
    assert render(every_line(), lang="en") == ENGLISH


@pytest.mark.parametrize("verbose", [False, True])
def test_the_chinese_has_no_english_word_and_the_same_numbers(verbose):
    english = render(every_line(), verbose).splitlines()
    chinese = render(every_line(), verbose, "zh").splitlines()
    assert len(chinese) == len(english)
    for zh, en in zip(chinese, english):
        assert not english_words(zh), zh
        assert NUMBER.findall(zh) == NUMBER.findall(en), (zh, en)
    assert chinese[0] == "变异检查：4 个变异 × 236 个场景，用时 12.3 秒"
    assert "抓住率：2/4（50%）" in chinese
    assert chinese[chinese.index("没抓住    bury-limit-41  [bury.max_points]") + 1] == "          一样大的牌里后出的赢这一轮"
    assert any(line.endswith(f"- huolong.li-zhijiang.trick.tie-001：{MESSAGE}") for line in chinese) == verbose


def test_every_sentence_has_the_same_fields_in_both_languages():
    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    for key, said in WORDS.items():
        assert set(said) == {"zh", "en"}, key
        assert fields(said["zh"]) == fields(said["en"]), key


LI = str(scenarios_root() / "huolong" / "li-zhijiang")
TWO = ["--only", "ties-to-last-played", "--only", "king-worth-5", "--scenarios", LI]


def test_main_speaks_chinese_by_lang_or_the_environment(capsys, monkeypatch):
    assert main(["--lang", "zh", *TWO]) == 0
    by_option = capsys.readouterr().out
    assert by_option.startswith("变异检查：2 个变异 × ") and "抓住率：2/2（100%）" in by_option
    monkeypatch.setenv("DATONG_RULES_LANG", "zh")
    assert main(TWO) == 0
    assert "抓住率：2/2（100%）" in capsys.readouterr().out
    assert main(["--lang", "en", *TWO]) == 0  # the option wins over the environment
    assert "kill rate: 2/2 (100%)" in capsys.readouterr().out


def test_main_refuses_an_unknown_mutant_in_chinese(capsys, monkeypatch):
    monkeypatch.setenv("DATONG_RULES_LANG", "zh")
    assert main(["--only", "no-such-mutant"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("错误：没有这个变异：no-such-mutant（已有：") and "、" in err


CJK = re.compile(r"[\u4e00-\u9fff]")


def test_every_fault_of_the_catalogue_describes_itself_in_both_languages():
    from datong_rules.reference_impl.faults import all_mutants

    for m in all_mutants():
        assert set(m.description) == {"zh", "en"}, m.id
        zh, en = m.described("zh"), m.described("en")
        assert CJK.search(zh) and not CJK.search(en), m.id
        # variant ids (li-zhijiang) are identifiers; no English word is left besides them (card ranks: one letter)
        assert not WORD.findall(re.sub(r"[a-z]+(?:-[a-z]+)+", " ", zh)), (m.id, zh)
        assert NUMBER.findall(zh) == NUMBER.findall(en), (m.id, zh, en)  # the same numbers, in order

