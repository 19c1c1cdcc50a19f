"""The page renderer: rules in playing order with provenance, the settlement table, the ranking chart,
worked examples, the comparison and the nav. Built on small hand-made variants and scenarios."""

from __future__ import annotations

from types import SimpleNamespace

from datong_rules.reference_impl.cards import BIG_JOKER, SMALL_JOKER
from datong_rules.reference_impl.huolong.rulebook import side_groups, trump_groups
from datong_rules.rulebook.compare import MISSING, compare_rows
from datong_rules.reference_impl.table import Table
from datong_rules.rulebook.examples import MAX_PER_SECTION, example_html, pick_examples
from datong_rules.rulebook.pages import VariantDoc, compare_page, rulebook_page
from datong_rules.rulebook.site import expand_nav, rulebook_nav


def item(value, zh, en, **prov):
    return {"value": value, "text": {"zh": zh, "en": en}, **(prov or {"inferred": {"reason": "test"}})}


SOURCES = {"src-a": {"id": "src-a", "game": "testgame", "title": "甲书", "author": "某人",
                     "about": {"zh": "关于", "en": "about"}}}
RULES = {  # written out of playing order on purpose
    "settlement": {"table": item(
        [{"name": "lost_dug", "when": {"attacker_points": {"min": 120}, "bottom_dug": True},
          "then": {"banker": "take_over", "advance": {"attackers": 1}}},
         {"name": "kept", "when": {"attacker_points": {"max": 119}},
          "then": {"banker": "keep", "advance": {"banker_team": 2}}}],
        "结算表。", "Settle by the table.", inferred={"reason": "because A & B"}, note="a doubtful <reading>")},
    "zeta_section": {"thing": item(True, "新规则。", "A new kind of rule.")},
    "players": {"count": item(4, "四人。", "Four <players>.", source={"id": "src-a", "section": "1.2"})},
    "deal": {"hand_size": item(39, "每人39张。", "39 cards each.")},
}
DOC = VariantDoc("testgame/house", "testgame", {"zh": "测试版", "en": "Test variant"},
                 {"zh": "概要。", "en": "Summary."}, RULES)


def test_rules_come_in_playing_order_and_unknown_sections_are_kept():
    page = rulebook_page(DOC, "en", SOURCES)
    positions = [page.index(f'id="r-{rule_id}"') for rule_id in
                 ("players.count", "deal.hand_size", "settlement.table", "zeta_section.thing")]
    assert positions == sorted(positions)
    assert page.index("## Other rules") < page.index('id="r-zeta_section.thing"')
    assert "A new kind of rule." in page


def test_texts_are_escaped_and_the_other_language_is_linked():
    page = rulebook_page(DOC, "en", SOURCES)
    assert "Four &lt;players&gt;." in page and "<players>" not in page
    assert '<a href="../../../../rulebooks/testgame/house-rules/" hreflang="zh" lang="zh">中文版</a>' in page
    zh = rulebook_page(DOC, "zh", SOURCES)
    assert "四人。" in zh and "Four" not in zh and '<a href="../../../en/rulebooks/testgame/house-rules/"' in zh


def test_provenance_is_shown_source_or_inferred_with_note():
    page = rulebook_page(DOC, "en", SOURCES)
    players = page[page.index('id="r-players.count"'):page.index('id="r-deal.hand_size"')]
    assert '<code>src-a</code>' in players and "甲书" in players and "§ 1.2" in players
    settlement = page[page.index('id="r-settlement.table"'):]
    assert "Inferred" in settlement and "because A &amp; B" in settlement
    assert "a doubtful &lt;reading&gt;" in settlement
    assert 'id="src-src-a"' in page  # the sources list the links point to


def test_settlement_is_a_table_with_rows_in_order_and_readable_cells():
    en = rulebook_page(DOC, "en", SOURCES)
    table = en[en.index('<table class="settlement">'):en.index("</table>", en.index('<table class="settlement">'))]
    assert table.count("<tr>") == 3  # header + two rows
    assert table.index("lost_dug") < table.index("kept")
    assert "attackers&#x27; points ≥ 120" in table and "bottom dug: yes" in table
    assert "the attackers take over<br>attackers advance 1" in table
    assert "banker team advance 2" in table
    zh = rulebook_page(DOC, "zh", SOURCES)
    assert "闲家上台<br>闲家方升1级" in zh and "闲家得分 ≤ 119" in zh


