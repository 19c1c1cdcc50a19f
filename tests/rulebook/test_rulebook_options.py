"""The options reference: rules read from a (small, hand-made) schema, the values the variants use, house
options, conflicts first, what the kit accepts in words, links to the rulebooks, the nav entry."""

from __future__ import annotations

import pytest

from datong_rules.rulebook.options import required_rules, rule_options, schema_rules
from datong_rules.rulebook.options_page import accepts_html, flow, option_html, options_page, value_html
from datong_rules.rulebook.pages import VariantDoc, url
from datong_rules.rulebook.site import build_site, expand_nav, option_games


def rule_def(rule_id: str, description: str, value: dict) -> dict:
    return {"description": f"Rule {rule_id}: {description}", "type": ["object", "null"],
            "properties": {"value": value, "text": {"$ref": "#/$defs/text"}}}


SCHEMA = {"$defs": {
    "text": {"type": "object"},
    "rank": {"enum": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]},
    "seat": {"type": "integer", "minimum": 0, "maximum": 3, "description": "A seat."},
    # out of playing order on purpose: bottom is after players in labels.SECTION_ORDER
    "rule.bottom.multiplier": rule_def("bottom.multiplier", "Factor for a dug bottom.",
                                       {"type": "integer", "minimum": 1}),
    "rule.players.play_direction": rule_def("players.play_direction", "Direction of play.",
                                            {"enum": ["counter_clockwise", "clockwise"],
                                             "description": "clockwise: to the left."}),
    "rule.players.count": rule_def("players.count", "Number of players.",
                                   {"type": "integer", "minimum": 2, "maximum": 8}),
    "rule.bury.cards": rule_def("bury.cards", "Which cards may be buried.", {"enum": ["any", "side_only"]}),
    "rule.lead.one_combination": rule_def("lead.one_combination", "One combination per lead.", {"const": True}),
    "rule.levels.stop_levels": rule_def("levels.stop_levels", "Levels that stop jumps.", {
        "type": "object", "properties": {"ranks": {"type": "array", "items": {"$ref": "#/$defs/rank"}},
                                         "jumps_stop": {"type": "boolean"}}}),
    "section.players": {"type": "object"},
    "complete.testgame": {"properties": {"rules": {"properties": {
        "players": {"required": ["play_direction", "count"]}, "bottom": {"required": ["multiplier"]},
        "bury": {"required": ["cards"]}}}}},
}}


def item(value, zh, en):
    return {"value": value, "text": {"zh": zh, "en": en}, "inferred": {"reason": "test"}}


A = VariantDoc("testgame/alpha", "testgame", {"zh": "测试 · 甲本", "en": "testgame · Alpha"}, {}, {
    "players": {"count": item(4, "四人。", "Four players."),
                "play_direction": item("counter_clockwise", "逆时针。", "Counter-clockwise <always>.")},
    "bottom": {"multiplier": item(2, "翻倍。", "Doubled.")},
    "bury": {"cards": item("any", "随意扣。", "Any cards.")},
    "lead": {"one_combination": item(True, "一次一种牌型。", "One combination.")},
})
B = VariantDoc("testgame/beta", "testgame", {"zh": "测试 · 乙本", "en": "testgame · Beta"}, {}, {
    "players": {"count": item(4, "四个人。", "Four."),
                "play_direction": item("counter_clockwise", "逆时针。", "Counter-clockwise <always>.")},
    "bottom": {"multiplier": item(1, "原样。", "Once.")},
    "lead": {"one_combination": item(True, "一次一种牌型。", "One combination.")},
})
C = VariantDoc("testgame/gamma", "testgame", {"zh": "测试 · 丙本", "en": "testgame · Gamma"}, {}, {
    **B.rules, "bury": {"cards": item("any", "什么都能扣。", "Anything.")}})
DOCS = [A, B, C]
HERE = "rulebooks/testgame/options.en.md"
ZH_HERE = "rulebooks/testgame/options.md"


def by_id(options):
    return {o.rule_id: o for o in options}


