"""打墩 a beginner can follow: the finish patterns (12, 13+24, 14+23) defined by places, the bomb ladder labelled,
wild cards marked in every picture (a visible badge and the word in the accessible name), the long player's page
folded (a row of section links under the title; worked examples beyond the first two of a section folded)."""

from __future__ import annotations

import re

import pytest

from datong_rules.rulebook.answers import example_block
from datong_rules.reference_impl.climbing.stories import wilds_at
from datong_rules.rulebook.card_svg import WILD, card_svg, cards_html
from datong_rules.rulebook.game_data import facet_data
from datong_rules.rulebook.paths import page_path, sample_path
from datong_rules.rulebook.site import load_scenarios, load_site
from datong_rules.reference_impl.variant import load_variant
from datong_rules.reference_impl.variant.variant import rule_value

SITE = load_site()
VARIANT = "dadun/dadun-guide"
LANGS = ("zh", "en")


def test_a_wild_card_shows_a_badge_and_says_so():
    for lang in LANGS:
        svg = card_svg("H8", lang, wild=True)
        assert 'class="card wild"' in svg and f">{WILD[lang]}</text>" in svg
        assert WILD[lang] in re.search(r'aria-label="([^"]*)"', svg).group(1)
        plain = card_svg("H8", lang)
        assert "wild" not in plain and WILD[lang] not in plain
    row = cards_html(["H8", "S8", "H8"], "en", wilds={"H8"})
    assert row.count('class="card wild"') == 2
    assert cards_html(["S9", "S9"], "en", wild_at=[1]).count('class="card wild"') == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_finish_patterns_are_defined_by_places(lang):
    page = SITE.pages[page_path(VARIANT, lang)]
    terms = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", page)
    defined = [d for t, d in terms if "13+24" in t and "14+23" in t]
    assert defined, "no term defines 13+24 and 14+23"
    first, second, third, last = {"zh": ("头游", "二游", "三游", "末游"), "en": ("first", "second", "third", "last")}[lang]
    assert all(word in defined[0] for word in (first, second, third, last))
    assert page.index("<dt>", page.index("{#scoring}")) < page.index("{#match}")  # defined where they are used too


@pytest.mark.parametrize("lang", LANGS)
def test_the_bomb_ladder_is_labelled(lang):
    ladder = rule_value(load_variant(VARIANT).data["rules"], "beating.bomb_ladder")
    labels = re.findall(r'<span class="group-label">(.*?)</span>', SITE.pages[page_path(VARIANT, lang)])
    assert len(labels) == len(ladder) + 2  # the dun and the linked dun on top
    assert labels[:3] == {"zh": ["连墩", "墩", "八张炸"], "en": ["linked dun", "dun", "8-card bomb"]}[lang]


def test_every_wild_card_of_a_teaching_example_is_marked():
    scenarios = {s.id: s for s in load_scenarios()[0]}
    names = [f"dadun.dadun-guide.{n}" for part in facet_data("dadun", "EXAMPLES", {}).values()
             for n in part.get("dadun-guide", [])]
    checked = 0
    for name in names:
        sc = scenarios[name]
        wilds = set(wilds_at(load_variant(VARIANT).data["rules"], sc.given.get("level")))
        for lang in LANGS:
            html = example_block(sc, 1, lang, load_variant(VARIANT).data["rules"])
            for svg in re.findall(r"<svg [^>]*>", html):
                token = re.search(r'data-card="([^"]+)"', svg).group(1)
                if token in wilds:
                    checked += 1
                    assert 'class="card wild"' in svg and WILD[lang] in svg, (name, svg)
    assert checked >= 4


@pytest.mark.parametrize("lang", LANGS)
def test_the_sample_hand_marks_its_wild_cards(lang):
    page = SITE.pages[sample_path(VARIANT, lang)]
    level = re.search(r'data-card="H(\d+|[JQKA])"[^>]*aria-label="[^"]*(?:百搭|wild)', page)
    assert level, "no wild card marked in the sample hand"
    wild = f'H{level.group(1)}'
    assert not re.search(rf'<svg class="card" data-card="{wild}"', page)  # no copy of it left unmarked


@pytest.mark.parametrize("lang", LANGS)
def test_the_long_page_is_folded_and_has_section_links(lang):
    page = SITE.pages[page_path(VARIANT, lang)]
    heads = re.findall(r"^## .*\{#([a-z_]+)\}", page, re.M)
    toc = re.search(r'<nav class="page-toc".*?</nav>', page).group(0)
    assert re.findall(r'href="#([a-z_]+)"', toc) == heads
    for section in re.split(r"^## ", page, flags=re.M)[1:]:
        opened = section.split("<details", 1)[0]
        assert opened.count('class="example teaching"') <= 2
    assert page.count('<details class="more-examples">') >= 3
