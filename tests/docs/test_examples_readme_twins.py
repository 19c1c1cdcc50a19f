"""The READMEs of the example engines (conformance/examples/*/README.md) exist in both languages: each has a 中文
twin README.zh.md beside it, the two link each other at the top, the 中文 one shows no English sentence (the rule
the guides' 中文 pages follow), and both say the same things: the same code blocks, every code span of the English
one in the 中文 one, and the same numbers in their text (counts of scenarios, lines, questions)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_docs_language import ENGLISH_SENTENCE, visible_text

EXAMPLES = Path(__file__).resolve().parents[2] / "conformance" / "examples"
READMES = sorted(EXAMPLES.glob("*/README.md"))
BLOCK = re.compile(r"```.*?```", re.S)
SPAN = re.compile(r"`([^`\n]+)`")
NUMBER = re.compile(r"(?<![\w.,])\d+(?:,\d{3})*(?:\.\d+)*")


def prose(markdown: str) -> str:
    """``markdown`` without its code blocks, code spans and link targets."""
    return re.sub(r"\]\([^)]*\)", "]", SPAN.sub(" ", BLOCK.sub(" ", markdown)))


def test_every_example_has_a_readme():
    assert {p.parent.name for p in READMES} >= {"biedan", "node", "openspiel_doudizhu", "outsider_biedan",
                                                "outsider_dadun", "rlcard_doudizhu"}


@pytest.mark.parametrize("en", READMES, ids=lambda p: p.parent.name)
def test_the_readme_has_a_chinese_twin_saying_the_same(en):
    zh = en.with_name("README.zh.md")
    assert zh.is_file(), f"{en.relative_to(EXAMPLES)} has no 中文 twin README.zh.md"
    en_text, zh_text = en.read_text(encoding="utf-8"), zh.read_text(encoding="utf-8")
    assert "](README.zh.md)" in "".join(en_text.splitlines(keepends=True)[:4])
    assert "](README.md)" in "".join(zh_text.splitlines(keepends=True)[:4])
    assert ENGLISH_SENTENCE.findall(visible_text(zh_text, "zh")) == []
    assert BLOCK.findall(zh_text) == BLOCK.findall(en_text)
    spans = lambda text: set(SPAN.findall(BLOCK.sub(" ", text)))  # noqa: E731
    assert spans(en_text) - spans(zh_text) == set()
    assert set(NUMBER.findall(prose(zh_text))) == set(NUMBER.findall(prose(en_text)))
