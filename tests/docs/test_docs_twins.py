"""The hand-written guides that have an English twin (``docs/x.md`` 中文, ``docs/x.en.md`` English, the suffix
structure of mkdocs-static-i18n) are each in one language and say the same thing: the 中文 page shows no English
sentence and the English page no Chinese text of its own (code, CLI output and proper names aside); both have the
same section ids (the language switch carries the section being read over, and links from other pages, the
rulebooks and the CLI point at them), the same commands with the same quoted output and exit status, and the nav
titles the rule keepers' pages get in each tree come from the page of that language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from console_blocks import console_commands
from datong_rules.rulebook.mkdocs_hook import title_in
from datong_rules.rulebook.paths import lang_of, localized, served

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
TWINS = sorted(p for p in DOCS.rglob("*.md")
               if lang_of(p.name) == "zh" and p.with_name(localized(p.name, "en")).is_file())
IDS = [p.relative_to(DOCS).as_posix() for p in TWINS]
ENGLISH_SENTENCE = re.compile(r"(?<![\w/.<-])[A-Za-z][a-z']+(?:[ ,;:]+[A-Za-z][a-z']*){3,}")
"""Four or more English words in a row (identifiers and paths are not words)."""
BILINGUAL_TABLES = {"glossary.md"}
"""Pages whose tables are bilingual by nature (the term tables of the glossary): the same on both pages."""
HEADING = re.compile(r"^(#{2,4}) (.*?)(?:\s*\{#([^}]+)\})?\s*$", re.M)


def twin(page: Path) -> Path:
    return page.with_name(localized(page.name, "en"))


def prose(markdown: str, page: Path) -> str:
    """What a reader sees as prose: fenced blocks, code spans, link targets, explicit ids and HTML tags removed (and
    the tables of :data:`BILINGUAL_TABLES`)."""
    if page.name in BILINGUAL_TABLES:
        markdown = re.sub(r"^\|.*$", " ", markdown, flags=re.M)
    text = re.sub(r"^(\s*)(`{3,}|~{3,}).*?^\1\2\s*$", " ", markdown, flags=re.M | re.S)
    text = re.sub(r"`[^`\n]*`", " ", text)
    text = re.sub(r"\]\([^)\s]*\)|\{#[^}]*\}|<[^>]+>|https?://\S+", " ", text)
    return text


def test_the_guides_with_twins_are_found():
    """Guards against checking nothing: the rule keepers' guides and the installation page have twins."""
    assert {"getting-started.md", "rule-keepers.md", "rule-keepers-editor.md", "rule-keepers-merge.md",
            "index.md", "glossary.md"} <= set(IDS)


@pytest.mark.parametrize("page", TWINS, ids=IDS)
def test_the_chinese_page_shows_no_english_sentence(page):
    found = ENGLISH_SENTENCE.findall(prose(page.read_text(encoding="utf-8"), page))
    assert found == [], f"{page.relative_to(REPO)}: {found[:5]}"


PROPER_NAME = re.compile(r"[\u4e00-\u9fff]+(?: · [\u4e00-\u9fff]+)? (?=[A-Z][a-z])")
"""A game's Chinese name before its own name: 攉龙 Huolong, 大同扑克 · 憋蛋 Biedan."""


@pytest.mark.parametrize("page", TWINS, ids=IDS)
def test_the_english_page_has_no_chinese_text_of_its_own(page):
    text = PROPER_NAME.sub(" ", prose(twin(page).read_text(encoding="utf-8"), page))
    text = re.sub(r"\([^()]*?[ ,][\u4e00-\u9fff]+\)|\([\u4e00-\u9fff]+[,)]", " ", text)  # a term in brackets
    found = re.findall(r"[\u4e00-\u9fff]+", text)
    assert found == [], f"{twin(page).relative_to(REPO)}: {found[:8]}"


