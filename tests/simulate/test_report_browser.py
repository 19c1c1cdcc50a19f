"""The simulate HTML report in a browser (pip ``playwright`` driving the system Chromium, found as
tests/docs/docs_browser.py finds it): it opens from a file without console errors, the language switch shows one
language at a time, every chart and table is laid out, and a 390 px phone needs no horizontal scroll. Screenshots are
saved under the test's tmp path. Skipped without the extra ``[report]`` or without Chromium (CI installs both)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")
pytest.importorskip("playwright.sync_api")

from playwright.sync_api import sync_playwright  # noqa: E402

from datong_rules.simulate.report_html import render  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[1] / "docs"))  # the docs' browser helpers: how Chromium is found
from docs_browser import find_chromium  # noqa: E402

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (run .ci/install-chromium.sh, as CI does)")

EXAMPLE = Path(__file__).parent / "fixtures" / "report_example.json"
PHONE = 390

LAYOUT = """() => {
  const shown = e => e.getBoundingClientRect().width > 0;
  const charts = [...document.querySelectorAll('figure.measure')].map(f => {
    const svg = f.querySelector('svg.chart'); const r = svg.getBoundingClientRect();
    return {id: f.id, width: r.width, height: r.height};
  });
  const tables = [...document.querySelectorAll('table')].filter(shown).map(t => t.className);
  const visible = [...document.querySelectorAll('span.zh, span.en')].filter(shown).map(s => s.className);
  return {charts, tables, zh: visible.filter(c => c === 'zh').length, en: visible.filter(c => c === 'en').length,
          lang: document.documentElement.lang, title: document.title,
          scroll: document.documentElement.scrollWidth, h1: document.querySelector('h1').innerText};
}"""


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(render(json.loads(EXAMPLE.read_text(encoding="utf-8"))), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield chromium
        chromium.close()


def _open(browser, report: Path, width: int):
    page = browser.new_page(viewport={"width": width, "height": 900})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"exception: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
    page.goto(report.as_uri())
    return page, problems


def test_report_opens_switches_language_and_shows_every_chart_and_table(browser, report, tmp_path):
    page, problems = _open(browser, report, 1280)
    zh = page.evaluate(LAYOUT)
    page.screenshot(path=str(tmp_path / "report-zh.png"), full_page=True)
    assert zh["lang"] == "zh-CN" and zh["title"] == "规则模拟报告" and zh["h1"] == "规则模拟报告"
    assert zh["zh"] > 20 and zh["en"] == 0
    assert [c["id"] for c in zh["charts"]] == ["m-banker_side_won", "m-hand_tricks", "m-bottom_dug"]
    assert all(c["width"] > 300 and c["height"] > 50 for c in zh["charts"]), zh["charts"]
    assert zh["tables"] == ["variants", "values", "values", "values", "fired", "comparison", "comparison fired-difference"]
    page.click('button[data-set-lang="en"]')
    en = page.evaluate(LAYOUT)
    page.screenshot(path=str(tmp_path / "report-en.png"), full_page=True)
    assert en["lang"] == "en" and en["title"] == "Rule simulation report" and en["h1"] == "Rule simulation report"
    assert en["en"] == zh["zh"] and en["zh"] == 0
    assert "fires in 0.31 % of hands" in page.inner_text("#rules-fired")
    page.click('button[data-set-lang="zh"]')
    assert page.evaluate(LAYOUT)["en"] == 0
    assert problems == []
    assert (tmp_path / "report-zh.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_phone_width_needs_no_horizontal_scroll(browser, report, tmp_path, lang):
    page, problems = _open(browser, report, PHONE)
    page.click(f'button[data-set-lang="{lang}"]')
    layout = page.evaluate(LAYOUT)
    page.screenshot(path=str(tmp_path / f"report-phone-{lang}.png"), full_page=True)
    assert layout["scroll"] <= PHONE, layout["scroll"]
    assert all(0 < c["width"] <= PHONE for c in layout["charts"])
    assert problems == []


AXE = Path(__file__).parents[2] / ".ci" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, installed from npm by .ci/install-axe.sh (CI runs it)."""


@pytest.mark.skipif(not AXE.is_file(), reason="axe-core is not installed (run bash .ci/install-axe.sh, as CI does)")
@pytest.mark.parametrize("lang, width", [("zh", 1280), ("en", PHONE)])
def test_the_report_passes_an_automated_accessibility_check(browser, report, lang, width):
    """axe-core's WCAG 2 A and AA rules (and its best practices) find nothing on the page, in either language, on a
    wide screen and on a phone."""
    page, problems = _open(browser, report, width)
    page.click(f'button[data-set-lang="{lang}"]')
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async () => {
      const result = await axe.run(document, {runOnly: {type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
      return result.violations.map(v => `${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes[0].target})`);
    }""")
    assert found == [], found
    assert problems == []


def test_chart_labels_are_readable_on_a_phone(browser, report):
    """At 390 px the charts' words are at least 11 px high and the comparison's significance column is on screen."""
    page, _ = _open(browser, report, PHONE)
    page.click('button[data-set-lang="en"]')
    sizes = page.evaluate("""() => [...document.querySelectorAll('svg.chart text')].map(t =>
      t.getBoundingClientRect().height).filter(h => h > 0)""")
    assert sizes and min(sizes) >= 11, sorted(sizes)[:5]
    edge = page.evaluate("""() => Math.max(...[...document.querySelectorAll('table.comparison tr')].map(r =>
      r.cells[1].getBoundingClientRect().right))""")
    assert edge <= PHONE
