"""Every named value of every rule of the bundled rule schemas is worded on the game's options page, in both
languages (a 中文 page shows no English sentence): by the bundled variant that sets it, else by
``spec/value-words.yaml`` (:mod:`datong_rules.rulebook.value_words`), else by the example house file that sets it."""

from __future__ import annotations

import re
from html import unescape

import pytest

from datong_rules.rulebook.labels import LANGS
from datong_rules.rulebook.options import named_values, rule_options, schema_rules
from datong_rules.rulebook.options_page import decides_text, options_page, short_name, value_html, value_rows
from datong_rules.rulebook.pages import options_path
from datong_rules.rulebook.site import load_house_docs, load_schema, load_variant_docs, option_games
from datong_rules.rulebook.value_words import ValueWordsError, check_value_words, load_value_words, value_words

ENGLISH_SENTENCE = re.compile(r"[A-Za-z]+ [A-Za-z]+ [A-Za-z]+")
"""Three English words in a row: what a 中文 page must not show."""
CJK = re.compile(r"[\u4e00-\u9fff]")
"""A Chinese character: what the English words of spec/value-words.yaml must not hold."""

SCHEMA = load_schema()
DOCS = load_variant_docs()
HOUSE = load_house_docs()
GAMES = option_games(SCHEMA, sorted({d.game for d in DOCS}))


def plain(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html)).strip()


def worded_values(game: str, lang: str):
    """``(rule id, value, words, page)`` for every named value of every rule of ``game`` in ``lang``."""
    docs = [d for d in DOCS if d.game == game]
    house = [d for d in HOUSE if d.game == game]
    page = options_page(game, docs, SCHEMA[game], lang, house)
    names = {d.id: short_name(d, lang) for d in docs}
    for option in rule_options(SCHEMA[game], game, docs, house):
        decides = decides_text(option, lang)
        rows = {value: (text, css) for value, _, text, css in
                value_rows(option, names, options_path(game, lang), decides, lang)}
        for choice in option.choices or ():
            text, css = rows[value_html(choice)]
            words = plain(re.sub(r'<em class="house">[^<]*</em>', "", text))
            if not words and css == "used" and not option.conflict:
                words = decides  # the one value all variants set: its words are what the rule decides
            yield option.rule_id, choice, words, page


