"""Card notation shared by the spec, the scenarios, the protocol and the game records.

The notation (defined here; docs/implementers/operations.md repeats it for implementers):

* suits ``S H C D`` (spades, hearts, clubs, diamonds); ``♠ ♥ ♣ ♦`` (and the white forms ``♤ ♡ ♧ ♢``)
  are accepted on input and always written back as letters;
* ranks ``2 3 4 5 6 7 8 9 10 J Q K A``; ``T`` (any case) is accepted for ``10``; rank letters are
  accepted in lower case on input;
* jokers ``BJ`` (big joker, 大王) and ``LJ`` (little, i.e. small joker, 小王); ``大王`` and ``小王`` are accepted
  on input;
* a card is suit + rank (``H10``, ``SA``, ``D3``, ``SJ`` = jack of spades) or a joker.

The **notation order** (:func:`sort_cards`, stated once for implementers in docs/implementers/index.md) is the
same in every game: by suit ``S H C D``, within a suit by rank ``2 … A``, then ``BJ``, ``LJ``.

Why ``LJ`` and not ``SJ`` for the small joker: suit + rank makes ``SJ`` the jack of spades, so a small joker written
``SJ`` could not be told from it (the project's first design draft had this collision).

A card is represented in Python by its canonical token, a ``str`` such as ``"H10"`` or ``"BJ"``.
Identical cards from different decks are indistinguishable, so hands and plays are multisets:
:class:`collections.Counter` objects, or sorted tuples of tokens when they must be hashable.

Errors: every parse error is a :class:`CardNotationError` naming the bad token and its 0-based
position in the input.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import ClassVar, Final

SUITS: Final[tuple[str, ...]] = ("S", "H", "C", "D")
"""The four suits in notation order: spades, hearts, clubs, diamonds."""

RANKS: Final[tuple[str, ...]] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The thirteen ranks, lowest face value first (2 … A)."""

BIG_JOKER: Final = "BJ"
SMALL_JOKER: Final = "LJ"
JOKERS: Final[tuple[str, str]] = (BIG_JOKER, SMALL_JOKER)

SUIT_SYMBOLS: Final[dict[str, str]] = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
"""Suit letter → symbol, for display only (transcripts, rulebooks)."""

SUIT_NAMES: Final[dict[str, dict[str, str]]] = {
    "S": {"en": "spades", "zh": "黑桃"},
    "H": {"en": "hearts", "zh": "红桃"},
    "C": {"en": "clubs", "zh": "梅花"},
    "D": {"en": "diamonds", "zh": "方块"},
}

_SUIT_INPUT: Final[dict[str, str]] = {
    "S": "S", "H": "H", "C": "C", "D": "D",
    "♠": "S", "♥": "H", "♣": "C", "♦": "D",
    "♤": "S", "♡": "H", "♧": "C", "♢": "D",
}
_RANK_INPUT: Final[dict[str, str]] = {r: r for r in RANKS} | {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}

_JOKER_INPUT: Final[dict[str, str]] = {"大王": "BJ", "小王": "LJ"}

ALL_CARDS: Final[tuple[str, ...]] = tuple(s + r for s in SUITS for r in RANKS) + JOKERS
"""The 54 distinct cards of one deck, in notation order."""
CANONICAL: Final[frozenset[str]] = frozenset(ALL_CARDS)
"""The canonical tokens (what :func:`parse_cards` returns unchanged)."""
_TOKENS: Final = CANONICAL


class CardNotationError(ValueError):
    """A token that is not a card.

    Attributes:
        token: the offending token as written.
        position: its 0-based index among the tokens of the input (``None`` for a lone card).
        expected: what a card looks like, for the error message.
    """

    expected: ClassVar[str] = "a card such as H10, ST, ♠A, D3, BJ (big joker) or LJ (small joker)"

    def __init__(self, token: str, position: int | None = None) -> None:
        self.token = token
        self.position = position
        where = "" if position is None else f" at position {position}"
        super().__init__(f"bad card {token!r}{where}: expected {self.expected}")