def test_schema_rules_strip_the_prefix_and_keep_schema_order():
    rules = schema_rules(SCHEMA)
    assert [r[0] for r in rules][:3] == ["bottom.multiplier", "players.play_direction", "players.count"]
    assert rules[0][1] == "Factor for a dug bottom."
    with pytest.raises(ValueError, match="rule.x.y"):
        schema_rules({"$defs": {"rule.x.y": {"properties": {}}}})


def test_required_rules_come_from_complete_of_the_game():
    assert required_rules(SCHEMA, "testgame") == {"players.play_direction", "players.count", "bottom.multiplier",
                                                  "bury.cards"}
    assert required_rules(SCHEMA, "othergame") == set()


def test_conflicts_are_values_that_differ_or_a_rule_some_variants_lack():
    options = by_id(rule_options(SCHEMA, "testgame", DOCS))
    assert options["bottom.multiplier"].conflict  # 2 / 1 / 1
    assert options["bury.cards"].conflict and options["bury.cards"].missing == ("testgame/beta",)
    assert not options["players.count"].conflict  # same value, different wording
    assert not options["players.play_direction"].conflict
    assert not options["levels.stop_levels"].conflict and options["levels.stop_levels"].uses == ()
    multiplier = options["bottom.multiplier"]
    assert [(u.value, u.variants) for u in multiplier.uses] == [(1, ("testgame/beta", "testgame/gamma")),
                                                                (2, ("testgame/alpha",))]
    assert options["players.play_direction"].choices == ("counter_clockwise", "clockwise")
    assert options["lead.one_combination"].choices == (True,)
    assert options["players.count"].choices is None
    wordings = options["players.count"].uses[0].texts["zh"]
    assert wordings == [(("testgame/alpha",), "四人。"), (("testgame/beta", "testgame/gamma"), "四个人。")]


def test_conflicting_rules_come_first_then_playing_order():
    order = [o.rule_id for o in rule_options(SCHEMA, "testgame", DOCS)]
    assert order == ["bury.cards", "bottom.multiplier",  # conflicts: bury before bottom in playing order
                     "players.play_direction", "players.count", "levels.stop_levels", "lead.one_combination"]


def test_every_named_option_has_a_row_and_unused_ones_are_house_options():
    options = by_id(rule_options(SCHEMA, "testgame", DOCS))
    names = {d.id: d.name["en"] for d in DOCS}
    html = option_html(options["players.play_direction"], names, HERE, SCHEMA, "en")
    assert '<tr class="house"><td><code>clockwise</code></td><td>—</td>' in html
    assert "house option, not used by any source" in html
    assert "Counter-clockwise &lt;always&gt;." in html and "<always>" not in html
    zh = option_html(options["players.play_direction"], names, ZH_HERE, SCHEMA, "zh")
    assert "家规选项，来源中没有" in zh
    bury = option_html(options["bury.cards"], names, HERE, SCHEMA, "en")
    assert '<tr class="house"><td><code>side_only</code>' in bury
    assert '<span class="absent">(no such rule)</span>' in bury  # beta has no bury.cards


def test_used_values_link_to_the_rulebooks_with_the_rule_anchor():
    options = by_id(rule_options(SCHEMA, "testgame", DOCS))
    html = option_html(options["bottom.multiplier"], {d.id: d.id for d in DOCS}, HERE, SCHEMA, "en")
    assert '<a href="../alpha-rules/#r-bottom.multiplier">testgame/alpha</a>' in html
    assert '<a href="../beta-rules/#r-bottom.multiplier">' in html and '<a href="../gamma-rules/#r-bottom.multiplier">' in html


def test_what_it_decides_is_the_schema_in_english_and_the_variants_text_in_chinese():
    options = by_id(rule_options(SCHEMA, "testgame", DOCS))
    names = {d.id: d.name["zh"] for d in DOCS}
    zh_here = ZH_HERE
    agreed = option_html(options["players.play_direction"], names, zh_here, SCHEMA, "zh")
    assert '<p class="option-decides">逆时针。</p>' in agreed
    assert "Direction of play" not in agreed and "lang=\"en\"" not in agreed  # 中文 page: no English schema text
    assert agreed.count("逆时针。") == 1  # not repeated beside the value
    conflict = option_html(options["bottom.multiplier"], names, zh_here, SCHEMA, "zh")
    assert '<p class="option-decides">各来源的规定不同，条文见下。</p>' in conflict
    assert "翻倍。" in conflict and "原样。" in conflict
    en = option_html(options["bottom.multiplier"], names, HERE, SCHEMA, "en")
    assert '<p class="option-decides">Factor for a dug bottom.</p>' in en and "Doubled." in en


