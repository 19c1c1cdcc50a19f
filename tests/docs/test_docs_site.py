"""The built site: strict build without warnings, a 中文 and an English page per variant carrying every
rule id and rule text, the comparison pages, the hand-written pages, and the house-variant example."""

from __future__ import annotations

import re
from html import escape, unescape
from pathlib import Path

import pytest

from datong_rules.rulebook.labels import LANGS
from datong_rules.rulebook.paths import compare_path, options_path, page_path, rules_path, served
from datong_rules.reference_impl.variant import list_variants, load_file, load_variant
from datong_rules.reference_impl.variant.variant import iter_rules

REPO = Path(__file__).resolve().parents[2]
PLAYABLE = [v for v in list_variants() if not load_variant(v).abstract]
HAND_WRITTEN = ["index", "getting-started", "rule-keepers", "rule-keepers-editor", "rule-keepers-merge", "implementers/index",
                "implementers/operations", "glossary"]


def page(site: Path, docs_path: str) -> str:
    """The HTML of a built page from its docs path (``rulebooks/huolong/x.md``, English ``x.en.md``), directory
    URLs, one tree per language (:func:`datong_rules.rulebook.paths.served`)."""
    from datong_rules.rulebook.paths import served

    folder = served(docs_path)
    target = site / ("" if folder == "./" else folder) / "index.html"
    assert target.is_file(), f"page not built: {docs_path}"
    return target.read_text(encoding="utf-8")


def test_the_site_builds_strict_without_warnings(built_site):
    assert built_site.returncode == 0, built_site.log[-3000:]
    warnings = [line for line in built_site.log.splitlines() if re.match(r"\s*(WARNING|ERROR)\b", line)]
    assert warnings == []


def test_there_are_playable_variants():
    assert len(PLAYABLE) >= 3


@pytest.mark.parametrize("variant_id", PLAYABLE)
@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_of_the_variant_is_on_its_page(built_site, variant_id, lang):
    variant = load_variant(variant_id)
    html = page(built_site.root, rules_path(variant_id, lang))  # the rules-as-data layer
    assert variant.data["name"][lang] in unescape(html)
    missing = [rule_id for rule_id in variant.rule_ids() if f'id="r-{rule_id}"' not in html]
    assert missing == []
    wrong_text = [rule_id for rule_id, item in iter_rules(variant.data["rules"])
                  if escape(item["text"][lang]) not in html]
    assert wrong_text == []
    assert html.count('<svg class="card"') >= 20  # the ranking chart at least


@pytest.mark.parametrize("lang", LANGS)
def test_comparison_page_lists_every_variant_and_rule(built_site, lang):
    html = page(built_site.root, compare_path("huolong", lang))
    huolong = [v for v in PLAYABLE if v.startswith("huolong/")]
    for variant_id in huolong:
        assert load_variant(variant_id).data["name"][lang] in unescape(html)
    rule_ids = {r for v in huolong for r in load_variant(v).rule_ids()}
    assert all(f'id="cmp-{r}"' in html for r in rule_ids)
    # bottom.multiplier is 1, 2 and 1 in the three sources: a difference
    assert '<tr class="differs" id="cmp-bottom.multiplier">' in html


def test_hand_written_pages_and_the_index_are_built(built_site):
    from datong_rules.rulebook.paths import index_path, localized

    for name in [*HAND_WRITTEN, "rulebooks/index"]:
        for lang in LANGS:
            page(built_site.root, localized(f"{name}.md", lang))  # a page without an English twin is in both trees
    for lang in LANGS:
        index = page(built_site.root, index_path(lang))
        for variant_id in PLAYABLE:
            assert f'href="{variant_id}/"' in index


def test_worked_examples_come_from_the_scenarios(built_site):
    from datong_rules.rulebook.site import load_scenarios

    scenarios, _ = load_scenarios()
    shown = [s for s in scenarios if s.variant == "huolong/li-zhijiang" and s.op not in ("facts", "replay")]
    if not shown:
        pytest.skip("no scenarios for huolong/li-zhijiang yet")
    from datong_rules.reference_impl.huolong.rulebook import EXAMPLES

    html = page(built_site.root, page_path("huolong/li-zhijiang", "en"))
    ids = re.findall(r'class="example teaching" id="ex-([^"]+)"', html)
    named = [f"huolong.li-zhijiang.{n}" for part in EXAMPLES.values() for n in part["li-zhijiang"]]
    assert ids == named and set(ids) <= {s.id for s in shown}  # chosen by name, in teaching order


