"""The register of readings (spec/readings.yaml): valid against its schema, and true of the variants it speaks for:
each choice names a rule the variant has, the variant plays the chosen reading's value, and each pinning fixture
variant plays another reading's value."""

from __future__ import annotations

import re

import pytest
import yaml

from datong_rules.conformance.scenarios_io import find_variant_files, load_fixture_variants
from datong_rules.reference_impl.variant import list_variants, load_variant
from datong_rules.reference_impl.variant.variant import MISSING, rule_value
from datong_rules.rulebook.readings import check_register, load_readings, register_path, sections_agree
from datong_rules.rulebook.rules_html import rule_items

READINGS = load_readings()
FIXTURES = load_fixture_variants(find_variant_files())
CHOICES = [(e["id"], c) for e in READINGS.entries for c in e["choices"]]


def _value(entry: dict, name: str):
    return next(r for r in entry["readings"] if r["name"] == name).get("value", MISSING)


def test_the_register_loads_and_is_sound():
    assert len(READINGS.entries) >= 40
    assert {e["game"] for e in READINGS.entries} == {"huolong", "biedan", "dadun"}


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["readings"][0].pop("question"), "'question' is a required property"),
    (lambda d: d["readings"].append(dict(d["readings"][0])), "the id is used twice"),
    (lambda d: d["readings"][0]["choices"][0].update(chosen="nothing"), "which is not one of its readings"),
    (lambda d: d["readings"][0].update(id="Not An Id"), "does not match"),
    (lambda d: d["readings"][0].update(game="wakeng"), "is not a game of the registry"),
])
def test_a_broken_register_is_named_in_one_line(edit, expected):
    data = yaml.safe_load(register_path().read_text(encoding="utf-8"))
    edit(data)
    problems = check_register(data, "readings.yaml")
    assert problems and any(expected in p for p in problems)
    assert all("\n" not in p and p.startswith("readings.yaml: ") for p in problems)


@pytest.mark.parametrize("entry_id, choice", CHOICES, ids=[f"{e}:{c['variant']}:{c['rule']}" for e, c in CHOICES])
def test_each_choice_is_what_the_variant_plays(entry_id, choice):
    entry = READINGS.by_id()[entry_id]
    assert choice["variant"] in list_variants()
    rules = load_variant(choice["variant"]).data["rules"]
    assert rule_value(rules, choice["rule"]) is not MISSING, f"{choice['variant']} has no rule {choice['rule']}"
    chosen = _value(entry, choice["chosen"])
    if chosen is not MISSING:
        assert rule_value(rules, choice["rule"]) == chosen


@pytest.mark.parametrize("entry_id, choice", [(e, c) for e, c in CHOICES if "pinned_by" in c],
                         ids=[f"{e}:{c['variant']}:{c['rule']}" for e, c in CHOICES if "pinned_by" in c])
def test_each_pinning_fixture_plays_another_reading(entry_id, choice):
    entry = READINGS.by_id()[entry_id]
    others = [r["value"] for r in entry["readings"] if r["name"] != choice["chosen"] and "value" in r]
    for fixture in choice["pinned_by"]:
        assert fixture in FIXTURES, f"{fixture} is not a fixture variant of the suite"
        played = rule_value(FIXTURES[fixture].data["rules"], choice["rule"])
        assert played != rule_value(load_variant(choice["variant"]).data["rules"], choice["rule"])
        if others:
            assert played in others or isinstance(played, (dict, list)), (fixture, played)


def test_every_fixture_variant_of_a_source_reading_is_in_the_register():
    """A fixture variant that says it pins another reading of a source names its register entry."""
    pinned = {f for _, c in CHOICES for f in c.get("pinned_by", [])}
    ids = set(READINGS.by_id())
    for path in find_variant_files():
        text = path.read_text(encoding="utf-8")
        named = set(re.findall(r"\b(?:huolong|biedan|dadun)-[a-z0-9-]+\b", text)) & ids
        fixture_id = re.search(r"^id:\s*(\S+)", text, re.M).group(1)
        if named:
            assert fixture_id in pinned, f"{path.name} cites {sorted(named)} but no entry lists it in pinned_by"


CITED = re.compile(r"(?:\b[Rr]eadings? |读法登记 )((?:huolong|biedan|dadun)-[a-z0-9-]+(?:(?: / |, )(?:huolong|biedan|dadun)-[a-z0-9-]+)*)")


def test_every_register_id_cited_in_the_repository_exists():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    ids = set(READINGS.by_id())
    unknown, cited = set(), set()
    for folder in ("spec", "conformance", "docs", "datong_rules", "reference_impl", "tests"):
        for path in (root / folder).rglob("*"):
            if path.suffix in (".yaml", ".json", ".py", ".md") and path.is_file():
                for group in CITED.findall(path.read_bytes().decode("utf-8", errors="replace")):
                    named = set(re.split(r" / |, ", group))
                    cited |= named
                    unknown |= {f"{path.name}: {i}" for i in named if i not in ids}
    assert unknown == set()
    assert len(cited) >= 40  # the notes, scenarios and fixtures do cite the register


