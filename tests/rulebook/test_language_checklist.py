"""A native reader's checklist of the rulebooks' wording: terms and phrasings to avoid in each language, checked
over every generated page (rule texts, example titles, generated sentences) of that language.

Each entry says what to write instead. The implementers' pages (operation examples) are left out: they quote
the suite's data as it is; so are, for seat numbers, the options references, which quote the schema (whose values
number the seats).
"""

from __future__ import annotations

import re

import pytest

from datong_rules.rulebook.site import load_site

AVOID: dict[str, list[tuple[str, str]]] = {
    "zh": [
        (r"只做能做到的几步", "say which steps are left out: 做不到的步骤省去"),
        (r"比它弱的亮主被拒绝", "say what does not count: 比它小的亮法都不算"),
        (r"被规则拒绝的", "不合规矩的"),
        (r"不算决定", "不算数"),
        (r"机会用掉", "这次机会就用掉了"),
        (r"切牌人\d", "name the player: 甲切牌"),
        (r"座位\d", "name the player (甲乙丙丁), not the seat number"),
        (r"\d号(?:当庄|坐庄|的同伴)", "name the player (甲乙丙丁), not a number"),
        (r"（座位", "name the player, not the seat number"),
    ],
    "en": [
        (r"\bthe thirds\b", "the third's"),
        (r"\btakes (?:big|small) joker\b", "takes the big joker"),
        (r"\b1 (?:cards|levels|plays|points)\b", "one card, one level: the singular"),
        (r"\bseats? \d\b", "name the player (player A), not the seat number"),
        (r"\bBanker player\b", "Player X banks"),
    ],
}
PAGES = {path: re.sub(r"<[^>]+>", " ", text) for path, text in load_site().pages.items()
         if not path.startswith("implementers/")}


def lang_of(path: str) -> str:
    return "en" if path.endswith(".en.md") else "zh"


def test_the_checklist_finds_what_it_is_for():
    samples = {"zh": ["换牌在这一局结束时进行，只做能做到的几步", "切牌人0，明牌5", "依次是甲、乙、丙、丁（座位0到3）",
                      "被规则拒绝的载法不算决定", "比它弱的亮主被拒绝"],
               "en": ["takes the thirds 2", "Player A takes big joker from player B", "hands the other 1 cards (7)"]}
    for lang, texts in samples.items():
        for text in texts:
            assert any(re.search(p, text) for p, _ in AVOID[lang]), text
    assert len(PAGES) >= 50


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_page_uses_a_phrasing_to_avoid(lang):
    found = []
    for path, text in PAGES.items():
        if lang_of(path) != lang:
            continue
        for pattern, instead in AVOID[lang]:
            if "seat" in instead and path.split("/")[-1].startswith("options."):
                continue
            for m in re.finditer(pattern, text):
                found.append(f"{path}: {text[max(0, m.start() - 25):m.end() + 15]!r} (write: {instead})")
    assert found == []


def test_one_card_gets_its_article_in_english():
    from datong_rules.reference_impl.climbing.stories import _one_card

    assert _one_card(["BJ"]) == {"zh": "大王", "en": "the big joker"}
    assert _one_card(["8"])["en"] == "an 8" and _one_card(["7"])["en"] == "a 7"
    assert _one_card(["5", "4"])["each"] == ["5", "4"]