def test_chart_groups_follow_the_trump_order_at_the_example_level():
    order = ["big_joker", "small_joker", "trump_suit_level", "off_suit_level", "trump_suit_two", "off_suit_two",
             "trump_suit_plain"]
    plain = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
    # Level 10, hearts trump: jokers, ♥10, the other 10s (equal), ♥2, the other 2s (equal), ♥A … ♥3 without ♥10.
    assert trump_groups(order, plain, "10", "H") == [
        [BIG_JOKER], [SMALL_JOKER], ["H10"], ["S10", "C10", "D10"], ["H2"], ["S2", "C2", "D2"],
        ["HA"], ["HK"], ["HQ"], ["HJ"], ["H9"], ["H8"], ["H7"], ["H6"], ["H5"], ["H4"], ["H3"]]
    assert side_groups(plain, "10", "S")[:5] == [["SA"], ["SK"], ["SQ"], ["SJ"], ["S9"]]
    assert trump_groups(["big_joker", "new_class"], plain, "3", "S") == [[BIG_JOKER], ["new_class"]]


def scenario(sid, op="trick_winner", variant="testgame/house", rules=("deal.hand_size",), **kw):
    base = dict(id=sid, variant=variant, rules=list(rules), op=op, given={}, expect={"x": 1},
                description={"zh": "描述", "en": "description"}, source=None, reasoning=None)
    return SimpleNamespace(**{**base, **kw})


def test_examples_are_picked_per_section_with_different_operations_first():
    pool = [scenario(f"t.a-{i}", op="a") for i in range(4)] + [scenario("t.b-1", op="b"),
                                                                  scenario("t.r-1", op="replay"),
                                                                  scenario("t.other", variant="testgame/other")]
    picked, total = pick_examples(pool, "testgame/house")["deal"]
    assert total == 6 and len(picked) == MAX_PER_SECTION
    assert {s.op for s in picked} == {"a", "b"} and all(s.op != "replay" for s in picked)


def test_an_example_draws_the_cards_and_names_the_seats():
    sc = scenario("t.trick-1", given={"level": "10", "trump_suit": "H", "leader": 2,
                                      "plays": [["C5"], ["C10"], ["CK"], ["H3"]]},
                  expect={"winner": 1, "points": 25}, reasoning="The trump wins.",
                  source={"id": "src-a", "section": "3"})
    table = Table(4, "counter_clockwise", "opposite_seats")
    html = example_html(sc, 1, "en", SOURCES, table)
    assert html.count('<svg class="card"') == 4 and 'data-card="C10"' in html
    # plays are listed from the leader: seats 2, 3, 0, 1
    assert [html.index("<th>player " + "ABCD"[n] + "</th>") for n in (2, 3, 0, 1)] == sorted(
        html.index("<th>player " + "ABCD"[n] + "</th>") for n in (2, 3, 0, 1))
    assert "♥ hearts" in html and "The trump wins." in html and "<code>src-a</code>" in html
    assert 'href="#r-deal.hand_size"' in html
    zh = example_html(sc, 1, "zh", SOURCES, table)
    assert "乙" in zh and "描述" in zh
    assert "<th>player C</th>" not in example_html(sc, 1, "en", SOURCES)  # without a table: plays numbered


def test_rulebook_page_places_examples_in_their_section():
    sc = scenario("t.deal-1", given={"hand": ["BJ", "H5"]}, expect={"count": 2})
    page = rulebook_page(DOC, "en", SOURCES, [sc])
    assert page.index('id="r-deal.hand_size"') < page.index('id="ex-t.deal-1"') < page.index('id="r-settlement.table"')


def test_compare_marks_rows_that_differ_by_value_or_absence():
    a = {"x": {"same": item(1, "一", "one"), "diff": item(1, "一", "one")}, "only_a": {"r": item(0, "零", "zero")}}
    b = {"x": {"same": item(1, "壹", "one, worded otherwise"), "diff": item(2, "二", "two")}}
    rows = {rule_id: (cells, differs) for rule_id, cells, differs in compare_rows([("v/a", a), ("v/b", b)])}
    assert rows["x.same"][1] is False and rows["x.diff"][1] is True
    assert rows["only_a.r"][1] is True and rows["only_a.r"][0][1] is MISSING


def test_compare_page_highlights_differences_and_links_both_variants():
    other = VariantDoc("testgame/plain", "testgame", {"zh": "乙", "en": "Plain"}, {"zh": "", "en": ""},
                       {**RULES, "players": {"count": item(3, "三人。", "Three.")}})
    page = compare_page("testgame", [DOC, other], "en")
    assert '<tr class="differs" id="cmp-players.count">' in page
    assert '<tr class="same" id="cmp-deal.hand_size">' in page
    assert "[Test variant](house.en.md)" in page and "[Plain](plain.en.md)" in page
    assert 'href="#cmp-players.count"' in page  # listed among the differences at a glance