@pytest.mark.parametrize("variant_id", sorted({c["variant"] for _, c in CHOICES} - {"huolong/base"}))
def test_each_rule_with_an_entry_links_to_it_from_its_rules_page(variant_id):
    from datong_rules.rulebook.pages import VariantDoc, rulebook_page
    from datong_rules.rulebook.readings import variant_chain
    from datong_rules.rulebook.site import load_sources

    doc = VariantDoc.from_data(variant_id, load_variant(variant_id).data)
    chain = variant_chain(variant_id)
    for lang in ("zh", "en"):
        page = rulebook_page(doc, lang, load_sources())
        for entry_id, choice in CHOICES:
            if choice["variant"] in chain:
                block = page[page.index(f'id="r-{choice["rule"]}"'):]
                block = block[:block.index("</div>")]
                assert f'readings/#rd-{entry_id}"' in block, (lang, choice["rule"], entry_id)


@pytest.fixture(scope="module")
def site_pages():
    from datong_rules.rulebook.site import load_site

    return load_site().pages


@pytest.mark.parametrize("variant_id", ["biedan/biedan-guide", "dadun/dadun-guide"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_where_a_players_page_offers_another_reading_it_names_it(site_pages, variant_id, lang):
    """The differences section says a table may play the other reading: every rule it lists names that reading
    in words and links to its register entry."""
    from datong_rules.rulebook.paths import page_path

    page = site_pages[page_path(variant_id, lang)]
    section = page[page.index("{#differences}"):]
    items = re.findall(r"<li>(.*?)</li>", section[:section.index("</ul>")])
    assert len(items) >= 8
    for item in items:
        assert 'class="other-reading"' in item and "readings/#rd-" in item, item[:80]
        assert "选项" not in item and "option" not in item


OTHER_READING = re.compile(r"Other values?\b|Other readings?\b|not taken|另一种取值|另两种取值|另一种读法|没有采用的读法")


def test_every_rule_whose_note_names_another_reading_has_an_entry():
    """A note that gives another reading is a place where the source allows more than one: it is in the register."""
    from datong_rules.reference_impl.variant.variant import iter_rules

    missing = []
    for variant_id in list_variants():
        variant = load_variant(variant_id)
        own = yaml.safe_load(open(variant.file, encoding="utf-8")).get("rules") or {}
        for rule_id, item in iter_rules(own):
            note = f"{item.get('note', '')} {item.get('note_zh', '')}"
            if OTHER_READING.search(note) and not READINGS.for_rule(variant_id, rule_id, tuple(variant.chain)):
                missing.append(f"{variant_id} {rule_id}")
    assert missing == []


@pytest.mark.parametrize("entry_section, rule_section, agree", [
    ("一.六.9", "一.六.9", True), ("一.五.4", "一.五", True), ("三", "三.3", True),
    ("导语 4、三.5 特别说明", "三.5", True), ("三.6④", "三.6", True), ("一.一、二.【级牌】", "二.【级牌】", True),
    ("一.六.8", "一.六.9", False), ("一.五", "一.六.8", False), ("【底牌：】", "【抓分抠底】", False),
    ("四.3", "四.2", False), ("三.1", "三.10", False),
])
def test_sections_agree_by_the_source_numbering(entry_section, rule_section, agree):
    assert sections_agree(entry_section, rule_section) is agree


def _cited(variant: str, rule: str) -> dict | None:
    item = dict(rule_items(load_variant(variant).data["rules"]))[rule]
    return item.get("source")


SAME_SOURCE = [(e, c, _cited(c["variant"], c["rule"])) for e, c in CHOICES
               if (_cited(c["variant"], c["rule"]) or {}).get("id") == READINGS.by_id()[e]["source"]["id"]]
"""The choices whose rule cites the source its entry cites (a rule marked inferred, or citing another source, such
as the online platform's own page for its variant, has no section to compare)."""


def test_most_sourced_choices_are_compared():
    assert len(SAME_SOURCE) >= 20


@pytest.mark.parametrize("entry_id, choice, cited", SAME_SOURCE,
                         ids=[f"{e}:{c['variant']}:{c['rule']}" for e, c, _ in SAME_SOURCE])
def test_each_entry_cites_the_section_its_rule_cites(entry_id, choice, cited):
    """The entry's place in the source agrees (readings.sections_agree) with the place the chosen rule cites."""
    entry = READINGS.by_id()[entry_id]
    assert sections_agree(entry["source"]["section"], cited["section"]), (
        f"{entry_id} cites {entry['source']['id']} {entry['source']['section']} but {choice['variant']} "
        f"{choice['rule']} cites {cited['section']}")
