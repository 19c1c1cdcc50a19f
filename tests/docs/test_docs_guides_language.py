"""The hand-written guides in both languages: a guide ``docs/x.md`` with an English twin ``docs/x.en.md`` is a 中文
page that shows no English sentence, its twin shows no Chinese of its own (beyond a term glossed in brackets and a
game's Chinese name beside its English one, ``攉龙 Huolong``), both have the same section ids (the language
switch lands on the section being read), and every link into a guide's section finds it in both languages.

Read from the Markdown sources (no site build): code spans and blocks, link targets and ``{#id}`` attributes are
not text a reader sees; section ids are those Python-Markdown gives the headings, as mkdocs does.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import markdown
import pytest

from test_docs_language import ENGLISH_SENTENCE, visible_text

DOCS = Path(__file__).resolve().parents[2] / "docs"
TWINS = sorted((p.with_name(p.name.removesuffix(".en.md") + ".md"), p) for p in DOCS.rglob("*.en.md"))
IDS = [en.relative_to(DOCS).as_posix().removesuffix(".en.md") for _, en in TWINS]
EXTENSIONS = ["toc", "attr_list", "tables", "admonition", "def_list", "md_in_html", "pymdownx.superfences"]
"""mkdocs.yml's Markdown extensions that shape headings and what counts as code."""
CHINESE = re.compile(r"[\u4e00-\u9fff]+")
NAMED = re.compile(r"[\u4e00-\u9fff]+(?: · [\u4e00-\u9fff]+)* (?=[A-Z][a-z])")
"""A Chinese name followed by its English one (``攉龙 Huolong``, ``大同扑克 · 憋蛋 Biedan``)."""
LINK = re.compile(r"\]\(([^)\s]*?)(?:#([^)\s]+))?\)")


def text_of(path: Path, lang: str) -> str:
    """What a reader sees of a guide (:func:`test_docs_language.visible_text`), link targets left out."""
    source = re.sub(r"<!--.*?-->", " ", path.read_text(encoding="utf-8"), flags=re.S)
    source = re.sub(r"^\s*(```|~~~).*?^\s*\1", " ", source, flags=re.S | re.M)  # fenced blocks, indented too
    source = re.sub(r"`(?:[^`\n]|\n(?!\s*\n))+`", " ", source)  # code spans, over a line break too
    return visible_text(LINK.sub("]", source), lang)


@lru_cache(maxsize=None)
def section_ids(path: Path) -> tuple[str, ...]:
    """The ids of a page's sections (its headings below the title), in order."""
    md = markdown.Markdown(extensions=EXTENSIONS)
    md.convert(path.read_text(encoding="utf-8"))

    def walk(tokens):
        for token in tokens:
            if token["level"] > 1:
                yield token["id"]
            yield from walk(token["children"])

    return tuple(walk(md.toc_tokens))


def test_there_are_guides_in_both_languages():
    assert {"implementers/index", "implementers/operations", "implementers/biedan-operations",
            "implementers/dadun-operations", "adding-a-game", "getting-started", "rule-keepers",
            "rule-keepers-editor", "rule-keepers-merge"} <= set(IDS)


@pytest.mark.parametrize("zh, en", TWINS, ids=IDS)
def test_a_chinese_guide_shows_no_english_sentence(zh: Path, en: Path):
    assert zh.is_file(), f"{en.name} has no 中文 page"
    found = ENGLISH_SENTENCE.findall(text_of(zh, "zh"))
    assert found == [], f"{zh.relative_to(DOCS)}: {found[:5]}"


@pytest.mark.parametrize("zh, en", TWINS, ids=IDS)
def test_an_english_guide_shows_no_chinese_of_its_own(zh: Path, en: Path):
    text = re.sub(r"[(（][^)）]*[)）]|《[^》]*》", " ", text_of(en, "en"))  # a term glossed in brackets, a title
    found = CHINESE.findall(NAMED.sub(" ", text))
    assert found == [], f"{en.relative_to(DOCS)}: {found[:8]}"


@pytest.mark.parametrize("zh, en", TWINS, ids=IDS)
def test_both_languages_of_a_guide_have_the_same_section_ids(zh: Path, en: Path):
    ids = section_ids(en)
    assert ids and section_ids(zh) == ids
    assert not [i for i in ids if not re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+)*", i)], ids  # no '_1' of a Chinese title


def test_every_link_into_a_guides_section_finds_it_in_both_languages():
    """``operations.md#card-notation`` and ``#fuzz`` from any page of docs/ (a link names the 中文 page; the
    plugin serves each language's twin): the section is in the 中文 page and in its twin."""
    checked, missing = 0, []
    for page in sorted(DOCS.rglob("*.md")):
        for target, fragment in LINK.findall(page.read_text(encoding="utf-8")):
            if not fragment or "://" in target or not (target == "" or target.endswith(".md")):
                continue
            zh = (page.parent / target).resolve() if target else page.with_name(
                page.name.removesuffix(".en.md") + ".md")
            for twin in (zh, zh.with_name(zh.stem + ".en.md")):
                if twin.is_file():
                    checked += 1
                    if fragment not in section_ids(twin):
                        missing.append(f"{page.relative_to(DOCS)} → {twin.relative_to(DOCS)}#{fragment}")
    assert checked >= 6 and missing == []


def test_the_strict_build_checks_anchors():
    """A link to a missing ``#anchor`` of a page is a warning, so the strict site build (tests/docs/test_docs_site.py)
    fails on it: a section id renamed in one language's twin breaks the build."""
    import yaml

    config = yaml.load((Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8"),
                       Loader=yaml.BaseLoader)
    assert config["validation"]["links"]["anchors"] == "warn"


RUNNER_WORDS = ("运行器", "执行器")
"""Other names a 中文 page could give the conformance runner, which the 中文 pages call 测试程序 (one word per
concept, as the glossary asks of the games' terms)."""


def test_the_chinese_pages_call_the_runner_one_name():
    pages = [p for p in DOCS.rglob("*.md") if not p.name.endswith(".en.md")]
    pages += sorted((DOCS.parent / "conformance" / "examples").glob("*/README.zh.md"))
    assert len(pages) >= 15 and sum("测试程序" in p.read_text(encoding="utf-8") for p in pages) >= 3
    found = [(p.relative_to(DOCS.parent).as_posix(), w) for p in pages for w in RUNNER_WORDS
             if w in p.read_text(encoding="utf-8")]
    assert found == [], found
