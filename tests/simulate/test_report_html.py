"""The simulate HTML report rendered from a hand-written simulate document (fixtures/report_example.json): its
content, both languages, and its errors."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from datong_rules.simulate import report_charts  # noqa: E402
from datong_rules.simulate.report_html import ReportUnavailable, percent, render  # noqa: E402

EXAMPLE = Path(__file__).parent / "fixtures" / "report_example.json"


@pytest.fixture(scope="module")
def doc() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def page(doc) -> str:
    return render(doc)


def _without(page: str, *patterns: str) -> str:
    for pattern in patterns:
        page = re.sub(pattern, " ", page, flags=re.S)
    return page


def test_one_chart_per_measure_with_the_variants_side_by_side(page):
    figures = re.findall(r'<figure class="measure" id="m-([a-z_0-9]+)">(.*?)</figure>', page, re.S)
    assert [mid for mid, _ in figures] == ["banker_side_won", "hand_tricks", "bottom_dug"]
    for _, figure in figures:
        assert figure.count("<svg") == 1
        assert "huolong/datong-guide" in figure and "house.yaml" in figure
    ids = re.findall(r'<svg[^>]*\sid="([^"]+)"', page)
    assert len(ids) == 4 and len(set(ids)) == 4  # and the comparison's chart; inline charts never share an id


def test_values_and_intervals_are_written_as_read(page):
    first = re.search(r'id="m-banker_side_won">(.*?)</figure>', page, re.S).group(1)
    assert "52.0 %" in first and "[51.0 %, 53.0 %]" in first and "55.0 %" in first
    tricks = re.search(r'id="m-hand_tricks">(.*?)</figure>', page, re.S).group(1)
    assert "37.25" in tricks and "[37.1, 37.4]" in tricks
    assert "轮" in tricks and "tricks" in tricks


def test_rules_fired_table_gives_the_share_of_hands(page):
    table = re.search(r'<section id="rules-fired">(.*?)</section>', page, re.S).group(1)
    rows = re.findall(r"<tr><td><code>([^<]+)</code>(.*?)</tr>", table, re.S)
    assert [r for r, _ in rows] == ["bottom.dig", "bottom.multiplier", "settlement.table[shutout]"]
    shutout = dict(rows)["settlement.table[shutout]"]
    assert "0.31 %" in shutout and "31/10000" in shutout and shutout.count("0 %") == 1  # none in the house file
    assert "settlement.table[shutout] fires in 0.31 % of hands" in table
    differs = [rule for rule, cells in rows if 'class="differs"' in cells]
    assert differs == ["bottom.multiplier"]  # the one rule of comparisons[].rules_differ
    assert "settlement.table[shutout] 在 0.31 % 的局里起了作用" in table


def test_comparison_with_the_first_variant_marks_significance(page):
    section = re.search(r'<section id="comparisons">(.*?)</section>', page, re.S).group(1)
    assert "<code>house.yaml</code> − <code>huolong/datong-guide</code>" in section
    assert "<code>bottom.multiplier</code>" in section
    measures = re.search(r'<table class="comparison">(.*?)</table>', section, re.S).group(1)
    rows = re.findall(r"<tr>(.*?)</tr>", measures, re.S)[1:]
    assert len(rows) == 3
    # the primary first, its own p (2e-05) and no Holm-adjusted one; p-values below 0.0001 shown so, never "0"
    assert "primary" in rows[0] and "+3.00 %" in rows[0] and 'class="sig"' in rows[0]
    assert rows[0].endswith('<td class="num">&lt; 0.0001</td><td class="num">—</td>')
    assert "secondary" in rows[1] and "+0.05" in rows[1] and 'class="sig"' not in rows[1] and "0.64" in rows[1]
    assert "-3.00 %" in rows[2] and 'class="sig"' in rows[2] and "&lt; 0.0001" in rows[2]
    tables = re.sub(r"<svg.*?</svg>", "", section, flags=re.S)  # the chart's axis has its 0
    assert ">0<" not in tables and ">0.0<" not in tables
    # the significance cell comes right after the name: it stays on a phone's screen
    assert rows[0].index('class="sig"') < rows[0].index("+3.00 %")


def test_rules_fired_are_compared_between_the_variants(page):
    section = re.search(r'<section id="comparisons">(.*?)</section>', page, re.S).group(1)
    table = re.search(r'<table class="comparison fired-difference">(.*?)</table>', section, re.S).group(1)
    rows = dict(re.findall(r"<tr><td><code>([^<]+)</code></td>(.*?)</tr>", table, re.S))
    assert list(rows) == ["bottom.dig", "bottom.multiplier", "settlement.table[shutout]"]
    assert "+9.00 %" in rows["bottom.multiplier"] and "&lt; 0.0001" in rows["bottom.multiplier"]
    assert "0.012" in rows["settlement.table[shutout]"] and "0.024" in rows["settlement.table[shutout]"]
    assert "Holm" in section and "percentage points" in section and "按场聚类" in section


def test_a_comparison_has_a_chart_of_its_differences_with_a_zero_line(page):
    [figure] = re.findall(r'<figure class="difference">(.*?)</figure>', page, re.S)
    svg = re.search(r"<svg.*</svg>", figure, re.S).group(0)
    # the rates: the measures banker_side_won and bottom_dug, then the three rules; not the mean hand_tricks
    for label in ("banker_side_won", "bottom_dug", "bottom.dig", "bottom.multiplier", "settlement.table[shutout]"):
        assert f">{label}<" in svg
    assert ">hand_tricks<" not in svg


def test_the_note_names_the_bots_and_says_it_is_not_expert_play(page):
    note = re.search(r'<section id="note">(.*?)</section>', page, re.S).group(1)
    assert "greedy" in note and "not by expert players" in note and "而非高手的对局" in note


def test_self_contained_no_outside_resource(page):
    assert not re.search(r'(src|href)="(https?:)?//', page)
    assert "<script src" not in page and "@import" not in page


def test_chinese_view_shows_no_english_sentence(page):
    zh = _without(page, r'<span class="en" lang="en">.*?</span>', r"<style>.*?</style>", r"<script>.*?</script>",
                  r"<svg.*?</svg>", r"<code>.*?</code>", r'<button[^>]*lang="en">English</button>', r"<[^>]+>")
    zh = re.sub(r"[\w-]*[./_\[-][\w./\[\]-]*", " ", zh)  # ids: variants, rules, files
    words = [w for w in re.findall(r"[A-Za-z]{3,}", zh) if w != "greedy"]  # the bots' names are ids too
    assert words == [], words
    en = _without(page, r'<span class="zh" lang="zh-CN">.*?</span>', r"<style>.*?</style>", r"<svg.*?</svg>",
                  r'<button[^>]*lang="zh-CN">中文</button>', r"<title>.*?</title>", r"<[^>]+>")
    assert not re.findall(r"[\u4e00-\u9fff]", en)


def test_interrupted_run_is_said(doc):
    broken = json.loads(json.dumps(doc))
    broken["run"].update(interrupted=True, shards_done=4)
    page = render(broken)
    assert "4 of 10 shards finished" in page and "只完成了 4/10 份工作" in page
    assert "interrupted" not in render(doc).split("<main>")[1].replace("data-", "")


@pytest.mark.parametrize("bad", [None, [], {}, {"results": {"variants": []}}, {"results": "x"}])
def test_not_a_simulate_document_is_one_line(bad):
    with pytest.raises(ValueError, match=r"^not a simulate document: expected an object with results.variants") as err:
        render(bad)
    assert "\n" not in str(err.value)


def test_missing_matplotlib_names_the_extra(doc, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ReportUnavailable) as err:
        render(doc)
    assert str(err.value) == report_charts.EXTRA_MISSING
    assert "datong-rules[report]" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("value, shown", [(0.0031, "0.31 %"), (0.52, "52.0 %"), (0.00004, "0.004 %"), (None, "—")])
def test_percent(value, shown):
    assert percent(value) == shown


def test_a_measure_nobody_observed_gets_no_chart_but_a_line(doc):
    """Per-match measures in a run of --hands have n = 0 everywhere: no empty chart, no comparison row."""
    more = json.loads(json.dumps(doc))
    for variant in more["results"]["variants"]:
        variant["measures"].append({"id": "match_hands", "kind": "mean", "per": "match", "en": "Hands per match",
                                    "zh": "每场局数", "unit_en": "hands", "unit_zh": "局", "rule": None, "n": 0,
                                    "value": None, "ci95": None})
    more["results"]["comparisons"][0]["measures"].append(
        {"id": "match_hands", "role": "secondary", "difference": None, "ci95": None, "p_value": None,
         "p_adjusted": None, "significant": False})
    page = render(more)
    assert 'id="m-match_hands"' not in page and page.count("<svg") == 4  # 3 measures, 1 comparison
    assert "Not observed in this run (no chart): Hands per match." in page and "本次运行没有观察到（没有图）：每场局数。" in page
    section = re.search(r'<section id="comparisons">(.*?)</section>', page, re.S).group(1)
    measures = re.search(r'<table class="comparison">(.*?)</table>', section, re.S).group(1)
    assert "每场局数" not in section and len(re.findall(r"<tr>", measures)) == 4


def test_matches_stopped_by_the_cap_are_said(doc):
    more = json.loads(json.dumps(doc))
    more["results"]["variants"][1]["capped"] = 3
    page = render(more)
    assert "house.yaml: 3 matches reached the safety cap of the match and were stopped" in page
    assert "house.yaml：有 3 场打到了比赛的局数上限" in page
    assert "safety cap" not in render(doc)
