"""A player's page never states a rule the variant marks ``inferred`` (the source does not say it) without saying
so: each such rule in a section's list of rules, and each sentence of the page's own words that states such a rule's
value (``{match.hands}``…), is followed by the words of :func:`~datong_rules.rulebook.player_page.inferred_mark`.
The check reads the generated pages, not the function that marks them."""

from __future__ import annotations

import html
import re

import pytest

from datong_rules.reference_impl.variant import list_variants, load_variant
from datong_rules.rulebook.game_data import facet_data
from datong_rules.rulebook.labels import UI
from datong_rules.rulebook.paths import page_path
from datong_rules.rulebook.rules_html import rule_items
from datong_rules.rulebook.site import load_site

SITE = load_site()
VARIANTS = [v for v in list_variants() if not load_variant(v).abstract]
CASES = [(v, lang) for v in VARIANTS for lang in ("zh", "en")]
PLACEHOLDER = re.compile(r"\{([a-z_]+(?:\.[a-z_]+)*)\}")


def _inferred(variant_id: str) -> set[str]:
    return {rid for rid, item in rule_items(load_variant(variant_id).data["rules"]) if "inferred" in item}


def _states_inferred(key: str, inferred: set[str]) -> bool:
    return key in inferred or key.rpartition(".")[0] in inferred


def _sentences(text: str, lang: str) -> list[str]:
    return re.findall(r"[^。！？]+[。！？]?" if lang == "zh" else r".+?(?:[.!?](?=\s|$)|$)", text)


def _own_words(game: str, lang: str) -> list[str]:
    """The page's own texts (intros, steps, aims, tips) in ``lang``, unfilled."""
    texts = []
    for section in facet_data(game, "PLAYER_PAGE", None) or []:
        for key in ("intro", "aims"):
            if key in section:
                texts.append(section[key][lang])
        texts += [step[lang] for step in section.get("steps", []) + section.get("tips", [])]
    return texts


def test_the_games_pages_state_inferred_rules():
    """The check has something to check: the rule lists and the own words of 打墩 and 憋蛋 state inferred rules
    (打墩's cap on a match's hands, 憋蛋's number of hands and its hand size)."""
    assert "match.max_hands" in _inferred("dadun/dadun-guide")
    biedan = _inferred("biedan/biedan-guide")
    assert {"match.hands", "deal.hand_size"} <= biedan
    assert any(_states_inferred(k, biedan) for t in _own_words("biedan", "en") for k in PLACEHOLDER.findall(t))


@pytest.mark.parametrize("variant_id, lang", CASES)
def test_each_listed_inferred_rule_says_so(variant_id, lang):
    page = SITE.pages[page_path(variant_id, lang)]
    inferred = _inferred(variant_id)
    mark = html.escape(UI["inferred_mark"][lang])
    listed = re.findall(r'<li>((?:(?!<li>).)*?)<a class="rule-ref" href="[^"]*#r-([^"]+)"', page, re.S)
    assert listed
    unmarked = [rid for text, rid in listed if rid in inferred and mark not in text]
    assert unmarked == []


@pytest.mark.parametrize("variant_id, lang", CASES)
def test_each_sentence_stating_an_inferred_value_says_so(variant_id, lang):
    game = variant_id.split("/")[0]
    inferred = _inferred(variant_id)
    seen = html.unescape(re.sub(r"<[^>]+>", " ", SITE.pages[page_path(variant_id, lang)]))
    mark = UI["inferred_mark"][lang].strip()
    for text in _own_words(game, lang):
        for sentence in _sentences(text, lang):
            if not any(_states_inferred(k, inferred) for k in PLACEHOLDER.findall(sentence)):
                continue
            body = sentence.rstrip("。！？.!?")
            parts = [re.escape(p) for p in PLACEHOLDER.split(body)[::2]]
            pattern = ".+?".join(parts) + r"\s*" + re.escape(mark)
            assert re.search(pattern, seen), f"{variant_id} {lang}: {sentence!r} states an inferred rule unmarked"
