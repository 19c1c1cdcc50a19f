"""The players' pages (the rulebook, the sample hand, the quick card, the home page of the rulebooks, which-variant,
the glossary) show no internal rule id: rule ids belong on the rules-as-data pages (``-rules``), the comparison,
the options reference and the register of readings, which are for rule keepers and implementers. Links to the rules-as-data page may carry an id in their
address, never in their text."""

from __future__ import annotations

import re

import pytest

from datong_rules.reference_impl.variant import list_variants, load_variant
from datong_rules.reference_impl.variant.variant import iter_rules
from datong_rules.rulebook.site import load_site, load_sources

RULE_IDS = sorted({rule_id for v in list_variants() for rule_id, _ in iter_rules(load_variant(v).data.get("rules") or {})},
                  key=len, reverse=True)
ID_PATTERN = re.compile(r"(?<![\w.#-])(" + "|".join(re.escape(r) for r in RULE_IDS) + r")(?![\w])")
SITE = load_site()
PLAYER_PAGES = sorted(p for p in SITE.pages if p.startswith("rulebooks/")
                      and not re.search(r"-rules(\.en)?\.md$|/compare(\.en)?\.md$|/options(\.en)?\.md$|/readings(\.en)?\.md$", p))


def visible(html: str) -> str:
    """The text a reader sees: tags (and their attributes, where link addresses live) removed."""
    return re.sub(r"<[^>]+>", " ", html)


def test_the_rule_id_pattern_finds_ids_in_words_only():
    assert ID_PATTERN.search("bombs are ruled by beating.bombs_beat_ordinary.")
    assert not ID_PATTERN.search(visible('<a href="../x-rules/#r-ranking.single_order">§</a>'))
    assert len(PLAYER_PAGES) >= 30 and len(RULE_IDS) >= 50


@pytest.mark.parametrize("path", PLAYER_PAGES)
def test_a_players_page_shows_no_rule_id(path):
    shown = sorted({m.group(1) for m in ID_PATTERN.finditer(visible(SITE.pages[path]))})
    assert shown == []


@pytest.mark.parametrize("variant_id", [v for v in list_variants() if not load_variant(v).abstract])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_players_page_has_tips_and_says_where_they_come_from(variant_id, lang):
    from datong_rules.rulebook.paths import page_path

    page = SITE.pages[page_path(variant_id, lang)]
    assert "{#tips}" in page
    tips = page[page.index("{#tips}"):]
    assert tips.count("<li>", 0, tips.index("</ul>")) >= 3
    source = re.search(r'<p class="tips-source">(.*?)</p>', tips).group(1)
    if variant_id.startswith("biedan/"):  # 003 gives strategy tips: retold, and cited by its title
        assert "大同扑克（憋蛋）玩法" in source and "五" in source


SOURCE_IDS = sorted(load_sources())


@pytest.mark.parametrize("path", PLAYER_PAGES)
def test_a_players_page_names_no_internal_source_id(path):
    """A source is named on a player's page by its title; ids such as biedan-guide belong to the data pages."""
    text = visible(SITE.pages[path])
    assert [sid for sid in SOURCE_IDS if re.search(rf"(?<![\w/.-]){re.escape(sid)}(?![\w-])", text)] == []


ENGLISH_PAGES = [p for p in PLAYER_PAGES if p.endswith(".en.md")]
NAMES_AFTER_COLON = {"Guandan", "Dou", "Paodekuai", "Zheng", "Huolong", "Biedan", "Dadun", "Datong", "Player"}


@pytest.mark.parametrize("path", ENGLISH_PAGES)
def test_english_pages_read_as_english(path):
    """No "1 more worked examples"; after a colon inside a sentence a word starts in lower case, unless it is a
    name (a game, a player)."""
    text = visible(SITE.pages[path])
    assert not re.search(r"\b1 more worked examples\b", text)
    capitals = [m.group(0) for m in re.finditer(r"\b[a-z]\w*: ([A-Z][a-z]+)\b", text)
                if m.group(1) not in NAMES_AFTER_COLON]
    capitals += [m.group(0) for m in re.finditer(r"\b[a-z]\w*: A ([a-z]+)\b", text)  # the article, not the ace
                 if m.group(1) not in ("is", "must", "may", "counts", "ranks", "links", "sits", "can", "beats")]
    assert capitals == []