def test_nav_placeholders_are_filled():
    nav = [{"Home": "index.md"}, {"Rulebooks": "rulebooks/index.md"}, {"Keepers": "rule-keepers.md"},
           {"More": [{"Ops": "implementers/operations.md"}]}]
    out = expand_nav(nav, [DOC], {"rule-keepers.md": ["rule-keepers-errors.md"]})
    assert out[0] == {"Home": "index.md"} and out[3] == nav[3]
    assert out[1] == {"Rulebooks": rulebook_nav([DOC])}
    assert out[2] == {"Keepers": ["rule-keepers.md", "rule-keepers-errors.md"]}
    assert "rulebooks/testgame/house.md" in str(rulebook_nav([DOC])) and ".en." not in str(rulebook_nav([DOC]))
    english = expand_nav(nav, [DOC], {}, lang="en")[1]["Rulebooks"]
    assert english == rulebook_nav([DOC], lang="en") and "rulebooks/testgame/house.en.md" in str(english)
    titled = {"rule-keepers.md": [{"Guide": "rule-keepers.md"}, {"Errors": "rule-keepers-errors.md"}]}
    assert expand_nav(nav, [DOC], titled)[2] == {"Keepers": titled["rule-keepers.md"]}  # the page itself, titled
    assert expand_nav(nav, [DOC], {})[2] == {"Keepers": "rule-keepers.md"}


def test_a_list_of_records_is_one_table_with_a_column_per_key():
    sc = scenario("t.declare-1", given={"shows": [{"seat": 0, "cards": ["BJ"], "after": 1},
                                                  {"seat": 1, "cards": ["BJ", "BJ"], "after": 6}]},
                  expect={"rejected": []})
    html = example_html(sc, 1, "en", SOURCES)
    start = html.index('<table class="kv rows">')
    table = html[start:html.index("</table>", start)]
    assert table.index("<th>seat</th>") < table.index("<th>cards</th>") < table.index("<th>after cards dealt</th>")
    assert table.count("<tr>") == 3 and "player B" in table and table.count('data-card="BJ"') == 3
    assert "none" in html  # an empty list is written as "none"


def test_a_short_deal_is_a_grid_of_seats_and_rounds_with_indices():
    deal = ["BJ", "H9", "C3", "S4", "D5", "H6"]
    sc = scenario("t.deal-grid", given={"first_drawer": 3, "deal": deal}, expect={"banker": 3})
    html = example_html(sc, 1, "en", SOURCES, Table(4))
    start = html.index('<table class="kv deal">')
    grid = html[start:html.index("</table>", start)]
    # columns start at the first drawer: seats 3, 0, 1, 2; card i goes to seat (3 + i) mod 4
    assert [grid.index("<th>player " + "ABCD"[n] + "</th>") for n in (3, 0, 1, 2)] == sorted(grid.index("<th>player " + "ABCD"[n] + "</th>")
                                                                             for n in (3, 0, 1, 2))
    assert grid.count("<th>round ") == 2 and grid.count("<svg") == 6
    assert grid.index('<span class="deal-index">4</span><svg class="card" data-card="D5"') > grid.index("round 2")
    three = example_html(sc, 1, "en", SOURCES, Table(3))  # a three-seat table: rows of three, seats 0, 1, 2
    assert three.count("<th>round ") == 2 and "<th>player D</th>" not in three and three.count("<th>player ") == 3


def test_the_seat_picture_follows_the_play_direction():
    from datong_rules.rulebook.seats import seats_html

    ccw = seats_html(Table(4, "counter_clockwise", "opposite_seats"), "en")
    cw = seats_html(Table(4, "clockwise", "opposite_seats"), "en")
    # row 2 (middle): west, centre, east; counter-clockwise puts seat 1 to the east (right), clockwise to the west
    assert ccw.index("player D") < ccw.index("player B") and cw.index("player B") < cw.index("player D")
    assert 'class="seat team-0">player C' in ccw and "逆时针" in seats_html(Table(4), "zh")


def test_a_house_files_english_only_note_is_marked_on_the_chinese_page():
    """A house file may give a note or an inferred reason in English only: the 中文 page shows it marked
    ``lang="en"`` and says in Chinese that it is English only; with ``note_zh`` / ``reason_zh`` it shows those."""
    from datong_rules.rulebook.rules_html import provenance_html

    item = {"value": 1, "inferred": {"reason": "Because the club says so."}, "note": "Played at the club."}
    zh = provenance_html(item, {}, "zh")
    assert '<span lang="en">Because the club says so.</span>' in zh and '<span lang="en">Played at the club.</span>' in zh
    assert zh.count("只有英文") == 2
    both = provenance_html({**item, "inferred": {**item["inferred"], "reason_zh": "俱乐部这样打。"}, "note_zh": "俱乐部的打法。"},
                           {}, "zh")
    assert "俱乐部这样打。" in both and "俱乐部的打法。" in both and 'lang="en"' not in both
    assert "只有英文" not in provenance_html(item, {}, "en")
