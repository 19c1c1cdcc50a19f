"""The settlement's teams named from the variant's seats (reference_impl.table), not from seat arithmetic."""

from __future__ import annotations

import pytest

pytest.importorskip("jinja2")

from datong_rules.reference_impl import games  # noqa: E402
from datong_rules.reference_impl.table import Table  # noqa: E402
from datong_rules.table_app.words import game_words, settlement_rows  # noqa: E402

DADUN = game_words(games.get("dadun"))

PARTNERS = Table(4, "counter_clockwise", "opposite_seats")
BANKER = Table(4, "counter_clockwise", "banker_vs_rest")


def _text(rows, key):
    return next(row["text"] for row in rows if row["key"] == key)


def test_a_team_is_named_by_its_seats():
    rows = settlement_rows({"winner": 1, "levels": ["3", "5"]}, "zh", 0, PARTNERS, DADUN)
    assert _text(rows, "winner") == "乙丁队"  # team 1 sits at seats 1 and 3: 乙 and 丁
    assert "甲丙队 3" in _text(rows, "levels") and "乙丁队 5" in _text(rows, "levels")
    assert _text(settlement_rows({"winner": 0}, "en", 0, PARTNERS, DADUN), "winner") == "team A–C"


def test_dadun_tribute_and_failures_at_a_are_told_in_words():
    """打墩's settlement: the tribute's givers and receivers are seats (named), failures at A a value per team."""
    rows = settlement_rows({"tribute": {"givers": [2, 0], "receivers": [1, 3]}, "a_failures": [0, 1]}, "zh", 0,
                           PARTNERS, DADUN)
    assert [row["label"] for row in rows] == ["进贡", "打A没过的次数"]
    assert _text(rows, "tribute") == "进贡的人 丙、你（甲）；收贡的人 乙、丁"
    assert _text(rows, "a_failures") == "甲丙队 0；乙丁队 1"


def test_two_values_are_not_read_as_teams_without_fixed_partners():
    rows = settlement_rows({"levels": ["3", "5"]}, "en", 0, BANKER)
    assert "team" not in _text(rows, "levels")


# -- what each game's table says (through the page) ---------------------------------------------------------------
from html import unescape  # noqa: E402

pytest.importorskip("httpx2")
from page_driver import PageBot  # noqa: E402
from test_table_api import open_table  # noqa: E402

GAMES = ("huolong/li-zhijiang", "biedan/biedan-guide", "dadun/dadun-guide")


def _played(variant, lang, seed=1, hands=1):
    client, tid, table = open_table(variant, seed=seed)
    client.app.state.tables.kept[tid].lang = lang
    bot = PageBot(client, tid, seed)
    for hand in range(hands):
        page = bot.play_hand()
        if hand < hands - 1:
            bot.post("/next", {"version": page.version})
    return client, tid, table, unescape(client.get(f"/t/{tid}/main").text)


@pytest.mark.parametrize("variant", GAMES)
def test_the_settlement_is_told_in_words_not_keys(variant):
    """Every settlement row has a label in the page's language (no key such as a_failures, no seat numbers), and a
    climbing hand's end counts rounds, a trick-taking hand's tricks."""
    import re

    client, tid, table, html = _played(variant, "zh", seed=2, hands=2)  # the second hand: 打墩's tribute
    settled = html.split('class="settlement"', 1)[1].split("</section>", 1)[0]
    labels = re.findall(r'<th scope="row">(.*?)</th>', settled)
    assert len(labels) == len(table.state.settlement())
    assert not [label for label in labels if re.search("[A-Za-z_]", label)], labels
    cells = re.sub(r"<svg.*?</svg>|<code>.*?</code>|<[^>]+>", "", settled.split("<tbody>")[1].split("</tbody>")[0])
    cells = re.sub(r"(?<=[桃花块])[JQKA]", "", cells)  # 黑桃A: a card's rank
    assert not re.search(r"[A-Za-z_]", cells), cells  # no key, no English word left as a value
    numbers = re.findall(r"<td>(\d+)</td>", settled)
    seats = {k for k, v in table.state.settlement().items() if type(v) is int and k in ("banker", "next_banker")}
    assert not seats or len(numbers) < len(labels), settled  # seats named, not numbered
    client.app.state.tables.kept[tid].lang = "en"
    english = client.get(f"/t/{tid}/main").text
    rounds = "rounds" if table.game.family == "climbing" else "tricks"
    assert f"The hand is over after {len(table.tricks)} {rounds}." in english


def test_huolong_says_your_side_and_whether_it_won():
    client, tid, table, html = _played("huolong/li-zhijiang", "en")
    banker = table.state.summary()["banker"]
    side = "banker's side" if banker % 2 == table.seat % 2 else "attackers' side"  # partners sit opposite
    assert f"You are on the {side}" in html
    next_banker = table.state.settlement()["next_banker"]
    kept = next_banker % 2 == banker % 2
    won = kept == (side == "banker's side")
    assert ("your side won this hand" if won else "your side lost this hand") in html


def test_dadun_shows_the_level_and_marks_its_wild_card():
    """打墩: the facts say the level and its wild card (the heart of the level's rank: wild.cards), and the wild cards
    of the hand are marked."""
    client, tid, table = open_table("dadun/dadun-guide")
    html = client.get(f"/t/{tid}/main").text
    level = table.state.level
    assert f"打{level}" in html and "百搭：红桃" in html
    held = table.state.hands[table.seat][f"H{level}"]
    assert html.count('<span class="mark" aria-hidden="true">百搭</span>') == held


