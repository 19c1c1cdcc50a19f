"""The 中文 implementers' guide quotes the console's 中文 lines for an engine's faults (its table "引擎出了毛病").

Under ``--lang zh`` conform's console says the JSON-lines adapter's problems in 中文 (problem_words); the page
quoted them in English, as only the reports still write them. Each quote here is checked against what the console
says for the adapter's English line, so the page cannot drift from it again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from datong_rules.cli.problem_words import say_zh

PAGE = Path(__file__).resolve().parents[2] / "docs" / "implementers" / "index.md"

QUOTES = [  # (the adapter's line, as the JSON report keeps it; the page's quote, "…" for what it leaves out)
    ("timeout after 5s", "5 秒后超时"),
    ("implementation exited with code 3 before replying", "实现没有回复（退出码 …）"),
    ("not strict JSON (NaN is not a JSON number): {\"a\": NaN}", "不是严格的 JSON（NaN 不是 JSON 的数）"),
    ("protocol error: a second reply to this query, or a line after its reply: {}", "违反协议：这个查询的第二个回复 …"),
    ("operation huolong/classify keeps timing out (3 timeouts in a row, 3 restarts)",
     "操作 huolong/classify 一直超时（…）"),
]


@pytest.mark.parametrize(("english", "quote"), QUOTES)
def test_the_page_quotes_what_the_console_says_under_zh(english, quote):
    text = PAGE.read_text(encoding="utf-8")
    assert f"`{quote}`" in text
    said = say_zh(english)
    pieces = [p.strip() for p in quote.split("…")]
    at = 0
    for piece in pieces:  # the quote's pieces in the console's line, in order
        found = said.find(piece, at)
        assert found >= 0, (said, piece)
        at = found + len(piece)
    assert said.startswith(pieces[0])


def test_the_english_words_are_quoted_only_as_the_reports_keep_them():
    # the table of an engine's faults only (serve's replies, further on, are the protocol's: English)
    text = PAGE.read_text(encoding="utf-8")
    text = text[text.index("引擎出了毛病"):text.index("{#serve}")]
    for english in ("implementation exited with code", "not strict JSON", "protocol error:", "keeps timing out"):
        assert english not in text, english
