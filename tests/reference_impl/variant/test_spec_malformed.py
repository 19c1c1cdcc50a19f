"""The malformed-file corpus: every file gives exactly the problems (line, kind) it declares, and no traceback.

* ``malformed/*.yaml`` are house variants (most extend a bundled variant); each declares what it must produce in
  header lines ``# expect: LINE KIND``; files that cannot carry a header (empty, UTF-16) are listed in
  ``malformed/expectations.txt``.
* ``malformed/trees/<name>/`` are small spec folders (sources.yaml + huolong/*.yaml) for what needs several bundled
  files (extends cycles, ids against paths, duplicate source ids); each file declares its own problems the same way,
  and a file without a header must have none.
* The oversized file is generated here rather than stored.

The corpus runs with each YAML parser (libyaml's and the pure-Python one, fixture ``yaml_parser``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from datong_rules.reference_impl.variant import KINDS, Registry, SpecError, check_file, load_file
from datong_rules.reference_impl.variant.yaml_loader import MAX_BYTES

HERE = Path(__file__).parent / "malformed"
EXPECT = re.compile(rb"^# expect: (\d+) ([a-z_]+)\s*$", re.M)


def _sidecar() -> dict[str, set[tuple[int, str]]]:
    out: dict[str, set[tuple[int, str]]] = {}
    for line in (HERE / "expectations.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, number, kind = line.split()
            out.setdefault(name, set()).add((int(number), kind))
    return out


def expected(path: Path, sidecar: dict | None = None) -> set[tuple[int, str]]:
    """The (line, kind) pairs a corpus file declares."""
    found = {(int(m.group(1)), m.group(2).decode()) for m in EXPECT.finditer(path.read_bytes())}
    return found | (sidecar or {}).get(path.name, set())


CORPUS = sorted(HERE.glob("*.yaml"))


def test_corpus_is_big_enough_and_every_file_declares_its_problems():
    sidecar = _sidecar()
    tree_files = list((HERE / "trees").rglob("*.yaml"))
    assert len(CORPUS) + len(tree_files) >= 30
    for path in CORPUS:
        assert expected(path, sidecar), f"{path.name} declares no expected problem"
        for _, kind in expected(path, sidecar):
            assert kind in KINDS


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_house_file_reports_exactly_its_declared_problems(path, monkeypatch, yaml_parser):
    monkeypatch.chdir(HERE)
    problems = check_file(path.name)
    assert {(p.line, p.kind) for p in problems} == expected(path, _sidecar())
    for problem in problems:
        assert problem.file == path.name
        line = problem.format()
        assert line.startswith(f"{path.name}:{problem.line}:{problem.column}: ")
        assert "\n" not in line and "Traceback" not in line


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_loading_a_malformed_file_raises_one_spec_error_with_all_problems(path, monkeypatch, yaml_parser):
    monkeypatch.chdir(HERE)
    with pytest.raises(SpecError) as info:
        load_file(path.name)
    assert info.value.problems[0] is info.value
    assert {(p.line, p.kind) for p in info.value.problems} == expected(path, _sidecar())


TREES = sorted(p for p in (HERE / "trees").iterdir() if p.is_dir())


@pytest.mark.parametrize("tree", TREES, ids=lambda p: p.name)
def test_spec_tree_reports_each_files_declared_problems(tree, monkeypatch, yaml_parser):
    monkeypatch.chdir(tree)
    problems = Registry(tree).check_all()
    for path in sorted(tree.rglob("*.yaml")):
        rel = str(path.relative_to(tree))
        got = {(p.line, p.kind) for p in problems if p.file == rel}
        assert got == expected(path), rel
    assert {p.file for p in problems} <= {str(p.relative_to(tree)) for p in tree.rglob("*.yaml")}


def test_cycle_message_names_the_chain():
    problems = Registry(HERE / "trees" / "cycle").check_all()
    assert any("huolong/a → huolong/b → huolong/a" in p.message for p in problems)


def test_missing_parent_names_the_chain():
    problems = Registry(HERE / "trees" / "chain-missing").check_all()
    assert [p.context for p in problems] == ["chain: huolong/a → huolong/b → huolong/missing"]


def test_oversized_file_is_refused_before_parsing(tmp_path, yaml_parser):
    path = tmp_path / "huge.yaml"
    line = b"# padding padding padding padding padding padding padding padding padding padding\n"
    path.write_bytes(b"id: huolong/huge\n" + line * (MAX_BYTES // len(line) + 1))
    (problem,) = check_file(path)
    assert (problem.line, problem.kind) == (1, "too_large")


def test_a_file_just_under_the_limit_is_read(tmp_path, yaml_parser):
    path = tmp_path / "big.yaml"
    head = b"id: huolong/corpus-big\nextends: huolong/li-zhijiang\nname: {zh: a, en: b}\nsummary: {zh: a, en: b}\n"
    line = b"# padding padding padding padding padding padding padding padding padding padding\n"
    path.write_bytes(head + line * ((MAX_BYTES - len(head)) // len(line)))
    assert path.stat().st_size <= MAX_BYTES
    assert check_file(path) == []


def test_alias_bomb_is_refused_fast(yaml_parser):
    import time

    start = time.perf_counter()
    problems = check_file(HERE / "alias-bomb.yaml")
    assert problems[0].kind == "anchor_alias"
    assert time.perf_counter() - start < 1.0


def test_missing_file_is_one_problem(tmp_path):
    (problem,) = check_file(tmp_path / "nope.yaml")
    assert (problem.line, problem.kind) == (1, "unreadable")


def test_a_file_read_from_another_working_directory_is_named_from_the_current_one(monkeypatch):
    """The registry keeps files it has read; a problem's file name follows the working directory of the call, not
    of the first read (the suite read a malformed file from its parent folder first and then got that name)."""
    path = sorted(p for p in CORPUS if p.name == "null-name.yaml")[0]
    monkeypatch.chdir(HERE.parent)
    assert {p.file for p in check_file(f"{HERE.name}/{path.name}")} == {f"{HERE.name}/{path.name}"}
    monkeypatch.chdir(HERE)
    assert {p.file for p in check_file(path.name)} == {path.name}