def test_the_bots_plays_are_told_with_their_combination():
    client, tid, table, html = _played("dadun/dadun-guide", "en")
    log = [e for e in table.events if e.action["type"] == "play" and e.seat != table.seat]
    assert log and all(e.reading is not None for e in log)
    assert "(Lead: " in html or "(Beat: " in html or "(Lead " in html, html[:2000]


def test_biedan_exchange_is_not_worded_as_a_show():
    client, tid, table, html = _played("biedan/biedan-guide", "zh")
    assert "不亮" not in html and "亮主" not in html


def test_the_page_says_how_to_play_here_in_its_language():
    client, tid, _ = open_table()
    zh = client.get(f"/t/{tid}").text
    assert "怎么在这里打牌" in zh and "How to play here" not in zh
    en = client.get(f"/t/{tid}?lang=en").text
    assert "How to play here" in en and "怎么在这里打牌" not in en


def test_a_game_s_own_action_is_worded_by_the_game():
    """A game's own action type (a bid, say) is told in the words its facet gives (``ACTIONS``); a game without a
    words facet is told with the page's generic words."""
    from types import SimpleNamespace

    from datong_rules.table_app.words import PLAIN, action_words, choice_words

    bid = {"say": {"zh": "{who}叫{n}", "en": "{who} bids {n}"}, "choice": {"zh": "叫{n}", "en": "bid {n}"}}
    words = SimpleNamespace(**{**vars(PLAIN), "ACTIONS": {"bid": bid}})
    action = {"type": "bid", "seat": 1, "count": 3}
    assert action_words(action, "en", 0, words) == "B bids 3"
    assert action_words(action, "zh", 0, words) == "乙叫3"
    assert choice_words(action, "en", 0, words) == "bid 3"
    assert action_words(action, "en", 0) == "B: bid"  # no words for it: the type as it is
    toy = games.Game("toy-words", {"zh": "玩具", "en": "toy"}, "climbing", "json")  # a package without words
    assert game_words(toy) is PLAIN


@pytest.mark.parametrize("lang, words", [("en", "pick 3 cards"), ("zh", "选3张牌")])
def test_the_bury_prompt_says_how_many_cards(lang, words):
    """A beginner at a 憋蛋 table is told how many cards to bury: the egg is 3 (rule egg.count). The banker (the ♥3's
    holder) buries first; the person sits at each seat in turn until one is the banker."""
    from datong_rules.reference_impl.variant import load_variant
    from datong_rules.table_app.session import Table as Session
    from datong_rules.table_app.view import _status
    from datong_rules.table_app.words import game_words

    sessions = [Session(load_variant("biedan/biedan-guide"), seat=seat) for seat in range(3)]
    burying = [s for s in sessions if "bury" in s.kinds()]
    assert len(burying) == 1
    assert words in _status(burying[0], lang, game_words(burying[0].game))


FACE_UP = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
"""The ranks weakest to strongest at face value (dadun-guide 三.1: … > 3 > 2)."""


def _held_as_players_do(cards, level):
    """dadun-guide's ranking.power_order by hand: 2 … A, the level rank moved above the A, the small joker, the big
    joker; a rank's cards by suit in notation order (spades, hearts, clubs, diamonds)."""
    ranks = [r for r in FACE_UP if r != level] + [level]

    def key(card):
        if card in ("LJ", "BJ"):
            return (len(ranks) + (card == "BJ"), 0)
        return (ranks.index(card[1:]), "SHCD".index(card[0]))

    return sorted(cards, key=key)


def test_a_dadun_hand_is_held_by_rank_level_and_jokers_high():
    """The page shows 打墩's hand as players hold it, by the variant's card order (the level rank above the A, the
    jokers highest), not by suit; a seat is found whose hand holds a level card, an A and a joker, so that the order
    is seen to move the level card and the jokers."""
    from table_helpers import make_app

    from datong_rules.table_app.view import table_view

    for seed in range(40):
        app = make_app("dadun/dadun-guide", seed=seed)
        table = app.state.tables.kept[app.state.tables.open()].table
        level = table.state.level
        held = table.hand
        ranks = {c[1:] for c in held}
        if level in ranks and "A" in ranks and {"LJ", "BJ"} & set(held) and level != "A":
            break
    else:
        pytest.fail("no seed of 40 deals seat 0 a level card, an A and a joker")
    view = table_view(table, "en")["hand"]
    shown = [c["card"] for c in view]
    assert sorted(c["n"] for c in view) == list(range(len(held)))  # each card's place in notation order, for the
    assert all(held[c["n"]] == c["card"] for c in view)  # page's selection (sent in that order, as before)
    assert shown == _held_as_players_do(held, level)
    assert sorted(shown) == sorted(held)
    last_ace = max(i for i, c in enumerate(shown) if c[1:] == "A")
    assert all(i > last_ace for i, c in enumerate(shown) if c[1:] == level)  # the level card above the A
    assert shown[-1] in ("LJ", "BJ")


def test_a_game_without_an_order_shows_the_hand_in_notation_order():
    from datong_rules.table_app.words import PLAIN

    from datong_rules.table_app.view import held_in_order

    assert PLAIN.hand_order(None) is None
    assert held_in_order(["S3", "H2", "BJ"], None) == [(0, "S3"), (1, "H2"), (2, "BJ")]
    assert held_in_order(["S3", "H2", "H2"], lambda card: -int(card[1:])) == [(0, "S3"), (1, "H2"), (2, "H2")]
    assert held_in_order(["S2", "H3", "S2"], lambda card: -int(card[1:])) == [(1, "H3"), (0, "S2"), (2, "S2")]
