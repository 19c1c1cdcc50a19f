"""`datong-rules --lang zh conform -q` says its summary in 中文: the counts by status and the time, the hand-worked
scenarios and derived checks, and for a house variant what it inherited, left out and checks on each changed rule;
no English word is left, and each line holds the English line's numbers; English is unchanged.

What may stay in Latin letters (:func:`english_words` takes it out before looking for words): the implementation's
own name and version as its handshake gives them (``datong-rules reference engine 0.1.0``), identifiers written
with a dot, slash, colon or hyphen (variant and rule ids, file paths, options) and the suggested command to type
(from ``datong-rules fuzz`` to the end of its line)."""

from __future__ import annotations

import re

from click.testing import CliRunner

from datong_rules.cli.main import cli

WORD = re.compile(r"[A-Za-z]{2,}")
IDENT = re.compile(r"[\w.]*[./:-][\w./:-]*")
NAME = "datong-rules reference engine 0.1.0"
TIME = re.compile(r"(?:in |用时 )\d+\.\d+(?:s| 秒)")
HOUSE = ["conform", "--variant", "docs/examples/house-variant.yaml", "-q"]


def conform(*args: str) -> list[str]:
    out = CliRunner().invoke(cli, list(args))
    assert out.exit_code == 0, out.output
    return out.output.splitlines()


def english_words(line: str) -> list[str]:
    line = line.replace(NAME, " ").split("datong-rules fuzz")[0]
    return WORD.findall(IDENT.sub(" ", line))


def numbers(line: str) -> list[str]:
    line = TIME.sub(" ", line.replace(NAME, " ").split("datong-rules fuzz")[0])
    return sorted(re.findall(r"\d+", IDENT.sub(" ", line)))


def test_the_house_summary_in_chinese_says_the_english_numbers():
    english, chinese = conform("--lang", "en", *HOUSE), conform("--lang", "zh", *HOUSE)
    assert len(chinese) == len(english) == 6
    assert [w for line in chinese for w in english_words(line)] == []
    for en, zh in zip(english, chinese):
        assert numbers(zh) == numbers(en), (en, zh)
    # the house file changes two rules (docs/examples/house-variant.yaml: follow.shape, bottom.multiplier), each
    # with 20 derived checks by default (--derived)
    assert chinese[3].endswith("派生 20 个") and chinese[4].endswith("派生 20 个")
    assert chinese[0].startswith(f"{NAME}：通过 ") and "，不通过 0，跳过 0，出错 0，用时 " in chinese[0]


def test_english_is_unchanged():
    line = conform(*HOUSE)[0]
    assert re.fullmatch(rf"{NAME}: \d+ passed, 0 failed, 0 skipped, 0 errored in \d+\.\d\ds; \d+ hand-worked "
                        r"scenarios, 40 derived checks", line), line


def test_the_report_of_failures_in_chinese(monkeypatch):
    """docs/examples/buggy_engine.py gives a tie to the last identical card: the two li-zhijiang trick_winner
    scenarios of identical cards fail (winner 3 expected, 0 given; 1 expected, 2 given), each line of the 中文 report
    holds the English line's numbers, and its words are 中文 but for identifiers (the answer's keys among them) and the
    engine's own name."""
    monkeypatch.syspath_prepend("docs/examples")
    args = ["conform", "--impl", "buggy_engine:make", "--op", "trick_winner", "--variant", "huolong/li-zhijiang"]
    english = CliRunner().invoke(cli, ["--lang", "en", *args]).output.splitlines()
    chinese = CliRunner().invoke(cli, ["--lang", "zh", *args]).output.splitlines()
    assert len(chinese) == len(english) > 10
    name = "buggy-engine 0.1"
    key = re.compile(r"^ +\w+：(?=期望|实际)")  # the answer's key that differs (an identifier of the operation)
    assert [w for line in chinese for w in english_words(key.sub(" ", line.replace(name, " ")))] == []
    for en, zh in zip(english, chinese):
        assert numbers(zh) == numbers(en), (en, zh)
    assert chinese[0].split() == ["操作", "发出", "没发出", "通过", "不通过", "跳过", "出错"]
    assert chinese.count("    winner：期望 3") == 1 and chinese.count("    winner：实际 0") == 1
    assert sum(line.startswith("不通过 huolong.li-zhijiang.trick.") for line in chinese) == 2


def test_the_scenarios_left_out_under_a_house_are_listed_in_chinese():
    """Without -q the run first lists the scenarios of the game the house leaves out, and why: under --lang zh in
    中文 (they were English), one line for each English line, with its scenario id and the rules it depends on."""
    args = ["conform", "--variant", "docs/examples/house-variant.yaml", "--no-derived"]
    english = [line for line in conform("--lang", "en", *args) if line.startswith("  left out ")]
    chinese = [line for line in conform("--lang", "zh", *args) if line.startswith("  略去 ")]
    assert len(chinese) == len(english) > 100
    keys = re.compile(r"对 [\w, ]+ 的回答不同| replay ")  # identifiers: the keys answered otherwise, an operation
    assert [w for line in chinese for w in english_words(keys.sub(" ", line))] == []
    for en, zh in zip(english, chinese):
        assert numbers(zh) == numbers(en) and en.split()[2].rstrip(":") == zh.split()[1].split("：")[0], (en, zh)
    assert "  略去 40 个 replay 场景：牌局记录写明了打的是哪个版本，而一整局取决于每一条规则" in chinese
