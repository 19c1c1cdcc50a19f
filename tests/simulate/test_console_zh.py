"""`datong-rules --lang zh simulate` prints its console table in 中文: no English word is left, and each line says
what the English line says (the same numbers, in the same order, the same identifiers), for each game, with a
comparison; the JSON stays English (a machine format) and the HTML report opens in the command's language.

What may stay in Latin letters in the 中文 table (:func:`english_words` removes it before looking for words): the
identifiers of the document (variant ids, game ids, rule ids, bot kinds), the statistics' own letter ``p`` and,
with ``--ray``, the name of the cluster software, Ray; a word is two letters or more. The bots' note is the bot
kinds' own 中文 note (it names the bot kind), shown as the document gives it.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.simulate.console import WORDS, table_lines

WORD = re.compile(r"[A-Za-z]{2,}")
NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")

PAIRS = [("huolong/li-zhijiang", "huolong/datong-guide"), ("biedan/biedan-guide", "docs/examples/biedan-house.yaml"),
         ("dadun/dadun-guide", "docs/examples/dadun-house.yaml")]


def simulate(tmp_path, variants: tuple[str, str], *lang: str) -> tuple[str, dict]:
    out_file = tmp_path / f"run{len(lang)}.json"
    result = CliRunner().invoke(cli, [*lang, "simulate", *variants, "--hands", "30", "--workers", "1",
                                      "--json", str(out_file)])
    assert result.exit_code == 0, result.output
    return result.output, json.loads(out_file.read_text(encoding="utf-8"))


def identifiers(doc: dict) -> set[str]:
    """The identifiers a table shows as they are: variants, labels, games, bot kinds, rule ids."""
    results = doc["results"]
    found = set(results["bots"])
    for v in results["variants"]:
        found |= {v["label"], v["game"], str(v.get("variant"))} | {f["rule"] for f in v["rules_fired"]}
    for c in results["comparisons"]:
        found |= {c["variant"], c["against"], *c["rules_differ"]} | {f["rule"] for f in c.get("rules_fired", [])}
    return found


def english_words(line: str, allowed: set[str]) -> list[str]:
    for ident in sorted(allowed, key=len, reverse=True):
        line = line.replace(ident, " ")
    return WORD.findall(line)


def numbers(line: str, allowed: set[str]) -> list[str]:
    for ident in sorted(allowed, key=len, reverse=True):
        line = line.replace(ident, " ")
    return NUMBER.findall(line)


@pytest.mark.parametrize("variants", PAIRS, ids=[v[0].split("/")[0] for v in PAIRS])
def test_the_chinese_table_has_no_english_word_and_the_same_figures(tmp_path, variants):
    printed, doc = simulate(tmp_path, variants, "--lang", "zh")
    chinese, english = table_lines(doc, "zh"), table_lines(doc, "en")
    assert printed.splitlines()[:len(chinese)] == chinese  # what the command printed under --lang zh
    allowed = identifiers(doc)
    note = doc["results"]["bots_note"]["zh"]
    found = {w for line in chinese if line != note for w in english_words(line, allowed)}
    assert found == set(), f"English in the 中文 table: {sorted(found)}"
    assert len(chinese) == len(english)
    for en, zh in zip(english, chinese):
        if en == doc["results"]["bots_note"]["en"]:
            assert zh == note
            continue
        assert numbers(zh, allowed) == numbers(en, allowed), (en, zh)
    assert any("显著" in line or "主要" in line for line in chinese)  # a comparison was printed and said


def test_the_english_table_and_the_json_stay_english(tmp_path):
    printed, doc = simulate(tmp_path, PAIRS[1])
    assert printed.splitlines()[0].startswith("seed 0 · 30 hands per variant · bots: greedy · 1 worker · ")
    _, doc_zh = simulate(tmp_path, PAIRS[1], "--lang", "zh")
    assert doc_zh["results"].keys() == doc["results"].keys()
    assert doc_zh["results"]["variants"][0]["measures"][0]["en"] == doc["results"]["variants"][0]["measures"][0]["en"]


def test_every_word_of_the_table_is_in_both_languages():
    for key, said in WORDS.items():
        assert set(said) == {"zh", "en"}, key
        assert [w for w in WORD.findall(re.sub(r"\{[^{}]*\}", " ", said["zh"])) if w != "Ray"] == [], key


@pytest.mark.parametrize("lang, opens", [("zh", 'data-lang="zh"'), ("en", 'data-lang="en"')])
def test_the_html_report_opens_in_the_command_language(tmp_path, lang, opens):
    pytest.importorskip("matplotlib")
    page = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["--lang", lang, "simulate", "biedan/biedan-guide", "--hands", "10",
                                      "--workers", "1", "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert opens in page.read_text(encoding="utf-8")
