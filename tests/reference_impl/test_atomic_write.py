"""Reports and records are written whole or not at all: no half file after an interrupt, no mix of two writers."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from datong_rules.reference_impl import user_files
from datong_rules.reference_impl.user_files import write_atomically


def test_the_file_is_replaced_whole_and_no_temporary_file_stays(tmp_path):
    path = tmp_path / "r.json"
    path.write_text("old", encoding="utf-8")
    write_atomically(path, "新 report\n")
    assert path.read_text(encoding="utf-8") == "新 report\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


@pytest.mark.parametrize("stop", [KeyboardInterrupt, OSError])
def test_an_interrupt_or_an_error_before_the_rename_leaves_the_old_file(tmp_path, monkeypatch, stop):
    path = tmp_path / "r.json"
    path.write_text("old", encoding="utf-8")

    def interrupted(*args):
        raise stop()

    monkeypatch.setattr(user_files.os, "replace", interrupted)
    with pytest.raises(stop):
        write_atomically(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_a_symbolic_link_is_followed(tmp_path):
    target = tmp_path / "real.json"
    target.write_text("old", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(target)
    write_atomically(tmp_path / "link.json", "new")
    assert (tmp_path / "link.json").is_symlink() and target.read_text(encoding="utf-8") == "new"


def test_two_writers_of_one_path_never_leave_a_mixed_file(tmp_path):
    """Two processes write 40 times each a 2 MB report of their own letter to the same path at once; whatever the
    interleaving, the file read at any moment is one writer's whole report."""
    path = tmp_path / "r.json"
    writer = textwrap.dedent(f"""
        import sys
        from datong_rules.reference_impl.user_files import write_atomically
        for _ in range(40):
            write_atomically({str(path)!r}, sys.argv[1] * 2_000_000)
    """)
    procs = [subprocess.Popen([sys.executable, "-c", writer, letter]) for letter in "ab"]
    seen = set()
    while any(p.poll() is None for p in procs):
        if path.exists():
            text = path.read_text(encoding="utf-8")
            assert text in ("a" * 2_000_000, "b" * 2_000_000), (len(text), set(text))
            seen.add(text[0])
    assert [p.wait() for p in procs] == [0, 0]
    assert path.read_text(encoding="utf-8") in ("a" * 2_000_000, "b" * 2_000_000)
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]
    assert seen


def test_a_report_and_a_record_are_written_that_way(tmp_path, monkeypatch):
    from datong_rules.conformance.reports.common import write_text
    from datong_rules.reference_impl import records

    used = []
    monkeypatch.setattr("datong_rules.conformance.reports.common.write_atomically",
                        lambda path, text: used.append(Path(path).name))
    monkeypatch.setattr(records, "write_atomically", lambda path, text: used.append(Path(path).name))
    write_text(tmp_path / "r.json", "{}")
    records.dump({"record": "hand"}, tmp_path / "hand.json")
    assert used == ["r.json", "hand.json"]
    assert os.listdir(tmp_path) == []
