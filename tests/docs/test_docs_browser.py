"""Headless-browser check of the built site with Debian's chromium: the home page and a rulebook load
without console errors, uncaught exceptions or failed requests, the card pictures are rendered, and
screenshots are saved under tests/_artifacts/ (git-ignored). Skipped when chromium is not installed
(CI installs it with .ci/install-chromium.sh)."""

from __future__ import annotations

import pytest

from docs_browser import Chromium, SiteServer, find_chromium

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (run .ci/install-chromium.sh, as CI does)")

COUNT_CARDS = """(() => {
  const cards = [...document.querySelectorAll('svg.card')];
  const drawn = cards.filter(c => { const r = c.getBoundingClientRect(); return r.width >= 30 && r.height >= 40; });
  return {cards: cards.length, drawn: drawn.length, title: document.title,
          h1: (document.querySelector('h1') || {}).textContent || ''};
})()"""

PAGES = [  # (site path, screenshot name, at least this many card pictures)
    ("", "home", 0),
    ("rulebooks/zh/huolong/li-zhijiang/", "rulebook-zh-li-zhijiang", 40),
    ("rulebooks/en/huolong/datong-guide/", "rulebook-en-datong-guide", 40),
    ("rulebooks/zh/huolong/compare/", "compare-zh-huolong", 0),
    ("rulebooks/zh/huolong/options/", "options-zh-huolong", 0),
    ("rulebooks/en/huolong/options/", "options-en-huolong", 0),
]


@pytest.fixture(scope="module")
def browser():
    with Chromium(CHROMIUM) as chromium:
        yield chromium


@pytest.mark.parametrize("path, name, min_cards", PAGES, ids=[p[1] for p in PAGES])
def test_page_renders_without_errors(built_site, browser, artifacts, path, name, min_cards):
    assert built_site.returncode == 0, built_site.log[-2000:]
    with SiteServer(built_site.root) as server:
        result = browser.open(server.url(path), COUNT_CARDS)
    (artifacts / f"{name}.png").write_bytes(result.png)
    assert result.png.startswith(b"\x89PNG")
    assert result.errors == []
    assert server.failures == []
    info = result.value
    assert info["h1"].strip()
    assert info["cards"] >= min_cards
    assert info["drawn"] == info["cards"]  # every picture is laid out at its size, none collapsed
