"""Card pictures for the rulebooks: small inline SVG drawn from the card token, no external assets.

A card is a rounded rectangle with its rank and suit symbol in the top-left corner and a large suit
symbol in the middle; hearts and diamonds are red, spades and clubs black. The big joker is a red
star on a gold card, the small joker a black star on a grey card, so the two never look alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Final

from datong_rules.reference_impl.cards import BIG_JOKER, SMALL_JOKER, SUIT_NAMES, SUIT_SYMBOLS, card_rank, card_suit, parse_card

WIDTH: Final = 40
HEIGHT: Final = 56
RED: Final = "#c62828"
BLACK: Final = "#1b1b1b"
_JOKERS: Final[dict[str, dict[str, str]]] = {
    BIG_JOKER: {"fill": "#ffe9a8", "ink": RED, "star": "★", "zh": "大王", "en": "big joker"},
    SMALL_JOKER: {"fill": "#e4e4e4", "ink": BLACK, "star": "☆", "zh": "小王", "en": "small joker"},
}
_RANK_NAMES: Final[dict[str, str]] = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
FAN_FROM: Final = 9
"""Rows of this many cards or more overlap like a hand held in a fan (the corner stays visible)."""
WILD: Final[dict[str, str]] = {"zh": "百搭", "en": "wild"}
"""The mark of a wild card: a gold badge in the card's top right corner, and in its accessible name."""
GOLD: Final = "#f2b705"


def card_name(card: str, lang: str = "en") -> str:
    """A card's name for screen readers, in the page's language: ``"红桃10"`` / ``"10 of hearts"``, and
    ``"大王"`` / ``"big joker"`` for the jokers.

    Args:
        card: a card token (any accepted notation).
        lang: ``"zh"`` or ``"en"``.

    Raises:
        datong_rules.reference_impl.cards.CardNotationError: not a card.
    """
    card = parse_card(card)
    if card in _JOKERS:
        return _JOKERS[card][lang]
    suit, rank = SUIT_NAMES[card_suit(card)][lang], card_rank(card)
    if lang == "zh":
        return suit + rank
    return f"{_RANK_NAMES.get(rank, rank)} of {suit}"


def card_svg(card: str, lang: str = "en", wild: bool = False) -> str:
    """One card picture as an inline ``<svg class="card">`` element (40 × 56 CSS pixels).

    Args:
        card: a card token such as ``"H10"``, ``"♠A"``, ``"BJ"``.
        lang: language of the picture's accessible name (``<title>`` and ``aria-label``).
        wild: mark the card as a wild card (or as the card a wild stands for): class ``wild``, a gold badge
            saying :data:`WILD` in the top right corner, and the word in the accessible name.

    Returns:
        An SVG string on one line, with ``data-card`` set to the canonical token.

    Raises:
        datong_rules.reference_impl.cards.CardNotationError: not a card.
    """
    card = parse_card(card)
    name = card_name(card, lang)
    name = escape(f"{name}（{WILD['zh']}）" if wild and lang == "zh" else f"{name}, {WILD['en']}" if wild else name)
    head = (f'<svg class="card{" wild" if wild else ""}" data-card="{card}" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{name}">'
            f"<title>{name}</title>")
    if card in _JOKERS:
        style = _JOKERS[card]
        body = (_frame(style["fill"])
                + _joker_word(style["ink"], style[lang])
                + _text(WIDTH / 2, 43, 28, style["ink"], style["star"], middle=True))
    else:
        ink = RED if card_suit(card) in ("H", "D") else BLACK
        symbol = SUIT_SYMBOLS[card_suit(card)]
        rank = card_rank(card)
        body = (_frame("#ffffff")
                + _text(3, 14, 13 if len(rank) == 1 else 11, ink, rank, bold=True)
                + _text(4, 26, 11, ink, symbol)
                + _text(WIDTH / 2 + 3, 47, 22, ink, symbol, middle=True))
    if wild:
        body += (f'<rect x="20" y="2" width="18" height="10" rx="2" fill="{GOLD}"/>'
                 + _text(29, 10, 7, BLACK, WILD[lang], bold=True, middle=True))
    return head + body + "</svg>"


