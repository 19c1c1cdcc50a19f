"""The project speaks for itself: no file of the repository and no generated page names a document outside it
(planning notes, inventories, issue numbers, the labels of an outside inventory). Where a source allows several
readings, the register of readings (spec/readings.yaml) is what files cite.

CHANGELOG.md is left out: it is the record of changes, whose headings name the tracker entry each change answered.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(
    r"CLIMBING(?:\.md| ?§| [BD]-A)|PLAN(?:\.md| ?§)|DESIGN\.md|SOURCES\.md|GLOSSARY\.md|\bshared/|问题\d|\b(?i:issues?) \d|\bseeds?/|\bseed 00\d|"
    r"\b[BD]-A\d")
"""Names of documents outside the project, and the labels of its inventory (B-A4, D-A5)."""
LEFT_OUT = {"CHANGELOG.md", "tests/test_self_contained.py"}
TEXT_SUFFIXES = {".py", ".md", ".yaml", ".yml", ".json", ".toml", ".txt", ".css", ".js", ".html", ".cfg", ".sh", ""}


def repository_files() -> list[Path]:
    """The files git tracks (or would: untracked but not ignored), text files only."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    return [ROOT / name for name in listed.stdout.splitlines()
            if name not in LEFT_OUT and Path(name).suffix in TEXT_SUFFIXES and (ROOT / name).is_file()]


def hits(text: str) -> list[str]:
    return [f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}" for m in OUTSIDE.finditer(text)]


def test_the_pattern_finds_what_it_is_for():
    for named in ("CLIMBING.md §1.2", "PLAN.md §5", "PLAN §5", "问题13第9项", "issue 13, item 5", "B-A4", "(D-A13)",
                  "CLIMBING D-A5", "shared/GLOSSARY.md", "dadun-guide (seed 004)", "shared/seeds/"):
        assert hits(named), named
    for fine in ("CLIMBING = [v for v in variants]", "reading dadun-wild-alone", "docs/glossary.md", "BD-A", "AB-A1", "--seed 21"):
        assert not hits(fine), fine


def test_no_file_of_the_repository_names_a_document_outside_it():
    found = {}
    for path in repository_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if hits(text):
            found[str(path.relative_to(ROOT))] = hits(text)[:3]
    assert found == {}


def test_no_generated_page_names_a_document_outside_the_project():
    from datong_rules.rulebook.site import load_site

    found = {path: hits(text)[:3] for path, text in load_site().pages.items() if hits(text)}
    assert found == {}
