"""Every sentence a 中文 rulebook page shows is Chinese (issue 15): no English sentence outside code, the
language switch and proper names; and English pages carry no Chinese text of their own beyond the Chinese
terms they explain (marked ``lang="zh"``)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from datong_rules.rulebook.site import load_site

SITE = load_site()
ZH_KINDS = ("", "-sample", "-card", "-rules")
ZH_PAGES = sorted(p for p in SITE.pages if p.startswith("rulebooks/zh/"))
EN_PAGES = sorted(p for p in SITE.pages if p.startswith("rulebooks/en/") and not p.endswith("/options.md"))
ENGLISH_SENTENCE = re.compile(r"(?<![\w/.-])[A-Za-z][a-z']+(?:[ ,;:]+[A-Za-z][a-z']*){3,}")
"""Four or more English words in a row (identifiers such as huolong/datong-guide-stars-total are not words)."""


def visible_text(markdown: str, lang: str) -> str:
    """The text a reader sees: tags, code, the other-language switch, ids and elements in another language
    (``lang="…"``) removed."""
    text = re.sub(r"<code[^>]*>.*?</code>|<title>.*?</title>", " ", markdown, flags=re.S)
    text = re.sub(r'<(a|span|abbr|p)[^>]*\blang="(?!%s)[a-z]+"[^>]*>.*?</\1>' % lang, " ", text, flags=re.S)
    text = re.sub(r'<svg.*?</svg>', " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\{#[^}]*\}|\{ [^}]*\}", " ", text)
    return unescape(text)


@pytest.mark.parametrize("path", ZH_PAGES)
def test_chinese_pages_have_no_english_sentence(path):
    found = ENGLISH_SENTENCE.findall(visible_text(SITE.pages[path], "zh"))
    assert found == [], f"{path}: {found[:5]}"


@pytest.mark.parametrize("path", EN_PAGES)
def test_english_pages_have_no_chinese_text_of_their_own(path):
    page = re.sub(r'<p class="prov[^"]*">.*?</p>|<ul class="sources">.*?</ul>', " ", SITE.pages[path], flags=re.S)
    text = visible_text(page, "en")  # notes and the sources list quote the sources' own Chinese words
    text = re.sub(r"《[^》]*》", " ", text)  # source titles are proper names
    text = re.sub(r"[\u4e00-\u9fff，]+ ?[(（][^)）]*[)）]", " ", text)  # a quoted term and its gloss: '谁大谁出 (…)'
    text = re.sub(r"[(（][^)）]*[)）]", " ", text)  # a Chinese term explained in brackets: 'playing through (打通)'
    text = re.sub(r"【[^】]*】|§ ?\S+", " ", text)  # a source's own section names
    found = re.findall(r"[\u4e00-\u9fff]{2,}", text)
    assert found == [], f"{path}: {found[:8]}"


def material_words(lang: str) -> set[str]:
    """The theme's interface words in ``lang`` (mkdocs-material's partials/languages/<lang>.html), those with two
    or more Chinese characters."""
    import material

    path = Path(material.__file__).parent / "templates" / "partials" / "languages" / f"{lang}.html"
    words = set(re.findall(r'"[a-z.]+": "([^"]+)"', path.read_text(encoding="utf-8")))
    return {w for w in words if re.search(r"[\u4e00-\u9fff]{2}", w)}


@pytest.mark.parametrize("path", EN_PAGES)
def test_english_pages_are_lang_en_with_the_theme_words_in_english(built_site, path):
    from datong_rules.rulebook.paths import served

    html = (built_site.root / served(path) / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in html
    frame = re.sub(r"<article.*?</article>", " ", html, flags=re.S)  # the page's own text is checked above
    found = sorted(w for w in material_words("zh") if w in frame)
    assert found == [], f"{path}: Chinese interface words {found}"
    assert 'placeholder="Search"' in html


def test_chinese_pages_stay_lang_zh(built_site):
    html = (built_site.root / "rulebooks" / "zh" / "huolong" / "li-zhijiang" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="zh"' in html and 'placeholder="搜索"' in html


SYNONYMS = (("载王", "摘星"), ("挖底", "抠底"))
"""Words the sources use for one concept: a variant's pages use one of each pair."""


@pytest.mark.parametrize("path", [p for p in ZH_PAGES if re.search(r"/huolong/[a-z-]+\.md$", p)
                                  and not p.endswith(("/compare.md", "/options.md"))])
def test_a_variants_chinese_pages_use_one_term_per_concept(path):
    page = re.sub(r'<ul class="sources">.*?</ul>', " ", SITE.pages[path], flags=re.S)  # what each source covers
    text = re.sub(r"§ ?\S+", " ", visible_text(page, "zh"))  # a source's own section names are quoted as they are
    both = [pair for pair in SYNONYMS if all(word in text for word in pair)]
    assert both == [], f"{path} uses both words of {both}"


def test_every_note_and_inferred_reason_of_the_bundled_variants_has_its_chinese():
    """The 中文 pages show notes and inferred reasons: each needs its 中文 sibling (note_zh, inferred.reason_zh)."""
    from datong_rules.reference_impl.variant import list_variants, load_variant
    from datong_rules.reference_impl.variant.variant import iter_rules

    missing = []
    for variant_id in list_variants():
        for rule_id, item in iter_rules(load_variant(variant_id).data.get("rules") or {}):
            if item.get("note") and not item.get("note_zh"):
                missing.append(f"{variant_id} {rule_id}: note_zh")
            if (item.get("inferred") or {}).get("reason") and not item["inferred"].get("reason_zh"):
                missing.append(f"{variant_id} {rule_id}: inferred.reason_zh")
    assert missing == []


def test_chinese_rulebooks_say_partner_not_the_ambiguous_duijia():
    """对家 means the partner in some sources and the other team in another (shared/GLOSSARY.md): the rule texts a
    player reads say 同伴."""
    pages = [p for p in ZH_PAGES if "/huolong/" in p and not p.endswith(("/compare.md", "/options.md"))]
    found = [p for p in pages if "对家" in re.sub(r'<ul class="sources">.*?</ul>', " ",
                                                 re.sub(r"§ ?\S+", " ", SITE.pages[p]), flags=re.S)]
    assert found == []
