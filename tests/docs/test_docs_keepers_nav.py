"""The rule keepers' pages in the nav: the hook lists ``docs/rule-keepers.md`` and every ``docs/rule-keepers-*.md``
after it, each titled in the tree's own language from that language's page (``x.md`` 中文, ``x.en.md`` English;
:func:`datong_rules.rulebook.mkdocs_hook.title_in`). The guides' languages, section ids, links and quoted commands
in both twins are checked by tests/docs/test_docs_guides_language.py and tests/docs/test_docs_console.py."""

from __future__ import annotations

import re
from pathlib import Path

from datong_rules.rulebook.mkdocs_hook import title_in

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_a_page_is_titled_from_its_twin_in_english_and_from_a_two_part_heading_without_one(tmp_path):
    guide = tmp_path / "rule-keepers-x.md"
    guide.write_text("# 编辑器支持\n\n正文。\n", encoding="utf-8")
    (tmp_path / "rule-keepers-x.en.md").write_text("# Editor support\n\nText.\n", encoding="utf-8")
    assert (title_in(guide, "zh"), title_in(guide, "en")) == ("编辑器支持", "Editor support")
    bilingual = tmp_path / "rule-keepers-y.md"
    bilingual.write_text("# 继承与合并规则 · How `extends` merges\n", encoding="utf-8")
    assert (title_in(bilingual, "zh"), title_in(bilingual, "en")) == ("继承与合并规则", "How `extends` merges")


def nav_titles(html: str) -> list[str]:
    """The titles of the built page's nav links (the theme's ``md-nav__link``s, ellipsis spans included)."""
    links = re.findall(r'class="md-nav__link[^"]*"[^>]*>(.*?)</(?:a|label)>', html, flags=re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", link)).strip() for link in links]


def test_each_tree_titles_the_rule_keepers_pages_in_its_language(built_site):
    assert built_site.returncode == 0, built_site.log[-2000:]
    pages = sorted(DOCS.glob("rule-keepers-*.md"))
    zh_pages = [p for p in pages if not p.name.endswith(".en.md")]
    assert zh_pages and all(p.with_name(p.stem + ".en.md").is_file() for p in zh_pages)
    for lang, root in (("zh", built_site.root), ("en", built_site.root / "en")):
        titles = nav_titles((root / "rule-keepers" / "index.html").read_text(encoding="utf-8"))
        for page in zh_pages:
            assert title_in(page, lang) in titles, (lang, page.name, titles)
    assert title_in(DOCS / "rule-keepers-editor.md", "en") == "Editor support"
    assert title_in(DOCS / "rule-keepers-editor.md", "zh") == "编辑器支持"
