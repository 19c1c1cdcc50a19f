"""One direction of imports: import-linter's contracts of pyproject.toml, and no module outside a game's
own folder importing a game package (every game found, not only those the contracts list).

The editable install maps the repository's folders (reference_impl/, conformance/) to ``datong_rules.*``, which
import-linter cannot follow; the tests copy the Python files into the installed layout in a temporary folder and
analyse that copy in a subprocess.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit_code import outsider_engine

REPO = Path(__file__).resolve().parent.parent
_IGNORE = shutil.ignore_patterns("__pycache__", "*.yaml", "*.json", "*.md", "*.js", "*.txt", "scenarios", "examples")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A folder holding ``datong_rules/`` laid out as the wheel installs it (Python files only)."""
    root = tmp_path_factory.mktemp("layout")
    shutil.copytree(REPO / "datong_rules", root / "datong_rules", ignore=_IGNORE)
    shutil.copytree(REPO / "reference_impl", root / "datong_rules" / "reference_impl", ignore=_IGNORE)
    shutil.copytree(REPO / "conformance", root / "datong_rules" / "conformance", ignore=_IGNORE)
    return root


def _run(args: list[str], root: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(args, cwd=root, env=env, capture_output=True, text=True, timeout=300)


def test_import_linter_contracts_are_kept(installed):
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    assert lint, "import-linter is in the test extra: pip install -e '.[test]'"
    done = _run([lint, "--no-cache", str(REPO / "pyproject.toml")], installed)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_no_module_outside_a_game_imports_the_game(installed):
    script = textwrap.dedent("""
        import json, grimp
        graph = grimp.build_graph("datong_rules")
        base = "datong_rules.reference_impl"
        games = sorted(m for m in graph.find_children(base)
                       if graph.find_children(m) and f"{m}.rules" in graph.modules)
        bad = []
        for game in games:
            inside = graph.find_descendants(game) | {game}
            for module in sorted(graph.modules - inside):
                for target in graph.find_modules_directly_imported_by(module):
                    if target == game or target.startswith(game + "."):
                        bad.append(f"{module} imports {target}")
        print(json.dumps({"games": games, "bad": bad}))
    """)
    done = _run([sys.executable, "-c", script], installed)
    assert done.returncode == 0, done.stderr[-3000:]
    import json

    found = json.loads(done.stdout)
    assert "datong_rules.reference_impl.huolong" in found["games"]
    assert found["bad"] == []


SEAT_ARITHMETIC = __import__("re").compile(r"""%\s*[24]\b|range\(\s*4\s*\)|startswith\(\s*["']huolong""")
"""Seat arithmetic and game tests that belong in a game's folder (or in reference_impl/table.py)."""


def test_no_seat_arithmetic_or_game_test_outside_the_games():
    game_dirs = {p.parent for p in (REPO / "reference_impl").glob("*/rules.py")}
    allowed = {REPO / "reference_impl" / "table.py"}
    found = []
    for folder in ("reference_impl", "conformance", "datong_rules"):
        for path in sorted((REPO / folder).rglob("*.py")):
            if path in allowed or any(d in path.parents for d in game_dirs) or outsider_engine(path):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if SEAT_ARITHMETIC.search(code) and not code.lstrip().startswith(('"', "'", "``")):
                    found.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert found == []


def test_no_import_circles(installed):
    """No module imports itself through others (imports inside functions count; ``if TYPE_CHECKING:`` ones do not):
    for every direct import ``a → b``, grimp finds no chain ``b → … → a``. Each circle is listed once."""
    script = textwrap.dedent("""
        import json, grimp
        graph = grimp.build_graph("datong_rules", exclude_type_checking_imports=True)
        circles = {}
        for module in sorted(graph.modules):
            for target in sorted(graph.find_modules_directly_imported_by(module)):
                chain = graph.find_shortest_chain(importer=target, imported=module)
                if chain:
                    circles.setdefault(frozenset(chain), " -> ".join((module, *chain)))
        print(json.dumps(sorted(circles.values())))
    """)
    done = _run([sys.executable, "-c", script], installed)
    assert done.returncode == 0, done.stderr[-3000:]
    import json

    assert json.loads(done.stdout) == []
