"""The hand-written guides that have an English twin (``x.md`` 中文, ``x.en.md`` English): each language's page is in
its language, and both have the same sections, so a link to a section (``dadun-operations.md#conventions``) and the
language switch land on the same place in either tree."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
TWINS = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")
               if not p.name.endswith(".en.md") and p.with_name(f"{p.stem}.en.md").is_file())
"""The 中文 pages of the guides that have an English twin (``implementers/dadun-operations.md``, …)."""
ENGLISH_SENTENCE = re.compile(r"(?<![\w/.-])[A-Za-z][a-z']+(?:[ ,;:]+[A-Za-z][a-z']*){3,}")
"""Four or more English words in a row (as tests/docs/test_docs_language.py finds them on the rulebooks)."""
CHINESE_SENTENCE = re.compile(r"[\u4e00-\u9fff，。；：、]{6,}")
"""Six or more Chinese characters or Chinese punctuation in a row: more than a term quoted beside its English."""


LINK = re.compile(r"\]\(([^)#\s]*)#([^)\s]+)\)")
"""A Markdown link to a section: ``[…](page.md#id)``, ``[…](#id)``."""


def article(built_site, page: str, lang: str) -> str:
    """The built ``<article>`` of ``page`` (a 中文 docs path) in ``lang``."""
    served = page.removesuffix(".md").removesuffix("index").rstrip("/")
    folder = built_site.root / ("en" if lang == "en" else "") / served
    html = (folder / "index.html").read_text(encoding="utf-8")
    return html[html.find("<article"):html.find("</article>")]


def prose(html: str) -> str:
    """What a reader reads of an article: no code, no tags."""
    text = re.sub(r"<(code|pre)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", text))


def test_the_operations_guides_of_the_climbing_games_have_twins():
    assert {"implementers/biedan-operations.md", "implementers/dadun-operations.md"} <= set(TWINS)


@pytest.mark.parametrize("page", TWINS)
def test_both_languages_of_a_guide_have_the_same_sections(built_site, page):
    ids = {lang: re.findall(r'<h[2-4] id="([^"]+)"', article(built_site, page, lang)) for lang in ("zh", "en")}
    assert ids["zh"] and ids["zh"] == ids["en"]


@pytest.mark.parametrize("page", TWINS)
def test_a_guides_chinese_page_shows_no_english_sentence(built_site, page):
    assert ENGLISH_SENTENCE.findall(prose(article(built_site, page, "zh"))) == []


@pytest.mark.parametrize("page", TWINS)
def test_a_guides_english_page_shows_no_chinese_sentence(built_site, page):
    assert CHINESE_SENTENCE.findall(prose(article(built_site, page, "en"))) == []


@pytest.mark.parametrize("page", TWINS)
def test_links_into_a_guide_find_their_section_in_both_trees(built_site, page):
    """Every ``page.md#id`` link of the docs (either language) names a section that both twins have."""
    pages = {(DOCS / page).resolve(), (DOCS / f"{page[:-3]}.en.md").resolve()}
    wanted = {section for path in DOCS.rglob("*.md") for href, section in LINK.findall(path.read_text("utf-8"))
              if ((path.parent / href) if href else path).resolve() in pages}
    for lang in ("zh", "en"):
        ids = set(re.findall(r'<h[2-4] id="([^"]+)"', article(built_site, page, lang)))
        assert wanted - ids == set(), lang


@pytest.mark.parametrize("game", ["biedan", "dadun"])
def test_both_languages_of_an_operations_guide_name_every_reason_code(game):
    """Every reason code of the game (spec/reasons.yaml) is named, in code, on both pages of its operations guide."""
    import yaml

    reasons = yaml.safe_load((DOCS.parent / "spec" / "reasons.yaml").read_text(encoding="utf-8"))["reasons"]
    codes = {entry["code"] for entry in reasons[game]}
    assert len(codes) >= 15
    for page in (f"{game}-operations.md", f"{game}-operations.en.md"):
        named = set(re.findall(r"`([a-z_]+)`", (DOCS / "implementers" / page).read_text(encoding="utf-8")))
        assert codes - named == set(), page