def test_the_house_variant_example_is_valid_and_changes_what_the_guide_says():
    variant = load_file(REPO / "docs" / "examples" / "house-variant.yaml")
    parent = load_variant(variant.parent)
    assert variant.parent == "huolong/datong-guide"
    assert variant.rule("follow.shape") == "match_when_held" != parent.rule("follow.shape")
    assert variant.rule("bottom.multiplier") == 1 != parent.rule("bottom.multiplier")
    assert "inferred" in variant.item("bottom.multiplier")
    changed = [r for r in variant.rule_ids() if r in parent.rule_ids() and variant.item(r) != parent.item(r)]
    assert sorted(changed) == ["bottom.multiplier", "follow.shape"]
    assert set(variant.rule_ids()) == set(parent.rule_ids())


# ------------------------------------------------------------------------------------------ options reference
def schema_rule_ids() -> list[str]:
    import json

    schema = json.loads((REPO / "spec" / "schema" / "games" / "huolong" / "rules.schema.json").read_text(encoding="utf-8"))
    return [name.removeprefix("rule.") for name in schema["$defs"] if name.startswith("rule.")]


@pytest.mark.parametrize("lang", LANGS)
def test_options_reference_lists_every_rule_of_the_schema_conflicts_first(built_site, lang):
    html = page(built_site.root, options_path("huolong", lang))
    rule_ids = schema_rule_ids()
    assert len(rule_ids) >= 60
    assert [r for r in rule_ids if f'id="opt-{r}"' not in html] == []
    huolong = [load_variant(v) for v in PLAYABLE if v.startswith("huolong/")]
    differing = [r for r in rule_ids if len({repr(v.rule(r)) for v in huolong}) > 1]
    agreed_at = html.index('id="agreed"')
    for rule_id in rule_ids:
        at = html.index(f'id="opt-{rule_id}"')
        marked = f'<div class="option differs" id="opt-{rule_id}">' in html
        assert marked == (rule_id in differing), rule_id
        assert (at < agreed_at) == marked, rule_id
    # known from the sources: the dug bottom counts 1×, 2×, 1×; every source plays with four players
    assert "bottom.multiplier" in differing and "players.count" not in differing
    # a value no source uses is offered as a house option (rotation.keep: every source says banker_partner)
    house = {"zh": "家规选项，来源中没有", "en": "house option, not used by any source"}[lang]
    keep = html[html.index('id="opt-rotation.keep"'):html.index('id="opt-rotation.take_over"')]
    assert keep.count(house) == 3 and "<code>banker_previous</code>" in keep


@pytest.mark.parametrize("lang", LANGS)
def test_options_reference_links_resolve(built_site, lang):
    """Raw HTML links are not rewritten by mkdocs: every relative link of the page must reach a built page
    and, where it names one, an anchor of that page."""
    from urllib.parse import urljoin, urlsplit

    base = f"http://site/{served(options_path('huolong', lang))}"
    html = page(built_site.root, options_path("huolong", lang))
    links = set(re.findall(r'<a[^>]* href="([^"]+)"', html))
    assert any("#r-bottom.multiplier" in link for link in links)
    broken = []
    for link in links:
        if link.startswith(("http:", "https:", "mailto:")):
            continue
        parts = urlsplit(urljoin(base, unescape(link)))
        target = built_site.root / parts.path.lstrip("/")
        target = target / "index.html" if parts.path.endswith("/") else target
        if not target.is_file() or (parts.fragment and f'id="{parts.fragment}"' not in target.read_text("utf-8")):
            broken.append(link)
    assert broken == []


def test_the_rule_keepers_guide_shows_the_tools_and_links_the_options_reference(built_site):
    html = page(built_site.root, "rule-keepers.md")
    text = unescape(re.sub(r"<[^>]+>", "", html))
    for command in ("datong-rules show", "datong-rules validate", "datong-rules diff"):
        assert command in text
    assert 'href="../rulebooks/huolong/options/"' in html
    english = (built_site.root / "en" / "rule-keepers" / "index.html").read_text(encoding="utf-8")
    assert 'href="../rulebooks/huolong/options/"' in english  # the English tree's own options page


def test_the_options_reference_is_in_the_nav_after_the_comparison(built_site):
    html = page(built_site.root, page_path("huolong/datong-guide", "en"))
    links = re.findall(r'<a href="(\./|\.\./[a-z-]+/)" class="md-nav__link', html)
    nav = [n.strip("./") or "datong-guide" for n in links]
    nav = [n for n in dict.fromkeys(nav) if not n.endswith(("-sample", "-card", "-rules"))]
    assert nav[:5] == ["datong-guide", "li-zhijiang", "online-platform", "compare", "options"]