def section_ids(page: Path) -> list[tuple[int, str | None]]:
    """The level and explicit id of every heading below the title (outside code blocks)."""
    text = re.sub(r"^(\s*)(`{3,}|~{3,}).*?^\1\2\s*$", " ", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    return [(len(hashes), anchor) for hashes, _, anchor in HEADING.findall(text)]


@pytest.mark.parametrize("page", TWINS, ids=IDS)
def test_both_languages_have_the_same_sections_with_explicit_ids(page):
    """Slugs of headings in two languages differ: every section carries an explicit ``{#id}``, the same in both."""
    zh, en = section_ids(page), section_ids(twin(page))
    assert zh == en
    assert [level for level, anchor in zh if anchor is None] == []


def _commands(page: Path) -> list[tuple[str, tuple[str, ...], int]]:
    return [(re.sub(r"\s+#.*$", "", c.command), c.output, c.status)
            for c in console_commands(page.relative_to(REPO), page.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("page", [p for p in TWINS if p.name in BILINGUAL_TABLES], ids=sorted(BILINGUAL_TABLES))
def test_a_bilingual_table_is_the_same_on_both_pages(page):
    rows = [[line for line in p.read_text(encoding="utf-8").splitlines() if line.startswith("|")]
            for p in (page, twin(page))]
    assert rows[0] and rows[0] == rows[1]


@pytest.mark.parametrize("page", TWINS, ids=IDS)
def test_both_languages_quote_the_same_commands_output_and_status(page):
    """tests/docs/test_docs_console.py runs the 中文 page's commands; the English page must quote the same (a
    comment after a command is in the page's language)."""
    assert _commands(page) == _commands(twin(page))


def test_a_rule_keepers_page_is_titled_in_the_nav_from_its_own_language(tmp_path):
    guide = tmp_path / "rule-keepers-x.md"
    guide.write_text("# 编辑器支持\n\n正文。\n", encoding="utf-8")
    (tmp_path / "rule-keepers-x.en.md").write_text("# Editor support\n\nText.\n", encoding="utf-8")
    assert (title_in(guide, "zh"), title_in(guide, "en")) == ("编辑器支持", "Editor support")
    bilingual = tmp_path / "rule-keepers-y.md"
    bilingual.write_text("# 继承与合并规则 · How `extends` merges\n", encoding="utf-8")
    assert (title_in(bilingual, "zh"), title_in(bilingual, "en")) == ("继承与合并规则", "How `extends` merges")


def built(site: Path, docs_path: str) -> str:
    folder = served(docs_path)
    return (site / ("" if folder == "./" else folder) / "index.html").read_text(encoding="utf-8")


def test_the_built_twins_have_the_same_section_ids_and_nav_titles(built_site):
    assert built_site.returncode == 0, built_site.log[-2000:]
    for page in TWINS:
        docs_path = page.relative_to(DOCS).as_posix()
        zh, en = built(built_site.root, docs_path), built(built_site.root, localized(docs_path, "en"))
        ids = [re.findall(r'<h[23] id="([^"]+)"', html[html.find("<article"):html.find("</article>")])
               for html in (zh, en)]
        assert ids[0] == ids[1], docs_path
    en = built(built_site.root, "rule-keepers.en.md")
    assert "Editor support" in en and "编辑器支持" not in en
    assert "编辑器支持" in built(built_site.root, "rule-keepers.md")


def test_links_into_the_twinned_guides_reach_their_sections_in_both_trees(built_site):
    """A link with a #section into a twinned guide, from any built page of either tree, lands on that section."""
    from html import unescape
    from urllib.parse import urljoin, urlsplit

    targets = {served(p.relative_to(DOCS).as_posix()) for p in TWINS}
    broken, checked = [], 0
    for html_file in built_site.root.rglob("index.html"):
        base = "http://site/" + html_file.parent.relative_to(built_site.root).as_posix() + "/"
        for link in set(re.findall(r'<a[^>]* href="([^"#]*#[^"]+)"', html_file.read_text(encoding="utf-8"))):
            parts = urlsplit(urljoin(base, unescape(link)))
            path = parts.path.lstrip("/")
            if not parts.path or path.removeprefix("en/") not in targets or link.startswith("#"):
                continue
            checked += 1
            target = built_site.root / path / "index.html"
            if not target.is_file() or f'id="{parts.fragment}"' not in target.read_text(encoding="utf-8"):
                broken.append(f"{html_file.relative_to(built_site.root)}: {link}")
    assert checked >= 4  # implementers/index and rule-keepers link #exit-status, in both trees
    assert broken == []
