"""Every sentence a 中文 rulebook page shows is Chinese: no English sentence outside code, the
language switch and proper names; and English pages carry no Chinese text of their own beyond the Chinese
terms they explain (marked ``lang="zh"``). The site has one tree per language (mkdocs-static-i18n): every built
page of the English tree is ``lang="en"`` with English interface text only (site name, nav, search, table of
contents), every page of the 中文 tree ``lang="zh"`` with Chinese interface text; both languages of a page have
the same section ids, so the language switch lands on the section being read; one bracket style per language."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from datong_rules.rulebook.paths import lang_of, localized, served, unlocalized
from datong_rules.rulebook.site import load_site

SITE = load_site()
ZH_KINDS = ("", "-sample", "-card", "-rules")
RULEBOOKS = sorted(p for p in SITE.pages if p.startswith("rulebooks/"))
ZH_PAGES = [p for p in RULEBOOKS if lang_of(p) == "zh"]
EN_PAGES = [p for p in RULEBOOKS if lang_of(p) == "en" and not p.endswith("/options.en.md")]
ENGLISH_SENTENCE = re.compile(r"(?<![\w/.-])[A-Za-z][a-z']+(?:[ ,;:]+[A-Za-z][a-z']*){3,}")
"""Four or more English words in a row (identifiers such as huolong/datong-guide-stars-total are not words)."""


def visible_text(markdown: str, lang: str) -> str:
    """The text a reader sees: tags, code, the other-language switch, ids and elements in another language
    (``lang="…"``) removed."""
    text = re.sub(r"<code[^>]*>.*?</code>|<title>.*?</title>", " ", markdown, flags=re.S)
    text = re.sub(r'<(a|span|abbr|p|q)[^>]*\blang="(?!%s)[a-z]+"[^>]*>.*?</\1>' % lang, " ", text, flags=re.S)
    text = re.sub(r'<svg.*?</svg>', " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\{#[^}]*\}|\{ [^}]*\}", " ", text)
    text = re.sub(r"```.*?```|`[^`\n]*`", " ", text, flags=re.S)  # Markdown code
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


def built_pages(root: Path, lang: str) -> list[Path]:
    """Every built page of the ``lang`` tree (English: under ``en/``; 中文: the rest)."""
    pages = sorted(root.rglob("index.html"))
    english = [p for p in pages if p.relative_to(root).parts[0] == "en"]
    return english if lang == "en" else [p for p in pages if p not in english]


def frame_text(html: str) -> str:
    """The interface text of a built page: everything but the page's own text (``<article>``, checked by the
    tests above for the generated pages), scripts, the language selector's own language names and code."""
    frame = re.sub(r"<article.*?</article>|<script.*?</script>|<style.*?</style>|<code.*?</code>", " ", html,
                   flags=re.S)
    frame = re.sub(r'<a [^>]*hreflang="[a-z]+"[^>]*>.*?</a>', " ", frame, flags=re.S)  # 中文 / English
    frame = re.sub(r'<(?:meta|link)[^>]*>', " ", frame)
    return unescape(re.sub(r"<[^>]+>", " ", frame))


DOCS = Path(__file__).resolve().parents[2] / "docs"
SHARED_GUIDES = {served(p.relative_to(DOCS).as_posix()) for p in DOCS.rglob("*.md") if lang_of(p.name) == "zh"}
SHARED_GUIDES |= {served(p) for p in SITE.pages if not p.startswith("rulebooks/")} | {"implementers/schemas/"}
"""The hand-written guides and the implementers' generated pages: their table of contents is their own headings
(operation names such as ``facts`` in code; a guide in both languages has its headings checked as page text by
tests/docs/test_docs_guides_language.py), so only the rest of their frame is checked."""


def test_every_page_of_the_english_tree_is_lang_en_with_english_interface_text(built_site):
    assert built_site.returncode == 0, built_site.log[-2000:]
    pages = built_pages(built_site.root, "en")
    assert len(pages) >= len(EN_PAGES)
    wrong = []
    for path in pages:
        html = path.read_text(encoding="utf-8")
        folder = path.parent.relative_to(built_site.root / "en").as_posix() + "/"
        if folder.removeprefix("./") in SHARED_GUIDES or folder == "./" and "./" in SHARED_GUIDES:
            html = re.sub(r'<a href="#[^"]*" class="md-nav__link">.*?</a>', " ", html, flags=re.S)
        chinese = re.findall(r"[\u4e00-\u9fff]+", frame_text(html))
        if '<html lang="en"' not in html or 'placeholder="Search"' not in html or chinese:
            wrong.append(f"{path.relative_to(built_site.root)}: {chinese[:6]}")
    assert wrong == []


