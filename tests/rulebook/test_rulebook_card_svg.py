"""The card pictures: valid SVG, red and black suits, distinct jokers, bad tokens refused."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from datong_rules.reference_impl.cards import BIG_JOKER, SMALL_JOKER, CardNotationError
from datong_rules.rulebook.card_svg import BLACK, RED, card_name, card_svg, cards_html, ranking_html

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(svg: str) -> list[tuple[str, str]]:
    """(text content, fill) of every <text> element."""
    return [(t.text or "", t.get("fill", "")) for t in parse(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize("card, rank, symbol, ink", [
    ("H10", "10", "♥", RED), ("D3", "3", "♦", RED), ("SA", "A", "♠", BLACK), ("CK", "K", "♣", BLACK),
])
def test_suit_card_shows_rank_and_suit_in_its_colour(card, rank, symbol, ink):
    svg = card_svg(card)
    root = parse(svg)
    assert root.tag == f"{SVG}svg" and root.get("class") == "card" and root.get("data-card") == card
    assert root.find(f"{SVG}rect").get("rx") is not None  # rounded corners
    shown = texts(svg)
    assert (rank, ink) in shown and (symbol, ink) in shown
    assert {fill for _, fill in shown} == {ink}
    names = {"H": ("红桃", "hearts"), "D": ("方块", "diamonds"), "S": ("黑桃", "spades"), "C": ("梅花", "clubs")}[card[0]]
    long_rank = {"A": "ace", "K": "king"}.get(rank, rank)
    assert root.find(f"{SVG}title").text == f"{long_rank} of {names[1]}"  # screen readers: the page's language
    assert parse(card_svg(card, "zh")).find(f"{SVG}title").text == names[0] + rank


def test_other_notations_are_canonicalised():
    assert parse(card_svg("♥T")).get("data-card") == "H10"
    assert parse(card_svg("bj")).get("data-card") == "BJ"


def test_jokers_look_different_from_each_other_and_from_suit_cards():
    big, small, plain = (parse(card_svg(c)) for c in (BIG_JOKER, SMALL_JOKER, "S5"))
    fills = [el.find(f"{SVG}rect").get("fill") for el in (big, small, plain)]
    assert len(set(fills)) == 3
    big_texts = [t for t, _ in texts(card_svg(BIG_JOKER))]
    small_texts = [t for t, _ in texts(card_svg(SMALL_JOKER))]
    assert "★" in big_texts and "☆" in small_texts
    assert not any(s in "".join(big_texts + small_texts) for s in "♠♥♣♦")


def test_accessible_names_follow_the_language():
    assert card_name(BIG_JOKER, "zh") == "大王" and card_name(SMALL_JOKER, "en") == "small joker"
    assert 'aria-label="小王"' in card_svg(SMALL_JOKER, "zh")
    assert card_name("SJ", "en") == "jack of spades"  # not a joker
    assert card_name("SJ", "zh") == "黑桃J"


def test_jokers_carry_their_name_in_the_page_language():
    assert ("大", RED) in texts(card_svg(BIG_JOKER, "zh")) and ("王", RED) in texts(card_svg(BIG_JOKER, "zh"))
    assert ("SMALL", BLACK) in texts(card_svg(SMALL_JOKER, "en"))
    assert not any(t in ("BJ", "LJ") for t, _ in texts(card_svg(BIG_JOKER, "zh")) + texts(card_svg(SMALL_JOKER, "en")))


@pytest.mark.parametrize("bad", ["X9", "H1", "", "HH"])
def test_bad_tokens_raise_the_notation_error(bad):
    with pytest.raises(CardNotationError):
        card_svg(bad)


def test_rows_fan_out_from_nine_cards():
    assert 'class="cards"' in cards_html(["H5"] * 8)
    assert 'class="cards fan"' in cards_html(["H5"] * 9)
    assert cards_html(["H5", "SA"]).count("<svg") == 2


def test_ranking_boxes_equal_cards_and_keeps_unknown_classes_as_text():
    html = ranking_html([["BJ"], ["S10", "C10"], ["mystery_class"]])
    assert html.count('class="equal"') == 1 and html.count("&gt;") == 2
    assert "mystery_class" in html and html.count("<svg") == 3
