"""Scenarios cite their sources by source id and section, never by a line of a copy of the source text (a reader
cannot see those copies, and their lines move): no scenario file of the suite, fixture variants included, holds a
line reference such as ``(l.56)`` or ``l.47-48`` in a source, a reasoning or a comment; and every scenario's source
names a section."""

from __future__ import annotations

import re

import pytest

from datong_rules.conformance.scenarios_io import load_scenarios, scenarios_root

LINE_REFERENCE = re.compile(r"\bl\.\s?\d")
"""A line reference: ``l.`` and a number."""

FILES = sorted(scenarios_root().rglob("*.yaml"))


def test_the_pattern_finds_line_references():
    for cited in ('section: "三.3.2 (l.56)"', "(首发 l.55, a free lead l.57)", "l.47-48", "(l. 33)"):
        assert LINE_REFERENCE.search(cited), cited
    for fine in ('section: "三.3.2"', "1 l.", "level 2", "cell.5", "biedan-guide 三.2"):
        assert not LINE_REFERENCE.search(fine), fine


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(scenarios_root()).as_posix() for p in FILES])
def test_no_scenario_file_cites_a_line(path):
    found = [f"{path.name}:{number}: {line.strip()[:100]}"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if LINE_REFERENCE.search(line)]
    assert not found, "cite the section, not a line:\n" + "\n".join(found)


def test_every_source_names_a_section():
    for scenario in load_scenarios():
        source = scenario.source if isinstance(scenario.source, dict) else {}
        if source.get("id"):
            assert source.get("section") or source.get("file"), scenario.id
            assert not LINE_REFERENCE.search(str(source.get("section", ""))), scenario.id
