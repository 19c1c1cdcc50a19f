"""Worked examples a beginner needs on the players' pages: 打墩's scoring section shows a 14+23 hand as well as
13+24 ones; 憋蛋's example of a hand ending says who went out first."""

from __future__ import annotations

import re

import pytest

from datong_rules.rulebook.paths import page_path
from datong_rules.rulebook.site import load_site

SITE = load_site()


def _section(page: str, section_id: str) -> str:
    start = page.index(f"{{#{section_id}}}")
    end = page.find("\n## ", start)
    return page[start:end]


def _examples(section: str) -> list[str]:
    return [re.sub(r"<[^>]+>", " ", block) for block in section.split('<div class="example')[1:]]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_dadun_scoring_shows_both_patterns(lang):
    examples = _examples(_section(SITE.pages[page_path("dadun/dadun-guide", lang)], "scoring"))
    assert any("13+24" in e for e in examples) and any("14+23" in e for e in examples)


@pytest.mark.parametrize("lang, order", [("zh", "出完的先后：乙、丙"), ("en", "Out so far: player B, player C")])
def test_biedan_hand_end_example_says_who_went_out_first(lang, order):
    """Hand-reasoned: player B holds no cards when the round starts, player C plays their last two cards, so B went
    out first and C second; player A is left with the egg."""
    examples = _examples(_section(SITE.pages[page_path("biedan/biedan-guide", lang)], "rounds"))
    ending = [e for e in examples if ("这一局结束" if lang == "zh" else "The hand is over") in e]
    assert ending and all(order in " ".join(e.split()) for e in ending)
