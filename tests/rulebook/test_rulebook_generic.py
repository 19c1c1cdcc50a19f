"""The generic rulebook (datong_rules/rulebook/) names no game: what a game tells, its facet gives as stories
(datong_rules/rulebook/story.py lays them out)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import datong_rules.rulebook as rulebook
from datong_rules.reference_impl import games
from datong_rules.rulebook.story import block_html, story_html, team_name, text

FOLDER = Path(rulebook.__file__).parent


def _named(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, word) of every identifier and string of the code (docstrings and comments left out)."""
    texts = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in texts:
            out.append((node.lineno, node.value))
        for attr in ("name", "id", "attr", "arg"):
            if isinstance(getattr(node, attr, None), str):
                out.append((getattr(node, "lineno", 0), getattr(node, attr)))
    return out


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.py")), ids=lambda p: p.name)
def test_the_generic_rulebook_names_no_game(path):
    words = {g.id for g in games.BUILTIN} | {g.name[lang] for g in games.BUILTIN for lang in ("zh", "en")}
    found = [(line, s) for line, s in _named(ast.parse(path.read_text(encoding="utf-8")))
             if any(w in s or w.lower() in s.lower() for w in words)]
    assert not found, f"{path.name} names a game: {found[:5]}"


def test_the_check_finds_a_game_name():
    tree = ast.parse('"""docstring biedan"""\nx = {"intro_biedan": 1}\ndef _dadun_setup(): pass\n')
    names = {w for _, w in _named(tree)}
    assert {"intro_biedan", "_dadun_setup"} <= names and "docstring biedan" not in names


def _imports(path: Path) -> set[str]:
    """The rulebook modules ``path`` imports at its top level or in a function (``from .x import …``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.module.split(".")[0] for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module}


def test_the_rulebook_modules_import_no_circle():
    graph = {p.stem: _imports(p) for p in FOLDER.glob("*.py")}

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    assert [m for m in graph if m in reach(m)] == []


SEAT = {"zh": "{who}先出。", "en": "{Who} leads.", "with": {"who": {"seat": 1}}}


def test_story_texts():
    assert text(SEAT, "zh") == "乙先出。" and text(SEAT, "en") == "Player B leads."
    assert text([SEAT, {"zh": "好。", "en": "Good."}], "en") == "Player B leads. Good."
    assert text({"zh": "{who}", "en": "{who}", "with": {"who": {"seat": 0}}}, "en") == "player A"
    assert text([SEAT, {"zh": "好。", "en": "good."}], "zh") == "乙先出。好。"
    assert text({"each": [{"seat": 0}, {"seat": 2}]}, "zh") == "甲，丙"
    assert text({"zh": "{t}赢", "en": "{T} wins", "with": {"t": {"team": [0, 2]}}}, "en") == "Team A–C wins"
    assert text({"each": ["1", "2"], "join": "list"}, "zh") == "1、2"
    assert text({"suit": "H"}, "en") == "♥ hearts"
    assert team_name([1, 3], "zh") == "乙丁队"
    assert text({"zh": "共{n}轮", "en": "{n} rounds"}, "en", n=3) == "3 rounds"
    assert text(14, "zh") == "14"
    with pytest.raises(KeyError):
        text({"zh": "{missing}", "en": "{missing}"}, "zh")


def test_story_blocks():
    html = story_html([{"heading": {"zh": "换牌", "en": "The exchange"}},
                       {"text": SEAT, "cards": ["SA"]},
                       {"rows": [{"label": {"zh": "牌", "en": "Cards"}, "cards": ["H3"]},
                                 {"label": {"zh": "分", "en": "Points"}, "text": 5}]},
                       {"steps": [{"text": SEAT, "cards": ["BJ"]}]}], "en", "kv x")
    assert html[0] == "<h3>The exchange</h3>"
    assert html[1].startswith("<p>Player B leads.</p><p>") and "svg" in html[1]
    assert html[2].startswith('<table class="kv x"><tr><th>Cards</th><td>') and "<th>Points</th><td>5</td>" in html[2]
    assert html[3].startswith('<ol class="flow"><li>Player B leads. ')
    assert block_html({"text": "<b>"}, "zh") == "<p>&lt;b&gt;</p>"
    with pytest.raises(ValueError, match="no known kind"):
        block_html({"picture": 1}, "zh")


def test_story_rows_of_data_values_and_answers():
    from datong_rules.rulebook.story import answer_html

    rows = {"rows": [{"key": "banker", "value": 2}]}
    assert block_html(rows, "en", value=lambda key, v: f"<b>{key}={v}</b>") == \
        '<table class="kv"><tr><th>banker</th><td><b>banker=2</b></td></tr></table>'
    with pytest.raises(ValueError, match="no way to lay it out"):
        block_html(rows, "en")
    two = [{"text": {"zh": "甲。", "en": "A."}}, {"text": {"zh": "乙。", "en": "B."}}]
    assert answer_html(two, "en") == "A.<br>B."
    line = [{"line": {"zh": "底牌", "en": "Bottom"}, "cards": ["SA"]}, {"text": "x"}]
    html = answer_html(line, "zh")
    assert html.startswith('<span class="answer-line">底牌 ') and html.endswith("</span>x")