def parse_card(token: str, position: int | None = None) -> str:
    """Parse one card token into its canonical form.

    Args:
        token: e.g. ``"H10"``, ``"hT"``, ``"♥10"``, ``"bj"``, ``"小王"``.
        position: reported in the error if the token is bad.

    Returns:
        The canonical token (``"H10"``, ``"BJ"``).

    Raises:
        CardNotationError: the token is not a card.
    """
    if not isinstance(token, str):
        raise CardNotationError(repr(token), position)
    text = token.strip()
    upper = text.upper()
    if upper in JOKERS:
        return upper
    if text in _JOKER_INPUT:
        return _JOKER_INPUT[text]
    if len(text) >= 2:
        suit = _SUIT_INPUT.get(text[0].upper()) or _SUIT_INPUT.get(text[0])
        rank = _RANK_INPUT.get(text[1:].upper())
        if suit and rank:
            return suit + rank
    raise CardNotationError(token, position)


def _tokens(text: str | Iterable[str]) -> list[str]:
    if isinstance(text, str):
        return text.replace(",", " ").split()
    return list(text)


def parse_cards(text: str | Iterable[str]) -> list[str]:
    """Parse a sequence of cards, keeping order (a dealing sequence, a play as written).

    Args:
        text: whitespace- or comma-separated tokens (``"H10 HT ♠A"``), or an iterable of tokens.

    Returns:
        A list of canonical tokens, in input order.

    Raises:
        CardNotationError: naming the first bad token and its 0-based position.
    """
    if text.__class__ is list:
        try:
            if _TOKENS.issuperset(text):  # the common case: canonical tokens already (the engine's own actions)
                return list(text)
        except TypeError:  # an unhashable item: parse_card names it
            pass
    return [parse_card(tok, i) for i, tok in enumerate(_tokens(text))]


def parse_hand(text: str | Iterable[str]) -> Counter[str]:
    """Parse cards into a multiset (a hand, or a play whose order does not matter).

    Returns:
        ``Counter`` mapping canonical token → number of copies.

    Raises:
        CardNotationError: as :func:`parse_cards`.
    """
    return Counter(parse_cards(text))


def card_suit(card: str) -> str | None:
    """The suit letter of a canonical card, or ``None`` for a joker."""
    return None if card in JOKERS else card[0]


def card_rank(card: str) -> str:
    """The rank of a canonical card (``"10"``, ``"A"``), or the joker token itself (``"BJ"``)."""
    return card if card in JOKERS else card[1:]


_CANONICAL: Final = re.compile(r"^(BJ|LJ|[SHCD](10|[2-9JQKA]))$")


def is_card(token: object) -> bool:
    """Whether ``token`` is a canonical card token (``H10``, ``BJ``; upper case and ``10`` only)."""
    return isinstance(token, str) and bool(_CANONICAL.match(token))


_ORDER: Final[dict[str, int]] = {card: i for i, card in enumerate(ALL_CARDS)}


def sort_key(card: str) -> int:
    """Position of a canonical card in the notation order (:func:`sort_cards`); KeyError for a non-card."""
    return _ORDER[card]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in the notation order of every game: by suit ``S H C D``, within a suit by rank ``2 … A``, then
    ``BJ``, ``LJ`` (the order of :data:`ALL_CARDS`). A stable order for answers, records and display.

    This is *not* a game ranking; the ranking depends on the variant, level and trump suit.
    """
    return sorted(cards, key=_ORDER.__getitem__)


def expand(multiset: Counter[str] | dict[str, int]) -> list[str]:
    """A multiset as a sorted list of tokens, one per copy."""
    return sort_cards(card for card, n in multiset.items() for _ in range(n))


def format_cards(cards: Iterable[str] | Counter[str], symbols: bool = False) -> str:
    """Format cards as space-separated tokens.

    Args:
        cards: a sequence of canonical tokens (kept in order) or a multiset (sorted).
        symbols: write suits as ♠♥♣♦ (display) instead of letters (notation).
    """
    seq = expand(cards) if isinstance(cards, Counter) else list(cards)
    if not symbols:
        return " ".join(seq)
    return " ".join(c if c in JOKERS else SUIT_SYMBOLS[c[0]] + c[1:] for c in seq)


def build_deck(decks: int = 1, jokers: bool = True) -> list[str]:
    """All cards of ``decks`` standard decks, in notation order (not shuffled).

    Args:
        decks: number of decks, ≥ 1 (攉龙 and 打墩 use 3, 憋蛋 uses 1).
        jokers: include both jokers in each deck (54 cards) or not (52).

    Returns:
        A list of ``decks × 54`` (or ``× 52``) canonical tokens.

    Raises:
        ValueError: ``decks`` is not a positive integer.
    """
    if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
        raise ValueError(f"decks must be a positive integer, got {decks!r}")
    one = [c for c in ALL_CARDS if jokers or c not in JOKERS]
    return [c for c in one for _ in range(decks)]
