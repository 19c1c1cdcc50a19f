"""The players' pages: per variant a player's page (the game's outline, teaching examples chosen by
name from the suite), a narrated sample hand, a one-page quick-reference card with its PDF; the comparison page
opens with the matrix; the which-variant page and the glossary with hover definitions exist."""

from __future__ import annotations

import logging
import re

import pytest

from datong_rules.reference_impl.huolong import rulebook as huolong_rulebook
from datong_rules.rulebook import mkdocs_hook
from datong_rules.rulebook.paths import (card_pdf_path, card_path, compare_path, glossary_path, index_path, page_path,
                                         sample_path, served, which_path)
from datong_rules.rulebook.pdf import find_chromium
from datong_rules.rulebook.site import load_scenarios
from datong_rules.reference_impl.variant import list_variants, load_variant

PLAYABLE = [v for v in list_variants() if not load_variant(v).abstract and v.startswith("huolong/")]
"""Huolong's variants (trick-taking: declaration, bury, tricks and a settlement table)."""
CLIMBING = [v for v in list_variants() if not load_variant(v).abstract and v.split("/")[0] in ("biedan", "dadun")]
"""The climbing games' variants (憋蛋, 打墩): their own outline, rounds instead of tricks."""
LANGS = ("zh", "en")


def built(site, docs_path: str) -> str:
    return (site.root / served(docs_path) / "index.html").read_text(encoding="utf-8")


def test_every_teaching_example_is_a_scenario_of_the_suite():
    ids = {s.id for s in load_scenarios()[0]}
    missing = [f"huolong.{variant}.{name}" for part in huolong_rulebook.EXAMPLES.values()
               for variant, names in part.items() for name in names if f"huolong.{variant}.{name}" not in ids]
    assert missing == []
    assert set(huolong_rulebook.SAMPLE_HANDS) == {v.split("/")[1] for v in PLAYABLE}


@pytest.mark.parametrize("variant_id", PLAYABLE)
@pytest.mark.parametrize("lang", LANGS)
def test_each_variant_has_its_players_pages(built_site, variant_id, lang):
    player = built(built_site, page_path(variant_id, lang))
    heads = re.findall(r'<h2 id="([a-z_]+)"', player)
    assert heads[:4] == ["game", "players", "cards", "flow"] and "differences" in heads  # pagat's order
    assert heads[-1] == "table"  # then how to open the table for the variant
    assert 'class="seating"' in player and 'class="settlement"' in player and "point-card" in player
    assert player.count('class="example teaching"') >= 10
    sample = built(built_site, sample_path(variant_id, lang))
    assert re.findall(r'<h2 id="([a-z]+)"', sample) == ["declare", "bury", "play", "settle"]
    assert 'class="trick"' in sample and 'class="kv sample-settle"' in sample
    card = built(built_site, card_path(variant_id, lang))
    assert 'class="quick-card"' in card and card_pdf_path(variant_id, lang).rsplit("/", 1)[1] in card


def test_every_climbing_teaching_example_is_a_scenario_of_the_suite():
    from datong_rules.rulebook.game_data import facet_data

    ids = {s.id for s in load_scenarios()[0]}
    missing, named = [], 0
    for game in ("biedan", "dadun"):
        for part in facet_data(game, "EXAMPLES", {}).values():
            for variant, names in part.items():
                named += len(names)
                missing += [f"{game}.{variant}.{n}" for n in names if f"{game}.{variant}.{n}" not in ids]
        assert set(facet_data(game, "SAMPLE_HANDS", {})) == {v.split("/")[1] for v in CLIMBING if v.startswith(game)}
    assert missing == [] and named >= 40


@pytest.mark.parametrize("variant_id", CLIMBING)
@pytest.mark.parametrize("lang", LANGS)
def test_each_climbing_variant_has_its_players_pages(built_site, variant_id, lang):
    player = built(built_site, page_path(variant_id, lang))
    heads = re.findall(r'<h2 id="([a-z_]+)"', player)
    assert heads[:4] == ["game", "players", "cards", "flow"] and heads[-2:] == ["differences", "table"]
    assert 'class="seating"' in player and 'class="flow"' in player and 'class="terms"' in player
    assert player.count('class="example teaching"') >= 10
    answers = re.findall(r'<p class="answer">(.*?)</p>', player)
    assert answers and not any(re.search(r"\b(True|False|wrong_|not_higher|none)\b", a) for a in answers)
    sample = built(built_site, sample_path(variant_id, lang))
    assert re.findall(r'<h2 id="([a-z]+)"', sample) == ["deal", "play", "settle"]
    assert sample.count('class="trick"') >= 3 and 'class="trick-summary"' in sample
    card = built(built_site, card_path(variant_id, lang))
    assert 'class="quick-card"' in card and card_pdf_path(variant_id, lang).rsplit("/", 1)[1] in card