def test_accepts_in_words():
    def words(node, lang="en"):
        return accepts_html(node, SCHEMA, lang)

    assert words({"type": "integer", "minimum": 2, "maximum": 8}) == "a whole number 2–8"
    assert words({"type": ["integer", "null"], "minimum": 0}) == "a whole number ≥ 0, or <code>null</code>"
    assert words({"const": True}) == "only <code>true</code>"
    assert words({"enum": ["a", "b"]}) == "one of <code>a</code>, <code>b</code>"
    assert words({"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/rank"}}) == (
        "a list, each item a rank (<code>2</code>, <code>3</code>, …, <code>A</code>) (at least 1)")
    assert words({"$ref": "#/$defs/seat"}) == "a seat (a whole number 0–3)"
    assert words({"type": "integer", "minimum": 1}, "zh") == "整数 ≥ 1"
    stop = words(SCHEMA["$defs"]["rule.levels.stop_levels"]["properties"]["value"])
    assert stop.startswith("a map: <code>ranks</code> a list")
    assert "<code>jumps_stop</code> <code>true</code> or" in stop


def test_values_are_shown_as_written_in_yaml():
    assert flow({"ranks": ["J", "A"], "jumps_stop": True}) == "{ranks: [J, A], jumps_stop: true}"
    assert flow("hand") == "hand" and flow(None) == "null" and flow(2) == "2" and flow([3, 3]) == "[3, 3]"
    named = value_html([{"name": "shutout", "when": {}, "then": {}}, {"name": "kept", "when": {}, "then": {}}])
    assert "[shutout, kept]</code>" in named and 'title="[{&quot;name&quot;: &quot;shutout&quot;' in named


def test_the_page_puts_conflicts_first_and_links_back():
    page = options_page("testgame", DOCS, SCHEMA, "en")
    assert page.startswith("# testgame · Options reference\n")
    assert '<a href="../../../../rulebooks/testgame/options/" hreflang="zh" lang="zh">中文版</a>' in page
    differ, agreed = page.index("## Where the sources differ"), page.index("## Where the sources agree")
    assert differ < page.index('<div class="option differs" id="opt-bury.cards">') < agreed
    assert agreed < page.index('<div class="option" id="opt-players.count">')
    assert page.count('class="option differs"') == 2
    assert all(f'id="opt-{r}"' in page for r, _, _ in schema_rules(SCHEMA))
    assert "[rule keeper's guide](../../rule-keepers.md)" in page
    assert "6 rules, 2 of which differ" in page and "define 4 of them" in page
    assert '<span class="req-tag">optional</span>' in page  # lead.one_combination is not required


def test_url_follows_directory_urls():
    assert url("rulebooks/huolong/li-zhijiang.md", "rulebooks/huolong/options.md") == "../li-zhijiang/"
    assert url("index.md", "rulebooks/huolong/options.md") == "../../../"
    assert url("rulebooks/huolong/li-zhijiang.en.md", "rulebooks/huolong/options.md") == "../../../en/rulebooks/huolong/li-zhijiang/"
    assert url("rulebooks/huolong/options.md", "rulebooks/huolong/li-zhijiang.en.md") == "../../../../rulebooks/huolong/options/"
    assert url("index.en.md", "rulebooks/index.en.md") == "../"
    assert url("rulebooks/index.md", "rule-keepers.md") == "../rulebooks/"
    assert url("implementers/index.md", "implementers/operations.md") == "../"


