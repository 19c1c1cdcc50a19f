"""The quick-reference cards of the climbing games hold what a beginner looks up mid-hand: 憋蛋's says who banks
first (the ♥3), that the banker leads, and what a straight may hold; 打墩's defines 13+24 and 14+23 before using
them and gives the marked card's bonus and the full house's adjacent pair."""

from __future__ import annotations

import html
import re

import pytest

from datong_rules.reference_impl.variant import load_variant
from datong_rules.rulebook.game_data import facet_data
from datong_rules.rulebook.paths import card_path
from datong_rules.rulebook.rules_html import rule_items
from datong_rules.rulebook.site import load_site

SITE = load_site()
NEEDED = {
    "biedan/biedan-guide": ["banker.first", "play.first_lead", "ranking.sequence_order"],
    "dadun/dadun-guide": ["marked_card.first_lead", "marked_card.bonus_all_three", "marked_card.bonus_partner_pair",
                          "combinations.full_house_adjacency"],
}


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("variant_id", sorted(NEEDED))
def test_the_card_states_what_a_beginner_looks_up(variant_id, lang):
    card = html.unescape(SITE.pages[card_path(variant_id, lang)])
    items = dict(rule_items(load_variant(variant_id).data["rules"]))
    missing = [rid for rid in NEEDED[variant_id] if items[rid]["text"][lang] not in card]
    assert missing == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_dadun_card_defines_the_patterns_before_using_them(lang):
    card = html.unescape(re.sub(r"<[^>]+>", " ", SITE.pages[card_path("dadun/dadun-guide", lang)]))
    term = facet_data("dadun", "TERMS")["patterns"]
    assert term["def"][lang] in card
    before = card[:card.index(term["term"][lang])]
    assert "13+24" not in before and "14+23" not in before