ZH_INTERFACE_ENGLISH = re.compile(r"\b(?!(?:JSON|MkDocs|Material|datong-rules)\b)[A-Za-z]{3,}\b")
"""An English word in the 中文 tree's interface text (proper names excepted)."""


def test_every_page_of_the_chinese_tree_is_lang_zh_with_chinese_interface_text(built_site):
    pages = built_pages(built_site.root, "zh")
    wrong = []
    for path in pages:
        html = path.read_text(encoding="utf-8")
        folder = path.parent.relative_to(built_site.root).as_posix() + "/"
        if folder.removeprefix("./") in SHARED_GUIDES or folder == "./" and "./" in SHARED_GUIDES:
            html = re.sub(r'<a href="#[^"]*" class="md-nav__link">.*?</a>', " ", html, flags=re.S)
        text = re.sub(r"Made with\s+Material for MkDocs", " ", frame_text(html))  # the theme's credit, a name
        english = ZH_INTERFACE_ENGLISH.findall(text)
        if '<html lang="zh"' not in html or 'placeholder="搜索"' not in html or english:
            wrong.append(f"{path.relative_to(built_site.root)}: {english[:6]}")
    assert wrong == []


def test_the_english_nav_is_translated(built_site):
    """Every nav title of mkdocs.yml has its English translation (plugins.i18n nav_translations)."""
    import yaml

    config = yaml.load((Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8"),
                       Loader=yaml.BaseLoader)

    def titles(nav):
        for entry in nav:
            if isinstance(entry, dict):
                for title, value in entry.items():
                    yield title
                    if isinstance(value, list):
                        yield from titles(value)

    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    english = next(lang for lang in i18n["languages"] if lang["locale"] == "en")
    assert [t for t in titles(config["nav"]) if t not in english["nav_translations"]] == []


def heading_ids(html: str) -> list[str]:
    article = html[html.find("<article"):html.find("</article>")]
    return re.findall(r'<h[23] id="([^"]+)"', article)


@pytest.mark.parametrize("path", [p for p in ZH_PAGES if localized(p, "en") in SITE.pages])
def test_both_languages_of_a_page_have_the_same_sections_and_link_each_other(built_site, path):
    """The page's own language switch opens the twin page (the header's selector gets the same address from
    lang-switch.js: tests/docs/test_docs_browser.py), and lang-switch.js carries the section being read (#id)
    over: the twin must have the same section ids."""
    twin = localized(path, "en")
    zh = (built_site.root / served(path) / "index.html").read_text(encoding="utf-8")
    en = (built_site.root / served(twin) / "index.html").read_text(encoding="utf-8")
    assert heading_ids(zh) == heading_ids(en)
    depth = served(path).count("/")
    assert f'<p class="lang-switch"><a href="{"../" * depth}en/{served(unlocalized(twin))}" hreflang="en"' in zh
    assert f'<p class="lang-switch"><a href="{"../" * (depth + 1)}{served(path)}" hreflang="zh"' in en


HALF_WIDTH_ALLOWED = re.compile(r"[\w .]*[+\-−×*/=<>][\w .+\-−×*/=<>]*")
"""Half-width brackets a 中文 text keeps: a formula, ``座位(s+1) mod 4``."""


@pytest.mark.parametrize("path", RULEBOOKS)
def test_one_bracket_style_per_language(path):
    """中文 text uses full-width brackets （…）, English text half-width (…) (outside code and other-language
    elements)."""
    lang = lang_of(path)
    text = re.sub(r"\]\([^)\s]*\)", "]", visible_text(SITE.pages[path], lang))  # Markdown links
    if lang == "zh":
        wrong = [m.group(0) for m in re.finditer(r"\(([^()]*)\)", text) if not HALF_WIDTH_ALLOWED.fullmatch(m.group(1))]
    else:
        wrong = re.findall(r".{0,10}[（）].{0,10}", text)
    assert wrong == [], f"{path}: {wrong[:5]}"


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
    """对家 means the partner in some sources and the other team in another (docs/glossary.md): the rule texts a
    player reads say 同伴."""
    pages = [p for p in ZH_PAGES if "/huolong/" in p and not p.endswith(("/compare.md", "/options.md"))]
    found = [p for p in pages if "对家" in re.sub(r'<ul class="sources">.*?</ul>', " ",
                                                 re.sub(r"§ ?\S+", " ", SITE.pages[p]), flags=re.S)]
    assert found == []