def test_site_and_nav_carry_the_options_page_next_to_the_comparison():
    assert option_games(SCHEMA, ["othergame", "testgame"]) == ["testgame"]
    pages = build_site(DOCS, {}, (), SCHEMA)
    assert {"rulebooks/testgame/options.md", "rulebooks/testgame/options.en.md"} <= set(pages)
    assert "(options.en.md)" in pages["rulebooks/testgame/compare.en.md"]
    assert "(testgame/options.md)" in pages["rulebooks/index.md"]
    assert "(testgame/options.en.md)" in pages["rulebooks/index.en.md"]
    assert not any("options" in p for p in build_site(DOCS, {}, ()))  # no schema, no options page
    nav = expand_nav([{"Rulebooks": "rulebooks/index.md"}], DOCS, {}, ["testgame"])
    zh_game = nav[0]["Rulebooks"][2]["testgame"]  # after the index and "which variant do we play?"
    assert list(zh_game[-2].values()) == ["rulebooks/testgame/compare.md"]
    assert list(zh_game[-1].values()) == ["rulebooks/testgame/options.md"]


def test_a_house_option_is_worded_by_the_example_house_file_that_sets_it():
    """A value no bundled variant uses, set by an example house file (docs/examples): its row shows the house file's
    text in each language; a house value outside the named choices (a mapping) gets a row of its own."""
    house = VariantDoc("testgame/club", "testgame", {"zh": "俱乐部", "en": "Club"}, {}, {
        "players": {"play_direction": item("clockwise", "顺时针。", "Clockwise.")},
        "bottom": {"multiplier": item({"by_last_trick_size": {"1": 2}}, "按张数翻倍。", "By the last trick.")},
    })
    options = by_id(rule_options(SCHEMA, "testgame", DOCS, [house]))
    names = {d.id: d.name["en"] for d in DOCS}
    for lang, text in (("en", "Clockwise."), ("zh", "顺时针。")):
        html = option_html(options["players.play_direction"], names, HERE, SCHEMA, lang)
        assert '<tr class="house"><td><code>clockwise</code></td><td>—</td>' in html and text in html
    html = option_html(options["bottom.multiplier"], names, HERE, SCHEMA, "zh")
    assert "{by_last_trick_size: {&#x27;1&#x27;: 2}}</code></td><td>—</td>" in html and "按张数翻倍。" in html


def test_a_boolean_rule_lists_both_values_and_an_integer_or_mapping_is_worded():
    schema = {"$defs": {**SCHEMA["$defs"], "rule.lead.one_combination": rule_def(
        "lead.one_combination", "One combination per lead.", {"type": "boolean"})}}
    options = by_id(rule_options(schema, "testgame", DOCS))
    assert options["lead.one_combination"].choices == (True, False)
    node = {"type": ["integer", "object"], "minimum": 1, "maximum": 10, "additionalProperties": False,
            "properties": {"by_last_trick_size": {"type": "object", "additionalProperties": False,
                                                  "patternProperties": {"^[1-9]$": {"type": "integer"}}}}}
    assert accepts_html(node, SCHEMA, "en") == ("a whole number 1–10; or a map: <code>by_last_trick_size</code> a map "
                                                "whose keys match <code>^[1-9]$</code>, each a whole number")


def test_one_shape_or_another_and_named_strings_are_worded():
    """``anyOf`` / ``oneOf`` (憋蛋's match.target: none or a number; combinations.attachments: none or a list) read
    as one or the other; a snake_case name and a patterned token are worded, never dumped as JSON with English."""
    target = {"anyOf": [{"const": "none"}, {"type": "integer", "minimum": -5, "maximum": 5, "not": {"const": 0}}]}
    assert accepts_html(target, SCHEMA, "en") == "only <code>none</code>; or a whole number -5–5"
    assert accepts_html(target, SCHEMA, "zh") == "只能是 <code>none</code>；或者整数 -5–5"
    named = {"type": "object", "properties": {"main": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                                                       "description": "A combination's name."}}}
    assert accepts_html(named, SCHEMA, "zh") == "映射：<code>main</code> 名称（小写字母、数字和下划线）"
    card = {"type": "string", "pattern": "^[SH]A$", "description": "An ace."}
    assert accepts_html(card, SCHEMA, "en") == "text matching <code>^[SH]A$</code>"
