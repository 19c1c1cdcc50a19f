"""The size the docs give an example engine ("about 190 lines of plain Python", "约 190 行") is its size: every such
figure in the guides and the example READMEs, in both languages, is within 5% of the lines of the program it is
about (``wc -l``). A README's figure is about the one program of its folder; a guide's, about the example program
its line or the next three name (a code span, a snippet include)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGES = sorted([*(REPO / "docs").rglob("*.md"), *(REPO / "conformance" / "examples").glob("*/README*.md")])
FIGURE = re.compile(r"(?:[Aa]bout (\d[\d,]*) lines|约 ?(\d[\d,]*) ?行)")
PROGRAM = re.compile(r"(?:conformance|docs)/examples/[\w/.-]+\.(?:py|js)")
PROGRAM_SUFFIXES = (".py", ".js")


def program_of(page: Path, lines: list[str], at: int) -> Path:
    """The program a figure on line ``at`` of ``page`` is about (see the module docstring)."""
    if page.parent.parent.name == "examples" and page.parent.parent.parent.name == "conformance":
        [program] = [p for p in page.parent.iterdir() if p.suffix in PROGRAM_SUFFIXES]
        return program
    named = PROGRAM.findall("\n".join(lines[at:at + 4]))
    assert named, f"{page.relative_to(REPO)}:{at + 1}: a size in lines, but no example program named beside it"
    return REPO / named[0]


def figures() -> list[tuple[str, int, Path]]:
    """``(where, figure, program)`` for every size in lines the pages give."""
    found = []
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        for at, line in enumerate(lines):
            for match in FIGURE.finditer(line):
                figure = int((match.group(1) or match.group(2)).replace(",", ""))
                found.append((f"{page.relative_to(REPO)}:{at + 1}", figure, program_of(page, lines, at)))
    return found


def test_every_size_in_lines_the_docs_give_an_example_is_its_size():
    found = figures()
    assert len(found) >= 10, found  # the biedan, node and outsider READMEs in both languages, and the guide's two
    wrong = [(where, figure, len(program.read_text(encoding="utf-8").splitlines()))
             for where, figure, program in found
             if abs(len(program.read_text(encoding="utf-8").splitlines()) - figure) > 0.05 * figure]
    assert wrong == [], wrong