def test_the_bundled_games_have_options_pages():
    assert set(GAMES) == {"huolong", "biedan", "dadun"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_named_value_of_every_rule_is_worded(game, lang):
    unworded, english, count = [], [], 0
    for rule_id, value, words, page in worded_values(game, lang):
        count += 1
        assert f"<td>{value_html(value)}</td>" in page or value_html(value) in page, (rule_id, value)
        if not words:
            unworded.append(f"{rule_id}: {value}")
        elif lang == "zh" and ENGLISH_SENTENCE.search(words):
            english.append(f"{rule_id}: {value}: {words}")
    assert count > 20  # the walk reached the schema's values
    assert not unworded, f"values without words in {lang} (add them to spec/value-words.yaml): {unworded}"
    assert not english, english


def test_the_words_of_runs_skip_level_skipped_are_on_both_pages():
    for lang, words in (("zh", "级牌不进顺子和连"), ("en", "runs and links jump the level rank")):
        found = {(r, v): w for r, v, w, _ in worded_values("dadun", lang)}
        assert words in found[("combinations.runs_skip_level", "skipped")]


def test_every_word_entry_names_a_rule_and_value_of_its_game_and_has_both_languages():
    """No stale entry: each worded value is a named value of that rule in the game's schema."""
    rules = {game: {rid: named_values(v) for rid, _, v in schema_rules(SCHEMA[game])} for game in SCHEMA}
    for game, by_rule in load_value_words().items():
        for rule_id, by_value in by_rule.items():
            assert rule_id in rules[game], (game, rule_id)
            choices = [v if isinstance(v, str) else str(v).lower() for v in rules[game][rule_id] or ()]
            for value, words in by_value.items():
                assert value == "*" or value in choices, (game, rule_id, value)
                assert set(words) == set(LANGS) and all(words.values()), (game, rule_id, value)
                assert not ENGLISH_SENTENCE.search(words["zh"]) and not CJK.search(words["en"]), words


def test_a_rule_wide_template_words_each_value():
    assert value_words("dadun", "levels.start", "J") == {"zh": "两队都从J打起。", "en": "Both teams start at level J."}
    assert value_words("dadun", "combinations.runs_skip_level", "face_value") == {}
    assert value_words("nogame", "x.y", "a") == {}


def test_named_values_of_a_value_schema():
    assert named_values({"enum": ["a", "b"]}) == ("a", "b")
    assert named_values({"const": True}) == (True,)
    assert named_values({"type": "boolean"}) == (True, False)
    assert named_values({"anyOf": [{"const": "none"}, {"type": "integer"}]}) == ("none",)
    assert named_values({"oneOf": [{"enum": ["none"]}, {"type": "object"}]}) == ("none",)
    assert named_values({"type": "integer"}) is None


@pytest.mark.parametrize(("data", "said"), [
    ({"values": {"dadun": {"wild.three_wilds_dun": {True: {"zh": "算墩。", "en": "A dun."}}}}},
     "f.yaml: values/dadun/wild.three_wilds_dun: the value True is not quoted (expected \"true\")"),
    ({"values": {"dadun": {"wild.three_wilds_dun": {"true": {"zh": "算墩。"}}}}},
     "f.yaml: values/dadun/wild.three_wilds_dun/true: 'en' is a required property"),
    ({"values": {"nogame": {"a.b": {"x": {"zh": "甲", "en": "a"}}}}},
     "f.yaml: values/nogame: not a game of the registry (expected one of "),
    ({"values": {"dadun": {"nodot": {"x": {"zh": "甲", "en": "a"}}}}}, "f.yaml: values/dadun: "),
])
def test_a_broken_words_file_is_said_in_one_line_per_problem(data, said):
    problems = check_value_words(data, "f.yaml")
    assert problems and problems[0].startswith(said) and all("\n" not in p for p in problems), problems


def test_the_bundled_words_file_is_sound():
    assert check_value_words({"values": load_value_words()}, "spec/value-words.yaml") == []
    assert issubclass(ValueWordsError, ValueError)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_an_options_page_shows_no_raw_schema(game, lang):
    """What a rule accepts is said in words: no fragment of JSON schema ({"type": "null"}) reaches the page."""
    docs = [d for d in DOCS if d.game == game]
    page = unescape(options_page(game, docs, SCHEMA[game], lang, [d for d in HOUSE if d.game == game]))
    assert re.findall(r'\{"(?:type|\$ref|enum|anyOf|oneOf|pattern)"', page) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_named_value_has_an_example(game, lang):
    """On the built options page every named value of every rule shows a worked example under its words: a
    scenario of the suite that plays it, else an example in words from spec/value-words.yaml."""
    from html import escape

    from datong_rules.rulebook.options_page import value_html as shown_value
    from datong_rules.rulebook.rules_html import compact
    from datong_rules.rulebook.site import load_site

    page = load_site().pages[options_path(game, lang)]
    docs = [d for d in DOCS if d.game == game]
    missing, count = [], 0
    for option in rule_options(SCHEMA[game], game, docs, [d for d in HOUSE if d.game == game]):
        block = re.search(rf'<div class="option[^"]*" id="opt-{re.escape(option.rule_id)}">(.*?)</div>\n', page, re.S)
        assert block, option.rule_id
        for choice in option.choices or ():
            count += 1
            folded = re.search(rf'<details class="value-example" data-value="{re.escape(escape(compact(choice)))}">'
                               rf'<summary>[^<]*{re.escape(shown_value(choice))}</summary>(.+?)</details>',
                               block.group(1), re.S)
            if not (folded and plain(folded.group(1))):
                missing.append((option.rule_id, choice))
    assert count > 40
    assert missing == [], "\n".join(f"{r} {v!r}" for r, v in missing)


def test_each_written_example_names_a_value_of_its_rule():
    """Every entry of spec/value-words.yaml's ``examples`` is a named value (or ``*``) of a rule of its game's schema,
    and its 中文 words hold no English sentence."""
    from datong_rules.rulebook.options_page import flow
    from datong_rules.rulebook.value_words import load_value_examples

    stray, english = [], []
    for game, rules in load_value_examples().items():
        docs = [d for d in DOCS if d.game == game]
        options = {o.rule_id: o for o in rule_options(SCHEMA[game], game, docs, [d for d in HOUSE if d.game == game])}
        for rule_id, values in rules.items():
            named = {flow(v) for v in (options[rule_id].choices or ())} if rule_id in options else set()
            stray += [(game, rule_id, v) for v in values if v != "*" and v not in named]
            english += [(game, rule_id, v) for v, words in values.items() if ENGLISH_SENTENCE.search(words["zh"])]
    assert stray == [] and english == []


NEW_FIELDS = {("combinations.catalogue", "pair"), ("combinations.catalogue", "key"),
              ("combinations.full_house_adjacency", "jokers"), ("match.end", "at")}
"""Fields inside 打墩 rule values whose named values the options page lists (the catalogue's full-house fields, the
full house's jokers, where A may be passed)."""


def _field_schema(value_schema, field):
    node = value_schema.get("items", value_schema) if value_schema.get("type") == "array" else value_schema
    return (node.get("properties") or {}).get(field)


def test_every_field_value_names_a_field_and_value_of_the_schema():
    import jsonschema
    import yaml

    from datong_rules.rulebook.game_data import facet_data

    for game in GAMES:
        rules = {rid: value for rid, _, value in schema_rules(SCHEMA[game])}
        for rule_id, fields in facet_data(game, "FIELD_VALUES", {}).items():
            for field, values in fields.items():
                sub = _field_schema(rules[rule_id], field)
                assert sub is not None, (game, rule_id, field)
                for value, words in values.items():
                    jsonschema.validate(yaml.safe_load(value), sub)  # a value the field accepts
                    if "enum" in sub:
                        assert yaml.safe_load(value) in sub["enum"], (rule_id, field, value)
                    assert set(words) == set(LANGS) and all(words.values()), (rule_id, field, value)
                    assert not ENGLISH_SENTENCE.search(words["zh"]) and not CJK.search(words["en"]), words
                if "enum" in sub:  # every value of the field is worded
                    assert {yaml.safe_load(v) for v in values} == set(sub["enum"]), (rule_id, field)


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_catalogue_fields_are_named_values_on_the_options_page(lang):
    docs = [d for d in DOCS if d.game == "dadun"]
    page = options_page("dadun", docs, SCHEMA["dadun"], lang, [d for d in HOUSE if d.game == "dadun"])
    for rule_id, field in NEW_FIELDS:
        block = page[page.index(f'id="opt-{rule_id}"'):]
        block = block[:block.index("</div>")]
        assert f"<td><code>{field}</code></td>" in block, (rule_id, field)
    for value in ("adjacent_rank", "any_rank", "[triple_power, pair]", "triple_power", "excluded", "as_pair",
                  "any_level_a", "own_level_a"):
        assert f"<td><code>{value}</code></td>" in page, value
    if lang == "zh":
        rows = re.findall(r'<table class="options field-values">.*?</table>', page)
        assert rows and not any(ENGLISH_SENTENCE.search(plain(re.sub(r"<code>[^<]*</code>", "", r))) for r in rows)
