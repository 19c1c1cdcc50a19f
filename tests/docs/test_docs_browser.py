"""Headless-browser check of the built site with Debian's chromium: the home page and a rulebook load
without console errors, uncaught exceptions or failed requests, the card pictures are rendered, and
screenshots are saved under tests/_artifacts/ (git-ignored). Skipped when chromium is not installed
(CI installs it with .ci/install-chromium.sh)."""

from __future__ import annotations

import re

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
    ("en/", "home-en", 0),
    ("rulebooks/huolong/li-zhijiang/", "rulebook-zh-li-zhijiang", 40),
    ("en/rulebooks/huolong/datong-guide/", "rulebook-en-datong-guide", 40),
    ("rulebooks/huolong/compare/", "compare-zh-huolong", 0),
    ("rulebooks/huolong/options/", "options-zh-huolong", 0),
    ("en/rulebooks/huolong/options/", "options-en-huolong", 0),
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


# -- every generated page on a phone, search, the language switch ---------------------------------
PHONE_WIDTH = 390
WIDTH_CHECK = """(() => {
  const out = [], phone = %d;
  if (document.documentElement.scrollWidth > phone) out.push('page ' + document.documentElement.scrollWidth);
  for (const e of document.querySelectorAll('.md-content *')) {
    if (e.closest('pre')) continue;  // a code block scrolls inside itself
    const r = e.getBoundingClientRect();
    if (r.width && r.right > phone + 1) out.push(e.tagName.toLowerCase() + '.' + e.className + ' ' + Math.round(r.right));
  }
  return out.slice(0, 5);
})()""" % PHONE_WIDTH
"""Whatever reaches past the right edge of a phone's screen (a table scrolled inside its wrapper counts too). The
width is the phone's, not ``window.innerWidth``: an emulated phone widens its layout viewport to fit a page that is
too wide (and zooms out), so the viewport would always seem wide enough."""
SHOTS = {  # generated pages whose screenshots are kept (name → site path), at 1280 and 390 px
    "player-zh-li-zhijiang": "rulebooks/huolong/li-zhijiang/",
    "player-en-datong-guide": "en/rulebooks/huolong/datong-guide/",
    "sample-zh-li-zhijiang": "rulebooks/huolong/li-zhijiang-sample/",
    "sample-en-online-platform": "en/rulebooks/huolong/online-platform-sample/",
    "card-zh-li-zhijiang": "rulebooks/huolong/li-zhijiang-card/",
    "card-en-datong-guide": "en/rulebooks/huolong/datong-guide-card/",
    "compare-en-huolong": "en/rulebooks/huolong/compare/",
    "player-zh-biedan": "rulebooks/biedan/biedan-guide/",
    "player-en-biedan": "en/rulebooks/biedan/biedan-guide/",
    "sample-zh-biedan": "rulebooks/biedan/biedan-guide-sample/",
    "card-en-biedan": "en/rulebooks/biedan/biedan-guide-card/",
    "player-zh-dadun": "rulebooks/dadun/dadun-guide/",
    "player-en-dadun": "en/rulebooks/dadun/dadun-guide/",
    "sample-en-dadun": "en/rulebooks/dadun/dadun-guide-sample/",
    "card-zh-dadun": "rulebooks/dadun/dadun-guide-card/",
    "compare-zh-dadun": "rulebooks/dadun/compare/",
    "which-zh": "rulebooks/which-variant/",
    "glossary-en": "en/rulebooks/glossary/",
}


def generated_pages() -> list[str]:
    from datong_rules.rulebook.paths import served
    from datong_rules.rulebook.site import load_site

    return sorted(served(p) for p in load_site().pages)


@pytest.fixture(scope="module")
def phone():
    with Chromium(CHROMIUM, width=PHONE_WIDTH, height=844) as chromium:
        yield chromium


def test_no_generated_page_is_wider_than_a_phone(built_site, phone, artifacts):
    assert built_site.returncode == 0, built_site.log[-2000:]
    wide = []
    with SiteServer(built_site.root) as server:
        for path in generated_pages():
            result = phone.open(server.url(path), WIDTH_CHECK, settle=0.2, max_height=2000)
            if result.value:
                wide.append(f"{path}: {result.value}")
    assert wide == []


@pytest.mark.parametrize("name", sorted(SHOTS))
def test_screenshots_of_the_players_pages(built_site, browser, phone, artifacts, name):
    with SiteServer(built_site.root) as server:
        for chromium, width in ((browser, 1280), (phone, 390)):
            result = chromium.open(server.url(SHOTS[name]), COUNT_CARDS)
            (artifacts / f"{name}-{width}.png").write_bytes(result.png)
            assert result.errors == [] and result.value["h1"].strip()
        assert server.failures == []


SEARCH = """new Promise(done => {
  const start = Date.now();
  const poll = () => {
    const hits = [...document.querySelectorAll('.md-search-result__item a, .md-search-result a')].map(a => a.href);
    if (hits.length || Date.now() - start > 8000) done(hits); else setTimeout(poll, 200);
  };
  poll();
})"""


# Each word is searched from the 中文 player's page of 李志江本 and must find the section of that variant's pages
# that holds it: 甩牌 and 拖拉机 are taught in the player's page's "Play" section; 升级 (going up levels) is the
# subject of the settlement section of the rules (its title is 结算升级; the word is on almost every page).
@pytest.mark.parametrize("word, page, section", [("甩牌", "li-zhijiang", "#play"), ("拖拉机", "li-zhijiang", "#play"),
                                                 ("升级", "li-zhijiang-rules", "#settlement")])
def test_chinese_search_finds_the_section_that_holds_the_word(built_site, browser, word, page, section):
    from urllib.parse import quote

    with SiteServer(built_site.root) as server:
        result = browser.open(server.url(f"rulebooks/huolong/li-zhijiang/?q={quote(word)}"),
                              f"(async () => {{ return await {SEARCH}; }})()", settle=1.0)
    hits = result.value or []
    wanted = re.compile(f"/rulebooks/huolong/{page}/" + r"(\?h=[^#]*)?" + re.escape(section) + "$")  # ?h=: highlight
    assert any(wanted.search(h) for h in hits), hits[:10]


SWITCHES = """(() => [...document.querySelectorAll('.lang-switch a, a.md-select__link[hreflang]')]
  .map(a => a.getAttribute('hreflang') + ' ' + a.href))()"""


@pytest.mark.parametrize("start, other", [
    ("rulebooks/huolong/li-zhijiang/#scoring", "en /en/rulebooks/huolong/li-zhijiang/#scoring"),
    ("en/rulebooks/huolong/li-zhijiang/#scoring", "zh /rulebooks/huolong/li-zhijiang/#scoring"),
    ("rulebooks/huolong/compare/#matrix", "en /en/rulebooks/huolong/compare/#matrix"),
])
def test_the_language_switch_lands_on_the_same_section(built_site, browser, start, other):
    """Both switches (the page's own link and the header's language selector) open the same section of the other
    language's page."""
    with SiteServer(built_site.root) as server:
        result = browser.open(server.url(start), SWITCHES)
    lang, tail = other.split(" ")
    to_other = [h for h in result.value if h.startswith(lang + " ")]
    assert len(to_other) == 2 and all(h.endswith(tail) for h in to_other), result.value