def test_a_climbing_sample_hand_is_the_same_game_in_every_run():
    """The sample hand is the game ``datong-rules play`` records with its seed: the same in another process (no
    dependence on Python's hash seed)."""
    import os
    import subprocess
    import sys

    code = ("from datong_rules.rulebook.game_data import facet_data as f; import json; "
            "print(json.dumps([f(g, 'sample_hand')(v) for g, v in (('biedan', 'biedan/biedan-guide'), "
            "('dadun', 'dadun/dadun-guide'))]))")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(runs) == 1


@pytest.mark.skipif(find_chromium() is None, reason="chromium is not installed: the PDF step is skipped")
@pytest.mark.parametrize("variant_id", PLAYABLE + CLIMBING)
@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_reference_card_prints_on_one_page(built_site, variant_id, lang):
    pdf = (built_site.root / card_pdf_path(variant_id, lang)).read_bytes()
    assert pdf.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1


def test_without_chromium_the_pdf_step_is_skipped_in_one_line(monkeypatch, caplog, tmp_path):
    class FakeSite:
        pdfs = {"a.md": "a.pdf"}

    monkeypatch.setitem(mkdocs_hook._state, "site", FakeSite())
    monkeypatch.setattr(mkdocs_hook, "find_chromium", lambda: None)
    monkeypatch.setitem(mkdocs_hook._command, "name", "build")
    with caplog.at_level(logging.INFO, logger="mkdocs.hooks.rulebooks"):
        mkdocs_hook.on_post_build({"site_dir": str(tmp_path)})
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and lines[0].startswith("PDF step skipped")
    assert not (tmp_path / "a.pdf").exists()


@pytest.mark.parametrize("lang", LANGS)
def test_comparison_opens_with_the_matrix_in_words(built_site, lang):
    html = built(built_site, compare_path("huolong", lang))
    first_h2 = re.search(r'<h2 id="([a-z-]+)"', html).group(1)
    assert first_h2 == "matrix"
    matrix = html[html.index('<table class="matrix">'):html.index("</table>", html.index('<table class="matrix">'))]
    rows = re.findall(r'<tr id="m-([a-z_]+)"', matrix)
    assert rows == [r["id"] for r in huolong_rulebook.MATRIX]
    assert "<code>" not in matrix  # values in words
    assert 'id="m-bury" class="differs"' in matrix  # 李志江本 limits the bury; the others do not


@pytest.mark.parametrize("lang", LANGS)
def test_which_variant_and_glossary_pages(built_site, lang):
    which = built(built_site, which_path(lang))
    every = [v for v in list_variants() if not load_variant(v).abstract]  # every game's variants have a card
    assert which.count('class="which-q"') >= 5 and which.count('class="variant-card"') == len(every)
    glossary = built(built_site, glossary_path(lang))
    assert glossary.count("<abbr") >= len(huolong_rulebook.TERMS)
    index = built(built_site, index_path(lang))
    assert all(f'class="variant-card" href="{v}/"' in index for v in every)  # the variant cards are links


def test_every_link_of_the_generated_pages_resolves(built_site):
    """Raw-HTML links are not checked by mkdocs: every relative link in a generated page's text must reach a built
    page or file (a missing sample hand or PDF would be a dead link)."""
    from urllib.parse import urldefrag

    from datong_rules.rulebook.site import load_site

    dead, checked = [], 0
    for path in load_site().pages:
        folder = built_site.root / served(path)
        html = (folder / "index.html").read_text(encoding="utf-8")
        article = html[html.find("<article"):html.find("</article>")]
        for href in re.findall(r'href="([^"#:]+)(?:#[^"]*)?"', article):
            checked += 1
            target = (folder / urldefrag(href)[0]).resolve()
            if not (target / "index.html").is_file() and not target.is_file():
                if not (href.endswith(".pdf") and find_chromium() is None):
                    dead.append(f"{path}: {href}")
    assert checked > 500 and dead == []
