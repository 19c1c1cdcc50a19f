"""How wide a text is on a terminal, for the console tables that print 中文 (``simulate``, ``conform``): a 汉字 or a
full-width sign takes two columns, as East Asian Width ``W`` and ``F`` say (:func:`unicodedata.east_asian_width`);
every other character one. For ASCII text the width is its length, so English tables are padded as
:meth:`str.ljust` and :meth:`str.rjust` pad them."""

from __future__ import annotations

import unicodedata


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def padded(text: str, width: int, left: bool = True) -> str:
    """``text`` padded with spaces to ``width`` columns: on the right (``left=True``: left-aligned) or on the left;
    unchanged when it is as wide or wider."""
    space = " " * max(0, width - display_width(text))
    return text + space if left else space + text