def cards_html(cards: Iterable[str], lang: str = "en", fan: bool | None = None, wilds: Iterable[str] = (),
               wild_at: Iterable[int] = ()) -> str:
    """A row of card pictures: ``<span class="cards">…</span>`` on one line.

    Args:
        cards: card tokens, shown in the given order.
        lang: language of the pictures' accessible names.
        fan: overlap the cards; default when there are :data:`FAN_FROM` or more.
        wilds: card tokens that are wild cards (every copy is marked, :func:`card_svg`'s ``wild``).
        wild_at: positions in ``cards`` to mark as well (the cards wilds stand for in a reading).

    Raises:
        datong_rules.reference_impl.cards.CardNotationError: a token is not a card.
    """
    cards = list(cards)
    if fan is None:
        fan = len(cards) >= FAN_FROM
    marked, at = {parse_card(w) for w in wilds}, set(wild_at)
    pictures = "".join(card_svg(c, lang, wild=i in at or parse_card(c) in marked) for i, c in enumerate(cards))
    return f'<span class="cards{" fan" if fan else ""}">{pictures}</span>'


def ranking_html(groups: Sequence[Sequence[str]], lang: str = "en", labels: Sequence[str] | None = None) -> str:
    """A ranking chain: groups of equal cards, strongest first, separated by ``>``.

    A group of several cards is boxed (``class="equal"``) to show the cards are equal.
    A group item that is not a card token is shown as text (so an unknown class is never dropped).
    ``labels`` (one per group, in the page's language) names each group above its cards (a ladder of
    combinations: "8-card bomb", "6+6 linked bomb" …).

    Returns:
        ``<span class="ranking">…</span>`` on one line.
    """
    parts = []
    for i, group in enumerate(groups):
        inner = "".join(_card_or_text(item, lang) for item in group)
        if labels is not None:
            parts.append(f'<span class="labelled"><span class="group-label">{escape(labels[i])}</span>'
                         f'<span class="rank-group">{inner}</span></span>')
            continue
        css = "equal" if len(group) > 1 else "rank-group"
        parts.append(f'<span class="{css}">{inner}</span>')
    return '<span class="ranking">' + '<span class="gt">&gt;</span>'.join(parts) + "</span>"


def suit_label(suit: str, lang: str) -> str:
    """``"♥ 红桃"`` / ``"♥ hearts"`` for a suit letter; the text itself when it is not a suit."""
    if suit in SUIT_NAMES:
        return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit][lang]}"
    return suit


def _card_or_text(item: str, lang: str) -> str:
    try:
        return card_svg(item, lang)
    except ValueError:
        return f'<span class="card-class">{escape(str(item))}</span>'


def _joker_word(ink: str, word: str) -> str:
    """The joker's name written on the card: 大王 / 小王 stacked in the corner on 中文 pages, the English word
    small across the top on English pages."""
    if len(word) <= 2:
        return _text(4, 13, 10, ink, word[0], bold=True) + _text(4, 24, 10, ink, word[1:], bold=True)
    first, _, rest = word.upper().partition(" ")
    return (_text(WIDTH / 2, 10, 7, ink, first, bold=True, middle=True)
            + _text(WIDTH / 2, 18, 6, ink, rest, bold=True, middle=True))


def _frame(fill: str) -> str:
    return (f'<rect x="0.75" y="0.75" width="{WIDTH - 1.5}" height="{HEIGHT - 1.5}" rx="4" ry="4" '
            f'fill="{fill}" stroke="#7a7a7a" stroke-width="1.5"/>')


def _text(x: float, y: float, size: int, ink: str, content: str, *, bold: bool = False, middle: bool = False) -> str:
    extra = (' font-weight="bold"' if bold else "") + (' text-anchor="middle"' if middle else "")
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{ink}" '
            f'font-family="DejaVu Sans, Arial, sans-serif"{extra}>{escape(content)}</text>')
